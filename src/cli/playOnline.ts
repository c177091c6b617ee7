/**
 * `atril play --servidor URL` and `atril play ENLACE`: the terminal client of a game on a server
 * (issue 11 §9). It connects through the protocol client (src/client) as the player kept for
 * that server in the configuration folder (or as a new one, whose token it then keeps), creates
 * a game — against bots, with invited seats — or joins one by its link, and plays it with the
 * same Session, keys and line mode as a local game.
 */
import { createInterface } from 'node:readline';
import { WebSocket } from 'ws';
import {
  type CreateRequest,
  Connection,
  ConnectionError,
  type ConnectionEvent,
  PRESENCE_UNSURE_MS,
} from '../client/connection.js';
import { type InviteTokens, waitingInvites } from '../client/invites.js';
import { gameLink, socketUrl } from '../client/link.js';
import { onlineErrorText } from '../play/errorText.js';
import { helpHintText, rulesText, waitingSeatName } from '../play/messages.js';
import { MY_GAMES_TEXT, describeMine } from '../play/lobbyText.js';
import { Session } from '../play/session.js';
import { type ClientView, type MyGame, nameSchema } from '../protocol/index.js';
import {
  configDir,
  forgetInvites,
  loadIdentity,
  loadInvites,
  saveIdentity,
  saveInvites,
} from './terminal/identity.js';
import { Inbox, type OnlineInput, runOnlineLines } from './terminal/onlineLines.js';
import { runOnlineKeys } from './terminal/onlineKeys.js';
import { OnlineTable, claimHowTerminal, inviteLine } from './terminal/onlineTable.js';

/** What `atril play` decided to do on a server. */
export interface OnlinePlan {
  /** The server's web address, `http(s)://host[:port]`. */
  readonly server: string;
  /** Join this game (by its link) … */
  readonly gameId?: string;
  readonly seatToken?: string;
  /** … or create one like this … */
  readonly create?: CreateRequest;
  /** … or list the player's unfinished games there and join the one they pick. */
  readonly listMine?: boolean;
  /** `--nombre`. */
  readonly name?: string;
  readonly lineas: boolean;
}

/** Where the online client reads and writes (process streams; tests pass their own config). */
interface OnlineIo {
  readonly input: NodeJS.ReadStream;
  readonly output: NodeJS.WriteStream;
  readonly errors: NodeJS.WriteStream;
  readonly configDir: string;
}

const socket = (url: string) => new WebSocket(url);

