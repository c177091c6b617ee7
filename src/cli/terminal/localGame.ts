/**
 * A game played on this machine: the engine's state, the word judge, and who sits where
 * (people and bots). The terminal client drives it; the engine validates every action.
 */
import { type Action, type GameState, apply, newGame } from '../../engine/game.js';
import type { Move } from '../../engine/move.js';
import type { Rules, WordJudge } from '../../engine/rules.js';
import { viewFor } from '../../engine/view.js';
import { outcomeOf, playViewOf } from '../../play/fromGame.js';
import type { MoveOutcome, PlayView } from '../../play/types.js';

/** A computer player: given the game and its seat, the move it makes. */
export type BotPlayer = (state: GameState, seat: number) => Move;

/** One seat: a person, or a bot with its level name. */
export interface SeatConfig {
  readonly name: string;
  readonly bot?: { readonly level: string; readonly play: BotPlayer };
}

/** The game plus its seats; `state` is replaced (never mutated) as actions are applied. */
export class LocalGame {
  state: GameState;

  constructor(
    readonly seats: readonly SeatConfig[],
    readonly judge: WordJudge,
    rulesOrState: Rules | GameState,
    seed: string | number = Date.now(),
  ) {
    this.state =
      'events' in rulesOrState
        ? rulesOrState
        : newGame({ rules: rulesOrState, seed, players: seats.length });
  }

  get over(): boolean {
    return this.state.result !== null;
  }

  get turn(): number {
    return this.state.turn;
  }

  isBot(seat: number): boolean {
    return this.seats[seat]?.bot !== undefined;
  }

  /** What a seat sees, as the interaction core takes it. */
  viewOf(seat: number): PlayView {
    return playViewOf(viewFor(this.state, seat), {
      names: this.seats.map((s) => s.name),
      bots: this.seats.map((s) => s.bot !== undefined),
    });
  }

  /** Applies a seat's move; a refusal changes nothing and comes back as a coded outcome. */
  act(seat: number, move: Move): MoveOutcome {
    const r = apply(this.state, { ...move, seat } as Action, this.judge);
    if (!r.ok) return outcomeOf(r.error, this.state.set);
    this.state = r.state;
    return { ok: true };
  }

  /** Lets the bot on turn play. A bot's move the engine refuses is a programming error. */
  botTurn(): void {
    const seat = this.state.turn;
    const bot = this.seats[seat]?.bot;
    if (!bot) throw new Error(`seat ${seat} is not a bot`);
    const r = this.act(seat, bot.play(this.state, seat));
    if (!r.ok) throw new Error(`bot ${bot.level} made a move the engine refuses: ${r.code}`);
  }
}
