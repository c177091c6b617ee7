/**
 * The page's side of one game: a `Session` of src/play (the same object the terminal drives)
 * fed with key events, pointer gestures and the server's views, and what it answers put where
 * the page shows it — announcements into the live regions' texts, the interaction state into a
 * snapshot signal the components draw from, intents sent to the server as actions.
 */
import { type Signal, signal } from '@preact/signals';
import { onlineErrorText } from '../../play/errorText.js';
import { EMPTY_LINE_TEXT, WRAP_TEXT, CLAIM_HELP_TEXT, claimRefusal } from '../../play/messages.js';
import { Session } from '../../play/session.js';
import { L } from '../labels.js';
import { type Spoken, speakingMs } from '../live.js';
import { say } from '../../play/state.js';
import type {
  Announcement,
  Intent,
  KeyInput,
  PlaySnapshot,
  RackOrder,
  Reaction,
  Sound,
  Verbosity,
} from '../../play/types.js';
import { type ClientView, setOf } from '../../play/view.js';
import type { ClientAction } from '../../protocol/actions.js';

/** A refusal as the server words it: a code and its data (error frame of the protocol). */
export interface Refusal {
  readonly code: string;
  readonly data?: Readonly<Record<string, unknown>>;
}

/** An action of the viewer's seat without its version (the connection adds the latest). */
export type Act = {
  [K in ClientAction['kind']]: Omit<Extract<ClientAction, { kind: K }>, 'version'>;
}[ClientAction['kind']];

/** How the controller reaches the server for its game. */
export interface GamePort {
  /** Sends an action of the viewer's seat; resolves once committed, or with the refusal. */
  act(
    action: Act,
  ): Promise<{ readonly ok: true } | { readonly ok: false; readonly error: Refusal }>;
}

/** Options a page restores from its settings. */
export interface ControllerOptions {
  readonly sound?: (s: Sound) => void;
  /** Milliseconds on a monotonic clock (performance.now in the page). */
  readonly clock?: () => number;
  readonly verbosity?: Verbosity;
  readonly order?: RackOrder;
  /** The live regions' texts, when the page keeps them for every route. */
  readonly regions?: { readonly polite: Signal<Spoken>; readonly assertive: Signal<Spoken> };
  /**
   * Whether the focus moves to this square with the cursor (it is on the board, on another
   * square), so that the screen reader reads that square's name by itself (default: never).
   */
  readonly focusFollowsCursor?: (square: number) => boolean;
  /** How fast the screen reader speaks, in characters a second, asked at each play (15). */
  readonly readingRate?: () => number;
}

/**
 * How long a reply waits for the focus to reach the cursor's new square (`focusArrived`)
 * before it is said anyway. The page moves the focus after its next paint, a frame or two
 * away; this only covers a page that never says so.
 */
export const FOCUS_WAIT_MS = 500;

/** The action the server takes for an intent of the core. */
export function actOf(intent: Intent): Act {
  switch (intent.kind) {
    case 'place':
      return {
        kind: 'place',
        row: intent.row,
        col: intent.col,
        dir: intent.dir,
        tiles: [...intent.tiles],
      };
    case 'exchange':
      return { kind: 'exchange', tiles: [...intent.tiles] };
    case 'pass':
      return { kind: 'pass' };
    case 'challenge':
      return { kind: 'challenge' };
  }
}

/** Messages to be said later, and the timer that will say them. */
class Waiting {
  list: Announcement[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;

  /** Whether a timer is set. */
  get timed(): boolean {
    return this.timer !== undefined;
  }

  /** Runs `then` in `ms` instead of any timer set before. */
  schedule(ms: number, then: () => void): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(then, ms);
  }

  /** The messages, taken out, and the timer stopped. */
  take(): Announcement[] {
    clearTimeout(this.timer);
    this.timer = undefined;
    const list = this.list;
    this.list = [];
    return list;
  }
}

