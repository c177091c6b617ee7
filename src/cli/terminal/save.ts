/**
 * Saving and resuming a local game as a GCG file (`guardar FICHERO`, `--cargar FICHERO`). The
 * record is the engine's (gameToGcg: it carries the rules and the seed, so the same game is
 * rebuilt), with GCG's `#lexicon` line naming the word list that judges it (`lexiconName`);
 * Atril adds one pragma, `#atril-bots`, naming each seat's bot level or `-` for a person.
 *
 * A game saved while it goes on must not give away the other players' racks (issue 10, item 9),
 * and the seed fixes every rack and the bag's order. So FICHERO is then the record for the eyes
 * of the person on turn: the moves and scores, that person's own racks, no other rack and no
 * seed (a GCG any program reads, and `atril replay` checks). The full record, which `--cargar`
 * needs, goes to a private file in Atril's folder (`privado/ID.gcg`, the folder readable by this
 * user only), and FICHERO names it with `#atril-privado ID UID` (UID: the saver's user id, so
 * that another user's file is told apart from a lost one). Once the game is over nothing is
 * secret: FICHERO is the full record with every rack, and the game's private records are removed
 * (`forgetPrivate`); the folder keeps at most `PRIVATE_KEEP` of them, the newest.
 *
 * GCG has no place for the time a turn took, so a timed game (TM-01/TM-02) also gets
 * `#atril-clock {"eventMs":[…],"turnMs":N}`: the `elapsedMs` of each engine event, in order, and
 * the time already spent on the turn in progress. Loading puts them back on the rebuilt events,
 * so the clocks and every later save are the same as if the game had never stopped.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { GameState } from '../../engine/gameState.js';
import { replayGame } from '../../engine/newGame.js';
import type { GameEvent } from '../../engine/events.js';
import { gameFromGcg, gameToGcg } from '../../engine/notation/gameRecord.js';
import { type GcgRecord, parseGcg, writeGcg } from '../../engine/notation/gcg.js';
import type { WordJudge } from '../../engine/rules.js';
import {
  INPUT_LIMITS,
  readInputFile,
  refusedTarget,
  writeFileAtomic,
} from '../../lexicon/index.js';
import { type Result, err, ok } from '../../engine/result.js';
import {
  gameFromGcgErrorText,
  gcgErrorText,
  inputFileErrorText,
  writeProblemText,
} from '../../play/errorText.js';
import {
  LEFT_UNFINISHED_TEXT,
  autosaveFailedText,
  autosavedText,
  badPrivateIdText,
  clockMismatchText,
  leftAsSavedText,
  privateMissingText,
  privateOtherUserText,
  saveExistsText,
  saveFailedText,
  savedMidGameText,
  savedText,
} from '../../play/messages.js';
import type { LocalGame } from './localGame.js';

const BOTS_PRAGMA = 'atril-bots';
const CLOCK_PRAGMA = 'atril-clock';
/** In a record saved mid-game: the name of the private file holding the full record. */
const PRIVATE_PRAGMA = 'atril-privado';
const PRIVATE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const PRIVATE_FILE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.gcg$/;

/**
 * How many private full records the folder keeps at most, the newest: a game saved mid-game and
 * never finished (or finished elsewhere) would otherwise leave its record there for ever.
 */
export const PRIVATE_KEEP = 50;

/** The private records each game in this process wrote or was resumed from, by id. */
const privateOf = new WeakMap<LocalGame, Set<string>>();

/**
 * Atril's folder of saved games: `ATRIL_SAVE_DIR`, else `$XDG_STATE_HOME/atril`, else
 * `~/.local/state/atril`.
 */
function saveDir(): string {
  return resolve(
    process.env.ATRIL_SAVE_DIR ??
      join(process.env.XDG_STATE_HOME ?? join(homedir(), '.local', 'state'), 'atril'),
  );
}

/** Where the full records of games saved mid-game are kept, for this user's eyes only. */
export function privateDir(): string {
  return join(saveDir(), 'privado');
}

/** What `#atril-clock` holds. */
interface SavedClock {
  readonly eventMs: readonly number[];
  readonly turnMs: number;
}

const elapsedOf = (e: GameEvent): number => ('elapsedMs' in e ? (e.elapsedMs ?? 0) : 0);

/** What `guardar` did: the sentence to show, and whether it stopped at an existing file. */
export interface SaveReply {
  readonly text: string;
  /** The file exists and `replace` was not given: nothing was written. */
  readonly exists: boolean;
  /** The game is in the file. */
  readonly written: boolean;
}

