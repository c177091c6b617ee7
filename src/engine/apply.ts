/**
 * Actions validated and applied: what a seat may do, checked against the state and the rules,
 * either refused with a coded error or turned into the events it causes (see gameState.ts).
 */
import { drawTiles } from './bag.js';
import { endEvent, endOf, inFinalChallengeWindow } from './endOfGame.js';
import type { GameError } from './errors.js';
import type { ChallengeEvent, GameEvent, PlayEvent, Word } from './events.js';
import type { GameState } from './gameState.js';
import type { ChallengeMove, ExchangeMove, PassMove, PlaceMove } from './move.js';
import { placementOf, evaluatePlacement } from './placement.js';
import { reduce } from './reduce.js';
import { type Result, err, ok } from './result.js';
import { type WordJudge, isChallengeable, scoringOf } from './rules.js';
import { BLANK, BLANK_FLAG, letterOf } from './tiles.js';

/** E-06: accept the last play of the game without challenging it. */
export interface AcceptMove {
  readonly kind: 'accept';
}

/**
 * Give up; the game ends at once. With `claimedBy`, the seat does not give up itself: it is
 * away from the table on its turn, and the player at `claimedBy` ends the game as abandoned by
 * it (who may claim, and when, the server decides; here only that it is the absent seat's turn).
 */
export interface ResignMove {
  readonly kind: 'resign';
  readonly claimedBy?: number;
  /**
   * Seats nobody ever took (a room's invitations not used), as the server knows them: they
   * played no turn, so they do not share the win (E-07) unless nobody else is left.
   */
  readonly vacant?: readonly number[];
}

/** Who acts, and optionally the state version and time the action was based on. */
export interface ActionMeta {
  readonly seat: number;
  /** When present, must equal `state.version` (else STALE_VERSION). */
  readonly version?: number;
  /** Milliseconds the seat spent on this action (clock option, TM-02). */
  readonly elapsedMs?: number;
}

/** Something a seat wants to do. */
export type Action = (
  PlaceMove | ExchangeMove | PassMove | ChallengeMove | AcceptMove | ResignMove
) &
  ActionMeta;

/** What an accepted action did: the state after it and the events it caused. */
export interface Applied {
  readonly state: GameState;
  readonly events: readonly GameEvent[];
}

/** The outcome of `apply`. */
export type ApplyResult = Result<Applied, GameError>;

function fail(error: GameError): ApplyResult {
  return err(error);
}

/**
 * Validates an action against the state and the rules and applies it. On success returns the
 * new state and the events the action caused (an `end` event is added when the game ends);
 * on failure returns a coded error and the state is unchanged. `judge` decides word validity
 * for challenges and for the `automatic`/`void` modes.
 */
