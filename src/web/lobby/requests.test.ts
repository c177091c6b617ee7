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
      preset: 'fise',
      seats: ['open', 'invite', 'invite'],
      challengeMode: 'double',
      clockMinutes: 25,
      variants: { rackSize: 9, targetScore: 300 },
    });
    expect(valid(req)).toBe(true);
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
    expect(req).toEqual({ preset: 'caja', seats: ['open', 'open'] });
    expect(valid(req)).toBe(true);
  });
});
