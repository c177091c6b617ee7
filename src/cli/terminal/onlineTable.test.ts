import { describe, expect, it } from 'vitest';
import { Connection } from '../../client/connection.js';
import { rematchText } from '../../play/messages.js';
import { Session } from '../../play/session.js';
import { viewFrom } from '../../play/testing/views.js';
import type { ClientView } from '../../protocol/index.js';
import { ONLINE_END_HINT, ONLINE_END_HINT_WATCHING, OnlineTable } from './onlineTable.js';

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
  it('a finished game opens with the end hint alone, not «La partida ha terminado.» twice', () => {
    const t = tableOf(ENDED);
    expect(t.opening()).toEqual([]);
    expect(t.endHint).toBe(ONLINE_END_HINT);
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
});
