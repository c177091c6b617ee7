/**
 * Text from files and from other people (nicknames, titles, word lists, saved games) reaches
 * the terminal only in a printable form: control characters (C0, DEL, C1) are shown as `\xNN`,
 * so a record cannot clear the screen, retitle the window or move the cursor; and an echoed
 * line is clipped, so a 100 MB line is not printed back whole.
 */

import { printable } from '../play/echo.js';

export { clip, echo, printable } from '../play/echo.js';

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
