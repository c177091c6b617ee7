/**
 * Replaying a game record: every play is put on the standard board with the record's tile set
 * and scored again by `placement.ts`, and every stated score and running total is compared with
 * the replayed one (RULES.md §12 "Game records"; FORMAT.md §5).
 *
 * How discrepancies are attributed, so that one wrong number is reported once, on its own line:
 * - a play's score is compared with the score the board gives it (S-01…S-09);
 * - a withdrawal (`--`) takes back the most recent play still on the board, whoever the line
 *   names (one real record names the wrong player); it is checked against the score the record
 *   gave that play, and the replayed totals lose what the replay gave it;
 * - a running total is accepted when it equals the replayed total or the player's previous
 *   stated total plus this line's stated score; so a single mis-scored play is reported on its
 *   line only, and a wrong score field with a right total (`-- +0`) is reported as the score;
 * - challenge lines and time penalties count as stated; a positive challenge bonus must go to
 *   the player whose play is the last one standing;
 * - end of game: going-out points `(TILES) +N` may be 2× the tiles' value (modern convention)
 *   or 1× with a `TILES (TILES) -N` line for each opponent (old convention, like the FISE own-
 *   rack rule E-05), never both; own-rack lines must subtract exactly the tiles' value.
 * Racks in records are often partial, so tiles played that the stated rack lacks are warnings.
 * A record of a game that cannot have been played is refused (IMPOSSIBLE_RECORD): more tiles of
 * a letter than the set has, more tiles placed, or stated in a rack, than a rack holds, an
 * exchange the bag could not fund (X-01…X-03), a turn after a player went out with the bag
 * empty (E-01), an own-rack line with nobody out and too few scoreless turns for any end rule
 * (E-02, E-03). The bag is counted
 * as a game would: each player holds a full rack while the bag has tiles, then what is left.
 * Rack size and exchange limit come from the record's `#atril-rules` when it has them, else 7
 * and the tile set's practice (1 tile for Spanish, X-02; 7 otherwise, FORMAT.md §6).
 */
import { SQUARES, emptyBoard } from '../board.js';
import { type Result, err, ok } from '../result.js';
import { type RulesError, rulesFromPreset } from '../rules.js';
import type { PlaceMove, Placement } from '../move.js';
import {
  type GcgEvent,
  type GcgParseResult,
  type GcgParsed,
  type GcgRecord,
  parseGcg,
} from './gcg.js';
import { formatCoord } from './coords.js';
import { CLAIM_PRAGMA, RESIGN_PRAGMA, RULES_PRAGMA } from './gameRecord.js';
import {
  type PlacementErrorCode,
  STANDARD_SCORING,
  applyPlacement,
  evaluatePlacement,
  placementOf,
} from '../placement.js';
import {
  BLANK,
  EMPTY,
  ENGLISH,
  SPANISH,
  type TileSet,
  emptyRack,
  fullDistribution,
  isBlank,
  letterOf,
  rackToTiles,
  tileSetById,
  tilesValue,
  tilesToGcg,
  tilesToWord,
} from '../tiles.js';

/** One event line, replayed. */
export interface ReplayMove {
  /** 1-based number of the event in the record. */
  readonly turn: number;
  /** 1-based file line, when known. */
  readonly line: number | null;
  /** Index into the record's players. */
  readonly player: number;
  readonly kind: GcgEvent['kind'];
  /** GCG coordinate of a play (or of the play a withdrawal takes back); null otherwise. */
  readonly coord: string | null;
  /** The action in GCG notation: `N.RCISOS`, `-EHV`, `-`, `--`, `(challenge)`, `(BPS)`, `(time)`. */
  readonly word: string;
  /** The score the replay gives this event. */
  readonly score: number;
  /** The score the record states. */
  readonly stated: number;
  /** The player's replayed running total after the event. */
  readonly total: number;
  /** The running total the record states. */
  readonly statedTotal: number;
  /** Words formed by a play, spelled out (main word first). */
  readonly words: readonly string[];
  readonly bingo: boolean;
  /** No mismatch on this line. */
  readonly ok: boolean;
}

