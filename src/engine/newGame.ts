/** Reaching a game's state from its setup: a new game, or a stored game replayed. */
import type { GameEvent } from './events.js';
import { type GameSetup, type GameState, initialState, openingOf } from './gameState.js';
import { reduce } from './reduce.js';

/** A new game: the opening draw (G-02) and the first racks (G-03) done. */
export function newGame(setup: GameSetup): GameState {
  const init = initialState(setup);
  return reduce(init, openingOf(init));
}

/** Rebuilds a game's state from its setup and stored events (the first must be `start`). */
export function replayGame(setup: GameSetup, events: readonly GameEvent[]): GameState {
  let state = initialState(setup);
  for (const e of events) state = reduce(state, e);
  return state;
}
