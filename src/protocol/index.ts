/**
 * Messages between a game and its clients (DESIGN.md §1): zod schemas with the types inferred
 * from them. A receiver parses what arrives with the schema (`clientViewSchema.safeParse`,
 * `clientActionSchema.safeParse`); a sender builds a view with `clientView`.
 */
export {
  type ClientView,
  type ClockBase,
  type HistoryRecord,
  type ResultInfo,
  type SeatInfo,
  type TableFacts,
  clientView,
  clientViewSchema,
  historyEntrySchema,
  endReasonSchema,
} from './view.js';
export { type ClientAction, clientActionSchema, engineAction } from './actions.js';
export { AWAY_GRACE_MS, RECONNECT_MAX_MS, REOPEN_GRACE_MS, rulesSchema } from './common.js';

/** The protocol's version: a client and a server with different versions do not talk. */
export const PROTOCOL_VERSION = 1;
export {
  type BotLevelName,
  type ClientMessage,
  type LobbyGame,
  type MyGame,
  type SeatRequest,
  type ServerErrorCode,
  type ServerMessage,
  MAX_CHAT_LENGTH,
  MAX_NAME_LENGTH,
  SERVER_ERROR_CODES,
  botLevelSchema,
  chatTextSchema,
  clientMessageSchema,
  gcgPath,
  httpErrorSchema,
  lobbyGameSchema,
  nameSchema,
  serverMessageSchema,
} from './messages.js';
export {
  type GameReview,
  type ReviewTurn,
  gameReviewSchema,
  reviewPath,
  reviewTurnSchema,
} from './review.js';
