import { describe, expect, it } from 'vitest';
import { SPANISH } from '../engine/tiles.js';
import { buildKwg } from './build.js';
import { FORMAT_VERSION, HEADER_BYTES, decodeKwg, encodeKwg } from './file.js';
import type { Kwg } from './kwg.js';
import { tiles } from './testing/graph.js';

const kwg = buildKwg(
  ['CALLE', 'CASA', 'CASAS', 'COCHE'].map((w) => tiles(w)),
  SPANISH,
);
const bytes = encodeKwg(kwg);

function decoded(b: Uint8Array): Kwg {
  const r = decodeKwg(b);
  if (!r.ok) throw new Error(r.error.code);
  return r.value;
}

describe('lexicon file', () => {
  it('round-trips nodes, word count and tile set id', () => {
    const back = decoded(bytes);
    expect(Array.from(back.nodes)).toEqual(Array.from(kwg.nodes));
    expect(back.wordCount).toBe(4);
    expect(back.tileSetId).toBe('spanish');
    expect(bytes.length).toBe(HEADER_BYTES + kwg.nodes.length * 4);
  });

  it('reads an unaligned copy of the bytes too', () => {
    const shifted = new Uint8Array(bytes.length + 1);
    shifted.set(bytes, 1);
    expect(Array.from(decoded(shifted.subarray(1)).nodes)).toEqual(Array.from(kwg.nodes));
  });

  it('refuses an empty file', () => {
    expect(decodeKwg(new Uint8Array(0))).toEqual({ ok: false, error: { code: 'EMPTY_FILE' } });
  });

  it('refuses a file with the wrong magic (a word list, a binary)', () => {
    expect(decodeKwg(new TextEncoder().encode('CASA\nCALLE\n'))).toEqual({
      ok: false,
      error: { code: 'BAD_MAGIC' },
    });
    const b = bytes.slice();
    b[0] = 0x7f;
    expect(decodeKwg(b)).toEqual({ ok: false, error: { code: 'BAD_MAGIC' } });
  });

  it('refuses another format version', () => {
    const b = bytes.slice();
    new DataView(b.buffer).setUint32(8, FORMAT_VERSION + 1, true);
    expect(decodeKwg(b)).toEqual({
      ok: false,
      error: { code: 'BAD_VERSION', version: FORMAT_VERSION + 1, expected: FORMAT_VERSION },
    });
  });

  it('refuses an unknown tile set', () => {
    const b = encodeKwg({ ...kwg, tileSetId: 'klingon' });
    expect(decodeKwg(b)).toEqual({
      ok: false,
      error: { code: 'UNKNOWN_TILE_SET', tileSetId: 'klingon' },
    });
  });

  it('the checksum covers the header: a relabelled set, a damaged count or reserved word', () => {
    const relabelled = bytes.slice();
    relabelled.fill(0, 12, 24);
    relabelled.set(new TextEncoder().encode('english'), 12);
    expect(decodeKwg(relabelled)).toEqual({ ok: false, error: { code: 'BAD_CHECKSUM' } });
    for (const at of [24, 27, 36, 39]) {
      const b = bytes.slice();
      b[at]! ^= 0xff;
      expect(decodeKwg(b), `byte ${at}`).toEqual({ ok: false, error: { code: 'BAD_CHECKSUM' } });
    }
  });

  it('refuses a truncated file (inside the header and inside the nodes)', () => {
    expect(decodeKwg(bytes.subarray(0, 20))).toMatchObject({ error: { code: 'TRUNCATED' } });
    expect(decodeKwg(bytes.subarray(0, bytes.length - 4))).toMatchObject({
      error: { code: 'TRUNCATED', actual: bytes.length - 4 },
    });
    const longer = new Uint8Array(bytes.length + 4);
    longer.set(bytes);
    expect(decodeKwg(longer)).toMatchObject({ error: { code: 'TRUNCATED' } });
  });

  it('refuses any flipped bit in the nodes (checksum)', () => {
    for (const at of [HEADER_BYTES, HEADER_BYTES + 7, bytes.length - 1]) {
      const b = bytes.slice();
      b[at]! ^= 0x10;
      expect(decodeKwg(b)).toEqual({ ok: false, error: { code: 'BAD_CHECKSUM' } });
    }
  });

  it('refuses nodes pointing outside the graph even with a matching checksum', () => {
    const nodes = kwg.nodes.slice();
    nodes[2] = (nodes[2]! & ~0x3fffff) | 0x3ffff0;
    const b = encodeKwg({ ...kwg, nodes });
    expect(decodeKwg(b)).toEqual({ ok: false, error: { code: 'CORRUPT_NODES' } });
  });
});
