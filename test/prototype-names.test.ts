/**
 * Names that exist on every JavaScript object (`constructor`, `__proto__`, `toString`) given as
 * a tile set, a preset or a direction are unknown names like any other: a Spanish
 * "desconocido", never a stack trace (issue 10, item 12).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCgp } from '../src/engine/notation/cgp.js';
import { parseGcg } from '../src/engine/notation/gcg.js';
import { SPANISH, tileSetById, wordToTiles } from '../src/engine/tiles.js';
import { encodeKwg } from '../src/lexicon/file.js';
import { buildKwg } from '../src/lexicon/index.js';
import { parsePlayText } from '../src/play/playText.js';
import { runCli } from './helpers/runCli.js';
import { tempDir } from './helpers/tempDir.js';

const NAMES = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'] as const;
const dir = tempDir('atril-proto-');
const noTrace = (s: string): void => expect(s).not.toMatch(/\n\s+at |Error interno/);

describe('prototype names are unknown names', () => {
  it('tileSetById knows only its own sets', () => {
    for (const n of NAMES) expect(tileSetById(n)).toBeUndefined();
    expect(tileSetById('Spanish')).toBe(SPANISH);
  });

  it('a GCG #tile-distribution: UNKNOWN_TILE_DISTRIBUTION, and replay exits 2', async () => {
    for (const n of NAMES) {
      const text = `#tile-distribution ${n}\n#player1 a A\n#player2 b B\n>a: AB 8H AB +8 8\n`;
      const parsed = parseGcg(new TextEncoder().encode(text));
      expect(parsed.ok ? 'ok' : parsed.error.code).toBe('UNKNOWN_TILE_DISTRIBUTION');
      const f = join(dir, `${n}.gcg`);
      writeFileSync(f, text);
      const r = await runCli('replay', f);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(/no conoce el juego de fichas/);
      noTrace(r.err);
    }
  });

  it('a CGP `ld` option: UNKNOWN_TILE_DISTRIBUTION, and best exits 2', async () => {
    const board = '15/15/15/15/15/15/15/15/15/15/15/15/15/15/15';
    for (const n of NAMES) {
      const cgp = `${board} AEIO/ 0/0 0 ld ${n};`;
      const parsed = parseCgp(cgp);
      expect(parsed.ok ? 'ok' : parsed.error.code).toBe('UNKNOWN_TILE_DISTRIBUTION');
      const r = await runCli('best', '--cgp', cgp);
      expect(r.code).toBe(2);
      noTrace(r.err);
    }
  });

  it('--tile-set of lexicon build and --rules of play and selfplay: desconocido, exit 2', async () => {
    const list = join(dir, 'lista.txt');
    writeFileSync(list, 'casa\n');
    for (const n of NAMES) {
      const b = await runCli('lexicon', 'build', list, '--tile-set', n, '-o', join(dir, 'x.kwg'));
      expect(b.code).toBe(2);
      expect(b.err).toMatch(/desconocido/);
      noTrace(b.err);
      for (const cmd of ['play', 'selfplay']) {
        const r = await runCli(
          cmd,
          '--rules',
          n,
          ...(cmd === 'selfplay' ? ['--games', '1', '--bots', 'experto,experto'] : []),
        );
        expect(r.code, `${cmd} --rules ${n}`).toBe(2);
        expect(r.err).toMatch(/desconocidas/);
        noTrace(r.err);
      }
    }
  });

  it('a graph file whose header names a prototype name: unknown tile set, exit 2', async () => {
    const kwg = buildKwg([[1, 2]], SPANISH);
    for (const n of NAMES.filter((x) => x.length <= 12)) {
      const f = join(dir, `${n}.kwg`);
      writeFileSync(f, encodeKwg({ ...kwg, tileSetId: n }));
      const r = await runCli('lexicon', 'info', f);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(/desconocido/);
      noTrace(r.err);
    }
  });

  it('a direction word in a typed play: read as part of the word, not as a direction', () => {
    for (const n of NAMES) {
      const word = `sal${n}`;
      const rack = wordToTiles(SPANISH, word.replace(/_/g, ''));
      if (!rack.ok) continue; // a name with letters Spanish lacks
      const r = parsePlayText(SPANISH, new Uint8Array(225), rack.value, `8D sal ${n}`);
      expect(r.ok ? r.value.dir : r.error, n).not.toSatisfy((d) => typeof d === 'function');
      if (r.ok) expect(r.value.dir).toBe('H');
    }
  });
});
