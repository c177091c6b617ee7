/**
 * Rematch (issue 11 §3): once a game is over, any of its seated players asks for another with
 * the same seats, rules and lexicon, and a new bag. People keep their seats (held from the
 * game's creation, before anyone hears of it), bots sit again at theirs, a seat nobody held is open.
 * The old game points to the new one once (Store.linkRematch): every later request, from any
 * player or process, answers the same game.
 */
import type { GameRecord, NewSeat, Store } from '../store/index.js';
import { newId } from '../tokens.js';
import type { Games } from './games.js';
import type { HostedConfig } from './host.js';

// How long, and how often, a process that lost the race for the link looks for the game.
const STARTED_WAIT_MS = 5000;
const STARTED_POLL_MS = 50;

/** The new game's id, or why there is none. */
export type RematchResult =
  | { readonly ok: true; readonly gameId: string; readonly created: boolean }
  | { readonly ok: false; readonly code: 'NO_SUCH_GAME' | 'NOT_SEATED' | 'GAME_NOT_OVER' };

/** Makes the rematches of this process, one at a time per old game. */
export class Rematches {
  private readonly making = new Map<string, Promise<RematchResult>>();

  constructor(
    private readonly store: Store,
    private readonly games: Games,
  ) {}

  /** The rematch of `gameId` asked by `playerId`: made now, or the one made before. */
  async ask(gameId: string, playerId: string): Promise<RematchResult> {
    const game = await this.store.getGame(gameId);
    if (!game) return { ok: false, code: 'NO_SUCH_GAME' };
    if (!game.seats.some((s) => s.playerId === playerId)) return { ok: false, code: 'NOT_SEATED' };
    if (game.status !== 'finished') return { ok: false, code: 'GAME_NOT_OVER' };
    if (game.rematchId !== null) return { ok: true, gameId: game.rematchId, created: false };
    let making = this.making.get(gameId);
    if (!making) {
      making = this.make(game).finally(() => this.making.delete(gameId));
      this.making.set(gameId, making);
      return making;
    }
    const made = await making;
    return made.ok ? { ...made, created: false } : made;
  }

  private async make(old: GameRecord): Promise<RematchResult> {
    const id = newId();
    // The link first: a process that loses the race makes nothing and points to the winner.
    const linked = await this.store.linkRematch(old.id, id);
    if (linked === undefined) return { ok: false, code: 'NO_SUCH_GAME' };
    if (linked !== id) {
      await this.started(linked);
      return { ok: true, gameId: linked, created: false };
    }
    const config = old.config as unknown as HostedConfig;
    // The people hold their seats from the start, in the transaction that creates the game.
    const seats: NewSeat[] = old.seats.map((s) =>
      s.kind === 'bot'
        ? { kind: 'bot', botLevel: s.botLevel, inviteHash: null }
        : s.playerId !== null
          ? { kind: 'invited', botLevel: null, inviteHash: null, playerId: s.playerId }
          : { kind: 'open', botLevel: null, inviteHash: null },
    );
    try {
      await this.games.create({
        id,
        config: {
          rules: config.rules,
          lexicon: config.lexicon,
          seed: this.games.newSeed(),
        },
        seats,
      });
    } catch (err) {
      // The old game must not point for good to a game that was never made: the next request
      // makes it again.
      await this.store.unlinkRematch(old.id, id).catch(() => {});
      throw err;
    }
    return { ok: true, gameId: id, created: true };
  }

  // Another process won the link: its game may still be being written. Answer once it has its
  // first event, so that whoever joins it finds a game to play (or after a few seconds anyway,
  // when joining says NO_SUCH_GAME and the client can ask again).
  private async started(id: string): Promise<void> {
    for (let waited = 0; waited < STARTED_WAIT_MS; waited += STARTED_POLL_MS) {
      if ((await this.store.events(id, 0)).length > 0) return;
      await new Promise((resolve) => setTimeout(resolve, STARTED_POLL_MS));
    }
  }
}
