/**
 * Who the player is on each server, kept between runs so that `atril play --servidor` comes
 * back as the same player (and so to the same seats): the secret token the server gave and the
 * name chosen, per server address, in `servidores.json` under the user's configuration folder
 * ($XDG_CONFIG_HOME/atril, else ~/.config/atril); and the invitation links of the rooms
 * made here, in `invitaciones.json`. Both files are written readable by their owner only, since
 * a token is all it takes to play as that person, or to take that seat.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { InviteTokens } from '../../client/invites.js';
import { writeFileAtomic } from '../../lexicon/index.js';

/** The player's identity on one server. */
export interface Identity {
  readonly token?: string;
  readonly name?: string;
}

const FILE = 'servidores.json';

/** The folder of Atril's configuration: $XDG_CONFIG_HOME/atril or ~/.config/atril. */
export function configDir(env: NodeJS.ProcessEnv = process.env): string {
  const xdg = env['XDG_CONFIG_HOME'];
  return join(xdg && xdg.startsWith('/') ? xdg : join(homedir(), '.config'), 'atril');
}

// A file of the configuration folder as JSON: an object, or empty when missing or unreadable.
function readObject(dir: string, file: string): Record<string, unknown> {
  const path = join(dir, file);
  if (!existsSync(path)) return {};
  try {
    const json = JSON.parse(readFileSync(path, 'utf8')) as unknown;
    return typeof json === 'object' && json !== null && !Array.isArray(json)
      ? (json as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

// Writes a file of the configuration folder readable by its owner only (it holds secrets);
// false when it cannot be written.
function writePrivate(dir: string, file: string, json: unknown): boolean {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const path = join(dir, file);
    writeFileAtomic(path, Buffer.from(JSON.stringify(json, null, 2) + '\n', 'utf8'));
    chmodSync(path, 0o600);
    return true;
  } catch {
    return false;
  }
}

/** Every server's identity as stored; an unreadable or malformed file reads as empty. */
function readAll(dir: string): Record<string, Identity> {
  const out: Record<string, Identity> = {};
  for (const [server, v] of Object.entries(readObject(dir, FILE))) {
    if (typeof v !== 'object' || v === null) continue;
    const { token, name } = v as Record<string, unknown>;
    out[server] = {
      ...(typeof token === 'string' && { token }),
      ...(typeof name === 'string' && { name }),
    };
  }
  return out;
}

/** The identity kept for a server (empty when there is none). */
export function loadIdentity(server: string, dir = configDir()): Identity {
  return readAll(dir)[server] ?? {};
}

/**
 * Keeps a server's identity, replacing what was kept for it. Returns false when the file cannot
 * be written (the game goes on; the player just will not be recognised next time).
 */
export function saveIdentity(server: string, identity: Identity, dir = configDir()): boolean {
  return writePrivate(dir, FILE, { ...readAll(dir), [server]: identity });
}

// The invitation links of the rooms made from this user's terminal, by server and game: the
// server keeps only their hashes, so a link not shared at once would be lost.
const INVITES_FILE = 'invitaciones.json';
/** Rooms per server whose links are kept: the latest made. */
const INVITES_KEPT = 50;

// One server's rooms and their tokens as stored, malformed entries left out.
function serverInvites(dir: string, server: string): [string, InviteTokens][] {
  const rooms = readObject(dir, INVITES_FILE)[server];
  if (typeof rooms !== 'object' || rooms === null) return [];
  return Object.entries(rooms as Record<string, unknown>).flatMap(([gameId, tokens]) => {
    if (!Array.isArray(tokens)) return [];
    const valid = tokens.filter(
      (t: unknown): t is { seat: number; token: string } =>
        typeof t === 'object' &&
        t !== null &&
        Number.isInteger((t as { seat: unknown }).seat) &&
        typeof (t as { token: unknown }).token === 'string',
    );
    return [[gameId, valid.map(({ seat, token }) => ({ seat, token }))]];
  });
}

function writeServerInvites(dir: string, server: string, rooms: [string, InviteTokens][]): void {
  const all = readObject(dir, INVITES_FILE);
  writePrivate(dir, INVITES_FILE, { ...all, [server]: Object.fromEntries(rooms) });
}

/** The invitation tokens kept for a room made on a server (empty: none). */
export function loadInvites(server: string, gameId: string, dir = configDir()): InviteTokens {
  return serverInvites(dir, server).find(([id]) => id === gameId)?.[1] ?? [];
}

/** Keeps a new room's invitation tokens (the latest fifty rooms per server). */
export function saveInvites(
  server: string,
  gameId: string,
  tokens: InviteTokens,
  dir = configDir(),
): void {
  const rooms = serverInvites(dir, server).filter(([id]) => id !== gameId);
  rooms.push([gameId, tokens]);
  writeServerInvites(dir, server, rooms.slice(-INVITES_KEPT));
}

/** Forgets a room's invitation tokens (its seats are all taken, or it is over). */
export function forgetInvites(server: string, gameId: string, dir = configDir()): void {
  const rooms = serverInvites(dir, server);
  if (!rooms.some(([id]) => id === gameId)) return;
  writeServerInvites(
    dir,
    server,
    rooms.filter(([id]) => id !== gameId),
  );
}
