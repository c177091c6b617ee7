/**
 * The rules configuration of a game (RULES.md §12, DESIGN.md §3): a plain, serialisable object
 * stored with the game. A game's rules are a preset (`fise`, `caja`, `sala`) plus variants
 * (`rackSize: 9`, `targetScore`) and overrides, combined with `makeRules`.
 */
import { STANDARD_SCORING, type ScoringRules } from './placement.js';
import { type Result, err, ok } from './result.js';
import { type TileSet, allTileSets, tileSetById } from './tiles.js';
import { isRecord, own, shown } from './untrusted.js';

/**
 * How invalid words are dealt with (RULES.md §12, superseding C-04/C-05):
 * - `single`: the next player may challenge the last play; a failed challenge costs nothing.
 * - `double`: a failed challenge costs the challenger their next turn.
 * - `penalty`: a failed challenge costs the challenger `challengePenalty` points.
 * - `automatic`: every play is checked on submission; an invalid one is taken back, the turn is
 *   lost (counted as a pass) and `challengePenalty` points (possibly 0) are deducted.
 * - `void`: checked on submission; an invalid play is refused and the player tries again.
 */
export type ChallengeMode = 'single' | 'double' | 'penalty' | 'automatic' | 'void';

/** The named presets of RULES.md §12. */
export type PresetName = 'fise' | 'caja' | 'sala';

/** Every setting of a game's rules. */
export interface Rules {
  /** The preset these rules started from (informative; the fields below are authoritative). */
  readonly preset: PresetName;
  /** Tile set id, as in `#tile-distribution` ("spanish"). */
  readonly tileSet: string;
  /** G-03 / V-01: tiles per rack (7, or 9 in "9 fichas"). */
  readonly rackSize: number;
  /** S-07 / V-01: fewest tiles from the rack that earn the bonus (7 in both variants). */
  readonly bingoTiles: number;
  readonly bingoBonus: number;
  /** G-02: `draw` (tile closest to A starts, blank first) or `seat` (seat 0 starts). */
  readonly firstPlayer: 'draw' | 'seat';
  /** fewest tiles the bag must hold for an exchange (1 fise/caja, 8 sala). */
  readonly exchangeMinBag: number;
  readonly challengeMode: ChallengeMode;
  /** Points lost by a failed challenger (`penalty`) or an invalid play (`automatic`). */
  readonly challengePenalty: number;
  /** Whether `challengePenalty` counts once per challenge or once per word of the play. */
  readonly challengePenaltyPer: 'challenge' | 'word';
  /** E-02: passes per player in a row that end the game (2), or null when the rule is off. */
  readonly passesToEnd: number | null;
  /** E-03: consecutive scoreless turns on a non-empty board that end the game (12), or null. */
  readonly scorelessTurnsToEnd: number | null;
  /** V-03: turns in a row leaving the board unchanged, with the bag unable to fund an exchange. */
  readonly blockedTurnsToEnd: number | null;
  /**
   * E-05: `standard` (everyone subtracts their rack, whoever went out adds the others' racks)
   * or `naspa` (whoever went out adds twice the others' racks, nobody subtracts).
   */
  readonly endRackScoring: 'standard' | 'naspa';
  /** E-07: `draw`, or `preAdjustment` (caja: the higher score before E-05 wins a tie). */
  readonly tieBreak: 'draw' | 'preAdjustment';
  /** TM-01/TM-02: chess clock per player and the penalty per started minute over; null = off. */
  readonly clock: { readonly minutesPerPlayer: number; readonly penaltyPerMinute: number } | null;
  /** V-02 "Fin de línea": the game ends when a player reaches this score; null = off. */
  readonly targetScore: number | null;
}

/** A game's rule set for words: is this tile sequence (no blank flags) a word? */
export interface WordJudge {
  isWord(tiles: ArrayLike<number>): boolean;
}

const FISE: Rules = Object.freeze({
  preset: 'fise',
  tileSet: 'spanish',
  rackSize: 7,
  bingoTiles: 7,
  bingoBonus: 50,
  firstPlayer: 'draw',
  exchangeMinBag: 1,
  challengeMode: 'single',
  challengePenalty: 0,
  challengePenaltyPer: 'challenge',
  passesToEnd: 2,
  scorelessTurnsToEnd: 12,
  blockedTurnsToEnd: null,
  endRackScoring: 'standard',
  tieBreak: 'draw',
  clock: null,
  targetScore: null,
});

