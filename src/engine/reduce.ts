/**
 * Events applied to a state: the one place where a game's state changes (see gameState.ts).
 * Every event is checked against the state it lands on (turn, bag, rack, board), so a stored
 * log that does not fit its seed throws instead of producing a wrong game.
 */
import { drawTiles, returnTiles } from './bag.js';
import type { ChallengeEvent, GameEvent } from './events.js';
import { type GameResult, type GameState, type PendingPlay, openingOf } from './gameState.js';
import { firstDifference } from './jsonDiff.js';
import type { Placed, Placement } from './move.js';
import { evaluatePlacement, placementOf } from './placement.js';
import { isChallengeable, scoringOf } from './rules.js';
import { BLANK, BLANK_FLAG, EMPTY } from './tiles.js';

/**
 * Applies one event to a state and returns the new state. Throws when the event does not fit
 * the state (a corrupted log, or an event from another seed): that is a programming error.
 */
export function reduce(state: GameState, event: GameEvent): GameState {
  if (state.result) throw new Error('event after the end of the game');
  const next = reduceInner(state, event);
  return { ...next, events: [...state.events, event], version: state.version + 1 };
}

function reduceInner(s: GameState, e: GameEvent): GameState {
  switch (e.kind) {
    case 'start': {
      if (s.version !== 0) throw new Error('start must be the first event');
      // By meaning, not by text: a stored event may come back with its keys reordered (jsonb).
      if (firstDifference(openingOf(s), e) !== undefined)
        throw new Error('start event does not match the seed');
      // Redo the opening on the bag: returns reshuffle, then the deal.
      let bag = s.bag;
      let rng = s.rng;
      for (const round of e.firstDraws) {
        const d = drawTiles(bag, round.length);
        const back = returnTiles(d.bag, d.drawn, rng);
        bag = back.bag;
        rng = back.rng;
      }
      const racks = s.racks.map((r) => new Uint8Array(r));
      for (let seat = 0; seat < e.players; seat++) {
        const d = take(bag, e.racks[seat]!);
        bag = d;
        for (const t of e.racks[seat]!) racks[seat]![t]!++;
      }
      return { ...s, bag, rng, racks, turn: e.first, lastDrawn: e.racks.map((r) => [...r]) };
    }
    case 'play': {
      turnCheck(s, e.seat);
      const placed = placedOfEvent(s, e);
      const board = new Uint8Array(s.board); // the constructor copies faster than slice()
      for (const p of placed) board[p.square] = p.tile;
      const racks = s.racks.slice();
      const rack = removeFromRack(
        s.racks[e.seat]!,
        placed.map((p) => p.tile),
      );
      const bag = take(s.bag, e.drew);
      for (const t of e.drew) rack[t]!++;
      racks[e.seat] = rack;
      const scores = s.scores.slice();
      scores[e.seat]! += e.score;
      const pending: PendingPlay | null = isChallengeable(s.rules)
        ? {
            seat: e.seat,
            placed,
            words: evaluatedWords(s, placed),
            score: e.score,
            drew: [...e.drew],
            before: {
              passRun: s.passRun,
              scorelessRun: s.scorelessRun,
              unchangedRun: s.unchangedRun,
            },
          }
        : null;
      return advance(
        {
          ...s,
          board,
          bag,
          racks,
          scores,
          pending,
          passRun: 0,
          scorelessRun: e.score === 0 ? s.scorelessRun + 1 : 0,
          unchangedRun: 0,
          lastDrawn: withAt(s.lastDrawn, e.seat, [...e.drew]),
          clockMs: timed(s, e.seat, e.elapsedMs),
        },
        e.seat,
      );
    }
    case 'exchange': {
      turnCheck(s, e.seat);
      const rack = removeFromRack(s.racks[e.seat]!, e.returned);
      const d = drawTiles(s.bag, e.returned.length);
      if (!sameTiles(d.drawn, e.drew)) throw new Error('exchange draw does not match the bag');
      for (const t of d.drawn) rack[t]!++;
      const back = returnTiles(d.bag, e.returned, s.rng);
      return advance(
        {
          ...s,
          bag: back.bag,
          rng: back.rng,
          racks: withAt(s.racks, e.seat, rack),
          pending: null,
          passRun: 0, // an exchange is not a pass and breaks the run
          scorelessRun: s.scorelessRun + 1,
          unchangedRun: s.unchangedRun + 1,
          lastDrawn: withAt(s.lastDrawn, e.seat, [...e.drew]),
          clockMs: timed(s, e.seat, e.elapsedMs),
        },
        e.seat,
      );
    }
    case 'pass':
      turnCheck(s, e.seat);
      return passedTurn(s, e.seat, e.elapsedMs, s.scores);
    case 'rejected': {
      // C-04: a play refused in automatic mode is a lost turn, counted as a pass (E-02).
      turnCheck(s, e.seat);
      const scores = s.scores.slice();
      scores[e.seat]! -= e.penalty;
      return passedTurn(s, e.seat, e.elapsedMs, scores);
    }
    case 'challenge':
      return reduceChallenge(s, e);
    case 'accept':
      if (!s.pending) throw new Error('nothing to accept');
      return { ...s, pending: null, clockMs: timed(s, e.seat, e.elapsedMs) };
    case 'resign':
      return s;
    case 'end': {
      const result: GameResult = {
        reason: e.reason,
        wentOut: e.wentOut,
        resigned: e.resigned,
        rackAdjust: e.rackAdjust,
        timePenalty: e.timePenalty,
        before: e.before,
        final: e.final,
        winners: e.winners,
        draw: e.winners.length > 1,
      };
      return { ...s, scores: [...e.final], pending: null, result };
    }
  }
}

