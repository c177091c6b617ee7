/**
 * The lexicon on the full default list: build time and peak memory (in a child process), file
 * size, load time, and lookups per second (isWord, crossSet, anagrams).
 */
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { consume, type BenchFigure, type BenchSuite } from '../harness.js';
import { BLANK } from '../../src/engine/tiles.js';
import { defaultLexiconPath, loadLexicon, type Lexicon } from '../../src/lexicon/index.js';

interface BuildFigures {
  readMs: number;
  buildMs: number;
  totalMs: number;
  cpuMs: number;
  baseRssKb: number;
  maxRssKb: number;
  nodes: number;
  words: number;
  fileBytes: number;
}

function buildOnce(): BuildFigures {
  const child = fileURLToPath(new URL('../lexicon-build.ts', import.meta.url));
  const r = spawnSync(process.execPath, ['--import', 'tsx', child], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`lexicon build child failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as BuildFigures;
}

/** A deterministic shuffle (xorshift), so every run looks up the same sequence. */
function shuffle<T>(a: T[]): T[] {
  let x = 0x2545f491;
  for (let i = a.length - 1; i > 0; i--) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    const j = (x >>> 0) % (i + 1);
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

const suite: BenchSuite = {
  name: 'lexicon',
  prepare: async () => {
    const runs = [buildOnce(), buildOnce(), buildOnce()].sort((a, b) => a.totalMs - b.totalMs);
    const median = runs[1]!;
    const path = defaultLexiconPath();
    const loaded = loadLexicon(path);
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.error));
    const lex: Lexicon = loaded.value;

    // Half real words, half the same words with one tile changed (mostly not words), shuffled.
    const queries: number[][] = [];
    let k = 0;
    for (const w of lex.words()) {
      if (k++ % 7 !== 0) continue;
      queries.push(w);
      const v = w.slice();
      const at = (k * 7) % v.length;
      v[at] = (v[at]! % lex.set.letters.length) + 1;
      queries.push(v);
    }
    // Fresh copies in the shuffled order: otherwise the query arrays themselves, scattered
    // over the heap, cost more cache misses than the graph walk being measured.
    const shuffled = shuffle(queries).map((q) => q.slice());
    queries.length = 0;
    for (const q of shuffled) queries.push(q);
    const valid = queries.filter((q) => lex.isWord(q)).length;
    const cross = queries.slice(0, 50_000).map((q) => {
      const at = q.length >> 1;
      return [q.slice(0, at), q.slice(at + 1)] as const;
    });
    let qi = 0;
    let ci = 0;
    const racks = ['AEINRST', 'CASA?ES', 'QU?EIOS', '[CH]AQUET?'].map((r) =>
      Array.from(r.replace('[CH]', '\u0004'), (c) =>
        c === '?'
          ? BLANK
          : c === '\u0004'
            ? 4
            : lex.set.letters.findIndex((l) => l.label === c) + 1,
      ),
    );
    const figures: BenchFigure[] = [
      {
        name: 'build: read + normalise the list (median of 3)',
        value: Math.round(median.readMs),
        unit: 'ms',
      },
      {
        name: 'build: graph + encode (median of 3)',
        value: Math.round(median.buildMs),
        unit: 'ms',
      },
      {
        name: 'build: total, list → file bytes (median of 3)',
        value: Math.round(median.totalMs),
        unit: 'ms',
      },
      { name: 'build: CPU time (median run)', value: Math.round(median.cpuMs), unit: 'ms' },
      {
        name: 'build: peak RSS of the build process',
        value: Math.round(median.maxRssKb / 1024),
        unit: 'MiB',
      },
      {
        name: 'build: RSS of that process before building',
        value: Math.round(median.baseRssKb / 1024),
        unit: 'MiB',
      },
      { name: 'words', value: median.words, unit: 'words' },
      { name: 'nodes (DAWG + GADDAG)', value: median.nodes, unit: 'nodes' },
      { name: 'file size (data/spanish.kwg)', value: statSync(path).size, unit: 'bytes' },
      { name: 'isWord queries that are words', value: valid, unit: `of ${queries.length}` },
    ];
    return {
      figures,
      cases: [
        {
          name: 'load data/spanish.kwg (read + checksum)',
          unit: 'load',
          batches: 15,
          run: () => consume(loadLexicon(path)),
        },
        {
          name: 'isWord (shuffled, half words)',
          unit: 'lookup',
          run: () => consume(lex.isWord(queries[qi++ % queries.length]!)),
        },
        {
          name: 'crossSet (prefix + suffix around a square)',
          unit: 'square',
          run: () => {
            const [p, s] = cross[ci++ % cross.length]!;
            consume(lex.crossSet(p, s));
          },
        },
        {
          name: 'anagrams of a 7/8-tile rack with blanks, partial',
          unit: 'rack',
          run: () => consume(lex.anagrams(racks[ci++ % racks.length]!, { partial: true })),
        },
      ],
    };
  },
};
export default suite;