/** The presets of RULES.md §12, exactly as its table. */
export const PRESETS: Readonly<Record<PresetName, Rules>> = Object.freeze({
  fise: FISE,
  caja: Object.freeze({
    ...FISE,
    preset: 'caja',
    scorelessTurnsToEnd: null,
    tieBreak: 'preAdjustment',
  }),
  sala: Object.freeze({
    ...FISE,
    preset: 'sala',
    exchangeMinBag: 8,
    challengeMode: 'automatic',
    passesToEnd: null,
    scorelessTurnsToEnd: null,
    blockedTurnsToEnd: 3,
  }),
} as const satisfies Record<PresetName, Rules>);

/** The FISE tournament clock option (TM-01, TM-02): 25 minutes each, −10 per started minute. */
export const TOURNAMENT_CLOCK = Object.freeze({ minutesPerPlayer: 25, penaltyPerMinute: 10 });

/** Points a failed challenge costs in `penalty` mode when none is given (C-05: 5 or 10). */
const DEFAULT_CHALLENGE_PENALTY = 5;

/**
 * Builds rules from a preset plus variants and overrides; `rackSize: 9` keeps bingoTiles 7.
 * Choosing the `penalty` mode without a `challengePenalty` gives DEFAULT_CHALLENGE_PENALTY:
 * the presets' 0 would make it the free `single` challenge. For the program's own settings:
 * invalid ones are a programming error and throw; untrusted input goes through `rulesFromPreset`
 * or `validateRules`.
 */
export function makeRules(preset: PresetName = 'fise', overrides: Partial<Rules> = {}): Rules {
  const r = rulesFromPreset(preset, overrides);
  if (!r.ok) throw new Error(`invalid rules: ${JSON.stringify(r.error)}`);
  return r.value;
}

/** How one field of a rules object is wrong. */
export type RulesProblemCode =
  | 'MISSING_FIELD' // the field is absent
  | 'UNKNOWN_FIELD' // a field that rules do not have
  | 'WRONG_TYPE' // e.g. the text "7" where a whole number goes
  | 'OUT_OF_RANGE' // a whole number outside [min, max]
  | 'NOT_ALLOWED'; // a value outside the field's list (`allowed`)

/** What a field holds: a whole number, one of a list of words, or the clock object. */
export type RulesValueKind = 'integer' | 'word' | 'object';

/** One invalid field: its code, its name (`clock.minutesPerPlayer` inside the clock) and data. */
export interface RulesProblem {
  readonly code: RulesProblemCode;
  /** The field's name; for UNKNOWN_FIELD, the name as given. */
  readonly field: string;
  /** WRONG_TYPE: what the field must hold; `nullable` when null (rule off) is allowed too. */
  readonly expected?: RulesValueKind;
  readonly nullable?: boolean;
  /** OUT_OF_RANGE: the bounds, inclusive. */
  readonly min?: number;
  readonly max?: number;
  /** NOT_ALLOWED: the values the field accepts. */
  readonly allowed?: readonly string[];
  /** The value given, as JSON text (absent for MISSING_FIELD). */
  readonly value?: string;
}

/** Why a rules object (or a preset name plus overrides) cannot be used. */
export type RulesError =
  | { readonly code: 'NOT_AN_OBJECT'; readonly value: string } // not a JSON object at all
  /** `value`: the name as given. */
  | { readonly code: 'UNKNOWN_PRESET'; readonly value: string; readonly allowed: readonly string[] }
  | { readonly code: 'INVALID_RULES'; readonly problems: readonly RulesProblem[] };

// What each field accepts. Typed over every key of Rules, so a new field without a check does
// not compile.
type FieldSpec =
  | {
      readonly kind: 'integer';
      readonly min: number;
      readonly max: number;
      readonly nullable?: true;
    }
  | { readonly kind: 'word'; readonly allowed: readonly string[] }
  | { readonly kind: 'clock' };

/** The largest rack any rules allow: "9 fichas" (V-01). */
export const MAX_RACK_SIZE = 9;

/** Largest number of points a bonus or penalty may be: a typo is caught rather than played. */
const MAX_POINTS = 1000;
/** Largest turn count of an end rule (E-02, E-03, V-03). */
const MAX_TURNS = 100;

/** Every challenge mode, in the order help texts list them. */
export const CHALLENGE_MODES: readonly ChallengeMode[] = [
  'single',
  'double',
  'penalty',
  'automatic',
  'void',
];

