/**
 * The chat's own rate limit (issue 11 §3), besides the connection's frame limit: a person may
 * say a few lines in a while in each room, whatever the number of connections, clients or
 * server processes they go through, so nobody floods a table's conversation. The lines are
 * counted where they are stored (Store.addChatWithin), the one place every process shares.
 */
import type { ChatRate } from '../store/index.js';

export type { ChatRate };

/** Five lines per ten seconds: a quick exchange passes, a flood does not. */
export const DEFAULT_CHAT_RATE: ChatRate = { lines: 5, perMs: 10_000 };
