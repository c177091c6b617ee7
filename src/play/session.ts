/**
 * A viewer's session: the single entry point both clients use. Key events and command lines go
 * in; announcements and intents (moves to submit) come out. When the game changes, the client
 * hands over the new view and the session says what happened (UX.md §2.5: own replies polite,
 * everything else assertive).
 */
import { SIZE, colOf, rowOf } from '../engine/board.js';
import { squareName } from '../engine/notation/coords.js';
import { BLANK_FLAG } from '../engine/tiles.js';
import {
  COMMANDS,
  type ClientCommand,
  type CommandSpec,
  commandForKey,
  commandForName,
  playLine,
  runCommand,
  withClientCommands,
} from './commands.js';
import {
  CHALLENGE_CANCELLED_TEXT,
  EXCHANGE_ARROW_TEXT,
  claimableText,
  drawnText,
  endReasonText,
  endText,
  mayClaim,
  openingDrawText,
  rackAdjustText,
  resignationText,
  seatAwaitedText,
  seatAwayText,
  seatBackText,
  seatTakenText,
  timeUpText,
  lowTimeText,
  turnRecordText,
  turnText,
} from './messages.js';
import { asciiEnye, isCoordAlone, looksLikePlay } from './playText.js';
import { boardTileName } from './speech.js';
import type { HistoryRecord, SeatInfo } from '../protocol/view.js';
import { PlayState, say, sayError } from './state.js';
import { type ClientView, seatClock, timeUps } from './view.js';
import type {
  Announcement,
  KeyInput,
  Mode,
  MoveOutcome,
  PlaySnapshot,
  Reaction,
  RackOrder,
  Verbosity,
} from './types.js';

/** Said again to any input but a letter, Backspace or Escape while a blank waits for its letter. */
const BLANK_QUESTION = say(
  '¿Qué letra es el comodín? Escribe la letra, o Escape para devolverlo.',
  'prompt',
);

const ARROWS: Record<string, [number, number]> = {
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
};

/** Settings a client may restore (UX.md §2.5). */
export interface SessionOptions {
  readonly verbosity?: Verbosity;
  readonly order?: RackOrder;
  /**
   * The time now on the time line of the views' clock base (`ClientView.clock`), for a client
   * whose clocks run between views; by default the clocks read as when each view was built.
   */
  readonly now?: () => number;
  /**
   * Instead of `now`: this client's monotonic clock in milliseconds (`performance.now`). The
   * clocks then run between views, from each view's clock base plus the time since it came.
   */
  readonly localClock?: () => number;
  /** The client's own commands, added to the table (help, keys and words included). */
  readonly commands?: readonly ClientCommand[];
  /**
   * Speak of every seat by its name, the viewer's own too: "Turno de Ana", "Ana 12, Luis 30",
   * "Gana Luis". For several people sharing one screen (hot-seat), where "Tú" and "Tu turno"
   * would mean whoever happens to be reading (issue 10, item 2).
   */
  readonly byName?: boolean;
  /**
   * The client reads whole lines and has no keys (a terminal's line mode): what needs keys,
   * such as choosing tiles in exchange mode, is asked for in words instead.
   */
  readonly linesOnly?: boolean;
  /**
   * How a player claims a game in this client («escribe «reclamar»»): when the absent player on
   * turn becomes claimable (`SeatInfo.claimable`), the other players hear `claimableText`
   * with it. Absent: nothing is said (a client without claims).
   */
  readonly claimHow?: string;
}

/**
 * Under this much time left on their running clock, the viewer hears it once (LOW_TIME_TEXT;
 * UX.md §2.5, the low-time cue).
 */
export const LOW_TIME_MS = 60_000;

