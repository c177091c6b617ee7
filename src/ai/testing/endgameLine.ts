/**
 * Checks an endgame solver's line for tests (solver.test.ts, parallel.test.ts): replayed with
 * the engine's placement rules and the word list, it must add up to the solver's value.
 */
import { expect } from 'vitest';
import { SIZE } from '../../engine/board.js';
import type { Placed } from '../../engine/move.js';
import { evaluatePlacement } from '../../engine/placement.js';
import type { Rules } from '../../engine/rules.js';
import { BLANK_FLAG, EMPTY, SPANISH, rackValue } from '../../engine/tiles.js';
import type { EndgameResult } from '../endgame/solver.js';
import { type WordIndex, key } from './bruteforce.js';

/**
 * Replays the solver's line with the engine's placement rules and the word list: every move
 * legal, every score right, and the points plus the end adjustment add up to the value.
 */
export function replayLine(
  words: WordIndex,
  board0: Uint8Array,
  racks0: [Uint8Array, Uint8Array],
  rules: Rules,
  res: EndgameResult,
  passes0 = 0,
  scoreless0 = 0,
): number {
  const board = board0.slice();
  const racks = [racks0[0].slice(), racks0[1].slice()];
  const spread = [0, 0];
  let passes = passes0;
  let scoreless = scoreless0;
  let ended = false;
  for (const step of res.line) {
    expect(ended).toBe(false);
    const p = step.player;
    if (step.move.kind === 'pass') {
      passes++;
      scoreless++;
      continue;
    }
    expect(step.move.kind).toBe('place');
    if (step.move.kind !== 'place') break;
    const m = step.move;
    const placed: Placed[] = [];
    m.tiles.forEach((t, k) => {
      if (t === EMPTY) return;
      placed.push({ square: m.row * SIZE + m.col + k * (m.dir === 'H' ? 1 : SIZE), tile: t });
    });
    const evaluated = evaluatePlacement(board, placed, SPANISH);
    if (!evaluated.ok) throw new Error(evaluated.error.code);
    const r = evaluated.value;
    for (const w of r.words) expect(words.has(key(w.tiles))).toBe(true);
    expect(r.score).toBe(step.score);
    spread[p]! += r.score;
    for (const x of placed) {
      board[x.square] = x.tile;
      racks[p]![(x.tile & BLANK_FLAG) !== 0 ? 0 : x.tile]!--;
    }
    passes = 0;
    scoreless = r.score === 0 ? scoreless + 1 : 0;
    if (racks[p]!.every((c) => c === 0)) {
      spread[p]! += 2 * rackValue(SPANISH, racks[p ^ 1]!);
      ended = true;
    }
  }
  if (!ended) {
    // The line ends by passes (E-02, V-03) or scoreless turns (E-03): each subtracts their rack.
    const passLimit = Math.min(
      2 * (rules.passesToEnd ?? Infinity),
      rules.blockedTurnsToEnd ?? Infinity,
    );
    expect(passes >= passLimit || scoreless >= (rules.scorelessTurnsToEnd ?? Infinity)).toBe(true);
    spread[0]! -= rackValue(SPANISH, racks[0]!);
    spread[1]! -= rackValue(SPANISH, racks[1]!);
  }
  return spread[0]! - spread[1]!;
}
