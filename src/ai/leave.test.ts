/** The pass against plays and exchanges: what keeping the whole rack is worth. */
import { describe, expect, it } from 'vitest';
import { makeRules } from '../engine/rules.js';
import { SPANISH, parseNotation, rackFromTiles, wordToTiles } from '../engine/tiles.js';
import { buildKwg } from '../lexicon/index.js';
import { expertBot } from './bots.js';
import { LeaveTable } from './leave.js';
import { defaultLeaves } from './leaves.js';
import { MoveGenerator } from './movegen.js';
import { KIND_EXCHANGE, KIND_PASS, MoveList } from './movelist.js';
import { Rng } from './rng.js';

const rack = (text: string): Uint8Array => {
  const tilesResult = parseNotation(SPANISH, text, { allowUndesignatedBlank: true });
  if (!tilesResult.ok) throw new Error(text);
  const tiles = tilesResult.value;
  return Uint8Array.from(rackFromTiles(SPANISH, tiles));
};
const values = [0, ...SPANISH.letters.map((l) => l.value)];

describe('leave table', () => {
  it('G-04: a pass keeps the whole rack and is worth 0 while the bag holds tiles', () => {
    // The fitted model never saw a full 7-tile rack as a leave; summed per-tile values made a
    // pass with AEINRST worth ≈ 18, above hundreds of real plays.
    const t = new LeaveTable();
    t.fill(rack('AEINRST'), defaultLeaves(), values, { bagCount: 86, unseenValue: 150 });
    expect(t.value[t.full]).toBe(0);
    expect(t.value[t.full - 1]).not.toBe(0); // a real leave keeps its learned value
  });

  it('E-05: with the bag empty, passing costs the rack like any kept tiles', () => {
    const t = new LeaveTable();
    t.fill(rack('AEI'), defaultLeaves(), values, { bagCount: 0, unseenValue: 20 });
    expect(t.value[t.full]).toBe(-10 - 2 * 3);
  });

  it('within: each leave index bounds the best leave among its parts (brute force over parts)', () => {
    const t = new LeaveTable();
    for (const text of ['AEINRST', '??ÑQUEE', 'AAEE[CH]', 'Z']) {
      t.fill(rack(text), defaultLeaves(), values, { bagCount: 60, unseenValue: 0 });
      t.fillWithin();
      // A part of leave i keeps at most i's count of each kind: its index's digits are no larger.
      const digits = (i: number) =>
        t.kinds.map((c) => Math.floor(i / t.radix[c]!) % (t.kindCounts[t.kinds.indexOf(c)]! + 1));
      for (let i = 0; i <= t.full; i++) {
        const di = digits(i);
        let best = -Infinity;
        for (let j = 0; j <= t.full; j++)
          if (digits(j).every((d, k) => d <= di[k]!)) best = Math.max(best, t.value[j]!);
        expect(t.within[i], `${text} leave ${i}`).toBe(best);
      }
    }
  });

  it('a table filled again is the table filled fresh, whatever it held before', () => {
    // A search refills one table rack after rack; a stale entry would price every move wrong.
    const model = defaultLeaves();
    const fresh = (text: string, m = model, bag = 60, unseen = 0) => {
      const t = new LeaveTable();
      t.fill(rack(text), m, values, { bagCount: bag, unseenValue: unseen });
      t.fillWithin();
      return {
        value: [...t.value.subarray(0, t.full + 1)],
        within: [...t.within.subarray(0, t.full + 1)],
      };
    };
    const T = rack('T').indexOf(1);
    const readsT: typeof model = { leaveValue: (c, size) => 10 * c[T]! + size };
    const t = new LeaveTable();
    const steps: [string, typeof model, number, number][] = [
      ['AEINRST', model, 60, 0],
      ['AEINRSS', model, 60, 0], // one tile differs
      ['AEINRSS', model, 0, 20], // the bag ran out
      ['AEINRSS', model, 0, 31], // other unseen tiles
      ['AEINRSS', { leaveValue: (_c, size) => size }, 0, 31], // the bag empty: the model is unread
      ['AEINRSS', { leaveValue: (_c, size) => size }, 60, 0], // another model
      ['AEINRST', model, 60, 0],
      // A model that reads a code's count without the list of codes: the T of the rack before
      // is not counted in a rack without one.
      ['AEINRST', readsT, 60, 0],
      ['AEINRSS', readsT, 60, 0],
    ];
    for (const [text, m, bag, unseen] of steps) {
      t.fill(rack(text), m, values, { bagCount: bag, unseenValue: unseen });
      t.fillWithin();
      const want = fresh(text, m, bag, unseen);
      expect([...t.value.subarray(0, t.full + 1)], `${text} ${bag}`).toEqual(want.value);
      expect([...t.within.subarray(0, t.full + 1)], `${text} ${bag}`).toEqual(want.within);
    }
  });

  it('experto exchanges rather than passes when no word fits and the bag allows it', () => {
    const casaResult = wordToTiles(SPANISH, 'casa');
    if (!casaResult.ok) throw new Error('casa');
    const casa = casaResult.value;
    const gen = new MoveGenerator(buildKwg([casa], SPANISH).nodes, SPANISH);
    gen.setBoard(new Uint8Array(225));
    const list = new MoveList();
    const unseen = rack('AEINRSX');
    const input = { rack: rack('AEINRSX'), bagCount: 86, unseen, rules: makeRules('fise') };
    const i = expertBot().choose(gen, input, list, new Rng(1));
    expect(list.kind[i]).toBe(KIND_EXCHANGE);
    expect(list.kind[i]).not.toBe(KIND_PASS);
  });
});
