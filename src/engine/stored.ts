/**
 * A stored game read back from outside the program (a database row, a file, the wire): its
 * setup and its event list are untrusted JSON. `replayStored` checks their structure and types
 * (every field of every event, tile codes in the set's range, seats in the game's range), then
 * replays the list by applying the action each event records and requiring that the engine
 * causes exactly that event: a score, a draw or an end that does not follow from the rules and
 * the seed is caught with the event's index and the first field that differs. Events are
 * compared by meaning, so a list whose objects come back with their keys reordered (PostgreSQL
 * `jsonb`) replays.
 *
 * Word verdicts are the one thing the list itself decides: the lexicon is not stored with the
 * game, so a challenge or a rejected play counts exactly the words it names as invalid, and a
 * play that stands counts its words as valid.
 */
import type { GameError } from './errors.js';
import type { GameEvent } from './events.js';
import { type Action, apply } from './apply.js';
import type { GameSetup, GameState } from './gameState.js';
import { newGame } from './newGame.js';
import { firstDifference } from './jsonDiff.js';
import { type Result, err, ok } from './result.js';
import { type RulesError, type WordJudge, tileSetOf, validateRules } from './rules.js';
import { BLANK_FLAG, type TileSet, letterOf } from './tiles.js';
import { isRecord, own, shown } from './untrusted.js';

/** How one field of a stored event is wrong. */
export type StoredEventProblem =
  | 'NOT_AN_OBJECT' // the event is not a JSON object
  | 'UNKNOWN_KIND' // `kind` names no event
  | 'MISSING_FIELD'
  | 'UNKNOWN_FIELD'
  | 'WRONG_TYPE' // e.g. a score as text, a list that is not a list
  | 'BAD_TILE' // a tile code outside the tile set (or a blank where none may be)
  | 'BAD_SEAT'; // a seat outside 0 … players − 1

/** Why a stored game cannot be rebuilt; `index` is the 0-based position in the event list. */
export type StoredGameError =
  /** The setup is not a JSON object. */
  | { readonly code: 'BAD_SETUP'; readonly value: string }
  | { readonly code: 'BAD_RULES'; readonly error: RulesError }
  /** The seed is not a string or a finite number. */
  | { readonly code: 'BAD_SEED'; readonly value: string }
  /** Not a whole number from 2 to 4 (G-01). */
  | { readonly code: 'BAD_PLAYERS'; readonly value: string }
  /** The events are not a JSON array. */
  | { readonly code: 'NOT_A_LIST'; readonly value: string }
  /** The list is empty or does not begin with `start`. */
  | { readonly code: 'NO_START' }
  /** An event that is not well formed: what is wrong, in which field, with what value. */
  | {
      readonly code: 'BAD_EVENT';
      readonly index: number;
      readonly problem: StoredEventProblem;
      readonly field: string;
      readonly value?: string;
    }
  /** The engine refuses the action the event records. */
  | { readonly code: 'ACTION_REFUSED'; readonly index: number; readonly error: GameError }
  /** The event is not what its action causes; `field` is the first that differs. */
  | { readonly code: 'EVENT_MISMATCH'; readonly index: number; readonly field: string }
  /** The list stops before an event its last action causes (the game's `end`, say). */
  | { readonly code: 'MISSING_EVENT'; readonly index: number }
  /** An event after the game ended. */
  | { readonly code: 'EVENT_AFTER_END'; readonly index: number };

/** The codes of `StoredGameError`. */
export type StoredGameErrorCode = StoredGameError['code'];

// What a field holds. Tiles: `rack` codes are 0 (a blank) … n; `placed` codes are 0 (a square
// played through), a letter 1 … n, or a letter with BLANK_FLAG.
type FieldKind =
  | 'kind'
  | 'seat'
  | 'seatOrNull'
  | 'seats'
  | 'count'
  | 'integer'
  | 'integers'
  | 'boolean'
  | 'dir'
  | 'rackTiles'
  | 'racks'
  | 'placedTiles'
  | 'words'
  | 'firstDraws'
  | 'reason'
  | 'ms'
  | 'claimer'
  | 'vacant';