/** Plays on a server; resolves to the exit code. */
export async function runOnline(
  plan: OnlinePlan,
  io: OnlineIo = {
    input: process.stdin,
    output: process.stdout,
    errors: process.stderr,
    configDir: configDir(),
  },
): Promise<number> {
  const keyMode = !plan.lineas && io.input.isTTY === true;
  const inbox = new Inbox<OnlineInput>();
  // One reader of lines, for the name asked and then (in line mode) the game's commands.
  const rl = createInterface({ input: io.input, terminal: false, crlfDelay: Infinity });
  const lines = rl[Symbol.asyncIterator]();
  const fail = (text: string, code = 1): number => {
    rl.close();
    io.errors.write(text + '\n');
    return code;
  };

  const kept = loadIdentity(plan.server, io.configDir);
  // Listing makes no player: without an identity kept for this server there is nothing to list.
  if (plan.listMine && kept.token === undefined) {
    rl.close();
    io.output.write(MY_GAMES_TEXT.neverHere(plan.server) + '\n');
    return 0;
  }
  let name = plan.name ?? kept.name;
  if (name === undefined) {
    io.output.write('¿Con qué nombre quieres jugar? ');
    const answer = await lines.next();
    if (answer.done) return fail('Fin de la entrada: hace falta un nombre (o --nombre NOMBRE).', 2);
    name = answer.value.trim();
  }
  if (!nameSchema.safeParse(name).success)
    return fail(
      `El nombre «${name.slice(0, 40)}» no vale: de 1 a 40 caracteres, sin caracteres de control.`,
      2,
    );

  const listener = (event: ConnectionEvent): void => {
    if (event.type === 'welcome')
      saveIdentity(
        plan.server,
        { token: event.token ?? conn.token, name: event.name },
        io.configDir,
      );
    inbox.push({ kind: 'event', event });
    // Back after a drop: once the server's wait for its players is over, who came back.
    if (event.type === 'status' && event.status === 'back')
      setTimeout(() => inbox.push({ kind: 'settle' }), PRESENCE_UNSURE_MS).unref();
  };
  const connect = (token: string | undefined) =>
    new Connection({
      url: socketUrl(plan.server),
      socket,
      name,
      listener,
      ...(token !== undefined && { token }),
    });
  let conn = connect(kept.token);
  try {
    await conn.open();
  } catch (e) {
    const code = e instanceof ConnectionError ? e.code : 'UNREACHABLE';
    // Listing as a player the server no longer knows: there is nothing of theirs there.
    if (code === 'UNKNOWN_PLAYER' && plan.listMine) {
      rl.close();
      io.output.write(`${onlineErrorText(code)} ${MY_GAMES_TEXT.forgotten(plan.server)}\n`);
      return 0;
    }
    if (code !== 'UNKNOWN_PLAYER' || kept.token === undefined)
      return fail(onlineErrorText(code, { server: plan.server, ...refusalData(e) }));
    // The server forgot this player (a new database): start again as a new one.
    io.output.write(onlineErrorText(code) + ' Entras como jugador nuevo.\n');
    conn = connect(undefined);
    try {
      await conn.open();
    } catch (again) {
      const code = again instanceof ConnectionError ? again.code : 'UNREACHABLE';
      return fail(onlineErrorText(code, { server: plan.server, ...refusalData(again) }));
    }
  }

  let joinId = plan.gameId;
  if (plan.listMine) {
    let picked: string | undefined;
    try {
      picked = await pickMine(conn, plan.server, lines, io.output, io.configDir);
    } catch (e) {
      conn.close();
      const err = e instanceof ConnectionError ? e : new ConnectionError('SERVER_ERROR');
      return fail(onlineErrorText(err.code, err.data));
    }
    if (picked === undefined) {
      conn.close();
      rl.close();
      return 0;
    }
    joinId = picked;
  }

  const intro: string[] = [];
  let gameId: string;
  let view: ClientView;
  // The invitations of a room made here whose seats wait (given again by «enlace»).
  let invites: InviteTokens = [];
  try {
    if (joinId !== undefined) {
      gameId = joinId;
      view = await conn.join(
        gameId,
        plan.seatToken !== undefined ? { seatToken: plan.seatToken } : {},
      );
      if (view.seat === null) intro.push('Miras la partida: no tienes asiento en ella.');
      // A room made here: its links again, for the seats still waiting for their invitees.
      invites = keptInvites(plan.server, gameId, view, io.configDir);
      if (view.seat !== null) intro.push(...invites.map((t) => inviteLine(plan.server, gameId, t)));
    } else {
      const created = await conn.create(
        plan.create ?? { preset: 'fise', seats: ['open', { bot: 'aficionado' }] },
      );
      gameId = created.gameId;
      view = await firstView(conn, gameId);
      invites = created.inviteTokens;
      if (invites.length > 0) saveInvites(plan.server, gameId, invites, io.configDir);
      for (const t of created.inviteTokens) intro.push(inviteLine(plan.server, gameId, t));
    }
  } catch (e) {
    conn.close();
    const err = e instanceof ConnectionError ? e : new ConnectionError('SERVER_ERROR');
    return fail(onlineErrorText(err.code, err.data));
  }

  const players = view.seats
    .map((s, i) =>
      i === view.seat
        ? 'Tú'
        : s.name === ''
          ? waitingSeatName(i, s.open)
          : s.bot
            ? `${s.name} (ordenador)`
            : s.name,
    )
    .join(', ');
  intro.unshift(
    `Partida en ${plan.server}. Jugadores: ${players}. ${rulesText(view.rules)} ` +
      helpHintText(!keyMode),
    `Enlace de la partida, para volver a ella: ${gameLink(plan.server, gameId)}`,
  );
  const table = new OnlineTable(
    conn,
    plan.server,
    gameId,
    // The clocks run between the server's views, as on the web page (TM-01).
    new Session(view, {
      localClock: () => performance.now(),
      linesOnly: !keyMode,
      claimHow: claimHowTerminal(keyMode),
    }),
    invites,
  );
  // A clock runs out between the server's views: the table looks once a second (TM-02).
  const ticker = view.rules.clock
    ? setInterval(() => inbox.push({ kind: 'tick' }), 1000).unref()
    : undefined;
  try {
    if (!keyMode) {
      void (async () => {
        for (;;) {
          const next = await lines.next();
          if (next.done) return inbox.push({ kind: 'eof' });
          inbox.push({ kind: 'line', text: next.value });
        }
      })();
      try {
        return await runOnlineLines(table, inbox, io.output, intro);
      } finally {
        rl.close();
      }
    }
    rl.close();
    return await runOnlineKeys(table, inbox, {
      input: io.input,
      output: io.output,
      intro,
      color: !process.env['NO_COLOR'] && io.output.isTTY,
    });
  } finally {
    clearInterval(ticker);
  }
}

