/**
 * The WebSocket envelopes (issue 11 §4): every kind of frame a client may send parses, and
 * malformed, unknown-field, oversized or control-character frames are refused.
 */
import { describe, expect, it } from 'vitest';
import { BOT_LEVELS } from '../ai/bots.js';
import { makeRules } from '../engine/rules.js';
import { newGame } from '../engine/newGame.js';
import { viewFor } from '../engine/view.js';
import { lobbyGame } from './testing/lobby.js';
import {
  MAX_CHAT_LENGTH,
  MAX_NAME_LENGTH,
  SERVER_ERROR_CODES,
  clientMessageSchema,
  clientView,
  botLevelSchema,
  gcgPath,
  serverMessageSchema,
} from './index.js';

const ok = (m: unknown) => clientMessageSchema.safeParse(m).success;

describe('clientMessageSchema', () => {
  it('accepts each kind of frame a client sends', () => {
    expect(ok({ type: 'hello', protocol: 1 })).toBe(true);
    expect(ok({ type: 'hello', protocol: 1, name: 'Ana', token: 'atp_x' })).toBe(true);
    expect(
      ok({
        type: 'create',
        preset: 'fise',
        variants: { rackSize: 9, targetScore: 300 },
        seats: ['open', 'invite', { bot: 'experto' }],
        challengeMode: 'double',
        clockMinutes: 25,
      }),
    ).toBe(true);
    expect(ok({ type: 'join', gameId: 'abc' })).toBe(true);
    expect(ok({ type: 'join', gameId: 'abc', seatToken: 'ats_x' })).toBe(true);
    expect(ok({ type: 'act', gameId: 'abc', action: { kind: 'resign', version: 3 } })).toBe(true);
    expect(
      ok({
        type: 'act',
        gameId: 'abc',
        action: { kind: 'place', version: 0, row: 7, col: 7, dir: 'H', tiles: [1, 2] },
      }),
    ).toBe(true);
    expect(ok({ type: 'chat', gameId: 'abc', text: '¡Buena jugada!' })).toBe(true);
  });

  it('refuses unknown types, unknown fields and missing versions', () => {
    expect(ok({ type: 'shout' })).toBe(false);
    expect(ok({ type: 'hello', protocol: 1, admin: true })).toBe(false);
    expect(ok({ type: 'act', gameId: 'abc', action: { kind: 'pass' } })).toBe(false);
    expect(ok({ type: 'act', gameId: 'abc', action: { kind: 'pass', version: 0, seat: 1 } })).toBe(
      false,
    );
    expect(ok(null)).toBe(false);
    expect(ok('hello')).toBe(false);
  });

  it('G-01: a game has 2 to 4 seats, each open, invited or a known bot level', () => {
    const create = (seats: unknown) => ok({ type: 'create', preset: 'fise', seats });
    expect(create(['open'])).toBe(false);
    expect(create(['open', 'open', 'open', 'open', 'open'])).toBe(false);
    expect(create(['open', { bot: 'maestro' }])).toBe(false);
    expect(create(['open', 'bot'])).toBe(false);
    expect(create(['invite', { bot: 'principiante' }])).toBe(true);
    expect(create(['open', { bot: 'campeon' }])).toBe(true);
  });

  it('offers every bot level the AI has, weakest first, and only those', () => {
    expect(botLevelSchema.options).toEqual([...BOT_LEVELS]);
  });

  it('bounds names, chat lines, ids and tokens, and refuses control characters', () => {
    expect(ok({ type: 'hello', protocol: 1, name: 'x'.repeat(MAX_NAME_LENGTH) })).toBe(true);
    expect(ok({ type: 'hello', protocol: 1, name: 'x'.repeat(MAX_NAME_LENGTH + 1) })).toBe(false);
    expect(ok({ type: 'hello', protocol: 1, name: '   ' })).toBe(false);
    expect(ok({ type: 'hello', protocol: 1, name: 'A\u0000' })).toBe(false);
    expect(ok({ type: 'chat', gameId: 'g', text: 'x'.repeat(MAX_CHAT_LENGTH) })).toBe(true);
    expect(ok({ type: 'chat', gameId: 'g', text: 'x'.repeat(MAX_CHAT_LENGTH + 1) })).toBe(false);
    expect(ok({ type: 'chat', gameId: 'g', text: 'hola\u001b[2J' })).toBe(false);
    expect(ok({ type: 'chat', gameId: 'g', text: '' })).toBe(false);
    expect(ok({ type: 'join', gameId: 'g'.repeat(33) })).toBe(false);
    expect(ok({ type: 'join', gameId: 'g', seatToken: 't'.repeat(65) })).toBe(false);
  });

  it('V-01: a variant outside the schema (an unknown rule) is refused before the rules check', () => {
    expect(
      ok({ type: 'create', preset: 'fise', seats: ['open', 'open'], variants: { x: 1 } }),
    ).toBe(false);
    expect(ok({ type: 'create', preset: 'nope', seats: ['open', 'open'] })).toBe(false);
  });
});

