/**
 * `atril lexicon build [LISTA.txt] [-o ARCHIVO]`: compiles a word list into a lexicon file;
 * `atril lexicon info ARCHIVO`: describes one. Without a list, builds the default Spanish
 * lexicon into data/spanish.kwg (what `npm install` runs).
 */
import { existsSync, realpathSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { tileSetById, type TileSet, SPANISH } from '../engine/tiles.js';
import {
  KwgTooLargeError,
  MAX_WORD_TILES,
  MIN_WORD_TILES,
  buildPackedKwg,
  defaultLexiconPath,
  guardTemporaryFiles,
  loadLexicon,
  readDefaultWordList,
  readWordList,
  refusedTarget,
  saveKwg,
  summariseRejections,
  type Kwg,
  type NormalisedList,
} from '../lexicon/index.js';
import { parseOptions } from './args.js';
import { count, counted, decimal } from './numbers.js';
import { echo } from './safeText.js';
import {
  lexiconLoadErrorText,
  rejectReasonText,
  rejectTitleText,
  writeProblemText,
} from '../play/errorText.js';

export const lexiconHelp = `Uso: atril lexicon build [LISTA.txt] [-o ARCHIVO] [--force] [--tile-set ID] [--if-missing]
     atril lexicon info [ARCHIVO]

Compila una lista de palabras en un archivo de léxico (un grafo DAWG + GADDAG) que las
demás órdenes cargan con --lexicon ARCHIVO.

  build LISTA.txt     texto UTF-8, una palabra por línea; se admiten tildes y diéresis
                      (se quitan), la Ñ y los dígrafos CH, LL, RR (se leen como una ficha);
                      se saltan las líneas vacías y las que empiezan por «#». Cada línea
                      descartada se informa con su número y el motivo.
  build               sin lista: compila la lista libre por defecto
                      (an-array-of-spanish-words) en data/spanish.kwg.
  -o, --output ARCHIVO  dónde guardar el léxico (por defecto, LISTA con extensión .kwg);
                      la carpeta tiene que existir.
  --force             reemplaza el archivo de salida si ya existe (sin --force no se
                      reemplaza ningún archivo, salvo el léxico por defecto).
  --tile-set ID       juego de fichas: spanish (por defecto), english, german, polish.
  --if-missing        no hace nada si el archivo de salida ya existe y es válido.
  info [ARCHIVO]      juego de fichas, palabras y tamaño de un léxico (por defecto, el de
                      data/spanish.kwg).

Salida: 0 si se ha compilado, 2 si la orden está mal escrita, la lista no se puede leer o no
contiene ninguna palabra válida.`;

const out = (s: string): void => void process.stdout.write(s + '\n');
const err = (s: string): void => void process.stderr.write(s + '\n');

/** Runs `atril lexicon …`. */
export async function runLexicon(args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === 'build') return build(rest);
  if (sub === 'info') return info(rest);
  err(
    sub === undefined
      ? 'Falta la suborden: «atril lexicon build» o «atril lexicon info».'
      : `Suborden desconocida: «${sub}». Usa «build» o «info».`,
  );
  err('«atril lexicon --help» explica cómo se usa.');
  return 2;
}

function parse(
  args: string[],
):
  | { positionals: string[]; output?: string; tileSet?: string; ifMissing: boolean; force: boolean }
  | undefined {
  const opts = parseOptions({
    args,
    allowPositionals: true,
    options: {
      output: { type: 'string', short: 'o' },
      'tile-set': { type: 'string' },
      'if-missing': { type: 'boolean' },
      force: { type: 'boolean' },
    },
  });
  if (!opts.ok) {
    err(opts.error);
    err('«atril lexicon --help» explica cómo se usa.');
    return undefined;
  }
  const { values, positionals } = opts.value;
  return {
    positionals,
    output: values.output,
    tileSet: values['tile-set'],
    ifMissing: values['if-missing'] ?? false,
    force: values.force ?? false,
  };
}