/** What disagrees on a line. */
export type MismatchKind =
  | 'SCORE' // the stated score is not what the board gives
  | 'TOTAL' // the running total is neither the replayed one nor the file's own sum
  | 'WITHDRAW_PLAYER' // `--` names a player other than the one whose play it takes back
  | 'WITHDRAW_AMOUNT' // `--` takes back an amount other than the play's stated score
  | 'NOTHING_TO_WITHDRAW' // `--` with no play on the board to take back
  | 'CHALLENGE_PLAYER' // a challenge bonus for a player whose play is not the one standing last
  | 'END_RACK' // going-out points neither 1× nor 2× the value of the tiles listed
  | 'END_PENALTY_MISSING' // 1× going-out points without the opponent's own-rack line
  | 'END_PENALTY_EXTRA'; // 2× going-out points and an own-rack line too: counted twice

export interface ReplayMismatch {
  readonly turn: number;
  readonly line: number | null;
  readonly kind: MismatchKind;
  /** What the record says (a number, or a nick). */
  readonly stated: number | string;
  /** What the replay finds. */
  readonly computed: number | string;
}

/** Oddities that do not affect scores. */
export type WarningKind =
  | 'RACK_LACKS_TILES' // tiles played or exchanged the stated rack lacks
  | 'BAD_PLAYER_PRAGMA'; // `#atril-resign`/`#atril-claim` naming no player it can (`pragma`)

export interface ReplayWarning {
  readonly turn: number;
  readonly line: number | null;
  readonly kind: WarningKind;
  /** The tiles concerned, in GCG notation (RACK_LACKS_TILES). */
  readonly tiles?: string;
  /** The pragma as written, `#atril-claim 3` (BAD_PLAYER_PRAGMA). */
  readonly pragma?: string;
  /**
   * What is wrong with it (BAD_PLAYER_PRAGMA): it names no player of the record, names the one
   * who resigned as the claimer, or claims with no resignation to claim.
   */
  readonly fault?: 'NO_SUCH_PLAYER' | 'CLAIMS_OWN' | 'NO_RESIGNATION';
}

/** A word that the word judge rejected. */
export interface InvalidWord {
  readonly turn: number;
  readonly line: number | null;
  readonly word: string;
  /** The play was withdrawn later (a phony that was challenged off). */
  readonly withdrawn: boolean;
}

export interface PlayerTotal {
  readonly player: number;
  readonly nick: string;
  /** Last running total the record states for the player (null: the player has no line). */
  readonly stated: number | null;
  readonly computed: number;
  readonly ok: boolean;
}

export interface ReplayFinal {
  readonly players: readonly PlayerTotal[];
  /**
   * How the record ends: someone went out, own-rack penalties only, a player reached the
   * target score (V-02, no rack adjustment), a player resigned (Atril's `#atril-resign`
   * pragma: GCG has no line for it), or it just stops.
   */
  readonly ending: 'out' | 'penalties' | 'target' | 'resign' | 'none';
  /** The player who reached the target (`target`) or resigned (`resign`), else null. */
  readonly endedBy: number | null;
  /**
   * Who claimed the game from `endedBy`, away from the table on their turn (Atril's
   * `#atril-claim` pragma beside `#atril-resign`); null for a resignation of one's own.
   */
  readonly claimedBy: number | null;
  /** End-of-game convention used by the going-out line(s). */
  readonly convention: '2x' | '1x' | null;
  /**
   * When a player went out: the tiles on the board plus the leftover tiles listed must be
   * exactly the full tile set (FORMAT.md §5.7). `missing`/`extra` in GCG notation.
   */
  readonly pool: {
    readonly checked: boolean;
    readonly ok: boolean;
    readonly missing: string;
    readonly extra: string;
  };
}

export interface ReplayReport {
  /** Every line matches and every final total agrees. */
  readonly ok: boolean;
  readonly tileSet: string;
  readonly moves: readonly ReplayMove[];
  readonly mismatches: readonly ReplayMismatch[];
  readonly warnings: readonly ReplayWarning[];
  /** Whether words were judged (a judge was given). */
  readonly wordsChecked: boolean;
  readonly invalidWords: readonly InvalidWord[];
  readonly final: ReplayFinal;
  /** The board at the end. */
  readonly board: Uint8Array;
}

