/**
 * The terminal client playing online (issue 11 §9, "Done when"): a real `atril serve` process on
 * a temporary SQLite database, and `atril play --servidor URL` as another process in line mode,
 * its lines piped in. The player's moves are typed as lines, chosen by a bot from the seat's
 * view, which the test reads through its own connection as the same player (the token the
 * client kept in its configuration folder). A whole game against the server's bot ends with
 * the result said; in another, the server is killed mid-game and started again: the client says
 * that the connection was lost and that it is back, and the game goes on to its end. Coming
 * back by the game's link returns the player to the seat.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn as spawnPty } from 'node-pty';
import { WebSocket } from 'ws';
import { Connection } from '../src/client/connection.js';
import { parseLink, socketUrl } from '../src/client/link.js';
import type { Move } from '../src/engine/move.js';
import { formatCoord } from '../src/engine/notation/coords.js';
import { isBlank, tileLabel } from '../src/engine/tiles.js';
import { type Lexicon, loadDefaultLexicon } from '../src/lexicon/index.js';
import {
  CONNECTION_BACK_TEXT,
  CONNECTION_LOST_TEXT,
  RESIGN_CONFIRM_TEXT,
  endText,
  openingDrawText,
} from '../src/play/messages.js';
import { setOf } from '../src/play/view.js';
import type { ClientView } from '../src/protocol/index.js';
import { freePort } from '../src/server/testing/postgres.js';
import { goodMove } from '../src/server/testing/rooms.js';

const BIN = join(import.meta.dirname, '..', 'bin', 'atril.js');
const tmp = mkdtempSync(join(tmpdir(), 'atril-online-'));
const children: ChildProcess[] = [];
let lex: Lexicon;

beforeAll(() => {
  const loaded = loadDefaultLexicon();
  if (!loaded.ok) throw new Error(loaded.error.code);
  lex = loaded.value;
});
afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  rmSync(tmp, { recursive: true, force: true });
});

/** A process whose output the test reads as it comes. */
class Proc {
  out = '';
  err = '';
  readonly exit: Promise<number | null>;
  private waiters: (() => void)[] = [];

  constructor(readonly child: ChildProcess) {
    children.push(child);
    const heard = (into: 'out' | 'err') => (d: Buffer) => {
      this[into] += d.toString('utf8');
      const w = this.waiters;
      this.waiters = [];
      w.forEach((f) => f());
    };
    child.stdout!.on('data', heard('out'));
    child.stderr!.on('data', heard('err'));
    this.exit = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  }

  /** Resolves once `test` holds, checked whenever output arrives. */
  until(test: () => boolean): Promise<void> {
    return new Promise((resolve) => {
      const look = () => {
        if (test()) resolve();
        else this.waiters.push(look);
      };
      look();
    });
  }

  /** Resolves once the output (from `from` on) matches. */
  async waitFor(re: RegExp, from = 0): Promise<RegExpExecArray> {
    await this.until(() => re.test(this.out.slice(from)));
    return re.exec(this.out.slice(from))!;
  }

  write(line: string): void {
    this.child.stdin!.write(line + '\n');
  }
}

