import { describe, expect, it } from 'vitest';
import { Connection, PRESENCE_UNSURE_MS } from '../../client/connection.js';
import { rematchText } from '../../play/messages.js';
import { Session } from '../../play/session.js';
import { resignedView, viewFrom } from '../../play/testing/views.js';
import type { ClientView } from '../../protocol/index.js';
import {
  ONLINE_END_HINT,
  ONLINE_END_HINT_WATCHING,
  OnlineTable,
  claimHowTerminal,
} from './onlineTable.js';
import { newsOf } from './onlineLines.js';

const SERVER = 'http://127.0.0.1:8790';
const ENDED = viewFrom({
  turns: [
    [0, '8H', 'CASA'],
    [1, 'pass'],
  ],
  end: { scores: [12, 0], winners: [0] },
});

// A table over a connection that is never opened: only what the table says is looked at.
function tableOf(view: ClientView): OnlineTable {
  const conn = new Connection({ url: 'ws://127.0.0.1:1/ws', socket: () => ({}) as never });
  return new OnlineTable(conn, SERVER, 'g1', new Session(view));
}

describe('OnlineTable: what a seated player and a watcher are told', () => {
  it('a finished game opens with how it ended and who won, then the end hint', () => {
    const t = tableOf(ENDED);
    expect(t.opening()).toEqual([
      'La partida acaba: todos han pasado dos veces seguidas.',
      'Fin de la partida. Has ganado: Tú 12, Ana 0.',
    ]);
    expect(t.endHint).toBe(ONLINE_END_HINT);
  });

  it('G-02: a game at its start opens with the draw, before who waits and whose turn it is', () => {
    const fresh = viewFrom({ names: ['Tú', ''], opening: { first: 1, draws: ['0A 1?'] } });
    expect(tableOf({ ...fresh, turn: 1 }).opening()).toEqual([
      'Sorteo de salida: tú sacas la A; Invitado (asiento 2), el comodín. Empieza Invitado (asiento 2): el comodín gana a cualquier letra.',
      'Falta un jugador por llegar: jugará cuando entre con su invitación.',
      'Turno de Invitado (asiento 2).',
    ]);
    // Once the viewer has played, it is old news.
    const played = viewFrom({
      turns: [[0, '8H', 'CASA']],
      opening: { first: 0, draws: ['0A 1B'] },
    });
    expect(tableOf({ ...played, turn: 1 }).opening()).toEqual(['Turno de Ana.']);
  });

  it('arriving after someone else moved (a bot that opened, a move made while away), that move is said before the turn, as on the page', () => {
    const theirs = viewFrom({ turns: [[1, '8H', 'CASA']], toMove: 0 });
    expect(tableOf(theirs).opening()).toEqual(['Ana: 8H horizontal, CASA, 12.', 'Tu turno.']);
    const opened = viewFrom({
      turns: [[1, '8H', 'CASA']],
      toMove: 0,
      opening: { first: 1, draws: ['0E 1B'] },
    });
    expect(tableOf(opened).opening()).toEqual([
      'Sorteo de salida: tú sacas la E; Ana, la B. Empieza Ana: su ficha es la más cercana a la A.',
      'Ana: 8H horizontal, CASA, 12.',
      'Tu turno.',
    ]);
    // One's own last move is not news.
    const mine = viewFrom({ turns: [[0, '8H', 'CASA']], toMove: 1 });
    expect(tableOf(mine).opening()).toEqual(['Turno de Ana.']);
  });

  it('a watcher is not offered the rematch, and hears that the players play it', () => {
    const t = tableOf({ ...ENDED, seat: null, rack: null });
    expect(t.endHint).toBe(ONLINE_END_HINT_WATCHING);
    expect(t.endHint).not.toContain('revancha');
    const news = t.event({ type: 'rematch', gameId: 'g1', newGameId: 'g2' });
    expect(news.say).toEqual([rematchText(`${SERVER}/#/partida/g2`, true)]);
    expect(news.say[0]).toMatch(/^Los jugadores juegan la revancha en /);
  });

  it('back after a lost connection: «sigues en la partida» to a player, «sigues mirando» to a watcher', () => {
    const playing = viewFrom({ turns: [[0, '8H', 'CASA']] });
    expect(tableOf(playing).event({ type: 'status', status: 'back' }).say).toEqual([
      'Conexión recuperada: sigues en la partida.',
    ]);
    expect(
      tableOf({ ...playing, seat: null, rack: null }).event({ type: 'status', status: 'back' }).say,
    ).toEqual(['Conexión recuperada: sigues mirando la partida.']);
  });

  it('back after a restart of the server: a player still away is not heard coming back and leaving again', () => {
    const table = viewFrom({ names: ['Tú', 'Beto'], toMove: 0 });
    const beto = (away: boolean) => ({
      ...table,
      seats: table.seats.map((x, i) => (i === 1 && away ? { ...x, away: true as const } : x)),
    });
    const t = tableOf(beto(true));
    t.event({ type: 'status', status: 'back' });
    expect(t.event({ type: 'view', gameId: 'g1', view: beto(false) }).say).toEqual([]);
    expect(t.event({ type: 'view', gameId: 'g1', view: beto(true) }).say).toEqual([]);
    expect(t.settle().say).toEqual([]);
  });

  it('back after a restart of the server: a player who came back meanwhile is heard once the wait is over', () => {
    const table = viewFrom({ names: ['Tú', 'Beto'], toMove: 0 });
    const away = {
      ...table,
      seats: table.seats.map((x, i) => (i === 1 ? { ...x, away: true as const } : x)),
    };
    let clock = 0;
    const conn = new Connection({ url: 'ws://127.0.0.1:1/ws', socket: () => ({}) as never });
    const t = new OnlineTable(conn, SERVER, 'g1', new Session(away, { localClock: () => clock }));
    t.event({ type: 'status', status: 'back' });
    expect(t.event({ type: 'view', gameId: 'g1', view: table }).say).toEqual([]);
    expect(t.settle().say).toEqual([]);
    clock = PRESENCE_UNSURE_MS;
    expect(t.settle().say).toEqual(['Beto ha vuelto a la mesa.']);
  });
});