/** Why a record describes a game that cannot have been played. */
export type ImpossibleRecordReason =
  | 'TOO_MANY_TILES' // board and stated rack hold more of a tile than the set has (`tiles`)
  | 'RACK_OVERFLOW' // more tiles placed or exchanged (`count`) than the rack holds (`held`)
  | 'RACK_TOO_LONG' // a stated rack of more tiles (`count`) than the rack holds (`held`)
  | 'EXCHANGE_BAG_TOO_SMALL' // an exchange with `bag` tiles in the bag; it needs `needed`
  | 'MOVE_AFTER_END' // a turn after a player went out with the bag empty, or reached the target
  | 'EARLY_RACK_PENALTY'; // an own-rack line after `count` scoreless turns; an end needs `needed`

/** Why a record cannot be replayed at all. */
export interface ReplayError {
  readonly code:
    | 'IMPOSSIBLE_MOVE'
    | 'IMPOSSIBLE_RECORD'
    | 'UNKNOWN_TILE_SET'
    | 'UNSUPPORTED_BOARD'
    | 'BAD_RULES'; // `#atril-rules` is not valid rules (`rules` says why)
  /** For BAD_RULES: what is wrong with the record's rules. */
  readonly rules?: RulesError;
  /** For IMPOSSIBLE_RECORD: what cannot have happened, and its figures. */
  readonly impossible?: ImpossibleRecordReason;
  readonly tiles?: string;
  readonly count?: number;
  readonly held?: number;
  readonly bag?: number;
  readonly needed?: number;
  /** For UNSUPPORTED_BOARD: the layout the record names. */
  readonly text?: string;
  readonly turn?: number;
  readonly line?: number | null;
  /** For IMPOSSIBLE_MOVE: the placement rule broken (SQUARE_OCCUPIED, GAP, NOT_CONNECTED …). */
  readonly reason?: PlacementErrorCode;
  readonly square?: number;
}

export type ReplayResult = Result<ReplayReport, ReplayError>;

export interface ReplayOptions {
  /** File line of each event (`parseGcg(...).lines`), used in reports. */
  readonly lines?: readonly number[];
  /** Judges a word given as letter codes (blank flags removed); words are not checked without it. */
  readonly isWord?: (letters: readonly number[]) => boolean;
}

// Names records give the standard 15×15 board (Macondo, MAGPIE).
const STANDARD_LAYOUTS = new Set(['standard15', 'standard', 'crosswordgame']);

interface Standing {
  readonly turn: number;
  readonly player: number;
  readonly coord: string;
  readonly squares: readonly number[];
  readonly computed: number;
  readonly stated: number;
  withdrawn: boolean;
  /** The words of this play the judge rejected, to mark them withdrawn with it. */
  readonly invalid: InvalidWord[];
  /** Tiles placed, and how many of them the bag replaced: a withdrawal gives both back. */
  readonly placed: number;
  readonly drew: number;
  /** The scoreless and pass runs before this play, which a withdrawal continues (E-02). */
  readonly runsBefore: readonly [number, number];
}

/** The settings a record's own rules give for checking it is possible. */
interface RecordRules {
  readonly rackSize: number;
  readonly exchangeMinBag: number;
  /** E-02 passes per player, E-03 scoreless turns, V-03 unchanged turns; null when off. */
  readonly passesToEnd: number | null;
  readonly scorelessTurnsToEnd: number | null;
  readonly blockedTurnsToEnd: number | null;
  readonly targetScore: number | null;
  /**
   * Whether a failed challenge costs the challenger their turn (`double`), written as a pass
   * line after the last play: yes in an Atril record whose rules say so, no in one whose rules
   * say otherwise, and allowed (unknown) in another program's record.
   */
  readonly lostTurns: boolean;
}

// Macondo and MAGPIE end any game after six scoreless turns (FORMAT.md §5.5); FISE after every
// player passes twice (E-02). A record without Atril's rules may have ended either way.
const FOREIGN_SCORELESS_END = 6;

// A record's own rules from `#atril-rules`, checked by the rules constructor: Atril writes them
// whole; a partial object (`{"rackSize":9}`) overrides the named preset, fise by default.
function recordRules(record: GcgRecord, set: TileSet): Result<RecordRules, RulesError> {
  const foreign: RecordRules = {
    rackSize: 7,
    exchangeMinBag: set.id === 'spanish' ? 1 : 7,
    passesToEnd: 2,
    scorelessTurnsToEnd: FOREIGN_SCORELESS_END,
    blockedTurnsToEnd: null,
    targetScore: null,
    lostTurns: true,
  };
  const text = record.pragmas.find((x) => x.name === RULES_PRAGMA)?.value;
  if (text === undefined) return ok(foreign);
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return err({ code: 'NOT_AN_OBJECT', value: text });
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    return err({ code: 'NOT_AN_OBJECT', value: text });
  const { preset = 'fise', ...overrides } = v as Record<string, unknown>;
  const rules = rulesFromPreset(preset, overrides);
  if (!rules.ok) return rules;
  const { rackSize, exchangeMinBag, passesToEnd, scorelessTurnsToEnd, blockedTurnsToEnd } =
    rules.value;
  return ok({
    rackSize,
    exchangeMinBag,
    passesToEnd,
    scorelessTurnsToEnd,
    blockedTurnsToEnd,
    targetScore: rules.value.targetScore,
    lostTurns: rules.value.challengeMode === 'double',
  });
}

