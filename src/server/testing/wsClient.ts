/**
 * A WebSocket client for the room tests: it records every frame the server sends, parses
 * each with the protocol's server schema (a frame that does not parse fails the test), keeps
 * the latest view per game, and lets a test wait for a frame of a kind.
 */
import { WebSocket } from 'ws';
import { type ClientView, type ServerMessage, serverMessageSchema } from '../../protocol/index.js';

/** A recording client (see the module comment). */
export class Client {
  /** Every frame received, as sent (text), in order. */
  readonly raw: string[] = [];
  private readonly pending: ServerMessage[] = [];
  private waiters: (() => void)[] = [];
  /** The latest view received, per game. */
  readonly views = new Map<string, ClientView>();
  /** Resolves to the close code once the connection is closed. */
  readonly closed: Promise<number>;
  private isClosed = false;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const text = String(data);
      this.raw.push(text);
      const msg = serverMessageSchema.parse(JSON.parse(text));
      if (msg.type === 'view') this.views.set(msg.gameId, msg.view);
      this.pending.push(msg);
      this.wake();
    });
    this.closed = new Promise((resolve) =>
      ws.once('close', (code) => {
        this.isClosed = true;
        this.wake();
        resolve(code);
      }),
    );
  }

  /** Connects to `ws://base/ws`. */
  static open(base: string): Promise<Client> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`ws://${base}/ws`);
      ws.once('open', () => resolve(new Client(ws)));
      ws.once('error', reject);
    });
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  /** Sends a message as JSON, or a string as it is. */
  send(msg: unknown): void {
    this.ws.send(typeof msg === 'string' ? msg : JSON.stringify(msg));
  }

  /** The first frame not yet taken that matches, waiting for it if needed. */
  take<T extends ServerMessage['type']>(
    type: T,
    pred: (m: Extract<ServerMessage, { type: T }>) => boolean = () => true,
  ): Promise<Extract<ServerMessage, { type: T }>> {
    return this.takeAny(
      (m) => m.type === type && pred(m as Extract<ServerMessage, { type: T }>),
    ) as Promise<Extract<ServerMessage, { type: T }>>;
  }

  private takeAny(pred: (m: ServerMessage) => boolean): Promise<ServerMessage> {
    return new Promise((resolve) => {
      const look = () => {
        const i = this.pending.findIndex(pred);
        if (i < 0) this.waiters.push(look);
        else resolve(this.pending.splice(i, 1)[0]!);
      };
      look();
    });
  }

  /**
   * The next frame not yet taken, or `closed` once the connection is closed with nothing
   * left to take: what a test waits for after sending a frame that must be answered or end
   * the connection.
   */
  next(): Promise<ServerMessage | 'closed'> {
    return new Promise((resolve) => {
      const look = () => {
        if (this.pending.length > 0) resolve(this.pending.shift()!);
        else if (this.isClosed) resolve('closed');
        else this.waiters.push(look);
      };
      look();
    });
  }

  /** The view of a game once it has reached `version`. */
  async viewAt(gameId: string, version: number): Promise<ClientView> {
    await new Promise<void>((resolve) => {
      const look = () => {
        if ((this.views.get(gameId)?.version ?? -1) >= version) resolve();
        else this.waiters.push(look);
      };
      look();
    });
    return this.views.get(gameId)!;
  }

  /** The answer to this client's latest act on a game: its ack or its error. */
  answer(gameId: string): Promise<ServerMessage> {
    return this.takeAny((m) => (m.type === 'ack' || m.type === 'error') && m.gameId === gameId);
  }

  /** Starts the closing handshake. */
  close(): void {
    this.ws.close();
  }
}
