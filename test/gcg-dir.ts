/**
 * Where the real game records live: `ATRIL_GCG_DIR`, else `../shared/fixtures/gcg` next to the
 * repository (DESIGN.md §4). In a git worktree the repository is the main checkout, so the
 * default is looked for next to it as well.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (this worktree). */
export const repoRoot = resolve(fileURLToPath(new URL('..', import.meta.url)));

/** The directory holding the GCG fixtures. */
export function gcgDir(): string {
  const env = process.env['ATRIL_GCG_DIR'];
  if (env) return resolve(repoRoot, env);
  const candidates = [resolve(repoRoot, '../shared/fixtures/gcg')];
  try {
    const common = execFileSync(
      'git',
      ['rev-parse', '--path-format=absolute', '--git-common-dir'],
      {
        cwd: repoRoot,
        encoding: 'utf8',
      },
    ).trim();
    candidates.push(resolve(dirname(common), '../shared/fixtures/gcg'));
  } catch {
    // not a git checkout: only the plain default applies
  }
  return candidates.find((d) => existsSync(d)) ?? candidates[0]!;
}

/** The pragma lines of `ropita_sample2.gcg`: the players úrsula and arcadio, Spanish tiles. */
export function sampleHead(): string[] {
  return readFileSync(join(gcgDir(), 'ropita_sample2.gcg'), 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('#'));
}

/**
 * Writes a record of `moves` (GCG event lines) under `sampleHead()` to `dir/name` and returns
 * its path; the first move is on line `sampleHead().length + 1`.
 */
export function sampleRecord(dir: string, name: string, moves: readonly string[]): string {
  const file = join(dir, name);
  writeFileSync(file, [...sampleHead(), ...moves, ''].join('\n'));
  return file;
}