async function build(args: string[]): Promise<number> {
  const opts = parse(args);
  if (!opts) return 2;
  if (opts.positionals.length > 1) {
    err('Indica una sola lista de palabras.');
    return 2;
  }
  const set: TileSet | undefined = tileSetById(opts.tileSet ?? 'spanish');
  if (!set) {
    err(`Juego de fichas desconocido: «${opts.tileSet}». Usa spanish, english, german o polish.`);
    return 2;
  }
  const source = opts.positionals[0];
  if (source === undefined && set !== SPANISH) {
    err('La lista por defecto es española; con --tile-set indica también una lista.');
    return 2;
  }
  const output =
    opts.output ?? (source ? source.replace(/(\.[^./\\]*)?$/, '.kwg') : defaultLexiconPath());
  // The default lexicon is generated data, replaced and placed in data/ as needed; a path the
  // user chose is neither created nor replaced behind their back.
  const generated = source === undefined && opts.output === undefined;
  if (opts.ifMissing && existsSync(output) && loadLexicon(output).ok) return 0;
  const problem = outputProblem(output, source, generated || opts.force, generated);
  if (problem) {
    err(problem);
    return 2;
  }

  const progress = process.stderr.isTTY;
  const t0 = performance.now();
  if (progress) process.stderr.write(`Leyendo ${source ?? 'la lista por defecto'}…\r`);
  let list: NormalisedList;
  if (source === undefined) list = readDefaultWordList();
  else {
    const r = readWordList(source, set);
    if (!r.ok) {
      err(lexiconLoadErrorText(r.error));
      return 2;
    }
    list = r.value;
  }
  report(list, source === undefined);
  if (list.words.count === 0) {
    err('No queda ninguna palabra válida: no se crea el léxico.');
    return 2;
  }
  if (progress) process.stderr.write('Compilando el grafo…          \r');
  let kwg: Kwg;
  try {
    kwg = buildPackedKwg(list.words, set);
  } catch (e) {
    if (e instanceof KwgTooLargeError) {
      err('La lista es demasiado grande para el formato de léxico (más de 4 194 304 nodos).');
      return 2;
    }
    throw e;
  }
  const release = guardTemporaryFiles();
  try {
    saveKwg(kwg, output, { createDir: generated });
  } catch (e) {
    // In words, as the terminal's `guardar` says it: never a raw code such as ENOENT.
    const code = (e as NodeJS.ErrnoException).code;
    err(
      `No se puede escribir «${output}»: ${writeProblemText(code, existsSync(dirname(resolve(output))))}.`,
    );
    return 2;
  } finally {
    release();
  }
  if (progress) process.stderr.write(' '.repeat(32) + '\r');
  const seconds = decimal((performance.now() - t0) / 1000);
  const merged = list.words.count - kwg.wordCount;
  out(
    `Léxico guardado en ${output}: ${counted(kwg.wordCount, 'palabra')}` +
      (merged ? ` (${counted(merged, 'repetida')} tras normalizar)` : '') +
      `, ${counted(kwg.nodes.length, 'nodo')}, ${decimal((kwg.nodes.length * 4 + 40) / 1048576)} MiB, ${seconds} s.`,
  );
  return 0;
}

/**
 * Why the lexicon cannot be written to `output`, or undefined: the list itself (compared by
 * real path, so `./lista.txt`, `lista.txt` and a link to it are one file), a missing folder,
 * a folder, something else that is not a regular file (a device, a pipe, a socket), or an
 * existing file without permission to replace it. A link counts as the file it names.
 */
function outputProblem(
  output: string,
  source: string | undefined,
  replace: boolean,
  createDir: boolean,
): string | undefined {
  const real = (p: string): string | undefined => {
    try {
      return realpathSync(p);
    } catch {
      return undefined;
    }
  };
  const out = real(output);
  if (source !== undefined && out !== undefined && out === real(source))
    return 'El archivo de salida no puede ser la propia lista.';
  if (out === undefined) {
    const dir = dirname(resolve(output));
    if (!createDir && real(dir) === undefined)
      return `No existe la carpeta «${dirname(output)}»: créala antes o elige otra salida.`;
    return undefined;
  }
  // Checked before the build, so that a long compilation does not end in the write's refusal.
  const refused = refusedTarget(output);
  if (refused === 'EISDIR') return `«${output}» es una carpeta, no un archivo.`;
  if (refused) return `No se puede escribir «${output}»: ${writeProblemText(refused)}.`;
  if (!replace)
    return `«${output}» ya existe: usa --force para reemplazarlo, o elige otra salida con -o.`;
  return undefined;
}

/** Prints what was read and every rejection (all lines for a user list, a summary otherwise). */
function report(list: NormalisedList, isDefault: boolean): void {
  out(
    `${counted(list.entries, 'entrada leída', 'entradas leídas')}, ${counted(list.words.count, 'aceptada')}, ${counted(list.rejected.length, 'descartada')}.`,
  );
  if (list.rejected.length === 0) return;
  if (isDefault) {
    for (const g of summariseRejections(list.rejected))
      out(
        `  ${g.count} con ${rejectTitleText(g.code, MIN_WORD_TILES, MAX_WORD_TILES)}; por ejemplo: ${g.examples.join(', ')}`,
      );
    return;
  }
  for (const r of list.rejected)
    out(`  línea ${r.line}: «${echo(r.text)}» ${rejectReasonText(r.reason)}`);
}

async function info(args: string[]): Promise<number> {
  const opts = parse(args);
  if (!opts) return 2;
  const path = opts.positionals[0] ?? defaultLexiconPath();
  const r = loadLexicon(path);
  if (!r.ok) {
    err(lexiconLoadErrorText(r.error));
    return 2;
  }
  const lex = r.value;
  out(`${path}`);
  out(`  juego de fichas: ${lex.set.name}`);
  // Grouped as `build` says them («636.598 palabras»).
  out(`  palabras: ${count(lex.wordCount)}`);
  out(
    `  nodos: ${count(lex.nodes.length)} (${decimal((lex.nodes.length * 4 + 40) / 1048576)} MiB)`,
  );
  return 0;
}
