/** What the lobby's forms send to create a game (issue 12, item 3). */
import { describe, expect, it } from 'vitest';
import { clientMessageSchema } from '../../protocol/messages.js';
import { quickGame, roomRequest } from './requests.js';

const valid = (req: object) => clientMessageSchema.safeParse({ type: 'create', ...req }).success;

describe('lobby requests', () => {
  it('a quick game seats the player against a bot of the chosen level, with void challenges', () => {
    const req = quickGame('experto', 'sala');
    expect(req).toEqual({
      preset: 'sala',
      seats: ['open', { bot: 'experto' }],
      challengeMode: 'void',
    });
    expect(valid(req)).toBe(true);
  });

  it('a room invites the other seats, with the clock, rack of 9 and target asked for', () => {
    const req = roomRequest({
      seats: 3,
      preset: 'fise',
      challenge: 'double',
      clock: '25',
      rack9: true,
      target: '300',
      openRoom: false,
    });
    expect(req).toEqual({
      ok: true,
      value: {
        preset: 'fise',
        seats: ['open', 'invite', 'invite'],
        challengeMode: 'double',
        clockMinutes: 25,
        variants: { rackSize: 9, targetScore: 300 },
      },
    });
    expect(valid(req.ok ? req.value : {})).toBe(true);
  });

  it("an open room leaves the seats to anyone; empty fields keep the preset's rules", () => {
    const req = roomRequest({
      seats: 2,
      preset: 'caja',
      challenge: 'preset',
      clock: '',
      rack9: false,
      target: '',
      openRoom: true,
    });
    expect(req).toEqual({ ok: true, value: { preset: 'caja', seats: ['open', 'open'] } });
    expect(valid(req.ok ? req.value : {})).toBe(true);
  });

  it('a clock or target that is not a whole number within its limits is the problem, not sent', () => {
    const form = {
      seats: 2,
      preset: 'fise',
      challenge: 'preset',
      clock: '',
      rack9: false,
      target: '',
      openRoom: false,
    } as const;
    // «1e1» was read as 1 minute, «2,5» as 2, «-5» and «500» reached the server.
    for (const clock of ['1e1', '2,5', '2.5', '-5', '0', '181', 'diez'])
      expect(roomRequest({ ...form, clock }), clock).toEqual({
        ok: false,
        error: { field: 'clock', min: 1, max: 180 },
      });
    for (const target of ['3e2', '10001', '0', '1.000'])
      expect(roomRequest({ ...form, target }), target).toEqual({
        ok: false,
        error: { field: 'target', min: 1, max: 10_000 },
      });
    expect(roomRequest({ ...form, clock: ' 180 ', target: '10000' })).toMatchObject({
      ok: true,
      value: { clockMinutes: 180, variants: { targetScore: 10_000 } },
    });
  });
});
