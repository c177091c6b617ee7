/**
 * The move generator's goldens in wolges' baseline style: the 15 best plays of each position
 * of bench/positions.cgp (the five the peer benchmark times) and test/goldens/movegen.cgp, as
 * `atril best` ranks them (equity with the default leaves), one play a line, so a regression
 * names the play that changed. After a change meant to move them, rewrite the file with
 * `npx vitest run test/movegen-goldens.test.ts -u` and read its diff before committing: the
 * second test checks the file's placements against a brute force over the whole word list.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseCgp } from '../src/engine/notation/cgp.js';
import { SPANISH } from '../src/engine/tiles.js';
import { loadDefaultLexicon, readDefaultWordList, unpackWords } from '../src/lexicon/index.js';
import { bestPlays, positionRack } from '../src/ai/bestPlays.js';
import { defaultLeaves } from '../src/ai/leaves.js';
import { WordIndex, bruteForceMoves } from '../src/ai/testing/bruteforce.js';

/** `NAME CGP` lines of a file (blank lines and `#` comments skipped). */
function namedPositions(path: string): [string, string][] {
  return readFileSync(new URL(path, import.meta.url), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'))
    .map((l) => [l.slice(0, l.indexOf(' ')), l.slice(l.indexOf(' ') + 1)]);
}

const POSITIONS = [
  ...namedPositions('../bench/positions.cgp'),
  ...namedPositions('./goldens/movegen.cgp'),
];

describe('move generator goldens: the 15 best plays of each position, as text', () => {
  let nodes: Uint32Array;
  beforeAll(() => {
    const lex = loadDefaultLexicon();
    if (!lex.ok) throw new Error(JSON.stringify(lex.error));
    nodes = lex.value.nodes;
  });

  it('equal test/goldens/movegen-top15.txt line for line', async () => {
    expect(POSITIONS.map(([name]) => name).join(' ')).toBe('P1 P2 P3 P4 P5 C1 C2 C3 C4 C5');
    const text = POSITIONS.map(([name, cgp]) => {
      const pos = parseCgp(cgp);
      if (!pos.ok) throw new Error(`${name}: ${JSON.stringify(pos.error)}`);
      // `  91.00 K5 SENARIO 91`; an exchange or the pass has no coordinate.
      const lines = bestPlays(nodes, SPANISH, pos.value, 15).map((e) =>
        [e.equity.toFixed(2).padStart(8), e.coord, e.word, e.score]
          .filter((x) => x !== null)
          .join(' '),
      );
      return [`=== ${name}: ${cgp} ===`, ...lines].join('\n');
    }).join('\n');
    await expect(text + '\n').toMatchFileSnapshot('./goldens/movegen-top15.txt');
  }, 60_000);

  it('their placements are the best by equity of a brute force (racks without blanks)', () => {
    const index = new WordIndex(unpackWords(readDefaultWordList().words));
    const model = defaultLeaves();
    const blocks = readFileSync(new URL('./goldens/movegen-top15.txt', import.meta.url), 'utf8')
      .split('=== ')
      .slice(1);
    let checked = 0;
    for (const block of blocks) {
      const [head, ...lines] = block.trim().split('\n');
      const cgp = head!.slice(head!.indexOf(': ') + 2, head!.lastIndexOf(' ==='));
      if (cgp.split(' ')[1]!.includes('?')) continue;
      const pos = parseCgp(cgp);
      if (!pos.ok) throw new Error(cgp);
      const { rack } = positionRack(SPANISH, pos.value);
      // [equity, score] of every placement, best first, equity as bestPlays rounds it.
      const ranked: [number, number][] = [];
      for (const [placed, score] of bruteForceMoves(pos.value.board, rack, index, SPANISH)) {
        const leave = Array.from(rack);
        for (const p of placed.split(' ')) leave[Number(p.split(':')[1])]!--;
        const size = leave.reduce((a, b) => a + b, 0);
        const kinds = [...leave.keys()].filter((t) => leave[t]! > 0);
        const value = size === 0 ? 0 : model.leaveValue(leave, size, kinds);
        ranked.push([Math.round((score + value) * 100) / 100, score]);
      }
      ranked.sort((a, b) => b[0] - a[0] || b[1] - a[1]);
      const placements = lines
        .map((l) => l.trim().split(' '))
        .filter((f) => !f[1]!.startsWith('-'))
        .map((f): [number, number] => [Number(f[0]), Number(f[f.length - 1])]);
      expect(placements.length, head).toBeGreaterThan(0);
      expect(ranked.slice(0, placements.length), head).toEqual(placements);
      checked++;
    }
    expect(checked).toBe(7);
  }, 120_000);
});
