/**
 * Room scenarios through real WebSocket clients on SQLite and on a PostgreSQL the test starts
 * (issue 11, "Done when"): a challenge in each challenge mode (RULES.md C-01…C-05), a 4-player
 * game with two bots played to the end and its rematch, leaving a room and coming back, the
 * player's own unfinished games, the lobby seeing a room appear, fill and finish, the chat's
 * rate limit, the GCG download of a finished game, and finished games let go from memory and
 * loaded again on demand.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { defaultLexiconPath, type Lexicon, loadDefaultLexicon } from '../../lexicon/index.js';
import { parseGcgText } from '../../engine/notation/gcg.js';
import type { ClientView, LobbyGame } from '../../protocol/index.js';
import { BotPool } from '../bots/pool.js';
import { startTestPostgres, type TestPostgres } from '../testing/postgres.js';
import { type Client, RoomServers, goodMove, newPlayer, returning } from '../testing/rooms.js';

let lex: Lexicon;
let pgServer: TestPostgres;
let bots: BotPool;
const tmp = mkdtempSync(join(tmpdir(), 'atril-scenarios-'));

beforeAll(async () => {
  const loaded = loadDefaultLexicon();
  if (!loaded.ok) throw new Error(loaded.error.code);
  lex = loaded.value;
  bots = new BotPool({ lexicons: { spanish: defaultLexiconPath() }, threads: 1 });
  pgServer = await startTestPostgres();
});

afterAll(async () => {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unset when beforeAll failed
  await bots?.destroy();
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unset when beforeAll failed
  await pgServer?.stop();
  rmSync(tmp, { recursive: true, force: true });
});

/** Sends an action for the client's seat and resolves to the answer (ack or error). */
async function act(c: Client, gameId: string, action: Record<string, unknown>) {
  c.send({ type: 'act', gameId, action });
  return c.answer(gameId);
}

/** Two rack tiles that do not form a word: a phony opening through the centre square. */
function phonyOpening(v: ClientView): Record<string, unknown> {
  const letters = v.rack!.filter((t) => t !== 0);
  for (const a of letters)
    for (const b of letters) {
      if (a === b && letters.filter((t) => t === a).length < 2) continue;
      if (!lex.isWord([a, b]))
        return { kind: 'place', version: v.version, row: 7, col: 7, dir: 'H', tiles: [a, b] };
    }
  throw new Error('every pair of this rack is a word');
}

