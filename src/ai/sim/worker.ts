/**
 * A simulation worker thread (run by piscina from parallel.ts): it opens the lexicon once, then
 * plays iterations `from` … `to − 1` of a simulation and returns the candidates' tallies.
 */
import { makeRules, type Rules } from '../../engine/rules.js';
import { tileSetById } from '../../engine/tiles.js';
import { openLexicon } from '../../lexicon/index.js';
import { defaultLeaves } from '../leaves.js';
import { NO_LEAVES } from '../leave.js';
import { type FlatCandidate, type SimPosition, type SimTally, Simulator, newTally } from './sim.js';

/** One slice of iterations. */
export interface SimTask {
  readonly lexicon: string | undefined;
  readonly rules: Rules;
  readonly pos: SimPosition;
  readonly cands: readonly FlatCandidate[];
  readonly alive: readonly boolean[];
  readonly from: number;
  readonly to: number;
  readonly seed: number;
  readonly plies: number;
  /** A `Date.now()` time past which the slice stops (its first iteration always runs whole). */
  readonly deadline?: number;
}

/** A slice's tallies, one per candidate, and how many of its iterations ran. */
export interface SimSlice {
  readonly tallies: SimTally[];
  readonly ran: number;
}

const sims = new Map<string, Simulator>();

/** Runs a task: the tallies of its iterations, one per candidate. */
export default function runTask(task: SimTask): SimSlice {
  const key = `${task.lexicon ?? ''}\u0000${JSON.stringify(task.rules)}`;
  let sim = sims.get(key);
  if (!sim) {
    const lex = openLexicon(task.lexicon);
    if (!lex.ok) throw new Error(JSON.stringify(lex.error));
    const set = tileSetById(task.rules.tileSet)!;
    const leaves = set.id === 'spanish' ? defaultLeaves() : NO_LEAVES;
    sim = new Simulator(lex.value.nodes, set, makeRules(task.rules.preset, task.rules), leaves);
    sims.set(key, sim);
  }
  const tallies = task.cands.map(newTally);
  sim.prepare(task.pos);
  const { pos, cands, alive, from, to, seed, plies } = task;
  const ran = sim.run(pos, cands, alive, from, to, seed, plies, tallies, task.deadline);
  return { tallies, ran };
}
