/**
 * Computer opponents by level. A bot sees only what its seat's view shows: its own rack, the
 * board, the scores, the bag count and the unseen tiles (DESIGN.md §5); it never reads another
 * rack or the bag order.
 *
 * - `principiante`: real but modest words. It never takes the best play: among placements of
 *   at most five tiles it picks at random one scoring between the 70th and 95th percentile
 *   (lower bands made a bot that scored under 100 points a game, too weak even for beginners).
 * - `aficionado`: the highest-scoring placement, leaves ignored (greedy); exchanges only when
 *   no word fits.
 * - `experto`: the best static equity (score + learned leave value, end-of-game terms when the
 *   bag is empty), which weighs exchanges and passes against plays.
 * - `campeon`: simulation of the best candidates, and the exact endgame solver once the bag is
 *   empty (campeon.ts), within a per-move budget.
 */
import type { Move } from '../engine/move.js';
import type { GameView } from '../engine/view.js';
import { letterOf, type TileSet } from '../engine/tiles.js';
import { type LeaveModel, NO_LEAVES } from './leave.js';
import { defaultLeaves } from './leaves.js';
import type { MoveGenerator } from './movegen.js';
import { KIND_EXCHANGE, KIND_PASS, type MoveList } from './movelist.js';
import type { Rng } from './rng.js';
import { type CampeonBudget, campeonChoose } from './campeon.js';
import { boardBefore } from '../engine/placement.js';
import type { OpponentPlacement } from './sim/inference.js';
import type { BotInput } from './botInput.js';

export type { BotInput };

/** The bot levels, weakest first. */
export const BOT_LEVELS = ['principiante', 'aficionado', 'experto', 'campeon'] as const;
export type BotLevel = (typeof BOT_LEVELS)[number];

/** True when a string names a bot level. */
export function isBotLevel(s: string): s is BotLevel {
  return (BOT_LEVELS as readonly string[]).includes(s);
}

/** Own score minus the best other score: what a bot knows of the race it is in. */
export function spreadOf(scores: readonly number[], seat: number): number {
  let best = -Infinity;
  for (let s = 0; s < scores.length; s++) if (s !== seat) best = Math.max(best, scores[s]!);
  return best === -Infinity ? 0 : scores[seat]! - best;
}

/** A bot: picks one move of the list the generator fills (returns its index). */
export interface Bot {
  readonly level: BotLevel;
  choose(gen: MoveGenerator, input: BotInput, list: MoveList, rng: Rng): number;
}

function unseenValueOf(set: TileSet, unseen: ArrayLike<number>): number {
  let v = 0;
  for (let t = 1; t < unseen.length; t++) v += unseen[t]! * (set.letters[t - 1]?.value ?? 0);
  return v;
}

function maxExchangeRequest(input: BotInput) {
  return {
    rack: input.rack,
    bagCount: input.bagCount,
    exchangeMinBag: input.rules.exchangeMinBag,
  };
}

/** The expert: best equity with the given leave values (defaults to the shipped ones). */
export function expertBot(leaves: LeaveModel = defaultLeaves()): Bot {
  return {
    level: 'experto',
    choose(gen, input, list) {
      gen.generate(
        {
          ...maxExchangeRequest(input),
          top: 1,
          leaves,
          unseenValue: unseenValueOf(gen.set, input.unseen),
        },
        list,
      );
      return list.count > 0 ? 0 : -1;
    },
  };
}

/** The champion: simulation, and the endgame solver with the bag empty (campeon.ts). */
export function championBot(leaves: LeaveModel = defaultLeaves(), budget?: CampeonBudget): Bot {
  return {
    level: 'campeon',
    choose: (gen, input, list, rng) => campeonChoose(gen, input, list, rng, leaves, budget),
  };
}

/** The amateur: the highest score; exchanges everything (or passes) when no word fits. */
function amateurBot(): Bot {
  return {
    level: 'aficionado',
    choose(gen, input, list) {
      // Exchanges only matter when no word fits, so they are left to the fallback.
      gen.generate(
        { ...maxExchangeRequest(input), top: 1, leaves: NO_LEAVES, placementsOnly: true },
        list,
      );
      if (list.count > 0) return 0;
      return fallback(gen, input, list);
    },
  };
}

