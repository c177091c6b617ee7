/**
 * What the lobby's forms ask the server for (the protocol's `create`): a quick game against the
 * computer, or a room with friends from the form's fields.
 */
import type { BotLevelName, SeatRequest } from '../../protocol/messages.js';

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

/** A room's request from the form's fields; empty clock and target mean none. */
export function roomRequest(f: {
  seats: number;
  preset: Preset;
  challenge: ChallengeMode | 'preset';
  clock: string;
  rack9: boolean;
  target: string;
  openRoom: boolean;
}): CreateRequest {
  const others = Array.from({ length: f.seats - 1 }, () =>
    f.openRoom ? ('open' as const) : ('invite' as const),
  );
  const clock = Number.parseInt(f.clock, 10);
  const target = Number.parseInt(f.target, 10);
  const variants = {
    ...(f.rack9 ? { rackSize: 9 } : {}),
    ...(target > 0 ? { targetScore: target } : {}),
  };
  return {
    preset: f.preset,
    seats: ['open', ...others],
    ...(f.challenge !== 'preset' ? { challengeMode: f.challenge } : {}),
    ...(clock > 0 ? { clockMinutes: clock } : {}),
    ...(Object.keys(variants).length ? { variants } : {}),
  };
}
