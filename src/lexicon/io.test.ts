import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SPANISH } from '../engine/tiles.js';
import { buildPackedKwg } from './build.js';
import { HEADER_BYTES } from './file.js';
import { lexiconName, loadLexicon, openLexicon, readWordList, saveKwg } from './io.js';
import type { Lexicon } from './lexicon.js';
import { tiles } from './testing/graph.js';
import { lexiconLoadErrorText } from '../play/errorText.js';
import { tempDir } from '../../test/helpers/tempDir.js';

const dir = tempDir('atril-lexicon-');
const file = (name: string, content: string | Uint8Array): string => {
  const p = join(dir, name);
  writeFileSync(p, content);
  return p;
};

describe('user word lists', () => {
  it('builds exactly the normalised list: none more, none less', () => {
    const path = file(
      'mis-palabras.txt',
      '\ufeff# Lista de prueba\nCasa\ncasas\n\ncalle\nCALLE\nimán\npingüino\nkiwi\nñu\nrr\nx\n',
    );
    const r = readWordList(path);
    if (!r.ok) throw new Error(lexiconLoadErrorText(r.error));
    expect(r.value.rejected.map((x) => [x.line, x.text, x.reason.code])).toEqual([
      [9, 'kiwi', 'LETTER_NOT_IN_SET'],
      [11, 'rr', 'TOO_SHORT'],
      [12, 'x', 'TOO_SHORT'],
    ]);
    const out = join(dir, 'mis-palabras.kwg');
    saveKwg(buildPackedKwg(r.value.words, SPANISH), out);
    const loaded = loadLexicon(out);
    if (!loaded.ok) throw new Error(lexiconLoadErrorText(loaded.error));
    const lex: Lexicon = loaded.value;
    const words = [...lex.words()].map((w) => w.join(',')).sort();
    const expected = ['CASA', 'CASAS', 'CALLE', 'IMAN', 'PINGUINO', 'ÑU'].map((w) =>
      tiles(w).join(','),
    );
    expect(words).toEqual(expected.sort());
    expect(lex.wordCount).toBe(6);
    expect(lex.set).toBe(SPANISH);
  });

  it('an empty list (or only comments) is an error, in Spanish', () => {
    for (const content of ['', '# nada\n\n']) {
      const r = readWordList(file('vacia.txt', content));
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.error.code).toBe('NO_WORDS');
        expect(lexiconLoadErrorText(r.error)).toMatch(/no contiene ninguna palabra/);
      }
    }
  });

  it('a binary file is not a word list', () => {
    const r = readWordList(
      file('imagen.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 0xff, 0xfe])),
    );
    expect(r.ok).toBe(false);
    if (!r.ok) expect(lexiconLoadErrorText(r.error)).toMatch(/no es un archivo de texto UTF-8/);
    const nul = readWordList(file('nul.txt', 'casa\0\ncalle\n'));
    expect(nul.ok ? 'ok' : nul.error.code).toBe('NOT_TEXT');
  });

  it('a list saved in Latin-1 or Windows-1252 is told apart from a binary file', () => {
    // «ñu», «cañón», «pingüino» and «camión» as an older editor saves them: one byte a letter,
    // with Windows-1252's curly quotes (0x93, 0x94) in a comment, and Windows line ends.
    const latin1 = Uint8Array.from(
      [...'# \x93mis\x94 palabras\r\n\xf1u\r\nca\xf1\xf3n\r\nping\xfcino\r\ncami\xf3n\r\n'].map(
        (c) => c.charCodeAt(0),
      ),
    );
    const r = readWordList(file('latin1.txt', latin1));
    expect(r.ok ? 'ok' : r.error.code).toBe('LATIN1');
    if (!r.ok)
      expect(lexiconLoadErrorText(r.error)).toBe(
        `«${join(dir, 'latin1.txt')}» no está en UTF-8 (parece Latin-1): guárdalo como UTF-8.`,
      );
    // Bytes that are no UTF-8 and hold a control byte are binary data, as before.
    for (const bytes of [
      [0xf1, 0x75, 0x0a, 0x01],
      [0xd1, 0x55, 0x00],
      [0x63, 0x61, 0x81, 0x0a],
    ]) {
      const b = readWordList(file('binario.dat', new Uint8Array(bytes)));
      expect(b.ok ? 'ok' : b.error.code, bytes.join(' ')).toBe('NOT_TEXT');
    }
  });

  it('a missing file or a folder says so', () => {
    const r = readWordList(join(dir, 'no-existe.txt'));
    expect(r.ok ? 'ok' : r.error.code).toBe('NOT_FOUND');
    mkdirSync(join(dir, 'carpeta'));
    const d = loadLexicon(join(dir, 'carpeta'));
    expect(d.ok ? 'ok' : lexiconLoadErrorText(d.error)).toMatch(/es una carpeta/);
  });
});

describe('lexiconName', () => {
  it('names a lexicon by its file, as Macondo does, in one word on one line', () => {
    expect(lexiconName(undefined)).toBe('spanish');
    expect(lexiconName('/datos/FISE2.kwg')).toBe('FISE2');
    expect(lexiconName('mi lista.v2.kwg')).toBe('mi_lista.v2');
    expect(lexiconName('raro\n#player1 x X.kwg')).toBe('raro_#player1_x_X');
    expect(lexiconName('sin-extension')).toBe('sin-extension');
  });
});

describe('lexicon files', () => {
  const good = join(dir, 'bueno.kwg');
  saveKwg(
    buildPackedKwg({ bytes: new Uint8Array([0, ...tiles('CASA'), 0]), count: 1 }, SPANISH),
    good,
  );
  const bytes = readFileSync(good);
  const broken = (name: string, change: (b: Uint8Array) => Uint8Array): string =>
    file(name, change(Uint8Array.from(bytes)));
  const message = (path: string): string => {
    const r = loadLexicon(path);
    return r.ok ? 'ok' : lexiconLoadErrorText(r.error);
  };

  it('a good file loads and answers', () => {
    const r = loadLexicon(good);
    expect(r.ok && r.value.isWord(tiles('CASA'))).toBe(true);
  });

  it('each kind of damage is a clear Spanish error, never a wrong answer', () => {
    expect(message(file('vacio.kwg', ''))).toMatch(/está vacío/);
    expect(message(file('lista.kwg', 'casa\ncalle\n'))).toMatch(
      /no es un archivo de léxico de Atril/,
    );
    expect(message(broken('version.kwg', (b) => ((b[8] = 9), b)))).toMatch(/versión de formato 9/);
    expect(message(broken('corto.kwg', (b) => b.subarray(0, b.length - 3)))).toMatch(
      /incompleto o dañado/,
    );
    expect(message(broken('cabecera.kwg', (b) => b.subarray(0, 12)))).toMatch(
      /incompleto o dañado/,
    );
    expect(message(broken('suma.kwg', (b) => ((b[HEADER_BYTES + 9]! ^= 1), b)))).toMatch(
      /suma de control/,
    );
    expect(message(join(dir, 'no-existe.kwg'))).toMatch(/No existe el archivo/);
  });

  it('openLexicon uses the named file, resolved against the current directory', () => {
    const r = openLexicon(good);
    expect(r.ok && r.value.wordCount).toBe(1);
  });
});
