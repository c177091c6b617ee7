/**
 * What both terminal modes share: one core session per person at the table, bots' turns,
 * and the route from the core's intents to the engine and back to announcements.
 */
import { commandForKey, commandForName } from '../../play/commands.js';
import { isChallengeable } from '../../engine/rules.js';
import { handoverText, noSuchPersonText, ownPlayChallengeText } from '../../play/messages.js';
import { Session } from '../../play/session.js';
import { say } from '../../play/state.js';
import type { Announcement, KeyInput, Reaction } from '../../play/types.js';
import type { LocalGame } from './localGame.js';

/**
 * The sessions of a local game and the bookkeeping of whose turn is being shown.
 *
 * With several people at one keyboard (hot-seat, issue 10 item 2) the screen is shared: every
 * seat is spoken of by name, each turn is announced once on it (the other people's sessions
 * take the news as already said), and the next person's rack stays hidden until they have the
 * keyboard (`handover`).
 */
export class Driver {
  readonly sessions: (Session | undefined)[];
  private endShown = false;
  /** The person whose rack the screen last showed (hot-seat). */
  private atKeyboard: number | undefined;
  private readonly linesOnly: boolean;
  private readonly hideRacks: boolean;

  /**
   * `linesOnly`: the sessions take lines, not keys (line mode). `hideRacks` (true unless said):
   * in a hot-seat game each rack stays hidden until its owner has the keyboard (`handover`);
   * false for a script piped in, which has nobody to hide it from.
   */
  constructor(
    readonly game: LocalGame,
    opts: { readonly linesOnly?: boolean; readonly hideRacks?: boolean } = {},
  ) {
    const people = game.seats.filter((s) => !s.bot).length;
    const linesOnly = opts.linesOnly ?? false;
    this.linesOnly = linesOnly;
    this.hideRacks = opts.hideRacks ?? true;
    this.sessions = game.seats.map((s, seat) =>
      s.bot ? undefined : new Session(game.viewOf(seat), { byName: people > 1, linesOnly }),
    );
  }

  /**
   * In a hot-seat game, the sentence that hides the rack of the person now on turn until they
   * have the keyboard ("Pasa el teclado a Luis; pulsa Intro."), when the screen last showed
   * someone else's rack or none yet; undefined when their rack may be shown.
   */
  handover(): string | undefined {
    const seat = this.game.turn;
    if (!this.hideRacks || !this.hotSeat || this.game.over || this.game.isBot(seat))
      return undefined;
    if (this.atKeyboard === seat) return undefined;
    return handoverText(this.game.seats[seat]!.name);
  }

  /**
   * The person on turn has the keyboard: their rack may be shown from now on. Returns what they
   * hear then: their turn, with what they may do in the final window (E-06), in keys or in
   * commands, which waited for them; in line mode, whose lines said the turn before the
   * handover, only in that window. A question waiting for its second key is dropped first.
   */
  handedOver(): Announcement[] {
    this.atKeyboard = this.game.turn;
    const s = this.current();
    if (!s) return [];
    s.awaitKeyboard(false);
    // Intro, like any key but D, drops a D's question asked while the rack was hidden: it may
    // not have been asked by the person who now has the keyboard, whose next D is their own.
    const dropped = s.dropQuestion();
    if (this.linesOnly && s.view.phase !== 'final-challenge') return dropped;
    return [...dropped, say(s.state.turnSentence(), 'turn', 'turn', 'assertive')];
  }

  /**
   * Hot-seat: the news one session just said were said to the whole table, so every other
   * person's session takes them as heard (one announcement per play, not one per person).
   */
  private shareNews(speaker: Session): void {
    if (!this.hotSeat) return;
    this.sessions.forEach((s, seat) => {
      if (s && s !== speaker) s.seen(this.game.viewOf(seat));
    });
  }

  /** The seat a person's session plays for. */
  seatOf(session: Session): number {
    return this.sessions.indexOf(session);
  }

  /** True when more than one person shares the terminal (hot-seat). */
  get hotSeat(): boolean {
    return this.sessions.filter((s) => s !== undefined).length > 1;
  }

  /** The session of the seat on turn, or undefined when a bot is on turn or the game is over. */
  current(): Session | undefined {
    if (this.game.over) return undefined;
    return this.sessions[this.game.turn];
  }