/** One viewer's interaction with one game. */
export class Session {
  readonly state: PlayState;
  private seenHistory: number;
  private endAnnounced: boolean;
  /** The core's command table and the client's own commands. */
  private readonly commands: readonly CommandSpec[];
  /** The explanation of a symbol the client cannot map to one digit was given once. */
  private ambiguousSaid = false;
  /** The Alt+7 hint for a terminal's '/' was given once. */
  private slashSaid = false;
  /** `SessionOptions.localClock`, and its reading when the current view came. */
  private readonly localClock: (() => number) | undefined;
  private arrivedAt = 0;
  private readonly claimHow: string | undefined;
  /** Set by `reconnected` until the next view: its presence is taken as it stands. */
  private rejoining = false;
  /** Seats whose return in a view after a reconnection was not said (see `reconnected`). */
  private readonly returnUnsaid = new Set<number>();
  /** Until when (local clock) a departure of such a seat goes unsaid. */
  private quietUntil = 0;
  /**
   * Seats this session has seen held by someone who had come to the table (no `arriving`):
   * a server that has started again knows nobody yet and flags them arriving, but whoever was
   * here before, and comes or goes, returns or leaves.
   */
  private readonly cameBefore = new Set<number>();
  /** Seats whose time running out was said, or was no news (out already when the view came). */
  private readonly timeUpSaid = new Set<number>();
  /**
   * The viewer's time left when last looked at: on arrival, then at each look while their
   * clock runs. The low-time cue is for a clock that goes under LOW_TIME_MS while it runs,
   * once; one that was under it already (a one-minute game, a game resumed late) is no news.
   */
  private lastLeftMs = -Infinity;

  constructor(view: ClientView, opts: SessionOptions = {}) {
    this.state = new PlayState(view);
    if (opts.verbosity) this.state.verbosity = opts.verbosity;
    if (opts.order) this.state.order = opts.order;
    this.localClock = opts.localClock;
    if (this.localClock) {
      this.arrivedAt = this.localClock();
      this.state.now = () => this.clockNow();
    } else if (opts.now) this.state.now = opts.now;
    if (opts.byName) this.state.byName = true;
    if (opts.linesOnly) this.state.linesOnly = true;
    this.commands = withClientCommands(opts.commands ?? []);
    this.state.commands = this.commands;
    this.seenHistory = view.history.length;
    this.endAnnounced = view.result !== null;
    this.claimHow = opts.claimHow;
    this.timeUpsHeard();
    this.noteComers(view);
    if (view.seat !== null)
      this.lastLeftMs = seatClock(view, view.seat, this.clockNow())?.remainingMs ?? -Infinity;
  }

  get view(): ClientView {
    return this.state.view;
  }

  get mode(): Mode {
    return this.state.mode;
  }

  get cursor(): number {
    return this.state.cursor;
  }

  /**
   * What a renderer draws from: a plain frozen copy of this viewer's interaction state (mode,
   * cursor, rack in its order, this turn's tiles on the board …) and the game's view.
   */
  snapshot(): PlaySnapshot {
    return this.state.snapshot();
  }

  // The local clock's time, or 0 without one.
  private localTime(): number {
    return this.localClock ? this.localClock() : 0;
  }

  /**
   * The time now on the time line of the views' clock base: with a `localClock`, the current
   * view's base plus the time since it came; otherwise as `SessionOptions.now` says.
   */
  clockNow(): number {
    const c = this.state.view.clock;
    if (!this.localClock) return this.state.now();
    return c ? c.at + (this.localClock() - this.arrivedAt) : 0;
  }

  /**
   * Hot-seat: the viewer is on turn (`waiting`) but does not have the keyboard yet, their rack
   * hidden until they do; meanwhile their turn is said without the keys they will use then
   * (E-06's window), which answer only once they have it. False again once they have it.
   */
  awaitKeyboard(waiting: boolean): void {
    this.state.awaitingPlayer = waiting;
  }

  /**
   * Drops a question that waits for its second key (P to pass, D to challenge), as any other
   * key would: for a client that takes a key without passing it on (a terminal's Intro that
   * hands the keyboard over). Returns what to say then: that it was cancelled, if anything was.
   */
  dropQuestion(): Announcement[] {
    const st = this.state;
    const out: Announcement[] = [];
    if (st.pendingPass) out.push(say('Pase cancelado.', 'prompt'));
    if (st.pendingChallenge) out.push(say(CHALLENGE_CANCELLED_TEXT, 'prompt'));
    st.pendingPass = false;
    st.pendingChallenge = false;
    return out;
  }

  /** True while a blank placed this turn waits for its letter. */
  get awaitingBlank(): boolean {
    return this.state.pendingBlank !== undefined;
  }

  /** Handles one key press. */
  key(ev: KeyInput): Reaction {
    return this.finish(this.dispatchKey(ev));
  }

