/**
 * Every rule of RULES.md §1–§12 is named by at least one test title, so a rule cannot be left
 * untested silently. The exceptions below are listed with their reason.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gcgDir, repoRoot } from './gcg-dir.js';

/** Rules no test names yet, and why. */
const NOT_TESTED: Record<string, string> = {
  'W-01': 'lexicon authority (FILE/FISE lexicon): a data question, not checkable in code',
  'W-02': 'what the lexicon accepts: depends on the word list, owned by the lexicon',
  'TM-03': 'optional per-turn timer: not implemented',
};

function ruleIds(): string[] {
  const text = readFileSync(resolve(gcgDir(), '../../RULES.md'), 'utf8');
  const upTo12 = text.slice(0, text.indexOf('\n## 13.'));
  const ids = new Set<string>();
  for (const m of upTo12.matchAll(/\*\*((?:T|N|D|G|P|S|X|E|C|W|TM|V)-\d{2})\b/g)) ids.add(m[1]!);
  return [...ids].sort();
}

function testTitles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) testTitles(path, out);
    else if (name.endsWith('.test.ts')) {
      const src = readFileSync(path, 'utf8');
      for (const m of src.matchAll(/\b(?:it|describe|test)\(\s*(['"`])((?:(?!\1).)*)\1/gs))
        out.push(m[2]!);
    }
  }
  return out;
}

describe('RULES.md rule IDs', () => {
  const ids = ruleIds();
  const titles = [...testTitles(join(repoRoot, 'src')), ...testTitles(join(repoRoot, 'test'))];

  it('finds the rules of §1–§12 (sanity: T-01 … V-03)', () => {
    expect(ids).toContain('T-01');
    expect(ids).toContain('V-03');
    expect(ids.length).toBeGreaterThan(60);
    for (const id of Object.keys(NOT_TESTED)) expect(ids).toContain(id);
  });

  it('names every rule in some test title', () => {
    const named = (id: string) => titles.some((t) => new RegExp(`\\b${id}\\b`).test(t));
    const missing = ids.filter((id) => !(id in NOT_TESTED) && !named(id));
    expect(missing).toEqual([]);
  });
});
