/**
 * Learned Spanish leave values (see docs/leaves.md): a value per tile kept, a penalty per
 * duplicate copy, and a vowel/consonant balance term, fitted on self-play games by
 * `npm run train:leaves`, which writes `leaves/spanish.ts`.
 */
import type { LeaveModel, LeaveParams } from './leave.js';
import { SPANISH_LEAVES } from './leaves/spanish.js';

export type { LeaveParams };

/** A leave model from parameters. */
export function paramLeaves(p: LeaveParams): LeaveModel {
  const isVowel = new Uint8Array(64);
  for (const v of p.vowels) isVowel[v] = 1;
  const allCodes = p.tile.map((_, t) => t);
  return {
    leaveValue(counts, _size, codes = allCodes) {
      let v = 0;
      let vow = 0;
      let con = 0;
      for (let j = 0; j < codes.length; j++) {
        const t = codes[j]!;
        if (t >= p.tile.length) continue;
        const c = counts[t]!;
        if (c === 0) continue;
        v += c * p.tile[t]! + (c - 1) * p.dup[t]!;
        if (t === 0) continue;
        if (isVowel[t]) vow += c;
        else con += c;
      }
      const row = p.balance[Math.min(vow, p.balance.length - 1)]!;
      return v + row[Math.min(con, row.length - 1)]!;
    },
  };
}

let cached: LeaveModel | undefined;

/** The shipped Spanish leave values. */
export function defaultLeaves(): LeaveModel {
  cached ??= paramLeaves(SPANISH_LEAVES);
  return cached;
}
