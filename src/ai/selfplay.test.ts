/** Self-play games end and are decided by the rules of their preset (RULES.md §11–12). */
import { beforeAll, describe, expect, it } from 'vitest';
import { makeRules } from '../engine/rules.js';
import { SPANISH } from '../engine/tiles.js';
import { loadDefaultLexicon, type Lexicon } from '../lexicon/index.js';
import { type Bot, makeBot } from './bots.js';
import { KIND_PASS } from './movelist.js';
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
    // Plays as experto until the bag holds fewer than 8 tiles (X-03: no exchange), then passes.
    const expert = makeBot('experto');
    const stubborn: Bot = {
      level: 'experto',
      choose(gen, input, list, rng) {
        if (input.bagCount >= 8) return expert.choose(gen, input, list, rng);
        gen.generate({ rack: input.rack, bagCount: input.bagCount, exchangeMinBag: 8 }, list);
        for (let i = 0; i < list.count; i++) if (list.kind[i] === KIND_PASS) return i;
        throw new Error('no pass');
      },
    };
    const moves: { score: number; bagAfter: number }[] = [];
    const r = table.play([stubborn, stubborn], 5, (m) => moves.push({ ...m }));
    const blocked = moves.findIndex((m) => m.bagAfter < 8 && m.score === 0);
    expect(blocked).toBeGreaterThan(0);
    // Without V-03 (no E-02 pass limit in sala) the passes went on to the 200-turn cap.
    expect(r.turns).toBe(blocked + 3);
    expect(moves.slice(blocked).every((m) => m.score === 0)).toBe(true);
  });

  it('E-07 (caja): a tie after the rack adjustment goes to the higher score before it', () => {
    // Seed 603 between two aficionados ends 449–449 after a player goes out (E-01, E-05).
    const bots = [makeBot('aficionado'), makeBot('aficionado')] as const;
    const fise = new SelfPlay(lex.nodes, SPANISH, makeRules('fise')).play([...bots], 603);
    expect(fise.scores).toEqual([449, 449]);
    expect(fise.winner).toBe(-1);
    const caja = new SelfPlay(lex.nodes, SPANISH, makeRules('caja')).play([...bots], 603);
    expect(caja.scores).toEqual([449, 449]);
    expect(caja.winner).toBeGreaterThanOrEqual(0);
    expect(caja.before[caja.winner]).toBeGreaterThan(caja.before[1 - caja.winner]!);
  });
});
