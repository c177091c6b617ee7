import { describe, expect, it } from 'vitest';
import {
  PRESETS,
  type Rules,
  describeRules,
  type RulesProblem,
  makeRules,
  rulesFromPreset,
  validateRules,
} from './rules.js';

/** The fise preset as a stored game holds it: plain JSON. */
const stored = (): Record<string, unknown> => JSON.parse(JSON.stringify(PRESETS.fise)) as never;

/** Rules JSON with one field changed (undefined: removed). */
function withField(field: string, value: unknown): Record<string, unknown> {
  const r = stored();
  if (value === undefined) delete r[field];
  else r[field] = value;
  return r;
}

const problemsOf = (input: unknown): readonly RulesProblem[] => {
  const r = validateRules(input);
  if (r.ok) throw new Error('accepted');
  if (r.error.code !== 'INVALID_RULES') throw new Error(r.error.code);
  return r.error.problems;
};

describe('validateRules: every field of stored rules is checked (RULES.md §12)', () => {
  // One row per field and way it can be wrong: the input, then the one problem it must give.
  const rows: [string, Record<string, unknown>, RulesProblem][] = [
    ['preset not a preset', withField('preset', 'banana'), { code: 'NOT_ALLOWED', field: 'preset', allowed: ['fise', 'caja', 'sala'], value: '"banana"' }],
    ['tileSet unknown', withField('tileSet', 'klingon'), { code: 'NOT_ALLOWED', field: 'tileSet', value: '"klingon"' } as RulesProblem],
    ['rackSize below P-04 two tiles', withField('rackSize', 1), { code: 'OUT_OF_RANGE', field: 'rackSize', min: 2, max: 9, value: '1' }],
    ['rackSize as text', withField('rackSize', '7'), { code: 'WRONG_TYPE', field: 'rackSize', expected: 'integer', value: '"7"' }],
    ['rackSize not whole', withField('rackSize', 7.5), { code: 'WRONG_TYPE', field: 'rackSize', expected: 'integer', value: '7.5' }],
    ['bingoTiles zero', withField('bingoTiles', 0), { code: 'OUT_OF_RANGE', field: 'bingoTiles', min: 1, max: 9, value: '0' }],
    ['bingoTiles above the rack (S-07)', withField('bingoTiles', 8), { code: 'OUT_OF_RANGE', field: 'bingoTiles', min: 1, max: 7, value: '8' }],
    ['bingoBonus as text', withField('bingoBonus', '7'), { code: 'WRONG_TYPE', field: 'bingoBonus', expected: 'integer', value: '"7"' }],
    ['bingoBonus negative', withField('bingoBonus', -50), { code: 'OUT_OF_RANGE', field: 'bingoBonus', min: 0, max: 1000, value: '-50' }],
    ['firstPlayer unknown (G-02)', withField('firstPlayer', 'banana'), { code: 'NOT_ALLOWED', field: 'firstPlayer', allowed: ['draw', 'seat'], value: '"banana"' }],
    ['exchangeMinBag zero (X-02)', withField('exchangeMinBag', 0), { code: 'OUT_OF_RANGE', field: 'exchangeMinBag', min: 1, max: 100, value: '0' }],
    ['challengeMode unknown', withField('challengeMode', 'loud'), { code: 'NOT_ALLOWED', field: 'challengeMode', allowed: ['single', 'double', 'penalty', 'automatic', 'void'], value: '"loud"' }],
    ['challengePenalty negative', withField('challengePenalty', -5), { code: 'OUT_OF_RANGE', field: 'challengePenalty', min: 0, max: 1000, value: '-5' }],
    ['challengePenaltyPer unknown', withField('challengePenaltyPer', 'turn'), { code: 'NOT_ALLOWED', field: 'challengePenaltyPer', allowed: ['challenge', 'word'], value: '"turn"' }],
    ['passesToEnd zero (E-02)', withField('passesToEnd', 0), { code: 'OUT_OF_RANGE', field: 'passesToEnd', min: 1, max: 100, value: '0' }],
    ['passesToEnd as text', withField('passesToEnd', '2'), { code: 'WRONG_TYPE', field: 'passesToEnd', expected: 'integer', nullable: true, value: '"2"' }],
    ['scorelessTurnsToEnd zero (E-03)', withField('scorelessTurnsToEnd', 0), { code: 'OUT_OF_RANGE', field: 'scorelessTurnsToEnd', min: 1, max: 100, value: '0' }],
    ['blockedTurnsToEnd not whole (V-03)', withField('blockedTurnsToEnd', 1.5), { code: 'WRONG_TYPE', field: 'blockedTurnsToEnd', expected: 'integer', nullable: true, value: '1.5' }],
    ['endRackScoring unknown (E-05)', withField('endRackScoring', 'wespa'), { code: 'NOT_ALLOWED', field: 'endRackScoring', allowed: ['standard', 'naspa'], value: '"wespa"' }],
    ['tieBreak unknown (E-07)', withField('tieBreak', 'coin'), { code: 'NOT_ALLOWED', field: 'tieBreak', allowed: ['draw', 'preAdjustment'], value: '"coin"' }],
    ['clock a number (TM-01)', withField('clock', 25), { code: 'WRONG_TYPE', field: 'clock', expected: 'object', nullable: true, value: '25' }],
    ['clock minutes zero', withField('clock', { minutesPerPlayer: 0, penaltyPerMinute: 10 }), { code: 'OUT_OF_RANGE', field: 'clock.minutesPerPlayer', min: 1, max: 600, value: '0' }],
    ['clock penalty as text (TM-02)', withField('clock', { minutesPerPlayer: 25, penaltyPerMinute: '10' }), { code: 'WRONG_TYPE', field: 'clock.penaltyPerMinute', expected: 'integer', value: '"10"' }],
    ['clock penalty missing', withField('clock', { minutesPerPlayer: 25 }), { code: 'MISSING_FIELD', field: 'clock.penaltyPerMinute' }],
    ['clock with an unknown field', withField('clock', { minutesPerPlayer: 25, penaltyPerMinute: 10, bonus: 1 }), { code: 'UNKNOWN_FIELD', field: 'clock.bonus', value: '1' }],
    ['targetScore zero (V-02)', withField('targetScore', 0), { code: 'OUT_OF_RANGE', field: 'targetScore', min: 1, max: 100000, value: '0' }],
    ['a field missing', withField('rackSize', undefined), { code: 'MISSING_FIELD', field: 'rackSize' }],
    ['an unknown field', withField('bonusSquares', 'none'), { code: 'UNKNOWN_FIELD', field: 'bonusSquares', value: '"none"' }],
  ]; // prettier-ignore

  it.each(rows)('%s', (_, input, problem) => {
    expect(problemsOf(input)).toEqual([expect.objectContaining(problem)]);
  });

  it('the table covers every field of the rules', () => {
    const fields = new Set(rows.map(([, , p]) => p.field.split('.')[0]));
    for (const f of Object.keys(PRESETS.fise)) expect(fields).toContain(f);
  });

  it('reports every invalid field at once, not only the first', () => {
    const bad = { ...stored(), passesToEnd: 0, firstPlayer: 'banana', bingoBonus: '7' };
    expect(problemsOf(bad).map((p) => p.field)).toEqual([
      'bingoBonus',
      'firstPlayer',
      'passesToEnd',
    ]);
  });

  it.each([null, [], 'fise', 7])('a value that is not an object (%j) is refused whole', (input) => {
    expect(validateRules(input)).toEqual({
      ok: false,
      error: { code: 'NOT_AN_OBJECT', value: JSON.stringify(input) },
    });
  });

  it('accepts every preset and variant after a JSON round trip, as equal rules', () => {
    const variants: Rules[] = [
      ...Object.values(PRESETS),
      makeRules('fise', { rackSize: 9 }),
      makeRules('sala', {
        targetScore: 300,
        clock: { minutesPerPlayer: 25, penaltyPerMinute: 10 },
      }),
      makeRules('caja', { challengeMode: 'penalty' }),
    ];
    for (const rules of variants)
      expect(validateRules(JSON.parse(JSON.stringify(rules)))).toEqual({ ok: true, value: rules });
  });
});

