import { consume, type BenchSuite } from '../harness.js';
import { evaluatePlacement, placementOf } from '../../src/engine/placement.js';
import { boardWith, play } from '../../src/engine/testing/positions.js';
import { SPANISH } from '../../src/engine/tiles.js';

const suite: BenchSuite = {
  name: 'engine',
  prepare: async () => {
    const board = boardWith([
      ['8C', 'ESTRENO'],
      ['J4', 'MESES'],
      ['5E', 'CARAMELO'],
    ]);
    const move = play('7G', 'MES');
    return {
      cases: [
        {
          name: 'validate + score a play (MES, 3 cross-words)',
          unit: 'play',
          run: () => {
            const placed = placementOf(board, move);
            if (placed.ok) consume(evaluatePlacement(board, placed.value, SPANISH));
          },
        },
      ],
    };
  },
};
export default suite;