/**
 * Reads a game record to replay it (`parseGcg`), settling the tile set of one that names none.
 * Such a record is read as Spanish when its letters are Spanish tiles; but English records
 * often name no set either, and without K or W their letters are Spanish tiles too. The two sets
 * score alike but for the Q (5 points, 10 in English) and differ in how many of each tile there
 * are, so the record is replayed both ways, and read as English only when that fits it better:
 * fewer scores or totals that disagree, or a game that could not have been played in Spanish
 * (a second Y, more I than the set has, a final tally that is not the Spanish bag).
 */
export function parseGcgRecord(bytes: Uint8Array): GcgParseResult {
  const spanish = parseGcg(bytes);
  if (!spanish.ok || !spanish.value.tileSetGuessed || spanish.value.record.tileSet !== SPANISH.id)
    return spanish;
  const english = parseGcg(bytes, { unnamedAs: ENGLISH });
  if (!english.ok) return spanish;
  return misfit(english.value) < misfit(spanish.value) ? english : spanish;
}

// How badly a record fits its tile set: what disagrees when it is replayed, or Infinity when
// it cannot be replayed at all.
function misfit(parsed: GcgParsed): number {
  const r = replayRecord(parsed.record, { lines: parsed.lines });
  if (!r.ok) return Infinity;
  const { mismatches, final } = r.value;
  return (
    mismatches.length +
    final.players.filter((p) => !p.ok).length +
    (final.pool.checked && !final.pool.ok ? 1 : 0)
  );
}