/** Saves a game to a file; the terminal modes call it for `guardar` and `reemplazar`. */
export type SaveGame = (game: LocalGame, path: string, replace?: boolean) => SaveReply;

/**
 * Writes the game to `path`, whole or not at all (a temporary file renamed over the target, as
 * `lexicon build` writes). An existing file is left alone unless `replace` is true: a typo in
 * `guardar` must not destroy another game.
 */
export function saveGame(game: LocalGame, typed: string, replace = false): SaveReply {
  const path = typedPath(typed);
  const abs = resolve(path);
  // A folder, a device, a pipe or a socket is no file to replace: «reemplazar» could not write
  // there either (`refusedTarget` is writeFileAtomic's own check), so it is not offered. A link
  // counts as the file it names, which is what gets replaced.
  const irregular = refusedTarget(abs);
  if (irregular)
    return {
      text: saveFailedText(path, writeProblemText(irregular)),
      exists: false,
      written: false,
    };
  if (!replace && existsSync(abs))
    return { text: saveExistsText(path), exists: true, written: false };
  let id: string | undefined;
  try {
    if (!game.over) id = savePrivate(game);
    const text = id === undefined ? recordText(game) : publicText(game, id);
    writeFileAtomic(abs, new TextEncoder().encode(text));
  } catch (err) {
    // No file names a private record whose public file was never written.
    if (id !== undefined) {
      rmSync(join(privateDir(), `${id}.gcg`), { force: true });
      privateOf.get(game)?.delete(id);
    }
    return { text: saveFailedText(path, writeProblem(err, abs)), exists: false, written: false };
  }
  if (game.over) return { text: savedText(path), exists: false, written: true };
  return { text: savedMidGameText(path, privateDir()), exists: false, written: true };
}

// The full record of an unfinished game, written to the private folder; returns its id.
function savePrivate(game: LocalGame): string {
  const dir = privateDir();
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const id = randomUUID();
  writeFileAtomic(join(dir, `${id}.gcg`), new TextEncoder().encode(recordText(game)));
  adoptPrivate(game, id);
  prunePrivate(dir, id);
  return id;
}

/**
 * Marks a private full record as the game's own (the one a resumed game was read from), so that
 * `forgetPrivate` removes it with the others once the game is over.
 */
export function adoptPrivate(game: LocalGame, id: string): void {
  const ids = privateOf.get(game) ?? new Set<string>();
  ids.add(id);
  privateOf.set(game, ids);
}

/**
 * Once a game is over nothing about it is secret and it cannot be resumed, so the private full
 * records it wrote or was resumed from are no longer needed: removes them. Does nothing while
 * the game goes on.
 */
export function forgetPrivate(game: LocalGame): void {
  if (!game.over) return;
  const ids = privateOf.get(game);
  if (!ids) return;
  for (const id of ids) rmSync(join(privateDir(), `${id}.gcg`), { force: true });
  privateOf.delete(game);
}

// Keeps the newest PRIVATE_KEEP records of the folder (never `keep`, just written); a record
// that cannot be read or removed is left to the next time.
function prunePrivate(dir: string, keep: string): void {
  const found: { path: string; at: number }[] = [];
  for (const name of readdirSync(dir)) {
    if (!PRIVATE_FILE.test(name) || name === `${keep}.gcg`) continue;
    try {
      found.push({ path: join(dir, name), at: statSync(join(dir, name)).mtimeMs });
    } catch {
      // gone meanwhile
    }
  }
  found.sort((a, b) => b.at - a.at);
  for (const old of found.slice(PRIVATE_KEEP - 1)) rmSync(old.path, { force: true });
}

// The record of an unfinished game for the eyes of the person on turn, who saves it: their own
// racks only, no seed, and the name of the private full record.
function publicText(game: LocalGame, id: string): string {
  const owner = process.getuid?.();
  const names = game.seats.map((s) => s.name);
  const record = gameToGcg(game.state, { names, viewer: game.turn, ...lexiconOf(game) });
  const bots = game.seats.map((s) => s.bot?.level ?? '-').join(' ');
  // The clocks are no secret: everyone at the table sees them.
  const clock = game.timed ? [clockPragma(game)] : [];
  return writeGcg({
    ...record,
    pragmas: [
      ...record.pragmas,
      { name: BOTS_PRAGMA, value: bots },
      ...clock,
      { name: PRIVATE_PRAGMA, value: owner === undefined ? id : `${id} ${owner}` },
    ],
  });
}