export function apply(state: GameState, action: Action, judge: WordJudge): ApplyResult {
  if (state.result) return fail({ code: 'GAME_OVER' });
  if (action.version !== undefined && action.version !== state.version)
    return fail({ code: 'STALE_VERSION', version: state.version });
  const seat = action.seat;
  if (!Number.isInteger(seat) || seat < 0 || seat >= state.players)
    return fail({ code: 'BAD_SEAT' });
  const ms = action.elapsedMs;
  if (ms !== undefined && !(Number.isFinite(ms) && ms >= 0)) return fail({ code: 'BAD_ACTION' });
  const t = ms ? { elapsedMs: ms } : {};
  const finalWindow = inFinalChallengeWindow(state);

  switch (action.kind) {
    case 'resign': {
      const by = action.claimedBy;
      const vacant = action.vacant ?? [];
      const isSeat = (x: number): boolean => Number.isInteger(x) && x >= 0 && x < state.players;
      if (!vacant.every(isSeat)) return fail({ code: 'BAD_ACTION' });
      const untaken = vacant.length > 0 ? { vacant: [...vacant] } : {};
      if (by === undefined)
        return commit(state, [{ kind: 'resign', seat, ...untaken }], seat, vacant);
      if (!isSeat(by) || by === seat) return fail({ code: 'BAD_ACTION' });
      if (seat !== state.turn) return fail({ code: 'NOT_CLAIMABLE' });
      return commit(state, [{ kind: 'resign', seat, claimedBy: by, ...untaken }], seat, vacant);
    }
    case 'challenge':
      return challenge(state, seat, judge, t);
    case 'accept':
      if (!finalWindow) return fail({ code: 'NOTHING_TO_ACCEPT' });
      if (seat !== state.turn) return fail({ code: 'NOT_YOUR_TURN', turn: state.turn });
      return commit(state, [{ kind: 'accept', seat, ...t }]);
    case 'pass':
      if (seat !== state.turn) return fail({ code: 'NOT_YOUR_TURN', turn: state.turn });
      // E-06: passing in the final window accepts the last play.
      if (finalWindow) return commit(state, [{ kind: 'accept', seat, ...t }]);
      return commit(state, [{ kind: 'pass', seat, ...t }]);
    case 'exchange': {
      if (seat !== state.turn) return fail({ code: 'NOT_YOUR_TURN', turn: state.turn });
      if (finalWindow) return fail({ code: 'FINAL_CHALLENGE_WINDOW' });
      const tiles = action.tiles;
      if (!Array.isArray(tiles) || tiles.length === 0) return fail({ code: 'NOTHING_TO_EXCHANGE' });
      const bad = tiles.filter(
        (c) => !Number.isInteger(c) || c < 0 || c > state.set.letters.length,
      );
      if (bad.length) return fail({ code: 'LETTER_NOT_IN_SET', tiles: bad });
      const missing = missingFromRack(state.racks[seat]!, tiles);
      if (missing.length) return fail({ code: 'NOT_IN_RACK', tiles: missing });
      // the bag allows no exchange at all; X-01: not of this many tiles (the
      // tiles then name what was asked, so that the refusal can say how many may go back).
      const bag = state.bag.length;
      if (bag < state.rules.exchangeMinBag)
        return fail({ code: 'BAG_TOO_SMALL_TO_EXCHANGE', bag, needed: state.rules.exchangeMinBag });
      if (bag < tiles.length)
        return fail({ code: 'BAG_TOO_SMALL_TO_EXCHANGE', bag, needed: tiles.length, tiles });
      const drew = drawTiles(state.bag, tiles.length).drawn;
      return commit(state, [{ kind: 'exchange', seat, returned: [...tiles], drew, ...t }]);
    }
    case 'place':
      if (seat !== state.turn) return fail({ code: 'NOT_YOUR_TURN', turn: state.turn });
      if (finalWindow) return fail({ code: 'FINAL_CHALLENGE_WINDOW' });
      return place(state, action, seat, judge, t);
    default:
      return fail({ code: 'BAD_ACTION' });
  }
}

