/** `atril play` driven through a real pseudo-terminal (node-pty), for the key-mode tests. */
import { join } from 'node:path';
import { type IPty, spawn } from 'node-pty';

/** The `atril` command of this checkout. */
export const BIN = join(import.meta.dirname, '..', '..', 'bin', 'atril.js');

/**
 * `atril play` (or another `command`) in a real pseudo-terminal (single-key mode), with its
 * output collected.
 */
export class Terminal {
  readonly pty: IPty;
  out = '';
  exit: Promise<number>;

  constructor(args: string[], env: Record<string, string> = { NO_COLOR: '1' }, command = 'play') {
    this.pty = spawn(process.execPath, [BIN, command, ...args], {
      cols: 100,
      rows: 45,
      env: Object.fromEntries(
        Object.entries({ ...process.env, ...env }).filter(
          (e): e is [string, string] =>
            e[1] !== undefined && (e[0] !== 'NO_COLOR' || 'NO_COLOR' in env),
        ),
      ),
    });
    this.pty.onData((d) => (this.out += d));
    this.exit = new Promise((resolve) => this.pty.onExit((e) => resolve(e.exitCode)));
  }

  /** Waits until the output since `from` contains `text`. */
  async waitFor(text: string, from = 0, ms = 15_000): Promise<string> {
    const end = Date.now() + ms;
    while (!this.out.slice(from).includes(text)) {
      if (Date.now() > end)
        throw new Error(`no «${text}» in:\n${this.out.slice(from).slice(-2500)}`);
      await new Promise((r) => setTimeout(r, 10));
    }
    return this.out.slice(from);
  }

  /** Types raw input and returns the screen it produced once `text` shows. */
  async press(keys: string, text: string): Promise<string> {
    const from = this.out.length;
    this.pty.write(keys);
    return this.waitFor(text, from);
  }
}

/** The last screen drawn: what follows the last clear-screen sequence. */
export function lastScreen(out: string): string {
  return out.slice(out.lastIndexOf('\x1b[2J') + 4);
}