/** One viewer's game on the page. */
export class GameController {
  readonly session: Session;
  readonly snap;
  /** Replies to the viewer's own keys and clicks (`role=status`). */
  readonly polite: Signal<Spoken>;
  /** What the viewer did not cause: plays of others, "Tu turno", the end, refusals by the server. */
  readonly assertive: Signal<Spoken>;
  /** The latest message of either kind, shown on screen for sighted players. */
  readonly latest = signal<Announcement | null>(null);
  /** Bumped when the command line should open (`/` or `:`). */
  readonly openLine = signal(0);
  /** An action is on its way to the server. */
  readonly busy = signal(false);
  /** Bumped every clock tick so the clocks redraw. */
  readonly tick = signal(0);
  private readonly clock: () => number;
  private readonly sound: (s: Sound) => void;
  private readonly focusFollowsCursor: (square: number) => boolean;
  private readonly readingRate: () => number;
  /** Until when (on `clock`) a play just said politely (the viewer's own) is likely being read. */
  private playSaidUntil = -Infinity;
  /** Assertive messages held back until then, in order, and the timer that lets them go. */
  private readonly held = new Waiting();
  /** A reply that waits for the focus to reach the cursor's new square, and its fallback. */
  private readonly afterFocus = new Waiting();
  /** What to do once the move of a command line, sent to the server, is taken (`line`). */
  private lineTaken: (() => void) | undefined;

  constructor(
    view: ClientView,
    private readonly port: GamePort,
    opts: ControllerOptions = {},
  ) {
    this.clock = opts.clock ?? (() => performance.now());
    this.sound = opts.sound ?? (() => {});
    this.focusFollowsCursor = opts.focusFollowsCursor ?? (() => false);
    this.readingRate = opts.readingRate ?? (() => 15);
    this.polite = opts.regions?.polite ?? signal<Spoken>({ text: '', n: 0 });
    this.assertive = opts.regions?.assertive ?? signal<Spoken>({ text: '', n: 0 });
    this.session = new Session(view, {
      ...(opts.verbosity ? { verbosity: opts.verbosity } : {}),
      ...(opts.order ? { order: opts.order } : {}),
      localClock: this.clock,
      claimHow: L.claimHow,
      // A claim needs the server, which the shared core does not reach: the page's own order,
      // which «ayuda» lists with the core's.
      commands: [
        { id: 'reclamar', names: ['reclamar'], help: CLAIM_HELP_TEXT, run: () => this.claim() },
      ],
    });
    this.snap = signal<PlaySnapshot>(this.session.snapshot());
  }

  get view(): ClientView {
    return this.session.view;
  }

  /** The view clock's time line now: its `at` plus the time since the view arrived here. */
  clockNow(): number {
    return this.session.clockNow();
  }

  /**
   * Lays the rack out as the player had it before the page was reloaded (`slots`, tile codes),
   * when it still holds those tiles.
   */
  arrange(slots: readonly number[]): void {
    if (this.session.state.arrange(slots)) this.refresh();
  }

  /** A key pressed on the page (outside text fields). */
  key(ev: KeyInput): void {
    this.react(this.session.key(ev));
  }

  /**
   * Arriving at the page says whose turn it is, as T does (how it ended, once over), after the
   * opening draw while the viewer has not played yet (G-02) and the last move when someone
   * else made it (a bot that opened before the page loaded, a move made while the player was
   * away); `intro` (how the player got here: a rematch) comes first, and `outro` (where the
   * invitation links are) last. One announcement, so that no part replaces another: in the
   * assertive region when `theirDoing` (someone else's rematch took the player here, an event
   * they did not cause), else in the polite one.
   */
  arrive(intro?: string, theirDoing = false, outro?: string): void {
    const v = this.session.view;
    // A game already over: how it ended and who won, as its players heard it then (news to
    // them, not to someone who opened it to read it).
    const r =
      v.phase === 'over'
        ? { say: this.session.endSummary().map((a) => ({ ...a, priority: 'polite' as const })) }
        : this.session.line('turno');
    const before = [...(intro ? [say(intro, 'event')] : []), ...this.session.arrivalNews()];
    const said = [...before, ...r.say, ...(outro ? [say(outro, 'event')] : [])];
    this.react({
      ...r,
      say: theirDoing ? said.map((a) => ({ ...a, priority: 'assertive' as const })) : said,
    });
  }

  /**
   * A line typed in the command line. `done` runs once the line did what it asked, before its
   * reply is said (a command line that closes then moves the focus, which would cut the reply
   * off): at once for a command the core carried out, and for a move (a play, an exchange, a
   * pass) once the server takes it. A line refused — an unknown word, a bad coordinate, a word
   * the server finds invalid — never runs it: the player corrects the line instead.
   */
  line(text: string, done?: () => void): void {
    if (text.trim() === '' && !this.session.state.pendingBlank) {
      this.notify(EMPTY_LINE_TEXT, 'polite');
      return;
    }
    const r = this.session.line(text);
    // The core words every refusal as an error (`sayError`, an unavailable command's reason).
    const refused = r.say.some((a) => a.category === 'error');
    if (r.intent) this.lineTaken = done;
    else if (!refused) done?.();
    this.react(r);
  }

