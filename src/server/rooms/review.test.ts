/**
 * Expert play and the post-game review on a real server over SQLite (issue 13 §3, §5): a room
 * with a `campeon` bot, whose moves its pool computes by simulation in a worker thread, and
 * `GET /games/:id/review`, the JSON of `atril analyze --json` for a finished game — only with a
 * player's token, only once the game is over, computed once and then kept.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { reviewRecordJson } from '../../ai/reviewJson.js';
import { parseGcgText } from '../../engine/notation/gcg.js';
import { defaultLexiconPath, type Lexicon, loadDefaultLexicon } from '../../lexicon/index.js';
import { gameReviewSchema, reviewPath } from '../../protocol/index.js';
import { BotPool } from '../bots/pool.js';
import { type Client, RoomServers, goodMove, newPlayer } from '../testing/rooms.js';

let lex: Lexicon;
let bots: BotPool;
const tmp = mkdtempSync(join(tmpdir(), 'atril-review-'));
const servers = new RoomServers('sqlite', {
  tmp,
  lex: () => lex,
  pg: () => {
    throw new Error('SQLite only');
  },
});

beforeAll(() => {
  const loaded = loadDefaultLexicon();
  if (!loaded.ok) throw new Error(loaded.error.code);
  lex = loaded.value;
  // A short think for campeon keeps the test quick; its search is the real one.
  bots = new BotPool({ lexicons: { spanish: defaultLexiconPath() }, threads: 1, campeonMs: 300 });
});

afterAll(async () => {
  await servers.closeAll();
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unset when beforeAll failed
  await bots?.destroy();
  rmSync(tmp, { recursive: true, force: true });
});

/** Sends an action for the client's seat and resolves to the answer (ack or error). */
async function act(c: Client, gameId: string, action: Record<string, unknown>) {
  c.send({ type: 'act', gameId, action });
  return c.answer(gameId);
}

/** Plays the person's good moves until the history holds `moves` entries, then resigns. */
async function playThenResign(c: Client, gameId: string, seat: number, moves: number) {
  for (;;) {
    const v = await c.viewWhere(gameId, (x) => x.turn === seat || x.history.length >= moves);
    if (v.history.length >= moves) {
      expect(await act(c, gameId, { kind: 'resign', version: v.version })).toMatchObject({
        type: 'ack',
      });
      return c.viewWhere(gameId, (x) => x.phase === 'over');
    }
    expect(await act(c, gameId, { ...goodMove(lex, v), version: v.version })).toMatchObject({
      type: 'ack',
    });
  }
}

/** A room of two people: the first creates it, the second joins by the invitation. */
async function roomOfTwo(base: string, first: string, second: string) {
  const a = await newPlayer(base, first);
  a.c.send({ type: 'create', preset: 'fise', seats: ['open', 'invite'] });
  const created = await a.c.take('created');
  const gameId = created.gameId;
  const b = await newPlayer(base, second);
  b.c.send({ type: 'join', gameId, seatToken: created.inviteTokens[0]!.token });
  await b.c.viewAt(gameId, 0);
  return { gameId, a, b };
}

/** Both people make good moves until `moves` are made, then the first resigns. */
async function playThenFirstResigns(
  people: [Client, Client],
  gameId: string,
  moves: number,
): Promise<void> {
  let v = await people[0].viewAt(gameId, 1);
  while (v.history.length < moves) {
    const c = people[v.turn]!;
    const own = await c.viewAt(gameId, v.version);
    const answer = await act(c, gameId, { ...goodMove(lex, own), version: own.version });
    expect(answer).toMatchObject({ type: 'ack' });
    v = await people[0].viewAt(gameId, (answer as { version: number }).version);
  }
  expect(await act(people[0], gameId, { kind: 'resign', version: v.version })).toMatchObject({
    type: 'ack',
  });
  await people[0].viewWhere(gameId, (x) => x.phase === 'over');
}

/** A game two people finished: two good moves, then a resignation; with a player's token. */
async function finishedGame(base: string): Promise<{ gameId: string; token: string }> {
  const { gameId, a, b } = await roomOfTwo(base, 'Ana', 'Bruno');
  await playThenFirstResigns([a.c, b.c], gameId, 2);
  a.c.close();
  b.c.close();
  return { gameId, token: a.token };
}

