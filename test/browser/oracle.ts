/**
 * What the tests know that a player would work out: the true state of a game, read from the
 * server's own database (as an operator could), and good moves for a seat, found by the same
 * move generator the computer players use. The browser tests use it only to decide which keys
 * to press or which tiles to drag; every move still goes through the page.
 */
import { MoveGenerator } from '../../src/ai/movegen.js';
import { KIND_PLACE, MoveList } from '../../src/ai/movelist.js';
import type { GameEvent } from '../../src/engine/events.js';
import type { GameState } from '../../src/engine/gameState.js';
import type { PlaceMove } from '../../src/engine/move.js';
import { replayGame } from '../../src/engine/newGame.js';
import { type Rules, scoringOf } from '../../src/engine/rules.js';
import { type GameView, viewFor } from '../../src/engine/view.js';
import { loadDefaultLexicon, type Lexicon } from '../../src/lexicon/index.js';
import { openSqliteStore } from '../../src/server/store/index.js';

let lexicon: Lexicon | undefined;
function lex(): Lexicon {
  if (!lexicon) {
    const r = loadDefaultLexicon();
    if (!r.ok) throw new Error(`lexicon: ${JSON.stringify(r.error)}`);
    lexicon = r.value;
  }
  return lexicon;
}

/** The state of a game as the server committed it, and which seats are bots. */
export async function committedGame(
  dbFile: string,
  gameId: string,
): Promise<{ state: GameState; bots: boolean[] }> {
  const store = openSqliteStore(dbFile);
  try {
    const game = await store.getGame(gameId);
    if (!game) throw new Error(`no game ${gameId} in ${dbFile}`);
    const config = game.config as unknown as { rules: Rules; seed: number };
    const events = (await store.events(gameId)).map((e) => e.event as unknown as GameEvent);
    const state = replayGame(
      { rules: config.rules, seed: config.seed, players: game.seats.length },
      events,
    );
    return { state, bots: game.seats.map((s) => s.kind === 'bot') };
  } finally {
    await store.close();
  }
}

/** The seat's view of a committed game. */
export async function seatView(dbFile: string, gameId: string, seat: number): Promise<GameView> {
  return viewFor((await committedGame(dbFile, gameId)).state, seat);
}

/**
 * The valid placements for the seat's rack, best score first, keeping only those `accept`
 * takes (e.g. no blank, at most N tiles).
 */
export function placements(
  view: GameView,
  accept: (m: PlaceMove) => boolean = () => true,
): { move: PlaceMove; score: number }[] {
  const l = lex();
  const gen = new MoveGenerator(l.nodes, l.set, scoringOf(view.rules));
  gen.setBoard(view.board);
  const rack = new Uint8Array(l.set.letters.length + 1);
  for (const t of view.rack ?? []) rack[t]!++;
  const list = new MoveList();
  gen.generate({ rack, placementsOnly: true }, list);
  const found: { move: PlaceMove; score: number }[] = [];
  for (let i = 0; i < list.count; i++) {
    if (list.kind[i] !== KIND_PLACE) continue;
    const move = list.toMove(i) as PlaceMove;
    if (accept(move)) found.push({ move, score: list.score[i]! });
  }
  return found.sort((a, b) => b.score - a.score);
}

/** Whether the lexicon holds these tiles as a word (letter codes, blanks as their letter). */
export function isWord(tiles: number[]): boolean {
  return lex().isWord(tiles);
}