  /** A rack tile dragged or clicked onto a square. */
  drop(slot: number, square: number): void {
    this.react(this.session.drop(slot, square));
  }

  /** A tile placed this turn dragged elsewhere, or back to the rack (`to` absent). */
  lift(square: number, to?: number): void {
    this.react(this.session.lift(square, to));
  }

  /** A click on a square: the cursor goes there. */
  goTo(square: number): void {
    this.react(this.session.goTo(square));
  }

  /** A rack tile clicked in Cambio mode. */
  toggle(slot: number): void {
    this.react(this.session.toggle(slot));
  }

  /** A letter chosen for the waiting blank ("A" … "Ñ", "CH", "LL", "RR"). */
  designateBlank(letter: string): void {
    this.react(this.session.designateBlank(letter));
  }

  /**
   * The viewer gives the game up. The page asks for confirmation first; the server ends the
   * game and every page hears it (the history's "Ana abandona." and the end).
   */
  resign(): void {
    void this.send({ kind: 'resign' });
  }

  /**
   * «reclamar» (the button runs it too): the viewer claims the game from the absent player on
   * turn; the server checks it again, and every page hears the end. Refused here, with the
   * reason, when it may not; what to say now.
   */
  private claim(): Announcement[] {
    const refused = claimRefusal(this.view);
    if (refused !== undefined) return [this.refusal(refused, {})];
    void this.send({ kind: 'claim' });
    return [];
  }

  /** Runs a command of the table by its word, as a button does ("fin", "pasar" …). */
  command(word: string): void {
    this.react(this.session.button(word));
  }

  /** A button that stands for a key (Pasar: P, which asks for confirmation first). */
  buttonKey(ev: KeyInput): void {
    this.react(this.session.button(ev));
  }

  /** The game changed: announce what happened and redraw. */
  update(view: ClientView): void {
    // The server sends the view that shows a move before its answer to the move: a command
    // line waiting for that answer is done now, before the move is said.
    const before = this.session.view.history.length;
    if (view.history.slice(before).some((rec) => rec.seat === view.seat)) this.lineSettled(true);
    this.announce(this.session.update(view));
    this.refresh();
  }

  /**
   * Once a second: clocks redraw, the viewer hears when their time runs low, everyone when a
   * clock runs out (TM-02), and who came back to the table while a restarted server waited for
   * everyone.
   */
  onTick(): void {
    this.tick.value++;
    // After a reconnection: who came back while the server waited for everyone.
    const back = this.session.settlePresence();
    if (back.length > 0) this.announce(back);
    // A clock run out, and the viewer's own going under a minute (the core's low-time cue).
    const out = this.session.clockNews();
    if (out.length > 0) this.announce(out);
  }

  /** The tentative play's words and score, as Y says them; null with no tile placed. */
  tentativeText(): string | null {
    if (this.snap.value.placed.length === 0) return null;
    return this.session.state.preview().text;
  }

  /** Says something that did not come from the core (the connection's state). */
  notify(text: string, priority: 'polite' | 'assertive' = 'assertive', sound?: Sound): void {
    this.announce([say(text, 'event', sound, priority)]);
  }

  /**
   * The page moved the focus with the cursor (or found it need not): a reply waiting for that
   * is said now, after the square's name, instead of being cut off by it.
   */
  focusArrived(): void {
    if (this.afterFocus.timed) this.sayAfterFocus();
  }

  private react(r: Reaction): void {
    // A key stops the screen reader's speech anyway: what was held for the play being read
    // comes first now, and the key's reply after it, less what it just said (T asks for the
    // «Tu turno» that was held). A reply still waiting for the focus goes out with the key's,
    // in one message: two set in the same moment, the page would show only the second.
    const waiting = this.afterFocus.timed ? this.afterFocus.take() : [];
    if (this.held.list.length > 0) {
      const held = this.sayHeld();
      r = { ...r, say: r.say.filter((a) => !held.some((h) => h.text === a.text)) };
    }
    // A cursor that moves takes the board's focus along, and the newly focused square is read
    // by its name, the very words of the cursor's announcement: said twice otherwise. At the
    // edge the cursor stays, and that is said; a search that wraps says only that it did.
    const to = this.session.cursor;
    const moved = to !== this.snap.value.cursor && this.focusFollowsCursor(to);
    const said = moved
      ? r.say
          .filter((a) => a.category !== 'cursor' || a.sound)
          .map((a) =>
            a.category === 'cursor' && a.sound === 'wrap' ? { ...a, text: WRAP_TEXT } : a,
          )
      : r.say;
    // A screen reader stops speaking when the focus moves, and the page moves it a moment
    // after this: a reply that stays (a tile placed, and the cursor gone on) would be cut off
    // by the next square's name. It waits for the focus, and is read after that name.
    this.announce(waiting.length > 0 ? [...waiting, ...said] : said, moved);
    // The screen shows the whole of it all the same.
    if (said !== r.say && r.say.length > 0) this.latest.value = r.say[r.say.length - 1]!;
    if (r.openCommandLine) this.openLine.value++;
    this.refresh();
    if (r.intent) void this.send(actOf(r.intent));
  }

