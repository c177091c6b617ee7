/**
 * Text from files and from other people (nicknames, titles, word lists, saved games, a CGP
 * field) reaches a player only in a printable form: control characters (C0, DEL, C1) are shown
 * as `\xNN`, so a record cannot clear the screen, retitle the window or move the cursor; and an
 * echoed input is clipped, so a 100 MB line is not printed back whole. Pure, so the terminal,
 * the CLI and the web client share it (src/cli/safeText.ts adds the stream filter).
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
