/** The sibling tile masks the move generator jumps through, against a plain list scan. */
import { describe, expect, it } from 'vitest';
import { SPANISH, wordToTiles } from '../engine/tiles.js';
import { buildKwg } from './build.js';
import {
  ARC_INDEX_MASK,
  IS_END_BIT,
  TILE_SHIFT,
  popcount32,
  seek,
  siblingTileMasks,
} from './kwg.js';

describe('siblingTileMasks', () => {
  const words = ['CASA', 'CASAS', 'CAMA', 'CHAL', 'LLAMA', 'CARRO', 'ÑU', 'AÑO', 'ZAS', 'ASA'];
  const kwg = buildKwg(
    words.map((w) => {
      const tResult = wordToTiles(SPANISH, w);
      if (!tResult.ok) throw new Error(w);
      const t = tResult.value;
      return t;
    }),
    SPANISH,
  );
  const nodes = kwg.nodes;
  const masks = siblingTileMasks(nodes);

  it('holds, for every node, exactly the tiles of it and its later siblings', () => {
    for (let i = 2; i < nodes.length; i++) {
      let want = 0;
      for (let k = i; ; k++) {
        want |= 1 << (nodes[k]! >>> TILE_SHIFT);
        if ((nodes[k]! & IS_END_BIT) !== 0) break;
      }
      expect(masks[i], `node ${i}`).toBe(want | 0);
    }
  });

  it('finds every arc by population count, as a scan of the list does (with the separator)', () => {
    let checked = 0;
    for (let i = 0; i < nodes.length; i++) {
      const list = nodes[i]! & ARC_INDEX_MASK;
      if (list === 0) continue;
      for (let t = 0; t <= SPANISH.letters.length; t++) {
        const has = ((masks[list]! >>> t) & 1) !== 0;
        const jump = has ? list + popcount32(masks[list]! & ((1 << t) - 1)) : -1;
        expect(jump).toBe(seek(nodes, list, t));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(500);
  });

  it('popcount32 counts the bits of any 32-bit integer', () => {
    for (const [x, n] of [
      [0, 0],
      [1, 1],
      [0xff, 8],
      [0x80000000 | 0, 1],
      [-1, 32],
      [0x12345678, 13],
    ] as const)
      expect(popcount32(x)).toBe(n);
  });
});