const FIELDS: { readonly [K in keyof Rules]-?: FieldSpec } = {
  preset: { kind: 'word', allowed: Object.keys(PRESETS) },
  tileSet: { kind: 'word', allowed: allTileSets().map((t) => t.id) },
  rackSize: { kind: 'integer', min: 2, max: MAX_RACK_SIZE }, // P-04: an opening needs two tiles
  bingoTiles: { kind: 'integer', min: 1, max: MAX_RACK_SIZE }, // and at most rackSize (below)
  bingoBonus: { kind: 'integer', min: 0, max: MAX_POINTS },
  firstPlayer: { kind: 'word', allowed: ['draw', 'seat'] },
  exchangeMinBag: { kind: 'integer', min: 1, max: 100 },
  challengeMode: { kind: 'word', allowed: CHALLENGE_MODES },
  challengePenalty: { kind: 'integer', min: 0, max: MAX_POINTS },
  challengePenaltyPer: { kind: 'word', allowed: ['challenge', 'word'] },
  passesToEnd: { kind: 'integer', min: 1, max: MAX_TURNS, nullable: true },
  scorelessTurnsToEnd: { kind: 'integer', min: 1, max: MAX_TURNS, nullable: true },
  blockedTurnsToEnd: { kind: 'integer', min: 1, max: MAX_TURNS, nullable: true },
  endRackScoring: { kind: 'word', allowed: ['standard', 'naspa'] },
  tieBreak: { kind: 'word', allowed: ['draw', 'preAdjustment'] },
  clock: { kind: 'clock' },
  targetScore: { kind: 'integer', min: 1, max: 100_000, nullable: true },
};

/** TM-01: the clock's fields (minutes up to ten hours, penalty points per started minute). */
const CLOCK_FIELDS = {
  minutesPerPlayer: { kind: 'integer', min: 1, max: 600 },
  penaltyPerMinute: { kind: 'integer', min: 0, max: MAX_POINTS },
} as const satisfies Record<keyof NonNullable<Rules['clock']>, FieldSpec>;

// Every problem of the fields of `input` against `fields`, field names prefixed by `prefix`.
function fieldProblems(
  input: Record<string, unknown>,
  fields: Readonly<Record<string, FieldSpec>>,
  prefix: string,
): RulesProblem[] {
  const problems: RulesProblem[] = [];
  for (const key of Object.keys(input))
    if (!own(fields, key))
      problems.push({ code: 'UNKNOWN_FIELD', field: prefix + key, value: shown(input[key]) });
  for (const [key, spec] of Object.entries(fields)) {
    const field = prefix + key;
    if (!own(input, key)) {
      problems.push({ code: 'MISSING_FIELD', field });
      continue;
    }
    const v = input[key];
    const value = shown(v);
    if (spec.kind === 'word') {
      if (typeof v !== 'string' || !spec.allowed.includes(v))
        problems.push({ code: 'NOT_ALLOWED', field, allowed: spec.allowed, value });
    } else if (spec.kind === 'integer') {
      if (v === null && spec.nullable) continue;
      if (typeof v !== 'number' || !Number.isInteger(v))
        problems.push({
          code: 'WRONG_TYPE',
          field,
          expected: 'integer',
          ...(spec.nullable && { nullable: true }),
          value,
        });
      else if (v < spec.min || v > spec.max)
        problems.push({ code: 'OUT_OF_RANGE', field, min: spec.min, max: spec.max, value });
    } else if (v !== null) {
      if (!isRecord(v))
        problems.push({ code: 'WRONG_TYPE', field, expected: 'object', nullable: true, value });
      else problems.push(...fieldProblems(v, CLOCK_FIELDS, `${field}.`));
    }
  }
  return problems;
}

/**
 * Checks a rules object from outside the program (a stored game, a `#atril-rules` pragma, the
 * wire): every field present, of its type and in its range, no unknown field. Returns the rules
 * (a frozen copy) or every invalid field, each with a code and its data.
 */
