/**
 * The WebSocket envelopes (issue 11 §4): every kind of frame a client may send parses, and
 * malformed, unknown-field, oversized or control-character frames are refused.
 */
import { describe, expect, it } from 'vitest';
import { makeRules } from '../engine/rules.js';
import { newGame } from '../engine/newGame.js';
import { viewFor } from '../engine/view.js';
import {
  MAX_CHAT_LENGTH,
  MAX_NAME_LENGTH,
  clientMessageSchema,
  clientView,
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
