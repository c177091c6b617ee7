/**
 * Rematch (issue 11 §3): once a game is over, any of its seated players asks for another with
 * the same seats, rules and lexicon, and a new bag. People keep their seats (claimed for them
 * before anyone hears of the new game), bots sit again at theirs, a seat nobody held is open.
 * The old game points to the new one once (Store.linkRematch): every later request, from any
 * player or process, answers the same game.
 */
import { randomBytes } from 'node:crypto';
import type { GameRecord, NewSeat, Store } from '../store/index.js';
import { newId } from '../tokens.js';
import type { Games } from './games.js';
import type { HostedConfig } from './host.js';

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
    if (linked !== id) return { ok: true, gameId: linked, created: false };
    const config = old.config as unknown as HostedConfig;
    const seats: NewSeat[] = old.seats.map((s) => ({
      kind: s.kind === 'bot' ? 'bot' : s.playerId !== null ? 'invited' : 'open',
      botLevel: s.kind === 'bot' ? s.botLevel : null,
      inviteHash: null,
    }));
    await this.games.create({
      id,
      config: {
        rules: config.rules,
        lexicon: config.lexicon,
        seed: randomBytes(16).toString('hex'),
      },
      seats,
    });
    for (const s of old.seats) {
      if (s.kind === 'bot' || s.playerId === null) continue;
      const claimed = await this.store.claimSeat(id, s.seat, s.playerId);
      if (!claimed.ok) throw new Error(`rematch ${id}: seat ${s.seat} refused (${claimed.code})`);
    }
    return { ok: true, gameId: id, created: true };
  }
}
