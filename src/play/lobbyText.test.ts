/** How a listed game reads, in the web lobby and the terminal (issue 12, item 3). */
import { describe, expect, it } from 'vitest';
import type { LobbyGame } from '../protocol/messages.js';
import { lobbyGame } from '../protocol/testing/lobby.js';
import { describeGame } from './lobbyText.js';

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