// Every field of every event, typed over the event union: a new field or kind without a check
// does not compile.
type Schema = {
  readonly [K in GameEvent['kind']]: {
    readonly [F in keyof Extract<GameEvent, { kind: K }>]-?: FieldKind;
  };
};

const PLACEMENT = { row: 'integer', col: 'integer', dir: 'dir', tiles: 'placedTiles' } as const;

const SCHEMA: Schema = {
  start: { kind: 'kind', players: 'count', firstDraws: 'firstDraws', first: 'seat', racks: 'racks' },
  play: { kind: 'kind', seat: 'seat', ...PLACEMENT, words: 'words', score: 'integer', bingo: 'boolean', drew: 'rackTiles', elapsedMs: 'ms' },
  exchange: { kind: 'kind', seat: 'seat', returned: 'rackTiles', drew: 'rackTiles', elapsedMs: 'ms' },
  pass: { kind: 'kind', seat: 'seat', elapsedMs: 'ms' },
  challenge: { kind: 'kind', seat: 'seat', target: 'seat', valid: 'boolean', invalidWords: 'words', withdrawn: 'integer', penalty: 'integer', loseTurn: 'boolean', elapsedMs: 'ms' },
  rejected: { kind: 'kind', seat: 'seat', ...PLACEMENT, invalidWords: 'words', penalty: 'integer', elapsedMs: 'ms' },
  accept: { kind: 'kind', seat: 'seat', elapsedMs: 'ms' },
  resign: { kind: 'kind', seat: 'seat', claimedBy: 'claimer', vacant: 'vacant' },
  end: { kind: 'kind', reason: 'reason', wentOut: 'seatOrNull', resigned: 'seatOrNull', racks: 'racks', rackAdjust: 'integers', timePenalty: 'integers', before: 'integers', final: 'integers', winners: 'seats' },
}; // prettier-ignore

const END_REASONS = ['out', 'passes', 'scoreless', 'blocked', 'target', 'resign'];

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);

/**
 * Checks a stored game's setup: rules field by field (`validateRules`), a string or finite
 * number seed, 2 to 4 players.
 */
function validateSetup(input: unknown): Result<GameSetup, StoredGameError> {
  if (!isRecord(input)) return err({ code: 'BAD_SETUP', value: shown(input) });
  const rules = validateRules(input.rules);
  if (!rules.ok) return err({ code: 'BAD_RULES', error: rules.error });
  const { seed, players } = input;
  if (typeof seed !== 'string' && !(typeof seed === 'number' && Number.isFinite(seed)))
    return err({ code: 'BAD_SEED', value: shown(seed) });
  if (!isInt(players) || players < 2 || players > 4)
    return err({ code: 'BAD_PLAYERS', value: shown(players) });
  return ok({ rules: rules.value, seed, players });
}

