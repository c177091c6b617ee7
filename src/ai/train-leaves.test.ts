/** `npm run train:leaves`: its command line, and that bad usage never touches the shipped file. */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseTrainArgs } from './train-leaves.js';

const script = fileURLToPath(new URL('./train-leaves.ts', import.meta.url));
const shipped = fileURLToPath(new URL('./leaves/spanish.ts', import.meta.url));
const tsx = fileURLToPath(new URL('../../node_modules/tsx/dist/cli.mjs', import.meta.url));
const train = (...args: string[]) =>
  spawnSync(process.execPath, [tsx, script, ...args], { encoding: 'utf8' });

describe('train:leaves command line', () => {
  it('defaults are the documented ones (docs/leaves.md)', () => {
    expect(parseTrainArgs([])).toEqual({
      ok: true,
      value: { games: 1000, rounds: 2, seed: 2026, lambda: 30 },
    });
    expect(parseTrainArgs(['--games', '20', '--seed=-4', '--lambda', '2.5'])).toEqual({
      ok: true,
      value: { games: 20, rounds: 2, seed: -4, lambda: 2.5 },
    });
  });

  it('refuses games, rounds, seeds and λ that would train on nothing or on NaN', () => {
    for (const args of [
      ['--games', 'x'],
      ['--games', '0'],
      ['--rounds', '0'],
      ['--rounds', '1.5'],
      ['--seed', 'abc'],
      ['--lambda', 'x'],
      ['--lambda', '0'],
      ['--nada'],
    ]) {
      const r = parseTrainArgs(args);
      expect(r.ok, args.join(' ')).toBe(false);
      expect(!r.ok && r.error).toMatch(/necesita|no válida/);
    }
  });

  it('--help prints the usage; bad usage exits 2 in Spanish and leaves the shipped file alone', () => {
    const before = readFileSync(shipped, 'utf8');
    const help = train('--help');
    expect(help.status, help.stderr).toBe(0);
    expect(help.stdout).toMatch(/^Uso: npm run train:leaves/);
    const bad = train('--games', 'x');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/--games necesita un número entero/);
    expect(bad.stderr).not.toMatch(/at |Error/);
    expect(readFileSync(shipped, 'utf8')).toBe(before);
  });
});
