/**
 * Spanish wording for the errors of `node:util` parseArgs, which are English and, for a value
 * starting with a dash (`--top -1`), three lines long; and other usage errors shared by commands.
 */
import { availableParallelism } from 'node:os';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { type Result, err, ok } from '../engine/result.js';
import { type TileSet, tileSetById } from '../engine/tiles.js';
import { lexiconName } from '../lexicon/index.js';

/**
 * `parseArgs` for a command: its options and positionals, or the one-line Spanish message for
 * what was wrong (`argsErrorText`).
 */
export function parseOptions<T extends ParseArgsConfig>(
  config: T,
): Result<ReturnType<typeof parseArgs<T>>, string> {
  try {
    return ok(parseArgs(config));
  } catch (e) {
    return err(argsErrorText(e, config.args ?? process.argv.slice(2)));
  }
}

/**
 * A one-line Spanish message for an error thrown by parseArgs; `args`, the arguments it read,
 * let a value starting with a dash be quoted as the user wrote it.
 */
export function argsErrorText(e: unknown, args: readonly string[] = []): string {
  const err = e as { code?: string; message?: string };
  const msg = err.message ?? String(e);
  const quoted = /'([^']+)'/.exec(msg)?.[1] ?? '';
  // An option with a short form is quoted with both, `-o, --output <value>`: name the one the
  // user wrote (else the long one), never the pair with its comma.
  const forms = quoted.replace(/ <value>$/, '').split(', ');
  const wrote = (f: string): boolean => args.some((a) => a === f || a.startsWith(f + '='));
  const option = forms.find(wrote) ?? forms[forms.length - 1]!;
  switch (err.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `Opción desconocida: «${option}».`;
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return `Argumento de más: «${quoted}».`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      if (/ambiguous/.test(msg)) {
        // A value pasted with `=` works for the long form only (`-o=-x` is the value «=-x»):
        // parseArgs names the long form in its advice (`use '--output=-XYZ'`).
        const long = /'(--[^'=]+)=-XYZ'/.exec(msg)?.[1] ?? option;
        const value = args[args.indexOf(option) + 1];
        return value === undefined || args.indexOf(option) < 0
          ? `${option} necesita un valor; si empieza por «-», escríbelo pegado: ${long}=VALOR.`
          : `Falta el valor de ${option}: «${value}» empieza por «-» y se toma por otra opción (si es el valor, escríbelo pegado: ${long}=${value}).`;
      }
      if (/does not take an argument/.test(msg)) return `${option} no lleva valor.`;
      return `${option} necesita un valor.`;
    default:
      return `Opción no válida: «${quoted || msg}».`;
  }
}

/**
 * A whole non-negative decimal number written plainly (`12`, not `1e1`, `0x3`, ` 3` or ``),
 * or undefined.
 */
export function plainCount(text: string): number | undefined {
  if (!/^\d+$/.test(text)) return undefined;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : undefined;
}

/**
 * A positive decimal number written plainly, with a decimal point or, as Spanish writes it, a
 * decimal comma (`2`, `0.5`, `0,5`; not `1e1`, `.5` or `-1`), or undefined.
 */
export function plainPositive(text: string): number | undefined {
  if (!/^\d+([.,]\d+)?$/.test(text)) return undefined;
  const n = Number(text.replace(',', '.'));
  return n > 0 && Number.isFinite(n) ? n : undefined;
}

/**
 * The largest seed: the bag's generator reads a numeric seed by its low 32 bits (`seedRng`), so
 * a larger number would be the same seed as a smaller one.
 */
export const MAX_SEED = 2 ** 32 - 1;

/**
 * `--seed S` of the commands seeded with a number (`best --sim`, `selfplay`, and `play`, which
 * takes a seed it said at the end of a game as well): a whole number from 0 to MAX_SEED written
 * plainly, `fallback` when not given, or the sentence that refuses it, the same for every
 * command.
 */
export function seedOption(text: string | undefined, fallback: number): number | string {
  if (text === undefined) return fallback;
  const n = plainCount(text);
  return n !== undefined && n <= MAX_SEED
    ? n
    : `--seed necesita un número entero de 0 a ${MAX_SEED}, no «${text}».`;
}

/**
 * A lexicon compiled for another tile set reads its codes as other letters (English C is
 * Spanish CH): the message for a game whose rules use `game`.
 */
export function tileSetMismatch(lexicon: TileSet, game: TileSet): string {
  return (
    `El léxico es de fichas ${lexicon.name} y la partida se juega con fichas ${game.name}; ` +
    `compila uno con «atril lexicon build LISTA --tile-set ${game.id}».`
  );
}

/** The language of a tile set as a sentence names it («inglés»), or its id quoted if unknown. */
export function tilesLanguage(set: TileSet | string): string {
  const known = typeof set === 'string' ? tileSetById(set) : set;
  return known ? known.name.replace(/ \(.*\)$/, '') : `«${set as string}»`;
}

/**
 * A position or a game (`what`) whose tiles are not the lexicon's: «La posición es de fichas
 * del inglés y el léxico, del español; indica otro léxico con --lexicon.»
 */
export function lexiconMismatch(what: string, tiles: TileSet | string, lexicon: TileSet): string {
  return (
    `${what} es de fichas del ${tilesLanguage(tiles)} y el léxico, del ${tilesLanguage(lexicon)}; ` +
    'indica otro léxico con --lexicon.'
  );
}

/** The most worker threads a command starts: each holds its own search state. */
export const MAX_THREADS = 64;

/**
 * `--hilos N` of the commands that search on worker threads: a whole number from 1 to
 * MAX_THREADS, with a warning when it is more than the machine's cores (each thread then runs
 * slower, and a simulation's threads each finish their first iteration before it stops); or
 * the sentence that refuses it. Undefined when not given.
 */
export function threadsOption(
  text: string | undefined,
  cores = availableParallelism(),
): { threads?: number; warning?: string } | string {
  if (text === undefined) return {};
  const n = plainCount(text);
  if (n === undefined || n < 1 || n > MAX_THREADS)
    return `--hilos necesita un número entero entre 1 y ${MAX_THREADS}, no «${text}».`;
  return n > cores
    ? {
        threads: n,
        warning: `Aviso: ${n} hilos en ${cores === 1 ? 'un núcleo' : `${cores} núcleos`}: se reparten el tiempo y cada uno avanza más despacio.`,
      }
    : { threads: n };
}

/**
 * A record or position (`what`) that names its word list (`#lexicon FILE2017`, `lex NWL20;`)
 * read with Atril's default one, as a warning: «Aviso: la partida indica el léxico «FILE2017»;
 * se usa el léxico por defecto (otro, con --lexicon ARCHIVO).» Null when it names none, names
 * the default one itself (`lexiconName`: the games Atril saves name theirs), or the user chose
 * one with --lexicon.
 */
export function namedLexiconWarning(
  what: 'la partida' | 'la posición',
  named: string | undefined,
  given: string | undefined,
): string | null {
  if (named === undefined || named.trim() === '' || given !== undefined) return null;
  if (named.trim() === lexiconName(undefined)) return null;
  return `Aviso: ${what} indica el léxico «${named.trim()}»; se usa el léxico por defecto (otro, con --lexicon ARCHIVO).`;
}

/**
 * Writes a usage mistake and where the command's help is, and returns exit status 2 (bad
 * usage), so every command words it the same way.
 */
export function usageError(command: string, message: string): number {
  process.stderr.write(`${message}\n«atril ${command} --help» explica cómo se usa.\n`);
  return 2;
}