/**
 * Lists the player's unfinished games on the server, numbered, with whose turn it is and each
 * one's link (and, for a room made here, the invitations still waiting), then their last
 * finished ones numbered on, and asks which to open: resolves to its id, or undefined for none
 * (no games, an empty line or the end of the input).
 */
async function pickMine(
  conn: Connection,
  server: string,
  lines: AsyncIterator<string>,
  output: NodeJS.WriteStream,
  dir: string,
): Promise<string | undefined> {
  const { games, finished } = await myGames(conn);
  const all = [...games, ...finished];
  const item = (g: MyGame, i: number): string => {
    const head = `  ${i + 1}. `;
    // The lines below an entry start where its text does, «10.» and on too.
    const under = ' '.repeat(head.length);
    const invites = keptInvites(server, g.gameId, g, dir);
    return [
      head + describeMine(g),
      under + gameLink(server, g.gameId),
      ...invites.map((t) => under + inviteLine(server, g.gameId, t)),
    ]
      .map((l) => l + '\n')
      .join('');
  };
  output.write(
    (games.length === 0 ? MY_GAMES_TEXT.none(server) : MY_GAMES_TEXT.heading(server)) + '\n',
  );
  if (all.length === 0) return undefined;
  games.forEach((g, i) => output.write(item(g, i)));
  if (finished.length > 0) output.write(MY_GAMES_TEXT.finishedHeading + '\n');
  finished.forEach((g, i) => output.write(item(g, games.length + i)));
  output.write(MY_GAMES_TEXT.pick(games.length > 0, finished.length > 0) + '\n');
  for (;;) {
    const answer = await lines.next();
    const text = answer.done ? '' : answer.value.trim();
    if (text === '') return undefined;
    const n = /^\d{1,3}$/.test(text) ? Number(text) : 0;
    if (n >= 1 && n <= all.length) return all[n - 1]!.gameId;
    output.write(MY_GAMES_TEXT.noSuch(text.slice(0, 40), all.length) + '\n');
  }
}

/**
 * The invitation links kept for a room made from this terminal whose seats still wait for their
 * invitees; forgotten once none waits, or the game is over.
 */
function keptInvites(
  server: string,
  gameId: string,
  game: { readonly phase: string; readonly seats: readonly { readonly name: string }[] },
  dir: string,
): InviteTokens {
  const kept = loadInvites(server, gameId, dir);
  const waiting = waitingInvites(kept, game);
  if (kept.length > 0 && waiting.length === 0) forgetInvites(server, gameId, dir);
  return waiting;
}

/** The player's unfinished games and last finished ones, as the server lists them. */
function myGames(
  conn: Connection,
): Promise<{ readonly games: readonly MyGame[]; readonly finished: readonly MyGame[] }> {
  const answer = nextEvent(conn, (e) => (e.type === 'myGames' ? e : undefined));
  if (!conn.listMyGames()) return Promise.reject(new ConnectionError('CONNECTION_LOST'));
  return answer;
}

/** The first view of a game just created (the server sends it right after `created`). */
function firstView(conn: Connection, gameId: string): Promise<ClientView> {
  const now = conn.view(gameId);
  if (now) return Promise.resolve(now);
  return nextEvent(conn, (e) => (e.type === 'view' && e.gameId === gameId ? e.view : undefined));
}

/**
 * The first event of the connection that `pick` turns into a value; rejected with
 * CONNECTION_LOST when the connection is lost first.
 */
function nextEvent<T>(conn: Connection, pick: (e: ConnectionEvent) => T | undefined): Promise<T> {
  return new Promise((resolve, reject) => {
    const stop = conn.listen((e) => {
      const value = pick(e);
      if (value !== undefined) {
        stop();
        resolve(value);
      } else if (e.type === 'status' && e.status === 'lost') {
        stop();
        reject(new ConnectionError('CONNECTION_LOST'));
      }
    });
  });
}

/** The data a refusal came with (the minutes to wait, say), none for any other failure. */
function refusalData(e: unknown): Readonly<Record<string, unknown>> {
  return e instanceof ConnectionError ? (e.data ?? {}) : {};
}