  /** Handles one command line (`turno`, `cambiar AEU`, `8H casa` …). */
  line(text: string): Reaction {
    return this.finish(this.dispatchLine(text));
  }

  /**
   * A button of the page pressed (Jugar, Pasar …), given as the key or the command line it
   * stands for. While a blank waits for its letter a button is not that letter: the question
   * is asked again and nothing happens, unless the button only changes how the game is shown
   * (the rack's order, the detail of the messages).
   */
  button(input: KeyInput | string): Reaction {
    if (this.state.pendingBlank) {
      const c = typeof input === 'string' ? commandForName(input, this.commands) : undefined;
      if (!c?.shownOnly) return this.finish({ say: [BLANK_QUESTION] });
      return this.finish(runCommand(this.state, c, '', 'line'));
    }
    return typeof input === 'string' ? this.line(input) : this.key(input);
  }

  /**
   * The link to the server came back; the next view is the game as it stands now. Who it shows
   * at the table is not news: a server that has just started again counts every seat present
   * for a while, waiting for its players to reconnect, so a player who was away (still in the
   * lobby, say) would be heard coming back, then leaving again once that wait ends. A seat
   * shown back in that view is not announced, and neither is its departure within `quietMs`
   * (the server's wait, REOPEN_GRACE_MS, and a margin): what the viewer last heard of it, that
   * it was away, holds again (without a `localClock`, however late it comes). A seat still at
   * the table then came back meanwhile: `settlePresence` says so.
   */
  reconnected(quietMs: number): void {
    this.rejoining = true;
    this.returnUnsaid.clear();
    this.quietUntil = this.localClock ? this.localClock() + quietMs : Infinity;
  }

  /**
   * Once the wait after a reconnection is over (`reconnected`), the returns it left unsaid of
   * players still at the table: «Ana ha vuelto a la mesa.» (one who came back while the server
   * waited for everyone). Clients ask now and then (a clock's tick); empty until then.
   */
  settlePresence(): Announcement[] {
    if (this.returnUnsaid.size === 0 || this.localTime() < this.quietUntil) return [];
    const seats = this.state.view.seats;
    const back = [...this.returnUnsaid].flatMap((i) => {
      const seat = seats[i];
      return seat && seat.name !== '' && !seat.away ? [say(seatBackText(seat.name), 'event')] : [];
    });
    this.returnUnsaid.clear();
    return this.state.remember(back);
  }

  /**
   * A clock that has just run out (TM-02), said once to everyone at the table, the one whose
   * time it was and those watching included: «Se acabó el tiempo de Ana: al final pierde 10
   * puntos por cada minuto empezado de más.» No view says when that happens: clients whose
   * clocks run between views ask now and then (a clock's tick); a view that comes says it too
   * (`update`). Nothing once the game is over, whose result counts the time over.
   */
  clockNews(): Announcement[] {
    return this.state.remember([...this.timeUpNews(), ...this.lowTimeNews()]);
  }

  // The viewer's own clock, running, gone under LOW_TIME_MS since the last look: said once per
  // crossing, to the viewer (by name at a screen several people share, where the clock that
  // runs is that of the player on turn). Not once it has run out between two looks (a page in
  // the background looks seldom): the time being up is said instead.
  private lowTimeNews(): Announcement[] {
    const view = this.state.view;
    if (view.seat === null || view.phase === 'over' || view.clock?.running !== view.seat) return [];
    const left = seatClock(view, view.seat, this.clockNow())?.remainingMs;
    if (left === undefined) return [];
    const before = this.lastLeftMs;
    this.lastLeftMs = left;
    if (before <= LOW_TIME_MS || left > LOW_TIME_MS || left < 0) return [];
    const text = lowTimeText(view, view.seat, this.state.byName);
    return [say(text, 'clock', 'turn', 'assertive')];
  }

  // The clocks run out since they were last looked at, each said once.
  private timeUpNews(): Announcement[] {
    const view = this.state.view;
    if (view.phase === 'over') return [];
    return timeUps(view, this.clockNow()).flatMap(({ seat }) => {
      if (this.timeUpSaid.has(seat)) return [];
      this.timeUpSaid.add(seat);
      const own = seat === view.seat && !this.state.byName;
      return [
        say(
          timeUpText(view, seat, this.state.byName),
          'clock',
          own ? 'turn' : undefined,
          'assertive',
        ),
      ];
    });
  }