/** Replays a record on the standard board and checks every stated score and total. */
export function replayRecord(record: GcgRecord, opts: ReplayOptions = {}): ReplayResult {
  const set = tileSetById(record.tileSet);
  if (!set) return err({ code: 'UNKNOWN_TILE_SET' });
  const layout = record.pragmas.find((x) => x.name.toLowerCase() === 'board-layout')?.value;
  if (layout !== undefined && !STANDARD_LAYOUTS.has(layout.toLowerCase()))
    return err({ code: 'UNSUPPORTED_BOARD', text: layout });
  const board = emptyBoard();
  const n = record.players.length;
  const computed = new Array<number>(n).fill(0);
  const statedPrev = new Array<number>(n).fill(0);
  const hasLine = new Array<boolean>(n).fill(false);
  const moves: ReplayMove[] = [];
  const mismatches: ReplayMismatch[] = [];
  const warnings: ReplayWarning[] = [];
  // Racks in records are often partial: tiles a stated rack lacks are a warning, not an error.
  const warnIfLacking = (
    turn: number,
    line: number | null,
    rack: readonly number[],
    used: readonly number[],
  ): void => {
    const lacking = missingFrom(set, rack, used);
    if (lacking.length)
      warnings.push({ turn, line, kind: 'RACK_LACKS_TILES', tiles: tilesToGcg(set, lacking, '?') });
  };
  const invalidWords: InvalidWord[] = [];
  // The most recent placement: what a `--` takes back and a challenge bonus rewards. Kept as
  // the replay goes, so records of many challenge or withdrawal lines replay in linear time.
  let lastPlaced: Standing | undefined;
  const full = fullDistribution(set);
  const rulesRead = recordRules(record, set);
  if (!rulesRead.ok) return err({ code: 'BAD_RULES', rules: rulesRead.error });
  const rules = rulesRead.value;
  // What the game must have been like: tiles in the bag, on each rack, and the scoreless and
  // pass runs (a withdrawn play counts as a pass, an exchange breaks the pass run, E-02).
  let bag = Math.max(0, set.size - n * rules.rackSize);
  const held = new Array<number>(n).fill(Math.min(rules.rackSize, Math.floor(set.size / n)));
  let scoreless = 0;
  let passes = 0;
  // The play that ended the game (E-01, V-02) while it stands; only challenge, withdrawal and
  // end-of-game lines may follow it.
  let ender: Standing | undefined;
  // Whether `ender` reached the target score (V-02) rather than going out.
  let enderOnTarget = false;
  const lostTurns = new Set<number>();
  const refuse = (
    turn: number,
    line: number | null,
    impossible: ImpossibleRecordReason,
    data: Omit<ReplayError, 'code' | 'impossible' | 'turn' | 'line'> = {},
  ): ReplayResult => err({ code: 'IMPOSSIBLE_RECORD', impossible, turn, line, ...data });
  const endRacks: { turn: number; line: number | null; player: number; value: number }[] = [];
  const penalised = new Set<number>();
  /** The tiles the own-rack lines subtracted. */
  const penaltyTiles: number[] = [];
  const penaltyTurns: { turn: number; line: number | null; player: number }[] = [];
  let convention: '2x' | '1x' | null = null;
  const endTiles: number[] = [];

  for (let i = 0; i < record.events.length; i++) {
    const ev = record.events[i]!;
    const turn = i + 1;
    const line = opts.lines?.[i] ?? null;
    const p = ev.player;
    const before = mismatches.length;
    const flag = (kind: MismatchKind, stated: number | string, comp: number | string): void => {
      mismatches.push({ turn, line, kind, stated, computed: comp });
    };
    let score = 0;
    let coord: string | null = null;
    let word = '';
    let words: string[] = [];
    let bingo = false;
    let owner = p; // whose replayed total this event changes

    // E-06: the last play may still be challenged, and in `double` mode a failed challenge is
    // the challenger's lost turn, a pass line (FORMAT.md §3): one per opponent, nothing else.
    const lostTurn =
      rules.lostTurns &&
      ev.kind === 'pass' &&
      ender !== undefined &&
      ev.player !== ender.player &&
      !lostTurns.has(p);
    if (lostTurn) lostTurns.add(p);
    else if (ender && (ev.kind === 'place' || ev.kind === 'exchange' || ev.kind === 'pass'))
      return refuse(turn, line, 'MOVE_AFTER_END');
    if (ev.kind === 'place' || ev.kind === 'exchange' || ev.kind === 'pass') {
      const over = overflowingTiles(board, full, ev.rack);
      if (over.length)
        return refuse(turn, line, 'TOO_MANY_TILES', { tiles: tilesToGcg(set, over, '?') });
    }

    // What the player's rack held before this turn: a stated rack may be partial, never longer.
    const heldBefore = held[p]!;
    switch (ev.kind) {
      case 'place': {
        coord = formatCoord(ev);
        const tiles = ev.tiles.map((t, k) => {
          const sq = squareAt(ev, k);
          // Older writers spell played-through letters out: a letter on an occupied square
          // holding that same letter is played through.
          if (t !== EMPTY && sq >= 0 && board[sq] !== EMPTY && letterOf(board[sq]!) === letterOf(t))
            return EMPTY;
          return t;
        });
        const move: PlaceMove = { kind: 'place', row: ev.row, col: ev.col, dir: ev.dir, tiles };
        const placing = placementOf(board, move);
        if (!placing.ok) return impossible(turn, line, placing.error.code, placing.error.square);
        const placed = placing.value;
        const evaluated = evaluatePlacement(board, placed, set, STANDARD_SCORING);
        if (!evaluated.ok)
          return impossible(turn, line, evaluated.error.code, evaluated.error.square);
        const result = evaluated.value;
        if (placed.length > held[p]!)
          return refuse(turn, line, 'RACK_OVERFLOW', { count: placed.length, held: held[p]! });
        word = tilesToGcg(set, tiles);
        words = result.words.map((w) => tilesToWord(set, w.tiles));
        bingo = result.bingo;
        score = result.score;
        if (ev.rack.length > 0) {
          const used = placed.map((x) => (isBlank(x.tile) ? BLANK : x.tile));
          warnIfLacking(turn, line, ev.rack, used);
        }
        applyPlacement(board, placed);
        const over = overflowingTiles(board, full, []);
        if (over.length)
          return refuse(turn, line, 'TOO_MANY_TILES', { tiles: tilesToGcg(set, over, '?') });
        const drew = Math.min(bag, placed.length);
        bag -= drew;
        held[p]! += drew - placed.length;
        const standing: Standing = {
          turn,
          player: p,
          coord,
          squares: placed.map((x) => x.square),
          computed: score,
          stated: ev.score,
          withdrawn: false,
          invalid: [],
          placed: placed.length,
          drew,
          runsBefore: [scoreless, passes],
        };
        lastPlaced = standing;
        // A play worth nothing (blanks alone) is a scoreless turn for E-03, as in reduce.ts.
        scoreless = score === 0 ? scoreless + 1 : 0;
        passes = 0;
        const target = rules.targetScore;
        const out = bag === 0 && held[p] === 0;
        if (out || (target !== null && computed[p]! + score >= target)) {
          ender = standing;
          enderOnTarget = !out;
        }
        if (opts.isWord) {
          for (const w of result.words) {
            if (!opts.isWord(w.tiles.map(letterOf))) {
              const bad = { turn, line, word: tilesToWord(set, w.tiles), withdrawn: false };
              invalidWords.push(bad);
              standing.invalid.push(bad);
            }
          }
        }
        if (score !== ev.score) flag('SCORE', ev.score, score);
        break;
      }
      case 'withdraw': {
        word = '--';
        const last = lastPlaced;
        if (!last || last.withdrawn) {
          flag('NOTHING_TO_WITHDRAW', ev.score, 0);
          break;
        }
        last.withdrawn = true;
        for (const sq of last.squares) board[sq] = EMPTY;
        bag += last.drew;
        held[last.player]! += last.placed - last.drew;
        scoreless = last.runsBefore[0] + 1;
        passes = last.runsBefore[1] + 1;
        if (ender === last) {
          ender = undefined;
          lostTurns.clear();
        }
        for (const w of last.invalid) (w as { withdrawn: boolean }).withdrawn = true;
        coord = last.coord;
        owner = last.player;
        score = -last.computed;
        if (last.player !== p)
          flag('WITHDRAW_PLAYER', record.players[p]!.nick, record.players[last.player]!.nick);
        if (ev.score !== -last.stated) flag('WITHDRAW_AMOUNT', ev.score, -last.stated);
        break;
      }
      case 'pass':
      case 'exchange': {
        word =
          ev.kind === 'pass' ? '-' : `-${ev.tiles ? tilesToGcg(set, ev.tiles, '?') : ev.count}`;
        if (ev.kind === 'exchange' && ev.tiles && ev.rack.length > 0) {
          warnIfLacking(turn, line, ev.rack, ev.tiles);
        }
        if (ev.kind === 'exchange') {
          if (ev.count > held[p]!)
            return refuse(turn, line, 'RACK_OVERFLOW', { count: ev.count, held: held[p]! });
          const needed = Math.max(rules.exchangeMinBag, ev.count); // X-01…X-03
          if (bag < needed) return refuse(turn, line, 'EXCHANGE_BAG_TOO_SMALL', { bag, needed });
          scoreless++;
          passes = 0;
        } else {
          scoreless++;
          passes++;
        }
        if (ev.score !== 0) flag('SCORE', ev.score, 0);
        break;
      }
      case 'challengeBonus': {
        word = '(challenge)';
        score = ev.score;
        // A bonus (positive) rewards the play just challenged. Zero or negative amounts are
        // what Atril writes for a failed challenge on the challenger (gameRecord.ts).
        const last = lastPlaced;
        if (ev.score > 0 && (!last || last.withdrawn || last.player !== p))
          flag(
            'CHALLENGE_PLAYER',
            record.players[p]!.nick,
            last && !last.withdrawn ? record.players[last.player]!.nick : '',
          );
        break;
      }
      case 'timePenalty':
        word = '(time)';
        score = ev.score;
        break;
      case 'endRack': {
        word = `(${tilesToGcg(set, ev.tiles, '?')})`;
        const v = tilesValue(set, ev.tiles);
        endTiles.push(...ev.tiles);
        endRacks.push({ turn, line, player: p, value: v });
        if (ev.score === 2 * v) {
          score = 2 * v;
          if (v > 0) convention ??= '2x';
        } else if (ev.score === v) {
          score = v;
          if (v > 0) convention ??= '1x';
        } else {
          score = convention === '1x' ? v : 2 * v;
          flag('END_RACK', ev.score, score);
        }
        break;
      }
      case 'rackPenalty': {
        // Own racks are counted when the game ended by passes or scoreless turns (E-02, E-03,
        // V-03), or, in the old 1× convention, when someone went out.
        if (!ender && endRacks.length === 0) {
          const needed = [
            rules.passesToEnd !== null ? rules.passesToEnd * n : Infinity,
            rules.scorelessTurnsToEnd ?? Infinity,
            rules.blockedTurnsToEnd !== null && bag < rules.exchangeMinBag
              ? rules.blockedTurnsToEnd
              : Infinity,
          ];
          if (passes < needed[0]! && scoreless < Math.min(needed[1]!, needed[2]!))
            return refuse(turn, line, 'EARLY_RACK_PENALTY', {
              count: scoreless,
              needed: Math.min(...needed),
            });
        }
        word = `(${tilesToGcg(set, ev.tiles, '?')})`;
        score = -tilesValue(set, ev.tiles);
        penalised.add(p);
        penaltyTiles.push(...ev.tiles);
        penaltyTurns.push({ turn, line, player: p });
        if (ev.score !== score) flag('SCORE', ev.score, score);
        break;
      }
    }
    // After the move's own checks, so that a move of too many tiles is said as such.
    if (
      (ev.kind === 'place' || ev.kind === 'exchange' || ev.kind === 'pass') &&
      ev.rack.length > heldBefore
    )
      return refuse(turn, line, 'RACK_TOO_LONG', { count: ev.rack.length, held: heldBefore });

    computed[owner]! += score;
    const total = computed[p]!;
    if (ev.total !== total && ev.total !== statedPrev[p]! + ev.score)
      flag('TOTAL', ev.total, total);
    statedPrev[p] = ev.total;
    hasLine[p] = true;
    moves.push({
      turn,
      line,
      player: p,
      kind: ev.kind,
      coord,
      word,
      score,
      stated: ev.score,
      total,
      statedTotal: ev.total,
      words,
      bingo,
      ok: mismatches.length === before,
    });
  }

  // The old convention needs an own-rack line from every opponent of the player who went out,
  // unless what they held was worth nothing (a blank alone): the tiles counted going out less
  // those the own-rack lines subtracted are theirs.
  if (convention === '1x') {
    for (const er of endRacks) {
      const left = er.value - tilesValue(set, penaltyTiles);
      if (left <= 0) continue;
      for (let q = 0; q < n; q++) {
        if (q === er.player || penalised.has(q)) continue;
        mismatches.push({
          turn: er.turn,
          line: er.line,
          kind: 'END_PENALTY_MISSING',
          stated: record.players[q]!.nick,
          computed: -left,
        });
        const m = moves[er.turn - 1]!;
        moves[er.turn - 1] = { ...m, ok: false };
      }
    }
  }

  // The modern convention already charges the opponent: an own-rack line on top counts twice.
  if (convention === '2x') {
    for (const pt of penaltyTurns) {
      mismatches.push({
        turn: pt.turn,
        line: pt.line,
        kind: 'END_PENALTY_EXTRA',
        stated: record.events[pt.turn - 1]!.score,
        computed: 0,
      });
      const m = moves[pt.turn - 1]!;
      moves[pt.turn - 1] = { ...m, ok: false };
    }
  }
  mismatches.sort((a, b) => a.turn - b.turn);

  const resigned = playerPragma(record, RESIGN_PRAGMA);
  const resignOk = resigned >= 0 && resigned < n;
  const ending: ReplayFinal['ending'] = endRacks.length
    ? 'out'
    : penalised.size
      ? 'penalties'
      : ender && enderOnTarget
        ? 'target'
        : resignOk
          ? 'resign'
          : 'none';
  const endedBy = ending === 'target' ? ender!.player : ending === 'resign' ? resigned : null;
  // Atril's end pragmas that name nobody they can: said, and left out of the ending.
  const claimer = playerPragma(record, CLAIM_PRAGMA);
  const claimOk = resignOk && claimer >= 0 && claimer < n && claimer !== resigned;
  const claimedBy = ending === 'resign' && claimOk ? claimer : null;
  const claimFault = !resignOk
    ? 'NO_RESIGNATION'
    : claimer < 0 || claimer >= n
      ? 'NO_SUCH_PLAYER'
      : 'CLAIMS_OWN';
  for (const [name, ok, fault] of [
    [RESIGN_PRAGMA, resignOk, 'NO_SUCH_PLAYER'],
    [CLAIM_PRAGMA, claimOk, claimFault],
  ] as const) {
    const p = record.pragmas.find((x) => x.name === name);
    if (p && !ok)
      warnings.push({
        turn: record.events.length,
        line: null,
        kind: 'BAD_PLAYER_PRAGMA',
        pragma: `#${name} ${p.value}`,
        fault,
      });
  }
  const pool = endRacks.length
    ? poolCheck(set, board, endTiles, full)
    : { checked: false, ok: true, missing: '', extra: '' };
  const players: PlayerTotal[] = record.players.map((pl, q) => {
    const stated = hasLine[q] ? statedPrev[q]! : null;
    return {
      player: q,
      nick: pl.nick,
      stated,
      computed: computed[q]!,
      ok: (stated ?? 0) === computed[q],
    };
  });
  const allMatch = mismatches.length === 0 && players.every((x) => x.ok) && pool.ok;
  return ok({
    ok: allMatch,
    tileSet: set.id,
    moves,
    mismatches,
    warnings,
    wordsChecked: opts.isWord !== undefined,
    invalidWords,
    final: { players, ending, endedBy, claimedBy, convention, pool },
    board,
  });
}

