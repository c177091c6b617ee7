/**
 * A game played on this machine: the engine's state, the word judge, and who sits where
 * (people and bots). The terminal client drives it; the engine validates every action.
 */
import { type Action, apply } from '../../engine/apply.js';
import type { GameState } from '../../engine/gameState.js';
import { newGame } from '../../engine/newGame.js';
import { secretSeed } from '../../engine/rng.js';
import type { Move } from '../../engine/move.js';
import type { Rules, WordJudge } from '../../engine/rules.js';
import { viewFor } from '../../engine/view.js';
import type { MoveOutcome } from '../../play/types.js';
import { type ClientView, clientView } from '../../protocol/view.js';

/** A computer player: given the game and its seat, the move it makes. */
export type BotPlayer = (state: GameState, seat: number) => Move;

/** One seat: a person, or a bot with its level name. */
export interface SeatConfig {
  readonly name: string;
  readonly bot?: { readonly level: string; readonly play: BotPlayer };
}

/** The chess clock's side of a local game (TM-01/TM-02). */
export interface ClockOptions {
  /** Milliseconds from any fixed origin; tests pass a fake. Default: `performance.now`. */
  readonly now?: () => number;
  /** Time the seat on turn had already spent on this turn (a game saved mid-turn). */
  readonly turnMs?: number;
}

/** What a local game may be told besides its seats, judge, rules and seed. */
export interface LocalGameOptions extends ClockOptions {
  /** The name of its lexicon (`lexiconName`), for the records it is saved to. */
  readonly lexicon?: string;
}

/**
 * The game plus its seats; `state` is replaced (never mutated) as actions are applied.
 *
 * In a timed game it is also the chess clock: a seat's turn runs from the moment the previous
 * action was applied (or the game was opened) until its own action is applied, and that time
 * goes with the action as `elapsedMs`, for people and bots alike. A refused action applies
 * nothing, and a challenge from a player not on turn ends no turn, so the turn's time keeps
 * running.
 */
export class LocalGame {
  state: GameState;
  /** The name of the lexicon that judges the words (`#lexicon` of a saved game), if known. */
  readonly lexicon: string | undefined;
  private readonly now: () => number;
  private turnStart: number;
  private turnCarry: number;

  constructor(
    readonly seats: readonly SeatConfig[],
    readonly judge: WordJudge,
    rulesOrState: Rules | GameState,
    seed: string | number = secretSeed(),
    opts: LocalGameOptions = {},
  ) {
    this.lexicon = opts.lexicon;
    this.state =
      'events' in rulesOrState
        ? rulesOrState
        : newGame({ rules: rulesOrState, seed, players: seats.length });
    this.now = opts.now ?? (() => performance.now());
    this.turnStart = this.now();
    this.turnCarry = opts.turnMs ?? 0;
  }

  /** Whether the rules put a chess clock on the game. */
  get timed(): boolean {
    return this.state.rules.clock !== null;
  }

  /** Milliseconds spent so far on the turn in progress (0 once the game is over). */
  turnMs(): number {
    return this.turnMsAt(this.now());
  }

  private turnMsAt(t: number): number {
    if (this.over) return 0;
    return Math.max(0, Math.round(t - this.turnStart)) + this.turnCarry;
  }

  get over(): boolean {
    return this.state.result !== null;
  }

  /** Whether any move has been made: the events hold more than the start's deal. */
  get started(): boolean {
    return this.state.events.some((e) => e.kind !== 'start');
  }

  get turn(): number {
    return this.state.turn;
  }

  isBot(seat: number): boolean {
    return this.seats[seat]?.bot !== undefined;
  }

  /**
   * What a seat sees: the protocol's view, as a server would send it. In a timed game the
   * clock base says that the seat on turn has been running for the turn's time so far.
   */
  viewOf(seat: number): ClientView {
    const at = this.now();
    return clientView(viewFor(this.state, seat), {
      names: this.seats.map((s) => s.name),
      bots: this.seats.map((s) => s.bot !== undefined),
      ...(this.timed ? { clock: { since: at - this.turnMsAt(at), at } } : {}),
    });
  }

  /**
   * Applies a seat's move, timed when the game is; a refusal changes nothing (the turn's time
   * keeps running) and comes back as a coded outcome.
   */
  act(seat: number, move: Move): MoveOutcome {
    // One reading of the clock ends this turn and starts the next: no time falls between.
    // A challenge from a player not on turn (3–4 players) ends no turn: the running time
    // stays with the player thinking (TM-02).
    const t = this.now();
    const onTurn = seat === this.state.turn;
    const elapsed = this.timed && onTurn ? this.turnMsAt(t) : 0;
    const action = { ...move, seat, ...(elapsed > 0 ? { elapsedMs: elapsed } : {}) } as Action;
    const r = apply(this.state, action, this.judge);
    if (!r.ok) return r;
    this.state = r.value.state;
    if (onTurn) {
      this.turnStart = t;
      this.turnCarry = 0;
    }
    return { ok: true };
  }

  /** Lets the bot on turn play. A bot's move the engine refuses is a programming error. */
  botTurn(): void {
    const seat = this.state.turn;
    const bot = this.seats[seat]?.bot;
    if (!bot) throw new Error(`seat ${seat} is not a bot`);
    const r = this.act(seat, bot.play(this.state, seat));
    if (!r.ok) throw new Error(`bot ${bot.level} made a move the engine refuses: ${r.error.code}`);
  }
}
