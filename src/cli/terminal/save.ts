/**
 * Saving and resuming a local game as a GCG file (`guardar FICHERO`, `--cargar FICHERO`). The
 * record is the engine's (gameToGcg: it carries the rules and the seed, so the same game is
 * rebuilt); Atril adds one pragma, `#atril-bots`, naming each seat's bot level or `-` for a person.
 *
 * A game saved while it goes on must not give away the other players' racks (issue 10, item 9),
 * and the seed fixes every rack and the bag's order. So FICHERO is then the record for the eyes
 * of the person on turn: the moves and scores, that person's own racks, no other rack and no
 * seed (a GCG any program reads, and `atril replay` checks). The full record, which `--cargar`
 * needs, goes to a private file in Atril's folder (`privado/ID.gcg`, the folder readable by this
 * user only), and FICHERO names it with `#atril-privado ID`. Once the game is over nothing is
 * secret: FICHERO is the full record with every rack.
 *
 * GCG has no place for the time a turn took, so a timed game (TM-01/TM-02) also gets
 * `#atril-clock {"eventMs":[…],"turnMs":N}`: the `elapsedMs` of each engine event, in order, and
 * the time already spent on the turn in progress. Loading puts them back on the rebuilt events,
 * so the clocks and every later save are the same as if the game had never stopped.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import type { GameState } from '../../engine/gameState.js';
import { replayGame } from '../../engine/newGame.js';
import type { GameEvent } from '../../engine/events.js';
import { gameFromGcg, gameToGcg } from '../../engine/notation/gameRecord.js';
import { type GcgRecord, parseGcg, writeGcg } from '../../engine/notation/gcg.js';
import type { WordJudge } from '../../engine/rules.js';
import { INPUT_LIMITS, readInputFile, writeFileAtomic } from '../../lexicon/index.js';
import { type Result, err, ok } from '../../engine/result.js';
import { gameFromGcgErrorText, gcgErrorText, inputFileErrorText } from '../../play/errorText.js';
import type { LocalGame } from './localGame.js';

const BOTS_PRAGMA = 'atril-bots';
const CLOCK_PRAGMA = 'atril-clock';
/** In a record saved mid-game: the name of the private file holding the full record. */
const PRIVATE_PRAGMA = 'atril-privado';
const PRIVATE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

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
}

/** Saves a game to a file; the terminal modes call it for `guardar` and `reemplazar`. */
export type SaveGame = (game: LocalGame, path: string, replace?: boolean) => SaveReply;

/**
 * Writes the game to `path`, whole or not at all (a temporary file renamed over the target, as
 * `lexicon build` writes). An existing file is left alone unless `replace` is true: a typo in
 * `guardar` must not destroy another game.
 */
export function saveGame(game: LocalGame, path: string, replace = false): SaveReply {
  const abs = resolve(path);
  if (!replace && existsSync(abs))
    return {
      text: `Ya existe «${path}»; no se ha tocado. Para reemplazarlo: «reemplazar ${path}».`,
      exists: true,
    };
  try {
    const text = game.over ? recordText(game) : publicText(game, savePrivate(game));
    writeFileAtomic(abs, new TextEncoder().encode(text));
  } catch (err) {
    return { text: `No se ha podido guardar en «${path}»: ${writeProblem(err)}.`, exists: false };
  }
  if (game.over) return { text: `Partida guardada en «${path}».`, exists: false };
  return {
    text:
      `Partida guardada en «${path}». Mientras la partida sigue, el fichero no muestra los ` +
      `atriles de los demás ni la bolsa; para seguirla, Atril los guarda aparte, en «${privateDir()}».`,
    exists: false,
  };
}

// The full record of an unfinished game, written to the private folder; returns its id.
function savePrivate(game: LocalGame): string {
  const dir = privateDir();
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const id = randomUUID();
  writeFileAtomic(join(dir, `${id}.gcg`), new TextEncoder().encode(recordText(game)));
  return id;
}

// The record of an unfinished game for the eyes of the person on turn, who saves it: their own
// racks only, no seed, and the name of the private full record.
function publicText(game: LocalGame, id: string): string {
  const names = game.seats.map((s) => s.name);
  const record = gameToGcg(game.state, { names, viewer: game.turn });
  const bots = game.seats.map((s) => s.bot?.level ?? '-').join(' ');
  // The clocks are no secret: everyone at the table sees them.
  const clock = game.timed ? [clockPragma(game)] : [];
  return writeGcg({
    ...record,
    pragmas: [
      ...record.pragmas,
      { name: BOTS_PRAGMA, value: bots },
      ...clock,
      { name: PRIVATE_PRAGMA, value: id },
    ],
  });
}

