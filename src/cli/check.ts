/**
 * `atril check WORD…`: says whether words are in the lexicon, showing their tiles
 * (DESIGN.md §4): exit 0 when all are valid, 1 when some are not, 2 on bad usage.
 */
import { normalizeText, tileLabel, wordToTiles, type TileSet } from '../engine/tiles.js';
import { MAX_WORD_TILES, MIN_WORD_TILES, openLexicon } from '../lexicon/index.js';
import { parseOptions } from './args.js';
import { lexiconLoadErrorText, rejectReasonText } from '../play/errorText.js';

export const checkHelp = `Uso: atril check PALABRA… [--json] [--lexicon ARCHIVO]

Dice si cada palabra es válida en el léxico y con qué fichas se escribe. Las tildes y la
diéresis se ignoran (imán = IMAN), la Ñ es su propia letra y CH, LL, RR son una sola ficha:
«calle» se escribe C A LL E.

  --json              salida para programas: [{"word","valid","tiles":[…]}]
  --lexicon ARCHIVO   usa otro léxico (compilado con «atril lexicon build»)

Salida: 0 si todas son válidas, 1 si alguna no lo es, 2 si la orden está mal escrita o el
léxico no se puede cargar.`;

interface Verdict {
  word: string;
  valid: boolean;
  tiles: string[];
  why?: string;
}

/**
 * Labels of a word's tiles, read greedily like `wordToTiles` (digraphs first); characters the
 * set lacks are kept as they are (K, W, digits). One pass, so a long word of foreign letters
 * costs what its length costs.
 */
function labelsOf(set: TileSet, text: string): string[] {
  const chars = [...normalizeText(set, text)];
  const digraphs = set.multiChar.map((m) => [...m]);
  const out: string[] = [];
  for (let i = 0; i < chars.length;) {
    const d = digraphs.find((parts) => parts.every((p, k) => chars[i + k] === p));
    if (d) {
      out.push(d.join(''));
      i += d.length;
    } else {
      out.push(chars[i]!);
      i++;
    }
  }
  return out;
}

/** Runs `atril check`. */
export async function runCheck(args: string[]): Promise<number> {
  const opts = parseOptions({
    args,
    allowPositionals: true,
    options: { json: { type: 'boolean' }, lexicon: { type: 'string' } },
  });
  if (!opts.ok) {
    process.stderr.write(`${opts.error}\n«atril check --help» explica cómo se usa.\n`);
    return 2;
  }
  const { values, positionals: words } = opts.value;
  if (words.length === 0) {
    process.stderr.write('Falta la palabra: atril check PALABRA…\n');
    return 2;
  }
  if (words.some((w) => w.trim() === '')) {
    process.stderr.write('Una de las palabras está vacía.\n');
    return 2;
  }
  const loaded = openLexicon(values.lexicon);
  if (!loaded.ok) {
    process.stderr.write(lexiconLoadErrorText(loaded.error) + '\n');
    return 2;
  }
  const lex = loaded.value;
  const verdicts: Verdict[] = words.map((word) => {
    const text = word.trim();
    const parsed = wordToTiles(lex.set, text);
    if (!parsed.ok) {
      const { letter } = parsed.error;
      const reason = rejectReasonText(
        /^\p{L}$/u.test(letter)
          ? { code: 'LETTER_NOT_IN_SET', letter }
          : { code: 'NOT_A_LETTER', char: letter },
      );
      return { word, valid: false, tiles: labelsOf(lex.set, text), why: reason };
    }
    const tiles = parsed.value;
    const labels = tiles.map((c) => tileLabel(lex.set, c));
    const n = tiles.length;
    if (n < MIN_WORD_TILES || n > MAX_WORD_TILES) {
      const why = rejectReasonText(
        n < MIN_WORD_TILES
          ? { code: 'TOO_SHORT', tiles: n, min: MIN_WORD_TILES }
          : { code: 'TOO_LONG', tiles: n, max: MAX_WORD_TILES },
      );
      return { word, valid: false, tiles: labels, why };
    }
    const valid = lex.isWord(tiles);
    return { word, valid, tiles: labels, why: valid ? undefined : 'no está en el léxico' };
  });
  if (values.json) {
    const json = verdicts.map(({ word, valid, tiles }) => ({ word, valid, tiles }));
    process.stdout.write(JSON.stringify(json) + '\n');
  } else {
    for (const v of verdicts)
      process.stdout.write(
        `${v.word}: ${v.tiles.join(' ')} — ${v.valid ? 'válida' : `no válida, ${v.why}`}\n`,
      );
  }
  return verdicts.every((v) => v.valid) ? 0 : 1;
}
