/**
 * The move generator on named positions: all moves, the best move by score and the best by
 * equity, per CGP line of a file (`npm run bench -- movegen --cgp-file FILE`; by default
 * bench/positions.cgp, the five positions that ../shared/peers times wolges and MAGPIE on).
 * The three cases per position are the peer benchmark's, so the medians compare directly.
 */
import { fileURLToPath } from 'node:url';
import {
  BenchInputError,
  type BenchCase,
  type BenchFigure,
  type BenchSuite,
  consume,
} from '../harness.js';
import { parseCgp } from '../../src/engine/notation/cgp.js';
import { SPANISH, rackFromTiles } from '../../src/engine/tiles.js';
import { INPUT_LIMITS, readInputFile } from '../../src/lexicon/inputFile.js';
import { loadDefaultLexicon } from '../../src/lexicon/index.js';
import { cgpErrorText, inputFileErrorText } from '../../src/play/errorText.js';
import { BingoIndex } from '../../src/ai/bingo.js';
import { OpeningMap } from '../../src/ai/openingMap.js';
import { NO_LEAVES } from '../../src/ai/leave.js';
import { defaultLeaves } from '../../src/ai/leaves.js';
import { MoveGenerator } from '../../src/ai/movegen.js';
import { KIND_PLACE, MoveList } from '../../src/ai/movelist.js';

const DEFAULT_FILE = fileURLToPath(new URL('../positions.cgp', import.meta.url));

/** One named position of the file: its board and the rack of the player to move. */
interface NamedPosition {
  readonly name: string;
  readonly board: Uint8Array;
  readonly rack: Uint8Array;
}

/** Reads `NAME CGP` lines (blank lines and `#` comments skipped); bad input says where. */
function readPositions(file: string): NamedPosition[] {
  const bytes = readInputFile(file, INPUT_LIMITS.record);
  if (!bytes.ok) throw new BenchInputError(inputFileErrorText(bytes.error));
  const out: NamedPosition[] = [];
  const lines = new TextDecoder().decode(bytes.value).split('\n');
  lines.forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const space = line.search(/\s/);
    const where = `${file}, línea ${i + 1}`;
    if (space < 0) throw new BenchInputError(`${where}: falta la posición tras el nombre.`);
    const parsed = parseCgp(line.slice(space + 1));
    if (!parsed.ok) throw new BenchInputError(`${where}: ${cgpErrorText(parsed.error)}`);
    const rack = rackFromTiles(SPANISH, parsed.value.racks[0]!);
    out.push({ name: line.slice(0, space), board: parsed.value.board, rack });
  });
  if (out.length === 0) throw new BenchInputError(`${file}: no hay ninguna posición.`);
  return out;
}

const suite: BenchSuite = {
  name: 'movegen',
  prepare: async (options) => {
    // The file first: a mistake in it is said before the lexicon is loaded.
    const positions = readPositions(options.cgpFile ?? DEFAULT_FILE);
    const lex = loadDefaultLexicon();
    if (!lex.ok) throw new Error(JSON.stringify(lex.error));
    // Built once per lexicon on first use: untimed here, as in a running program.
    BingoIndex.of(lex.value.nodes);
    OpeningMap.of(lex.value.nodes);
    const list = new MoveList();
    const ways = [
      { label: 'all moves', top: 0, leaves: NO_LEAVES },
      { label: 'best move (score)', top: 1, leaves: NO_LEAVES },
      { label: 'best move (equity)', top: 1, leaves: defaultLeaves() },
    ];
    const cases: BenchCase[] = [];
    const figures: BenchFigure[] = [];
    for (const p of positions) {
      const gen = new MoveGenerator(lex.value.nodes, SPANISH);
      gen.setBoard(p.board);
      for (const w of ways) {
        const input = { rack: p.rack, top: w.top, leaves: w.leaves, bagCount: 60 };
        cases.push({
          name: `${w.label}, ${p.name}`,
          unit: 'position',
          run: () => consume(gen.generate(input, list).count),
        });
      }
      // What the timed calls find, so a faster figure can be checked for the same answer.
      gen.generate({ rack: p.rack, top: 0, leaves: NO_LEAVES, bagCount: 60 }, list);
      let placements = 0;
      let best = 0;
      for (let i = 0; i < list.count; i++) {
        if (list.kind[i] !== KIND_PLACE) continue;
        placements++;
        best = Math.max(best, list.score[i]!);
      }
      figures.push({ name: `placements, ${p.name}`, value: placements, unit: 'moves' });
      figures.push({ name: `best score, ${p.name}`, value: best, unit: 'points' });
    }
    return { cases, figures };
  },
};
export default suite;
