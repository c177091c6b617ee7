/**
 * Every Spanish sentence for every coded error (DESIGN.md §2: the engine returns codes and
 * data, the clients turn them into sentences). The terminal, the CLI commands and the web client
 * all import this one module; each table is a `Record` over its code union, so a new code
 * without a sentence does not compile.
 */
import type { RulesError, RulesProblem, RulesProblemCode } from '../engine/rules.js';

const list = (words: readonly string[]): string => words.join(', ');

const RULES_PROBLEMS: Record<RulesProblemCode, (p: RulesProblem) => string> = {
  MISSING_FIELD: (p) => `falta «${p.field}»`,
  UNKNOWN_FIELD: (p) => `«${p.field}» no es ninguna regla`,
  WRONG_TYPE: (p) =>
    `«${p.field}» debe ser ${p.expected === 'object' ? 'un objeto' : 'un número entero'}${
      p.nullable ? ' o null (regla desactivada)' : ''
    }, no ${p.value}`,
  OUT_OF_RANGE: (p) => `«${p.field}» debe estar entre ${p.min} y ${p.max}, no ${p.value}`,
  NOT_ALLOWED: (p) => `«${p.field}» debe ser ${list(p.allowed ?? [])}; no ${p.value}`,
};

/** One invalid field of a rules object: "«bingoBonus» debe ser un número entero, no "7"". */
export function rulesProblemText(p: RulesProblem): string {
  return RULES_PROBLEMS[p.code](p);
}

/** Why rules (a `#atril-rules` pragma, a preset name, a stored game's rules) are not valid. */
export function rulesErrorText(e: RulesError): string {
  switch (e.code) {
    case 'NOT_AN_OBJECT':
      return `Las reglas deben ser un objeto JSON, no ${e.value}.`;
    case 'UNKNOWN_PRESET':
      return `Reglas desconocidas: «${e.value}». Reglas: ${list(e.allowed)}.`;
    case 'INVALID_RULES':
      return `Reglas no válidas: ${e.problems.map(rulesProblemText).join('; ')}.`;
  }
}