// The problem of one value of a field, if any: a problem code, and the value's path below the
// field when the problem is inside a list.
function valueProblem(
  kind: FieldKind,
  v: unknown,
  set: TileSet,
  players: number,
): [StoredEventProblem, string] | undefined {
  const n = set.letters.length;
  const seat = (x: unknown): [StoredEventProblem, string] | undefined =>
    !isInt(x) ? ['WRONG_TYPE', ''] : x < 0 || x >= players ? ['BAD_SEAT', ''] : undefined;
  const rackTile = (x: unknown): [StoredEventProblem, string] | undefined =>
    !isInt(x) ? ['WRONG_TYPE', ''] : x < 0 || x > n ? ['BAD_TILE', ''] : undefined;
  const placedTile = (x: unknown): [StoredEventProblem, string] | undefined => {
    if (!isInt(x)) return ['WRONG_TYPE', ''];
    const letter = x & ~BLANK_FLAG;
    return x < 0 || x > (n | BLANK_FLAG) || (x !== 0 && (letter < 1 || letter > n))
      ? ['BAD_TILE', '']
      : undefined;
  };
  // A list whose items all pass `item`; the path of the first failing item.
  const listOf = (
    x: unknown,
    item: (y: unknown) => [StoredEventProblem, string] | undefined,
  ): [StoredEventProblem, string] | undefined => {
    if (!Array.isArray(x)) return ['WRONG_TYPE', ''];
    for (let i = 0; i < x.length; i++) {
      const p = item(x[i]);
      if (p) return [p[0], p[1] ? `${i}.${p[1]}` : String(i)];
    }
    return undefined;
  };
  switch (kind) {
    case 'kind':
      return undefined; // checked first, to choose the schema
    case 'seat':
    case 'claimer':
      return seat(v);
    case 'seatOrNull':
      return v === null ? undefined : seat(v);
    case 'seats':
    case 'vacant':
      return listOf(v, seat);
    case 'count':
    case 'integer':
      return isInt(v) ? undefined : ['WRONG_TYPE', ''];
    case 'integers':
      return listOf(v, (x) => (isInt(x) ? undefined : ['WRONG_TYPE', '']));
    case 'boolean':
      return typeof v === 'boolean' ? undefined : ['WRONG_TYPE', ''];
    case 'dir':
      return v === 'H' || v === 'V' ? undefined : ['WRONG_TYPE', ''];
    case 'reason':
      return typeof v === 'string' && END_REASONS.includes(v) ? undefined : ['WRONG_TYPE', ''];
    case 'ms':
      return typeof v === 'number' && Number.isFinite(v) && v >= 0 ? undefined : ['WRONG_TYPE', ''];
    case 'rackTiles':
      return listOf(v, rackTile);
    case 'racks':
      return listOf(v, (r) => listOf(r, rackTile));
    case 'placedTiles':
      return listOf(v, placedTile);
    case 'words':
      // Each word is its tiles on the board: letters, blanks flagged, never an empty square.
      return listOf(v, (w) => listOf(w, (t) => (t === 0 ? ['BAD_TILE', ''] : placedTile(t))));
    case 'firstDraws':
      return listOf(v, (round) =>
        listOf(round, (pair) => {
          if (!Array.isArray(pair) || pair.length !== 2) return ['WRONG_TYPE', ''];
          const who = seat(pair[0]);
          if (who) return [who[0], '0'];
          const tile = rackTile(pair[1]);
          return tile && [tile[0], '1'];
        }),
      );
  }
}

// The first problem of a stored event's structure, if any.
function eventProblem(
  v: unknown,
  index: number,
  set: TileSet,
  players: number,
): StoredGameError | undefined {
  const bad = (problem: StoredEventProblem, field: string, value?: unknown): StoredGameError => ({
    code: 'BAD_EVENT',
    index,
    problem,
    field,
    ...(value !== undefined && { value: shown(value) }),
  });
  if (!isRecord(v)) return bad('NOT_AN_OBJECT', '', v);
  const kind = v.kind;
  if (typeof kind !== 'string' || !own(SCHEMA, kind)) return bad('UNKNOWN_KIND', 'kind', kind);
  const schema = SCHEMA[kind as GameEvent['kind']] as Readonly<Record<string, FieldKind>>;
  for (const field of Object.keys(v))
    if (!own(schema, field)) return bad('UNKNOWN_FIELD', field, v[field]);
  for (const [field, fieldKind] of Object.entries(schema)) {
    if (!own(v, field)) {
      // Optional: the time a turn took (TM-02), who claimed a game from an absent seat, and
      // the seats nobody took when a player resigned.
      if (fieldKind === 'ms' || fieldKind === 'claimer' || fieldKind === 'vacant') continue;
      return bad('MISSING_FIELD', field);
    }
    const p = valueProblem(fieldKind, v[field], set, players);
    if (p) return bad(p[0], p[1] ? `${field}.${p[1]}` : field, valueAt(v[field], p[1]));
  }
  return undefined;
}

