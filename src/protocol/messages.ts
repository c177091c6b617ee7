/**
 * The envelopes a client and the server exchange over one WebSocket (DESIGN.md §5, issue 11
 * §4): every frame is one JSON object told apart by `type`, parsed with these schemas on
 * arrival. Objects are strict (an unknown field makes a frame invalid) and every string is
 * bounded, so nothing oversized reaches the rooms. Errors carry stable codes and data only;
 * clients word them.
 */
import { z } from 'zod';
import { clientActionSchema } from './actions.js';
import { type DeepReadonly, MAX_SEATS, count, seat as seatNumber } from './common.js';
import { clientViewSchema } from './view.js';

/** Longest display name, in characters. */
export const MAX_NAME_LENGTH = 40;
/** Longest chat line, in characters. */
export const MAX_CHAT_LENGTH = 500;
/** Longest token accepted on the wire (tokens are 47 characters; anything longer is not one). */
const MAX_TOKEN_LENGTH = 64;
/** Longest game id accepted (ids are 16 characters). */
const MAX_ID_LENGTH = 32;

// Control characters (U+0000–U+001F, U+007F) have no place in a name or a chat line: a
// terminal would interpret them, and PostgreSQL text cannot hold U+0000.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NO_CONTROLS = /^[^\u0000-\u001f\u007f]*$/;

const token = z.string().min(1).max(MAX_TOKEN_LENGTH);
const gameId = z.string().min(1).max(MAX_ID_LENGTH);
/** A display name: 1–40 characters, no control characters, not only spaces. */
export const nameSchema = z
  .string()
  .min(1)
  .max(MAX_NAME_LENGTH)
  .regex(NO_CONTROLS)
  .refine((s) => s.trim().length > 0);
/** A chat line: plain text, 1–500 characters, no control characters. */
export const chatTextSchema = z
  .string()
  .min(1)
  .max(MAX_CHAT_LENGTH)
  .regex(NO_CONTROLS)
  .refine((s) => s.trim().length > 0);

/**
 * The computer opponents' levels, weakest first (src/ai/bots.ts): the one list every client
 * offers (`botLevelSchema.options`).
 */
export const botLevelSchema = z.enum(['principiante', 'aficionado', 'experto', 'campeon']);
/** A bot level as the protocol names it. */
export type BotLevelName = z.output<typeof botLevelSchema>;

/** One seat of a new game: anyone may take it, an invited person, or a bot of a level. */
export const seatRequestSchema = z.union([
  z.literal('open'),
  z.literal('invite'),
  z.strictObject({ bot: botLevelSchema }),
]);

/** The clock a creator may ask for, in minutes per player (TM-01). */
export const CLOCK_MINUTES = { min: 1, max: 180 } as const;
/** The target score a creator may ask for (Fin de línea). */
export const TARGET_SCORE = { min: 1, max: 10_000 } as const;

/**
 * Rule variants a creator may choose on top of the preset (V-01 rack of 9, a target score);
 * the server checks the whole result with the engine's rules validation.
 */
export const variantsSchema = z.strictObject({
  rackSize: z.int().min(1).max(15).optional(),
  targetScore: z.int().min(TARGET_SCORE.min).max(TARGET_SCORE.max).nullable().optional(),
});

/** Every frame a client may send. */
export const clientMessageSchema = z.discriminatedUnion('type', [
  /** Must be the first frame: the protocol version, and who the client is (or a new player). */
  z.strictObject({
    type: z.literal('hello'),
    protocol: z.int(),
    token: token.optional(),
    name: nameSchema.optional(),
  }),
  /** A new game; the creator sits at its first seat that is not a bot's. */
  z.strictObject({
    type: z.literal('create'),
    preset: z.enum(['fise', 'caja', 'sala']),
    variants: variantsSchema.optional(),
    seats: z.array(seatRequestSchema).min(2).max(MAX_SEATS),
    challengeMode: z.enum(['single', 'double', 'penalty', 'automatic', 'void']).optional(),
    /** TM-01: minutes per player; absent for an untimed game. */
    clockMinutes: z.int().min(CLOCK_MINUTES.min).max(CLOCK_MINUTES.max).optional(),
    lexicon: z.string().min(1).max(40).optional(),
  }),
  /**
   * Enter a game's room: with an invitation's seat token to play that seat, with `seat` to
   * take an open one, with neither to watch (or to come back to a seat already held).
   */
  z.strictObject({
    type: z.literal('join'),
    gameId,
    seatToken: token.optional(),
    seat: z
      .int()
      .min(0)
      .max(MAX_SEATS - 1)
      .optional(),
  }),
  /** An action for the seat this socket holds in the game (resigning is an action too). */
  z.strictObject({ type: z.literal('act'), gameId, action: clientActionSchema }),
  z.strictObject({ type: z.literal('chat'), gameId, text: chatTextSchema }),
  /**
   * Stop receiving a room's frames. A seat held stays this player's: `join` with the game id
   * (no token needed, the player's own is enough) brings it back. Answered with `left`.
   */
  z.strictObject({ type: z.literal('leave'), gameId }),
  /**
   * After a game is over, a seated player asks for another with the same seats, rules and
   * lexicon (a new bag). Every member of the old game's room then receives `rematch`; asking
   * again, by anyone, answers the same new game.
   */
  z.strictObject({ type: z.literal('rematch'), gameId }),
  /** Receive the lobby: one `lobby` frame now, then `lobbyGame` whenever a game changes. */
  z.strictObject({ type: z.literal('subscribeLobby') }),
  /** Stop receiving lobby frames. */
  z.strictObject({ type: z.literal('unsubscribeLobby') }),
  /**
   * The games in which this player (the hello's token) holds a seat, those not over and the
   * last finished: `myGames`.
   */
  z.strictObject({ type: z.literal('listMyGames') }),
]);

