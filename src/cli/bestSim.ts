/**
 * `atril best --sim`: the position's candidates ranked by simulation (src/ai/sim) over worker
 * threads, with each one's estimated win probability and mean spread, and the one `campeon`
 * would play (`simChoice`: the static favourite unless another beats it clearly).
 */
import type { Rules } from '../engine/rules.js';
import type { TileSet } from '../engine/tiles.js';
import type { LeaveModel } from '../ai/leave.js';
import { describeMove } from '../ai/reviewJson.js';
import { simulateParallel } from '../ai/sim/parallel.js';
import { type SimPosition, type SimResult, Simulator, simChoice } from '../ai/sim/sim.js';
import { counted, decimal } from './numbers.js';
import { LongTask, progressBar } from './status.js';

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
  if (entries.length === 0) process.stdout.write('No hay ninguna jugada posible.\n');
  entries.forEach((e, k) => {
    const what =
      e.kind === 'place'
        ? `${e.coord} ${e.word}, ${counted(e.score, 'punto')}`
        : e.kind === 'exchange'
          ? `cambiar ${e.word.slice(1)}`
          : 'pasar';
    const pct = decimal(e.winProb * 100);
    const spread = decimal(e.meanSpread);
    process.stdout.write(
      `${String(k + 1).padStart(3)}. ${what}; gana el ${pct} %, diferencia media ${spread}` +
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
