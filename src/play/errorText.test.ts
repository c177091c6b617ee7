/** Every coded error has a Spanish sentence, completed by its data (DESIGN.md §2). */
import { describe, expect, it } from 'vitest';
import { SPANISH } from '../engine/tiles.js';
import { unwrap } from '../engine/testing/unwrap.js';
import { tilesOf } from '../engine/testing/positions.js';
import { parseCgp } from '../engine/notation/cgp.js';
import { rulesFromPreset } from '../engine/rules.js';
import { replayStored } from '../engine/stored.js';
import {
  PLAY_ERROR_CODES,
  cgpErrorText,
  dbOpenErrorText,
  onlineErrorText,
  playErrorText,
  rulesErrorText,
  serverErrorText,
  storedGameErrorText,
  reviewErrorText,
} from './errorText.js';
import { SERVER_ERROR_CODES } from '../protocol/messages.js';

const Z = SPANISH.letters.findIndex((l) => l.label === 'Z') + 1;

/** A sentence a player may read: no code, no hole left by missing data. */
function expectSentence(text: string): void {
  expect(text).not.toMatch(/undefined|NaN|null|\[object|[A-Z]{2,}_[A-Z]+/);
  expect(text).toMatch(/^[«A-ZÁÉÍÓÚÑ¿0-9]/u);
}

describe('playErrorText: every engine and core code', () => {
  const data = { square: 112, tiles: [Z], words: [tilesOf('CASAX')], bag: 3, text: 'Q' };

  it.each(PLAY_ERROR_CODES)('%s reads as a sentence', (code) => {
    const text = playErrorText({ code, ...data }, SPANISH);
    expectSentence(text);
    expect(text).toMatch(/[.»]$/);
  });

  it.each(PLAY_ERROR_CODES)('%s reads as a sentence without data too', (code) => {
    expect(playErrorText({ code }, SPANISH)).not.toMatch(/undefined|NaN/);
  });

  it('names the tile in words, a blank as «ningún comodín» (T-05)', () => {
    expect(playErrorText({ code: 'NOT_IN_RACK', tiles: [Z] }, SPANISH)).toBe(
      'No tienes la Z en el atril.',
    );
    expect(playErrorText({ code: 'NOT_IN_RACK', tiles: [0] }, SPANISH)).toBe(
      'No tienes ningún comodín en el atril.',
    );
  });

  it('agrees in number: one word, several words, one tile in the bag (X-02)', () => {
    expect(playErrorText({ code: 'INVALID_WORD', words: [tilesOf('CASAX')] }, SPANISH)).toBe(
      'Palabra no válida: CASAX.',
    );
    expect(
      playErrorText({ code: 'INVALID_WORD', words: [tilesOf('CASAX'), tilesOf('XA')] }, SPANISH),
    ).toBe('Palabras no válidas: CASAX, XA.');
    expect(playErrorText({ code: 'BAG_TOO_SMALL_TO_EXCHANGE', bag: 1 }, SPANISH)).toBe(
      'No se puede cambiar: queda 1 ficha en la bolsa.',
    );
    // the bag allows an exchange, not of that many tiles.
    const tooMany = { code: 'BAG_TOO_SMALL_TO_EXCHANGE', bag: 6, needed: 9, tiles: [1, 1, 1, 1, 1, 1, 5, 5, 5] } as const; // prettier-ignore
    expect(playErrorText(tooMany, SPANISH)).toBe(
      'Solo puedes cambiar hasta 6 fichas: quedan 6 en la bolsa.',
    );
  });

  it('names the square of a placement error (P-02)', () => {
    expect(playErrorText({ code: 'GAP', square: 7 * 15 + 9 }, SPANISH)).toBe(
      'Hay un hueco en J8: las fichas deben formar una línea continua.',
    );
  });
});

describe('rules, CGP and stored games', () => {
  it('rules: every invalid field named with what it must hold', () => {
    const r = rulesFromPreset('fise', { bingoBonus: '7', firstPlayer: 'banana' });
    if (r.ok) throw new Error('accepted');
    expect(rulesErrorText(r.error)).toBe(
      'Reglas no válidas: «bingoBonus» debe ser un número entero, no "7"; «firstPlayer» debe ser draw, seat; no "banana".',
    );
  });

  it('CGP: the rack that is too long (V-01)', () => {
    const r = parseCgp('15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AAAAAEEEEE/B 0/0 0');
    if (r.ok) throw new Error('accepted');
    expect(cgpErrorText(r.error)).toBe(
      'La posición CGP no es válida: el atril 1 tiene 10 fichas y ninguno puede tener más de 9.',
    );
  });

  it('stored games: the event and the field', () => {
    const r = replayStored({ rules: unwrap(rulesFromPreset('fise')), seed: 1, players: 2 }, [
      { kind: 'start', players: 2, firstDraws: 'x', first: 0, racks: [] },
    ]);
    if (r.ok) throw new Error('accepted');
    expect(storedGameErrorText(r.error, SPANISH)).toBe(
      'El suceso 1 está mal formado: «firstDraws» no tiene el tipo debido ("x").',
    );
    expectSentence(storedGameErrorText(r.error, SPANISH));
  });
});

describe('serverErrorText: every code of an error frame', () => {
  const data = {
    seat: 1,
    retryMs: 2500,
    expected: 1,
    allowed: ['spanish'],
    words: [tilesOf('XA')],
  };

  it.each(SERVER_ERROR_CODES)('%s reads as a sentence, with its data and without', (code) => {
    const text = serverErrorText({ code, data }, SPANISH);
    expectSentence(text);
    expect(text).toMatch(/[.»]$/);
    expectSentence(serverErrorText({ code }, SPANISH));
  });

  it('says which seat, and how long to wait before chatting again', () => {
    expect(serverErrorText({ code: 'SEAT_TAKEN', data: { seat: 1 } }, SPANISH)).toBe(
      'El asiento 2 ya lo ocupa otra persona.',
    );
    expect(serverErrorText({ code: 'ALREADY_SEATED', data: { seat: 0 } }, SPANISH)).toBe(
      'Ya ocupas el asiento 1 de esta partida y solo se puede ocupar uno: el otro queda libre para quien vaya a jugarlo.',
    );
    expect(serverErrorText({ code: 'CHAT_TOO_FAST', data: { retryMs: 2500 } }, SPANISH)).toBe(
      'Demasiados mensajes seguidos en el chat; espera 3 segundos.',
    );
    expect(serverErrorText({ code: 'CHAT_TOO_FAST', data: { retryMs: 400 } }, SPANISH)).toBe(
      'Demasiados mensajes seguidos en el chat; espera 1 segundo.',
    );
    expect(
      serverErrorText({ code: 'UNKNOWN_LEXICON', data: { allowed: ['spanish'] } }, SPANISH),
    ).toBe('El servidor no tiene ese léxico. Tiene: spanish.');
    expect(serverErrorText({ code: 'TOO_MANY_GAMES', data: { limit: 10 } }, SPANISH)).toBe(
      'Ya tienes 10 partidas sin terminar contra el ordenador: acaba o abandona alguna antes de empezar otra.',
    );
    const newPlayers = (data?: Record<string, unknown>) =>
      serverErrorText({ code: 'TOO_MANY_NEW_PLAYERS', ...(data && { data }) }, SPANISH);
    expect(newPlayers({ retryMinutes: 12 })).toBe(
      'Desde tu conexión se han creado muchos jugadores nuevos en poco tiempo; el servidor no crea más por ahora. Vuelve a intentarlo dentro de 12 minutos.',
    );
    expect(newPlayers({ retryMinutes: 1 })).toMatch(/dentro de un minuto\.$/);
    expect(newPlayers()).toMatch(/dentro de un rato\.$/);
  });

  it('words an engine refusal of an action as the local game does, with its data', () => {
    const frame = { code: 'INVALID_WORD', data: { words: [tilesOf('CASAX')] } };
    expect(serverErrorText(frame, SPANISH)).toBe('Palabra no válida: CASAX.');
    expect(serverErrorText({ code: 'NOT_YOUR_TURN' }, SPANISH)).toBe('No es tu turno.');
  });

  it('data of the wrong type is ignored, and a code this client does not know still reads', () => {
    expect(serverErrorText({ code: 'SEAT_TAKEN', data: { seat: 'x' } }, SPANISH)).toBe(
      'Ese asiento ya lo ocupa otra persona.',
    );
    expectSentence(serverErrorText({ code: 'SOMETHING_NEW' }, SPANISH));
  });
});

describe('reviewErrorText: why the post-game review could not be had', () => {
  it('each answer of GET /games/:id/review, no answer, and an unknown code get a sentence', () => {
    expect(reviewErrorText('GAME_NOT_OVER')).toMatch(/cuando termine la partida/);
    expect(reviewErrorText('OFFLINE')).toMatch(/No se ha podido conectar/);
    expect(reviewErrorText('SERVER_ERROR')).toMatch(/ocupado/);
    for (const code of ['UNKNOWN_PLAYER', 'NO_SUCH_GAME', 'BAD_MESSAGE', 'WHATEVER', 'constructor'])
      expect(reviewErrorText(code)).toMatch(/^[A-ZÁÉÍÓÚ][a-záéíóúñ ].*\.$/);
  });
});

describe('FINAL_CHALLENGE_WINDOW: what can still be done, in both modes', () => {
  it('names the words of line mode and the keys of key mode', () => {
    const text = playErrorText({ code: 'FINAL_CHALLENGE_WINDOW' }, SPANISH);
    expect(text).toMatch(/«impugnar», tecla D/);
    expect(text).toMatch(/«pasar», tecla P/);
    const lines = playErrorText({ code: 'FINAL_CHALLENGE_WINDOW', linesOnly: true }, SPANISH);
    expect(lines).toBe(
      'La partida acaba: solo puedes impugnar la última jugada («impugnar») o aceptarla («pasar»).',
    );
    // The same from a server's refusal, to a terminal in line mode.
    expect(onlineErrorText('FINAL_CHALLENGE_WINDOW', { linesOnly: true }, SPANISH)).toBe(lines);
  });
});

describe('a database atril serve cannot open', () => {
  it('says what the operator can act on, not the driver’s code', () => {
    expect(dbOpenErrorText({ code: '28P01', message: 'password authentication failed' })).toBe(
      'el usuario o la contraseña no son correctos',
    );
    expect(dbOpenErrorText({ code: '3D000', message: 'database "x" does not exist' })).toBe(
      'esa base de datos no existe en el servidor (créala con «createdb»)',
    );
    expect(
      dbOpenErrorText({ code: 'ENOTFOUND', message: 'getaddrinfo ENOTFOUND db', hostname: 'db' }),
    ).toBe('no se encuentra el servidor «db»');
    expect(dbOpenErrorText({ message: 'timeout expired' })).toBe('el servidor no contesta');
    expect(dbOpenErrorText({ message: 'x', schema: { found: 9, known: 7 } })).toBe(
      'la creó una versión más nueva de Atril (esquema 9; esta conoce hasta el 7)',
    );
    // A failure it does not know keeps the driver's words, without their final stop.
    expect(dbOpenErrorText({ code: 'XX000', message: 'internal error.' })).toBe('internal error');
  });
});