/** A frame as a client sends it. */
export type ClientMessage = DeepReadonly<z.output<typeof clientMessageSchema>>;
/** A seat as requested in `create`. */
export type SeatRequest = DeepReadonly<z.output<typeof seatRequestSchema>>;

/**
 * The stable codes of `error` frames. Besides these, an `act` can be refused with any of the
 * engine's GameErrorCode values (NOT_YOUR_TURN, STALE_VERSION, …), with the engine's data.
 */
export const SERVER_ERROR_CODES = [
  'BAD_JSON', // the frame is not JSON text
  'BAD_MESSAGE', // JSON, but not a valid message (data.issues: where)
  'HELLO_FIRST', // the first frame was not hello; the connection closes
  'PROTOCOL_MISMATCH', // hello with another protocol version (data.expected); closes
  'ALREADY_WELCOMED', // a second hello
  'UNKNOWN_PLAYER', // a token no player has; closes
  'TOO_MANY_NEW_PLAYERS', // hello without a token: this address made its new players for now (data.retryMinutes); closes
  'INVALID_RULES', // create: the rules do not validate (data: the engine's RulesError)
  'UNKNOWN_LEXICON', // create: a lexicon the server does not have (data.allowed)
  'TOO_MANY_GAMES', // create: the player has data.limit unfinished games with bots already
  'NO_SUCH_GAME',
  'BAD_SEAT_TOKEN', // join: the token opens no seat of this game
  'SEAT_TAKEN', // join: another player holds the seat
  'SEAT_NOT_OPEN', // join: that seat is a bot's or needs an invitation
  'ALREADY_SEATED', // join: the player holds another seat of the game (data.seat: that one)
  'NOT_IN_GAME', // act, chat or leave in a game this socket has not joined (data.frame: chat or leave for those)
  'NOT_SEATED', // act or rematch as someone who holds no seat of the game (data.frame: rematch for that)
  'GAME_NOT_OVER', // rematch (data.frame: rematch) or GCG download of a game still being played
  'CHAT_TOO_FAST', // more chat lines than a room allows in a while (data.retryMs; data.frame: chat)
  'RATE_LIMITED', // too many frames, this one dropped (data.frame: its type, and its gameId); repeated abuse closes the connection
  'SERVER_ERROR', // something failed on the server; nothing was changed (data.frame: the frame's type; after a hello the connection closes, 1011)
] as const;
/** A server-side error code (see SERVER_ERROR_CODES). */
export type ServerErrorCode = (typeof SERVER_ERROR_CODES)[number];

const dataSchema = z.record(z.string(), z.unknown());

/** One seat as the lobby shows it: who sits there, never a token or a rack. */
export const lobbySeatSchema = z.strictObject({
  /** The player's or bot's name; empty while nobody holds the seat. */
  name: z.string(),
  /** The bot's level, null for a person's seat. */
  bot: botLevelSchema.nullable(),
  /** Anyone may take it now (`join` with `seat`): an open seat nobody holds. */
  free: z.boolean(),
});

/**
 * A game as the lobby lists it: enough to choose a table to sit at or to watch. Scores are
 * the running ones (the final ones once over); nothing in it is secret.
 */