  // The clocks run out as the current view stands: not news from now on.
  private timeUpsHeard(): void {
    for (const t of timeUps(this.state.view, this.clockNow())) this.timeUpSaid.add(t.seat);
  }

  // The seats of `view` held by someone who has come to the table (see `cameBefore`).
  private noteComers(view: ClientView): void {
    view.seats.forEach((seat, i) => {
      if (seat.name !== '' && !seat.bot && !seat.arriving) this.cameBefore.add(i);
    });
  }

  /**
   * Takes a new view after the game changed and announces what happened since the last one:
   * each new turn, "Tu turno", the end of the game.
   */
  update(view: ClientView): Announcement[] {
    const st = this.state;
    const fresh = view.history.slice(this.seenHistory);
    const wasMyTurn = st.myTurn;
    if (this.localClock) this.arrivedAt = this.localClock();
    // A seat that waited for its invitee and now has a name: that player sat down. A seat
    // whose player the server shows away, or back: someone else's connection.
    const before = st.view.seats;
    const rejoining = this.rejoining;
    this.rejoining = false;
    // Held for someone who has not come to the table yet, as far as this session knows.
    const awaited = (seat: SeatInfo | undefined, i: number): boolean =>
      seat?.arriving === true && !this.cameBefore.has(i);
    const out: Announcement[] = view.seats.flatMap((seat, i) => {
      const was = before[i];
      // Still said once the game is over: who is there matters for a rematch.
      if (!was || seat.name === '') return [];
      if (was.name === '') return [say(seatTakenText(seat.name), 'event', undefined, 'assertive')];
      // A seat held for someone who had not come yet (a rematch's): their first coming is an
      // arrival, shown away before or not. Not in the view after a reconnection, taken as it
      // stands (see `reconnected`).
      if (awaited(was, i) && !awaited(seat, i) && !seat.away) {
        if (rejoining || this.localTime() < this.quietUntil) return [];
        return [say(seatTakenText(seat.name), 'event', undefined, 'assertive')];
      }
      // Dropping out is news the others did not cause (UX §2.5); coming back is not urgent.
      if (seat.away && !was.away) {
        const quiet = this.returnUnsaid.delete(i) && this.localTime() < this.quietUntil;
        if (quiet) return [];
        // Someone who has not come yet has not gone either.
        const text = awaited(seat, i) ? seatAwaitedText(seat.name) : seatAwayText(seat.name);
        return [say(text, 'event', undefined, 'assertive')];
      }
      if (!seat.away && was.away) {
        // Shown at the table before coming to it: the server's wait for its players.
        if (rejoining) this.returnUnsaid.add(i);
        else if (!awaited(seat, i)) return [say(seatBackText(seat.name), 'event')];
      }
      return [];
    });
    this.noteComers(view);
    // Said after the turns that brought it (the pass that gave the absent player the turn).
    const claimNow = this.claimHow !== undefined && mayClaim(view) && !mayClaim(st.view);
    const covered = st.setView(view);
    this.seenHistory = view.history.length;
    // A clock that ran out in the turns this view brings, or in the one now running, before
    // them: it happened while the turn was being thought.
    out.push(...this.timeUpNews(), ...this.lowTimeNews());
    // The viewer's latest play or exchange among the news: the one its last draw was for (a
    // play withdrawn since has put its tiles back, and the engine empties lastDrawn then).
    let drew = -1;
    fresh.forEach((rec, k) => {
      if (rec.seat === view.seat && (rec.kind === 'play' || rec.kind === 'exchange')) drew = k;
    });
    fresh.forEach((rec, k) => {
      const own = rec.seat === view.seat;
      const text = turnRecordText(view, rec, st.detailed, true, st.byName);
      out.push(own ? say(text, 'play') : say(text, 'event', 'opponent', 'assertive'));
      if (own) st.mode = 'navegacion';
      // The tiles that came in, which C would read among the rest; not aloud to a table of
      // several players at one screen (byName), who would all hear them.
      if (k === drew && !st.byName) {
        const text = this.drawnNews(view, rec, fresh.slice(k + 1));
        if (text) out.push(say(text, 'play'));
      }
    });
    if (covered.length > 0)
      out.push(say(st.coveredText(covered), 'placement', undefined, 'assertive'));
    if (claimNow) {
      const text = claimableText(view.seats[view.turn]!.name, this.claimHow!, view.seats.length);
      out.push(say(text, 'event', undefined, 'assertive'));
    }
    if (view.result && !this.endAnnounced) {
      this.endAnnounced = true;
      out.push(...this.endParts(false));
    } else if (st.myTurn && (fresh.length > 0 || !wasMyTurn)) {
      out.push(say(st.turnSentence(), 'turn', 'turn', 'assertive'));
    } else if (
      view.phase === 'final-challenge' &&
      !st.byName &&
      fresh.some((r) => r.seat === view.seat)
    ) {
      // E-06: the one whose play may end the game hears that it waits for an answer. Not by
      // name: at a screen shared by several people the sentence would be the next person's
      // turn, which that person's session says when it comes; said here as well, it was read
      // twice.
      out.push(say(turnText(view), 'turn'));
    }
    return st.remember(out);
  }

