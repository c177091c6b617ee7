/** Test helpers for the terminal client: a whole game scripted in advance. */
import { SIZE } from '../../src/engine/board.js';
import { formatCoord } from '../../src/engine/notation/coords.js';
import { makeRules } from '../../src/engine/rules.js';
import { BLANK, SPANISH, tileLabel } from '../../src/engine/tiles.js';
import { viewFor } from '../../src/engine/view.js';
import { LocalGame } from '../../src/cli/terminal/localGame.js';
import { Session } from '../../src/play/session.js';

/**
 * A whole hot-seat game decided in advance: each turn plays its first rack tile next to a tile
 * on the board, written as a line (`8H CA`, lower case for a blank). Under the fise rules words
 * are only judged when challenged, so every such play stands; the game runs until a player goes
 * out and the other accepts the last play (E-01, E-06).
 */
export function scriptedGame(seed: string): {
  lines: string[];
  final: readonly number[];
  winners: readonly number[];
} {
  const game = new LocalGame(
    [{ name: 'Ana' }, { name: 'Luis' }],
    { isWord: () => true },
    makeRules('fise'),
    seed,
  );
  const lines: string[] = [];
  while (!game.over) {
    const seat = game.turn;
    const gv = viewFor(game.state, seat);
    let line: string;
    if (gv.phase === 'final-challenge') line = 'pasar';
    else if (game.state.board.every((t) => t === 0)) {
      const [a, b] = gv.rack!;
      const text = (t: number): string => (t === BLANK ? 'e' : tileLabel(SPANISH, t));
      line = `8H ${text(a!)}${text(b!)}`;
    } else {
      const board = game.state.board;
      const t = gv.rack![0]!;
      const placed = t === BLANK ? 'e' : tileLabel(SPANISH, t);
      // Brackets keep a board C and a placed H from reading as the CH tile.
      const label = (sq: number): string => `[${tileLabel(SPANISH, board[sq]!).toUpperCase()}]`;
      const at = (sq: number, dir: 'H' | 'V'): string =>
        formatCoord({ row: Math.floor(sq / SIZE), col: sq % SIZE, dir });
      line = '';
      for (let sq = 0; sq < SIZE * SIZE && !line; sq++) {
        if (board[sq] !== 0) continue;
        const col = sq % SIZE;
        if (col > 0 && board[sq - 1] !== 0) line = `${at(sq - 1, 'H')} ${label(sq - 1)}${placed}`;
        else if (sq >= SIZE && board[sq - SIZE] !== 0)
          line = `${at(sq - SIZE, 'V')} ${label(sq - SIZE)}${placed}`;
        else if (col < SIZE - 1 && board[sq + 1] !== 0)
          line = `${at(sq, 'H')} ${placed}${label(sq + 1)}`;
        else if (sq + SIZE < SIZE * SIZE && board[sq + SIZE] !== 0)
          line = `${at(sq, 'V')} ${placed}${label(sq + SIZE)}`;
      }
    }
    lines.push(line);
    const sessionMove = parseForTest(game, seat, line);
    const r = game.act(seat, sessionMove);
    if (!r.ok) throw new Error(`${line}: ${r.error.code}`);
  }
  return { lines, final: game.state.result!.final, winners: game.state.result!.winners };
}

// The same reading of a line as the core's, to build the expected game in process.
function parseForTest(game: LocalGame, seat: number, line: string) {
  const r = new Session(game.viewOf(seat)).line(line);
  if (!r.intent) throw new Error(`${line}: ${r.say.map((a) => a.text).join(' ')}`);
  return r.intent;
}

/** The end-of-game sentence of a hot-seat game, where every seat is named (issue 10, item 2). */
export function expectedEnd(
  names: string[],
  final: readonly number[],
  winners: readonly number[],
): string {
  const scores = final.map((s, i) => `${names[i]} ${s}`);
  const tied = winners.map((i) => names[i]!);
  const w =
    winners.length === 1
      ? `Gana ${names[winners[0]!]}`
      : winners.length < names.length
        ? `Empate entre ${tied.slice(0, -1).join(', ')} y ${tied.at(-1)}`
        : 'Empate';
  return `Fin de la partida. ${w}: ${scores.join(', ')}.`;
}