/**
 * Saves an unfinished game the player is leaving without a word (end of input, `salir` in line
 * mode) under a fresh name in Atril's folder of saved games, and says where and how to go on.
 * The folder is `ATRIL_SAVE_DIR`, else `$XDG_STATE_HOME/atril`, else `~/.local/state/atril`.
 * A game nobody has moved in yet is left without a file: there is nothing to go on with, and
 * each such exit would leave one more file in the folder.
 */
export function autosaveGame(game: LocalGame): string {
  if (!game.started) return LEFT_UNFINISHED_TEXT;
  const dir = saveDir();
  try {
    mkdirSync(dir, { recursive: true });
  } catch (err) {
    return autosaveFailedText(dir, writeProblem(err, dir));
  }
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  let path = join(dir, `partida-${stamp}.gcg`);
  for (let n = 2; existsSync(path); n++) path = join(dir, `partida-${stamp}-${n}.gcg`);
  const saved = saveGame(game, path);
  return saved.written ? autosavedText(path) : `${LEFT_UNFINISHED_TEXT} ${saved.text}`;
}

/**
 * The autosave (`autosaveGame`) of `game`, just read with `--cargar` from `path`: left before
 * anything happened in it, the game is still in `path` as it was, so no new file is written
 * (each such exit wrote one more to the folder) and the player is told to go on from `path`.
 * The time spent looking at a timed game is not kept then: `path` holds the game all the same.
 */
export function autosaveLoaded(game: LocalGame, path: string): (game: LocalGame) => string {
  const events = game.state.events.length;
  return (g) => (g.state.events.length === events ? leftAsSavedText(path) : autosaveGame(g));
}

// A write failure in words, never a raw code (ENOENT, EISDIR…).
const writeProblem = (err: unknown, path: string): string =>
  writeProblemText((err as NodeJS.ErrnoException).code, existsSync(dirname(resolve(path))));

/**
 * A file name as a player types it after `guardar`, or pastes it after `--cargar`: quotes or
 * «» around it are not part of it, and a leading `~` is their home folder, as in a shell.
 */
export function typedPath(text: string): string {
  let p = text.trim();
  const quoted = /^(?:«(.*)»|"(.*)"|'(.*)')$/s.exec(p);
  if (quoted) p = (quoted[1] ?? quoted[2] ?? quoted[3]!).trim();
  if (p === '~' || p.startsWith('~/')) p = homedir() + p.slice(1);
  return p;
}

// `#lexicon`, the standard GCG line naming the word list the game is judged by, when known.
const lexiconOf = (game: LocalGame): { lexicon?: string } =>
  game.lexicon === undefined ? {} : { lexicon: game.lexicon };

// The GCG text of the game, with Atril's pragmas.
function recordText(game: LocalGame): string {
  const record = gameToGcg(game.state, {
    names: game.seats.map((s) => s.name),
    ...lexiconOf(game),
  });
  const bots = game.seats.map((s) => s.bot?.level ?? '-').join(' ');
  const pragmas = [...record.pragmas, { name: BOTS_PRAGMA, value: bots }];
  if (game.timed) pragmas.push(clockPragma(game));
  return writeGcg({ ...record, pragmas });
}

// `#atril-clock`: the time of each event and of the turn in progress.
function clockPragma(game: LocalGame): { name: string; value: string } {
  const clock: SavedClock = { eventMs: game.state.events.map(elapsedOf), turnMs: game.turnMs() };
  return { name: CLOCK_PRAGMA, value: JSON.stringify(clock) };
}

/** A game read back from a file: its state, the seats' names and bot levels (undefined = person). */
export interface LoadedGame {
  readonly state: GameState;
  readonly names: readonly string[];
  readonly bots: readonly (string | undefined)[];
  /** Timed games: time already spent on the turn in progress when the game was saved. */
  readonly turnMs: number;
  /** Timed games saved without `#atril-clock` (not by `guardar`): the clocks start from zero. */
  readonly clockLost: boolean;
  /** A game saved mid-game: the id of the private full record it was read from. */
  readonly privateId?: string;
  /** The lexicon the record names (`#lexicon`), if any. */
  readonly lexicon?: string;
}

/**
 * Reads a game saved by `saveGame`; on failure, the Spanish sentence to show. A record saved
 * mid-game is read through the private full record it names.
 */