  /**
   * Brings the clocks in the session's view up to this moment, so that `reloj` and the status
   * line count the turn in progress (timed games only). Returns what that brings: a clock that
   * has run out meanwhile (TM-02), said once to the whole table.
   */
  tick(session: Session): Announcement[] {
    if (!this.game.timed || this.game.over) return [];
    const said = session.update(this.game.viewOf(this.seatOf(session)));
    if (said.length > 0) this.shareNews(session);
    return said;
  }

  /**
   * For a timer of the client (once a second in a timed game): the clock of the seat on turn
   * if it has just run out, said once to the table; nothing while a bot is on turn (its turn
   * is played at once) or once the game is over.
   */
  clockNews(): Announcement[] {
    const s = this.current();
    return s ? this.tick(s) : [];
  }

  /** Plays bots' turns until a person is on turn or the game ends. */
  runBots(): void {
    while (!this.game.over && this.game.isBot(this.game.turn)) this.game.botTurn();
  }

  /**
   * What the person on turn should hear now: the turns since they last looked, "Tu turno" (in
   * a hot-seat game before a handover, the turn alone: see `handedOver`).
   */
  catchUp(): Announcement[] {
    const s = this.current();
    if (!s) return [];
    const view = this.game.viewOf(this.game.turn);
    // Before a handover, what the person on turn may do names keys that wait for them: it is
    // said once they have the keyboard (`handedOver`), after the sentence that hands it over.
    s.awaitKeyboard(this.handover() !== undefined);
    const said = s.update(view);
    this.shareNews(s);
    if (said.some((a) => a.category === 'turn')) return said;
    return [...said, say(s.state.turnSentence(), 'turn', 'turn', 'assertive')];
  }

  /**
   * Before the first turn: the opening draw (G-02), who started and why, said once to the
   * table (the first person's session; by name when several share the screen). Nothing for a
   * resumed game with turns played: the table heard it when the game began.
   */
  opening(): Announcement[] {
    const first = this.sessions.find((s) => s !== undefined);
    if (!first || first.view.history.length > 0) return [];
    return first.openingDraw();
  }

  /** At the end: the last turns and the result, said once (to the first person at the table). */
  finalWords(): Announcement[] {
    if (this.endShown || !this.game.over) return [];
    this.endShown = true;
    const seat = this.sessions.findIndex((s) => s !== undefined);
    if (seat < 0) return [];
    const said = this.sessions[seat]!.update(this.game.viewOf(seat));
    this.shareNews(this.sessions[seat]!);
    return said;
  }

  /** Once the game is over, the session that reads it: the first person's at the table. */
  endSession(): Session {
    const seat = this.sessions.findIndex((s) => s !== undefined);
    return this.sessions[seat]!;
  }

  /**
   * RULES.md §12: with 3 or 4 players any opponent may challenge the play just made until the
   * next player starts a turn, so at one keyboard `impugnar NOMBRE` challenges for that person.
   * `session` is the session on turn, which hears the outcome.
   */
  challengeAs(session: Session, name: string): { say: Announcement[]; moved: boolean } {
    const wanted = name.trim().toLowerCase();
    const seat = this.game.seats.findIndex((s) => s.name.toLowerCase() === wanted);
    const refuse = (text: string): { say: Announcement[]; moved: boolean } => ({
      say: [{ text, category: 'error', priority: 'assertive' }],
      moved: false,
    });
    if (seat < 0 || this.game.isBot(seat)) return refuse(noSuchPersonText(name.trim()));
    // The engine refuses a challenge of one's own play as if there were none to challenge;
    // named by someone else at the table, that reads as if the play could not be challenged.
    const { pending, rules } = this.game.state;
    if (pending?.seat === seat && isChallengeable(rules))
      return refuse(ownPlayChallengeText(this.game.seats[seat]!.name));
    const outcome = this.game.act(seat, { kind: 'challenge' });
    if (!outcome.ok) return { say: session.moveOutcome(outcome), moved: false };
    const own = this.seatOf(session);
    const said = session.update(this.game.viewOf(own));
    this.shareNews(session);
    return { say: said, moved: this.game.over || this.game.turn !== own };
  }

