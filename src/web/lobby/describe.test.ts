/** How the lobby's list reads a game (issue 12, item 3). */
import { describe, expect, it } from 'vitest';
import type { LobbyGame } from '../../protocol/messages.js';
import { lobbyGame } from '../../protocol/testing/lobby.js';
import { L } from '../labels.js';
import { describeGame, newlySeated } from './describe.js';

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

describe('newlySeated', () => {
  it('names the people who sat down since the last listing, not the viewer nor a bot', () => {
    const before = game([
      { name: 'Ana', bot: null, free: false },
      { name: '', bot: null, free: false },
      { name: '', bot: null, free: true },
      { name: 'Aficionado', bot: 'aficionado', free: false },
    ]);
    const after = game([
      { name: 'Ana', bot: null, free: false },
      { name: 'Beto', bot: null, free: false },
      { name: 'Cris', bot: null, free: false },
      { name: 'Aficionado', bot: 'aficionado', free: false },
    ]);
    expect(newlySeated(before, after, 0)).toEqual(['Beto', 'Cris']);
    // Beto's own page hears only Cris.
    expect(newlySeated(before, after, 1)).toEqual(['Cris']);
    expect(newlySeated(after, after, 0)).toEqual([]);
    // Said in one message: two set at once, the second would replace the first.
    expect(L.arrivedInRoom(newlySeated(before, after, 0))).toBe(
      'Beto y Cris han llegado a tu sala. Tu partida está en «Mis partidas».',
    );
    expect(L.arrivedInRoom(['Cris'])).toBe(
      'Cris ha llegado a tu sala. Tu partida está en «Mis partidas».',
    );
  });
});