  /**
   * What the viewer drew for `rec`, their latest play or exchange (`later`: the turns heard
   * with it that came after): the tiles, and whether they were the bag's last, fewer than
   * the tiles played perhaps; or that nothing came, the bag being empty. Undefined when there
   * is nothing to say: a play withdrawn since (its draw went back to the bag), or one that
   * emptied the rack with nothing left to draw (the end, or its challenge, is what comes).
   */
  private drawnNews(
    view: ClientView,
    rec: HistoryRecord,
    later: readonly HistoryRecord[],
  ): string | undefined {
    const drawn = view.lastDrawn;
    const used =
      rec.kind === 'play'
        ? rec.tiles.filter((t) => t !== 0).length
        : rec.kind === 'exchange'
          ? rec.count
          : 0;
    if (drawn.length === 0) {
      const empty = used > 0 && view.bagCount === 0 && (view.rack?.length ?? 0) > 0;
      return empty ? drawnText(this.state.set, drawn) : undefined;
    }
    // The bag is empty now and nobody drew after the viewer: this draw took its last tiles.
    const drewSince = later.some((r) => r.kind === 'play' || r.kind === 'exchange');
    const emptied = drawn.length < used || (view.bagCount === 0 && !drewSince);
    return drawnText(this.state.set, drawn, emptied);
  }

  /**
   * The opening draw (G-02), for a client arriving at a game still at its start for this
   * viewer: a player who has not yet taken a turn, an observer before anyone has. Empty
   * otherwise, and when the view has no draw to tell.
   */
  openingDraw(): Announcement[] {
    const view = this.state.view;
    if (view.phase === 'over') return [];
    const played =
      view.seat === null ? view.history.length > 0 : view.history.some((r) => r.seat === view.seat);
    const text = played ? undefined : openingDrawText(view, this.state.byName);
    return text ? [say(text, 'event')] : [];
  }

  /**
   * What a client arriving at a game still being played says before whose turn it is: the
   * opening draw while it is news (`openingDraw`), then the last move when someone else made
   * it (a bot that opened before the client came, a move made while the player was away).
   */
  arrivalNews(): Announcement[] {
    const view = this.state.view;
    if (view.phase === 'over') return [];
    const st = this.state;
    const last = view.history[view.history.length - 1];
    const theirs =
      last && last.seat !== view.seat
        ? [say(turnRecordText(view, last, st.detailed, true, st.byName), 'event')]
        : [];
    return [...this.openingDraw(), ...theirs];
  }

  /**
   * How the game ended, for a client opening it once over: who resigned or had it claimed, or
   * what else ended it (passes, the target score), the racks' adjustment, and who won with the
   * final scores, as the players heard it when it ended. Nothing while it goes on.
   */
  endSummary(): Announcement[] {
    return this.endParts(true);
  }

  // The end as said (assertive); a resignation only when asked: live, its record said it.
  private endParts(resignation: boolean): Announcement[] {
    const view = this.state.view;
    if (!view.result) return [];
    const byName = this.state.byName;
    const why =
      (resignation ? resignationText(view, byName) : undefined) || endReasonText(view, view.result);
    const adjust = rackAdjustText(view, view.result, byName);
    return [
      ...(why ? [say(why, 'event', undefined, 'assertive')] : []),
      ...(adjust ? [say(adjust, 'event', undefined, 'assertive')] : []),
      say(endText(view, view.result, byName), 'event', 'turn', 'assertive'),
    ];
  }

