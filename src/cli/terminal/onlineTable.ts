/**
 * The terminal's side of a game on a server: one core Session fed with the views the
 * connection receives, its intents sent as `act` frames, and what the connection reports
 * (lost, back, chat, refusals) turned into sentences. The Session cannot tell this from a local
 * game: it gets ClientViews and gives intents, as with the engine in this process. Both
 * terminal modes (lines and keys) drive one of these.
 */
import {
  type Act,
  type Connection,
  type ConnectionEvent,
  PRESENCE_UNSURE_MS,
} from '../../client/connection.js';
import { type InviteTokens, waitingInvites } from '../../client/invites.js';
import { gameLink } from '../../client/link.js';
import { onlineErrorText } from '../../play/errorText.js';
import { MAX_CHAT_LENGTH, chatTextSchema } from '../../protocol/index.js';
import {
  CLAIM_HELP_TEXT,
  claimRefusal,
  CONNECTION_LOST_TEXT,
  REMATCH_NOT_OVER_TEXT,
  RESIGN_CONFIRM_TEXT,
  chatLineText,
  connectionBackText,
  rematchText,
  waitingSeatsText,
} from '../../play/messages.js';
import { PLAY_ERROR_CODES, type PlayErrorCode } from '../../play/errorText.js';
import type { Session } from '../../play/session.js';
import type { Announcement, Reaction } from '../../play/types.js';
import { type ClientView, setOf } from '../../play/view.js';

/** Commands of the online terminal, on top of the core's (for the help). */
export const ONLINE_COMMANDS: readonly { names: string[]; help: string }[] = [
  {
    names: ['tablero'],
    help: 'Dibujar el tablero (filas 1–15, columnas A–O; minúscula = comodín).',
  },
  {
    names: ['decir TEXTO'],
    help: 'Escribir TEXTO en el chat de la partida: lo leen todos en la mesa.',
  },
  {
    names: ['enlace'],
    help: 'El enlace de la partida, para volver a ella con «atril play ENLACE», y los de invitación de los asientos que esperan.',
  },
  {
    names: ['revancha'],
    help: 'Al terminar la partida, pedir otra con los mismos asientos; el enlace de la nueva llega a todos.',
  },
  {
    names: ['abandonar'],
    help: 'Abandonar la partida (pide confirmación: escribe «abandonar» otra vez).',
  },
  {
    names: ['reclamar'],
    help: CLAIM_HELP_TEXT,
  },
  {
    names: ['salir'],
    help: 'Salir del programa. La partida sigue en el servidor: se vuelve a ella con su enlace.',
  },
];

/**
 * How a player claims a game in the terminal, as the claimable seat's sentence says it: in key
 * mode, letters are keys, and the order is typed after «:».
 */
export function claimHowTerminal(keyMode: boolean): string {
  return keyMode ? 'pulsa «:» y escribe «reclamar»' : 'escribe «reclamar»';
}

/** Said once the game is over: it stays open for reading until the player leaves. */
export const ONLINE_END_HINT =
  'La partida ha terminado. Puedes pedir «resultado», «marcador», «tablero» o «palabras», ' +
  'charlar con «decir TEXTO» y pedir la «revancha»; «salir» para terminar.';

/** The same to someone watching: only a seated player may ask for the rematch. */
export const ONLINE_END_HINT_WATCHING =
  'La partida ha terminado. Puedes pedir «resultado», «marcador», «tablero» o «palabras» ' +
  'y charlar con «decir TEXTO»; «salir» para terminar.';

/** The sentence giving a seat's invitation link. */
export function inviteLine(server: string, gameId: string, t: InviteTokens[number]): string {
  return (
    `Invitación para el asiento ${t.seat + 1}: ${gameLink(server, gameId, t.token)}` +
    ' (se abre con «atril play ENLACE» o en el navegador).'
  );
}

/** What a change brought: sentences to show, and whether the game (or the connection) ended. */
export interface News {
  readonly say: readonly string[];
  /** The game just ended: show the final board and the end hint. */
  readonly ended?: boolean;
  /** The connection is closed for good: leave with exit code 1. */
  readonly fatal?: boolean;
  /** A new view arrived (a renderer redraws). */
  readonly redraw?: boolean;
}

