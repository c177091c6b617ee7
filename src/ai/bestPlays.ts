/**
 * The best plays of a CGP position by equity, as `atril best` lists them (DESIGN.md §4) and the
 * move generator's goldens record them: each with its coordinate, GCG word, score and equity.
 */
import { SIZE } from '../engine/board.js';
import type { ExchangeMove, PlaceMove } from '../engine/move.js';
import type { CgpPosition } from '../engine/notation/cgp.js';
import { formatCoord } from '../engine/notation/coords.js';
import {
  BLANK,
  EMPTY,
  fullDistribution,
  isBlank,
  rackFromTiles,
  rackValue,
  tilesToGcg,
  type TileSet,
} from '../engine/tiles.js';
import { NO_LEAVES } from './leave.js';
import { defaultLeaves } from './leaves.js';
import { MoveGenerator } from './movegen.js';
import { KIND_EXCHANGE, KIND_PASS, MoveList } from './movelist.js';

/** One ranked play, as `atril best --json` prints it. */
export interface BestEntry {
  coord: string | null;
  /** GCG notation, `.` for each square played through; `-TILES` an exchange, `-` the pass. */
  word: string;
  score: number;
  /** Rounded to hundredths. */
  equity: number;
  kind: 'place' | 'exchange' | 'pass';
  /** The whole main word of a placement. */
  main?: string;
  /** Tiles a placement takes from the rack. */
  tiles?: number;
}

/** What the player to move holds and cannot see, read off a CGP position. */
export interface PositionRack {
  /** Tile counts by code (`rackFromTiles`). */
  readonly rack: Uint8Array;
  /** Tiles left in the bag: the set less the board, this rack and the others (7 if unwritten). */
  readonly bagCount: number;
  /** Face value of the tiles this player cannot see. */
  readonly unseenValue: number;
  /** Counts by code of the tiles this player cannot see: the set less the board and the rack. */
  readonly unseen: Uint8Array;
}

/** The mover's rack, the bag count and the unseen tiles' value of a position. */
export function positionRack(set: TileSet, pos: CgpPosition): PositionRack {
  const rackTiles = pos.racks[0] ?? [];
  const rack = rackFromTiles(set, rackTiles);
  // parseCgp refuses more of a tile than the set holds, so no count goes below zero.
  const unseen = fullDistribution(set);
  let onBoard = 0;
  for (let sq = 0; sq < SIZE * SIZE; sq++) {
    const t = pos.board[sq]!;
    if (t === EMPTY) continue;
    onBoard++;
    unseen[isBlank(t) ? BLANK : t]!--;
  }
  for (let t = 0; t < rack.length; t++) unseen[t]! -= rack[t]!;
  const others = pos.racks.slice(1).reduce((n, r) => n + (r.length > 0 ? r.length : 7), 0);
  return {
    rack,
    unseen,
    bagCount: Math.max(0, set.size - onBoard - rackTiles.length - others),
    unseenValue: rackValue(set, unseen),
  };
}

/**
 * The `top` best plays of the player to move (all when 0), best first: equity with the default
 * Spanish leaves (none for another set), exchanges and the pass among them.
 */
export function bestPlays(
  nodes: Uint32Array,
  set: TileSet,
  pos: CgpPosition,
  top: number,
): BestEntry[] {
  const { rack, bagCount, unseenValue } = positionRack(set, pos);
  const gen = new MoveGenerator(nodes, set);
  gen.setBoard(pos.board);
  const list = new MoveList();
  gen.generate(
    {
      rack,
      top,
      leaves: set.id === 'spanish' ? defaultLeaves() : NO_LEAVES,
      bagCount,
      exchangeMinBag: 1,
      unseenValue,
    },
    list,
  );
  return list.order().map((i) => entryOf(set, pos.board, list, i));
}

/**
 * The whole main word of placement `m` on `board` (before it is played), the board's letters
 * filled in where the move's notation has «.»: «QUILO» for «C2 Q.ILO».
 */
export function mainWord(set: TileSet, board: ArrayLike<number>, m: PlaceMove): string {
  const step = m.dir === 'H' ? 1 : SIZE;
  const full = m.tiles.map((t, k) => (t === EMPTY ? board[m.row * SIZE + m.col + k * step]! : t));
  return tilesToGcg(set, full);
}

function entryOf(set: TileSet, board: Uint8Array, list: MoveList, i: number): BestEntry {
  const equity = Math.round(list.equity[i]! * 100) / 100;
  if (list.kind[i] === KIND_PASS) return { coord: null, word: '-', score: 0, equity, kind: 'pass' };
  if (list.kind[i] === KIND_EXCHANGE) {
    const m = list.toMove(i) as ExchangeMove;
    return {
      coord: null,
      word: '-' + tilesToGcg(set, m.tiles, '?'),
      score: 0,
      equity,
      kind: 'exchange',
    };
  }
  const m = list.toMove(i) as PlaceMove;
  return {
    coord: formatCoord(m),
    word: tilesToGcg(set, m.tiles),
    score: list.score[i]!,
    equity,
    kind: 'place',
    main: mainWord(set, board, m),
    tiles: list.played[i]!,
  };
}