  /**
   * While the rack of the person on turn stays hidden (`handover`), a command line everyone at
   * the table may use: one that tells nothing of that rack (`PUBLIC_WHILE_HIDDEN`: the scores,
   * the last play, the clocks, the help …), or `impugnar NOMBRE`, a challenge by anyone (C-01).
   * Undefined for any other command, which waits until the keyboard is handed over.
   */
  hiddenLine(session: Session, text: string): { say: Announcement[]; moved: boolean } | undefined {
    const [first = '', ...rest] = text.split(/\s+/);
    const id = commandForName(first)?.id;
    if (id === 'impugnar' && rest.length > 0)
      return this.whileHidden(session, () => this.challengeAs(session, rest.join(' ')));
    if (id === undefined || !PUBLIC_WHILE_HIDDEN.has(id)) return undefined;
    return this.whileHidden(session, () => this.perform(session, session.line(text)));
  }

  /**
   * While the rack of the person on turn stays hidden, the keys of the commands that show
   * nothing of it (`PUBLIC_WHILE_HIDDEN`): S, T, U, R …, D (a challenge by that person, as at
   * any other time, C-01), and / or : to open the command line (`hiddenLine`). Undefined for
   * any other key.
   */
  hiddenKey(
    session: Session,
    key: KeyInput,
  ): { say: Announcement[]; moved: boolean; openCommandLine: boolean } | undefined {
    const id = keyCommand(key);
    if (id === undefined || !PUBLIC_WHILE_HIDDEN.has(id)) return undefined;
    let openCommandLine = false;
    // A terminal's / may be Shift+7, and the first one tells how to place rack tile 7 instead
    // (Alt+7); with the rack hidden there is nothing to place, so it goes in as the bare command
    // and the hint waits for a / typed with the rack shown.
    const pressed = id === 'ordenes' ? { key: key.key } : key;
    const done = this.whileHidden(session, () => {
      const r = session.key(pressed);
      openCommandLine = r.openCommandLine ?? false;
      return this.perform(session, r);
    });
    return { ...done, openCommandLine };
  }

  // An action taken while a rack is hidden. Whoever is at the keyboard is not known, so a turn
  // that moves on hides the next rack too, even from the person it last showed; one that
  // changed the game and left the turn where it was (a play withdrawn) says again that the
  // rack waits for its owner, after the turn it has just said.
  private whileHidden<T extends { say: Announcement[]; moved: boolean }>(
    session: Session,
    act: () => T,
  ): T {
    const late = this.tick(session);
    const events = this.game.state.events.length;
    const done = act();
    done.say.unshift(...late);
    const again = this.game.state.events.length !== events ? this.handover() : undefined;
    if (done.moved) this.atKeyboard = undefined;
    else if (again) done.say.push(say(again, 'prompt'));
    return done;
  }

  /**
   * Carries out a reaction of the session on turn: says its announcements and submits its
   * intent. Returns what to say, and whether the game moved on to another seat or ended. A
   * challenge that leaves the turn with the challenger (a play withdrawn, or one that stands
   * without penalty) has not moved it: the turn was said with the outcome, not to be said again.
   */
  perform(session: Session, r: Reaction): { say: Announcement[]; moved: boolean } {
    const say = [...r.say];
    if (!r.intent) return { say, moved: false };
    const seat = this.seatOf(session);
    const outcome = this.game.act(seat, r.intent);
    if (!outcome.ok) return { say: [...say, ...session.moveOutcome(outcome)], moved: false };
    say.push(...session.update(this.game.viewOf(seat)));
    this.shareNews(session);
    return { say, moved: this.game.over || this.game.turn !== seat };
  }
}

/**
 * The commands (by their id in the core's table, whatever key or word names them) that tell
 * nothing of the hidden rack, answered during a hot-seat handover: what everyone at the table
 * may see, the help, the command line, and a challenge (C-01). Not `bolsa`: the tiles not yet
 * seen leave out the viewer's rack, and so would tell it; not `repetir`, which may repeat what
 * that person last heard of their rack; nor what plays or arranges the rack (`orden`, `valor`,
 * the writing modes …).
 */
const PUBLIC_WHILE_HIDDEN = new Set([
  'turno',
  'marcador',
  'ultima',
  'palabras',
  'reloj',
  'casilla',
  'linea',
  'fila',
  'columna',
  'impugnar',
  'sorteo',
  'ayuda',
  'ordenes',
  'detalle',
  'fin-partida',
]);

/**
 * The command a key stands for in navigation, or undefined: a letter without Shift, or a named
 * key (?, F1, / …). Shift+letter and the digits are the rack's (to place, to read a tile).
 */
function keyCommand(key: KeyInput): string | undefined {
  if (key.shift) return undefined;
  return commandForKey(key.key.length === 1 ? key.key.toUpperCase() : key.key)?.id;
}