/** One seat's (or an observer's) game on a server. */
export class OnlineTable {
  private endShown: boolean;
  /** «abandonar» was said once: the next order confirms it if it is «abandonar» again. */
  private resignAsked = false;
  // The server took a resignation or a claim: the game is over before its view says so.
  private ending = false;

  /**
   * `invites`: the invitation tokens kept for a room made from this terminal, so that «enlace»
   * gives the links of its seats still waiting too.
   */
  constructor(
    readonly conn: Connection,
    readonly server: string,
    readonly gameId: string,
    readonly session: Session,
    private readonly invites: InviteTokens = [],
  ) {
    this.endShown = session.view.result !== null;
  }

  get view(): ClientView {
    return this.session.view;
  }

  /**
   * Whether the game is over: the view says so, or the server took an order that ends it (a
   * resignation or a claim) whose view has not come yet (the input may end before it does).
   */
  get over(): boolean {
    return this.view.phase === 'over' || this.ending;
  }

  get myTurn(): boolean {
    return !this.over && this.view.seat !== null && this.view.turn === this.view.seat;
  }

  /** The game's link (`atril play ENLACE` comes back to it). */
  get link(): string {
    return gameLink(this.server, this.gameId);
  }

  /** What «enlace» says: the game's link, and the invitations of its seats still waiting. */
  links(): string[] {
    const v = this.view;
    const waiting = v.seat === null ? [] : waitingInvites(this.invites, v);
    return [this.link, ...waiting.map((t) => inviteLine(this.server, this.gameId, t))];
  }

  /** Whether the client watches the game without a seat. */
  get watching(): boolean {
    return this.view.seat === null;
  }

  /** What to say once the game is over (`ONLINE_END_HINT`, without the rematch to a watcher). */
  get endHint(): string {
    return this.watching ? ONLINE_END_HINT_WATCHING : ONLINE_END_HINT;
  }

  /**
   * What to say when the game is first shown: who started and why while the viewer has not
   * played yet (G-02), the last move when someone else made it (as the page says it), who
   * waits, whose turn it is. For a game already over, how it ended and who won, as the players
   * heard it then (`endHint`, said next, says what is left to do).
   */
  opening(): string[] {
    if (this.over) return this.session.endSummary().map((a) => a.text);
    const out = this.session.arrivalNews().map((a) => a.text);
    const waiting = waitingSeatsText(this.view);
    if (waiting) out.push(waiting);
    // The session's sentence: in line mode, the final window (E-06) names commands, not keys.
    out.push(this.session.state.turnSentence());
    return out;
  }

  /**
   * The players heard back at the table once the wait after a reconnection is over
   * (`Session.settlePresence`); the client asks PRESENCE_UNSURE_MS after the link came back.
   */
  settle(): News {
    return { say: this.session.settlePresence().map((a) => a.text) };
  }

  /**
   * A clock that has run out since the last look (TM-02, `Session.clockNews`): no view comes
   * when it does, so a timed game's client asks once a second.
   */
  tick(): News {
    return { say: this.session.clockNews().map((a) => a.text) };
  }

  /** Turns an event of the connection into what to say. */
  event(e: ConnectionEvent): News {
    switch (e.type) {
      case 'view':
        return e.gameId === this.gameId ? this.newView(e.view) : { say: [] };
      case 'status':
        if (e.status === 'lost') return { say: [CONNECTION_LOST_TEXT] };
        if (e.status === 'back') {
          this.session.reconnected(PRESENCE_UNSURE_MS);
          return { say: [connectionBackText(this.watching ? 'watch' : 'seat')] };
        }
        if (e.status === 'closed' && e.reason !== undefined)
          return { say: [onlineErrorText(e.reason)], fatal: true };
        return { say: [] };
      case 'chat':
        // The connection hands each line over once, though a rejoin sends the recent ones again.
        if (e.gameId !== this.gameId) return { say: [] };
        return { say: [chatLineText(e.from, e.text)] };
      case 'error':
        return { say: [this.refusal(e.error.code, e.error.data)[0]!.text] };
      case 'rematch':
        return e.gameId === this.gameId
          ? { say: [rematchText(gameLink(this.server, e.newGameId), this.watching)] }
          : { say: [] };
      case 'welcome':
      case 'message':
      case 'lobby':
      case 'lobbyGame':
      case 'myGames':
        return { say: [] };
    }
  }