  /**
   * Takes a new view whose news were already said to this viewer by another session on the
   * same screen (hot-seat: one announcement per play, not one per person at the table).
   * Nothing is announced, now or at the next `update`, for the turns and end it covers.
   */
  seen(view: ClientView): void {
    const st = this.state;
    for (const rec of view.history.slice(this.seenHistory))
      if (rec.seat === view.seat) st.mode = 'navegacion';
    if (this.localClock) this.arrivedAt = this.localClock();
    st.setView(view);
    this.seenHistory = view.history.length;
    if (view.result) this.endAnnounced = true;
    this.timeUpsHeard();
  }

  /** The client reports what happened to the last intent; only refusals are announced here. */
  moveOutcome(outcome: MoveOutcome): Announcement[] {
    if (outcome.ok) return [];
    const st = this.state;
    // A refusal that says what to do instead names commands to a client of lines only.
    const error = { ...outcome.error, linesOnly: st.linesOnly };
    return st.remember([sayError(st.set, error.code, error)]);
  }

  /** The help for the current mode (as `?` gives it). */
  help(via: 'key' | 'line' = 'key'): Announcement {
    return runCommand(this.state, commandForName('ayuda', this.commands)!, '', via).say[0]!;
  }

  private finish(r: Reaction): Reaction {
    this.state.remember(r.say);
    return r;
  }

  private dispatchKey(ev: KeyInput): Reaction {
    const st = this.state;
    if (st.pendingBlank) return this.blankKey(ev);
    // P confirms a pending pass and D a pending challenge, X repeats the question; any other
    // key cancels it.
    const letter = ev.key.length === 1 && !this.shifted(ev) ? ev.key.toUpperCase() : undefined;
    const prefix: Announcement[] = [];
    if (st.pendingPass && letter !== 'P' && letter !== 'X') {
      st.pendingPass = false;
      prefix.push(say('Pase cancelado.', 'prompt'));
    }
    if (st.pendingChallenge && letter !== 'D' && letter !== 'X') {
      st.pendingChallenge = false;
      prefix.push(say(CHALLENGE_CANCELLED_TEXT, 'prompt'));
    }
    const r = this.keyAction(ev);
    return prefix.length ? { ...r, say: [...prefix, ...r.say] } : r;
  }

  private keyAction(ev: KeyInput): Reaction {
    const st = this.state;
    const arrow = ARROWS[ev.key];
    // Cambio chooses tiles, not squares: the cursor stays, and the key says where the player is.
    if (st.mode === 'cambio' && (arrow || ev.key === 'Home' || ev.key === 'End'))
      return { say: [say(EXCHANGE_ARROW_TEXT, 'mode', 'error')] };
    if (arrow) return { say: [st.move(arrow[0], arrow[1])] };
    // The physical digit first: on a Spanish layout Shift+7 is '/', which must not open the
    // command line when the client knows the key (UX.md §2.1, 5).
    const digit = this.digitOf(ev);
    if (digit !== undefined) return this.digitKey(digit, this.shifted(ev));
    if (ev.digits && ev.digits.length > 1) {
      const again = this.ambiguousSaid;
      this.ambiguousSaid = true;
      const code = again ? 'AMBIGUOUS_DIGIT_AGAIN' : 'AMBIGUOUS_DIGIT';
      return { say: [sayError(st.set, code, { text: ev.key, digits: ev.digits })] };
    }
    switch (ev.key) {
      case 'Home':
        if (ev.ctrl) return { say: [st.goTo(0)] };
        return { say: [st.goTo(rowOf(st.cursor) * SIZE)] };
      case 'End':
        if (ev.ctrl) return { say: [st.goTo(SIZE * SIZE - 1)] };
        return { say: [st.goTo(rowOf(st.cursor) * SIZE + SIZE - 1)] };
      case 'Enter':
        return this.command('F');
      case 'Escape':
        return { say: [st.setMode('navegacion')] };
      case 'Backspace':
        return { say: [st.removeLast()] };
      case 'F1':
      case '?':
      case '¿':
        return this.command(ev.key);
      case '/':
      case ':': {
        const r = this.command('/');
        if (!ev.digits?.length || this.slashSaid) return r;
        // A terminal's '/' may be a Spanish Shift+7: said once, with the way that always works.
        this.slashSaid = true;
        const d = ev.digits[0]!;
        return { ...r, say: [...r.say, say(`Si querías Mayúsculas+${d}, usa Alt+${d}.`, 'help')] };
      }
    }
    if (ev.key.length === 1 && /\p{L}/u.test(ev.key)) {
      const upper = ev.key.toUpperCase();
      if (!this.shifted(ev)) return this.command(upper);
      const letter = this.letterCode(upper);
      if (letter === undefined)
        return { say: [sayError(st.set, 'LETTER_NOT_IN_SET', { text: upper })] };
      if (st.writing) return { say: st.placeLetter(letter) };
      if (st.mode === 'cambio') return { say: [st.toggleLetter(letter)] };
      return { say: [st.jumpToLetter(letter)] };
    }
    return { say: [say(`Tecla sin función. Pulsa ? para la ayuda.`, 'error', 'error')] };
  }

