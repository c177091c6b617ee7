/**
 * The reference for self-play's differential test: the same moves applied through the engine's
 * own transitions (`newGame`, `apply`, src/engine/game.ts), sharing no rule code with the fast
 * loop in selfplay.ts. For each move it reports what the engine's seat to act would have shown
 * a bot (rack, bag count, unseen tiles) and what the move scored; at the end, the engine's
 * result. A move the engine refuses, or one left over after the engine ended the game, is
 * reported instead of thrown, so the test shows where the two part ways.
 */
import { apply } from '../../engine/apply.js';
import { inFinalChallengeWindow } from '../../engine/endOfGame.js';
import type { GameSetup } from '../../engine/gameState.js';
import { newGame } from '../../engine/newGame.js';
import type { EndReason } from '../../engine/events.js';
import type { Move } from '../../engine/move.js';
import type { WordJudge } from '../../engine/rules.js';
import { unseenTiles, viewFor } from '../../engine/view.js';
import { opponentExchange, opponentPlacement } from '../bots.js';
import type { OpponentPlacement } from '../sim/inference.js';

/** One turn as the seat to act saw it, the move made and its score. */
export interface TurnRecord {
  readonly seat: number;
  readonly rack: readonly number[];
  readonly bagCount: number;
  readonly unseen: readonly number[];
  readonly move: Move;
  readonly score: number;
  /** The opponent's placement just before, as a bot is told of it (two players). */
  readonly lastPlay?: PlainPlacement;
  /** How many tiles the opponent exchanged just before, as a bot is told of it (two players). */
  readonly lastExchange?: number;
}

/** An opponent's placement in plain arrays, for comparing. */
export interface PlainPlacement {
  readonly board: number[];
  readonly tiles: number[];
  readonly score: number;
}

/** `play` in plain arrays (undefined stays undefined). */
export function plainPlacement(play: OpponentPlacement | undefined): PlainPlacement | undefined {
  return play && { board: Array.from(play.board), tiles: [...play.tiles], score: play.score };
}

/** How a game ended. */
export interface EndRecord {
  readonly reason: EndReason;
  readonly wentOut: number | null;
  readonly before: readonly number[];
  readonly final: readonly number[];
  readonly winners: readonly number[];
  readonly racks: readonly (readonly number[])[];
}

/** A whole game as comparable records. */
export interface GameRecord {
  readonly first: number;
  readonly turns: readonly TurnRecord[];
  /** Null while the game is still going after the last move. */
  readonly end: EndRecord | null;
  /** Why the engine stopped early: a refused move or a move after the end. */
  readonly stopped?: string;
}

/**
 * Applies `moves` in turn order from `newGame(setup)`. Between moves, the E-06 window after a
 * play that ends the game is closed by the next seat accepting it (bots never challenge a
 * valid word).
 */
export function engineGame(setup: GameSetup, moves: readonly Move[], judge: WordJudge): GameRecord {
  let state = newGame(setup);
  const first = state.turn;
  const turns: TurnRecord[] = [];
  const settle = (): void => {
    if (!inFinalChallengeWindow(state)) return;
    const r = apply(state, { kind: 'accept', seat: state.turn }, judge);
    if (!r.ok) throw new Error(`accept refused: ${r.error.code}`);
    state = r.value.state;
  };
  let stopped: string | undefined;
  for (const [k, move] of moves.entries()) {
    settle();
    if (state.result) {
      stopped = `move ${k} after the end (${state.result.reason})`;
      break;
    }
    const seat = state.turn;
    const seen = {
      seat,
      rack: Array.from(state.racks[seat]!),
      bagCount: state.bag.length,
      unseen: Array.from(unseenTiles(state, seat)),
      lastPlay: plainPlacement(opponentPlacement(viewFor(state, seat))),
      lastExchange: opponentExchange(viewFor(state, seat)),
    };
    const r = apply(state, { ...move, seat }, judge);
    if (!r.ok) {
      stopped = `move ${k} refused: ${JSON.stringify(r.error)}`;
      break;
    }
    state = r.value.state;
    const play = r.value.events.find((e) => e.kind === 'play');
    turns.push({ ...seen, move, score: play?.kind === 'play' ? play.score : 0 });
  }
  settle();
  const res = state.result;
  const end: EndRecord | null = res && {
    reason: res.reason,
    wentOut: res.wentOut,
    before: res.before,
    final: res.final,
    winners: res.winners,
    racks: state.racks.map((r) => Array.from(r)),
  };
  return stopped === undefined ? { first, turns, end } : { first, turns, end, stopped };
}
