/**
 * Random endgame positions for tests and benchmarks: the board of a seeded greedy self-play
 * game once its bag is nearly empty, and two racks drawn at random from the tiles that are not
 * on that board (so the position could have arisen, tile counts aside).
 */
import type { Rules } from '../../engine/rules.js';
import { BLANK_FLAG, EMPTY, SPANISH, type TileSet, fullDistribution } from '../../engine/tiles.js';
import { makeBot } from '../bots.js';
import { Rng } from '../rng.js';
import { SelfPlay } from '../selfplay.js';

/** A random endgame: the board and both racks (counts), the player to move first. */
export interface RandomEndgame {
  readonly board: Uint8Array;
  readonly racks: [Uint8Array, Uint8Array];
  readonly seed: number;
}

/**
 * `count` endgames from games seeded `firstSeed`, `firstSeed + 1` …: each takes the board when
 * the bag first holds at most `bagAtMost` tiles and racks of `minRack`…`maxRack` tiles each.
 * With `whole`, the board is taken when the bag runs out and the racks share every tile not on
 * it (the opponent's up to 7), so that the position is a real endgame with nothing missing.
 */
export function randomEndgames(
  nodes: Uint32Array,
  set: TileSet,
  rules: Rules,
  opts: {
    count: number;
    firstSeed: number;
    minRack: number;
    maxRack: number;
    bagAtMost?: number;
    whole?: boolean;
  },
): RandomEndgame[] {
  const table = new SelfPlay(nodes, rules);
  const greedy = makeBot('aficionado');
  const out: RandomEndgame[] = [];
  const bagAtMost = opts.whole ? 0 : (opts.bagAtMost ?? 10);
  for (let seed = opts.firstSeed; out.length < opts.count; seed++) {
    // A holder, not a `let`: the callback's assignment is invisible to the type checker's narrowing.
    const found: { board: Uint8Array | null } = { board: null };
    table.play([greedy, greedy], seed, ({ bagAfter }) => {
      if (found.board === null && bagAfter <= bagAtMost) found.board = table.gen.board.slice();
    });
    if (found.board === null) continue;
    const b: Uint8Array = found.board;
    const pool = fullDistribution(set);
    for (const t of b) if (t !== EMPTY) pool[(t & BLANK_FLAG) !== 0 ? 0 : t]!--;
    const tiles: number[] = [];
    for (let t = 0; t < pool.length; t++) for (let c = 0; c < pool[t]!; c++) tiles.push(t);
    const rng = new Rng(seed * 7919);
    const racks: [Uint8Array, Uint8Array] = [
      new Uint8Array(pool.length),
      new Uint8Array(pool.length),
    ];
    const sizes = opts.whole
      ? [tiles.length - Math.min(7, tiles.length - 1), Math.min(7, tiles.length - 1)]
      : [0, 0].map(() => opts.minRack + rng.int(opts.maxRack - opts.minRack + 1));
    if (opts.whole && (sizes[0]! < opts.minRack || sizes[0]! > opts.maxRack)) continue;
    for (const [j, r] of racks.entries()) {
      const n = sizes[j]!;
      for (let k = 0; k < n && tiles.length > 0; k++)
        r[tiles.splice(rng.int(tiles.length), 1)[0]!]!++;
    }
    out.push({ board: b, racks, seed });
  }
  return out;
}

/**
 * Endgames `firstSeed` … of the endgame bench (bench/suites/endgame.ts, from seed 1): Spanish
 * tiles, a real endgame with every tile on the board or a rack, 7 for the opponent and the rest
 * (1 to 7) for the player to move.
 */
export function benchEndgames(
  nodes: Uint32Array,
  rules: Rules,
  count: number,
  firstSeed = 1,
): RandomEndgame[] {
  return randomEndgames(nodes, SPANISH, rules, {
    count,
    firstSeed,
    minRack: 1,
    maxRack: 7,
    whole: true,
  });
}