function reduceChallenge(s: GameState, e: ChallengeEvent): GameState {
  const p = s.pending;
  if (!p || p.seat !== e.target) throw new Error('challenge without a pending play');
  const clockMs = timed(s, e.seat, e.elapsedMs);
  if (!e.valid) {
    // C-02: withdraw the play; the tiles it drew go back into the bag.
    const board = new Uint8Array(s.board); // the constructor copies faster than slice()
    for (const q of p.placed) board[q.square] = EMPTY;
    const rack = removeFromRack(s.racks[p.seat]!, p.drew);
    for (const q of p.placed) rack[q.tile & BLANK_FLAG ? BLANK : q.tile]!++;
    const back = returnTiles(s.bag, p.drew, s.rng);
    const scores = s.scores.slice();
    scores[p.seat]! -= p.score;
    return {
      ...s,
      board,
      bag: back.bag,
      rng: back.rng,
      racks: withAt(s.racks, p.seat, rack),
      scores,
      pending: null,
      passRun: p.before.passRun + 1,
      scorelessRun: p.before.scorelessRun + 1,
      unchangedRun: p.before.unchangedRun + 1,
      lastDrawn: withAt(s.lastDrawn, p.seat, []),
      clockMs,
    };
  }
  const scores = s.scores.slice();
  scores[e.seat]! -= e.penalty;
  let next: GameState = { ...s, scores, pending: null, clockMs };
  if (e.loseTurn) {
    // RULES.md §12 (double): the lost turn is a pass for E-02 and a scoreless turn for E-03,
    // counted when the challenge fails, where the record writes its pass line.
    next = {
      ...next,
      passRun: s.passRun + 1,
      scorelessRun: s.scorelessRun + 1,
      unchangedRun: s.unchangedRun + 1,
    };
    if (e.seat === s.turn) next = advance(next, s.turn);
    else next = { ...next, skip: withAt(s.skip, e.seat, true) };
  }
  return next;
}

// Moves the turn on from `seat`, skipping (once) the seats that lost their turn.
// A turn that leaves the board and the bag alone (a pass, a refused play): the runs of E-02,
// E-03 and V-03 grow by one.
function passedTurn(
  s: GameState,
  seat: number,
  elapsedMs: number | undefined,
  scores: readonly number[],
): GameState {
  return advance(
    {
      ...s,
      scores,
      pending: null,
      passRun: s.passRun + 1,
      scorelessRun: s.scorelessRun + 1,
      unchangedRun: s.unchangedRun + 1,
      clockMs: timed(s, seat, elapsedMs),
    },
    seat,
  );
}

function advance(s: GameState, seat: number): GameState {
  let t = (seat + 1) % s.players;
  let skip = s.skip;
  for (let guard = 0; guard < s.players && skip[t]; guard++) {
    skip = withAt(skip, t, false);
    t = (t + 1) % s.players;
  }
  return { ...s, turn: t, skip };
}

function turnCheck(s: GameState, seat: number): void {
  if (seat !== s.turn) throw new Error(`event for seat ${seat} on seat ${s.turn}'s turn`);
}

function timed(s: GameState, seat: number, ms: number | undefined): readonly number[] {
  if (!ms) return s.clockMs;
  return withAt(s.clockMs, seat, s.clockMs[seat]! + ms);
}

function withAt<T>(list: readonly T[], i: number, v: T): T[] {
  const out = list.slice();
  out[i] = v;
  return out;
}

// Removes recorded tiles from the top of the bag, checking they are the ones recorded.
function take(bag: Uint8Array, tiles: readonly number[]): Uint8Array {
  const d = drawTiles(bag, tiles.length);
  if (!sameTiles(d.drawn, tiles)) throw new Error('recorded draw does not match the bag');
  return d.bag;
}

function sameTiles(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((t, i) => t === b[i]);
}

function removeFromRack(rack: Uint8Array, tiles: readonly number[]): Uint8Array {
  const out = new Uint8Array(rack);
  for (const t of tiles) {
    const c = t & BLANK_FLAG ? BLANK : t;
    if (out[c] === 0) throw new Error('tile not in rack');
    out[c]!--;
  }
  return out;
}

function placedOfEvent(s: GameState, e: Placement): Placed[] {
  const placed = placementOf(s.board, {
    kind: 'place',
    row: e.row,
    col: e.col,
    dir: e.dir,
    tiles: e.tiles,
  });
  if (!placed.ok) throw new Error(`recorded play does not fit the board: ${placed.error.code}`);
  return placed.value;
}

function evaluatedWords(s: GameState, placed: readonly Placed[]): number[][] {
  const r = evaluatePlacement(s.board, placed, s.set, scoringOf(s.rules));
  if (!r.ok) throw new Error(`recorded play is not a legal placement: ${r.error.code}`);
  return r.value.words.map((w) => [...w.tiles]);
}
