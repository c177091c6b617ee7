/**
 * `atril best --sim`: the position's candidates ranked by simulation (src/ai/sim) over worker
 * threads, with each one's estimated win probability and mean spread, and the one `campeon`
 * would play (`simChoice`: the static favourite unless another beats it clearly).
 */
import type { Rules } from '../engine/rules.js';
import type { TileSet } from '../engine/tiles.js';
import type { LeaveModel } from '../ai/leave.js';
import { mainWord } from '../ai/bestPlays.js';
import { describeMove } from '../ai/reviewJson.js';
import { simulateParallel } from '../ai/sim/parallel.js';
import { type SimPosition, type SimResult, Simulator, simChoice } from '../ai/sim/sim.js';
import { tilesToGcg } from '../engine/tiles.js';
import { counted, decimal, signed } from './numbers.js';
import { LongTask, progressBar } from './status.js';

/** What `--ultima` told: the opponent's last placement and the leaves inferred from it. */
export interface BestSimInference {
  /** As the player wrote it ("8H CA.A"). */
  readonly play: string;
  readonly score: number;
  /** For an exchange, how many tiles went back. */
  readonly exchanged?: number;
  /** Racks sampled. */
  readonly samples: number;
  /** One entry per kept sample (`LeaveInference`); [] when nothing could be said. */
  readonly kept: readonly (readonly number[])[];
}

/** How often each kept leave came up, most often first (ties by their letters). */
function leaveShares(
  set: TileSet,
  kept: readonly (readonly number[])[],
): { leave: string; share: number }[] {
  const counts = new Map<string, number>();
  for (const l of kept) {
    const word = tilesToGcg(set, l, '?');
    counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([leave, n]) => ({ leave, share: Math.round((n / kept.length) * 10000) / 10000 }));
}

/** What `best --sim` needs from `best`'s parsing. */
export interface BestSimRequest {
  readonly set: TileSet;
  readonly rules: Rules;
  readonly nodes: Uint32Array;
  readonly lexicon: string | undefined;
  readonly leaves: LeaveModel;
  readonly pos: SimPosition;
  readonly top: number;
  readonly seconds: number;
  readonly iterations: number;
  readonly threads: number | undefined;
  readonly seed: number;
  readonly json: boolean;
  readonly inference?: BestSimInference;
}