describe.each(['sqlite', 'postgres'] as const)('room scenarios on %s', (backend) => {
  const servers = new RoomServers(backend, { tmp, lex: () => lex, pg: () => pgServer });
  afterAll(() => servers.closeAll());

  /** Ana creates a 2-seat game (the second by invitation) with these options; Bruno joins. */
  async function pair(base: string, options: Record<string, unknown> = {}) {
    const ana = await newPlayer(base, 'Ana');
    ana.c.send({ type: 'create', preset: 'fise', seats: ['open', 'invite'], ...options });
    const created = await ana.c.take('created');
    const gameId = created.gameId;
    const bruno = await newPlayer(base, 'Bruno');
    bruno.c.send({ type: 'join', gameId, seatToken: created.inviteTokens[0]!.token });
    await bruno.c.viewAt(gameId, 0);
    await ana.c.viewWhere(gameId, (v) => v.seats[1]!.name === 'Bruno');
    const seats = [ana, bruno];
    const v = ana.c.views.get(gameId)!;
    const [p, q] = [seats[v.turn]!, seats[1 - v.turn]!];
    return { ana, bruno, gameId, p, q, pSeat: v.turn, qSeat: 1 - v.turn };
  }

  describe('a challenge in each mode (C-01…C-05)', () => {
    it('single: a phony challenged is taken back, scores nothing, and the turn passes (C-02)', async () => {
      const { base } = await servers.start();
      const { gameId, p, q, qSeat } = await pair(base, { challengeMode: 'single' });
      const v = p.c.views.get(gameId)!;
      expect(await act(p.c, gameId, phonyOpening(v))).toMatchObject({ type: 'ack' });
      const placed = await q.c.viewAt(gameId, v.version + 1);
      expect(placed.canChallenge).toBe(true);
      expect(placed.board.some((t) => t !== 0)).toBe(true);
      expect(await act(q.c, gameId, { kind: 'challenge', version: placed.version })).toMatchObject({
        type: 'ack',
      });
      const after = await p.c.viewAt(gameId, placed.version + 1);
      expect(after.board.every((t) => t === 0)).toBe(true);
      expect(after.seats.map((s) => s.score)).toEqual([0, 0]);
      expect(after.turn).toBe(qSeat);
      expect(after.rack).toEqual(v.rack);
    });

    it('double: a failed challenge leaves the play standing and costs the challenger a turn', async () => {
      const { base } = await servers.start();
      const { gameId, p, q, pSeat, qSeat } = await pair(base, { challengeMode: 'double' });
      const v = p.c.views.get(gameId)!;
      expect(await act(p.c, gameId, { ...goodMove(lex, v), version: v.version })).toMatchObject({
        type: 'ack',
      });
      const placed = await q.c.viewAt(gameId, v.version + 1);
      const score = placed.seats[pSeat]!.score;
      expect(score).toBeGreaterThan(0);
      expect(await act(q.c, gameId, { kind: 'challenge', version: placed.version })).toMatchObject({
        type: 'ack',
      });
      const after = await p.c.viewAt(gameId, placed.version + 1);
      expect(after.seats[pSeat]!.score).toBe(score);
      expect(after.seats[qSeat]!.score).toBe(0);
      expect(after.board).toEqual(placed.board);
      // The challenger's turn, the one running, is lost: the one who played plays again.
      expect(after.turn).toBe(pSeat);
      expect(after.history.at(-1)).toMatchObject({
        kind: 'challenge',
        seat: qSeat,
        loseTurn: true,
      });
    });

    it('penalty: a failed challenge costs the challenger 5 points and the play stands', async () => {
      const { base } = await servers.start();
      const { gameId, p, q, pSeat, qSeat } = await pair(base, { challengeMode: 'penalty' });
      const v = p.c.views.get(gameId)!;
      expect(await act(p.c, gameId, { ...goodMove(lex, v), version: v.version })).toMatchObject({
        type: 'ack',
      });
      const placed = await q.c.viewAt(gameId, v.version + 1);
      const score = placed.seats[pSeat]!.score;
      expect(await act(q.c, gameId, { kind: 'challenge', version: placed.version })).toMatchObject({
        type: 'ack',
      });
      const after = await p.c.viewAt(gameId, placed.version + 1);
      expect(after.seats[pSeat]!.score).toBe(score);
      expect(after.seats[qSeat]!.score).toBe(-5);
      expect(after.turn).toBe(qSeat);
    });

    it('automatic: a phony is taken back on submission and the turn is lost (C-04)', async () => {
      const { base } = await servers.start();
      const { gameId, p, qSeat } = await pair(base, { challengeMode: 'automatic' });
      const v = p.c.views.get(gameId)!;
      expect(await act(p.c, gameId, phonyOpening(v))).toMatchObject({ type: 'ack' });
      const after = await p.c.viewAt(gameId, v.version + 1);
      expect(after.board.every((t) => t === 0)).toBe(true);
      expect(after.seats.map((s) => s.score)).toEqual([0, 0]);
      expect(after.turn).toBe(qSeat);
      expect(after.history.at(-1)?.kind).toBe('rejected');
      expect(after.canChallenge).toBe(false);
    });

    it('void: a phony is refused with its words, nothing changes, and the same player tries again', async () => {
      const { base, store } = await servers.start();
      const { gameId, p, pSeat } = await pair(base, { challengeMode: 'void' });
      const v = p.c.views.get(gameId)!;
      const stored = (await store.events(gameId)).length;
      const phony = phonyOpening(v);
      expect(await act(p.c, gameId, phony)).toMatchObject({
        type: 'error',
        code: 'INVALID_WORD',
        data: { words: [phony['tiles']] },
      });
      expect(await store.events(gameId)).toHaveLength(stored);
      expect(await act(p.c, gameId, { ...goodMove(lex, v), version: v.version })).toEqual({
        type: 'ack',
        gameId,
        version: v.version + 1,
      });
      expect((await p.c.viewAt(gameId, v.version + 1)).history.at(-1)).toMatchObject({
        kind: 'play',
        seat: pSeat,
      });
    });
  });

  it('four players, two of them bots, play to the end; the rematch seats the same people and bots', async () => {
    const { base, store } = await servers.start({ bots });
    const ana = await newPlayer(base, 'Ana');
    ana.c.send({
      type: 'create',
      preset: 'fise',
      seats: ['open', { bot: 'aficionado' }, 'invite', { bot: 'principiante' }],
    });
    const created = await ana.c.take('created');
    const gameId = created.gameId;
    expect(created.inviteTokens.map((t) => t.seat)).toEqual([2]);
    const bruno = await newPlayer(base, 'Bruno');
    bruno.c.send({ type: 'join', gameId, seatToken: created.inviteTokens[0]!.token });
    const people = new Map<number, Client>([
      [0, ana.c],
      [2, bruno.c],
    ]);
    await bruno.c.viewAt(gameId, 0);
    let moves = 0;
    let acked = 0;
    for (;;) {
      // Whoever is to act once the bots have moved: one of the people, or nobody (the end).
      const v = await ana.c.viewWhere(
        gameId,
        (x) => x.version >= acked && (x.phase === 'over' || people.has(x.turn)),
      );
      if (v.phase === 'over') break;
      const c = people.get(v.turn)!;
      const own = await c.viewAt(gameId, v.version);
      const answer = await act(c, gameId, { ...goodMove(lex, own), version: own.version });
      expect(answer).toMatchObject({ type: 'ack' });
      acked = (answer as { version: number }).version;
      moves++;
    }
    const end = ana.c.views.get(gameId)!;
    expect(end.seats.map((s) => [s.name, s.bot])).toEqual([
      ['Ana', false],
      ['Aficionado', true],
      ['Bruno', false],
      ['Principiante', true],
    ]);
    // Each bot moved (a play, an exchange or a pass) from the pool, off the event loop.
    for (const seat of [1, 3]) expect(end.history.some((h) => h.seat === seat)).toBe(true);
    expect(moves).toBeGreaterThan(3);
    expect(end.history.length).toBeGreaterThan(moves);
    expect((await bruno.c.viewAt(gameId, end.version)).result).toEqual(end.result);
    expect((await store.getGame(gameId))!.status).toBe('finished');

    bruno.c.send({ type: 'rematch', gameId });
    const [ra, rb] = await Promise.all([ana.c.take('rematch'), bruno.c.take('rematch')]);
    expect(ra).toEqual(rb);
    const next = ra.newGameId;
    ana.c.send({ type: 'join', gameId: next });
    bruno.c.send({ type: 'join', gameId: next });
    const [va, vb] = await Promise.all([ana.c.viewAt(next, 0), bruno.c.viewAt(next, 0)]);
    expect([va.seat, vb.seat]).toEqual([0, 2]);
    expect(va.seats.map((s) => [s.name, s.bot])).toEqual(end.seats.map((s) => [s.name, s.bot]));
    expect(va.rules).toEqual(end.rules);
    // A new game: the bots may have moved already (they do not wait), the people not yet.
    expect(va.history.every((h) => h.seat === 1 || h.seat === 3)).toBe(true);
    expect([va.seats[0]!.score, va.seats[2]!.score]).toEqual([0, 0]);
  });

  it('one player has at most so many unfinished games with bots; rooms of people and finished games do not count', async () => {
    const { base, store } = await servers.start({ bots, maxBotGames: 2 });
    const ana = await newPlayer(base, 'Ana');
    const vsBot = {
      type: 'create',
      preset: 'fise',
      seats: ['open', { bot: 'principiante' }],
    } as const;
    const made: string[] = [];
    for (let i = 0; i < 2; i++) {
      ana.c.send(vsBot);
      made.push((await ana.c.take('created')).gameId);
    }
    ana.c.send(vsBot);
    expect(await ana.c.take('error')).toEqual({
      type: 'error',
      code: 'TOO_MANY_GAMES',
      data: { limit: 2 },
    });
    // Someone else is not held back by Ana's games, nor is Ana from a room of people.
    const bruno = await newPlayer(base, 'Bruno');
    bruno.c.send(vsBot);
    await bruno.c.take('created');
    ana.c.send({ type: 'create', preset: 'fise', seats: ['open', 'invite'] });
    await ana.c.take('created');
    // A game over frees its place.
    await store.setGameStatus(made[0]!, 'finished');
    ana.c.send(vsBot);
    await ana.c.take('created');
    ana.c.close();
    // A game of bots alone seats its maker nowhere, and still counts as theirs.
    const botsOnly = {
      type: 'create',
      preset: 'fise',
      seats: [{ bot: 'principiante' }, { bot: 'principiante' }],
    } as const;
    // Both at once: frames are handled in order, so the first game (bots play fast) cannot
    // be over before the second is counted.
    bruno.c.send(botsOnly);
    bruno.c.send(botsOnly);
    await bruno.c.take('created');
    expect(await bruno.c.take('error')).toEqual({
      type: 'error',
      code: 'TOO_MANY_GAMES',
      data: { limit: 2 },
    });
    bruno.c.close();
  });

  it('rematch: only after the end, only by a seated player; everyone in the room is pointed to one new game', async () => {
    const { base } = await servers.start();
    const { ana, bruno, gameId } = await pair(base, { challengeMode: 'double', clockMinutes: 20 });
    const olga = await newPlayer(base, 'Olga');
    olga.c.send({ type: 'join', gameId });
    const v = await olga.c.viewAt(gameId, 0);
    ana.c.send({ type: 'rematch', gameId });
    expect(await ana.c.take('error')).toEqual({
      type: 'error',
      code: 'GAME_NOT_OVER',
      gameId,
      data: { frame: 'rematch' },
    });
    expect(await act(ana.c, gameId, { kind: 'resign', version: v.version })).toMatchObject({
      type: 'ack',
    });
    await olga.c.viewWhere(gameId, (x) => x.phase === 'over');
    olga.c.send({ type: 'rematch', gameId });
    expect(await olga.c.take('error')).toEqual({
      type: 'error',
      code: 'NOT_SEATED',
      gameId,
      data: { frame: 'rematch' },
    });

    // Both ask at once: one new game, and every member of the room hears of it, with who
    // made it; the second request answers the same game, news to nobody.
    ana.c.send({ type: 'rematch', gameId });
    bruno.c.send({ type: 'rematch', gameId });
    const frames = await Promise.all(
      [ana.c, bruno.c, olga.c].map(async (c) => [await c.take('rematch'), await c.take('rematch')]),
    );
    const next = frames[0]![0]!.newGameId;
    expect(next).not.toBe(gameId);
    const by = frames[0]!.find((f) => f.by !== undefined)!.by!;
    expect(['Ana', 'Bruno']).toContain(by);
    for (const pair of frames)
      expect(pair.map((f) => (f.by === undefined ? 'later' : 'made')).sort()).toEqual([
        'later',
        'made',
      ]);
    for (const f of frames.flat())
      expect(f).toEqual({ type: 'rematch', gameId, newGameId: next, ...(f.by && { by }) });

    for (const c of [ana.c, bruno.c, olga.c]) c.send({ type: 'join', gameId: next });
    const views = await Promise.all([ana.c, bruno.c, olga.c].map((c) => c.viewAt(next, 0)));
    expect(views.map((x) => x.seat)).toEqual([0, 1, null]);
    expect(views[0]!.rules).toEqual(v.rules);
    expect(views[0]!.rules.challengeMode).toBe('double');
    expect(views[0]!.clock).not.toBeNull();
    // Someone arriving at the old game later is pointed to the new one too.
    const late = await returning(base, ana.token);
    late.send({ type: 'join', gameId });
    expect(await late.take('rematch')).toEqual({ type: 'rematch', gameId, newGameId: next });
  });

  it('rematch: the other players waiting in the lobby hear who asked for it; whoever asked and watchers do not', async () => {
    const { base } = await servers.start();
    const { ana, bruno, gameId } = await pair(base);
    const v = ana.c.views.get(gameId)!;
    await act(ana.c, gameId, { kind: 'resign', version: v.version });
    await bruno.c.viewWhere(gameId, (x) => x.phase === 'over');
    // Bruno goes back to the lobby; Ana has the lobby open in another tab too; Olga, who only
    // watched, waits there as well.
    bruno.c.send({ type: 'leave', gameId });
    await bruno.c.take('left');
    bruno.c.send({ type: 'subscribeLobby' });
    await bruno.c.take('lobby');
    const anaLobby = await returning(base, ana.token);
    anaLobby.send({ type: 'subscribeLobby' });
    await anaLobby.take('lobby');
    const olga = await newPlayer(base, 'Olga');
    olga.c.send({ type: 'join', gameId });
    await olga.c.viewAt(gameId, 0);
    olga.c.send({ type: 'leave', gameId });
    await olga.c.take('left');
    olga.c.send({ type: 'subscribeLobby' });
    await olga.c.take('lobby');

    ana.c.send({ type: 'rematch', gameId });
    const made = await ana.c.take('rematch');
    expect(made).toEqual({ type: 'rematch', gameId, newGameId: made.newGameId, by: 'Ana' });
    expect(await bruno.c.take('rematch')).toEqual(made);
    // A frame the lobby sends after the rematch: whatever was for them has come before it.
    for (const c of [anaLobby, olga.c]) {
      await c.take('lobbyGame', (g) => g.game.gameId === made.newGameId);
      expect(c.untaken('rematch')).toEqual([]);
    }
    // Asked again, it is pointed to, and no lobby hears it again.
    bruno.c.send({ type: 'rematch', gameId });
    expect(await bruno.c.take('rematch')).toEqual({
      type: 'rematch',
      gameId,
      newGameId: made.newGameId,
    });
    bruno.c.send({ type: 'join', gameId: made.newGameId });
    expect((await bruno.c.viewAt(made.newGameId, 0)).seat).toBe(1);
    expect(bruno.c.untaken('rematch')).toEqual([]);
  });

  it('a rematch the server failed to make is made by the next request, not pointed to for good', async () => {
    const { base, store } = await servers.start();
    const { ana, gameId } = await pair(base);
    const v = ana.c.views.get(gameId)!;
    await act(ana.c, gameId, { kind: 'resign', version: v.version });
    await ana.c.viewWhere(gameId, (x) => x.phase === 'over');
    // The new game's first event cannot be written, once.
    vi.spyOn(store, 'appendEvents').mockRejectedValueOnce(new Error('disk full'));
    ana.c.send({ type: 'rematch', gameId });
    expect(await ana.c.take('error')).toMatchObject({ code: 'SERVER_ERROR', gameId });
    expect((await store.getGame(gameId))!.rematchId).toBeNull();
    ana.c.send({ type: 'rematch', gameId });
    const { newGameId } = await ana.c.take('rematch');
    ana.c.send({ type: 'join', gameId: newGameId });
    expect((await ana.c.viewAt(newGameId, 0)).seat).toBe(0);
    // A game whose record cannot be replayed (here a pass before the game's start) is left
    // out of the lobby; the others are still listed.
    const made = (await store.getGame(newGameId))!;
    await store.createGame({ id: 'roto', config: made.config, status: 'playing', seats: [] });
    await store.appendEvents('roto', 0, [{ kind: 'pass', seat: 1 }]);
    const olga = await newPlayer(base, 'Olga');
    olga.c.send({ type: 'subscribeLobby' });
    const listed = (await olga.c.take('lobby')).games.map((g) => g.gameId);
    expect(listed).toContain(newGameId);
    expect(listed).not.toContain('roto');
  });

  it('leave: no more frames of the room; the seat stays, and coming back with the token gives it again', async () => {
    const { base } = await servers.start();
    const { ana, bruno, gameId, p, q, qSeat } = await pair(base);
    bruno.c.send({ type: 'leave', gameId: 'nope' });
    expect(await bruno.c.take('error')).toEqual({
      type: 'error',
      code: 'NOT_IN_GAME',
      gameId: 'nope',
      data: { frame: 'leave' },
    });
    q.c.send({ type: 'leave', gameId });
    expect(await q.c.take('left')).toEqual({ type: 'left', gameId });
    const leftAt = q.c.raw.length;
    const v = p.c.views.get(gameId)!;
    expect(await act(p.c, gameId, { ...goodMove(lex, v), version: v.version })).toMatchObject({
      type: 'ack',
    });
    // Chat of the room no longer reaches the one who left either.
    p.c.send({ type: 'chat', gameId, text: '¿Sigues ahí?' });
    await p.c.take('chat');
    q.c.send({ type: 'act', gameId, action: { kind: 'pass', version: v.version + 1 } });
    expect(await q.c.answer(gameId)).toMatchObject({ code: 'NOT_IN_GAME' });
    expect(q.c.raw.slice(leftAt).some((f) => f.includes('"view"') || f.includes('"chat"'))).toBe(
      false,
    );

    // "My games" lists it with the seat held, from any connection of the player.
    const qToken = q === bruno ? bruno.token : ana.token;
    const again = await returning(base, qToken);
    again.send({ type: 'listMyGames' });
    const mine = await again.take('myGames');
    expect(mine.games.map((g) => [g.gameId, g.seat])).toEqual([[gameId, qSeat]]);
    again.send({ type: 'join', gameId });
    const back = await again.viewAt(gameId, v.version + 1);
    expect(back.seat).toBe(qSeat);
    expect(back.turn).toBe(qSeat);
    const before = Date.now();
    expect(await act(again, gameId, { kind: 'resign', version: back.version })).toMatchObject({
      type: 'ack',
    });
    const ended = Date.now();
    // Over: it is no longer among the player's unfinished games, but first among the finished,
    // with how and when it ended.
    again.send({ type: 'listMyGames' });
    const after = await again.take('myGames');
    expect(after.games).toEqual([]);
    expect(after.finished).toEqual([
      expect.objectContaining({
        gameId,
        seat: qSeat,
        phase: 'over',
        turn: null,
        end: { winners: [1 - qSeat], resigned: qSeat, claimedBy: null, at: expect.any(Number) },
      }),
    ]);
    const at = after.finished[0]!.end!.at!;
    expect(at >= before && at <= ended).toBe(true);
    // The other player's list says the same.
    const pToken = p === bruno ? bruno.token : ana.token;
    const other = await returning(base, pToken);
    other.send({ type: 'listMyGames' });
    expect((await other.take('myGames')).finished.map((g) => [g.gameId, g.seat])).toEqual([
      [gameId, 1 - qSeat],
    ]);
    void ana;
  });

  it('a table made while the lobby list is being read comes after the list, never before it', async () => {
    const { base, store } = await servers.start();
    const olga = await newPlayer(base, 'Olga');
    // The list's read waits until released: PostgreSQL takes many round trips to read it.
    let release = (): void => {};
    const held = new Promise<void>((r) => (release = r));
    const read = store.listGames.bind(store);
    const listed = vi.spyOn(store, 'listGames').mockImplementationOnce(async (...args) => {
      await held;
      return read(...args);
    });
    olga.c.send({ type: 'subscribeLobby' });
    await vi.waitFor(() => expect(listed).toHaveBeenCalledTimes(1));
    const ana = await newPlayer(base, 'Ana');
    ana.c.send({ type: 'create', preset: 'fise', seats: ['open', 'open'] });
    const { gameId } = await ana.c.take('created');
    // The change's batch has gone out by now (it leaves on the next turn of the loop).
    await new Promise((r) => setTimeout(r, 100));
    release();
    await olga.c.take('lobbyGame', (m) => m.game.gameId === gameId);
    const order = olga.c.raw
      .map((f) => (JSON.parse(f) as { type: string }).type)
      .filter((t) => t === 'lobby' || t === 'lobbyGame');
    // The list first (read before the table existed), then the table: nothing undoes it.
    expect(order[0]).toBe('lobby');
    expect(order.slice(1).every((t) => t === 'lobbyGame')).toBe(true);
  });

  it('the lobby sees a room appear, fill and finish, and never a rack, token or seed', async () => {
    const { base, store } = await servers.start({ bots });
    const olga = await newPlayer(base, 'Olga');
    const pepe = await newPlayer(base, 'Pepe');
    // A table already open before subscribing is in the first list.
    pepe.c.send({ type: 'create', preset: 'caja', seats: ['open', { bot: 'aficionado' }] });
    const early = (await pepe.c.take('created')).gameId;
    olga.c.send({ type: 'subscribeLobby' });
    const first = await olga.c.take('lobby');
    expect(first.games.map((g) => g.gameId)).toEqual([early]);
    expect(first.games[0]).toMatchObject({
      preset: 'caja',
      seats: [
        { name: 'Pepe', bot: null, free: false },
        { name: 'Aficionado', bot: 'aficionado', free: false },
      ],
      phase: 'playing',
    });

    const ana = await newPlayer(base, 'Ana');
    ana.c.send({ type: 'create', preset: 'fise', seats: ['open', 'open'], clockMinutes: 15 });
    const gameId = (await ana.c.take('created')).gameId;
    const entry = (pred: (g: LobbyGame) => boolean) =>
      olga.c.take('lobbyGame', (m) => m.game.gameId === gameId && pred(m.game));
    const appeared = await entry((g) => g.seats[0]!.name === 'Ana');
    expect(appeared.game).toMatchObject({
      clockMinutes: 15,
      lexicon: 'spanish',
      challengeMode: 'single',
      seats: [
        { name: 'Ana', bot: null, free: false },
        { name: '', bot: null, free: true },
      ],
      scores: [0, 0],
    });
    const bruno = await newPlayer(base, 'Bruno');
    bruno.c.send({ type: 'join', gameId, seat: 1 });
    const filled = await entry((g) => g.seats[1]!.name === 'Bruno');
    expect(filled.game.seats.every((s) => !s.free)).toBe(true);
    const v = await bruno.c.viewAt(gameId, 0);
    const onTurn = v.turn === 0 ? ana.c : bruno.c;
    const mine = await onTurn.viewAt(gameId, v.version);
    const move = goodMove(lex, mine);
    expect(await act(onTurn, gameId, { ...move, version: v.version })).toMatchObject({
      type: 'ack',
    });
    const played = await entry((g) => g.version === v.version + 1);
    expect(played.game.turn).toBe(1 - v.turn);
    // The lobby's scores are the game's (the move may be an exchange worth 0 with a bad rack).
    const after = await onTurn.viewAt(gameId, v.version + 1);
    expect(played.game.scores).toEqual(after.seats.map((s) => s.score));
    expect(played.game.scores[v.turn]).toBe(after.history.at(-1)!.total);
    expect(await act(ana.c, gameId, { kind: 'resign', version: v.version + 1 })).toMatchObject({
      type: 'ack',
    });
    const over = await entry((g) => g.phase === 'over');
    expect(over.game.turn).toBeNull();
    // How it ended: Ana gave up, Bruno won (no claim), when its record was written last. A
    // running game's entry says nothing of it.
    const at = (await store.getGame(gameId))!.updatedAt;
    expect(over.game.end).toEqual({ winners: [1], resigned: 0, claimedBy: null, at });
    expect(played.game.end).toBeUndefined();
    // A new subscriber's list no longer holds the finished game.
    pepe.c.send({ type: 'subscribeLobby' });
    expect((await pepe.c.take('lobby')).games.map((g) => g.gameId)).toEqual([early]);

    const config = JSON.stringify((await store.getGame(gameId))!.config);
    const seed = (JSON.parse(config) as { seed: string }).seed;
    const lobbyFrames = olga.c.raw.filter((f) => /^\{"type":"lobby(Game)?"/.test(f));
    expect(lobbyFrames.length).toBeGreaterThan(3);
    for (const frame of lobbyFrames) {
      expect(frame).not.toMatch(/rack|bag|seed|atp_|ats_/i);
      expect(frame).not.toContain(seed);
    }

    // Unsubscribed: Olga hears of no more games (Pepe, still subscribed, does).
    olga.c.send({ type: 'unsubscribeLobby' });
    olga.c.send({ type: 'listMyGames' });
    await olga.c.take('myGames');
    ana.c.send({ type: 'create', preset: 'fise', seats: ['open', 'open'] });
    const later = (await ana.c.take('created')).gameId;
    await pepe.c.take('lobbyGame', (m) => m.game.gameId === later);
    olga.c.send({ type: 'listMyGames' });
    await olga.c.take('myGames');
    expect(olga.c.untaken('lobbyGame').filter((m) => m.game.gameId === later)).toEqual([]);
  });

  it('chat: a few lines per player per room, then CHAT_TOO_FAST with the wait, others unaffected', async () => {
    const { base, store } = await servers.start({ chatRate: { lines: 2, perMs: 60_000 } });
    const { ana, bruno, gameId } = await pair(base);
    for (const text of ['uno', 'dos']) ana.c.send({ type: 'chat', gameId, text });
    ana.c.send({ type: 'chat', gameId, text: 'tres' });
    const refused = await ana.c.take('error');
    expect(refused).toMatchObject({ code: 'CHAT_TOO_FAST', gameId });
    expect(refused.data!['retryMs']).toBeGreaterThan(0);
    bruno.c.send({ type: 'chat', gameId, text: 'hola' });
    await bruno.c.take('chat', (m) => m.text === 'hola');
    expect((await store.chat(gameId)).map((l) => l.text)).toEqual(['uno', 'dos', 'hola']);
  });

  it('GCG download: a finished game to anyone as a text attachment; 409 while played, 404 unknown', async () => {
    const { base } = await servers.start();
    const { ana, gameId, p } = await pair(base);
    const url = (id: string) => `http://${base}/games/${id}/gcg`;
    const playing = await fetch(url(gameId));
    expect(playing.status).toBe(409);
    expect(await playing.json()).toEqual({ code: 'GAME_NOT_OVER' });
    const unknown = await fetch(url('nope'));
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ code: 'NO_SUCH_GAME' });

    // One play, so that the record has a move line, then Ana resigns.
    const v = p.c.views.get(gameId)!;
    const move = goodMove(lex, v);
    expect(await act(p.c, gameId, { ...move, version: v.version })).toMatchObject({
      type: 'ack',
    });
    await ana.c.viewAt(gameId, v.version + 1);
    expect(await act(ana.c, gameId, { kind: 'resign', version: v.version + 1 })).toMatchObject({
      type: 'ack',
    });
    const res = await fetch(url(gameId));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      new RegExp(`^attachment; filename="atril-\\d{4}-\\d\\d-\\d\\d-${gameId}\\.gcg"$`),
    );
    const parsed = parseGcgText(await res.text());
    if (!parsed.ok) throw new Error(parsed.error.code);
    expect(parsed.value.record.players.map((x) => x.name)).toEqual(['Ana', 'Bruno']);
    // The move made (a placement, or an exchange when the rack offered nothing better).
    expect(parsed.value.record.events.some((e) => e.kind === move.kind)).toBe(true);
  });

  it('a finished game is let go when its last viewer leaves, and loaded from the store on return', async () => {
    const { base, games } = await servers.start();
    const { ana, bruno, gameId } = await pair(base);
    const v = ana.c.views.get(gameId)!;
    expect(await act(ana.c, gameId, { kind: 'resign', version: v.version })).toMatchObject({
      type: 'ack',
    });
    const over = await bruno.c.viewWhere(gameId, (x) => x.phase === 'over');
    expect(games.isHosted(gameId)).toBe(true);
    ana.c.send({ type: 'leave', gameId });
    await ana.c.take('left');
    expect(games.isHosted(gameId)).toBe(true);
    bruno.c.send({ type: 'leave', gameId });
    await bruno.c.take('left');
    expect(games.isHosted(gameId)).toBe(false);
    const again = await returning(base, ana.token);
    again.send({ type: 'join', gameId });
    const back = (await again.take('view')).view;
    expect([back.seat, back.version, back.phase]).toEqual([0, over.version, 'over']);
    expect(back.result).toEqual(over.result);
    expect(back.board).toEqual(over.board);
    expect(games.isHosted(gameId)).toBe(true);
  });

  it('a game that ends while its room is empty lets the room and the game go at once', async () => {
    const { base, games, store } = await servers.start({ bots });
    const ana = await newPlayer(base, 'Ana');
    ana.c.send({
      type: 'create',
      preset: 'fise',
      seats: [{ bot: 'principiante' }, { bot: 'principiante' }],
    });
    const { gameId } = await ana.c.take('created');
    // Ana watched the start and left; the bots play on to the end with nobody in the room.
    ana.c.send({ type: 'leave', gameId });
    await ana.c.take('left');
    await vi.waitFor(async () => expect((await store.getGame(gameId))?.status).toBe('finished'), {
      timeout: 60_000,
      interval: 100,
    });
    await vi.waitFor(() => expect(games.isHosted(gameId)).toBe(false), { timeout: 5_000 });
    ana.c.close();
  });

  it('a finished game nobody leaves is let go after the time limit all the same', async () => {
    const { base, games } = await servers.start({ finishedTtlMs: 50 });
    const { ana, bruno, gameId } = await pair(base);
    const v = ana.c.views.get(gameId)!;
    await act(ana.c, gameId, { kind: 'resign', version: v.version });
    await bruno.c.viewWhere(gameId, (x) => x.phase === 'over');
    await vi.waitFor(() => expect(games.isHosted(gameId)).toBe(false), { timeout: 10_000 });
    // Still in the room, a new viewer joins and gets the game from the store.
    const olga = await newPlayer(base, 'Olga');
    olga.c.send({ type: 'join', gameId });
    expect((await olga.c.viewAt(gameId, v.version + 1)).phase).toBe('over');
  });
});

