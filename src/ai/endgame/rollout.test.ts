/**
 * Endgame rollouts on hand-made positions whose lines are short enough to follow by hand: each
 * root move is played, then both players make the expert's static choice to the end (E-01,
 * E-02, E-05).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { makeRules } from '../../engine/rules.js';
import { boardWith } from '../../engine/testing/positions.js';
import { SPANISH, parseNotation, rackFromTiles } from '../../engine/tiles.js';
import { loadDefaultLexicon } from '../../lexicon/index.js';
import { EndgameRollout } from './rollout.js';

let rollout: EndgameRollout;
beforeAll(() => {
  const lex = loadDefaultLexicon();
  if (!lex.ok) throw new Error(JSON.stringify(lex.error));
  rollout = new EndgameRollout(lex.value.nodes, SPANISH, makeRules('fise'));
});

function rackOf(text: string): Uint8Array {
  const t = parseNotation(SPANISH, text, { allowUndesignatedBlank: true });
  if (!t.ok) throw new Error(text);
  return rackFromTiles(SPANISH, t.value);
}

const CASA: [string, string][] = [['8D', 'CASA']];

describe('endgame rollout', () => {
  it('E-01, E-05: S goes out with CASAS (14) and takes twice the X+A (9): the best root move, worth 32', () => {
    const ranked = rollout.rank({ board: boardWith(CASA), racks: [rackOf('S'), rackOf('XA')] }, 10);
    expect(ranked[0]!.score).toBe(14);
    expect(ranked[0]!.value).toBe(14 + 2 * 9);
  });

  it('a stuck Q passes; the J goes out with JA (17) and takes twice the Q (5): −27', () => {
    const ranked = rollout.rank({ board: boardWith(CASA), racks: [rackOf('Q'), rackOf('J')] }, 10);
    expect(ranked).toHaveLength(1);
    expect(ranked[0]!.move.kind).toBe('pass');
    expect(ranked[0]!.value).toBe(-(17 + 2 * 5));
  });

  it('E-02: neither can place anything, a pass answered by a pass ends it: Q (5) against LL (8) is +3', () => {
    const ranked = rollout.rank(
      { board: boardWith(CASA), racks: [rackOf('Q'), rackOf('[LL]')] },
      10,
    );
    expect(ranked[0]!.value).toBe(8 - 5);
  });

  it('X then S against ÑE: every root move is valued by its line to the end, best first', () => {
    const ranked = rollout.rank(
      { board: boardWith(CASA), racks: [rackOf('XS'), rackOf('ÑE')] },
      40,
    );
    expect(ranked.length).toBeGreaterThan(3);
    for (let k = 1; k < ranked.length; k++)
      expect(ranked[k - 1]!.value).toBeGreaterThanOrEqual(ranked[k]!.value);
    // AX at G8 (17) also takes the G7 square the opponent's ÑA needs; ÑE answers ÑA at E7 (9)
    // and CASAS (14) goes out over the E, taking twice the E (1): 24, the exact value too.
    expect(ranked[0]!.value).toBe(24);
    expect(ranked[0]!.move).toEqual({ kind: 'place', row: 7, col: 6, dir: 'V', tiles: [0, 26] });
  });
});
