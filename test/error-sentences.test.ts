/**
 * One module holds every Spanish sentence for a coded error (src/play/errorText.ts): a code
 * mapped to a sentence anywhere else in src/ is a second copy that will drift. This finds the
 * two shapes such a copy takes: a `case 'CODE':` or a `CODE:` table key whose value is Spanish
 * text, and the `Error: ${code}` fallback of an incomplete table.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const HOME = 'src/play/errorText.ts';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return sources(path);
    return d.name.endsWith('.ts') && !d.name.endsWith('.test.ts') ? [path] : [];
  });
}

// An UPPER_SNAKE code as a case label or a table key, then (within a few lines) a string
// literal with a lower-case Spanish word in it. Node's own codes (`ERR_PARSE_ARGS_…`, which
// src/cli/args.ts words for the command line) are not Atril's.
const CODE_TO_TEXT =
  /(?:case\s+'(?!ERR_)[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+'\s*:|^\s*'?[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+'?\s*:)(?:[^\n]*\n){0,2}?[^\n]*?[`'"][^`'"\n]*\b(?:no|la|el|de|hay|es|en|un|una)\b[^`'"\n]*[`'"]/gm;
const FALLBACK = /`Error: \$\{/;

/** The places in `text` where a code is turned into a sentence. */
function strays(text: string): string[] {
  const out = [...text.matchAll(CODE_TO_TEXT)].map((m) => m[0].split('\n')[0]!.trim());
  if (FALLBACK.test(text)) out.push('`Error: ${…}` fallback');
  return out;
}

describe('error sentences live in one module', () => {
  it('finds the code-to-sentence tables of the module itself (the check can see them)', () => {
    expect(strays(readFileSync(join(ROOT, HOME), 'utf8')).length).toBeGreaterThan(30);
  });

  it('no other file of src/ maps a code to a Spanish sentence', () => {
    const found = sources(join(ROOT, 'src'))
      .filter((f) => relative(ROOT, f) !== HOME)
      .flatMap((f) => strays(readFileSync(f, 'utf8')).map((s) => `${relative(ROOT, f)}: ${s}`));
    expect(found).toEqual([]);
  });
});
