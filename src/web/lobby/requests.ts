/**
 * What the lobby's forms ask the server for (the protocol's `create`): a quick game against the
 * computer, or a room with friends from the form's fields.
 */
import {
  type BotLevelName,
  CLOCK_MINUTES,
  type SeatRequest,
  TARGET_SCORE,
} from '../../protocol/messages.js';

export type Preset = 'fise' | 'caja' | 'sala';
/** A computer opponent's level, as the protocol lists them. */
export type Level = BotLevelName;
export type ChallengeMode = 'single' | 'double' | 'penalty' | 'automatic' | 'void';

/** A new game as the lobby asks for it (the protocol's `create`, minus its type). */
export interface CreateRequest {
  readonly preset: Preset;
  readonly seats: readonly SeatRequest[];
  readonly challengeMode?: ChallengeMode;
  readonly clockMinutes?: number;
  readonly variants?: { readonly rackSize?: number; readonly targetScore?: number | null };
}

/** A created game: its id and an invitation token per invited seat. */
export interface Created {
  readonly gameId: string;
  readonly inviteTokens: readonly { readonly seat: number; readonly token: string }[];
}

/** The quick game's seats and rules: the viewer, then a bot; `void` against the computer. */
export function quickGame(level: Level, preset: Preset): CreateRequest {
  return { preset, seats: ['open', { bot: level }], challengeMode: 'void' };
}

/** A number field of the room form that does not hold what it asks for. */
export interface FieldProblem {
  readonly field: 'clock' | 'target';
  readonly min: number;
  readonly max: number;
}

// The form's limits are the protocol's own.
const LIMITS = { clock: CLOCK_MINUTES, target: TARGET_SCORE } as const;

/**
 * A room's request from the form's fields; an empty clock or target means none. A field that
 * is not a whole number within its limits («1e1», «2,5», «500» minutes) is the problem
 * returned instead, so the form says so rather than sending something else.
 */
export function roomRequest(f: {
  seats: number;
  preset: Preset;
  challenge: ChallengeMode | 'preset';
  clock: string;
  rack9: boolean;
  target: string;
  openRoom: boolean;
}):
  | { readonly ok: true; readonly value: CreateRequest }
  | { readonly ok: false; readonly error: FieldProblem } {
  const clock = wholeNumber(f.clock, LIMITS.clock);
  if (clock === undefined) return { ok: false, error: { field: 'clock', ...LIMITS.clock } };
  const target = wholeNumber(f.target, LIMITS.target);
  if (target === undefined) return { ok: false, error: { field: 'target', ...LIMITS.target } };
  const others = Array.from({ length: f.seats - 1 }, () =>
    f.openRoom ? ('open' as const) : ('invite' as const),
  );
  const variants = {
    ...(f.rack9 ? { rackSize: 9 } : {}),
    ...(target !== null ? { targetScore: target } : {}),
  };
  return {
    ok: true,
    value: {
      preset: f.preset,
      seats: ['open', ...others],
      ...(f.challenge !== 'preset' ? { challengeMode: f.challenge } : {}),
      ...(clock !== null ? { clockMinutes: clock } : {}),
      ...(Object.keys(variants).length ? { variants } : {}),
    },
  };
}

// A field's digits as a number within [min, max]; null when empty, undefined when not so.
function wholeNumber(
  text: string,
  { min, max }: { readonly min: number; readonly max: number },
): number | null | undefined {
  const t = text.trim();
  if (t === '') return null;
  if (!/^\d{1,6}$/.test(t)) return undefined;
  const n = Number(t);
  return n >= min && n <= max ? n : undefined;
}
