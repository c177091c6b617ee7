/**
 * The games the server benchmark replays: two-player self-play games of the amateur bot,
 * played once through the engine (so every move is one the server accepts) and cached in a
 * temporary file, so that the benchmark's clients only send moves and the server's own cost
 * is what gets measured.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { botMove, makeBot } from '../../src/ai/bots.js';
import { MoveGenerator } from '../../src/ai/movegen.js';
import { MoveList } from '../../src/ai/movelist.js';
import { Rng } from '../../src/ai/rng.js';
import { apply } from '../../src/engine/apply.js';
import type { GameEvent } from '../../src/engine/events.js';
import type { Move } from '../../src/engine/move.js';
import { newGame } from '../../src/engine/newGame.js';
import { type Rules, makeRules, scoringOf } from '../../src/engine/rules.js';
import { viewFor } from '../../src/engine/view.js';
import type { Lexicon } from '../../src/lexicon/index.js';

/** One move of a recorded game: who made it, on which version, what it was. */
export interface RecordedMove {
  readonly seat: number;
  readonly version: number;
  readonly move: Move;
}

/**
 * A recorded game: its seed, its moves, and all its events; the events before a move are the
 * first `version` of them (a game that starts mid-way is stored with those).
 */
export interface RecordedGame {
  readonly seed: string;
  readonly moves: readonly RecordedMove[];
  readonly events: readonly GameEvent[];
}

/** The rules of every benchmark game: FISE without a clock, so no move can run out of time. */
export function benchRules(): Rules {
  return makeRules('fise', { clock: null });
}

// Bump when the recording changes, so an old cache is not read.
const FORMAT = 1;

/** `count` recorded games, read from the cache or played now (and cached). */
export function recordedGames(lex: Lexicon, count: number): RecordedGame[] {
  const file = join(tmpdir(), `atril-bench-server-games-v${FORMAT}-${count}.json`);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as RecordedGame[];
  const rules = benchRules();
  const gen = new MoveGenerator(lex.nodes, lex.set, scoringOf(rules));
  const list = new MoveList();
  const bot = makeBot('aficionado');
  const games: RecordedGame[] = [];
  for (let g = 0; g < count; g++) {
    const seed = `bench-server-${g}`;
    let state = newGame({ rules, seed, players: 2 });
    const moves: RecordedMove[] = [];
    const rng = new Rng(g + 1);
    while (!state.result) {
      const seat = state.turn;
      const move = botMove(bot, viewFor(state, seat), gen, list, rng, (t) => lex.isWord(t));
      const r = apply(state, { ...move, seat, version: state.version }, lex);
      if (!r.ok)
        throw new Error(`recorded game ${g}: the bot's move was refused (${r.error.code})`);
      moves.push({ seat, version: state.version, move });
      state = r.value.state;
    }
    games.push({ seed, moves, events: state.events });
  }
  // Written whole and renamed, so a run stopped halfway leaves no broken cache.
  writeFileSync(`${file}.tmp`, JSON.stringify(games));
  renameSync(`${file}.tmp`, file);
  return games;
}