export function validateRules(input: unknown): Result<Rules, RulesError> {
  if (!isRecord(input)) return err({ code: 'NOT_AN_OBJECT', value: shown(input) });
  const problems = fieldProblems(input, FIELDS, '');
  const { rackSize, bingoTiles } = input;
  if (
    typeof rackSize === 'number' &&
    typeof bingoTiles === 'number' &&
    !problems.some((p) => p.field === 'rackSize' || p.field === 'bingoTiles') &&
    bingoTiles > rackSize
  )
    problems.push({
      code: 'OUT_OF_RANGE',
      field: 'bingoTiles',
      min: 1,
      max: rackSize,
      value: shown(bingoTiles),
    });
  if (problems.length) return err({ code: 'INVALID_RULES', problems });
  const rules = { ...input } as unknown as Rules;
  return ok(Object.freeze({ ...rules, clock: rules.clock && Object.freeze({ ...rules.clock }) }));
}

/**
 * Rules from a preset name and overrides, both from outside the program (a command line, a
 * request): the name must be a preset's own name, and the result is checked by `validateRules`.
 * Choosing the `penalty` mode without a `challengePenalty` gives DEFAULT_CHALLENGE_PENALTY.
 */
export function rulesFromPreset(
  preset: unknown,
  overrides: unknown = {},
): Result<Rules, RulesError> {
  const presets = Object.keys(PRESETS);
  if (typeof preset !== 'string' || !presets.includes(preset))
    return err({ code: 'UNKNOWN_PRESET', value: String(preset), allowed: presets });
  if (!isRecord(overrides)) return err({ code: 'NOT_AN_OBJECT', value: shown(overrides) });
  const merged: Record<string, unknown> = {
    ...PRESETS[preset as PresetName],
    ...overrides,
    preset,
  };
  if (merged.challengeMode === 'penalty' && !own(overrides, 'challengePenalty'))
    merged.challengePenalty = DEFAULT_CHALLENGE_PENALTY;
  return validateRules(merged);
}

/** The tile set named by the rules (throws on an unknown id: rules from `validateRules` have none). */
export function tileSetOf(rules: Rules): TileSet {
  const set = tileSetById(rules.tileSet);
  if (!set) throw new Error(`unknown tile set ${rules.tileSet}`);
  return set;
}

/** The scoring parameters placement.ts needs. */
export function scoringOf(rules: Rules): ScoringRules {
  if (rules.bingoTiles === STANDARD_SCORING.bingoTiles && rules.bingoBonus === 50)
    return STANDARD_SCORING;
  return { bingoTiles: rules.bingoTiles, bingoBonus: rules.bingoBonus };
}

/** True in the modes where a play stands until someone challenges it (C-01). */
export function isChallengeable(rules: Rules): boolean {
  return (
    rules.challengeMode === 'single' ||
    rules.challengeMode === 'double' ||
    rules.challengeMode === 'penalty'
  );
}

const MODE_ES: Record<ChallengeMode, string> = {
  single: 'impugnación libre',
  double: 'impugnación doble (quien impugna sin razón pierde el turno)',
  penalty: 'impugnación con penalización',
  automatic: 'comprobación automática',
  void: 'las jugadas no válidas se rechazan',
};

// The presets by the names the web lobby gives them, not by their codes on the command line.
const PRESET_ES: Record<PresetName, string> = {
  fise: 'reglas FISE (torneo)',
  caja: 'reglas de la caja',
  sala: 'reglas de la sala en línea',
};

/** A one-line Spanish summary of the rules, for the clients. */
export function describeRules(rules: Rules): string {
  const parts = [
    PRESET_ES[rules.preset],
    `atril de ${rules.rackSize}`,
    MODE_ES[rules.challengeMode],
  ];
  if (
    rules.challengePenalty > 0 &&
    (rules.challengeMode === 'penalty' || rules.challengeMode === 'automatic')
  )
    parts.push(`${rules.challengePenalty} puntos de penalización`);
  if (rules.targetScore !== null)
    parts.push(
      `fin de línea a ${rules.targetScore} ${rules.targetScore === 1 ? 'punto' : 'puntos'}`,
    );
  if (rules.clock) {
    const m = rules.clock.minutesPerPlayer;
    parts.push(`reloj de ${m} ${m === 1 ? 'minuto' : 'minutos'} por jugador`);
  }
  return parts.join(', ');
}

/**
 * How long a seated player must have been away from the table before, on their turn, the
 * others may claim the game (apply.ts: a `ResignMove` with `claimedBy`). The rooms keep the
 * clock of presence, the engine none. Two minutes: well past a reload or a dropped
 * connection, short enough that nobody waits long at a dead table.
 */
export const CLAIM_AFTER_MS = 120_000;