/** Simulates and prints; returns the exit code. */
export async function runBestSim(req: BestSimRequest): Promise<number> {
  const sim = new Simulator(req.nodes, req.set, req.rules, req.leaves);
  // On a terminal: a bar of the iterations on stderr, and Ctrl+C ranks what is done so far.
  const stop = new AbortController();
  const t0 = Date.now();
  let shown: [number, number] = [0, req.iterations];
  const limit = Number.isInteger(req.seconds) ? String(req.seconds) : decimal(req.seconds);
  const task = new LongTask(
    (tail) => {
      const [done, max] = shown;
      const secs = Math.floor((Date.now() - t0) / 1000);
      return `Simulando ${progressBar(done, max)} ${done}/${max} iteraciones · ${secs} s de ${limit} · ${tail}`;
    },
    () => stop.abort(),
  );
  let res: SimResult;
  try {
    res = await simulateParallel(sim, req.rules, req.lexicon, req.pos, {
      candidates: req.top,
      iterations: req.iterations,
      timeMs: req.seconds * 1000,
      threads: req.threads,
      seed: req.seed,
      alone: true,
      signal: stop.signal,
      onProgress: (done, max) => {
        shown = [done, max];
        task.update();
      },
    });
  } finally {
    task.end();
  }
  const entries = res.candidates.map((c) => ({
    ...describeMove(req.set, c.move),
    ...(c.move.kind === 'place' && { main: mainWord(req.set, req.pos.board, c.move) }),
    kind: c.move.kind,
    score: c.score,
    equity: Math.round(c.equity * 100) / 100,
    winProb: Math.round(c.winProb * 10000) / 10000,
    meanSpread: Math.round(c.meanSpread * 100) / 100,
    stdError: Math.round(c.stdError * 100) / 100,
    iterations: c.iterations,
  }));
  const pick = simChoice(res);
  const chosen = pick ? res.candidates.indexOf(pick) : null;
  if (req.json) {
    process.stdout.write(
      JSON.stringify({
        iterations: res.iterations,
        stoppedEarly: res.stoppedEarly,
        ms: res.ms,
        candidates: entries,
        chosen,
        ...(req.inference && {
          inference: {
            play: req.inference.play,
            score: req.inference.score,
            ...(req.inference.exchanged !== undefined && { exchanged: req.inference.exchanged }),
            samples: req.inference.samples,
            kept: req.inference.kept.length,
            leaves: leaveShares(req.set, req.inference.kept),
          },
        }),
      }) + '\n',
    );
    return 0;
  }
  const n = res.iterations;
  process.stdout.write(
    `Simulación: ${counted(n, 'iteración', 'iteraciones')} en ${decimal(res.ms / 1000)} s` +
      (res.stoppedEarly
        ? ' (la mejor jugada quedó clara antes del límite)'
        : stop.signal.aborted
          ? ' (parada con Ctrl+C)'
          : '') +
      '.\n',
  );
  if (req.inference) process.stdout.write(inferenceText(req.set, req.inference));
  if (entries.length === 0) process.stdout.write('No hay ninguna jugada posible.\n');
  entries.forEach((e, k) => {
    const what =
      e.kind === 'place'
        ? `${e.coord} ${e.word} (${e.main}), ${counted(e.score, 'punto')}`
        : e.kind === 'exchange'
          ? `cambiar ${e.word.slice(1)}`
          : 'pasar';
    const pct = decimal(e.winProb * 100);
    // The spread the simulated turns add to today's, not the game's spread after them.
    const spread = signed(e.meanSpread, 1);
    process.stdout.write(
      `${String(k + 1).padStart(3)}. ${what}; gana el ${pct} %, diferencia media desde ahora ${spread}` +
        ` (${counted(e.iterations, 'iteración', 'iteraciones')})\n`,
    );
  });
  if (pick && chosen !== null) {
    const why =
      pick.staticRank !== 0
        ? 'gana con claridad a la de más equidad en las mismas extracciones'
        : chosen === 0
          ? 'también la de más equidad'
          : 'la de más equidad: ninguna otra la supera con claridad en las mismas extracciones';
    process.stdout.write(`El nivel campeon jugaría la ${chosen + 1}.ª (${why}).\n`);
  }
  return 0;
}

// What --ultima told the simulation, in a sentence or two.
function inferenceText(set: TileSet, inf: BestSimInference): string {
  const play =
    inf.exchanged === undefined
      ? `Última jugada del rival: ${inf.play}, ${counted(inf.score, 'punto')}`
      : `Última jugada del rival: cambió ${counted(inf.exchanged, 'ficha')}`;
  const why =
    inf.exchanged === undefined
      ? 'puso el atril entero, la bolsa está vacía o muy pocos atriles la hacen una de sus mejores jugadas'
      : 'cambió el atril entero o muy pocos atriles hacen de ese cambio su mejor jugada';
  if (inf.kept.length === 0)
    return `${play}; no dice bastante de lo que guardó (${why}): la simulación le reparte fichas al azar.\n`;
  const often = leaveShares(set, inf.kept)
    .slice(0, 5)
    .map((l) => `${l.leave} (${decimal(l.share * 100)} %)`)
    .join(', ');
  return (
    `${play}. De ${counted(inf.samples, 'atril probado', 'atriles probados')}, ` +
    `${inf.kept.length} la hacen una de sus mejores jugadas; lo que guardó, más a menudo: ` +
    `${often}. La simulación le da uno de esos y completa su atril al azar.\n`
  );
}