describe('campeon in a room', () => {
  it('a campeon seat is offered in create, named Campeón, and moves from the pool', async () => {
    const { base, store } = await servers.start({ bots });
    const ana = await newPlayer(base, 'Ana');
    ana.c.send({ type: 'create', preset: 'fise', seats: ['open', { bot: 'campeon' }] });
    const { gameId } = await ana.c.take('created');
    const end = await playThenResign(ana.c, gameId, 0, 4);
    expect(end.seats.map((s) => [s.name, s.bot])).toEqual([
      ['Ana', false],
      ['Campeón', true],
    ]);
    // The champion played its turns (a placement or an exchange it chose, not a pass for running
    // out of time).
    const own = end.history.filter((h) => h.seat === 1);
    expect(own.length).toBeGreaterThanOrEqual(2);
    expect(own.every((h) => h.kind === 'play' || h.kind === 'exchange')).toBe(true);
    const seats = (await store.getGame(gameId))!.seats;
    expect(seats[1]).toMatchObject({ kind: 'bot', botLevel: 'campeon' });
  });
});

describe('GET /games/:id/review', () => {
  it('answers a finished game with the analyze JSON, to a player or an observer; computed once', async () => {
    const { base } = await servers.start({ bots });
    const { gameId, a: ana, b: bruno } = await roomOfTwo(base, 'Ana María', 'Bruno');
    const olga = await newPlayer(base, 'Olga'); // watches; holds no seat
    const url = `http://${base}${reviewPath(gameId)}`;
    const get = (token?: string) =>
      fetch(url, token ? { headers: { authorization: `Bearer ${token}` } } : {});

    // Never during play, not even to a player: it would show the best move on the rack.
    const during = await get(ana.token);
    expect(during.status).toBe(409);
    expect(await during.json()).toEqual({ code: 'GAME_NOT_OVER' });

    // Both people play until four moves are made, then Ana resigns.
    await playThenFirstResigns([ana.c, bruno.c], gameId, 4);

    const spy = vi.spyOn(bots, 'review');
    const first = await get(olga.token);
    expect(first.status).toBe(200);
    const review = gameReviewSchema.parse(await first.json());
    // The same JSON `atril analyze --json` gives for the game's GCG record.
    const gcg = parseGcgText(await (await fetch(`http://${base}/games/${gameId}/gcg`)).text());
    if (!gcg.ok) throw new Error(gcg.error.code);
    expect(review).toEqual(reviewRecordJson(gcg.value.record, lex.nodes, lex.set));
    expect(review.turns).toHaveLength(4);
    expect(review.players.map((p) => p.nick)).toEqual(['Ana_María', 'Bruno']);
    for (const t of review.turns) expect(t.best.length).toBeGreaterThan(0);

    // A second request, by a player this time, is answered from memory: the pool is not asked.
    const again = await get(bruno.token);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(review);
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockRestore();
  });

  it("one game's review at a time: another game's meanwhile is told to retry, then served", async () => {
    const { base } = await servers.start({ bots });
    const first = await finishedGame(base);
    const second = await finishedGame(base);
    const get = (g: { gameId: string; token: string }) =>
      fetch(`http://${base}${reviewPath(g.gameId)}`, {
        headers: { authorization: `Bearer ${g.token}` },
      });
    // The first review waits at the pool's door until the second has been asked for.
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const review = bots.review.bind(bots);
    const spy = vi.spyOn(bots, 'review').mockImplementationOnce(async (...args) => {
      await gate;
      return review(...args);
    });
    const firstAnswer = get(first);
    await vi.waitFor(() => expect(spy).toHaveBeenCalledTimes(1));
    const busy = await get(second);
    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toBe('5');
    expect(await busy.json()).toEqual({ code: 'SERVER_ERROR' });
    open();
    expect((await firstAnswer).status).toBe(200);
    const later = await get(second);
    expect(later.status).toBe(200);
    expect(gameReviewSchema.parse(await later.json()).turns).toHaveLength(2);
    spy.mockRestore();
  });

  it('refuses without a known player token, and an unknown game', async () => {
    const { base } = await servers.start({ bots });
    const ana = await newPlayer(base, 'Ana');
    ana.c.send({ type: 'create', preset: 'fise', seats: ['open', 'invite'] });
    const { gameId } = await ana.c.take('created');
    const url = `http://${base}${reviewPath(gameId)}`;
    const attempts: Record<string, string>[] = [
      {},
      { authorization: 'Bearer atp_' + 'x'.repeat(43) }, // the shape of a token nobody has
      { authorization: ana.token }, // not a bearer credential
    ];
    for (const headers of attempts) {
      const res = await fetch(url, { headers });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ code: 'UNKNOWN_PLAYER' });
    }
    const unknown = await fetch(`http://${base}${reviewPath('nope')}`, {
      headers: { authorization: `Bearer ${ana.token}` },
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ code: 'NO_SUCH_GAME' });
  });
});