describe('OnlineTable: a clock that runs out (TM-02)', () => {
  it('is said on the tick after it does, once, to a player and to someone watching', () => {
    const timed = viewFrom({ toMove: 1, clocksMs: [760_000, 1_000] });
    for (const view of [timed, { ...timed, seat: null, rack: null }]) {
      let clock = 0;
      const conn = new Connection({ url: 'ws://127.0.0.1:1/ws', socket: () => ({}) as never });
      const t = new OnlineTable(conn, SERVER, 'g1', new Session(view, { localClock: () => clock }));
      expect(newsOf(t, { kind: 'tick' }).say).toEqual([]);
      clock = 1_001;
      expect(newsOf(t, { kind: 'tick' }).say).toEqual([
        'Se acabó el tiempo de Ana: al final pierde 10 puntos por cada minuto empezado de más.',
      ]);
      clock = 5_000;
      expect(newsOf(t, { kind: 'tick' }).say).toEqual([]);
    }
  });
});

describe('OnlineTable: the final window (E-06) in line mode', () => {
  const finalWindow = { ...viewFrom({ toMove: 0 }), phase: 'final-challenge' as const };
  const conn = (): Connection =>
    new Connection({ url: 'ws://127.0.0.1:1/ws', socket: () => ({}) as never });
  const refused = {
    type: 'error',
    error: { code: 'FINAL_CHALLENGE_WINDOW', data: {} },
  } as const;

  it('arriving in the window, the turn names the commands in line mode and the keys in key mode', () => {
    const lines = new OnlineTable(
      conn(),
      SERVER,
      'g1',
      new Session(finalWindow, { linesOnly: true }),
    );
    expect(lines.opening().at(-1)).toBe(
      'Tu turno. La partida acaba: solo puedes impugnar la última jugada («impugnar») o aceptarla («pasar»).',
    );
    expect(tableOf(finalWindow).opening().at(-1)).toBe(
      'Tu turno. La partida acaba: solo puedes impugnar la última jugada («impugnar», tecla D) o aceptarla («pasar», tecla P).',
    );
  });

  it('the server refusing anything else is said with the commands, not the keys', () => {
    const lines = new OnlineTable(
      conn(),
      SERVER,
      'g1',
      new Session(finalWindow, { linesOnly: true }),
    );
    expect(lines.event(refused).say).toEqual([
      'La partida acaba: solo puedes impugnar la última jugada («impugnar») o aceptarla («pasar»).',
    ]);
    expect(tableOf(finalWindow).event(refused).say).toEqual([
      'La partida acaba: solo puedes impugnar la última jugada («impugnar», tecla D) o aceptarla («pasar», tecla P).',
    ]);
  });
});