  private newView(view: ClientView): News {
    const said = this.session.update(view).map((a) => a.text);
    const ended = view.result !== null && !this.endShown;
    if (ended) this.endShown = true;
    return { say: said, ended, redraw: true };
  }

  /**
   * Carries out a reaction of the session: its announcements, and its intent sent to the
   * server; a refusal is said with the core's sentences (the engine's codes) or the online
   * ones (the server's and the connection's).
   */
  async perform(r: Reaction): Promise<Announcement[]> {
    const say = [...r.say];
    if (!r.intent) return say;
    const outcome = await this.conn.act(this.gameId, r.intent as Act);
    if (outcome.ok) return say;
    const { code, data } = outcome.error;
    if ((PLAY_ERROR_CODES as string[]).includes(code))
      return [
        ...say,
        ...this.session.moveOutcome({
          ok: false,
          error: { ...data, code: code as PlayErrorCode } as never,
        }),
      ];
    return [...say, ...this.refusal(code, data)];
  }

  /**
   * An order typed on the command line (its first word, lower case) that is not «abandonar»:
   * a pending question to resign lapses.
   */
  otherOrder(): void {
    this.resignAsked = false;
  }

  /**
   * «abandonar»: the first time asks for confirmation, the second in a row gives the game up
   * (the server ends it for every seat, and the view that follows says so). Returns what to say
   * now.
   */
  async resign(): Promise<Announcement[]> {
    if (this.over) {
      this.resignAsked = false;
      return this.refusal('GAME_OVER');
    }
    if (this.view.seat === null) return this.refusal('NOT_SEATED');
    if (!this.resignAsked) {
      this.resignAsked = true;
      return [{ text: RESIGN_CONFIRM_TEXT, category: 'prompt', priority: 'polite' }];
    }
    this.resignAsked = false;
    return this.act({ kind: 'resign' });
  }

  /**
   * «reclamar»: ends the game as abandoned by the player on turn, away from the table for
   * CLAIM_AFTER_MS (the server checks it again). Returns what to say now: a refusal, or nothing
   * (the view that follows tells the table).
   */
  async claim(): Promise<Announcement[]> {
    const refused = claimRefusal(this.view);
    return refused ? this.refusal(refused) : this.act({ kind: 'claim' });
  }

  // Sends an order the view will answer: nothing to say when it is taken, else why not.
  private async act(action: Act): Promise<Announcement[]> {
    const outcome = await this.conn.act(this.gameId, action);
    if (!outcome.ok) return this.refusal(outcome.error.code, outcome.error.data);
    if (action.kind === 'resign' || action.kind === 'claim') this.ending = true;
    return [];
  }

  // A refusal, said at once (the server's code and data, or the same check made here).
  // In line mode, a refusal that says what to do instead names the commands (linesOnly).
  private refusal(code: string, data?: Readonly<Record<string, unknown>>): Announcement[] {
    const linesOnly = this.session.state.linesOnly;
    const text = onlineErrorText(code, { ...data, linesOnly }, setOf(this.view));
    return [{ text, category: 'error', priority: 'assertive' }];
  }

  /**
   * «revancha»: asks the server for another game with the same seats, once this one is over;
   * the server's `rematch` answer, to every seat, carries the new game's link. Returns the
   * sentence to show now, if any.
   */
  rematch(): string | undefined {
    if (!this.over) return REMATCH_NOT_OVER_TEXT;
    if (this.view.seat === null) return onlineErrorText('NOT_SEATED');
    return this.conn.rematch(this.gameId) ? undefined : onlineErrorText('OFFLINE');
  }

  /** Sends a chat line; the sentence to show when it cannot be sent. */
  chat(text: string): string | undefined {
    const t = text.trim();
    if (!t) return 'Falta el texto: decir TEXTO.';
    if (!chatTextSchema.safeParse(t).success)
      return `Un mensaje del chat tiene como mucho ${MAX_CHAT_LENGTH} caracteres, sin caracteres de control.`;
    return this.conn.chat(this.gameId, t) ? undefined : onlineErrorText('OFFLINE');
  }
}
