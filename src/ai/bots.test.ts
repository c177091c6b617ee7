/**
 * Bots decide from their seat's view only, and challenge only phonies (C-01).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { apply } from '../engine/apply.js';
import type { GameState } from '../engine/gameState.js';
import { newGame } from '../engine/newGame.js';
import { makeRules } from '../engine/rules.js';
import { viewFor } from '../engine/view.js';
import { SPANISH, wordToTiles } from '../engine/tiles.js';
import { play, tilesOf } from '../engine/testing/positions.js';
import { LL } from '../engine/testing/spanishCodes.js';
import { loadDefaultLexicon, type Lexicon } from '../lexicon/index.js';
import { BOT_LEVELS, botMove, makeBot, opponentExchange, opponentPlacement } from './bots.js';
import { MoveGenerator } from './movegen.js';
import { MoveList } from './movelist.js';
import { Rng } from './rng.js';
import { rigged, run } from '../engine/testing/games.js';
import { SelfPlay } from './selfplay.js';
import { mappedAndWalking } from './testing/openings.js';

let lex: Lexicon;
beforeAll(() => {
  const l = loadDefaultLexicon();
  if (!l.ok) throw new Error(JSON.stringify(l.error));
  lex = l.value;
});

const isWord = (t: number[]): boolean => lex.isWord(t);
const [C, A, L, E] = tilesOf('CALE');

/** Plays `turns` expert moves from a new game through the engine's `apply`. */
function gameAfter(turns: number, seed: number): GameState {
  let state = newGame({ rules: makeRules('fise'), seed, players: 2 });
  const gen = new MoveGenerator(lex.nodes, SPANISH);
  const list = new MoveList();
  const bot = makeBot('experto');
  for (let k = 0; k < turns; k++) {
    const seat = state.turn;
    const move = botMove(bot, viewFor(state, seat), gen, list, new Rng(k), isWord);
    const r = apply(state, { ...move, seat }, lex);
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    state = r.value.state;
  }
  return state;
}

/** The same game with the opponent's rack and the bag reshuffled between them (same counts). */
function hideDifferently(state: GameState, seat: number, rng: Rng): GameState {
  const opp = 1 - seat;
  const pool = [...state.bag];
  const oppRack: number[] = [];
  state.racks[opp]!.forEach((c, t) => {
    for (let k = 0; k < c; k++) oppRack.push(t);
  });
  const all = [...pool, ...oppRack];
  for (let i = all.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [all[i], all[j]] = [all[j]!, all[i]!];
  }
  const newRack = new Uint8Array(state.racks[opp]!.length);
  for (const t of all.slice(0, oppRack.length)) newRack[t]!++;
  const racks = state.racks.map((r, s) => (s === opp ? newRack : r));
  return { ...state, racks, bag: Uint8Array.from(all.slice(oppRack.length)) };
}

