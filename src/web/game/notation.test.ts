/** The history in GCG notation (UX.md §1). */
import { describe, expect, it } from 'vitest';
import { MIDGAME } from '../../play/testing/cases.js';
import { type ViewSpec, viewFrom } from '../../play/testing/views.js';
import { gcgLine, spokenLine } from './notation.js';

/** A blank played, a pass and an exchange. */
const BLANK_PASS_EXCHANGE: ViewSpec = {
  turns: [
    [0, '8H', 'CAsA'],
    [1, 'pass'],
    [0, 'exchange', 3],
  ],
  rack: 'AEIOU??',
};

describe('gcgLine', () => {
  it('writes plays with coordinate, tiles (. for a tile on the board), score and total', () => {
    const view = viewFrom(MIDGAME);
    expect(view.history.map((r) => gcgLine(view, r))).toEqual([
      '>Tú: 8H CASA +12 12',
      '>Ana: K5 PES. +12 12',
    ]);
  });

  it('writes a blank in lower case, a pass and an exchange', () => {
    const view = viewFrom(BLANK_PASS_EXCHANGE);
    expect(view.history.map((r) => gcgLine(view, r))).toEqual([
      '>Tú: 8H CAsA +10 10',
      '>Ana: - +0 0',
      '>Tú: -3 +0 10',
    ]);
  });

  it('writes an exchanged blank as ?, not as a tile on the board', () => {
    const view = viewFrom({ turns: [[0, 'exchange', 2]], rack: 'AEIOU??' });
    const rec = { ...view.history[0]!, tiles: [1, 0] } as (typeof view.history)[number];
    expect(gcgLine(view, rec)).toBe('>Tú: -A? +0 0');
  });

  it("C-02: a withdrawn play is the target's `--` line, with the total it leaves", () => {
    const view = viewFrom({ turns: [[0, '8H', 'CASA']] });
    const play = view.history[0]!;
    const withdrawn = {
      kind: 'challenge',
      index: 1,
      seat: 1,
      total: 0,
      target: 0,
      targetTotal: 0,
      valid: false,
      invalidWords: [],
      withdrawn: 12,
      penalty: 0,
      loseTurn: false,
    } as const;
    expect([play, withdrawn].map((r) => gcgLine(view, r))).toEqual([
      '>Tú: 8H CASA +12 12',
      '>Tú: -- -12 0',
    ]);
  });
});

describe('spokenLine', () => {
  it('says each move as U does, with the running total the GCG line shows', () => {
    const view = viewFrom(BLANK_PASS_EXCHANGE);
    expect(view.history.map((r) => spokenLine(view, r))).toEqual([
      'Tú: 8H horizontal, CASA (s como comodín), 10. Total: 10.',
      'Ana pasa. Total: 0.',
      'Has cambiado 3 fichas. Total: 10.',
    ]);
  });
});
