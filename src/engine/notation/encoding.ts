/**
 * Byte-level text decoding for game records, without Node or DOM APIs (the engine has neither).
 * GCG files are ISO-8859-1 unless their first line says `#character-encoding UTF-8`
 * (FORMAT.md §1); CGP strings and the files Atril writes are UTF-8.
 */
import { type Err, type Result, err, ok } from '../result.js';

/** Why bytes could not become text. */
export interface DecodeError {
  readonly code: 'INVALID_UTF8';
  /** Byte offset of the first bad sequence. */
  readonly offset: number;
  /** 1-based line of the bad sequence. */
  readonly line: number;
}

/** Decodes UTF-8 strictly: overlong forms, surrogates and truncated sequences are errors. */
export function decodeUtf8(bytes: Uint8Array): Result<string, DecodeError> {
  const parts: string[] = [];
  let units: number[] = [];
  let line = 1;
  let i = 0;
  const bad = (): Err<DecodeError> => err({ code: 'INVALID_UTF8', offset: i, line });
  while (i < bytes.length) {
    const b = bytes[i]!;
    let cp: number;
    let need: number;
    let min: number;
    if (b < 0x80) {
      if (b === 0x0a) line++;
      units.push(b);
      i++;
      if (units.length >= 4096) flush();
      continue;
    } else if (b >= 0xc2 && b <= 0xdf) {
      cp = b & 0x1f;
      need = 1;
      min = 0x80;
    } else if (b >= 0xe0 && b <= 0xef) {
      cp = b & 0x0f;
      need = 2;
      min = 0x800;
    } else if (b >= 0xf0 && b <= 0xf4) {
      cp = b & 0x07;
      need = 3;
      min = 0x10000;
    } else {
      return bad();
    }
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return bad();
      cp = (cp << 6) | (c & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return bad();
    if (cp > 0xffff) {
      const v = cp - 0x10000;
      units.push(0xd800 + (v >> 10), 0xdc00 + (v & 0x3ff));
    } else {
      units.push(cp);
    }
    i += need + 1;
    if (units.length >= 4096) flush();
  }
  flush();
  return ok(parts.join(''));

  function flush(): void {
    if (units.length) parts.push(String.fromCharCode(...units));
    units = [];
  }
}

/** Decodes ISO-8859-1: every byte is the code point of the same number. */
export function decodeLatin1(bytes: Uint8Array): string {
  const parts: string[] = [];
  for (let i = 0; i < bytes.length; i += 4096) {
    parts.push(String.fromCharCode(...bytes.subarray(i, i + 4096)));
  }
  return parts.join('');
}

/** Encodes text as UTF-8 bytes (lone surrogates become U+FFFD). */
export function encodeUtf8(text: string): Uint8Array {
  const out: number[] = [];
  for (const ch of text) {
    let cp = ch.codePointAt(0)!;
    if (cp >= 0xd800 && cp <= 0xdfff) cp = 0xfffd;
    if (cp < 0x80) out.push(cp);
    else if (cp < 0x800) out.push(0xc0 | (cp >> 6), 0x80 | (cp & 0x3f));
    else if (cp < 0x10000)
      out.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f));
    else
      out.push(
        0xf0 | (cp >> 18),
        0x80 | ((cp >> 12) & 0x3f),
        0x80 | ((cp >> 6) & 0x3f),
        0x80 | (cp & 0x3f),
      );
  }
  return Uint8Array.from(out);
}

/** True when any byte is outside ASCII. */
export function hasNonAscii(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) if (bytes[i]! >= 0x80) return true;
  return false;
}
