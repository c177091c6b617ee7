/**
 * `atril endgame` with one tile in the bag (a pre-endgame, src/ai/endgame/preendgame.ts): the
 * highest-scoring placements, each tried with every tile that may be the one in the bag and the
 * endgame that follows solved, ranked by the mean final spread.
 */
import type { Rules } from '../engine/rules.js';
import { type TileSet, rackCount, tileLabel } from '../engine/tiles.js';
import { PreEndgame, type PreEndgamePosition } from '../ai/endgame/preendgame.js';
import { EndgameRollout } from '../ai/endgame/rollout.js';
import { describeMove } from '../ai/reviewJson.js';
import { EndgameRunner } from './endgameRunner.js';
import { count, counted, decimal, signed } from './numbers.js';
import { LongTask, progressBar } from './status.js';

/** What `atril endgame` passes on once it has read a position with one tile in the bag. */
export interface PreEndgameRequest {
  readonly nodes: Uint32Array;
  readonly set: TileSet;
  readonly rules: Rules;
  readonly lexicon: string | undefined;
  readonly threads: number;
  /** The whole command's budget, shared among the endgames (none: each solved exactly). */
  readonly timeMs: number | undefined;
  /** Candidates, the highest-scoring placements. */
  readonly top: number;
  readonly json: boolean;
  readonly position: PreEndgamePosition;
}

/** Ranks the candidates of a pre-endgame and prints them; returns the exit code. */
export async function runPreEndgame(req: PreEndgameRequest): Promise<number> {
  const { set } = req;
  const plan = new PreEndgame(req.nodes, set, req.rules, req.position, req.top);
  const runner = new EndgameRunner(req.nodes, set, req.lexicon, req.rules, req.threads);
  const rollout = new EndgameRollout(req.nodes, set, req.rules);
  const t0 = Date.now();
  const total = plan.steps.length;
  let done = 0;
  const task = new LongTask(
    (tail) => {
      const secs = Math.floor((Date.now() - t0) / 1000);
      return `Prefinal ${progressBar(done, total)} ${done}/${total} finales · ${secs} s · ${tail}`;
    },
    () => runner.interrupt(),
  );
  try {
    for (; done < total && !runner.interrupted; done++) {
      // The budget left, shared evenly among the endgames left.
      const timeMs =
        req.timeMs === undefined
          ? undefined
          : Math.max(1, (req.timeMs - (Date.now() - t0)) / (total - done));
      plan.record(done, await runner.solve(plan.steps[done]!.position, { timeMs }), rollout);
      task.update();
    }
  } finally {
    task.end();
    await runner.close();
  }
  const ms = Date.now() - t0;
  const ranked = plan.ranking().map((c) => ({
    ...describeMove(set, c.move),
    score: c.score,
    value: Math.round(c.value * 100) / 100,
    exact: c.exact,
  }));
  const stopped = done < total;
  if (req.json) {
    process.stdout.write(
      JSON.stringify({
        preendgame: true,
        candidates: ranked,
        evaluated: ranked.length,
        total: plan.moves.length,
        endgames: done,
        stopped,
        ms,
      }) + '\n',
    );
    return 0;
  }
  const { bag, unseen } = req.position;
  const draws = bag ?? unseen;
  let kinds = 0;
  let only = 0;
  for (let t = 0; t < draws.length; t++)
    if (draws[t]! > 0) {
      kinds++;
      only = t;
    }
  const out: string[] = [
    bag
      ? `Prefinal: queda 1 ficha en la bolsa, la ${tileLabel(set, only)} (se conoce el atril del rival).`
      : `Prefinal: queda 1 ficha en la bolsa, una de las ${count(rackCount(unseen))} que no se ven (${counted(kinds, 'letra distinta', 'letras distintas')}).`,
  ];
  const solved = `${counted(done, 'final', 'finales')} en ${decimal(ms / 1000)} s`;
  if (plan.moves.length === 0)
    out.push(
      req.rules.exchangeMinBag > 1
        ? 'Ninguna jugada cabe en el tablero: solo queda pasar.'
        : 'Ninguna jugada cabe en el tablero: queda pasar o cambiar fichas.',
    );
  else
    out.push(
      bag
        ? `Cada jugada se prueba robando esa ficha y se resuelve el final que sigue (${solved}). Diferencia hasta el final:`
        : `Cada jugada se prueba con cada ficha que puede quedar en la bolsa y se resuelve el final que sigue (${solved}). Diferencia media hasta el final:`,
    );
  if (plan.moves.length > 0 && ranked.length === 0) out.push('Ninguna jugada evaluada.');
  ranked.forEach((c, k) => {
    const mark = c.exact ? '' : ' (estimada: algún final no se resolvió del todo)';
    out.push(
      `${String(k + 1).padStart(3)}. ${c.coord} ${c.word}, ${counted(c.score, 'punto')}: ${signed(c.value, 1)}${mark}`,
    );
  });
  if (stopped)
    out.push(
      `Parado con Ctrl+C: ${ranked.length} de ${counted(plan.moves.length, 'jugada evaluada', 'jugadas evaluadas')}.`,
    );
  process.stdout.write(out.join('\n') + '\n');
  return 0;
}
