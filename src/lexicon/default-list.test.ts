/**
 * The graph built from the full default list holds exactly the normalised list: every word,
 * no other word, and every word through every GADDAG split point (D-01…D-05, T-02, T-03).
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { SPANISH, wordToTiles } from '../engine/tiles.js';
import { buildPackedKwg } from './build.js';
import { defaultWordListPath } from './io.js';
import { ACCEPTS_BIT, ARC_INDEX_MASK, IS_END_BIT, SEPARATOR, TILE_SHIFT, type Kwg } from './kwg.js';
import { Lexicon } from './lexicon.js';
import { unpackWords } from './packed.js';
import { normaliseJsonArray } from './wordlist.js';
import { unwrap } from '../engine/testing/unwrap.js';

const key = (w: ArrayLike<number>): string => String.fromCharCode(...Array.from(w, (t) => 64 + t));

/** First index where two arrays differ, for a readable failure. */
function firstDifference(a: string[], b: string[]): string {
  for (let i = 0; i < Math.max(a.length, b.length); i++)
    if (a[i] !== b[i]) return `#${i}: ${a[i]} ≠ ${b[i]}`;
  return 'none';
}

/** Number of accepted strings below each list, counted once per list (the graph is a DAG). */
function countAccepted(nodes: Uint32Array, list: number, memo: Map<number, number>): number {
  if (list === 0) return 0;
  const known = memo.get(list);
  if (known !== undefined) return known;
  let n = 0;
  for (let p = list; ; p++) {
    const node = nodes[p]!;
    if ((node & ACCEPTS_BIT) !== 0) n++;
    n += countAccepted(nodes, node & ARC_INDEX_MASK, memo);
    if ((node & IS_END_BIT) !== 0) break;
  }
  memo.set(list, n);
  return n;
}

/** Follows a tile sequence in a list; returns the last arc node or -1. */
function follow(nodes: Uint32Array, list: number, s: ArrayLike<number>): number {
  let node = -1;
  for (let i = 0; i < s.length; i++) {
    if (list === 0) return -1;
    let p = list;
    while (nodes[p]! >>> TILE_SHIFT !== s[i]) {
      if ((nodes[p]! & IS_END_BIT) !== 0) return -1;
      p++;
    }
    node = nodes[p]!;
    list = node & ARC_INDEX_MASK;
  }
  return node;
}

describe('the default list (an-array-of-spanish-words)', () => {
  let raw: string[];
  let expected: string[];
  let kwg: Kwg;
  let lex: Lexicon;

  beforeAll(() => {
    const bytes = readFileSync(defaultWordListPath());
    raw = JSON.parse(bytes.toString('utf8')) as string[];
    const list = normaliseJsonArray(SPANISH, bytes);
    expected = [...new Set(unpackWords(list.words).map(key))].sort();
    kwg = buildPackedKwg(list.words, SPANISH);
    lex = new Lexicon(kwg);
  });

  it('normalising the raw bytes agrees with wordToTiles (every 16th entry) and drops nothing silently', () => {
    const list = normaliseJsonArray(SPANISH, readFileSync(defaultWordListPath()));
    expect(list.entries).toBe(raw.length);
    expect(list.words.count + list.rejected.length).toBe(raw.length);
    const fast = unpackWords(list.words);
    // With no rejection, accepted word k is entry k.
    expect(list.rejected).toEqual([]);
    for (let i = 0; i < raw.length; i += 16) {
      const t = wordToTiles(SPANISH, raw[i]!);
      if (!t.ok || key(t.value) !== key(fast[i]!)) expect.fail(`${raw[i]}: ${JSON.stringify(t)}`);
    }
  });

  it('the DAWG holds exactly the normalised words: none more, none less', () => {
    const actual: string[] = [];
    const nodes = kwg.nodes;
    let prefix = '';
    const walk = (list: number): void => {
      for (let p = list; p !== 0; p++) {
        const node = nodes[p]!;
        prefix += String.fromCharCode(64 + (node >>> TILE_SHIFT));
        if ((node & ACCEPTS_BIT) !== 0) actual.push(prefix);
        walk(node & ARC_INDEX_MASK);
        prefix = prefix.slice(0, -1);
        if ((node & IS_END_BIT) !== 0) break;
      }
    };
    walk(nodes[0]! & ARC_INDEX_MASK);
    expect(actual.length).toBe(expected.length);
    expect(firstDifference(actual, expected)).toBe('none');
    expect(kwg.wordCount).toBe(expected.length);
    expect(expected.length).toBeGreaterThan(600_000);
  });

  it('the GADDAG holds every word of a sample through every split point, and nothing else', () => {
    const nodes = kwg.nodes;
    const groot = nodes[1]! & ARC_INDEX_MASK;
    const s: number[] = [];
    for (let w = 0; w < expected.length; w += 10) {
      const k = expected[w]!;
      const n = k.length;
      for (let i = 1; i <= n; i++) {
        s.length = 0;
        for (let q = i - 1; q >= 0; q--) s.push(k.charCodeAt(q) - 64);
        if (i < n) {
          s.push(SEPARATOR);
          for (let q = i; q < n; q++) s.push(k.charCodeAt(q) - 64);
        }
        const node = follow(nodes, groot, s);
        if (node < 0 || (node & ACCEPTS_BIT) === 0) expect.fail(`${k} split ${i} missing`);
      }
    }
    // As many accepted GADDAG strings as all the words have split points: nothing else is in it.
    let strings = 0;
    for (const k of expected) strings += k.length;
    expect(countAccepted(nodes, groot, new Map())).toBe(strings);
    expect(countAccepted(nodes, nodes[0]! & ARC_INDEX_MASK, new Map())).toBe(expected.length);
  });

  it('D-01/D-02: CALLE, CARRO, COCHE are words; C·A·L·L·E with two L tiles is not', () => {
    const t = (w: string): number[] => unwrap(wordToTiles(SPANISH, w));
    for (const w of ['calle', 'carro', 'coche', 'chaqueta', 'llave', 'perro', 'ñandú'])
      expect(lex.isWord(t(w)), w).toBe(true);
    const [C, A, L, E, R, O, H] = [3, 1, 12, 6, 20, 17, 9];
    expect(lex.isWord([C, A, L, L, E])).toBe(false);
    expect(lex.isWord([C, A, R, R, O])).toBe(false);
    expect(lex.isWord([C, O, C, H, E])).toBe(false);
  });

  it('T-02: no word has a K or a W, and the list has none to offer', () => {
    expect(raw.some((w) => /[kw]/i.test(w))).toBe(false);
    expect(SPANISH.letters.some((l) => l.label === 'K' || l.label === 'W')).toBe(false);
    expect(lex.wordCount).toBe(expected.length);
  });
});
