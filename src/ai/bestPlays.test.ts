/** What `positionRack` reads off a CGP position: the rack, the bag and the unseen tiles. */
import { describe, expect, it } from 'vitest';
import { parseCgp } from '../engine/notation/cgp.js';
import { SPANISH, fullDistribution, rackValue, wordToTiles } from '../engine/tiles.js';
import { positionRack } from './bestPlays.js';

const EMPTY_ROWS = Array(14).fill('15').join('/');

function position(firstRow: string, racks: string) {
  const p = parseCgp(`${firstRow}/${EMPTY_ROWS} ${racks} 0/0 0`);
  if (!p.ok) throw new Error(JSON.stringify(p.error));
  return positionRack(SPANISH, p.value);
}

function code(letter: string): number {
  const t = wordToTiles(SPANISH, letter);
  if (!t.ok) throw new Error(letter);
  return t.value[0]!;
}

describe('positionRack', () => {
  it('the unseen tiles are the set less the board (a blank as a blank) and the rack; the bag less the other rack too', () => {
    // CAsA on the board (s a blank), QU on the rack, 7 unwritten tiles for the opponent.
    const r = position('CAsA11', 'QU/');
    const full = fullDistribution(SPANISH);
    expect(r.unseen[code('A')]).toBe(full[code('A')]! - 2);
    expect(r.unseen[code('C')]).toBe(full[code('C')]! - 1);
    expect(r.unseen[0]).toBe(full[0]! - 1);
    expect(r.unseen[code('Q')]).toBe(0);
    expect(r.unseen[code('U')]).toBe(full[code('U')]! - 1);
    expect(r.unseen[code('S')]).toBe(full[code('S')]!);
    // C 3, A 1, A 1 and the blank on the board, Q 5 and U 1 on the rack.
    expect(r.unseenValue).toBe(rackValue(SPANISH, full) - 5 - 6);
    // 100 − 4 on the board − 2 on the rack − 7 on the other rack.
    expect(r.bagCount).toBe(87);
  });
});
