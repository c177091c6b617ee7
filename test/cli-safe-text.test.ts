/**
 * Control characters from files, nicknames and arguments never reach the terminal raw, and a
 * rejected line is echoed clipped (issue 10, item 12).
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clip, printable } from '../src/cli/safeText.js';
import { repoRoot } from './gcg-dir.js';
import { runCli } from './helpers/runCli.js';
import { tempDir } from './helpers/tempDir.js';

const dir = tempDir('atril-texto-');
const ESC = '\x1b';
const RETITLE = `${ESC}]0;pwned\x07`;
const CLEAR = `${ESC}[2J${ESC}[H`;

function file(name: string, text: string): string {
  const f = join(dir, name);
  writeFileSync(f, text);
  return f;
}

describe('printable and clip', () => {
  it('controls become \\xNN; tab and line feed stay', () => {
    expect(printable(`a${ESC}[2Jb\tc\nd\x7f\x9b`)).toBe('a\\x1b[2Jb\tc\nd\\x7f\\x9b');
  });
  it('a long text is cut and says how much was left out', () => {
    expect(clip('x'.repeat(100), 10)).toBe('xxxxxxxxxx… (y 90 caracteres más)');
    expect(clip('corto', 10)).toBe('corto');
  });
});

describe('escape sequences from files and names', () => {
  it('replay: a title and a nick with escapes are shown escaped', async () => {
    const f = file(
      'titulo.gcg',
      `#title ${RETITLE}Final\n#tile-distribution spanish\n#player1 a${CLEAR} Ana\n#player2 b Berto\n>a${CLEAR}: CASA 8G CASA +12 12\n`,
    );
    const r = await runCli('replay', f, '--lexicon', 'none');
    expect(r.code).toBe(0);
    expect(r.out).not.toContain(ESC);
    expect(r.out).not.toContain('\x07');
    expect(r.out).toContain('\\x1b]0;pwned\\x07Final');
  });

  it('replay: a bad line with escapes is escaped and clipped in the error', async () => {
    const f = file('mala.gcg', `#player1 a A\n#player2 b B\n${CLEAR}${'x'.repeat(100_000)}\n`);
    const r = await runCli('replay', f);
    expect(r.code).toBe(2);
    expect(r.err).not.toContain(ESC);
    expect(r.err.length).toBeLessThan(400);
    expect(r.err).toMatch(/caracteres más/);
  });

  it('lexicon build: a rejected line of 200 000 characters is echoed clipped', async () => {
    const f = file('lista.txt', `casa\n${ESC}[31m${'1'.repeat(200_000)}\n`);
    const r = await runCli('lexicon', 'build', f, '-o', join(dir, 'l.kwg'), '--force');
    expect(r.code).toBe(0);
    expect(r.out.length).toBeLessThan(1000);
    expect(r.out).not.toContain(ESC);
  });

  it('check: an argument with escapes is echoed escaped', async () => {
    const r = await runCli('check', `ca${CLEAR}sa`);
    expect(r.code).toBe(1);
    expect(r.out).not.toContain(ESC);
  });

  it('play in line mode: a player name with escapes is shown escaped', () => {
    const r = spawnSync(
      process.execPath,
      [
        join(repoRoot, 'bin', 'atril.js'),
        'play',
        '--jugadores',
        `Ana${CLEAR}`,
        'Luis',
        '--lineas',
        '--seed',
        '3',
      ],
      { input: 'salir\n', encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } },
    );
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('Ana\\x1b[2J');
    expect(r.stdout).not.toContain(ESC);
  });
});