function impossible(
  turn: number,
  line: number | null,
  reason: PlacementErrorCode,
  square?: number,
): ReplayResult {
  const error: ReplayError =
    square === undefined
      ? { code: 'IMPOSSIBLE_MOVE', turn, line, reason }
      : { code: 'IMPOSSIBLE_MOVE', turn, line, reason, square };
  return err(error);
}

function squareAt(ev: Omit<Placement, 'tiles'>, k: number): number {
  const r = ev.dir === 'V' ? ev.row + k : ev.row;
  const c = ev.dir === 'H' ? ev.col + k : ev.col;
  return r < 15 && c < 15 ? r * 15 + c : -1;
}

// Tiles in `used` (BLANK for a blank) beyond what `rack` holds.
function missingFrom(set: TileSet, rack: readonly number[], used: readonly number[]): number[] {
  const counts = emptyRack(set);
  for (const t of rack) counts[isBlank(t) ? BLANK : t]!++;
  const lacking: number[] = [];
  for (const t of used) {
    const c = isBlank(t) ? BLANK : t;
    if (counts[c]! > 0) counts[c]!--;
    else lacking.push(c);
  }
  return lacking;
}

function boardCounts(board: Uint8Array, size: number): Uint8Array {
  const counts = new Uint8Array(size);
  for (let sq = 0; sq < SQUARES; sq++) {
    const t = board[sq]!;
    if (t === EMPTY) continue;
    counts[isBlank(t) ? BLANK : t]!++;
  }
  return counts;
}