describe('OnlineTable: the low-time cue', () => {
  it("is said on the tick after the player's own clock goes under a minute, once", () => {
    let clock = 0;
    const conn = new Connection({ url: 'ws://127.0.0.1:1/ws', socket: () => ({}) as never });
    const view = viewFrom({ toMove: 0, clocksMs: [61_000, 500_000] });
    const t = new OnlineTable(conn, SERVER, 'g1', new Session(view, { localClock: () => clock }));
    expect(newsOf(t, { kind: 'tick' }).say).toEqual([]);
    clock = 1_500;
    expect(newsOf(t, { kind: 'tick' }).say).toEqual(['Te queda menos de un minuto.']);
    clock = 2_500;
    expect(newsOf(t, { kind: 'tick' }).say).toEqual([]);
  });
});

describe('OnlineTable: «enlace»', () => {
  it('gives the link of the game, and the invitations of a room made here while their seats wait', () => {
    const conn = new Connection({ url: 'ws://127.0.0.1:1/ws', socket: () => ({}) as never });
    const waiting = viewFrom({ names: ['Tú', ''], toMove: 0 });
    const tokens = [{ seat: 1, token: 'ats_x' }];
    const table = new OnlineTable(conn, SERVER, 'g1', new Session(waiting), tokens);
    expect(table.links()).toEqual([
      `${SERVER}/#/partida/g1`,
      `Invitación para el asiento 2: ${SERVER}/#/partida/g1?invitacion=ats_x (se abre con «atril play ENLACE» o en el navegador).`,
    ]);
    table.event({
      type: 'view',
      gameId: 'g1',
      view: viewFrom({ names: ['Tú', 'Bea'], toMove: 0 }),
    });
    expect(table.links()).toEqual([`${SERVER}/#/partida/g1`]);
    expect(tableOf(waiting).links()).toEqual([`${SERVER}/#/partida/g1`]);
  });
});

describe('OnlineTable: «reclamar» a game from the absent player on turn', () => {
  const playing = viewFrom({ names: ['Ana', 'Beto'], toMove: 1 });
  const claimable: ClientView = {
    ...playing,
    seats: playing.seats.map((x, i) => (i === 1 ? { ...x, away: true, claimable: true } : x)),
  };
  // A connection that records the actions sent and accepts them.
  function recording(view: ClientView) {
    const sent: unknown[] = [];
    const conn = {
      act: (_game: string, action: unknown) => {
        sent.push(action);
        return Promise.resolve({ ok: true, version: view.version + 1 });
      },
    } as unknown as Connection;
    return { sent, table: new OnlineTable(conn, SERVER, 'g1', new Session(view)) };
  }

  it('in key mode the hint says to open the command line first', () => {
    expect(claimHowTerminal(false)).toBe('escribe «reclamar»');
    expect(claimHowTerminal(true)).toBe('pulsa «:» y escribe «reclamar»');
  });

  it('the absent player opening the claimed game hears why it ended and who won, before the end hint', () => {
    expect(tableOf(resignedView(1)).opening()).toEqual([
      'Ana reclama la partida: la pierdes por no estar en la mesa en tu turno.',
      'Fin de la partida. Gana Ana: Ana 0, Tú 0.',
    ]);
  });

  it('once the server takes a claim or a resignation the game is over, before its view comes', async () => {
    const { table } = recording(claimable);
    expect(table.over).toBe(false);
    expect(await table.claim()).toEqual([]);
    expect(table.over).toBe(true);
    expect(table.myTurn).toBe(false);
    const seated = recording(playing).table;
    await seated.resign();
    expect(seated.over).toBe(false);
    await seated.resign();
    expect(seated.over).toBe(true);
  });

  it('is sent when the player on turn is claimable, and says nothing more (the view tells)', async () => {
    const { sent, table } = recording(claimable);
    expect(await table.claim()).toEqual([]);
    expect(sent).toEqual([{ kind: 'claim' }]);
  });

  it('is refused here, with the reason, when there is nothing to claim, to a watcher and after the end', async () => {
    const texts = async (view: ClientView) => {
      const { sent, table } = recording(view);
      const said = (await table.claim()).map((a) => a.text);
      expect(sent).toEqual([]);
      return said;
    };
    expect(await texts(playing)).toEqual([
      'Solo puedes reclamar la partida cuando el jugador en turno lleva más de 2 minutos fuera de la mesa.',
    ]);
    expect(await texts({ ...claimable, seat: null, rack: null })).toEqual([
      'No tienes asiento en esta partida: solo puedes mirarla.',
    ]);
    expect(await texts(ENDED)).toEqual(['La partida ha terminado.']);
  });
});
