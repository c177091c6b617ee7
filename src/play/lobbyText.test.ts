/** How a listed game reads, in the web lobby and the terminal (issue 12, item 3). */
import { describe, expect, it } from 'vitest';
import type { LobbyGame } from '../protocol/messages.js';
import { lobbyGame } from '../protocol/testing/lobby.js';
import { describeGame, describeMine, endedWhen } from './lobbyText.js';

const game = (
  seats: LobbyGame['seats'],
  clockMinutes: number | null = null,
  variants: { tilesEach?: number; targetScore?: number } = {},
): LobbyGame => lobbyGame({ seats, clockMinutes, version: 1, ...variants });

describe('describeGame', () => {
  it('names who sits, a free seat, and a seat kept for an invited player not yet arrived', () => {
    const g = game(
      [
        { name: 'Ana', bot: null, free: false },
        { name: '', bot: null, free: false },
        { name: '', bot: null, free: true },
      ],
      25,
    );
    expect(describeGame(g)).toBe(
      'Ana, Invitado (asiento 2), asiento libre · FISE (torneo), 25 min',
    );
  });

  it('a bot goes by its level, and by its name and level when it has a name of its own', () => {
    expect(
      describeGame(
        game([
          { name: 'Aficionado', bot: 'aficionado', free: false },
          { name: 'Rita', bot: 'experto', free: false },
        ]),
      ),
    ).toBe('Aficionado, Rita (Experto) · FISE (torneo)');
  });

  it('V-01 and V-02: a rack of 9 and the target of Fin de línea are named', () => {
    const seats = [
      { name: 'Ana', bot: null, free: false },
      { name: '', bot: null, free: true },
    ];
    expect(describeGame(game(seats, 15, { tilesEach: 9, targetScore: 120 }))).toBe(
      'Ana, asiento libre · FISE (torneo), 9 fichas, fin de línea a 120, 15 min',
    );
  });
});

describe('endedWhen: when a finished game ended, as its list says it', () => {
  // Monday 7 December 2026, 10:30 UTC (11:30 in Madrid).
  const now = Date.UTC(2026, 11, 7, 10, 30);
  const madrid = (at: number) => endedWhen(at, now, 'Europe/Madrid');

  it('today and yesterday by name, then the date, with the year only when another', () => {
    expect(madrid(Date.UTC(2026, 11, 7, 10, 20))).toBe('hoy a las 11:20');
    expect(madrid(Date.UTC(2026, 11, 7, 0, 5))).toBe('hoy a la 1:05');
    expect(madrid(Date.UTC(2026, 11, 6, 22, 59))).toBe('ayer a las 23:59');
    expect(madrid(Date.UTC(2026, 11, 3, 8, 40))).toBe('el 3 de diciembre a las 9:40');
    expect(madrid(Date.UTC(2025, 11, 3, 8, 40))).toBe('el 3 de diciembre de 2025 a las 9:40');
  });

  it('the day is the reader’s: 23:30 UTC on the 6th is already today in Madrid', () => {
    const at = Date.UTC(2026, 11, 6, 23, 30);
    expect(endedWhen(at, now, 'UTC')).toBe('ayer a las 23:30');
    expect(madrid(at)).toBe('hoy a las 0:30');
  });

  it('two finished games against the same people with the same scores read apart', () => {
    const seats = [
      { name: 'Ana', bot: null, free: false },
      { name: 'Bea', bot: null, free: false },
    ];
    const over = (at: number) => ({
      ...lobbyGame({ seats, turn: null, phase: 'over', scores: [0, 0], version: 3 }),
      end: { winners: [1], resigned: 0, claimedBy: null, at },
      seat: 0,
    });
    const first = describeMine(over(Date.UTC(2026, 11, 7, 9, 0)), now, 'Europe/Madrid');
    const second = describeMine(over(Date.UTC(2026, 11, 7, 10, 0)), now, 'Europe/Madrid');
    expect(first).toBe(
      'Ana, Bea · FISE (torneo) · terminada hoy a las 10:00 (abandonaste), gana Bea: Tú 0, Bea 0',
    );
    expect(second).toBe(
      'Ana, Bea · FISE (torneo) · terminada hoy a las 11:00 (abandonaste), gana Bea: Tú 0, Bea 0',
    );
  });
});