export function loadGame(typed: string, judge: WordJudge): Result<LoadedGame, string> {
  const path = typedPath(typed);
  const read = readInputFile(resolve(path), INPUT_LIMITS.record);
  if (!read.ok) return err(inputFileErrorText({ ...read.error, path }));
  const parsed = parseGcg(read.value);
  if (!parsed.ok) return err(`«${path}»: ${gcgErrorText(parsed.error)}`);
  const named = parsed.value.record.pragmas.find((p) => p.name === PRIVATE_PRAGMA)?.value.trim();
  if (named === undefined) return loadRecord(path, parsed.value.record, judge);
  // `ID` (older saves) or `ID UID`.
  const [id = '', owner, ...more] = named.split(/\s+/);
  if (!PRIVATE_ID.test(id) || (owner !== undefined && !/^\d{1,10}$/.test(owner)) || more.length)
    return err(badPrivateIdText(path, PRIVATE_PRAGMA));
  const full = join(privateDir(), `${id}.gcg`);
  const me = process.getuid?.();
  // The private folder is this user's own: another user's record is not (and may not be) here.
  const otherUser = owner !== undefined && me !== undefined && Number(owner) !== me;
  if (!existsSync(full))
    return err(
      otherUser ? privateOtherUserText(path) : privateMissingText(path, full, PRIVATE_KEEP),
    );
  const privateRead = readInputFile(full, INPUT_LIMITS.record);
  if (!privateRead.ok)
    return err(
      otherUser && privateRead.error.code === 'NO_PERMISSION'
        ? privateOtherUserText(path)
        : inputFileErrorText({ ...privateRead.error, path: full }),
    );
  const privateParsed = parseGcg(privateRead.value);
  if (!privateParsed.ok) return err(`«${full}»: ${gcgErrorText(privateParsed.error)}`);
  const loaded = loadRecord(full, privateParsed.value.record, judge, {
    path,
    record: parsed.value.record,
  });
  return loaded.ok ? ok({ ...loaded.value, privateId: id }) : loaded;
}

/**
 * The game of a full record (with its rules and seed); its bots and clock are those of the file
 * the player named (`named`), the public record when the full one was kept apart.
 */
function loadRecord(
  fullPath: string,
  full: GcgRecord,
  judge: WordJudge,
  named: { path: string; record: GcgRecord } = { path: fullPath, record: full },
): Result<LoadedGame, string> {
  const { path, record } = named;
  const game = gameFromGcg(full, judge);
  if (!game.ok) return err(gameFromGcgErrorText(fullPath, game.error));
  const bots = record.pragmas
    .find((p) => p.name === BOTS_PRAGMA)
    ?.value.split(/\s+/)
    .map((b) => (b === '-' ? undefined : b));
  let state = game.value;
  let turnMs = 0;
  const clockText = record.pragmas.find((p) => p.name === CLOCK_PRAGMA)?.value;
  if (state.rules.clock && clockText !== undefined) {
    const clock = readClock(clockText, state.events.length);
    if (!clock) return err(clockMismatchText(path, CLOCK_PRAGMA));
    const setup = { rules: state.rules, seed: state.seed, players: state.players };
    const events = state.events.map((e, i) => {
      const ms = clock.eventMs[i]!;
      return ms > 0 && 'seat' in e && e.kind !== 'resign' ? { ...e, elapsedMs: ms } : e;
    });
    if (events.some((e, i) => elapsedOf(e) !== clock.eventMs[i]))
      return err(clockMismatchText(path, CLOCK_PRAGMA));
    state = replayGame(setup, events);
    turnMs = clock.turnMs;
  }
  return ok({
    state,
    names: full.players.map((p) => p.name || p.nick),
    bots: record.players.map((_, i) => bots?.[i]),
    turnMs,
    clockLost: state.rules.clock !== null && clockText === undefined,
    ...(full.lexicon !== undefined && { lexicon: full.lexicon }),
  });
}

// The `#atril-clock` value, if it is well formed and has one time per event.
function readClock(text: string, events: number): SavedClock | undefined {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return undefined;
  }
  const ok = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) >= 0;
  if (typeof v !== 'object' || v === null) return undefined;
  const { eventMs, turnMs } = v as Record<string, unknown>;
  if (!Array.isArray(eventMs) || eventMs.length !== events || !eventMs.every(ok)) return undefined;
  if (!ok(turnMs)) return undefined;
  return { eventMs, turnMs };
}
