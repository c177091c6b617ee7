/**
 * The little of a WebSocket the client uses, so that one client runs on the browser's native
 * `WebSocket` and on Node's `ws` package alike: both have these members with these meanings.
 * The caller passes the constructor (`(url) => new WebSocket(url)`); nothing here imports one.
 */

/** A socket's `readyState` when it can send (the WebSocket standard's OPEN). */
export const OPEN = 1;

/** What arrives with a frame: text frames carry a string (`ws` and browsers agree). */
export interface FrameEvent {
  readonly data: unknown;
}

/** What arrives when the socket closes: the close code (1006 when the link just dropped). */
export interface CloseEvent {
  readonly code: number;
}

/**
 * An event handler property, compared like a method (bivariantly): the platforms' handlers take
 * richer event types than the two fields read here, and must still fit.
 */
type Handler<E> = { bivariant(ev: E): void }['bivariant'] | null;

/** The members of a WebSocket the client needs. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number): void;
  onopen: Handler<unknown>;
  onmessage: Handler<FrameEvent>;
  onclose: Handler<CloseEvent>;
  onerror: Handler<unknown>;
}

/** Opens a WebSocket to a URL: `(url) => new WebSocket(url)` on either platform. */
export type SocketFactory = (url: string) => SocketLike;

/** Timers as both platforms have them (the client's tsconfig knows neither DOM nor Node). */
export interface Timers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The platform's own timers, read off the global object. */
export function platformTimers(): Timers {
  const g = globalThis as unknown as {
    setTimeout(run: () => void, ms: number): unknown;
    clearTimeout(handle: unknown): void;
  };
  return {
    setTimeout: (run, ms) => g.setTimeout(run, ms),
    clearTimeout: (handle) => g.clearTimeout(handle),
  };
}
