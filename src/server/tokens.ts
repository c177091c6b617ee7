/**
 * Secrets and identifiers (issue 11 §2). A player keeps a random token that proves who they
 * are; an invitation link carries a seat token. Tokens are 256 random bits from the operating
 * system (crypto.randomBytes), sent as base64url with a prefix naming their kind, and the
 * server stores only their SHA-256 hashes: a leaked database reveals no usable token.
 *
 * SHA-256 without salt or stretching is right here because the tokens are high-entropy random
 * strings, not passwords: nobody can guess one to test against a hash. Looking a hash up in an
 * index leaks nothing useful either, since an attacker cannot choose which hash prefixes their
 * guesses produce; where a presented token is checked against one known hash, `tokenMatches`
 * compares in constant time.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** The kinds of token: a player's identity, or one seat of one game. */
export type TokenKind = 'player' | 'seat';

const PREFIX: Readonly<Record<TokenKind, string>> = { player: 'atp_', seat: 'ats_' };
const TOKEN_BYTES = 32;
// base64url of 32 bytes without padding.
const BODY = /^[A-Za-z0-9_-]{43}$/;

/** A new secret token of a kind: its prefix and 256 random bits in base64url. */
export function newToken(kind: TokenKind): string {
  return PREFIX[kind] + randomBytes(TOKEN_BYTES).toString('base64url');
}

/**
 * True when a string has the exact shape of a token of this kind. Checked before hashing so
 * that oversized or foreign input is refused without work, and a seat token can never stand
 * in for a player token.
 */
export function isTokenOf(kind: TokenKind, text: unknown): text is string {
  return (
    typeof text === 'string' &&
    text.length === PREFIX[kind].length + 43 &&
    text.startsWith(PREFIX[kind]) &&
    BODY.test(text.slice(PREFIX[kind].length))
  );
}

/** The hash the store keeps for a token: SHA-256, hex. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Whether `token` hashes to `hash`, compared in constant time. */
export function tokenMatches(token: string, hash: string): boolean {
  const a = createHash('sha256').update(token, 'utf8').digest();
  const b = Buffer.from(hash, 'hex');
  return b.length === a.length && timingSafeEqual(a, b);
}

/**
 * A new public identifier for a player, game or room: 96 random bits in base64url (16
 * characters), unguessable enough that ids in links reveal nothing about others.
 */
export function newId(): string {
  return randomBytes(12).toString('base64url');
}