/** Starts `atril serve` on a port and a database; resolves once it is ready. */
async function serve(port: number, db: string): Promise<Proc> {
  const p = new Proc(
    spawn(
      process.execPath,
      [BIN, 'serve', '--port', String(port), '--host', '127.0.0.1', '--db', `sqlite:${db}`],
      {
        env: { ...process.env, DATABASE_URL: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    ),
  );
  await p.waitFor(/atril serve ready/);
  return p;
}

/** Starts `atril play ARGS --lineas` with its own configuration folder. */
function play(args: string[], config: string): Proc {
  return new Proc(
    spawn(process.execPath, [BIN, 'play', ...args, '--lineas'], {
      env: { ...process.env, NO_COLOR: '1', XDG_CONFIG_HOME: config },
      stdio: ['pipe', 'pipe', 'pipe'],
    }),
  );
}

/**
 * The move as a player types it: `8H .[C][A][S][a]` — squares already on the board as `.`,
 * each new tile in brackets (so digraphs read as one tile), a blank in lower case. Anything but
 * a play is typed as `pasar`.
 */
function lineOf(v: ClientView, move: Move): string {
  if (move.kind !== 'place') return 'pasar';
  const set = setOf(v);
  const tiles = move.tiles.map((t) => {
    if (t === 0) return '.';
    const label = tileLabel(set, t);
    return `[${isBlank(t) ? label.toLowerCase() : label.toUpperCase()}]`;
  });
  return `${formatCoord(move)} ${tiles.join('')}`;
}

/** The player's own connection, as the token the client kept: it reads the seat's view. */
async function watchAs(config: string, server: string, gameId: string): Promise<Connection> {
  const kept = JSON.parse(readFileSync(join(config, 'atril', 'servidores.json'), 'utf8')) as Record<
    string,
    { token: string }
  >;
  const c = new Connection({
    url: socketUrl(server),
    socket: (u) => new WebSocket(u),
    token: kept[server]!.token,
    backoff: { initialMs: 100, maxMs: 1000 },
  });
  await c.open();
  expect((await c.join(gameId)).seat).toBe(0);
  return c;
}

/** Resolves once the connection's view of the game satisfies `test`. */
function viewWhere(
  c: Connection,
  gameId: string,
  test: (v: ClientView) => boolean,
): Promise<ClientView> {
  return new Promise((resolve) => {
    const now = c.view(gameId);
    if (now && test(now)) return resolve(now);
    const stop = c.listen((e) => {
      if (e.type === 'view' && e.gameId === gameId && test(e.view)) {
        stop();
        resolve(e.view);
      }
    });
  });
}

/** The human seat: the client process, the test's view of the seat, the turns taken so far. */
interface Seat {
  readonly client: Proc;
  readonly me: Connection;
  readonly gameId: string;
  /** "Tu turno." lines of the client already answered with a move. */
  answered: number;
}

/**
 * Plays the human seat through the client's lines until the game ends (or `stopAfter` more of
 * its turns were played). Each move is typed once the client has said "Tu turno." for that turn
 * (it says it once per turn, and not again when a reconnection brings the same view back), so
 * the client holds the view the move was chosen from.
 */
async function playLines(seat: Seat, stopAfter = Infinity): Promise<number> {
  const { client, me, gameId } = seat;
  let turns = 0;
  let lastVersion = -1;
  while (turns < stopAfter) {
    const v = await viewWhere(
      me,
      gameId,
      (x) => x.phase === 'over' || (x.turn === 0 && x.version !== lastVersion),
    );
    if (v.phase === 'over') break;
    await client.until(() => (client.out.match(/^Tu turno\.$/gm) ?? []).length > seat.answered);
    seat.answered++;
    lastVersion = v.version;
    client.write(lineOf(v, goodMove(lex, v)));
    turns++;
    await viewWhere(me, gameId, (x) => x.version > v.version);
  }
  return turns;
}

/**
 * A server of its own (its database and the client's configuration folder named after `label`)
 * and the line-mode client playing there as Ana against the amateur bot, with the test's own
 * connection as Ana; `stop` closes that connection and the server.
 */
async function againstComputer(label: string, extra: readonly string[] = []) {
  const port = await freePort();
  const server = await serve(port, join(tmp, `${label}.db`));
  const config = join(tmp, `${label}-config`);
  const url = `http://127.0.0.1:${port}`;
  const client = play(
    ['--servidor', url, '--nombre', 'Ana', '--vs', 'aficionado', ...extra],
    config,
  );
  const link = await client.waitFor(/^Enlace de la partida, para volver a ella: (\S+)$/m);
  const gameId = parseLink(link[1]!)!.gameId!;
  const me = await watchAs(config, url, gameId);
  const stop = async (): Promise<void> => {
    me.close();
    server.child.kill('SIGTERM');
    await server.exit;
  };
  return { client, me, gameId, stop };
}

describe('atril play --servidor (line mode, real server process)', () => {
  it('plays a whole game against the server’s bot and says the result', async () => {
    const { client, me, gameId, stop } = await againstComputer('whole');
    try {
      const turns = await playLines({ client, me, gameId, answered: 0 });
      expect(turns).toBeGreaterThan(3);
      const end = await viewWhere(me, gameId, (v) => v.phase === 'over');
      // Against the computer alone, with no --impugnacion, an invalid word is just void (UX.md §3).
      expect(end.rules.challengeMode).toBe('void');
      await client.waitFor(/La partida ha terminado\. Puedes pedir/);
      expect(client.out).toContain(endText(end, end.result!));
      // G-02: who started and why, said once as the game opened.
      expect(client.out.split(`\n${openingDrawText(end)!}\n`)).toHaveLength(2);
      // Every play the client typed was accepted: no refusal in its output.
      expect(client.out).not.toMatch(/No es tu turno|ha cambiado mientras tanto|rechazado/);
      // «revancha»: the server makes the new game, and its link comes back to the table.
      const mark = client.out.length;
      client.write('revancha');
      const again = await client.waitFor(
        /^Revancha: la nueva partida, con los mismos asientos, está en (\S+) \(sal con/m,
        mark,
      );
      const next = parseLink(again[1]!)!.gameId!;
      expect(next).not.toBe(gameId);
      client.write('salir');
      expect(await client.exit).toBe(0);
      expect(client.err).toBe('');
    } finally {
      await stop();
    }
  });

  it('the server dies mid-game: the client says the connection was lost, comes back and plays on', async () => {
    const port = await freePort();
    const db = join(tmp, 'restart.db');
    let server = await serve(port, db);
    const config = join(tmp, 'restart-config');
    const url = `http://127.0.0.1:${port}`;
    const client = play(['--servidor', url, '--nombre', 'Ana'], config);
    const link = await client.waitFor(/^Enlace de la partida, para volver a ella: (\S+)$/m);
    const gameId = parseLink(link[1]!)!.gameId!;
    const me = await watchAs(config, url, gameId);
    const seat: Seat = { client, me, gameId, answered: 0 };
    try {
      expect(await playLines(seat, 3)).toBe(3);
      const before = await viewWhere(me, gameId, (v) => v.turn === 0 || v.phase === 'over');
      // A crash, not a clean stop: nothing tells the clients; their sockets just drop.
      const mark = client.out.length;
      server.child.kill('SIGKILL');
      await server.exit;
      await client.waitFor(new RegExp(`^${escape(CONNECTION_LOST_TEXT)}$`, 'm'), mark);
      // A line typed while the server is down is refused with a reason, and changes nothing.
      if (before.phase !== 'over') {
        client.write('pasar');
        await client.waitFor(/^No hay conexión con el servidor/m, mark);
      }
      server = await serve(port, db);
      await client.waitFor(new RegExp(`^${escape(CONNECTION_BACK_TEXT)}$`, 'm'), mark);
      const again = await viewWhere(me, gameId, (v) => v.version >= before.version);
      expect(again.version).toBe(before.version);
      expect(again.rack).toEqual(before.rack);
      // The game goes on to its end.
      await playLines(seat);
      const end = await viewWhere(me, gameId, (v) => v.phase === 'over');
      // Against the computer alone, with no --impugnacion, an invalid word is just void (UX.md §3).
      expect(end.rules.challengeMode).toBe('void');
      await client.waitFor(/La partida ha terminado\. Puedes pedir/);
      expect(client.out).toContain(endText(end, end.result!));
      client.child.stdin!.end();
      expect(await client.exit).toBe(0);

      // Coming back by the link: the same player, at the same seat, the game as it ended.
      const back = play([link[1]!], config);
      await back.waitFor(/La partida ha terminado\. Puedes pedir/);
      expect(back.out).toContain('Jugadores: Tú, Aficionado (ordenador).');
      back.write('marcador');
      await back.waitFor(/^Tú \d+, Aficionado \d+\.$/m);
      back.child.stdin!.end();
      expect(await back.exit).toBe(0);
    } finally {
      me.close();
      server.child.kill('SIGTERM');
      await server.exit;
    }
  });

  it('TM-01: the clock of the seat on turn runs between the server’s views', async () => {
    const { client, stop } = await againstComputer('clock', ['--reloj', '1']);
    try {
      await client.waitFor(/^Tu turno\.$/m);
      // Nothing arrives from the server while the player thinks; the clock still runs.
      await new Promise((r) => setTimeout(r, 2_500));
      const mark = client.out.length;
      client.write('reloj');
      // A minute's clock less the wait: «Tú 57 segundos», not a full «Tú 1 minuto».
      const read = await client.waitFor(/^Tú (\d+) segundos, Aficionado/m, mark);
      const left = Number(read[1]);
      expect(left).toBeLessThanOrEqual(58);
      expect(left).toBeGreaterThan(30);
      client.write('salir');
      expect(await client.exit).toBe(0);
    } finally {
      await stop();
    }
  });

  it('«abandonar» asks first; said again at once it gives the game up for good', async () => {
    const { client, me, gameId, stop } = await againstComputer('resign');
    const question = new RegExp(`^${escape(RESIGN_CONFIRM_TEXT)}$`, 'gm');
    const asked = (): number => (client.out.match(question) ?? []).length;
    try {
      await client.waitFor(/^Tu turno\.$/m);
      client.write('revancha');
      await client.waitFor(/^La revancha se pide cuando la partida ha terminado\.$/m);
      client.write('abandonar');
      await client.until(() => asked() === 1);
      // Another order in between: the question lapses, and «abandonar» asks again.
      client.write('marcador');
      await client.waitFor(/^Tú 0, Aficionado \d+\.$/m);
      client.write('abandonar');
      await client.until(() => asked() === 2);
      expect(me.view(gameId)!.phase).not.toBe('over');
      client.write('abandonar');
      const end = await viewWhere(me, gameId, (v) => v.phase === 'over');
      expect(end.result!.resigned).toBe(0);
      await client.waitFor(/La partida ha terminado\. Puedes pedir/);
      expect(client.out).toMatch(/^Has abandonado\.$/m);
      const mark = client.out.length;
      client.write('abandonar');
      await client.waitFor(/^La partida ha terminado\.$/m, mark);
      client.write('salir');
      expect(await client.exit).toBe(0);
      expect(client.err).toBe('');
    } finally {
      await stop();
    }
  });

  it('says in Spanish when the server cannot be reached or the address is not one', async () => {
    const port = await freePort();
    const config = join(tmp, 'nobody-config');
    const p = play(['--servidor', `http://127.0.0.1:${port}`, '--nombre', 'Ana'], config);
    expect(await p.exit).toBe(1);
    expect(p.err).toBe(
      `No se puede conectar con el servidor «http://127.0.0.1:${port}»: comprueba la dirección y que esté en marcha.\n`,
    );
    const q = play(['--servidor', 'ftp:/nada', '--nombre', 'Ana'], config);
    expect(await q.exit).toBe(2);
    expect(q.err).toMatch(/^No entiendo la dirección «ftp:\/nada»/);
    const r = play(['--servidor', `http://127.0.0.1:${port}`, '--vs', 'maestro'], config);
    expect(await r.exit).toBe(2);
    expect(r.err).toMatch(
      /^Nivel desconocido en el servidor: «maestro»\. Niveles: principiante, aficionado, experto, campeon\.\n/,
    );
  });

  it('refuses, in Spanish and before connecting, the options a server game cannot take', async () => {
    // Nothing listens on the port: each refusal has to come before any connection is tried.
    const url = `http://127.0.0.1:${await freePort()}`;
    const config = join(tmp, 'refused-config');
    const cases: [string[], string][] = [
      [['--reloj', '181'], 'En un servidor el reloj es de 180 minutos como mucho.'],
      [['--invitados', '4'], '--invitados necesita un número de 1 a 3, no «4».'],
      [['--invitados', '2', '--vs', 'experto,experto'], 'Como mucho pueden jugar 4.'],
      [['--seed', '3'], 'En un servidor no valen --jugadores, --seed, --lexicon ni --cargar.'],
      [['--rules', 'scrabble'], 'Reglas desconocidas: «scrabble». Reglas: fise, caja, sala.'],
      [
        ['--impugnacion', 'nada'],
        'Modo de impugnación desconocido: «nada». Modos: single, double, penalty, automatic, void.',
      ],
    ];
    for (const [args, sentence] of cases) {
      const p = play(['--servidor', url, '--nombre', 'Ana', ...args], config);
      expect(await p.exit).toBe(2);
      expect(p.err.split('\n')[0]).toBe(sentence);
    }
    // A game's link already has its players and rules.
    const link = play([`${url}/#/partida/abc`, '--vs', 'experto'], config);
    expect(await link.exit).toBe(2);
    expect(link.err.split('\n')[0]).toBe(
      'Para entrar por un enlace no hacen falta rivales ni reglas: las tiene la partida.',
    );
    // Listing one's games needs the server, and only it.
    const listing: [string[], string][] = [
      [
        ['--mis-partidas'],
        '--mis-partidas lista tus partidas de un servidor: añade --servidor URL.',
      ],
      [
        [`${url}/#/partida/abc`, '--mis-partidas'],
        '--mis-partidas solo necesita la dirección del servidor: ni enlace de partida, ni rivales, ni reglas.',
      ],
      [
        ['--servidor', url, '--mis-partidas', '--vs', 'experto'],
        '--mis-partidas solo necesita la dirección del servidor: ni enlace de partida, ni rivales, ni reglas.',
      ],
    ];
    for (const [args, sentence] of listing) {
      const p = play(args, config);
      expect(await p.exit).toBe(2);
      expect(p.err.split('\n')[0]).toBe(sentence);
    }
  });

  it('--mis-partidas lists the games left on the server, with whose turn and their links, and opens the one picked', async () => {
    const { client, me, gameId, stop } = await againstComputer('mine');
    const url = parseLink(
      client.out.match(/^Enlace de la partida, para volver a ella: (\S+)$/m)![1]!,
    )!.server;
    const config = join(tmp, 'mine-config');
    try {
      await client.waitFor(/^Tu turno\.$/m);
      client.write('salir');
      expect(await client.exit).toBe(0);
      // Nobody else has played there from this user's folder: nothing to list, and no player made.
      const stranger = play(['--servidor', url, '--mis-partidas'], join(tmp, 'stranger-config'));
      expect(await stranger.exit).toBe(0);
      expect(stranger.out).toBe(
        `Aún no has jugado en ${url} desde este usuario: no tienes partidas allí.\n`,
      );
      const list = play(['--servidor', url, '--mis-partidas'], config);
      await list.waitFor(/Intro para salir\.\n$/);
      expect(list.out).toBe(
        [
          `Tus partidas sin terminar en ${url}:`,
          `  1. Ana, Aficionado · FISE (torneo) · te toca`,
          `     ${url}/#/partida/${gameId}`,
          'Escribe el número de la que quieras seguir, o Intro para salir.',
          '',
        ].join('\n'),
      );
      list.write('2');
      await list.waitFor(
        /^«2» no es el número de ninguna partida: escribe 1, o Intro para salir\.$/m,
      );
      list.write('1');
      await list.waitFor(/^Enlace de la partida, para volver a ella: /m);
      await list.waitFor(/^Tu turno\.$/m);
      list.write('salir');
      expect(await list.exit).toBe(0);
      expect(list.err).toBe('');
      // An empty line, or the end of the input, leaves without opening any.
      const none = play(['--servidor', url, '--mis-partidas'], config);
      await none.waitFor(/Intro para salir\.\n$/);
      none.write('');
      expect(await none.exit).toBe(0);
      expect(none.out).not.toMatch(/Enlace de la partida/);
      // Once the game is over it is listed among the finished ones, to be seen.
      expect((await me.act(gameId, { kind: 'resign' })).ok).toBe(true);
      await viewWhere(me, gameId, (v) => v.phase === 'over');
      const after = play(['--servidor', url, '--mis-partidas'], config);
      await after.waitFor(/Intro para salir\.\n$/);
      const lines = after.out.split('\n');
      expect(lines.slice(0, 2)).toEqual([
        `No tienes partidas sin terminar en ${url}.`,
        'Tus últimas partidas terminadas:',
      ]);
      // The computer's points depend on the racks drawn.
      expect(lines[2]).toMatch(
        /^ {2}1\. Ana, Aficionado · FISE \(torneo\) · terminada (hoy|ayer) a las? \d{1,2}:\d{2} \(abandonaste\), gana Aficionado: Tú \d+, Aficionado \d+$/,
      );
      expect(lines.slice(3)).toEqual([
        `     ${url}/#/partida/${gameId}`,
        'Escribe el número de la que quieras ver, o Intro para salir.',
        '',
      ]);
      after.write('1');
      await after.waitFor(/^La partida ha terminado\./m);
      after.write('salir');
      expect(await after.exit).toBe(0);
      // An identity this server does not know (it started on another database): nothing there.
      const forgotten = join(tmp, 'forgotten-config');
      mkdirSync(join(forgotten, 'atril'), { recursive: true });
      writeFileSync(
        join(forgotten, 'atril', 'servidores.json'),
        JSON.stringify({ [url]: { token: `atp_${'A'.repeat(43)}`, name: 'Ana' } }),
      );
      const lost = play(['--servidor', url, '--mis-partidas'], forgotten);
      expect(await lost.exit).toBe(0);
      expect(lost.out).toBe(
        `El servidor no conoce tu identidad guardada (quizá empezó con otra base de datos). No tienes partidas allí; «atril play --servidor ${url}» empieza una como jugador nuevo.\n`,
      );
    } finally {
      await stop();
    }
  });

  it('the invitation of a room made here is given again, listed and on opening it, until its seat is taken', async () => {
    const port = await freePort();
    const server = await serve(port, join(tmp, 'invites.db'));
    const url = `http://127.0.0.1:${port}`;
    const config = join(tmp, 'invites-config');
    try {
      const made = play(['--servidor', url, '--nombre', 'Ana', '--invitados', '1'], config);
      const said = await made.waitFor(/^Invitación para el asiento 2: (\S+) \(se abre con /m);
      const invite = said[1]!;
      const gameId = parseLink(invite)!.gameId!;
      made.write('salir');
      expect(await made.exit).toBe(0);
      // The server keeps only its hash: the link is kept here, for its owner alone.
      const kept = join(config, 'atril', 'invitaciones.json');
      expect(readFileSync(kept, 'utf8')).toContain(invite.split('invitacion=')[1]!);
      expect(statSync(kept).mode & 0o777).toBe(0o600);
      const line = `Invitación para el asiento 2: ${invite} (se abre con «atril play ENLACE» o en el navegador).`;

      const list = play(['--servidor', url, '--mis-partidas'], config);
      await list.waitFor(/Intro para salir\.\n$/);
      expect(list.out.split('\n').slice(1, 4)).toEqual([
        '  1. Ana, Invitado (asiento 2) · FISE (torneo) · faltan jugadores',
        `     ${url}/#/partida/${gameId}`,
        `     ${line}`,
      ]);
      list.write('1');
      await list.waitFor(/^Enlace de la partida, para volver a ella: /m);
      await list.until(() => list.out.split('\n').includes(line));
      list.write('salir');
      expect(await list.exit).toBe(0);

      // Bea takes the seat: nothing left to share, and the link is forgotten.
      const bea = play([invite, '--nombre', 'Bea'], join(tmp, 'invites-bea'));
      await bea.waitFor(/^Enlace de la partida, para volver a ella: /m);
      bea.write('salir');
      expect(await bea.exit).toBe(0);
      const again = play(['--servidor', url, '--mis-partidas'], config);
      await again.waitFor(/Intro para salir\.\n$/);
      expect(again.out).not.toContain('Invitación');
      again.write('');
      expect(await again.exit).toBe(0);
      expect(readFileSync(kept, 'utf8')).not.toContain(gameId);
    } finally {
      server.child.kill('SIGTERM');
      await server.exit;
    }
  });
});

/**
 * A program in a pseudo-terminal of 120×50 with its own configuration folder: its output so far
 * (`text`), and `waitFor`, which resolves once `re` matches the output from offset `from` on.
 */
function terminal(file: string, args: string[], config: string) {
  const pty = spawnPty(file, args, {
    cols: 120,
    rows: 50,
    env: { ...process.env, NO_COLOR: '1', XDG_CONFIG_HOME: join(tmp, config) },
  });
  let out = '';
  const waiters: (() => void)[] = [];
  pty.onData((d) => {
    out += d;
    waiters.splice(0).forEach((w) => w());
  });
  const waitFor = (re: RegExp, from = 0): Promise<void> =>
    new Promise((resolve) => {
      const look = () => (re.test(out.slice(from)) ? resolve() : waiters.push(look));
      look();
    });
  return { pty, waitFor, text: () => out };
}

describe('atril play --servidor in a terminal (key mode, node-pty)', () => {
  it('shows the board and what happens, chats and asks before resigning from the command line, and Ctrl+C leaves the game on the server', async () => {
    const port = await freePort();
    const server = await serve(port, join(tmp, 'keys.db'));
    const { pty, waitFor, text } = terminal(
      process.execPath,
      [BIN, 'play', '--servidor', `http://127.0.0.1:${port}`, '--nombre', 'Ana'],
      'keys-config',
    );
    const exit = new Promise<number>((resolve) => pty.onExit((e) => resolve(e.exitCode)));
    try {
      await waitFor(
        /Enlace de la partida, para volver a ella: http:\/\/127\.0\.0\.1:\d+\/#\/partida\//,
      );
      // The board and the rack are drawn, as in a local game.
      await waitFor(/Atril: 1:/);
      await waitFor(/Tu turno\./);
      let mark = text().length;
      // T (no Shift: Shift+T would look for a T on the board) says whose turn it is.
      pty.write('t');
      await waitFor(/Tu turno\./, mark);
      mark = text().length;
      pty.write('/decir hola a todos\r');
      await waitFor(/Ana dice: hola a todos/, mark);
      // «abandonar» from the command line asks first; a key in between lets the question lapse,
      // so the next «abandonar» asks again instead of giving the game up.
      const question = new RegExp(escape(RESIGN_CONFIRM_TEXT));
      mark = text().length;
      pty.write('/abandonar\r');
      await waitFor(question, mark);
      pty.write('t');
      mark = text().length;
      pty.write('/abandonar\r');
      await waitFor(question, mark);
      expect(text()).not.toMatch(/Has abandonado/);
      mark = text().length;
      pty.write('\x03');
      await waitFor(
        /Hasta luego\. La partida sigue en el servidor; para volver: atril play http/,
        mark,
      );
      expect(await exit).toBe(0);
    } finally {
      pty.kill();
      server.child.kill('SIGTERM');
      await server.exit;
    }
  });

  it('a hang-up (SIGHUP) puts the terminal back out of raw mode before it exits with 129', async () => {
    const port = await freePort();
    const server = await serve(port, join(tmp, 'signal.db'));
    // A shell runs the client and, after it dies, says its exit code and the terminal's mode;
    // it stays until the test kills it, so that no output is dropped (terminal-signals.test.ts).
    const script =
      `"${process.execPath}" "${BIN}" play --servidor http://127.0.0.1:${port} --nombre Ana; ` +
      'echo "SALIDA=$?"; stty -a; echo FIN; exec sleep 120';
    const { pty, waitFor, text } = terminal('/bin/sh', ['-c', script], 'signal-config');
    try {
      await waitFor(/Tu turno\./);
      const child = execFileSync('ps', ['-o', 'pid=', '--ppid', String(pty.pid)], {
        encoding: 'utf8',
      }).trim();
      // Node puts the terminal back by itself on SIGTERM and SIGINT, not on SIGHUP.
      process.kill(Number(child.split(/\s+/)[0]), 'SIGHUP');
      await waitFor(/FIN/);
      const after = text().slice(text().indexOf('SALIDA='));
      expect(after).toMatch(/SALIDA=129/);
      expect(after).toMatch(/(^|\s)icanon(\s|;)/);
      expect(after).toMatch(/(^|\s)echo(\s|;)/);
    } finally {
      pty.kill();
      server.child.kill('SIGTERM');
      await server.exit;
    }
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