describe('bots', () => {
  it('DESIGN §5: a bot decides the same whatever the opponent holds and the bag order', () => {
    const state = gameAfter(6, 11);
    const seat = state.turn;
    const gen = new MoveGenerator(lex.nodes, SPANISH);
    const list = new MoveList();
    const rng = new Rng(3);
    for (const level of BOT_LEVELS) {
      const bot = makeBot(level);
      const before = botMove(bot, viewFor(state, seat), gen, list, new Rng(5), isWord);
      for (let k = 0; k < 3; k++) {
        const other = hideDifferently(state, seat, rng);
        expect(other.racks[1 - seat]).not.toEqual(state.racks[1 - seat]);
        const after = botMove(bot, viewFor(other, seat), gen, list, new Rng(5), isWord);
        expect(after).toEqual(before);
      }
    }
  });

  it('every level plays legal moves through the engine for a whole game', () => {
    let state = newGame({ rules: makeRules('fise'), seed: 7, players: 2 });
    const gen = new MoveGenerator(lex.nodes, SPANISH);
    const list = new MoveList();
    const bots = [makeBot('principiante'), makeBot('aficionado')];
    for (let k = 0; k < 60 && viewFor(state, 0).phase === 'playing'; k++) {
      const seat = state.turn;
      const move = botMove(bots[seat]!, viewFor(state, seat), gen, list, new Rng(k), isWord);
      const r = apply(state, { ...move, seat }, lex);
      expect(r.ok).toBe(true);
      if (r.ok) state = r.value.state;
    }
    expect(state.events.length).toBeGreaterThan(10);
  });

  it('E-06: after the opponent goes out, a bot accepts a valid last play (never places)', () => {
    const state = rigged({ racks: ['A', 'EEE'], bag: '', board: [['8G', 'CAS']] });
    const out = apply(state, { kind: 'place', seat: 0, row: 7, col: 9, dir: 'H', tiles: [1] }, lex);
    if (!out.ok) throw new Error(out.error.code);
    const view = viewFor(out.value.state, 1);
    expect(view.phase).toBe('final-challenge');
    const gen = new MoveGenerator(lex.nodes, SPANISH);
    for (const level of BOT_LEVELS) {
      const move = botMove(makeBot(level), view, gen, new MoveList(), new Rng(1), isWord);
      expect(move).toEqual({ kind: 'pass' });
      expect(apply(out.value.state, { ...move, seat: 1 }, lex).ok).toBe(true);
    }
  });

  /** Seat 0 plays `word` (GCG notation) at 8H under single challenge; seat 1's bot answers. */
  function answerTo(word: string): { state: GameState; move: ReturnType<typeof botMove> } {
    const racks = ['CALLE[LL]A', 'EEEOOOI'];
    const played = run(rigged({ racks, bag: 'AEIOUSTRNDAEIOU' }), [
      { ...play('8H', word), seat: 0 },
    ]).state;
    const view = viewFor(played, 1);
    const gen = new MoveGenerator(lex.nodes, SPANISH);
    return {
      state: played,
      move: botMove(makeBot('experto'), view, gen, new MoveList(), new Rng(1), isWord),
    };
  }

  it('C-01: a bot challenges the phony C·A·L·L·E (two L tiles) and the judge withdraws it', () => {
    expect(wordToTiles(SPANISH, 'calle')).toEqual({ ok: true, value: [C, A, LL, E] });
    expect(lex.isWord([C!, A!, LL, E!])).toBe(true);
    const { state, move } = answerTo('CALLE');
    expect(viewFor(state, 1).lastPlay!.words).toEqual([[C, A, L, L, E]]);
    expect(move).toEqual({ kind: 'challenge' });
    const r = apply(state, { ...move, seat: 1 }, lex);
    expect(r.ok && r.value.events[0]).toMatchObject({
      kind: 'challenge',
      valid: false,
      invalidWords: [[C, A, L, L, E]],
    });
  });

  it('C-01: a bot never challenges the valid C·A·LL·E', () => {
    const { move } = answerTo('CA[LL]E');
    expect(move.kind).not.toBe('challenge');
  });

  it('principiante never plays the best-scoring move when it has a choice', () => {
    const table = new SelfPlay(lex.nodes, makeRules('fise'));
    const beginner = makeBot('principiante');
    const all = new MoveList();
    let checked = 0;
    table.play([beginner, makeBot('aficionado')], 3, ({ seat, score }) => {
      if (seat !== 0 || score === 0) return;
      checked++;
    });
    // Replay one position directly: the chosen score is below the best available.
    const gen = new MoveGenerator(lex.nodes, SPANISH);
    gen.setBoard(new Uint8Array(225));
    const rack = new Uint8Array(29);
    for (const t of [1, 6, 10, 15, 20, 22, 23]) rack[t]!++; // A E I N R S T
    const input = { rack, bagCount: 86, unseen: rack, rules: makeRules('fise') };
    const list = new MoveList();
    const i = beginner.choose(gen, input, list, new Rng(1));
    gen.generate({ rack, placementsOnly: true }, all);
    let best = 0;
    for (let k = 0; k < all.count; k++) best = Math.max(best, all.score[k]!);
    expect(list.score[i]!).toBeLessThan(best);
    expect(checked).toBeGreaterThan(3);
  });

  it('principiante chooses the same opening whether the moves come from a walk or the opening map', () => {
    const { mapped, walker } = mappedAndWalking(lex.nodes);
    const beginner = makeBot('principiante');
    const a = new MoveList();
    const b = new MoveList();
    const rng = new Rng(9);
    let differentOrder = 0;
    for (let k = 0; k < 40; k++) {
      const rack = new Uint8Array(SPANISH.letters.length + 1);
      for (let j = 0; j < 7; j++) rack[k % 8 === 0 && j === 0 ? 0 : 1 + rng.int(28)]!++;
      const input = { rack, bagCount: 86, unseen: rack, rules: makeRules('fise') };
      const i = beginner.choose(walker, input, a, new Rng(k));
      const j = beginner.choose(mapped, input, b, new Rng(k));
      if (i < 0 || j < 0) {
        expect(j).toBe(i);
        continue;
      }
      if (i !== j) differentOrder++;
      expect(b.toMove(j), `rack ${[...rack]}`).toEqual(a.toMove(i));
    }
    // The two lists do order their moves differently: the check is not vacuous.
    expect(differentOrder).toBeGreaterThan(10);
  });

  it('E-01/E-05: self-play games end with the rack adjustment and are reproducible', () => {
    const table = new SelfPlay(lex.nodes, makeRules('fise'));
    const bots = [makeBot('experto'), makeBot('aficionado')] as [
      ReturnType<typeof makeBot>,
      ReturnType<typeof makeBot>,
    ];
    const a = table.play(bots, 99);
    const b = table.play(bots, 99);
    expect(a).toEqual(b);
    expect(a.turns).toBeGreaterThan(10);
    expect(a.scores[0]! + a.scores[1]!).toBeGreaterThan(300);
  });

  it("campeon's inference is told the opponent's placement of the turn before, and nothing else", () => {
    const state = gameAfter(3, 11);
    const seat = state.turn;
    const view = viewFor(state, seat);
    const last = view.history[view.history.length - 1]!;
    expect(last.kind).toBe('play');
    const told = opponentPlacement(view)!;
    expect(told.score).toBe(last.kind === 'play' ? last.score : -1);
    const placed = view.lastPlay!.squares;
    expect(placed.length).toBeGreaterThan(0);
    expect(told.tiles).toEqual(placed.map((sq) => view.board[sq]));
    // The board before it: its squares empty, every other square as now.
    view.board.forEach((t, sq) => expect(told.board[sq]).toBe(placed.includes(sq) ? 0 : t));
    // The mover itself, or an opponent who passed since, is told nothing.
    expect(opponentPlacement(viewFor(state, 1 - seat))).toBeUndefined();
    const passed = apply(state, { kind: 'pass', seat }, lex);
    if (!passed.ok) throw new Error('pass');
    expect(opponentPlacement(viewFor(passed.value.state, 1 - seat))).toBeUndefined();
  });

  it("X-01: campeon's inference is told how many tiles the opponent exchanged just before", () => {
    const state = gameAfter(3, 11);
    const seat = state.turn;
    const rack = state.racks[seat]!;
    const tiles: number[] = [];
    rack.forEach((c, t) => {
      for (let k = 0; k < c && tiles.length < 3; k++) tiles.push(t);
    });
    const swapped = apply(state, { kind: 'exchange', tiles, seat }, lex);
    if (!swapped.ok) throw new Error(JSON.stringify(swapped.error));
    const after = swapped.value.state;
    expect(opponentExchange(viewFor(after, 1 - seat))).toBe(3);
    expect(opponentPlacement(viewFor(after, 1 - seat))).toBeUndefined();
    // Not the one who exchanged, and not once another turn has passed.
    expect(opponentExchange(viewFor(after, seat))).toBeUndefined();
    expect(opponentExchange(viewFor(state, seat))).toBeUndefined();
    const passed = apply(after, { kind: 'pass', seat: 1 - seat }, lex);
    if (!passed.ok) throw new Error('pass');
    expect(opponentExchange(viewFor(passed.value.state, seat))).toBeUndefined();
  });
});