  // 1–9 reads rack tile n; Shift+1–9 places it (writing) or toggles it for an exchange.
  private digitKey(digit: number, shifted: boolean): Reaction {
    const st = this.state;
    if (!shifted) return { say: [st.rackTileText(digit)] };
    const slot = st.rackPlaces()[digit - 1];
    if (slot === undefined) return { say: [sayError(st.set, 'NO_SUCH_TILE')] };
    if (st.writing) return { say: st.placeSlot(slot) };
    return { say: [st.toggleSlot(slot)] };
  }

  private command(key: string): Reaction {
    const c = commandForKey(key, this.commands);
    if (!c)
      return { say: [say(`${key}: tecla sin función. Pulsa ? para la ayuda.`, 'error', 'error')] };
    return runCommand(this.state, c, '', 'key');
  }

  private shifted(ev: KeyInput): boolean {
    if (ev.shift !== undefined) return ev.shift;
    return ev.key !== ev.key.toLowerCase();
  }

  private digitOf(ev: KeyInput): number | undefined {
    const m = /^Digit([1-9])$/.exec(ev.code ?? '') ?? /^([1-9])$/.exec(ev.key);
    return m ? Number(m[1]) : undefined;
  }

  /** Shift+letter to a tile code: K is CH and W is RR when the set lacks them (UX.md §2.4). */
  private letterCode(upper: string): number | undefined {
    const letters = this.state.set.letters;
    const find = (label: string): number | undefined => {
      const i = letters.findIndex((l) => l.label === label);
      return i < 0 ? undefined : i + 1;
    };
    // Accented capitals (Shift+Á, or Caps Lock on a dead key) read as the bare letter; Ñ keeps
    // its tilde, being a letter of its own.
    const bare =
      upper === 'Ñ'
        ? upper
        : upper
            .normalize('NFD')
            .replace(/[\u0300-\u036f]/g, '')
            .normalize('NFC');
    const direct = find(bare);
    if (direct !== undefined) return direct;
    if (bare === 'K') return find('CH');
    if (bare === 'W') return find('RR');
    return undefined;
  }

  private blankKey(ev: KeyInput): Reaction {
    const st = this.state;
    if (ev.key === 'Escape') {
      st.cancelBlank();
      // Escape always ends in navigation mode, saying so (UX.md §2.1, 6).
      return { say: [say('Comodín devuelto al atril.', 'placement'), st.setMode('navegacion')] };
    }
    if (ev.key === 'Backspace') return { say: [st.removeLast()] };
    if (ev.key.length === 1 && /\p{L}/u.test(ev.key)) {
      const letter = this.letterCode(ev.key.toUpperCase());
      if (letter === undefined)
        return { say: [sayError(st.set, 'BAD_BLANK_LETTER', { text: ev.key })] };
      return { say: st.designateBlank(letter) };
    }
    return { say: [BLANK_QUESTION] };
  }