function place(
  state: GameState,
  move: PlaceMove,
  seat: number,
  judge: WordJudge,
  t: { elapsedMs?: number },
): ApplyResult {
  // A trust boundary: an action from a client may hold anything whatever its type says.
  const dir: unknown = move.dir;
  if (
    !Number.isInteger(move.row) ||
    !Number.isInteger(move.col) ||
    (dir !== 'H' && dir !== 'V') ||
    !Array.isArray(move.tiles)
  )
    return fail({ code: 'BAD_ACTION' });
  for (const c of move.tiles) {
    if (c === BLANK_FLAG) return fail({ code: 'BLANK_NOT_DESIGNATED' }); // T-05
    if (
      !Number.isInteger(c) ||
      c < 0 ||
      (c & ~(BLANK_FLAG | 0x7f)) !== 0 ||
      letterOf(c) > state.set.letters.length
    )
      return fail({ code: 'LETTER_NOT_IN_SET', tiles: [c] }); // T-02
  }
  const placing = placementOf(state.board, move);
  if (!placing.ok) return placing;
  const placed = placing.value;
  const evaluated = evaluatePlacement(state.board, placed, state.set, scoringOf(state.rules));
  if (!evaluated.ok) return evaluated;
  const result = evaluated.value;
  const missing = missingFromRack(
    state.racks[seat]!,
    placed.map((p) => p.tile),
  );
  if (missing.length) return fail({ code: 'NOT_IN_RACK', tiles: missing });
  const words = result.words.map((w) => w.tiles);
  const mode = state.rules.challengeMode;
  if (mode === 'void' || mode === 'automatic') {
    const invalid = invalidWords(words, judge);
    if (invalid.length && mode === 'void') return fail({ code: 'INVALID_WORD', words: invalid });
    if (invalid.length) {
      const penalty =
        state.rules.challengePenalty *
        (state.rules.challengePenaltyPer === 'word' ? invalid.length : 1);
      const { row, col, dir, tiles } = move;
      return commit(state, [
        {
          kind: 'rejected',
          seat,
          row,
          col,
          dir,
          tiles: [...tiles],
          invalidWords: invalid,
          penalty,
          ...t,
        },
      ]);
    }
  }
  const drew = drawTiles(state.bag, placed.length).drawn;
  const ev: PlayEvent = {
    kind: 'play',
    seat,
    row: move.row,
    col: move.col,
    dir: move.dir,
    tiles: [...move.tiles],
    words, // fresh arrays from evaluatePlacement
    score: result.score,
    bingo: result.bingo,
    drew,
    ...t,
  };
  return commit(state, [ev]);
}

function challenge(
  state: GameState,
  seat: number,
  judge: WordJudge,
  t: { elapsedMs?: number },
): ApplyResult {
  const mode = state.rules.challengeMode;
  if (!isChallengeable(state.rules)) return fail({ code: 'NO_CHALLENGES' });
  const p = state.pending;
  if (!p || p.seat === seat) return fail({ code: 'NOTHING_TO_CHALLENGE' });
  const invalid = invalidWords(p.words, judge); // C-01: all words judged together
  const valid = invalid.length === 0;
  const perWord = state.rules.challengePenaltyPer === 'word' ? p.words.length : 1;
  const ev: ChallengeEvent = {
    kind: 'challenge',
    seat,
    target: p.seat,
    valid,
    invalidWords: invalid,
    withdrawn: valid ? 0 : p.score,
    penalty: valid && mode === 'penalty' ? state.rules.challengePenalty * perWord : 0,
    loseTurn: valid && mode === 'double',
    ...t,
  };
  return commit(state, [ev]);
}

// The words the judge refuses, as they stand on the board (blank flags kept); the judge reads
// letters only.
function invalidWords(words: readonly Word[], judge: WordJudge): Word[] {
  const out: Word[] = [];
  for (const w of words) if (!judge.isWord(w.map(letterOf))) out.push([...w]);
  return out;
}

function missingFromRack(rack: Uint8Array, tiles: readonly number[]): number[] {
  const counts = new Uint8Array(rack);
  const missing: number[] = [];
  for (const tile of tiles) {
    const c = tile & BLANK_FLAG ? BLANK : tile;
    if (counts[c]! > 0) counts[c]!--;
    else missing.push(c);
  }
  return missing;
}

// Reduces the events, then closes the game if an end rule now holds.
function commit(
  state: GameState,
  events: GameEvent[],
  resigned: number | null = null,
  vacant: readonly number[] = [],
): ApplyResult {
  let s = state;
  for (const e of events) s = reduce(s, e);
  const end = resigned !== null ? { reason: 'resign' as const, wentOut: null } : endOf(s);
  if (end) {
    const e = endEvent(s, end.reason, end.wentOut, resigned, vacant);
    s = reduce(s, e);
    events.push(e);
  }
  return ok({ state: s, events });
}
