/**
 * A reader that closes stdout early (`| head`) does not turn a failure into success: the exit
 * status is the command's own (issue 10, item 12; bin/atril.js's EPIPE handler). Real
 * subprocesses, since the handler lives in the entry point.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gcgDir, repoRoot } from './gcg-dir.js';

const bin = join(repoRoot, 'bin', 'atril.js');

/** Runs atril with its stdout read end closed at once, so every write fails with EPIPE. */
function withClosedStdout(args: string[]): Promise<{ code: number | null; err: string }> {
  const child = spawn(process.execPath, [bin, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.destroy();
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise((ok) => child.on('close', (code) => ok({ code, err })));
}

describe('exit status with stdout closed early', () => {
  it('a replay with a mismatch still exits 1, without a stack trace', async () => {
    const r = await withClosedStdout([
      'replay',
      join(gcgDir(), 'liwords_hoodriver2022_r20_peter.gcg'),
      '--lexicon',
      'none',
    ]);
    expect(r.code).toBe(1);
    expect(r.err).not.toMatch(/\n\s+at |EPIPE/);
  });

  it('a check with an invalid word exits 1; a valid one 0', async () => {
    expect((await withClosedStdout(['check', 'casa', 'xyzzy'])).code).toBe(1);
    expect((await withClosedStdout(['check', 'casa'])).code).toBe(0);
  });
});
