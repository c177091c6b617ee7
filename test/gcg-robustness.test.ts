/**
 * Damaged records never crash the reader or the replay: every outcome is a record, a report or a
 * coded error (so `atril replay` never shows a stack trace). Seeded mutations of real records:
 * lines dropped, swapped or duplicated, tokens deleted, bytes flipped.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCgp } from '../src/engine/notation/cgp.js';
import { parseGcg } from '../src/engine/notation/gcg.js';
import { replayRecord } from '../src/engine/notation/recordAudit.js';
import { Rng, seedRng } from '../src/engine/rng.js';
import { gcgDir } from './gcg-dir.js';

const dir = gcgDir();
const SAMPLES = ['ropita_gcg_sample.gcg', 'quackle_fivepoint.gcg', 'macondo_polish_endgame.gcg'];

function mutate(rng: Rng, bytes: Uint8Array): Uint8Array {
  const text = Buffer.from(bytes).toString('latin1');
  const lines = text.split('\n');
  const i = rng.below(lines.length);
  const j = rng.below(lines.length);
  switch (rng.below(5)) {
    case 0:
      lines.splice(i, 1);
      break;
    case 1:
      [lines[i], lines[j]] = [lines[j]!, lines[i]!];
      break;
    case 2:
      lines.splice(i, 0, lines[j]!);
      break;
    case 3: {
      const toks = lines[i]!.split(' ');
      toks.splice(rng.below(toks.length), 1);
      lines[i] = toks.join(' ');
      break;
    }
    default: {
      const out = Buffer.from(lines.join('\n'), 'latin1');
      out[rng.below(out.length)] = rng.below(256);
      return new Uint8Array(out);
    }
  }
  return new Uint8Array(Buffer.from(lines.join('\n'), 'latin1'));
}

describe('damaged input gives coded errors, never exceptions', () => {
  it.each(SAMPLES)('%s: 150 seeded mutations', (file) => {
    const rng = new Rng(seedRng(`robustness:${file}`));
    const original = new Uint8Array(readFileSync(join(dir, file)));
    const outcomes = new Set<string>();
    for (let k = 0; k < 150; k++) {
      let bytes: Uint8Array = original;
      for (let m = 1 + rng.below(3); m > 0; m--) bytes = mutate(rng, bytes);
      const parsed = parseGcg(bytes);
      if (!parsed.ok) {
        outcomes.add(parsed.error.code);
        continue;
      }
      const r = replayRecord(parsed.value.record, { lines: parsed.value.lines });
      outcomes.add(r.ok ? (r.value.ok ? 'clean' : 'mismatch') : r.error.code);
    }
    // The mutations reach more than one kind of outcome, so the loop is really exercising both.
    expect(outcomes.size).toBeGreaterThan(2);
  });

  it('random text as CGP gives coded errors', () => {
    const rng = new Rng(seedRng('cgp'));
    const alphabet = '0123456789/ ABCÑ[]?;abc-';
    for (let k = 0; k < 500; k++) {
      let s = '';
      for (let n = rng.below(60); n > 0; n--) s += alphabet[rng.below(alphabet.length)];
      const r = parseCgp(s);
      if (!r.ok) expect(typeof r.error.code).toBe('string');
    }
  });
});