describe('rulesFromPreset: preset names and overrides from a command line', () => {
  it('refuses names that are not presets, inherited property names included', () => {
    for (const name of ['banana', 'constructor', 'toString', 'FISE'])
      expect(rulesFromPreset(name)).toMatchObject({
        ok: false,
        error: { code: 'UNKNOWN_PRESET', value: name, allowed: ['fise', 'caja', 'sala'] },
      });
  });

  it('checks the overrides like stored rules', () => {
    expect(rulesFromPreset('fise', { bingoBonus: '7' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_RULES', problems: [{ code: 'WRONG_TYPE', field: 'bingoBonus' }] },
    });
  });

  it('C-05: the penalty mode without a penalty takes the default 5 points', () => {
    const r = rulesFromPreset('fise', { challengeMode: 'penalty' });
    expect(r.ok && r.value.challengePenalty).toBe(5);
  });

  it('makeRules throws on invalid settings: the program passed them', () => {
    expect(() => makeRules('fise', { passesToEnd: 0 })).toThrow();
  });
});

describe('describeRules', () => {
  it('names each preset in words, not by its code', () => {
    expect(describeRules(makeRules('fise'))).toBe(
      'reglas FISE (torneo), atril de 7, impugnación libre',
    );
    expect(describeRules(makeRules('caja'))).toMatch(/^reglas de la caja, atril de 7, /);
    expect(describeRules(makeRules('sala'))).toMatch(/^reglas de la sala en línea, atril de 7, /);
  });

  it('TM-01: a one-minute clock reads in the singular', () => {
    const clock = (m: number) =>
      makeRules('fise', { clock: { minutesPerPlayer: m, penaltyPerMinute: 10 } });
    expect(describeRules(clock(1))).toContain('reloj de 1 minuto por jugador');
    expect(describeRules(clock(25))).toContain('reloj de 25 minutos por jugador');
  });

  it('V-02: a target of one point reads in the singular', () => {
    expect(describeRules(makeRules('fise', { targetScore: 1 }))).toContain(
      'fin de línea a 1 punto',
    );
    expect(describeRules(makeRules('fise', { targetScore: 150 }))).toContain(
      'fin de línea a 150 puntos',
    );
  });
});
