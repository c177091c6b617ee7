/** A game as the lobby lists it, for tests of the lobby's frames and of what clients make of them. */
import { type LobbyGame, lobbyGameSchema } from '../messages.js';

/**
 * Game g1 as the lobby lists it: FISE, untimed, 7 tiles, Ana and a free seat, no points yet,
 * Ana to play, version 0; `over` replaces any of it (the scores follow the seats).
 */
export function lobbyGame(over: Partial<LobbyGame> = {}): LobbyGame {
  const seats = over.seats ?? [
    { name: 'Ana', bot: null, free: false },
    { name: '', bot: null, free: true },
  ];
  return lobbyGameSchema.parse({
    gameId: 'g1',
    preset: 'fise',
    challengeMode: 'single',
    clockMinutes: null,
    tilesEach: 7,
    targetScore: null,
    lexicon: 'spanish',
    seats,
    turn: 0,
    scores: seats.map(() => 0),
    phase: 'playing',
    version: 0,
    ...over,
  });
}