// The value at a dotted path of list indices ("2", "0.1") below `v`.
function valueAt(v: unknown, path: string): unknown {
  let at = v;
  for (const k of path ? path.split('.') : []) at = (at as unknown[])[Number(k)];
  return at;
}

// The action a (well formed) event records.
function actionOf(e: GameEvent): Action | undefined {
  const t = 'elapsedMs' in e && e.elapsedMs !== undefined ? { elapsedMs: e.elapsedMs } : {};
  switch (e.kind) {
    case 'play':
    case 'rejected':
      return { kind: 'place', seat: e.seat, row: e.row, col: e.col, dir: e.dir, tiles: e.tiles, ...t }; // prettier-ignore
    case 'exchange':
      return { kind: 'exchange', seat: e.seat, tiles: e.returned, ...t };
    case 'pass':
    case 'challenge':
    case 'accept':
      return { kind: e.kind, seat: e.seat, ...t };
    case 'resign':
      return {
        kind: 'resign',
        seat: e.seat,
        ...(e.claimedBy !== undefined && { claimedBy: e.claimedBy }),
        ...(e.vacant !== undefined && { vacant: e.vacant }),
      };
    case 'start':
    case 'end':
      return undefined; // caused by the engine, never an action
  }
}

// The word verdicts an event records: the words it names are invalid, every other word valid.
// Words are compared as tiles (the judge reads letters, blank flags off), never as text, which
// would take C·A·L·L·E for C·A·LL·E.
function judgeOf(e: GameEvent): WordJudge {
  const key = (letters: ArrayLike<number>): string => Array.from(letters).join(',');
  const invalid = new Set(
    'invalidWords' in e ? e.invalidWords.map((w) => key(w.map(letterOf))) : [],
  );
  return { isWord: (tiles) => !invalid.has(key(tiles)) };
}

/**
 * Rebuilds a game from an untrusted stored setup and event list (see the module comment): the
 * state after the last event, or the first problem found, with a code and the event's index.
 */
export function replayStored(setup: unknown, events: unknown): Result<GameState, StoredGameError> {
  const checked = validateSetup(setup);
  if (!checked.ok) return checked;
  const game = checked.value;
  if (!Array.isArray(events)) return err({ code: 'NOT_A_LIST', value: shown(events) });
  const set = tileSetOf(game.rules);
  for (let i = 0; i < events.length; i++) {
    const problem = eventProblem(events[i], i, set, game.players);
    if (problem) return err(problem);
  }
  const list = events as readonly GameEvent[];
  if (list[0]?.kind !== 'start') return err({ code: 'NO_START' });
  let s = newGame(game);
  const opening = firstDifference(s.events[0], list[0]);
  if (opening !== undefined) return err({ code: 'EVENT_MISMATCH', index: 0, field: opening });
  let i = 1;
  while (i < list.length) {
    if (s.result) return err({ code: 'EVENT_AFTER_END', index: i });
    const e = list[i]!;
    const action = actionOf(e);
    if (!action) return err({ code: 'EVENT_MISMATCH', index: i, field: 'kind' });
    const r = apply(s, action, judgeOf(e));
    if (!r.ok) return err({ code: 'ACTION_REFUSED', index: i, error: r.error });
    for (const [k, caused] of r.value.events.entries()) {
      if (i + k >= list.length) return err({ code: 'MISSING_EVENT', index: i + k });
      const field = firstDifference(caused, list[i + k]);
      if (field !== undefined) return err({ code: 'EVENT_MISMATCH', index: i + k, field });
    }
    i += r.value.events.length;
    s = r.value.state;
  }
  return ok(s);
}