  /**
   * Pointer input (drag and drop, click): puts rack slot `slot` on `square` in any mode. The
   * blank waits for its letter as from the keyboard (`designateBlank`).
   */
  drop(slot: number, square: number): Reaction {
    return this.finish({ say: this.state.dropSlot(slot, square) });
  }

  /** Pointer input: moves a tile placed this turn to another square, or back to the rack. */
  lift(square: number, to?: number): Reaction {
    const st = this.state;
    const tile = st.placed.find((p) => p.square === square);
    if (!tile) return this.finish({ say: [sayError(st.set, 'NOT_AVAILABLE')] });
    if (to === undefined) return this.finish({ say: [st.liftAt(square)] });
    if (to === square) return { say: [] };
    if (st.tileAt(to) !== 0)
      return this.finish({ say: [sayError(st.set, 'SQUARE_OCCUPIED', { square: to })] });
    st.liftAt(square);
    // A moved blank keeps the letter it was given.
    if (tile.tile !== BLANK_FLAG && st.slots[tile.slot] === 0) {
      st.placed.push({ square: to, slot: tile.slot, tile: tile.tile });
      st.cursor = to;
      return this.finish({
        say: [say(`${boardTileName(st.set, tile.tile)} en ${squareName(to)}.`, 'placement')],
      });
    }
    return this.finish({ say: st.dropSlot(tile.slot, to) });
  }

  /** Puts the cursor on a square (a click on the board), saying where it is. */
  goTo(square: number): Reaction {
    return this.finish({ say: [this.state.goTo(square)] });
  }

  /** Pointer input: toggles rack slot `slot` for the exchange (Cambio mode's Shift+digit). */
  toggle(slot: number): Reaction {
    return this.finish({ say: [this.state.toggleSlot(slot)] });
  }

  /** Gives the waiting blank its letter from text: any of the 28, `ch`, `ll`, `rr`, `ñ`. */
  designateBlank(text: string): Reaction {
    const st = this.state;
    const norm = asciiEnye(text.trim())
      .toUpperCase()
      .replace(/[ÁÀ]/g, 'A')
      .replace(/[ÉÈ]/g, 'E')
      .replace(/[ÍÌ]/g, 'I')
      .replace(/[ÓÒ]/g, 'O')
      .replace(/[ÚÙÜ]/g, 'U');
    const i = st.set.letters.findIndex((l) => l.label === norm);
    if (!st.pendingBlank) return { say: [sayError(st.set, 'NOT_AVAILABLE')] };
    if (i < 0)
      return this.finish({ say: [sayError(st.set, 'BAD_BLANK_LETTER', { text: text.trim() })] });
    return this.finish({ say: st.designateBlank(i + 1) });
  }

  private dispatchLine(text: string): Reaction {
    const st = this.state;
    const t = text.trim();
    if (!t) return { say: [] };
    if (st.pendingBlank) {
      return this.designateBlank(t);
    }
    st.pendingPass = false;
    st.pendingChallenge = false;
    const [first, ...rest] = t.split(/\s+/);
    const c = commandForName(first!, this.commands);
    // Words after a command that takes none are refused, not dropped: «pasar ahora» is not
    // surely a pass (the key P asks first; a typed line is explicit only when it is exact).
    if (c && rest.length > 0 && !c.takesArg)
      return { say: [sayError(st.set, 'NO_ARGUMENT', { text: first! })] };
    if (c) return runCommand(st, c, rest.join(' '), 'line');
    if (/^[1-9]$/.test(first!) && rest.length === 0)
      return runCommand(st, commandForName('ficha')!, first!, 'line');
    if (looksLikePlay(t)) return playLine(st, t);
    if (isCoordAlone(t)) return { say: [sayError(st.set, 'MISSING_WORD', { text: first })] };
    return { say: [sayError(st.set, 'UNKNOWN_COMMAND', { text: first })] };
  }

  /** Every command-line word, for completion in a client. */
  static commandWords(): string[] {
    return COMMANDS.flatMap((c) => c.names);
  }

  /** Every command-line word of this session's table, a client's own commands included. */
  words(): string[] {
    return this.commands.flatMap((c) => c.names);
  }

  /** Column and row of the cursor (zero-based), for a renderer's highlight. */
  cursorRowCol(): [number, number] {
    return [rowOf(this.state.cursor), colOf(this.state.cursor)];
  }
}
