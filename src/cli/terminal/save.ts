/**
 * Saving and resuming a local game as a GCG file (`guardar FICHERO`, `--cargar FICHERO`). The
 * record is the engine's (gameToGcg: it carries the rules and the seed, so the same game is
 * rebuilt); Atril adds one pragma, `#atril-bots`, naming each seat's bot level or `-` for a person.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { GameState } from '../../engine/game.js';
import { gameFromGcg, gameToGcg } from '../../engine/notation/gameRecord.js';
import { parseGcg, writeGcg } from '../../engine/notation/gcg.js';
import type { WordJudge } from '../../engine/rules.js';
import type { LocalGame } from './localGame.js';

const BOTS_PRAGMA = 'atril-bots';

/** Writes the game to `path`; returns the Spanish sentence to show. */
export function saveGame(game: LocalGame, path: string): string {
  const record = gameToGcg(game.state, { names: game.seats.map((s) => s.name) });
  const bots = game.seats.map((s) => s.bot?.level ?? '-').join(' ');
  const text = writeGcg({
    ...record,
    pragmas: [...record.pragmas, { name: BOTS_PRAGMA, value: bots }],
  });
  try {
    writeFileSync(resolve(path), text);
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    return `No se ha podido guardar en «${path}»: ${e.code ?? e.message}.`;
  }
  return `Partida guardada en «${path}».`;
}

/** A game read back from a file: its state, the seats' names and bot levels (undefined = person). */
export interface LoadedGame {
  readonly state: GameState;
  readonly names: readonly string[];
  readonly bots: readonly (string | undefined)[];
}

/** Reads a game saved by `saveGame`; on failure, the Spanish reason. */
export function loadGame(path: string, judge: WordJudge): LoadedGame | { error: string } {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(resolve(path));
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    return {
      error:
        e.code === 'ENOENT'
          ? `No existe el archivo «${path}».`
          : `No se puede leer «${path}»: ${e.code ?? e.message}.`,
    };
  }
  const parsed = parseGcg(bytes);
  if (!parsed.ok)
    return {
      error: `«${path}» no es un GCG válido (${parsed.error.code}${parsed.error.line ? `, línea ${parsed.error.line}` : ''}).`,
    };
  const game = gameFromGcg(parsed.record, judge);
  if (!game.ok) {
    if (game.error.code === 'NOT_AN_ATRIL_RECORD')
      return {
        error: `«${path}» no es una partida guardada por Atril (faltan las reglas y la semilla).`,
      };
    return {
      error: `«${path}» no se puede reconstruir: la jugada ${game.error.event + 1} no encaja.`,
    };
  }
  const bots = parsed.record.pragmas
    .find((p) => p.name === BOTS_PRAGMA)
    ?.value.split(/\s+/)
    .map((b) => (b === '-' ? undefined : b));
  return {
    state: game.state,
    names: parsed.record.players.map((p) => p.name || p.nick),
    bots: parsed.record.players.map((_, i) => bots?.[i]),
  };
}
