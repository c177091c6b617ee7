/**
 * The room's WebSocket endpoint driven by real `ws` clients against a real server on a
 * loopback port (issue 11, "Done when"), on SQLite and on a PostgreSQL the test starts: two
 * people play a whole game (one creates it with an invited seat, the other joins with the
 * invitation token) while a third watches; every frame each of them received is the engine's
 * projection for that viewer and carries no other seat's rack, no bag and no seed; acting
 * without the seat, out of turn or on a stale version is refused with a code and stores
 * nothing; a player who reconnects mid-game gets the full view back and plays on.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { GameEvent } from '../../engine/events.js';
import { replayGame } from '../../engine/newGame.js';
import { viewFor } from '../../engine/view.js';
import { type Lexicon, loadDefaultLexicon } from '../../lexicon/index.js';
import {
  type ClientView,
  MAX_CHAT_LENGTH,
  PROTOCOL_VERSION,
  clientView,
  serverMessageSchema,
} from '../../protocol/index.js';
import { startTestPostgres, type TestPostgres } from '../testing/postgres.js';
import { Client, RoomServers, goodMove, newPlayer, returning } from '../testing/rooms.js';
import type { HostedConfig } from './host.js';
import { INTERNAL_ERROR, POLICY_VIOLATION, type RateLimit } from './socket.js';

let lex: Lexicon;
let pgServer: TestPostgres;
const tmp = mkdtempSync(join(tmpdir(), 'atril-socket-'));

beforeAll(async () => {
  const loaded = loadDefaultLexicon();
  if (!loaded.ok) throw new Error(loaded.error.code);
  lex = loaded.value;
  pgServer = await startTestPostgres();
});

afterAll(async () => {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unset when beforeAll failed
  await pgServer?.stop();
  rmSync(tmp, { recursive: true, force: true });
});

/** Sends an action for the client's seat and resolves to the answer (ack or error). */
async function act(c: Client, gameId: string, action: Record<string, unknown>) {
  c.send({ type: 'act', gameId, action });
  return c.answer(gameId);
}

