import { consume, type BenchSuite } from '../harness.js';
import { apply } from '../../src/engine/apply.js';
import type { GameState } from '../../src/engine/gameState.js';
import { newGame, replayGame } from '../../src/engine/newGame.js';
import { reduce } from '../../src/engine/reduce.js';
import { evaluatePlacement, placementOf } from '../../src/engine/placement.js';
import { PRESETS } from '../../src/engine/rules.js';
import { Rng, seedRng } from '../../src/engine/rng.js';
import { type WordIndex, randomAction } from '../../src/engine/testing/randomPlayer.js';
import { viewFor } from '../../src/engine/view.js';
import { gameToGcg } from '../../src/engine/notation/gameRecord.js';
import { writeGcg } from '../../src/engine/notation/gcg.js';
import { SPANISH } from '../../src/engine/tiles.js';
import { loadWords } from '../../test/helpers/spanishWords.js';

/** A random game played to the end with the test-only random player. */
function randomGame(index: WordIndex, seed: number): GameState {
  const rng = new Rng(seedRng(`bench-${seed}`));
  let s = newGame({ rules: PRESETS.fise, seed, players: 2 });
  while (!s.result) {
    const r = apply(s, randomAction(s, index, rng), index);
    if (r.ok) s = r.value.state;
  }
  return s;
}

const suite: BenchSuite = {
  name: 'game',
  prepare: async () => {
    const index = loadWords();
    const games = Array.from({ length: 20 }, (_, k) => randomGame(index, k));
    const game = games.reduce((a, b) => (b.events.length > a.events.length ? b : a));
    const setup = { rules: game.rules, seed: game.seed, players: game.players };
    // A mid-game state and the play that followed it.
    const k = game.events.findIndex((e, i) => e.kind === 'play' && i > game.events.length / 2);
    const before = replayGame(setup, game.events.slice(0, k));
    const next = game.events[k]!;
    if (next.kind !== 'play') throw new Error('no play to bench');
    const action = { kind: 'place' as const, seat: next.seat, row: next.row, col: next.col, dir: next.dir, tiles: next.tiles }; // prettier-ignore
    const plays = games.reduce((n, g) => n + g.events.filter((e) => e.kind === 'play').length, 0);
    return {
      figures: [
        { name: 'events in the replayed game', value: game.events.length, unit: 'events' },
        { name: 'plays per random game (mean of 20)', value: plays / games.length, unit: 'plays' },
      ],
      cases: [
        {
          name: 'apply a play (validate, score, new state)',
          unit: 'action',
          run: () => consume(apply(before, action, index)),
        },
        {
          name: 'reduce one recorded play event',
          unit: 'event',
          run: () => consume(reduce(before, next)),
        },
        {
          name: 'validate + score the same play (placement only)',
          unit: 'play',
          run: () => {
            const placed = placementOf(before.board, action);
            if (placed.ok) consume(evaluatePlacement(before.board, placed.value, SPANISH));
          },
        },
        {
          name: `replay a whole game from its events (${game.events.length} events)`,
          unit: 'game',
          run: () => consume(replayGame(setup, game.events)),
        },
        {
          name: 'play a random game to the end (random player, fise, 2 players)',
          unit: 'game',
          batches: 5,
          run: (() => {
            let seed = 100;
            return () => consume(randomGame(index, seed++));
          })(),
        },
        { name: 'viewFor one seat', unit: 'view', run: () => consume(viewFor(game, 0)) },
        {
          name: 'write the game as GCG',
          unit: 'game',
          run: () => consume(writeGcg(gameToGcg(game))),
        },
      ],
    };
  },
};
export default suite;
