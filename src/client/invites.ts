/**
 * The invitations of a room, as its maker's client keeps them (the server stores only their
 * hashes): which of them still wait for their invitees.
 */

/** A room's invitation tokens by seat. */
export type InviteTokens = readonly { readonly seat: number; readonly token: string }[];

/**
 * The invitations among `tokens` whose seats still wait for their invitees in `game` (a view,
 * or a listed game): seats without a name, while the game goes on.
 */
export function waitingInvites(
  tokens: InviteTokens,
  game: { readonly phase: string; readonly seats: readonly { readonly name: string }[] },
): InviteTokens {
  return game.phase === 'over' ? [] : tokens.filter((t) => game.seats[t.seat]?.name === '');
}
