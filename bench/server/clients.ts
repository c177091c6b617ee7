/**
 * A worker thread of benchmark clients: two WebSocket clients per table, one per seat, each
 * saying hello with its player's token and joining its table's game. At its table's pace
 * (one move every `intervalMs`, the tables' starts spread over the first interval) the seat
 * on turn sends the next recorded move and times how long the server takes to acknowledge it;
 * a table whose game ends joins its next game. Views are received but not parsed: the
 * clients must cost as little as possible next to the server they measure.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { WebSocket } from 'ws';
import { PROTOCOL_VERSION } from '../../src/protocol/index.js';
import type { RecordedMove } from './games.js';

/** One game of a table: its id and the recorded moves still to play in it. */
export interface TableGame {
  readonly gameId: string;
  readonly moves: readonly RecordedMove[];
}

/** A table: its two players' tokens and its games, played one after the other. */
export interface Table {
  readonly tokens: readonly [string, string];
  readonly games: readonly TableGame[];
}

/** What a client worker is given. */
export interface ClientsData {
  readonly base: string;
  readonly tables: readonly Table[];
  readonly intervalMs: number;
}

/** The bench's go, once every worker's clients are connected: when to start and stop. */
export interface ClientsGo {
  /** When the first moves may be sent (epoch milliseconds). */
  readonly start: number;
  /** Moves are sent until this time (epoch milliseconds). */
  readonly until: number;
}

/** Messages from a worker to the bench. */
export type ClientsReport =
  | { readonly kind: 'ready' }
  | { readonly kind: 'progress'; readonly acked: number; readonly errors: number }
  | {
      readonly kind: 'done';
      /** Acknowledgement latencies in milliseconds, one per move. */
      readonly latencies: Float64Array;
      /** When each move was sent, in milliseconds since the run's start (same order). */
      readonly sentAt: Float64Array;
      readonly errors: number;
      readonly firstErrors: readonly string[];
      readonly unanswered: number;
    };

const data = workerData as ClientsData;
const port = parentPort!;
let go: ClientsGo = { start: 0, until: 0 };
const latencies: number[] = [];
const sentAt: number[] = [];
let errors = 0;
const firstErrors: string[] = [];
let pending = 0;

/** Opens a socket, says hello with a token and resolves once welcomed. */
function connect(token: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://${data.base}/ws`);
    ws.once('error', reject);
    ws.once('open', () =>
      ws.send(JSON.stringify({ type: 'hello', protocol: PROTOCOL_VERSION, token })),
    );
    ws.once('message', (m) => {
      const text = String(m);
      if (text.startsWith('{"type":"welcome"')) resolve(ws);
      else reject(new Error(`no welcome: ${text.slice(0, 200)}`));
    });
  });
}

/** Plays a table's games at its pace until the end of the run. */
class TablePlayer {
  private game = 0;
  private move = 0;
  private sentAt = 0;
  private next: number;
  private joinedViews = 0;
  private entered: (() => void) | undefined;

  constructor(
    private readonly table: Table,
    private readonly sockets: readonly [WebSocket, WebSocket],
    private readonly offset: number,
  ) {
    this.next = 0;
    for (const ws of sockets) ws.on('message', (m) => this.receive(String(m)));
  }

  /** Joins the table's first game before the run starts; resolves once both seats are in. */
  enter(): Promise<void> {
    return new Promise((resolve) => {
      this.entered = resolve;
      this.join();
    });
  }

  /** Starts playing at the table's offset into the first interval. */
  begin(): void {
    this.next = go.start + this.offset;
    this.schedule();
  }

  private join(): void {
    const g = this.table.games[this.game];
    if (!g || (go.until > 0 && Date.now() >= go.until)) return;
    this.move = 0;
    this.joinedViews = 0;
    for (const ws of this.sockets) ws.send(JSON.stringify({ type: 'join', gameId: g.gameId }));
  }

  private receive(text: string): void {
    if (text.startsWith('{"type":"view"')) {
      // The first view on each socket after a join: the table is in its game.
      if (this.joinedViews < 2 && ++this.joinedViews === 2) {
        if (this.entered) {
          this.entered();
          this.entered = undefined;
        } else this.schedule();
      }
      return;
    }
    if (text.startsWith('{"type":"ack"')) {
      latencies.push(performance.now() - this.sentAt);
      sentAt.push(this.sentAt - runStart);
      pending--;
      this.move++;
      this.schedule();
      return;
    }
    if (text.startsWith('{"type":"error"')) {
      errors++;
      pending--;
      if (firstErrors.length < 5) firstErrors.push(text.slice(0, 300));
      // The game cannot go on from here; the table goes on with its next game.
      this.game++;
      this.join();
    }
  }

  private schedule(): void {
    const g = this.table.games[this.game]!;
    if (this.move >= g.moves.length) {
      this.game++;
      this.join();
      return;
    }
    const wait = Math.max(0, this.next - Date.now());
    this.next = Math.max(this.next, Date.now()) + data.intervalMs;
    setTimeout(() => this.send(), wait);
  }

  private send(): void {
    if (Date.now() >= go.until) return;
    const g = this.table.games[this.game]!;
    const m = g.moves[this.move]!;
    pending++;
    this.sentAt = performance.now();
    this.sockets[m.seat]!.send(
      JSON.stringify({
        type: 'act',
        gameId: g.gameId,
        action: { ...m.move, version: m.version },
      }),
    );
  }
}

const players: TablePlayer[] = [];
// Connections opened and games joined a few at a time before the run, so that the run
// measures moves, not thousands of simultaneous joins.
const BATCH = 50;
for (let i = 0; i < data.tables.length; i += BATCH) {
  const batch = data.tables.slice(i, i + BATCH);
  const opened = await Promise.all(
    batch.map(async (t) => [await connect(t.tokens[0]), await connect(t.tokens[1])] as const),
  );
  const entering = batch.map((t, j) => {
    const offset = ((i + j) / data.tables.length) * data.intervalMs;
    const player = new TablePlayer(t, opened[j]!, offset);
    players.push(player);
    return player.enter();
  });
  await Promise.all(entering);
}
go = await new Promise<ClientsGo>((resolve) => {
  port.once('message', resolve);
  port.postMessage({ kind: 'ready' } satisfies ClientsReport);
});
// The run's start on this thread's clock (go.start is on the wall clock).
const runStart = performance.now() + (go.start - Date.now());
for (const p of players) p.begin();

const progress = setInterval(() => {
  port.postMessage({ kind: 'progress', acked: latencies.length, errors } satisfies ClientsReport);
}, 1000);
await new Promise((r) => setTimeout(r, Math.max(0, go.until - Date.now()) + 2000));
clearInterval(progress);
const out = Float64Array.from(latencies);
const at = Float64Array.from(sentAt);
port.postMessage(
  {
    kind: 'done',
    latencies: out,
    sentAt: at,
    errors,
    firstErrors,
    unanswered: pending,
  } satisfies ClientsReport,
  [out.buffer, at.buffer],
);
process.exit(0);
