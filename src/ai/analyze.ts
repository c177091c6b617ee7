/**
 * Post-game review of a GCG record: for every turn whose rack the record states, the best moves
 * by static equity (score plus the learned leave value, end-of-game terms once the bag is empty,
 * as `experto` plays) next to the move made, and the equity it gave away; then a summary per
 * player with their costliest mistakes.
 *
 * The board follows the record (a withdrawn phony comes off again). The bag is what the player
 * to move could not see, less one opponent rack: exact for two players. A pass noted as a turn
 * lost to a failed challenge (`#unsuccessful-challenge`) was no choice and is not reviewed.
 */
import { SIZE, SQUARES } from '../engine/board.js';
import type { Move } from '../engine/move.js';
import type { GcgRecord } from '../engine/notation/gcg.js';
import {
  BLANK_FLAG,
  EMPTY,
  type TileSet,
  fullDistribution,
  rackFromTiles,
  rackValue,
} from '../engine/tiles.js';
import type { LeaveModel } from './leave.js';
import { MoveGenerator } from './movegen.js';
import { KIND_EXCHANGE, KIND_PASS, KIND_PLACE, MoveList, TILE_STRIDE } from './movelist.js';

/** A move as the review shows it. */
export interface ReviewedMove {
  readonly move: Move;
  /**
   * A placement's whole main word, the board's tiles filled in where `move` plays through
   * (EMPTY): the notation's «.» says nothing to someone who hears the review read out.
   */
  readonly main?: readonly number[];
  readonly score: number;
  readonly equity: number;
}

/** One reviewed turn. */
export interface ReviewedTurn {
  /** 1-based event number in the record. */
  readonly turn: number;
  readonly player: number;
  /** What was played, with the equity the generator gives it (null for a phony). */
  /**
   * `valid` false when not a word of the lexicon; `withdrawn` when a challenge took it back
   * (C-02): it scored nothing and the rack was kept, so it is worth what a pass is.
   */
  readonly played: ReviewedMove & { readonly valid: boolean; readonly withdrawn?: boolean };
  /** The best moves by equity, best first. */
  readonly best: readonly ReviewedMove[];
  /** Equity given away: the best's minus the played move's (0 when it was the best). */
  readonly lost: number;
}

/** A player's summary. */
export interface PlayerReview {
  readonly player: number;
  readonly nick: string;
  readonly turns: number;
  readonly lost: number;
  /** The turns that gave away the most equity, costliest first (at most 3, none free). */
  readonly worst: readonly ReviewedTurn[];
}

export interface Review {
  readonly turns: readonly ReviewedTurn[];
  /** Turns not reviewed because the record does not state the whole rack. */
  readonly skipped: number;
  readonly players: readonly PlayerReview[];
}

/** Options of a review. */
export interface ReviewOptions {
  /** Alternatives listed per turn (default 3). */
  readonly top?: number;
  readonly leaves: LeaveModel;
  readonly exchangeMinBag?: number;
  /** Called after each event with (done, total). */
  readonly progress?: (done: number, total: number) => void;
}

/** Reviews a record with a lexicon graph for its tile set. */
export function reviewRecord(
  record: GcgRecord,
  nodes: Uint32Array,
  set: TileSet,
  opts: ReviewOptions,
): Review {
  const r = reviewer(record, nodes, set, opts);
  for (let k = 0; k < record.events.length; k++) r.step(k);
  return r.result();
}

/**
 * A review taken one event at a time, so that a caller can stop between two (Control+C in
 * the terminal): `step(k)` for events 0, 1, … in order, then `result()` reviews what was
 * stepped through.
 */
