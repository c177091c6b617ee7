/**
 * The endgame's move cache: a stored list comes back exactly as generated, and a list the ring
 * has since overwritten, or another position's list in the same slot, is never handed back.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { boardWith } from '../../engine/testing/positions.js';
import { SPANISH, parseNotation, rackFromTiles } from '../../engine/tiles.js';
import { loadDefaultLexicon } from '../../lexicon/index.js';
import { MoveGenerator } from '../movegen.js';
import { MoveList } from '../movelist.js';
import { MoveCache } from './moveCache.js';

let moves: MoveList;
beforeAll(() => {
  const lex = loadDefaultLexicon();
  if (!lex.ok) throw new Error(JSON.stringify(lex.error));
  const gen = new MoveGenerator(lex.value.nodes, SPANISH);
  gen.setBoard(boardWith([['8D', 'CASA']]));
  const tiles = parseNotation(SPANISH, 'ERTOS', { allowUndesignatedBlank: true });
  if (!tiles.ok) throw new Error('rack');
  moves = gen.generate(
    { rack: rackFromTiles(SPANISH, tiles.value), placementsOnly: true },
    new MoveList(),
  );
});

function same(a: MoveList, b: MoveList): void {
  expect(b.count).toBe(a.count);
  for (let i = 0; i < a.count; i++) {
    expect(b.toMove(i)).toEqual(a.toMove(i));
    expect(b.score[i]).toBe(a.score[i]);
    expect(b.played[i]).toBe(a.played[i]);
  }
}

describe('move cache', () => {
  it('hands a stored list back move for move, into a list too small to hold it at first', () => {
    expect(moves.count).toBeGreaterThan(64);
    const cache = new MoveCache();
    cache.store(11, 22, moves);
    const out = new MoveList();
    expect(cache.load(11, 22, out)).toBe(true);
    same(moves, out);
  });

  it('does not hand back a list for another key, nor after clear', () => {
    const cache = new MoveCache();
    cache.store(11, 22, moves);
    expect(cache.load(11, 23, new MoveList())).toBe(false);
    cache.clear();
    expect(cache.load(11, 22, new MoveList())).toBe(false);
  });

  it('forgets a list once the ring has gone round over it, and keeps the newer ones', () => {
    // A ring of four lists' worth: the fifth list written overwrites the first.
    const cache = new MoveCache(moves.count * 4);
    for (let k = 0; k < 5; k++) cache.store(k + 1, 100 + k, moves);
    expect(cache.load(1, 100, new MoveList())).toBe(false);
    const out = new MoveList();
    expect(cache.load(5, 104, out)).toBe(true);
    same(moves, out);
  });
});
