/**
 * Helpers for game tests: a word judge from plain words, and states rigged with chosen racks,
 * bag and board so a test reads like the rule it checks.
 */
import { emptyBoard } from '../board.js';
import { type Action, apply } from '../apply.js';
import type { GameState } from '../gameState.js';
import { newGame } from '../newGame.js';
import type { GameEvent } from '../events.js';
import { type Rules, type WordJudge, makeRules } from '../rules.js';
import { boardWith } from './positions.js';
import { SPANISH, parseNotation, rackFromTiles, wordToTiles } from '../tiles.js';

/** A judge that accepts exactly the given plain words ("casa", "calle" = C·A·LL·E). */
export function wordJudge(words: readonly string[]): WordJudge {
  const set = new Set<string>();
  for (const w of words) {
    const tResult = wordToTiles(SPANISH, w);
    if (!tResult.ok) throw new Error(`bad word ${w}`);
    const t = tResult.value;
    set.add(t.join(','));
  }
  return { isWord: (tiles) => set.has(Array.from(tiles).join(',')) };
}

/** A judge that accepts every word. */
export const ANY_WORD: WordJudge = { isWord: () => true };

function tiles(text: string): number[] {
  const tResult = parseNotation(SPANISH, text, { allowUndesignatedBlank: true });
  if (!tResult.ok) throw new Error(`bad tiles ${text}`);
  const t = tResult.value;
  return t;
}

/** What to rig: racks and bag in GCG tile notation (`?` blank), the bag listed in draw order. */
export interface Rig {
  rules?: Rules;
  players?: number;
  racks: string[];
  /** Tiles left in the bag, the first one drawn first. Default: empty. */
  bag?: string;
  board?: [string, string][];
  turn?: number;
  scores?: number[];
}

/**
 * A state with the given racks, bag, board, scores and turn, on top of a real started game
 * (its events are kept but no longer match: only for rule tests, never for replay).
 */
export function rigged(rig: Rig): GameState {
  const players = rig.players ?? rig.racks.length;
  const base = newGame({ rules: rig.rules ?? makeRules('fise'), seed: 'rig', players });
  return {
    ...base,
    board: rig.board ? boardWith(rig.board) : emptyBoard(),
    bag: Uint8Array.from(tiles(rig.bag ?? '').reverse()),
    racks: rig.racks.map((r) => rackFromTiles(SPANISH, tiles(r))),
    scores: rig.scores ?? new Array<number>(players).fill(0),
    turn: rig.turn ?? 0,
  };
}

/** Applies actions in order, throwing on the first refusal; returns the state and all events. */
export function run(
  state: GameState,
  actions: Action[],
  judge: WordJudge = ANY_WORD,
): { state: GameState; events: GameEvent[] } {
  const events: GameEvent[] = [];
  let s = state;
  for (const a of actions) {
    const r = apply(s, a, judge);
    if (!r.ok) throw new Error(`${a.kind} refused: ${r.error.code}`);
    s = r.value.state;
    events.push(...r.value.events);
  }
  return { state: s, events };
}
