/**
 * Long commands on a terminal (`atril analyze`, `atril endgame`, `atril best --sim`, `atril
 * selfplay`): one status line on stderr rewritten in place, and Control+C that stops the work
 * early instead of killing it.
 */

/**
 * One line of stderr rewritten in place. stderr passes no control sequences (safeText.ts), so a
 * shorter line is padded with spaces over the longer one before it.
 */
export class StatusLine {
  private shown = 0;

  /** Replaces the line with `text`. */
  show(text: string): void {
    process.stderr.write(`\r${text.padEnd(this.shown)}`);
    this.shown = text.length;
  }

  /** Blanks the line and puts the cursor back at its start, for the answer that follows. */
  clear(): void {
    if (this.shown > 0) process.stderr.write(`\r${' '.repeat(this.shown)}\r`);
    this.shown = 0;
  }
}

/**
 * Until the returned function is called, the first Control+C runs `stop` (the command then
 * answers with what it has so far) and a second one exits at once with 130, as a program that
 * does not catch it would.
 */
function stopOnCtrlC(stop: () => void): () => void {
  let pressed = false;
  const onSigint = () => {
    if (pressed) process.exit(130);
    pressed = true;
    stop();
  };
  process.on('SIGINT', onSigint);
  return () => process.off('SIGINT', onSigint);
}

/**
 * A long command's progress: a status line on a terminal's stderr, drawn by `render` now, every
 * second and on `update`, and Control+C (see `stopOnCtrlC`), whose first press runs `stop` and
 * turns the line's tail from «Ctrl+C para parar» to «parando…». `end` clears both.
 */
export class LongTask {
  private readonly line = process.stderr.isTTY === true ? new StatusLine() : null;
  private readonly ticker: ReturnType<typeof setInterval> | null;
  private readonly release: () => void;
  private halting = false;

  constructor(
    private readonly render: (tail: string) => string,
    stop: () => void,
  ) {
    this.ticker = this.line ? setInterval(() => this.update(), 1000) : null;
    this.release = stopOnCtrlC(() => {
      this.halting = true;
      this.update();
      stop();
    });
    this.update();
  }

  /** Whether Control+C was pressed. */
  get stopped(): boolean {
    return this.halting;
  }

  /** Draws the line again (something it shows has changed). */
  update(): void {
    this.line?.show(this.render(this.halting ? 'parando…' : 'Ctrl+C para parar'));
  }

  /** Stops listening for Control+C and clears the line, for the answer that follows. */
  end(): void {
    this.release();
    if (this.ticker !== null) clearInterval(this.ticker);
    this.line?.clear();
  }
}

/** A bar of `width` characters, `done` of `total` filled: [#####.....]. */
export function progressBar(done: number, total: number, width = 30): string {
  const f = total > 0 ? Math.min(width, Math.round((done / total) * width)) : 0;
  return `[${'#'.repeat(f)}${'.'.repeat(width - f)}]`;
}
