import { performance } from 'node:perf_hooks';
import { consume, type BenchSuite } from '../harness.js';
import { makeRules } from '../../src/engine/rules.js';
import { boardWith } from '../../src/engine/testing/positions.js';
import { SPANISH, parseNotation, rackFromTiles } from '../../src/engine/tiles.js';
import { loadDefaultLexicon } from '../../src/lexicon/index.js';
import { BingoIndex } from '../../src/ai/bingo.js';
import { makeBot } from '../../src/ai/bots.js';
import { defaultLeaves } from '../../src/ai/leaves.js';
import { MoveGenerator } from '../../src/ai/movegen.js';
import { MoveList } from '../../src/ai/movelist.js';
import { SelfPlay } from '../../src/ai/selfplay.js';

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
    parseNotation(SPANISH, text, { allowUndesignatedBlank: true }) as number[],
  );
}

const suite: BenchSuite = {
  name: 'ai',
  prepare: async () => {
    const lex = loadDefaultLexicon();
    if (!lex.ok) throw new Error(lex.message);
    // The bingo index is built once per lexicon on first use (~0.3 s): build it here, untimed,
    // or the first timed case calibrates on that one call and runs its batches cold.
    const t0 = performance.now();
    BingoIndex.of(lex.value.nodes);
    const bingoIndexMs = performance.now() - t0;
    const gen = new MoveGenerator(lex.value.nodes, SPANISH);
    gen.setBoard(boardWith(MID));
    const list = new MoveList();
    const leaves = defaultLeaves();
    const seven = rack('AEINRST');
    const blanks = rack('??ERSTU');
    const table = new SelfPlay(lex.value.nodes, SPANISH, makeRules('fise'));
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
    return {
      figures: [{ name: 'bingo index build (once per lexicon)', value: bingoIndexMs, unit: 'ms' }],
      cases: [
        ...cases,
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
