/**
 * A plain exhaustive endgame search for tests: every placement the brute-force generator finds
 * and the pass, plain minimax memoised on the whole state, the end rules written out again from
 * RULES.md. It shares no code with the solver's search (src/ai/endgame).
 */
import type { Placed } from '../../engine/move.js';
import type { Rules } from '../../engine/rules.js';
import { BLANK_FLAG, SPANISH, rackValue } from '../../engine/tiles.js';
import { type WordIndex, bruteForceMoves } from './bruteforce.js';

/**
 * The reference: plain minimax over every move (each placement the brute force finds, and the
 * pass), memoised on the whole state, with the end rules written out again from RULES.md.
 */
export function exhaustive(
  words: WordIndex,
  board0: Uint8Array,
  racks0: [Uint8Array, Uint8Array],
  rules: Rules,
  passes0: number,
  scoreless0: number,
): number {
  const passLimit = Math.min(
    rules.passesToEnd === null ? Infinity : 2 * rules.passesToEnd,
    rules.blockedTurnsToEnd ?? Infinity,
  );
  const zeroLimit = rules.scorelessTurnsToEnd ?? Infinity;
  const memo = new Map<string, number>();
  const value = (
    board: Uint8Array,
    me: Uint8Array,
    other: Uint8Array,
    passes: number,
    scoreless: number,
  ): number => {
    const id = `${board.join(',')}|${me.join(',')}|${other.join(',')}|${passes}|${scoreless}`;
    const known = memo.get(id);
    if (known !== undefined) return known;
    const mine = rackValue(SPANISH, me);
    const theirs = rackValue(SPANISH, other);
    // Pass: E-02 / V-03 / E-03 may end the game, each player then subtracting their own rack.
    let best =
      passes + 1 >= passLimit || scoreless + 1 >= zeroLimit
        ? theirs - mine
        : -value(board, other, me, passes + 1, scoreless + 1);
    for (const [placedKey, score] of bruteForceMoves(board, me, words, SPANISH)) {
      const placed: Placed[] = placedKey.split(' ').map((p) => {
        const [sq, tile] = p.split(':').map(Number);
        return { square: sq!, tile: tile! };
      });
      const next = board.slice();
      const left = me.slice();
      for (const p of placed) {
        next[p.square] = p.tile;
        left[(p.tile & BLANK_FLAG) !== 0 ? 0 : p.tile]!--;
      }
      let v: number;
      if (left.every((c) => c === 0))
        v = score + 2 * theirs; // E-01 and E-05
      else if (score === 0 && scoreless + 1 >= zeroLimit)
        v = theirs - rackValue(SPANISH, left); // E-03
      else v = score - value(next, other, left, 0, score === 0 ? scoreless + 1 : 0);
      if (v > best) best = v;
    }
    memo.set(id, best);
    return best;
  };
  return value(board0, racks0[0], racks0[1], passes0, scoreless0);
}