  private async send(action: Act): Promise<void> {
    this.busy.value = true;
    try {
      const out = await this.port.act(action);
      this.lineSettled(out.ok);
      if (out.ok) return;
      const { code, data = {} } = out.error;
      this.announce(this.session.state.remember([this.refusal(code, data)]));
    } finally {
      this.busy.value = false;
      this.refresh();
    }
  }

  // The move a command line sent was taken (its `done` runs) or refused (the line stays).
  private lineSettled(taken: boolean): void {
    const done = this.lineTaken;
    this.lineTaken = undefined;
    if (taken) done?.();
  }

  // An order refused, by the server or by the same check made here, said in Spanish.
  private refusal(code: string, data: Readonly<Record<string, unknown>>): Announcement {
    return say(onlineErrorText(code, data, setOf(this.session.view)), 'error', 'error');
  }

  private refresh(): void {
    this.snap.value = this.session.snapshot();
  }

  /**
   * The page leaves the game: what is held back is dropped, and the regions are emptied, or a
   * screen reader reading the next page from the top would meet this game's last words there.
   */
  close(): void {
    this.held.take();
    this.afterFocus.take();
    for (const region of [this.polite, this.assertive])
      if (region.value.text !== '') region.value = { text: '', n: region.value.n + 1 };
  }

  // `focusMoves`: the focus is about to move with the cursor, and the polite part waits for it.
  private announce(list: readonly Announcement[], focusMoves = false): void {
    if (list.length === 0) return;
    this.latest.value = list[list.length - 1]!;
    const now = this.clock();
    // An assertive message cuts off what the screen reader is saying: the viewer's own play,
    // just confirmed, would be lost to a computer that answers at once. What the viewer did
    // not cause waits until that play has likely been read (and behind anything held before).
    const polite = list.filter((a) => a.priority === 'polite');
    let loud = list.filter((a) => a.priority === 'assertive');
    if (polite.some((a) => a.category === 'play'))
      this.playSaidUntil =
        now + speakingMs(polite.map((a) => a.text).join(' '), this.readingRate());
    if (loud.length > 0 && (this.held.list.length > 0 || now < this.playSaidUntil)) {
      this.held.list.push(...loud);
      loud = [];
      if (!this.held.timed) this.held.schedule(this.playSaidUntil - now, () => this.release());
    }
    if (focusMoves && polite.length > 0) {
      this.afterFocus.list = polite;
      this.afterFocus.schedule(FOCUS_WAIT_MS, () => this.sayAfterFocus());
    } else this.speak(this.polite, polite);
    this.speak(this.assertive, loud);
    this.cue(loud.length > 0 ? list : polite);
  }

  private sayAfterFocus(): void {
    this.speak(this.polite, this.afterFocus.take());
  }

  // The held messages, once the play before them has been read (a later one said meanwhile
  // is waited for too).
  private release(): void {
    const wait = this.playSaidUntil - this.clock();
    if (wait > 0) this.held.schedule(wait, () => this.release());
    else this.sayHeld();
  }

  // Says what was held; the caller leaves out of its own reply what this just said.
  private sayHeld(): Announcement[] {
    const list = this.held.take();
    this.speak(this.assertive, list);
    this.cue(list);
    return list;
  }

  // The first sound among the messages said together.
  private cue(list: readonly Announcement[]): void {
    const sound = list.find((a) => a.sound)?.sound;
    if (sound) this.sound(sound);
  }

  // One message of a region: the texts together.
  private speak(region: Signal<Spoken>, list: readonly Announcement[]): void {
    if (list.length === 0) return;
    let text = list.map((a) => a.text).join(' ');
    // The same words again would not be read: a trailing no-break space makes them new.
    if (text === region.value.text) text += '\u00a0';
    region.value = { text, n: region.value.n + 1 };
  }
}
