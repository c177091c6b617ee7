/**
 * The key mode's screen, redrawn by difference (issue 10, item 10): a screen reader reads what
 * a terminal writes, so a reply must not come after a whole board. The screen is a fixed top
 * (board, scores, rack, mode and cursor) whose changed lines alone are rewritten in place, and
 * a bottom (the replies and the command line) written afresh below it after each key.
 */
import type { Writable } from 'node:stream';

const CLEAR = '\x1b[H\x1b[2J';
/** Erase from the cursor to the end of the line / of the screen. */
const ERASE_LINE = '\x1b[K';
const ERASE_BELOW = '\x1b[J';

// eslint-disable-next-line no-control-regex -- SGR colour sequences take no room on screen
const SGR = /\x1b\[[0-9;]*m/g;

/** The terminal's size, when the output is one (a pty or a real terminal). */
interface Sized {
  readonly columns?: number;
  readonly rows?: number;
}

/** Draws frames on a terminal, writing only what changed since the last one. */
export class Screen {
  /** The top lines as last drawn at rows 1…n; undefined when the screen must be redrawn whole. */
  private top: readonly string[] | undefined;

  constructor(private readonly out: Writable & Sized) {}

  /**
   * Draws a frame: the whole screen the first time, after `invalidate`, or when the top
   * changed height; otherwise the top's changed lines in place and then the bottom.
   */
  draw(top: readonly string[], bottom: readonly string[]): void {
    const bottomText = bottom.map((l) => l + ERASE_LINE + '\n').join('');
    let text: string;
    if (this.top?.length !== top.length) text = CLEAR + top.join('\n') + '\n' + bottomText;
    else {
      const changed = top.flatMap((l, i) =>
        l === this.top![i] ? [] : [`\x1b[${i + 1};1H${l}${ERASE_LINE}`],
      );
      text = changed.join('') + `\x1b[${top.length + 1};1H${ERASE_BELOW}` + bottomText;
    }
    this.out.write(text);
    // A frame taller than the terminal scrolls it, and the rows no longer are where the top was
    // drawn: the next frame is drawn whole.
    this.top = this.rowsOf([...top, ...bottom]) < (this.out.rows ?? Infinity) ? top : undefined;
  }

  /** The next frame is drawn whole (the terminal was resized or written over). */
  invalidate(): void {
    this.top = undefined;
  }

  // Rows the lines take on screen, long ones wrapping at the terminal's width.
  private rowsOf(lines: readonly string[]): number {
    const cols = this.out.columns ?? Infinity;
    return lines.reduce((n, l) => {
      const width = [...l.replace(SGR, '')].length;
      return n + Math.max(1, Math.ceil(width / cols));
    }, 0);
  }
}