// Tiles of which the board plus a stated rack hold more than the set has.
function overflowingTiles(board: Uint8Array, full: Uint8Array, rack: readonly number[]): number[] {
  const counts = boardCounts(board, full.length);
  for (const t of rack) counts[isBlank(t) ? BLANK : t]!++;
  const out: number[] = [];
  for (let c = 0; c < full.length; c++) if (counts[c]! > full[c]!) out.push(c);
  return out;
}

function poolCheck(
  set: TileSet,
  board: Uint8Array,
  leftover: readonly number[],
  full: Uint8Array,
): ReplayFinal['pool'] {
  const counts = boardCounts(board, full.length);
  for (const t of leftover) counts[isBlank(t) ? BLANK : t]!++;
  const missing = emptyRack(set);
  const extra = emptyRack(set);
  for (let c = 0; c < full.length; c++) {
    const d = counts[c]! - full[c]!;
    if (d < 0) missing[c] = -d;
    if (d > 0) extra[c] = d;
  }
  const m = rackToTiles(missing);
  const x = rackToTiles(extra);
  return {
    checked: true,
    ok: m.length === 0 && x.length === 0,
    missing: tilesToGcg(set, m, '?'),
    extra: tilesToGcg(set, x, '?'),
  };
}

// The 0-based player an Atril pragma names (1-based in the record); -1 when absent or not a number.
function playerPragma(record: GcgRecord, name: string): number {
  const text = record.pragmas.find((x) => x.name === name)?.value;
  return text !== undefined && /^\d+$/.test(text) ? Number(text) - 1 : -1;
}