export const lobbyGameSchema = z.strictObject({
  gameId: z.string(),
  preset: z.enum(['fise', 'caja', 'sala']),
  challengeMode: z.enum(['single', 'double', 'penalty', 'automatic', 'void']),
  /** TM-01 minutes per player; null for an untimed game. */
  clockMinutes: count.nullable(),
  /** V-01: 7, or 9 for «9 fichas». */
  tilesEach: count,
  /** V-02 (Fin de línea): the target score; null without one. */
  targetScore: count.nullable(),
  lexicon: z.string(),
  seats: z.array(lobbySeatSchema).min(2).max(MAX_SEATS),
  /** The seat to act; null once over. */
  turn: seatNumber.nullable(),
  scores: z.array(z.int()),
  /** As in a view; a game `over` is announced once and then leaves the lobby. */
  phase: z.enum(['playing', 'final-challenge', 'over']),
  /** The state version, so a client can drop an update older than what it shows. */
  version: count,
  /**
   * Once over: who won (E-07; more than one for a draw), when it ended by a resignation, who
   * resigned and who claimed it from them (null when they gave up themselves), and when it
   * ended (`at`, milliseconds since the epoch on the server's clock; absent when not known).
   */
  end: z
    .strictObject({
      winners: z.array(seatNumber),
      resigned: seatNumber.nullable(),
      claimedBy: seatNumber.nullable(),
      at: z.int().nonnegative().optional(),
    })
    .optional(),
});

/** One of the player's own unfinished games, with the seat the player holds in it. */
export const myGameSchema = lobbyGameSchema.extend({ seat: seatNumber });

/** Every frame the server sends. */
export const serverMessageSchema = z.discriminatedUnion('type', [
  /** The player's id and name; `token` only when the player was just created (keep it). */
  z.strictObject({
    type: z.literal('welcome'),
    playerId: z.string(),
    name: z.string(),
    token: z.string().optional(),
  }),
  /** A game was created: its id and, per invited seat, the token for its invitation link. */
  z.strictObject({
    type: z.literal('created'),
    gameId: z.string(),
    inviteTokens: z.array(z.strictObject({ seat: count, token: z.string() })),
  }),
  /** This socket's projection of a game, sent on join and after every change. */
  z.strictObject({ type: z.literal('view'), gameId: z.string(), view: clientViewSchema }),
  /** An action of this socket was committed; the game is now at `version`. */
  z.strictObject({ type: z.literal('ack'), gameId: z.string(), version: count }),
  z.strictObject({
    type: z.literal('error'),
    code: z.string(),
    gameId: z.string().optional(),
    data: dataSchema.optional(),
  }),
  /** A chat line of a room: the sender's name, plain text, milliseconds since the epoch. */
  z.strictObject({
    type: z.literal('chat'),
    gameId: z.string(),
    from: z.string(),
    text: z.string(),
    at: z.int(),
  }),
  /** This socket left the game's room (answer to `leave`): no more frames of it. */
  z.strictObject({ type: z.literal('left'), gameId: z.string() }),
  /**
   * The game `gameId` is over and its players asked for another: `newGameId`, same seats,
   * rules and lexicon. The people seated before hold the same seats there (`join` it). Sent
   * to the old game's room, and to its other people in the lobby; `by`, the name of who
   * asked, when the game was made just now (absent when it is pointed to again: on a join of
   * the old game, or for a later request).
   */
  z.strictObject({
    type: z.literal('rematch'),
    gameId: z.string(),
    newGameId: z.string(),
    by: z.string().optional(),
  }),
  /** The lobby in full (after `subscribeLobby`): games with free seats or being played. */
  z.strictObject({ type: z.literal('lobby'), games: z.array(lobbyGameSchema) }),
  /** One game of the lobby appeared or changed; one whose phase is `over` leaves it. */
  z.strictObject({ type: z.literal('lobbyGame'), game: lobbyGameSchema }),
  /**
   * Answer to `listMyGames`: the player's games not over, most recently changed first, and
   * their last finished ones (`finished`, ten at most), the last to end first.
   */
  z.strictObject({
    type: z.literal('myGames'),
    games: z.array(myGameSchema),
    finished: z.array(myGameSchema),
  }),
]);

/** A frame as the server sends it. */
export type ServerMessage = DeepReadonly<z.output<typeof serverMessageSchema>>;
/** A game as the lobby lists it. */
export type LobbyGame = DeepReadonly<z.output<typeof lobbyGameSchema>>;
/** One of a player's games (`myGames`). */
export type MyGame = DeepReadonly<z.output<typeof myGameSchema>>;

/** Where a finished game's GCG record is downloaded over HTTP (GET; anyone may). */
export function gcgPath(gameId: string): string {
  return `/games/${encodeURIComponent(gameId)}/gcg`;
}

/**
 * The JSON body of an HTTP error (the GCG download): NO_SUCH_GAME with 404, GAME_NOT_OVER
 * with 409.
 */
export const httpErrorSchema = z.strictObject({ code: z.string() });
