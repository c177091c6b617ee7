/**
 * Raw terminal input to the core's abstract key events. A terminal cannot see physical keys, so
 * Shift+digit is read from the symbols Shift gives on US and Spanish layouts (`!@#$%^*` and
 * `"·)`); the symbols that stand for different digits on the two (`&`, `(`, and `/`, Spanish
 * Shift+7) carry their candidate digits for the core to explain, and Alt+digit (ESC then the
 * digit) works on any layout.
 */
import type { KeyInput } from '../../play/types.js';

/**
 * A decoded input: a key, the user asking to quit (Ctrl+C, or Ctrl+D, which in a raw terminal is
 * a key like any other and so asks first, issue 10 item 7), or the end of the input stream (the
 * terminal went away: nobody is left to ask).
 */
export type TermInput = { kind: 'key'; key: KeyInput } | { kind: 'quit' } | { kind: 'eof' };

/**
 * Until the returned function is called, a hang-up (the terminal window closed, an ssh link
 * dropped) or a kill puts the raw terminal back before the process exits with the signal's code
 * (SIGKILL cannot be caught), after writing what `farewell` gives, if anything.
 */
export function restoreOnSignal(
  input: { setRawMode?: (raw: boolean) => unknown },
  farewell?: { readonly output: { write(text: string): unknown }; readonly text: () => string },
): () => void {
  const onSignal = (signal: NodeJS.Signals): void => {
    // Worked out first: saving a game does not need the terminal.
    const text = farewell ? farewell.text() : '';
    try {
      input.setRawMode?.(false);
      if (farewell) farewell.output.write(text);
    } catch {
      // the terminal may already be gone
    }
    process.exit(128 + (signal === 'SIGHUP' ? 1 : 15));
  };
  process.on('SIGHUP', onSignal);
  process.on('SIGTERM', onSignal);
  return () => {
    process.off('SIGHUP', onSignal);
    process.off('SIGTERM', onSignal);
  };
}

const SEQUENCES: Record<string, KeyInput> = {
  '\x1b[A': { key: 'ArrowUp' },
  '\x1b[B': { key: 'ArrowDown' },
  '\x1b[C': { key: 'ArrowRight' },
  '\x1b[D': { key: 'ArrowLeft' },
  '\x1bOA': { key: 'ArrowUp' },
  '\x1bOB': { key: 'ArrowDown' },
  '\x1bOC': { key: 'ArrowRight' },
  '\x1bOD': { key: 'ArrowLeft' },
  '\x1b[H': { key: 'Home' },
  '\x1bOH': { key: 'Home' },
  '\x1b[1~': { key: 'Home' },
  '\x1b[7~': { key: 'Home' },
  '\x1b[F': { key: 'End' },
  '\x1bOF': { key: 'End' },
  '\x1b[4~': { key: 'End' },
  '\x1b[8~': { key: 'End' },
  '\x1b[1;5H': { key: 'Home', ctrl: true },
  '\x1b[1;5F': { key: 'End', ctrl: true },
  '\x1bOP': { key: 'F1' },
  '\x1b[11~': { key: 'F1' },
  '\x1b[[A': { key: 'F1' },
};

// The symbol Shift+digit types, on the US and the Spanish layouts, where only one digit fits.
const SHIFTED_DIGITS: Record<string, string> = {
  '!': '1',
  '@': '2',
  '"': '2',
  '#': '3',
  '·': '3',
  $: '4',
  '%': '5',
  '^': '6',
  '*': '8',
  ')': '9',
};

// Symbols that are Shift+one digit on one layout and Shift+another on the other (US first):
// a terminal cannot tell which, so the core says so and offers Alt+digit (issue 10, item 5).
const AMBIGUOUS_DIGITS: Record<string, readonly number[]> = {
  '&': [7, 6],
  '(': [9, 8],
};

/** Splits a chunk of terminal input into inputs. */
function decodeKeys(chunk: string): TermInput[] {
  const out: TermInput[] = [];
  let i = 0;
  const key = (k: KeyInput): void => {
    out.push({ kind: 'key', key: k });
  };
  while (i < chunk.length) {
    const rest = chunk.slice(i);
    if (rest[0] === '\x1b') {
      // eslint-disable-next-line no-control-regex -- terminal escape sequences
      const seq = /^\x1b(\[[0-9;]*[A-Za-z~]|\[\[[A-E]|O[A-Z])/.exec(rest);
      if (seq) {
        // A key the terminal names but the game does not use still gets its "sin función".
        key(SEQUENCES[seq[0]] ?? { key: 'Unidentified' });
        i += seq[0].length;
        continue;
      }
      // eslint-disable-next-line no-control-regex -- Alt+digit arrives as ESC then the digit
      const alt = /^\x1b([1-9])/.exec(rest);
      if (alt) {
        key({ key: alt[1]!, code: `Digit${alt[1]}`, shift: true });
        i += 2;
        continue;
      }
      key({ key: 'Escape' });
      i += 1;
      continue;
    }
    const ch = String.fromCodePoint(rest.codePointAt(0)!);
    i += ch.length;
    if (ch === '\x03' || ch === '\x04') out.push({ kind: 'quit' });
    else if (ch === '\r' || ch === '\n') key({ key: 'Enter' });
    else if (ch === '\x7f' || ch === '\b') key({ key: 'Backspace' });
    else if (ch === '\t') key({ key: 'Tab' });
    else if (AMBIGUOUS_DIGITS[ch]) key({ key: ch, shift: true, digits: AMBIGUOUS_DIGITS[ch] });
    else if (ch === '/') key({ key: ch, digits: [7] });
    else if (SHIFTED_DIGITS[ch]) {
      const d = SHIFTED_DIGITS[ch];
      key({ key: d, code: `Digit${d}`, shift: true });
    } else if (/^[1-9]$/.test(ch)) key({ key: ch, code: `Digit${ch}`, shift: false });
    else if (ch >= ' ') key({ key: ch, shift: ch !== ch.toLowerCase() });
    else key({ key: 'Unidentified' }); // another Ctrl+key: it does nothing, and says so
  }
  return out;
}

/** Turns a readable stream of raw input into a queue of decoded inputs. */
export class KeyQueue {
  private items: TermInput[] = [];
  private waiting: ((t: TermInput) => void) | undefined;

  /** Adds decoded inputs from a chunk. */
  push(chunk: string): void {
    for (const t of decodeKeys(chunk)) this.put(t);
  }

  /** Marks the end of input. */
  end(): void {
    this.put({ kind: 'eof' });
  }

  private put(t: TermInput): void {
    const w = this.waiting;
    if (w) {
      this.waiting = undefined;
      w(t);
    } else this.items.push(t);
  }

  /** The next input, waiting for one if needed. */
  next(): Promise<TermInput> {
    const t = this.items.shift();
    if (t) return Promise.resolve(t);
    return new Promise((resolve) => (this.waiting = resolve));
  }
}