describe.each(['sqlite', 'postgres'] as const)('room WebSocket on %s', (backend) => {
  const servers = new RoomServers(backend, { tmp, lex: () => lex, pg: () => pgServer });
  afterAll(() => servers.closeAll());

  const server = (rate?: RateLimit) => servers.start(rate ? { rate } : {});

  /** Ana creates a game with one invited seat; Bruno joins by the invitation; Olga watches. */
  async function table(base: string) {
    const ana = await newPlayer(base, 'Ana');
    ana.c.send({ type: 'create', preset: 'fise', seats: ['open', 'invite'] });
    const created = await ana.c.take('created');
    expect(created.inviteTokens.map((t) => t.seat)).toEqual([1]);
    const gameId = created.gameId;
    await ana.c.viewAt(gameId, 0);
    const bruno = await newPlayer(base, 'Bruno');
    bruno.c.send({ type: 'join', gameId, seatToken: created.inviteTokens[0]!.token });
    const olga = await newPlayer(base, 'Olga');
    olga.c.send({ type: 'join', gameId });
    const [va, vb, vo] = await Promise.all([
      ana.c.take('view', (m) => m.view.seats[1]!.name === 'Bruno'),
      bruno.c.viewAt(gameId, 0),
      olga.c.viewAt(gameId, 0),
    ]);
    expect([va.view.seat, vb.seat, vo.seat]).toEqual([0, 1, null]);
    expect(vo.rack).toBeNull();
    expect(vb.seats.map((s) => s.name)).toEqual(['Ana', 'Bruno']);
    return { ana, bruno, olga, gameId, inviteToken: created.inviteTokens[0]!.token };
  }

  it('plays a whole game between two clients with an observer and a reconnect; no frame reveals another rack', async () => {
    const { base, store } = await server();
    const { ana, bruno, olga, gameId } = await table(base);
    const seats = [ana.c, bruno.c];
    const records: { viewer: 0 | 1 | 'observer'; raw: string[] }[] = [
      { viewer: 0, raw: ana.c.raw },
      { viewer: 1, raw: bruno.c.raw },
      { viewer: 'observer', raw: olga.c.raw },
    ];
    let version = ana.c.views.get(gameId)!.version;
    let moves = 0;
    for (;;) {
      const views = await Promise.all([...seats, olga.c].map((c) => c.viewAt(gameId, version)));
      if (views[0]!.result) break;
      const turn = views[0]!.turn;
      const move = goodMove(lex, views[turn]!);
      seats[turn]!.send({ type: 'act', gameId, action: { ...move, version } });
      const answer = await seats[turn]!.answer(gameId);
      expect(answer).toMatchObject({ type: 'ack', gameId });
      version = (answer as { version: number }).version;
      if (++moves === 4) {
        // Bruno's connection drops mid-game; he comes back with his token and gets it all,
        // his own exchanged tiles included (another seat's view hides those).
        const before = await bruno.c.viewAt(gameId, version);
        bruno.c.close();
        await bruno.c.closed;
        const again = await Client.open(base);
        again.send({ type: 'hello', protocol: PROTOCOL_VERSION, token: bruno.token });
        const welcome = await again.take('welcome');
        expect(welcome.token).toBeUndefined();
        expect(welcome.name).toBe('Bruno');
        again.send({ type: 'join', gameId });
        const back = await again.viewAt(gameId, version);
        expect(back.seat).toBe(1);
        expect(back.version).toBe(version);
        expect(back.rack).toEqual(before.rack);
        expect(back.history).toEqual(before.history);
        seats[1] = again;
        records.push({ viewer: 1, raw: again.raw });
      }
    }
    const end = ana.c.views.get(gameId)!;
    expect(end.phase).toBe('over');
    expect(moves).toBeGreaterThan(5);

    // The store's record of the game: every state it went through, racks and bag included.
    const game = await store.getGame(gameId);
    const config = game!.config as unknown as HostedConfig;
    const events = (await store.events(gameId)).map((e) => e.event as unknown as GameEvent);
    const setup = { rules: config.rules, seed: config.seed, players: 2 };
    const final = replayGame(setup, events);
    expect(final.version).toBe(version);
    expect(olga.c.views.get(gameId)!.result).toEqual(end.result);

    let views = 0;
    for (const { viewer, raw } of records) {
      for (const text of raw) {
        expect(text).not.toContain(config.seed);
        const msg = serverMessageSchema.parse(JSON.parse(text));
        if (msg.type !== 'view') continue;
        views++;
        const v = msg.view;
        // The state at that version, rebuilt from the stored events.
        const state = replayGame(setup, events.slice(0, v.version));
        expect(state.version).toBe(v.version);
        // Exactly the engine's projection for this viewer, field for field (the clock aside):
        // nothing added, so no other rack, no bag order, no seed.
        const expected = clientView(viewFor(state, viewer), {
          names: v.seats.map((s) => s.name),
          bots: [false, false],
        });
        expect(withoutTimeBase(JSON.parse(text).view)).toEqual(withoutTimeBase(expected));
        expect(v.rack).toEqual(viewer === 'observer' ? null : tilesOf(state.racks[viewer]!));
        if (!v.result) {
          expect(text).not.toMatch(/"racks"|"bag"|"seed"/);
          // The other seat's rack is nowhere in the view: not as its rack, not as drawn tiles,
          // not in an exchange's returned tiles.
          for (const other of [0, 1].filter((s) => s !== viewer)) {
            const theirs = tilesOf(state.racks[other]!);
            if (theirs.length > 0) expect(v.rack).not.toEqual(theirs);
            for (const h of v.history)
              if (h.kind === 'exchange' && h.seat === other) expect(h.tiles).toBeNull();
          }
        }
      }
    }
    expect(views).toBeGreaterThan(3 * moves);
  });

  it('refuses acting without the seat, out of turn, on a stale version and with bad frames; nothing is stored', async () => {
    const { base, store } = await server();
    const { ana, bruno, olga, gameId, inviteToken } = await table(base);
    const v = ana.c.views.get(gameId)!;
    const stored = (await store.events(gameId)).length;
    const onTurn = v.turn === 0 ? ana.c : bruno.c;
    const offTurn = v.turn === 0 ? bruno.c : ana.c;
    const move = goodMove(lex, onTurn.views.get(gameId)!);

    olga.c.send({ type: 'act', gameId, action: { ...move, version: v.version } });
    expect(await olga.c.answer(gameId)).toEqual({ type: 'error', code: 'NOT_SEATED', gameId });
    // The invitation was used: it does not open the seat to anyone else.
    olga.c.send({ type: 'join', gameId, seatToken: inviteToken });
    expect(await olga.c.take('error')).toMatchObject({ code: 'SEAT_TAKEN', gameId });
    olga.c.send({ type: 'join', gameId, seatToken: 'ats_' + 'A'.repeat(43) });
    expect(await olga.c.take('error')).toMatchObject({ code: 'BAD_SEAT_TOKEN', gameId });
    olga.c.send({ type: 'join', gameId, seat: 1 });
    expect(await olga.c.take('error')).toMatchObject({ code: 'SEAT_NOT_OPEN', gameId });
    offTurn.send({ type: 'act', gameId, action: { kind: 'pass', version: v.version } });
    expect(await offTurn.answer(gameId)).toMatchObject({ type: 'error', code: 'NOT_YOUR_TURN' });
    onTurn.send({ type: 'act', gameId, action: { ...move, version: v.version + 1 } });
    expect(await onTurn.answer(gameId)).toMatchObject({
      type: 'error',
      code: 'STALE_VERSION',
      data: { version: v.version },
    });
    onTurn.send({ type: 'act', gameId: 'nope', action: { kind: 'pass', version: v.version } });
    expect(await onTurn.answer('nope')).toEqual({
      type: 'error',
      code: 'NOT_IN_GAME',
      gameId: 'nope',
    });
    onTurn.send('{not json');
    expect(await onTurn.take('error')).toEqual({ type: 'error', code: 'BAD_JSON' });
    onTurn.send({ type: 'act', gameId, action: { ...move, version: v.version, seat: 0 } });
    expect(await onTurn.take('error')).toMatchObject({ code: 'BAD_MESSAGE' });
    olga.c.send({ type: 'join', gameId: 'nope' });
    expect(await olga.c.take('error')).toMatchObject({ code: 'NO_SUCH_GAME' });

    expect(await store.events(gameId)).toHaveLength(stored);
    for (const c of [ana.c, bruno.c, olga.c]) expect(c.views.get(gameId)!.version).toBe(v.version);
    // The right seat with the right version still plays.
    onTurn.send({ type: 'act', gameId, action: { ...move, version: v.version } });
    expect(await onTurn.answer(gameId)).toEqual({
      type: 'ack',
      gameId,
      version: v.version + 1,
    });
  });

  it("a player who holds a seat cannot take another: not by a friend's invitation, not an open one", async () => {
    const { base, store } = await server();
    const ana = await newPlayer(base, 'Ana');
    ana.c.send({ type: 'create', preset: 'fise', seats: ['open', 'invite', 'open'] });
    const created = await ana.c.take('created');
    const gameId = created.gameId;
    const token = created.inviteTokens[0]!.token;
    await ana.c.viewAt(gameId, 0);
    // Ana opens the link she meant to send to Bruno.
    ana.c.send({ type: 'join', gameId, seatToken: token });
    // Without the refusal she would be moved to seat 1: a view says so at once.
    const answer = await Promise.race([
      ana.c.take('error'),
      ana.c.take('view', (m) => m.view.seat !== 0),
    ]);
    expect(answer).toEqual({
      type: 'error',
      code: 'ALREADY_SEATED',
      gameId,
      data: { seat: 0 },
    });
    ana.c.send({ type: 'join', gameId, seat: 2 });
    expect(await ana.c.take('error')).toMatchObject({ code: 'ALREADY_SEATED', data: { seat: 0 } });
    expect((await store.getGame(gameId))!.seats.map((s) => s.playerId)).toEqual([
      expect.any(String),
      null,
      null,
    ]);
    // The seat stayed free for him, and Ana still plays at hers.
    const bruno = await newPlayer(base, 'Bruno');
    bruno.c.send({ type: 'join', gameId, seatToken: token });
    expect((await bruno.c.viewAt(gameId, 0)).seat).toBe(1);
    const seen = await ana.c.take('view', (m) => m.view.seats[1]!.name === 'Bruno');
    expect(seen.view.seat).toBe(0);
    expect(seen.view.seats.map((s) => s.name)).toEqual(['Ana', 'Bruno', '']);
  });

  it('a name met twice at a table gets its count; a player back under a new name shows it at once', async () => {
    const { base } = await server();
    const ana = await newPlayer(base, 'Ana');
    ana.c.send({ type: 'create', preset: 'fise', seats: ['open', 'invite'] });
    const created = await ana.c.take('created');
    const gameId = created.gameId;
    await ana.c.viewAt(gameId, 0);
    // Another person who also calls herself Ana takes the invited seat.
    const other = await newPlayer(base, 'Ana');
    other.c.send({ type: 'join', gameId, seatToken: created.inviteTokens[0]!.token });
    expect((await other.c.viewAt(gameId, 0)).seats.map((s) => s.name)).toEqual(['Ana', 'Ana (2)']);
    // She comes back as Beatriz: the table shows the new name without anyone joining again.
    other.c.close();
    const back = await Client.open(base);
    back.send({ type: 'hello', protocol: PROTOCOL_VERSION, token: other.token, name: 'Beatriz' });
    await back.take('welcome');
    const seen = await ana.c.take('view', (m) => m.view.seats[1]!.name === 'Beatriz');
    expect(seen.view.seats.map((s) => s.name)).toEqual(['Ana', 'Beatriz']);
  });

  it('a player whose connection is gone is shown away to the table after the grace, and back when they return', async () => {
    const { base } = await servers.start({ presence: { graceMs: 200 } });
    const { ana, bruno, olga, gameId } = await table(base);
    // Everyone seated is connected: nobody is away.
    expect((await olga.c.viewAt(gameId, 0)).seats.map((s) => s.away ?? false)).toEqual([
      false,
      false,
    ]);
    const gone = performance.now();
    bruno.c.close();
    const [toAna, toOlga] = await Promise.all([
      ana.c.viewWhere(gameId, (v) => v.seats[1]!.away === true),
      olga.c.viewWhere(gameId, (v) => v.seats[1]!.away === true),
    ]);
    expect(performance.now() - gone).toBeGreaterThanOrEqual(150);
    expect(toAna.seats.map((s) => s.away ?? false)).toEqual([false, true]);
    expect(toOlga.seats[0]!.away).toBeUndefined();
    // Bruno comes back (a new connection with his token) and takes his seat again.
    const back = await returning(base, bruno.token);
    back.send({ type: 'join', gameId });
    expect((await back.viewAt(gameId, 0)).seats[1]!.away).toBeUndefined();
    const seen = await ana.c.viewWhere(gameId, (v) => v.seats[1]!.away === undefined);
    expect(seen.seats.map((s) => s.name)).toEqual(['Ana', 'Bruno']);
    // Leaving the game for the lobby, still connected, is leaving the table too.
    back.send({ type: 'leave', gameId });
    await back.take('left');
    await ana.c.viewWhere(gameId, (v) => v.seats[1]!.away === true);
    back.send({ type: 'join', gameId });
    await ana.c.viewWhere(gameId, (v) => v.seats[1]!.away === undefined);
    // An observer leaving makes nobody away.
    olga.c.close();
    await new Promise((r) => setTimeout(r, 400));
    const latest = await ana.c.viewWhere(gameId, () => true);
    expect(latest.seats.map((s) => s.away ?? false)).toEqual([false, false]);
  });

  it("a rematch's seat is «arriving» until its player first comes: then present, and away once gone, never arriving again", async () => {
    const { base } = await servers.start({ presence: { graceMs: 150, reopenMs: 150 } });
    const { ana, bruno, gameId } = await table(base);
    // Everyone at a table they came to is no one arriving.
    expect(ana.c.views.get(gameId)!.seats.map((s) => s.arriving ?? false)).toEqual([false, false]);
    const v = ana.c.views.get(gameId)!;
    await act(bruno.c, gameId, { kind: 'resign', version: v.version });
    await ana.c.viewWhere(gameId, (x) => x.phase === 'over');
    bruno.c.send({ type: 'leave', gameId });
    await bruno.c.take('left');
    ana.c.send({ type: 'rematch', gameId });
    const { newGameId } = await ana.c.take('rematch');
    ana.c.send({ type: 'join', gameId: newGameId });
    // Bruno's seat was held for him from the start: he has not come yet.
    const first = await ana.c.viewAt(newGameId, 0);
    expect(first.seats.map((s) => s.arriving ?? false)).toEqual([false, true]);
    // Shown away once the wait for him is over, still arriving.
    const waited = await ana.c.viewWhere(newGameId, (x) => x.seats[1]!.away === true);
    expect(waited.seats[1]!.arriving).toBe(true);
    // He comes: present, and no longer arriving.
    bruno.c.send({ type: 'join', gameId: newGameId });
    await bruno.c.viewAt(newGameId, 0);
    const came = await ana.c.viewWhere(newGameId, (x) => x.seats[1]!.away === undefined);
    expect(came.seats[1]!.arriving).toBeUndefined();
    // Gone again: away, a return to come, not an arrival.
    bruno.c.send({ type: 'leave', gameId: newGameId });
    const gone = await ana.c.viewWhere(newGameId, (x) => x.seats[1]!.away === true);
    expect(gone.seats[1]!.arriving).toBeUndefined();
  });

  it('a player coming to a rematch before ever shown away is sent to the table as come', async () => {
    const { base } = await servers.start();
    const { ana, bruno, gameId } = await table(base);
    const v = ana.c.views.get(gameId)!;
    await act(bruno.c, gameId, { kind: 'resign', version: v.version });
    await ana.c.viewWhere(gameId, (x) => x.phase === 'over');
    ana.c.send({ type: 'rematch', gameId });
    const { newGameId } = await ana.c.take('rematch');
    ana.c.send({ type: 'join', gameId: newGameId });
    expect((await ana.c.viewAt(newGameId, 0)).seats[1]!.arriving).toBe(true);
    bruno.c.send({ type: 'join', gameId: newGameId });
    // Not away before, not away after: only the end of «arriving» tells Ana he came.
    const came = await ana.c.viewWhere(newGameId, (x) => x.seats[1]!.arriving === undefined);
    expect(came.seats[1]!.away).toBeUndefined();
  });

  it('a player away on their turn for the claim time loses the game when another claims it; not before, nor off turn', async () => {
    const { base, store } = await servers.start({ presence: { graceMs: 100, claimMs: 300 } });
    const { ana, bruno, olga, gameId } = await table(base);
    let v = await ana.c.viewAt(gameId, 0);
    // Bruno is on turn (Ana passes first when the draw gave her the first turn).
    if (v.turn === 0) {
      ana.c.send({ type: 'act', gameId, action: { kind: 'pass', version: v.version } });
      v = await ana.c.viewWhere(gameId, (x) => x.turn === 1);
    }
    const claim = (c: typeof ana.c, version: number) =>
      c.send({ type: 'act', gameId, action: { kind: 'claim', version } });
    // Nobody is away: no claim.
    claim(ana.c, v.version);
    expect(await ana.c.answer(gameId)).toMatchObject({ type: 'error', code: 'NOT_CLAIMABLE' });
    bruno.c.close();
    // Away, but not for the claim time yet: still no claim.
    v = await ana.c.viewWhere(gameId, (x) => x.seats[1]!.away === true);
    expect(v.seats[1]!.claimable).toBeUndefined();
    claim(ana.c, v.version);
    expect(await ana.c.answer(gameId)).toMatchObject({ type: 'error', code: 'NOT_CLAIMABLE' });
    v = await ana.c.viewWhere(gameId, (x) => x.seats[1]!.claimable === true);
    expect(v.seats.map((s) => s.claimable ?? false)).toEqual([false, true]);
    // A watcher holds no seat: it cannot claim.
    claim(olga.c, v.version);
    expect(await olga.c.answer(gameId)).toMatchObject({ type: 'error', code: 'NOT_SEATED' });
    olga.c.send({ type: 'subscribeLobby' });
    await olga.c.take('lobby');
    claim(ana.c, v.version);
    expect(await ana.c.answer(gameId)).toMatchObject({ type: 'ack' });
    const over = await olga.c.viewWhere(gameId, (x) => x.result !== null);
    expect(over.result).toMatchObject({ reason: 'resign', resigned: 1, winners: [0] });
    expect(over.history.at(-1)).toMatchObject({ kind: 'resign', seat: 1, claimedBy: 0 });
    // The lobby says so too: whose it was, who claimed it, who won.
    const ended = await olga.c.take(
      'lobbyGame',
      (m) => m.game.gameId === gameId && m.game.phase === 'over',
    );
    // When: the time its record was last written, with its end.
    const at = (await store.getGame(gameId))!.updatedAt;
    expect(ended.game.end).toEqual({ winners: [0], resigned: 1, claimedBy: 0, at });
    // The claim is stored with the game.
    const events = (await store.events(gameId)).map((e) => e.event);
    expect(events).toContainEqual({ kind: 'resign', seat: 1, claimedBy: 0 });
  });

  it("an open room's free seat is marked open in the view until someone takes it; an invited one is not", async () => {
    const { base } = await server();
    const ana = await newPlayer(base, 'Ana');
    ana.c.send({ type: 'create', preset: 'fise', seats: ['open', 'open', 'invite'] });
    const gameId = (await ana.c.take('created')).gameId;
    const v = await ana.c.viewAt(gameId, 0);
    expect(v.seats.map((x) => x.open ?? false)).toEqual([false, true, false]);
    const bea = await newPlayer(base, 'Bea');
    bea.c.send({ type: 'join', gameId, seat: 1 });
    expect((await bea.c.viewAt(gameId, 0)).seats.map((x) => x.open ?? false)).toEqual([
      false,
      false,
      false,
    ]);
  });

  it('two seats taken at once: the room ends up showing both, however the reads of the game come back', async () => {
    const { base, store } = await server();
    const ana = await newPlayer(base, 'Ana');
    ana.c.send({ type: 'create', preset: 'fise', seats: ['open', 'open', 'open'] });
    const gameId = (await ana.c.take('created')).gameId;
    await ana.c.viewAt(gameId, 0);
    // A read of the game with Bea seated and the last seat still free comes back late, after
    // a later read that already has Cris too (a slow connection of a pool).
    const read = store.getGame.bind(store);
    let staleRead: (() => void) | null = null;
    const started = new Promise<void>((r) => (staleRead = r));
    vi.spyOn(store, 'getGame').mockImplementation(async (id) => {
      const game = await read(id);
      if (staleRead && game?.seats[1]!.playerId != null && game.seats[2]!.playerId === null) {
        staleRead();
        staleRead = null;
        await new Promise((r) => setTimeout(r, 150));
      }
      return game;
    });
    const bea = await newPlayer(base, 'Bea');
    bea.c.send({ type: 'join', gameId, seat: 1 });
    await started;
    const cris = await newPlayer(base, 'Cris');
    cris.c.send({ type: 'join', gameId, seat: 2 });
    await Promise.all([bea.c.viewAt(gameId, 0), cris.c.viewAt(gameId, 0)]);
    await new Promise((r) => setTimeout(r, 400));
    for (const c of [ana.c, bea.c, cris.c])
      expect(c.views.get(gameId)!.seats.map((x) => x.name)).toEqual(['Ana', 'Bea', 'Cris']);
  });

  it('an invitation opened after the game ended takes no seat: the newcomer watches the result', async () => {
    const { base } = await server();
    const ana = await newPlayer(base, 'Ana');
    ana.c.send({ type: 'create', preset: 'fise', seats: ['open', 'invite'] });
    const created = await ana.c.take('created');
    const gameId = created.gameId;
    const v = await ana.c.viewAt(gameId, 0);
    ana.c.send({ type: 'act', gameId, action: { kind: 'resign', version: v.version } });
    expect(await ana.c.answer(gameId)).toMatchObject({ type: 'ack' });
    const dan = await newPlayer(base, 'Dan');
    dan.c.send({ type: 'join', gameId, seatToken: created.inviteTokens[0]!.token });
    const seen = await dan.c.take('view', (m) => m.gameId === gameId);
    expect(seen.view.seat).toBeNull();
    expect(seen.view.result).not.toBeNull();
    expect(seen.view.seats.map((x) => x.name)).toEqual(['Ana', '']);
  });

  it("an invited player's time starts when they take the seat, not when the game was created", async () => {
    let clock = 1_000;
    const { base } = await servers.start({ now: () => clock });
    const ana = await newPlayer(base, 'Ana');
    ana.c.send({ type: 'create', preset: 'fise', seats: ['open', 'invite'], clockMinutes: 1 });
    const created = await ana.c.take('created');
    const gameId = created.gameId;
    let v = await ana.c.viewAt(gameId, 0);
    if (v.turn === 0) {
      // The draw gave Ana the first turn: she passes, so that the friend's seat is on turn.
      ana.c.send({ type: 'act', gameId, action: { kind: 'pass', version: v.version } });
      expect(await ana.c.answer(gameId)).toMatchObject({ type: 'ack' });
      v = await ana.c.viewAt(gameId, v.version + 1);
    }
    expect(v.turn).toBe(1);
    // Nobody sits there yet: Ana sees no clock running.
    expect(v.clock).toMatchObject({ remainingMs: [60_000, 60_000], running: null });
    clock += 20_000;
    const bruno = await newPlayer(base, 'Bruno');
    bruno.c.send({ type: 'join', gameId, seatToken: created.inviteTokens[0]!.token });
    const first = await bruno.c.viewAt(gameId, v.version);
    expect(first.seat).toBe(1);
    expect(first.clock).toMatchObject({ remainingMs: [60_000, 60_000], running: 1 });
    expect(first.clock!.at - first.clock!.since).toBe(0);
    clock += 3_000;
    bruno.c.send({ type: 'act', gameId, action: { kind: 'pass', version: v.version } });
    expect(await bruno.c.answer(gameId)).toMatchObject({ type: 'ack' });
    const after = await ana.c.viewAt(gameId, v.version + 1);
    expect(after.clock!.remainingMs).toEqual([60_000, 57_000]);
  });

  it('chat reaches everyone in the room as plain text, is stored, and is sent again on joining', async () => {
    const { base, store } = await server();
    const { ana, bruno, olga, gameId } = await table(base);
    const text = '<b>¡Hola!</b> & "buena suerte"';
    ana.c.send({ type: 'chat', gameId, text });
    for (const c of [ana.c, bruno.c, olga.c])
      expect(await c.take('chat')).toEqual({
        type: 'chat',
        gameId,
        from: 'Ana',
        text,
        at: expect.any(Number) as number,
      });
    expect((await store.chat(gameId)).map((l) => l.text)).toEqual([text]);
    olga.c.send({ type: 'chat', gameId, text: 'x'.repeat(MAX_CHAT_LENGTH + 1) });
    expect(await olga.c.take('error')).toMatchObject({ code: 'BAD_MESSAGE' });
    const { c: outsider } = await newPlayer(base, 'Pepe');
    outsider.send({ type: 'chat', gameId, text: 'hola' });
    expect(await outsider.take('error')).toEqual({
      type: 'error',
      code: 'NOT_IN_GAME',
      gameId,
      data: { frame: 'chat' },
    });
    outsider.send({ type: 'join', gameId });
    expect(await outsider.take('chat')).toMatchObject({ from: 'Ana', text });
    expect(await store.chat(gameId)).toHaveLength(1);
  });

  it('a frame the server fails on is answered SERVER_ERROR and logged with its type and error; the connection goes on', async () => {
    const lines: string[] = [];
    const srv = await servers.start({ logStream: { write: (l) => void lines.push(l) } });
    const ana = await newPlayer(srv.base, 'Ana');
    const store = srv.store as { gamesOfPlayer: (...a: never[]) => Promise<unknown> };
    const real = store.gamesOfPlayer;
    store.gamesOfPlayer = () => Promise.reject(new Error('disco lleno'));
    ana.c.send({ type: 'listMyGames' });
    expect((await ana.c.take('error')).code).toBe('SERVER_ERROR');
    const logged = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(logged).toEqual([
      expect.objectContaining({
        msg: 'a frame failed',
        frame: 'listMyGames',
        err: expect.objectContaining({ message: 'disco lleno' }),
      }),
    ]);
    store.gamesOfPlayer = real;
    ana.c.send({ type: 'listMyGames' });
    expect((await ana.c.take('myGames')).games).toEqual([]);
    ana.c.close();
  });

  it('RATE_LIMITED names the dropped frame and its game, after the answers to the frames before it', async () => {
    // hello and three frames use up the bucket; two more are dropped, the third closes.
    const { base } = await server({ perSecond: 0.001, burst: 4, maxStrikes: 3 });
    const { c } = await newPlayer(base, 'Eva');
    c.send({ type: 'join', gameId: 'nope' });
    c.send({ type: 'listMyGames' });
    c.send({ type: 'create', preset: 'fise', seats: ['open', 'open'] });
    c.send({ type: 'create', preset: 'fise', seats: ['open', 'open'] });
    c.send({ type: 'join', gameId: 'otra' });
    const seen: unknown[] = [];
    for (let i = 0; i < 6; i++) {
      const m = await c.next();
      seen.push(m === 'closed' ? m : m.type === 'error' ? m : m.type);
    }
    expect(seen).toEqual([
      { type: 'error', code: 'NO_SUCH_GAME', gameId: 'nope' },
      'myGames',
      'created',
      'view',
      { type: 'error', code: 'RATE_LIMITED', data: { frame: 'create' } },
      { type: 'error', code: 'RATE_LIMITED', gameId: 'otra', data: { frame: 'join' } },
    ]);
    // Not JSON: dropped all the same, with nothing to name; the third strike closes.
    c.send('{no es json');
    expect(await c.next()).toEqual({ type: 'error', code: 'RATE_LIMITED' });
    expect(await c.closed).toBe(POLICY_VIOLATION);
  });

  it('closes a connection whose first frame is not hello, or whose protocol differs, or that floods', async () => {
    const { base } = await server({ perSecond: 0.001, burst: 3, maxStrikes: 2 });
    const a = await Client.open(base);
    a.send({ type: 'join', gameId: 'x' });
    expect(await a.take('error')).toEqual({ type: 'error', code: 'HELLO_FIRST' });
    expect(await a.closed).toBe(POLICY_VIOLATION);

    const b = await Client.open(base);
    b.send({ type: 'hello', protocol: PROTOCOL_VERSION + 1 });
    expect(await b.take('error')).toEqual({
      type: 'error',
      code: 'PROTOCOL_MISMATCH',
      data: { expected: PROTOCOL_VERSION, got: PROTOCOL_VERSION + 1 },
    });
    expect(await b.closed).toBe(POLICY_VIOLATION);

    const c = await Client.open(base);
    c.send({ type: 'hello', protocol: PROTOCOL_VERSION, token: 'atp_' + 'A'.repeat(43) });
    expect(await c.take('error')).toEqual({ type: 'error', code: 'UNKNOWN_PLAYER' });
    expect(await c.closed).toBe(POLICY_VIOLATION);

    const { c: d } = await newPlayer(base, 'Dani');
    for (let i = 0; i < 6; i++) d.send({ type: 'join', gameId: 'x' });
    expect(await d.take('error', (m) => m.code === 'RATE_LIMITED')).toBeDefined();
    expect(await d.closed).toBe(POLICY_VIOLATION);
  });

  it('a hello the store fails on is answered SERVER_ERROR and closed (1011), so the client tries again', async () => {
    const { base, store } = await server();
    const { token } = await newPlayer(base, 'Ana');
    vi.spyOn(store, 'playerByTokenHash').mockRejectedValueOnce(new Error('pool timeout'));
    const c = await Client.open(base);
    c.send({ type: 'hello', protocol: PROTOCOL_VERSION, token });
    expect(await c.take('error')).toEqual({
      type: 'error',
      code: 'SERVER_ERROR',
      data: { frame: 'hello' },
    });
    expect(await c.closed).toBe(INTERNAL_ERROR);
    // The next attempt is welcomed.
    const again = await returning(base, token);
    again.send({ type: 'listMyGames' });
    expect(await again.take('myGames')).toEqual({ type: 'myGames', games: [], finished: [] });
  });

  it('makes no more new players for an address that made its share lately; players with a token still come in', async () => {
    const { base, store } = await servers.start({ newPlayerRate: { burst: 2, perHour: 1 } });
    const made = vi.spyOn(store, 'createPlayer');
    // Behind a reverse proxy on this machine: the proxy says who the client is.
    const from = (address: string) => ({ 'x-forwarded-for': address });
    const hello = async (address: string, extra: { name?: string; token?: string }) => {
      const c = await Client.open(base, from(address));
      c.send({ type: 'hello', protocol: PROTOCOL_VERSION, ...extra });
      return c;
    };
    const tokens: string[] = [];
    for (const name of ['Ana', 'Bruno'])
      tokens.push((await (await hello('203.0.113.9', { name })).take('welcome')).token!);
    const third = await hello('203.0.113.9', { name: 'Carla' });
    expect(await third.take('error')).toEqual({
      type: 'error',
      code: 'TOO_MANY_NEW_PLAYERS',
      data: { retryMinutes: 60 },
    });
    expect(await third.closed).toBe(POLICY_VIOLATION);
    expect(made).toHaveBeenCalledTimes(2);
    // Ana comes back from the same address with her token: welcomed, nothing written.
    const back = await hello('203.0.113.9', { token: tokens[0]! });
    expect(await back.take('welcome')).toMatchObject({ name: 'Ana' });
    // Another address, and this machine itself, still make new players.
    expect(await (await hello('198.51.100.4', { name: 'Dani' })).take('welcome')).toMatchObject({
      name: 'Dani',
      token: expect.stringMatching(/^atp_/) as string,
    });
    await newPlayer(base, 'Eva');
    expect(made).toHaveBeenCalledTimes(4);
  });
});

/** A rack's tiles in canonical order, from its counts. */
function tilesOf(counts: Uint8Array): number[] {
  const out: number[] = [];
  counts.forEach((n, t) => {
    for (let i = 0; i < n; i++) out.push(t);
  });
  return out;
}

/** A view as JSON with the clock's time base (when it was built, on whose clock) left out. */
function withoutTimeBase(v: ClientView): unknown {
  const json = JSON.parse(JSON.stringify(v)) as { clock: { since?: number; at?: number } | null };
  if (json.clock) {
    delete json.clock.since;
    delete json.clock.at;
  }
  return json;
}
