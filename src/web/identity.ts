/**
 * What this browser keeps: who it is to the server (the display name asked once and the player
 * token the server gave) and the page's settings, in localStorage (issue 12: the name is asked
 * once and remembered); each game's rack layout, per tab, in sessionStorage.
 */

import { z } from 'zod';
import { RACK_ORDERS } from '../play/rack.js';
import type { InviteTokens } from '../client/invites.js';
import { tileCode } from '../protocol/common.js';
import type { RackOrder } from '../play/types.js';

const NAME_KEY = 'atril.name';
const TOKEN_KEY = 'atril.token';
const SETTINGS_KEY = 'atril.settings';

/** The page's settings (UX.md §2.5). */
export interface Settings {
  readonly sound: boolean;
  readonly detailed: boolean;
  /** Chat lines read aloud as they arrive (a polite live log), or only on demand. */
  readonly chatAloud: boolean;
  /** How fast the player's screen reader speaks (`READING_RATES`). */
  readonly readingRate: ReadingRate;
  /** The order the rack is read in (the I key). */
  readonly rackOrder: RackOrder;
}

/**
 * How fast a screen reader speaks, in characters a second: the page cannot ask it, and waits
 * that long for the player's own play to be read before a quick reply is said (controller.ts,
 * `speakingMs`). Normal is about NVDA's default rate; blind players often speed it up.
 */
export const READING_RATES = { lenta: 10, normal: 15, rapida: 25, 'muy-rapida': 40 } as const;
/** A screen reader's speed as the settings name it. */
export type ReadingRate = keyof typeof READING_RATES;

const DEFAULT_SETTINGS: Settings = {
  sound: true,
  detailed: false,
  chatAloud: true,
  readingRate: 'normal',
  rackOrder: 'robo',
};

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Private browsing may refuse storage: the page still works for this visit.
  }
}

/** The remembered display name, if any. */
export function savedName(): string | null {
  return read(NAME_KEY);
}

/** Remembers the display name. */
export function saveName(name: string): void {
  write(NAME_KEY, name);
}

/** The player token the server gave this browser, if any. */
export function savedToken(): string | null {
  return read(TOKEN_KEY);
}

/** Remembers the player token (sent in `hello` on every visit). */
export function saveToken(token: string): void {
  write(TOKEN_KEY, token);
}

/** Forgets a token the server no longer knows. */
export function forgetToken(): void {
  try {
    localStorage.removeItem(TOKEN_KEY);
  } catch {
    // Nothing stored, nothing to forget.
  }
}

// Each setting read on its own: one missing or unreadable (an older page's, a value this page
// no longer offers) takes its default and leaves the others as they were.
const settingsSchema = z
  .object({
    sound: z.boolean().catch(DEFAULT_SETTINGS.sound),
    detailed: z.boolean().catch(DEFAULT_SETTINGS.detailed),
    chatAloud: z.boolean().catch(DEFAULT_SETTINGS.chatAloud),
    readingRate: z
      .enum(Object.keys(READING_RATES) as [ReadingRate, ...ReadingRate[]])
      .catch(DEFAULT_SETTINGS.readingRate),
    rackOrder: z.enum(RACK_ORDERS as [RackOrder, ...RackOrder[]]).catch(DEFAULT_SETTINGS.rackOrder),
  })
  .catch(DEFAULT_SETTINGS);

/** The remembered settings, defaults for anything missing or unreadable. */
export function loadSettings(): Settings {
  try {
    return settingsSchema.parse(JSON.parse(read(SETTINGS_KEY) ?? '{}'));
  } catch {
    return DEFAULT_SETTINGS;
  }
}

/** Remembers the settings. */
export function saveSettings(s: Settings): void {
  write(SETTINGS_KEY, JSON.stringify(s));
}

/** Remembers one setting, the others as they are stored (another tab may have changed them). */
export function saveSetting<K extends keyof Settings>(key: K, value: Settings[K]): void {
  saveSettings({ ...loadSettings(), [key]: value });
}

// A game's rack layout, per browser tab: a reload lays the rack out as the player knew it.
const RACK_KEY = 'atril.rack.';
const rackLayout = z.array(tileCode);

/** The rack layout kept for a game in this tab (tile codes in slot order), if any. */
export function savedRack(gameId: string): number[] | null {
  try {
    const raw: unknown = JSON.parse(sessionStorage.getItem(RACK_KEY + gameId) ?? 'null');
    const layout = rackLayout.safeParse(raw);
    return layout.success ? layout.data : null;
  } catch {
    return null;
  }
}

/** Keeps a game's rack layout for this tab. */
export function saveRack(gameId: string, slots: readonly number[]): void {
  try {
    sessionStorage.setItem(RACK_KEY + gameId, JSON.stringify(slots));
  } catch {
    // A browser that keeps nothing still plays; the layout is then the server's after a reload.
  }
}

// The invitation links of the rooms this browser made, by game: the server keeps only their
// hashes, so a link not copied at once would otherwise be lost with the page.
const INVITES_KEY = 'atril.invites';
/** Rooms whose links are kept: the latest made. */
const INVITES_KEPT = 50;
const invitesSchema = z.record(
  z.string(),
  z.array(z.strictObject({ seat: z.int().min(0).max(3), token: z.string().max(100) })),
);

function loadInvites(): Record<string, InviteTokens> {
  try {
    const parsed = invitesSchema.safeParse(JSON.parse(read(INVITES_KEY) ?? '{}'));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/** The invitation tokens kept for a room this browser made (empty: none). */
export function savedInvites(gameId: string): InviteTokens {
  return loadInvites()[gameId] ?? [];
}

/** Keeps a new room's invitation tokens, forgetting the oldest rooms past the fiftieth. */
export function saveInvites(gameId: string, tokens: InviteTokens): void {
  const kept = Object.entries(loadInvites()).filter(([id]) => id !== gameId);
  kept.push([gameId, tokens]);
  write(INVITES_KEY, JSON.stringify(Object.fromEntries(kept.slice(-INVITES_KEPT))));
}

/** Forgets a room's invitation tokens (its seats are all taken, or it is over). */
export function forgetInvites(gameId: string): void {
  const all = loadInvites();
  if (!(gameId in all)) return;
  delete all[gameId];
  write(INVITES_KEY, JSON.stringify(all));
}
