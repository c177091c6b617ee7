/** parseArgs errors in Spanish, for every command that reads options. */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ENGLISH, SPANISH } from '../engine/tiles.js';
import {
  MAX_SEED,
  argsErrorText,
  lexiconMismatch,
  namedLexiconWarning,
  plainCount,
  plainPositive,
  seedOption,
  threadsOption,
  tilesLanguage,
} from './args.js';

const bin = fileURLToPath(new URL('../../bin/atril.js', import.meta.url));

function errorOf(args: string[]): unknown {
  try {
    parseArgs({ args, options: { top: { type: 'string' }, json: { type: 'boolean' } } });
  } catch (e) {
    return e;
  }
  throw new Error(`parseArgs accepted ${args.join(' ')}`);
}

describe('argsErrorText', () => {
  it('names the option or argument in one Spanish line', () => {
    expect(argsErrorText(errorOf(['--nada']))).toBe('Opción desconocida: «--nada».');
    expect(argsErrorText(errorOf(['--top']))).toBe('--top necesita un valor.');
    expect(argsErrorText(errorOf(['--top', '-7']), ['--top', '-7'])).toBe(
      'Falta el valor de --top: «-7» empieza por «-» y se toma por otra opción (si es el valor, escríbelo pegado: --top=-7).',
    );
    expect(argsErrorText(errorOf(['--json=si']))).toBe('--json no lleva valor.');
    expect(argsErrorText(errorOf(['sobra']))).toBe('Argumento de más: «sobra».');
  });

  it('an option with a short form is named as written, never as the pair «-o, --output»', () => {
    const options = {
      output: { type: 'string', short: 'o' },
      force: { type: 'boolean', short: 'f' },
    } as const;
    const text = (...args: string[]): string => {
      try {
        parseArgs({ args, options, allowPositionals: true });
      } catch (e) {
        return argsErrorText(e, args);
      }
      throw new Error(`parseArgs accepted ${args.join(' ')}`);
    };
    expect(text('lista.txt', '-o')).toBe('-o necesita un valor.');
    expect(text('--output')).toBe('--output necesita un valor.');
    expect(text('--force=si')).toBe('--force no lleva valor.');
    // Pasted with `=`, a value starting with a dash works in the long form only.
    expect(text('-o', '-x')).toBe(
      'Falta el valor de -o: «-x» empieza por «-» y se toma por otra opción (si es el valor, escríbelo pegado: --output=-x).',
    );
    expect(text('--output', '-x')).toBe(
      'Falta el valor de --output: «-x» empieza por «-» y se toma por otra opción (si es el valor, escríbelo pegado: --output=-x).',
    );
  });

  it('names tile sets by their language, never by their internal id', () => {
    expect(lexiconMismatch('La posición', ENGLISH, SPANISH)).toBe(
      'La posición es de fichas del inglés y el léxico, del español; indica otro léxico con --lexicon.',
    );
    expect(lexiconMismatch('La partida', 'english', SPANISH)).toMatch(
      /^La partida es de fichas del inglés /,
    );
    expect(tilesLanguage('klingon')).toBe('«klingon»');
  });

  it('namedLexiconWarning: a named word list read with the default one, unless --lexicon chose', () => {
    expect(namedLexiconWarning('la partida', ' FILE2017 ', undefined)).toBe(
      'Aviso: la partida indica el léxico «FILE2017»; se usa el léxico por defecto (otro, con --lexicon ARCHIVO).',
    );
    expect(namedLexiconWarning('la posición', undefined, undefined)).toBeNull();
    expect(namedLexiconWarning('la posición', '', undefined)).toBeNull();
    expect(namedLexiconWarning('la posición', 'NWL20', 'mi.kwg')).toBeNull();
    // The default lexicon's own name, which the games Atril saves write.
    expect(namedLexiconWarning('la partida', 'spanish', undefined)).toBeNull();
  });

  it('threadsOption: 1 to 64 threads; more than the cores is allowed with a warning', () => {
    expect(threadsOption(undefined, 2)).toEqual({});
    expect(threadsOption('2', 2)).toEqual({ threads: 2 });
    expect(threadsOption('64', 64)).toEqual({ threads: 64 });
    expect(threadsOption('3', 2)).toEqual({
      threads: 3,
      warning: 'Aviso: 3 hilos en 2 núcleos: se reparten el tiempo y cada uno avanza más despacio.',
    });
    expect((threadsOption('2', 1) as { warning: string }).warning).toMatch(/ en un núcleo: /);
    for (const bad of ['0', '65', '1.5', 'dos', ''])
      expect(threadsOption(bad, 2)).toBe(
        `--hilos necesita un número entero entre 1 y 64, no «${bad}».`,
      );
  });

  it('seedOption: one rule for every --seed, a whole number from 0 to 2^32 − 1', () => {
    expect(seedOption(undefined, 1)).toBe(1);
    expect(seedOption('0', 1)).toBe(0);
    expect(seedOption('4294967295', 1)).toBe(MAX_SEED);
    for (const bad of ['4294967296', '99999999999999999999', '1.5', '-1', '1e3', ' 7', ''])
      expect(seedOption(bad, 1), bad).toBe(
        `--seed necesita un número entero de 0 a 4294967295, no «${bad}».`,
      );
  });

  it('plainCount: digits only, within safe integers', () => {
    expect(plainCount('12')).toBe(12);
    expect(plainCount('0')).toBe(0);
    for (const t of ['', ' 3', '1e1', '0x3', '-1', '1.5', '99999999999999999999'])
      expect(plainCount(t), t).toBeUndefined();
  });

  it('plainPositive: a decimal point or a Spanish decimal comma, above 0', () => {
    expect(plainPositive('2')).toBe(2);
    expect(plainPositive('0.5')).toBe(0.5);
    expect(plainPositive('0,5')).toBe(0.5);
    for (const t of ['', '0', '0,0', '.5', '1,', '1e1', '-1', '1,5,5', '1.5,5', 'abc'])
      expect(plainPositive(t), t).toBeUndefined();
  });

  it('«atril help» and «atril ayuda ORDEN» show the help, as --help does', () => {
    const run = (...args: string[]) =>
      spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8' });
    const all = run('help');
    expect(all.status).toBe(0);
    expect(all.stdout).toMatch(/^Uso: atril <orden> \[opciones\]/);
    for (const ask of [
      ['ayuda', 'best'],
      ['help', 'best'],
    ]) {
      const one = run(...ask);
      expect(one.status, ask.join(' ')).toBe(0);
      expect(one.stdout).toBe(run('best', '--help').stdout);
    }
    expect(run('ayuda', 'nada').stderr).toMatch(/^Orden desconocida: «nada»\./);
  });

  it('--version and -v say the version of package.json; the helps say what the commands do', () => {
    const run = (...args: string[]) =>
      spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8' });
    const pkg = JSON.parse(
      readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
    ) as { version: string };
    for (const flag of ['--version', '-v']) {
      const r = run(flag);
      expect([r.status, r.stdout, r.stderr], flag).toEqual([0, `atril ${pkg.version}\n`, '']);
    }
    const all = run('--help').stdout;
    expect(all).toContain('«atril --version» (o -v) dice la versión.');
    // endgame also takes one tile in the bag (a pre-endgame).
    expect(all).toMatch(/^ {2}endgame +resuelve un final de partida .*una ficha/m);
    expect(run('lexicon', '--help').stdout).toMatch(/^Uso: atril lexicon build .*\[--force\]/);
    const analyze = run('analyze', '--help').stdout;
    expect(analyze).toMatch(/Ctrl\+C para el\s+análisis y muestra lo analizado hasta entonces/);
    expect(analyze).toMatch(
      /2 si la orden está mal escrita, el archivo no se puede leer o\s+describe una partida que no pudo jugarse/,
    );
  });

  it('every command answers an unknown option in Spanish with exit 2', () => {
    for (const cmd of [['best'], ['selfplay'], ['play'], ['check', 'casa'], ['lexicon', 'info']]) {
      const r = spawnSync(process.execPath, [bin, ...cmd, '--nada'], { encoding: 'utf8' });
      expect(r.status, cmd[0]).toBe(2);
      expect(r.stderr, cmd[0]).toMatch(/^Opción desconocida: «--nada»\./);
    }
  });
});