describe('two server processes sharing PostgreSQL', () => {
  const servers = new RoomServers('postgres', { tmp, lex: () => lex, pg: () => pgServer });
  afterAll(() => servers.closeAll());

  it('a lobby lists a game made on the other; a rematch asked on both at once makes one game', async () => {
    const db = await pgServer.newDatabase();
    const a = await servers.start({ db });
    const b = await servers.start({ db });
    const ana = await newPlayer(a.base, 'Ana');
    ana.c.send({ type: 'create', preset: 'fise', seats: ['open', 'invite'] });
    const created = await ana.c.take('created');
    const gameId = created.gameId;
    const bruno = await newPlayer(b.base, 'Bruno');
    bruno.c.send({ type: 'join', gameId, seatToken: created.inviteTokens[0]!.token });
    const v = await bruno.c.viewAt(gameId, 0);
    expect(v.seat).toBe(1);

    const olga = await newPlayer(b.base, 'Olga');
    olga.c.send({ type: 'subscribeLobby' });
    expect((await olga.c.take('lobby')).games).toEqual([
      expect.objectContaining({
        gameId,
        seats: [
          { name: 'Ana', bot: null, free: false },
          { name: 'Bruno', bot: null, free: false },
        ],
      }),
    ]);

    await ana.c.viewAt(gameId, v.version);
    expect(await act(ana.c, gameId, { kind: 'resign', version: v.version })).toMatchObject({
      type: 'ack',
    });
    // The end reaches Bruno through the other process.
    await bruno.c.viewWhere(gameId, (x) => x.phase === 'over');
    ana.c.send({ type: 'rematch', gameId });
    bruno.c.send({ type: 'rematch', gameId });
    const [ra, rb] = await Promise.all([ana.c.take('rematch'), bruno.c.take('rematch')]);
    expect(ra.newGameId).toBe(rb.newGameId);
    const next = ra.newGameId;
    ana.c.send({ type: 'join', gameId: next });
    bruno.c.send({ type: 'join', gameId: next });
    const [va, vb] = await Promise.all([ana.c.viewAt(next, 0), bruno.c.viewAt(next, 0)]);
    expect([va.seat, vb.seat]).toEqual([0, 1]);
    expect(vb.seats.map((s) => s.name)).toEqual(['Ana', 'Bruno']);
  });
});