export function reviewer(
  record: GcgRecord,
  nodes: Uint32Array,
  set: TileSet,
  opts: ReviewOptions,
): { step: (k: number) => void; result: () => Review } {
  const gen = new MoveGenerator(nodes, set);
  const list = new MoveList();
  const board = new Uint8Array(SQUARES);
  const stack: number[][] = [];
  const turns: ReviewedTurn[] = [];
  let skipped = 0;
  const top = opts.top ?? 3;
  const events = record.events;
  function step(k: number): void {
    const ev = events[k]!;
    if (ev.kind === 'withdraw') {
      for (const sq of stack.pop() ?? []) board[sq] = EMPTY;
    } else if (ev.kind === 'place' || ev.kind === 'pass' || ev.kind === 'exchange') {
      const placed: { square: number; tile: number }[] = [];
      if (ev.kind === 'place') {
        const step = ev.dir === 'H' ? 1 : SIZE;
        ev.tiles.forEach((t, j) => {
          const sq = ev.row * SIZE + ev.col + j * step;
          if (t !== EMPTY && board[sq] === EMPTY) placed.push({ square: sq, tile: t });
        });
      }
      // A turn lost to a failed challenge is recorded as a pass but was not a choice.
      const lostTurn = ev.kind === 'pass' && ev.notes.some((n) => /unsuccessful-challenge/.test(n));
      const withdrawn = ev.kind === 'place' && events[k + 1]?.kind === 'withdraw';
      const review = lostTurn ? null : reviewTurn(k + 1, ev, placed, withdrawn);
      if (review) turns.push(review);
      else if (!lostTurn) skipped++;
      if (ev.kind === 'place') {
        for (const p of placed) board[p.square] = p.tile;
        stack.push(placed.map((p) => p.square));
      }
    }
    opts.progress?.(k + 1, events.length);
  }

  function reviewTurn(
    turn: number,
    ev: GcgRecord['events'][number],
    placed: { square: number; tile: number }[],
    withdrawn: boolean,
  ): ReviewedTurn | null {
    const rack = rackFromTiles(set, ev.rack);
    // The record must state the whole rack the move came from.
    const need = rackFromTiles(
      set,
      placed.map((p) => ((p.tile & BLANK_FLAG) !== 0 ? 0 : p.tile)),
    );
    if (ev.kind === 'exchange') {
      if (ev.tiles === null) return null;
      for (const t of ev.tiles) need[t]!++;
    }
    if (ev.rack.length === 0 || need.some((c, t) => c > rack[t]!)) return null;
    const unseen = fullDistribution(set);
    for (const t of board) if (t !== EMPTY) unseen[(t & BLANK_FLAG) !== 0 ? 0 : t]!--;
    for (let t = 0; t < rack.length; t++) unseen[t]! -= rack[t]!;
    const unseenCount = unseen.reduce((a, b) => a + Math.max(0, b), 0);
    const bagCount = Math.max(0, unseenCount - 7);
    gen.setBoard(board);
    gen.generate(
      {
        rack,
        leaves: opts.leaves,
        bagCount,
        exchangeMinBag: opts.exchangeMinBag ?? 1,
        unseenValue: rackValue(
          set,
          unseen.map((c) => Math.max(0, c)),
        ),
      },
      list,
    );
    const order = list.order();
    const best = order.slice(0, top).map((i) => reviewed(i));
    // Openings are generated across only (a down one is the same move transposed).
    const asGenerated = board.every((t) => t === EMPTY) ? acrossOpening(placed) : placed;
    let playedIndex = -1;
    for (const i of order) {
      if (matches(i, ev, asGenerated)) {
        playedIndex = i;
        break;
      }
    }
    const bestEquity = order.length > 0 ? list.equity[order[0]!]! : 0;
    let played: ReviewedTurn['played'];
    if (playedIndex >= 0) {
      // A down opening keeps its own notation, with the score and equity of its transpose.
      const own: Partial<ReviewedMove> =
        ev.kind === 'place' && asGenerated !== placed
          ? withMain({ kind: 'place', row: ev.row, col: ev.col, dir: ev.dir, tiles: ev.tiles })
          : {};
      played = { ...reviewed(playedIndex), ...own, valid: true };
    } else {
      // Not a move of the lexicon (a phony, or a word the lexicon lacks): its stated score plus
      // the value of what it kept.
      const left = rack.slice();
      for (const p of placed) left[(p.tile & BLANK_FLAG) !== 0 ? 0 : p.tile]!--;
      let n = 0;
      for (const c of left) n += c;
      const leave = n === 0 || bagCount === 0 ? 0 : opts.leaves.leaveValue(left, n);
      const move: Move =
        ev.kind === 'place'
          ? { kind: 'place', row: ev.row, col: ev.col, dir: ev.dir, tiles: ev.tiles }
          : { kind: 'pass' };
      played = { ...withMain(move), score: ev.score, equity: ev.score + leave, valid: false };
    }
    if (withdrawn) {
      // Taken back by a challenge: no points, the whole rack kept, the turn gone, as a pass.
      let pass = -1;
      for (let i = 0; i < list.count; i++) if (list.kind[i] === KIND_PASS) pass = i;
      played = { ...played, score: 0, equity: pass < 0 ? 0 : list.equity[pass]!, withdrawn };
    }
    const lost = Math.max(0, Math.round((bestEquity - played.equity) * 100) / 100);
    return { turn, player: ev.player, played, best, lost };
  }

  function reviewed(i: number): ReviewedMove {
    return { ...withMain(list.toMove(i)), score: list.score[i]!, equity: list.equity[i]! };
  }

  // A move with its main word as the board stands before it (see ReviewedMove.main).
  function withMain(move: Move): { move: Move; main?: readonly number[] } {
    if (move.kind !== 'place') return { move };
    const step = move.dir === 'H' ? 1 : SIZE;
    const at = move.row * SIZE + move.col;
    return { move, main: move.tiles.map((t, k) => (t === EMPTY ? board[at + k * step]! : t)) };
  }

  function matches(
    i: number,
    ev: GcgRecord['events'][number],
    placed: { square: number; tile: number }[],
  ): boolean {
    const kind = list.kind[i]!;
    if (ev.kind === 'pass') return kind === KIND_PASS;
    if (ev.kind === 'exchange') {
      if (kind !== KIND_EXCHANGE || ev.tiles === null || list.len[i] !== ev.tiles.length)
        return false;
      const a = Array.from(list.tiles.subarray(i * TILE_STRIDE, i * TILE_STRIDE + list.len[i]!));
      const b = [...ev.tiles];
      a.sort((x, y) => x - y);
      b.sort((x, y) => x - y);
      return a.every((t, j) => t === b[j]);
    }
    if (kind !== KIND_PLACE || list.played[i] !== placed.length) return false;
    const mine = list.placedOf(i);
    return mine.every((p, j) => p.square === placed[j]!.square && p.tile === placed[j]!.tile);
  }

  function result(): Review {
    const players = record.players.map((p, player) => {
      const own = turns.filter((t) => t.player === player);
      const worst = own
        .filter((t) => t.lost > 0)
        .sort((a, b) => b.lost - a.lost || a.turn - b.turn)
        .slice(0, 3);
      const lost = Math.round(own.reduce((s, t) => s + t.lost, 0) * 100) / 100;
      return { player, nick: p.nick, turns: own.length, lost, worst };
    });
    return { turns: [...turns], skipped, players };
  }
  return { step, result };
}

/**
 * A down opening's placed tiles as the across opening the generator lists instead: the board is
 * symmetric about its diagonal, so both are one move. Anything else is returned as it is.
 */
function acrossOpening(
  placed: { square: number; tile: number }[],
): { square: number; tile: number }[] {
  const col = placed.length > 1 ? placed[0]!.square % SIZE : -1;
  if (col < 0 || !placed.every((p) => p.square % SIZE === col)) return placed;
  return placed.map((p) => ({
    square: (p.square % SIZE) * SIZE + Math.floor(p.square / SIZE),
    tile: p.tile,
  }));
}