/** The beginner: modest words, never the best. */
function beginnerBot(): Bot {
  return {
    level: 'principiante',
    choose(gen, input, list, rng) {
      gen.generate({ rack: input.rack, placementsOnly: true }, list);
      const scores: number[] = [];
      for (let i = 0; i < list.count; i++) if (list.played[i]! <= 5) scores.push(list.score[i]!);
      if (scores.length === 0) return fallback(gen, input, list);
      scores.sort((a, b) => a - b);
      const lo = scores[Math.floor(scores.length * 0.7)]!;
      const hi = scores[Math.floor(scores.length * 0.95)]!;
      const best = scores[scores.length - 1]!;
      const pool: number[] = [];
      for (let i = 0; i < list.count; i++) {
        const s = list.score[i]!;
        if (list.played[i]! <= 5 && s >= lo && s <= hi && (s < best || lo === best)) pool.push(i);
      }
      // In the moves' total order, not the order they were found in: that differs between a
      // walk of the graph and the opening map, which a process builds only after a few
      // openings, and a game resumed after a restart must choose as it would have.
      pool.sort((a, b) => list.compare(a, b));
      return pool[rng.int(pool.length)]!;
    },
  };
}

// No word fits: exchange the whole rack when the rules allow it, else pass.
function fallback(gen: MoveGenerator, input: BotInput, list: MoveList): number {
  gen.generate({ ...maxExchangeRequest(input), leaves: NO_LEAVES }, list);
  let best = -1;
  for (let i = 0; i < list.count; i++) {
    if (list.kind[i] === KIND_EXCHANGE && (best < 0 || list.len[i]! > list.len[best]!)) best = i;
    if (list.kind[i] === KIND_PASS && best < 0) best = i;
  }
  for (let i = 0; i < list.count && best >= 0 && list.kind[best] === KIND_PASS; i++) {
    if (list.kind[i] === KIND_EXCHANGE) best = i;
  }
  return best;
}

/** The bot of a level. */
export function makeBot(level: BotLevel, leaves?: LeaveModel): Bot {
  if (level === 'campeon') return championBot(leaves);
  if (level === 'experto') return expertBot(leaves);
  if (level === 'aficionado') return amateurBot();
  return beginnerBot();
}

/**
 * C-01: whether a bot challenges the last play shown in its view — only when some word it
 * formed is not in the lexicon (bots never bluff-challenge). The words are read as the tiles
 * on the board: a C·A·L·L·E made of two L tiles is judged as such, not as the text "CALLE"
 * (which would read as the valid C·A·LL·E).
 */
export function shouldChallenge(view: GameView, isWord: (tiles: number[]) => boolean): boolean {
  if (!view.canChallenge || !view.lastPlay) return false;
  return view.lastPlay.words.some((w) => !isWord(w.map(letterOf)));
}

/**
 * The placement made on the turn just before the viewer's by its one opponent (two players),
 * with the board as it was before it; undefined after anything else (an exchange, a pass, a
 * withdrawn play).
 */
export function opponentPlacement(view: GameView): OpponentPlacement | undefined {
  const last = view.history[view.history.length - 1];
  const play = view.lastPlay;
  if (view.scores.length !== 2 || !play || play.seat === view.viewer) return undefined;
  if (last?.kind !== 'play' || last.seat !== play.seat || last.row !== play.row) return undefined;
  if (last.col !== play.col || last.dir !== play.dir) return undefined;
  const tiles = play.squares.map((sq) => view.board[sq]!);
  return { board: boardBefore(view.board, play.squares), tiles, score: play.score };
}

/**
 * How many tiles the one opponent (two players) exchanged on the turn just before the
 * viewer's (public, X-01); undefined after anything else.
 */
export function opponentExchange(view: GameView): number | undefined {
  const last = view.history[view.history.length - 1];
  if (view.scores.length !== 2 || last?.kind !== 'exchange' || last.seat === view.viewer)
    return undefined;
  return last.count;
}

/**
 * A bot's action for a seat's view (the server's and the terminal client's entry point): a
 * challenge when the last play is a phony, else the move its level picks. `gen` must be bound
 * to the game's lexicon; its board is replaced by the view's.
 */
export function botMove(
  bot: Bot,
  view: GameView,
  gen: MoveGenerator,
  list: MoveList,
  rng: Rng,
  isWord: (tiles: number[]) => boolean,
): Move {
  if (shouldChallenge(view, isWord)) return { kind: 'challenge' };
  // E-06: after an opponent went out only a challenge or acceptance is possible; a pass accepts.
  if (view.phase !== 'playing') return { kind: 'pass' };
  gen.setBoard(view.board);
  const rack = new Uint8Array(gen.set.letters.length + 1);
  for (const t of view.rack ?? []) rack[t]!++;
  const i = bot.choose(
    gen,
    {
      rack,
      bagCount: view.bagCount,
      unseen: view.unseen,
      rules: view.rules,
      spread: typeof view.viewer === 'number' ? spreadOf(view.scores, view.viewer) : 0,
      lastPlay: opponentPlacement(view),
      lastExchange: opponentExchange(view),
    },
    list,
    rng,
  );
  if (i < 0) return { kind: 'pass' };
  return list.toMove(i);
}