/**
 * Saves an unfinished game the player is leaving without a word (end of input, `salir` in line
 * mode) under a fresh name in Atril's folder of saved games, and says where and how to go on.
 * The folder is `ATRIL_SAVE_DIR`, else `$XDG_STATE_HOME/atril`, else `~/.local/state/atril`.
 */
export function autosaveGame(game: LocalGame): string {
  const dir = saveDir();
  try {
    mkdirSync(dir, { recursive: true });
  } catch (err) {
    return `La partida queda sin terminar y no se ha podido guardar en «${dir}»: ${writeProblem(err)}.`;
  }
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  let path = join(dir, `partida-${stamp}.gcg`);
  for (let n = 2; existsSync(path); n++) path = join(dir, `partida-${stamp}-${n}.gcg`);
  const saved = saveGame(game, path);
  if (saved.text.startsWith('No se ha podido'))
    return `La partida queda sin terminar. ${saved.text}`;
  return `La partida queda sin terminar; está guardada en «${path}». Para seguirla: atril play --cargar «${path}».`;
}

// A write failure in words, never a raw code (ENOENT, EISDIR…).
function writeProblem(err: unknown): string {
  switch ((err as NodeJS.ErrnoException).code) {
    case 'ENOENT':
      return 'la carpeta no existe';
    case 'EISDIR':
      return 'es una carpeta';
    case 'EACCES':
    case 'EPERM':
      return 'no hay permiso para escribir ahí';
    case 'ENOSPC':
      return 'el disco está lleno';
    case 'ENOTDIR':
      return 'parte del camino no es una carpeta';
    case 'EROFS':
      return 'el disco es de solo lectura';
    default:
      return 'error al escribir';
  }
}

// The GCG text of the game, with Atril's pragmas.
function recordText(game: LocalGame): string {
  const record = gameToGcg(game.state, { names: game.seats.map((s) => s.name) });
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
}

/**
 * Reads a game saved by `saveGame`; on failure, the Spanish sentence to show. A record saved
 * mid-game is read through the private full record it names.
 */
export function loadGame(path: string, judge: WordJudge): Result<LoadedGame, string> {
  const read = readInputFile(resolve(path), INPUT_LIMITS.record);
  if (!read.ok) return err(inputFileErrorText({ ...read.error, path }));
  const parsed = parseGcg(read.value);
  if (!parsed.ok) return err(`«${path}»: ${gcgErrorText(parsed.error)}`);
  const id = parsed.value.record.pragmas.find((p) => p.name === PRIVATE_PRAGMA)?.value.trim();
  if (id === undefined) return loadRecord(path, parsed.value.record, judge);
  if (!PRIVATE_ID.test(id))
    return err(`«${path}»: el nombre de la parte privada (#${PRIVATE_PRAGMA}) no es válido.`);
  const full = join(privateDir(), `${id}.gcg`);
  if (!existsSync(full))
    return err(
      `«${path}» es una partida a medias guardada sin los atriles ni la bolsa; lo que hace ` +
        `falta para seguirla se guardó aparte, en «${full}», y no está (¿se guardó en otro ` +
        `ordenador o con otro usuario?).`,
    );
  const privateRead = readInputFile(full, INPUT_LIMITS.record);
  if (!privateRead.ok) return err(inputFileErrorText({ ...privateRead.error, path: full }));
  const privateParsed = parseGcg(privateRead.value);
  if (!privateParsed.ok) return err(`«${full}»: ${gcgErrorText(privateParsed.error)}`);
  return loadRecord(full, privateParsed.value.record, judge, { path, record: parsed.value.record });
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
    if (!clock) return err(clockMismatch(path));
    const setup = { rules: state.rules, seed: state.seed, players: state.players };
    const events = state.events.map((e, i) => {
      const ms = clock.eventMs[i]!;
      return ms > 0 && 'seat' in e && e.kind !== 'resign' ? { ...e, elapsedMs: ms } : e;
    });
    if (events.some((e, i) => elapsedOf(e) !== clock.eventMs[i])) return err(clockMismatch(path));
    state = replayGame(setup, events);
    turnMs = clock.turnMs;
  }
  return ok({
    state,
    names: full.players.map((p) => p.name || p.nick),
    bots: record.players.map((_, i) => bots?.[i]),
    turnMs,
    clockLost: state.rules.clock !== null && clockText === undefined,
  });
}

const clockMismatch = (path: string): string =>
  `«${path}»: el reloj guardado (#${CLOCK_PRAGMA}) no encaja con la partida.`;

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
