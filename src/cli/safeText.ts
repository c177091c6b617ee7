/**
 * Text from files and from other people (nicknames, titles, word lists, saved games) reaches
 * the terminal only in a printable form: control characters (C0, DEL, C1) are shown as `\xNN`,
 * so a record cannot clear the screen, retitle the window or move the cursor; and an echoed
 * line is clipped, so a 100 MB line is not printed back whole.
 */

// C0 controls but tab and line feed, DEL and the C1 range (ESC, CSI, OSC …).
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/g; // eslint-disable-line no-control-regex

/** `text` with every control character but tab and line feed written as `\xNN`. */
export function printable(text: string): string {
  return text.replace(CONTROL, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/** Longest echo of a rejected input, in characters. */
export const ECHO_LIMIT = 80;

/** `text` cut to `limit` characters, saying how many were left out. */
export function clip(text: string, limit = ECHO_LIMIT): string {
  const chars = [...text.slice(0, limit * 2 + 2)];
  if (chars.length <= limit && text.length <= limit * 2) return text;
  const rest = text.length - chars.slice(0, limit).join('').length;
  return `${chars.slice(0, limit).join('')}… (y ${rest} caracteres más)`;
}

/** A rejected input as it should be echoed: clipped, then made printable. */
export function echo(text: string): string {
  return printable(clip(text));
}

/**
 * Makes every later write of `stream` printable (carriage returns kept, for progress lines);
 * returns the function that restores it. For commands whose output never carries escapes.
 */
export function printableWrites(stream: NodeJS.WriteStream, keepCr: boolean): () => void {
  const write = stream.write;
  const fix = (s: string): string =>
    keepCr ? s.split('\r').map(printable).join('\r') : printable(s);
  stream.write = function (this: NodeJS.WriteStream, chunk: unknown, ...rest: unknown[]) {
    const text =
      typeof chunk === 'string'
        ? fix(chunk)
        : chunk instanceof Uint8Array
          ? fix(Buffer.from(chunk).toString('utf8'))
          : chunk;
    return (write as (...a: unknown[]) => boolean).call(this, text, ...rest);
  } as typeof stream.write;
  return () => {
    stream.write = write;
  };
}
