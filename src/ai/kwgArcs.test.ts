/**
 * The graph as the walks read it (`listedArcs`): every state of the word graph, reached by
 * `seekArc` from the same root, reads the same tiles, accepts the same words and leads to the
 * same states as the lexicon's own graph.
 */
import { describe, expect, it } from 'vitest';
import { SPANISH, wordToTiles } from '../engine/tiles.js';
import { buildKwg } from '../lexicon/index.js';
import { ACCEPTS_BIT, ARC_INDEX_MASK, IS_END_BIT, TILE_SHIFT, seek } from '../lexicon/kwg.js';
import { DAWG_ROOT, GADDAG_ROOT, listedArcs, seekArc } from './kwgArcs.js';

const WORDS = ['CASA', 'CASAS', 'CHAL', 'LLAVE', 'PERRO', 'PERRA', 'AÑO', 'AÑOS', 'OSA', 'SE'];

function tiles(w: string): number[] {
  const t = wordToTiles(SPANISH, w);
  if (!t.ok) throw new Error(w);
  return t.value;
}

/** The tiles of the list starting at c in the lexicon's graph, in order. */
function listTiles(nodes: Uint32Array, c: number): number[] {
  const out: number[] = [];
  if (c === 0) return out;
  for (let x = c; ; x++) {
    out.push(nodes[x]! >>> TILE_SHIFT);
    if ((nodes[x]! & IS_END_BIT) !== 0) return out;
  }
}

/**
 * Walks both graphs together from arc p (lexicon) and arc q (listed), checking at every state
 * that the listed graph's mask names exactly the tiles of the list, that each is found by
 * `seekArc`, that no other tile is, and that acceptance agrees. Returns the states visited.
 */
function compareFrom(nodes: Uint32Array, kn: Uint32Array, p: number, q: number): number {
  let states = 1;
  expect((kn[q]! & ACCEPTS_BIT) !== 0).toBe((nodes[p]! & ACCEPTS_BIT) !== 0);
  const c = nodes[p]! & ARC_INDEX_MASK;
  const want = listTiles(nodes, c);
  const mask = want.reduce((m, t) => m | (1 << t), 0);
  expect((kn[q]! & ARC_INDEX_MASK) === 0).toBe(c === 0);
  if (c !== 0) expect(kn[kn[q]! & ARC_INDEX_MASK]! | 0).toBe(mask);
  for (let t = 0; t < 32; t++) {
    const q2 = seekArc(kn, q, t);
    if ((mask & (1 << t)) === 0) {
      expect(q2).toBe(-1);
      continue;
    }
    expect(kn[q2]! >>> TILE_SHIFT).toBe(t);
    states += compareFrom(nodes, kn, seek(nodes, c, t), q2);
  }
  return states;
}

describe('listedArcs', () => {
  it('reads the same DAWG and GADDAG as the lexicon graph, state by state', () => {
    const nodes = buildKwg(WORDS.map(tiles), SPANISH).nodes;
    const kn = listedArcs(nodes);
    expect(compareFrom(nodes, kn, DAWG_ROOT, DAWG_ROOT)).toBeGreaterThan(20);
    expect(compareFrom(nodes, kn, GADDAG_ROOT, GADDAG_ROOT)).toBeGreaterThan(100);
    // Each list gains one word (its mask), nothing else.
    let lists = 0;
    for (let i = 2; i < nodes.length; i++) if ((nodes[i]! & IS_END_BIT) !== 0) lists++;
    expect(kn.length).toBe(nodes.length + lists);
  });

  it('an arc into the middle of a list reads only the tail of that list', () => {
    // A graph as a builder that shares list tails would write it: the DAWG root list is
    // {A → [B], B (a word)}, and A's children are that list's tail {B}. Words: B and AB.
    const node = (t: number, arc: number, accepts: boolean, end: boolean): number =>
      ((t << TILE_SHIFT) | arc | (accepts ? ACCEPTS_BIT : 0) | (end ? IS_END_BIT : 0)) >>> 0;
    const nodes = Uint32Array.of(node(0, 2, false, true), node(0, 0, false, true), 0, 0);
    nodes[2] = node(1, 3, false, false);
    nodes[3] = node(2, 0, true, true);
    const kn = listedArcs(nodes);
    const a = seekArc(kn, DAWG_ROOT, 1);
    expect(a).toBeGreaterThan(0);
    expect(seekArc(kn, a, 1)).toBe(-1);
    const ab = seekArc(kn, a, 2);
    expect(kn[ab]! & ACCEPTS_BIT).not.toBe(0);
    expect(kn[seekArc(kn, DAWG_ROOT, 2)]! & ACCEPTS_BIT).not.toBe(0);
    expect(compareFrom(nodes, kn, DAWG_ROOT, DAWG_ROOT)).toBe(4);
  });
});
