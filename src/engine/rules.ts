/**
 * The rules configuration of a game (RULES.md §12, DESIGN.md §3): a plain, serialisable object
 * stored with the game. A game's rules are a preset (`fise`, `caja`, `sala`) plus variants
 * (`rackSize: 9`, `targetScore`) and overrides, combined with `makeRules`.
 */
import { STANDARD_SCORING, type ScoringRules } from './placement.js';
import { type TileSet, tileSetById } from './tiles.js';

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
export const DEFAULT_CHALLENGE_PENALTY = 5;

/**
 * Builds rules from a preset plus variants and overrides; `rackSize: 9` keeps bingoTiles 7.
 * Choosing the `penalty` mode without a `challengePenalty` gives DEFAULT_CHALLENGE_PENALTY:
 * the presets' 0 would make it the free `single` challenge.
 */
export function makeRules(preset: PresetName = 'fise', overrides: Partial<Rules> = {}): Rules {
  const rules = { ...PRESETS[preset], ...overrides, preset };
  if (rules.challengeMode === 'penalty' && overrides.challengePenalty === undefined)
    rules.challengePenalty = DEFAULT_CHALLENGE_PENALTY;
  return Object.freeze(rules);
}

/** Why a rules object cannot be used. */
export interface RulesProblem {
  readonly code: 'BAD_RULES';
  readonly field: keyof Rules;
}

/** Checks a rules object (e.g. read from storage or the wire); undefined when usable. */
export function checkRules(rules: Rules): RulesProblem | undefined {
  const bad = (field: keyof Rules): RulesProblem => ({ code: 'BAD_RULES', field });
  if (!tileSetById(rules.tileSet)) return bad('tileSet');
  if (!Number.isInteger(rules.rackSize) || rules.rackSize < 1 || rules.rackSize > 15)
    return bad('rackSize');
  if (!Number.isInteger(rules.bingoTiles) || rules.bingoTiles < 1) return bad('bingoTiles');
  if (!Number.isInteger(rules.exchangeMinBag) || rules.exchangeMinBag < 1)
    return bad('exchangeMinBag');
  if (!['single', 'double', 'penalty', 'automatic', 'void'].includes(rules.challengeMode))
    return bad('challengeMode');
  if (!Number.isInteger(rules.challengePenalty) || rules.challengePenalty < 0)
    return bad('challengePenalty');
  if (rules.targetScore !== null && !(rules.targetScore > 0)) return bad('targetScore');
  if (rules.clock && !(rules.clock.minutesPerPlayer > 0)) return bad('clock');
  return undefined;
}

/** The tile set named by the rules (throws on an unknown id: check with `checkRules` first). */
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

/** A one-line Spanish summary of the rules, for the clients. */
export function describeRules(rules: Rules): string {
  const parts = [
    `reglas ${rules.preset}`,
    `atril de ${rules.rackSize}`,
    MODE_ES[rules.challengeMode],
  ];
  if (
    rules.challengePenalty > 0 &&
    (rules.challengeMode === 'penalty' || rules.challengeMode === 'automatic')
  )
    parts.push(`${rules.challengePenalty} puntos de penalización`);
  if (rules.targetScore !== null) parts.push(`fin de línea a ${rules.targetScore} puntos`);
  if (rules.clock) parts.push(`reloj de ${rules.clock.minutesPerPlayer} minutos por jugador`);
  return parts.join(', ');
}
