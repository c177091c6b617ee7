import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { consume, type BenchSuite } from '../harness.js';
import { makeRules } from '../../src/engine/rules.js';
import { boardWith } from '../../src/engine/testing/positions.js';
import { parseCgp } from '../../src/engine/notation/cgp.js';
import { SPANISH, parseNotation, rackFromTiles } from '../../src/engine/tiles.js';
import { loadDefaultLexicon } from '../../src/lexicon/index.js';
import { BingoIndex } from '../../src/ai/bingo.js';
import { OpeningMap } from '../../src/ai/openingMap.js';
import { makeBot } from '../../src/ai/bots.js';
import { defaultLeaves } from '../../src/ai/leaves.js';
import { MoveGenerator } from '../../src/ai/movegen.js';
import { MoveList } from '../../src/ai/movelist.js';
import { SelfPlay } from '../../src/ai/selfplay.js';
import { unwrap } from '../../src/engine/testing/unwrap.js';

// The mid-game board of the move generator's goldens (movegen.test.ts).
const MID: [string, string][] = [
  ['8D', 'CANTOR'],
  ['E6', 'ASA'],
  ['I4', 'SUDOR'],
  ['4E', '[LL]AVES'],
];

function rack(text: string): Uint8Array {
  return rackFromTiles(
    SPANISH,
    unwrap(parseNotation(SPANISH, text, { allowUndesignatedBlank: true })),
  );
}

/**
 * The 64 mid-game positions of bench/fixtures/selfplay-64.cgp (turns 4–15 of seeded greedy
 * self-play games, each with a seeded random 7-tile rack from the unseen tiles), as ready
 * generators. They live in a file rather than being played anew so that a change to self-play
 * (its bag, its bots) cannot change what this case measures between two versions.
 */
function fixedPositions(nodes: Uint32Array): { gen: MoveGenerator; rack: Uint8Array }[] {
  const text = readFileSync(new URL('../fixtures/selfplay-64.cgp', import.meta.url), 'utf8');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const p = unwrap(parseCgp(line));
      const gen = new MoveGenerator(nodes, SPANISH);
      gen.setBoard(p.board);
      return { gen, rack: rackFromTiles(SPANISH, p.racks[0]!) };
    });
}

const suite: BenchSuite = {
  name: 'ai',
  prepare: async () => {
    const lex = loadDefaultLexicon();
    if (!lex.ok) throw new Error(JSON.stringify(lex.error));
    // The bingo index is built once per lexicon on first use (~0.3 s): build it here, untimed,
    // or the first timed case calibrates on that one call and runs its batches cold.
    const t0 = performance.now();
    BingoIndex.of(lex.value.nodes);
    const bingoIndexMs = performance.now() - t0;
    // So is the opening map (openingMap.ts), which a bot gets from its fourth opening.
    const t1 = performance.now();
    const openings = OpeningMap.of(lex.value.nodes);
    const openingMapMs = performance.now() - t1;
    const gen = new MoveGenerator(lex.value.nodes, SPANISH);
    gen.setBoard(boardWith(MID));
    const list = new MoveList();
    const leaves = defaultLeaves();
    const seven = rack('AEINRST');
    const blanks = rack('??ERSTU');
    const table = new SelfPlay(lex.value.nodes, makeRules('fise'));
    const greedy = makeBot('aficionado');
    let seed = 1;
    const cases = [
      { name: 'all moves, mid-game, AEINRST', r: seven, top: 0 },
      { name: 'all moves, mid-game, ??ERSTU', r: blanks, top: 0 },
      { name: 'best move (equity), mid-game, AEINRST', r: seven, top: 1 },
      { name: 'best move (equity), mid-game, ??ERSTU', r: blanks, top: 1 },
    ].map((c) => ({
      name: c.name,
      unit: 'position',
      run: () => consume(gen.generate({ rack: c.r, top: c.top, leaves, bagCount: 60 }, list).count),
    }));
    const positions = fixedPositions(lex.value.nodes);
    let next = 0;
    const spread = [0, 1].map((top) => ({
      name: `${top ? 'best move' : 'all moves'}, 64 self-play positions (mean)`,
      unit: 'position',
      run: () => {
        const p = positions[next++ & 63]!;
        return consume(p.gen.generate({ rack: p.rack, top, leaves, bagCount: 60 }, list).count);
      },
    }));
    return {
      figures: [
        {
          name: 'bingo index build (once per lexicon)',
          value: Math.round(bingoIndexMs),
          unit: 'ms',
        },
        {
          name: 'opening map build (once per lexicon)',
          value: Math.round(openingMapMs),
          unit: 'ms',
        },
        { name: 'opening map size', value: Math.round(openings.bytes / 1e4) / 100, unit: 'MB' },
      ],
      cases: [
        ...cases,
        ...spread,
        {
          name: 'greedy self-play game (aficionado × 2)',
          unit: 'game',
          run: () => consume(table.play([greedy, greedy], seed++).turns),
        },
      ],
    };
  },
};
export default suite;