describe('serverMessageSchema', () => {
  it('a view frame built by clientView parses back after JSON', () => {
    const state = newGame({ rules: makeRules('fise'), seed: 's', players: 2 });
    const view = clientView(viewFor(state, 0), { names: ['Ana', 'Luis'], bots: [false, false] });
    const frame = JSON.parse(JSON.stringify({ type: 'view', gameId: 'g', view }));
    expect(serverMessageSchema.safeParse(frame).success).toBe(true);
    expect(
      serverMessageSchema.safeParse({ type: 'error', code: 'NOT_YOUR_TURN', data: { turn: 1 } })
        .success,
    ).toBe(true);
  });
});

describe('rooms beyond one game: leave, rematch, lobby, my games', () => {
  it('accepts each of their client frames, with a game id where one is meant', () => {
    expect(ok({ type: 'leave', gameId: 'abc' })).toBe(true);
    expect(ok({ type: 'rematch', gameId: 'abc' })).toBe(true);
    expect(ok({ type: 'subscribeLobby' })).toBe(true);
    expect(ok({ type: 'unsubscribeLobby' })).toBe(true);
    expect(ok({ type: 'listMyGames' })).toBe(true);
    expect(ok({ type: 'leave' })).toBe(false);
    expect(ok({ type: 'rematch', gameId: 'g'.repeat(33) })).toBe(false);
    // The player is the hello's: a frame cannot name another one's token.
    expect(ok({ type: 'listMyGames', token: 'atp_x' })).toBe(false);
    expect(ok({ type: 'subscribeLobby', filter: 'open' })).toBe(false);
  });

  const game = lobbyGame({
    seats: [
      { name: 'Ana', bot: null, free: false },
      { name: '', bot: null, free: true },
      { name: 'Experto', bot: 'experto', free: false },
    ],
    scores: [12, 0, 30],
    version: 4,
  });
  const parses = (m: unknown) => serverMessageSchema.safeParse(m).success;

  it('the lobby lists seats by name, bot level and freedom, with turn, scores and phase', () => {
    expect(parses({ type: 'lobby', games: [game] })).toBe(true);
    expect(parses({ type: 'lobbyGame', game: { ...game, phase: 'over', turn: null } })).toBe(true);
    const over = { ...game, phase: 'over', turn: null, seat: 1 };
    expect(parses({ type: 'myGames', games: [{ ...game, seat: 0 }], finished: [over] })).toBe(true);
    expect(parses({ type: 'myGames', games: [game], finished: [] })).toBe(false);
    expect(parses({ type: 'myGames', games: [], finished: [{ ...over, seat: undefined }] })).toBe(
      false,
    );
  });

  it('a lobby entry has no room for a rack, a token or the seed (strict objects)', () => {
    const end = { winners: [1], resigned: 0, claimedBy: 1 };
    expect(parses({ type: 'lobbyGame', game: { ...game, phase: 'over', turn: null, end } })).toBe(
      true,
    );
    expect(
      parses({ type: 'lobbyGame', game: { ...game, end: { ...end, claimedBy: 'Bea' } } }),
    ).toBe(false);
    expect(parses({ type: 'lobbyGame', game: { ...game, end: { winners: [0] } } })).toBe(false);
    expect(parses({ type: 'lobbyGame', game: { ...game, rack: [1, 2] } })).toBe(false);
    expect(parses({ type: 'lobbyGame', game: { ...game, seed: 'x' } })).toBe(false);
    const seats = [{ ...game.seats[0], token: 'atp_x' }, game.seats[1]];
    expect(parses({ type: 'lobbyGame', game: { ...game, seats } })).toBe(false);
  });

  it('rematch and left point at games; the GCG path escapes the id', () => {
    expect(parses({ type: 'rematch', gameId: 'old', newGameId: 'new' })).toBe(true);
    expect(parses({ type: 'rematch', gameId: 'old' })).toBe(false);
    expect(parses({ type: 'left', gameId: 'g' })).toBe(true);
    expect(gcgPath('ab/c')).toBe('/games/ab%2Fc/gcg');
  });

  it('the new refusals are stable codes of SERVER_ERROR_CODES', () => {
    expect(SERVER_ERROR_CODES).toEqual(expect.arrayContaining(['GAME_NOT_OVER', 'CHAT_TOO_FAST']));
  });
});
