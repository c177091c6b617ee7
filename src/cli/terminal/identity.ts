/**
 * Who the player is on each server, kept between runs so that `atril play --servidor` comes
 * back as the same player (and so to the same seats): the secret token the server gave and the
 * name chosen, per server address, in `servidores.json` under the user's configuration folder
 * ($XDG_CONFIG_HOME/atril, else ~/.config/atril). The file is written readable by its owner
 * only, since the token is all it takes to play as that person.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
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

/** Every server's identity as stored; an unreadable or malformed file reads as empty. */
function readAll(dir: string): Record<string, Identity> {
  const path = join(dir, FILE);
  if (!existsSync(path)) return {};
  try {
    const json = JSON.parse(readFileSync(path, 'utf8')) as unknown;
    if (typeof json !== 'object' || json === null || Array.isArray(json)) return {};
    const out: Record<string, Identity> = {};
    for (const [server, v] of Object.entries(json as Record<string, unknown>)) {
      if (typeof v !== 'object' || v === null) continue;
      const { token, name } = v as Record<string, unknown>;
      out[server] = {
        ...(typeof token === 'string' && { token }),
        ...(typeof name === 'string' && { name }),
      };
    }
    return out;
  } catch {
    return {};
  }
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
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const all = { ...readAll(dir), [server]: identity };
    const path = join(dir, FILE);
    writeFileAtomic(path, Buffer.from(JSON.stringify(all, null, 2) + '\n', 'utf8'));
    chmodSync(path, 0o600);
    return true;
  } catch {
    return false;
  }
}
