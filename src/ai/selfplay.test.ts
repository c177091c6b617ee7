/** Self-play games end and are decided by the rules of their preset (RULES.md §11–12). */
import { beforeAll, describe, expect, it } from 'vitest';
import { makeRules } from '../engine/rules.js';
import { SPANISH } from '../engine/tiles.js';
import { loadDefaultLexicon, type Lexicon } from '../lexicon/index.js';
import { makeBot } from './bots.js';
import { SelfPlay } from './selfplay.js';

let lex: Lexicon;
beforeAll(() => {
  const l = loadDefaultLexicon();
  if (!l.ok) throw new Error(l.message);
  lex = l.value;
});

describe('SelfPlay rules', () => {
  it('V-03: a sala game ends once the bag cannot fund an exchange and 3 turns leave the board unchanged', () => {
    const table = new SelfPlay(lex.nodes, SPANISH, makeRules('sala'));
    // Seed 2: both racks stuck with the bag empty; without V-03 they passed until turn 200.
    let run = 0;
    let longest = 0;
    const r = table.play([makeBot('experto'), makeBot('principiante')], 2, (m) => {
      run = m.score === 0 && m.bagAfter < 8 ? run + 1 : 0;
      longest = Math.max(longest, run);
    });
    expect(longest).toBe(3);
    expect(r.turns).toBeLessThan(60);
  });

  it('E-07 (caja): a tie after the rack adjustment goes to the higher score before it', () => {
    // Seed 460 between two aficionados ends 453–453 after a player goes out (E-01, E-05).
    const bots = [makeBot('aficionado'), makeBot('aficionado')] as const;
    const fise = new SelfPlay(lex.nodes, SPANISH, makeRules('fise')).play([...bots], 460);
    expect(fise.scores).toEqual([453, 453]);
    expect(fise.winner).toBe(-1);
    const caja = new SelfPlay(lex.nodes, SPANISH, makeRules('caja')).play([...bots], 460);
    expect(caja.scores).toEqual([453, 453]);
    expect(caja.winner).toBeGreaterThanOrEqual(0);
    expect(caja.before[caja.winner]).toBeGreaterThan(caja.before[1 - caja.winner]!);
  });
});
