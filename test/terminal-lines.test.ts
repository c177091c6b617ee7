import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SIZE } from '../src/engine/board.js';
import { formatCoord } from '../src/engine/notation/coords.js';
import { makeRules } from '../src/engine/rules.js';
import { BLANK, tileLabel } from '../src/engine/tiles.js';
import { viewFor } from '../src/engine/view.js';
import { LocalGame } from '../src/cli/terminal/localGame.js';
import { buildKwg, saveKwg } from '../src/lexicon/index.js';
import { SPANISH, wordToTiles } from '../src/engine/tiles.js';

const BIN = join(import.meta.dirname, '..', 'bin', 'atril.js');

function atril(args: string[], input: string): { out: string; err: string; code: number } {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    input,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  return { out: r.stdout, err: r.stderr, code: r.status ?? -1 };
}

/**
 * A whole hot-seat game decided in advance: each turn plays its first rack tile next to a tile
 * on the board, written as a line (`8H CA`, lower case for a blank). Under the fise rules words
 * are only judged when challenged, so every such play stands; the game runs until a player goes
 * out and the other accepts the last play (E-01, E-06).
 */
function scriptedGame(seed: string): {
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
    if (!r.ok) throw new Error(`${line}: ${r.code}`);
  }
  return { lines, final: game.state.result!.final, winners: game.state.result!.winners };
}

// The same reading of a line as the core's, to build the expected game in process.
import { Session } from '../src/play/session.js';
function parseForTest(game: LocalGame, seat: number, line: string) {
  const r = new Session(game.viewOf(seat)).line(line);
  if (!r.intent) throw new Error(`${line}: ${r.say.map((a) => a.text).join(' ')}`);
  return r.intent;
}

/** A lexicon file of a few words, built for the test. */
function smallLexicon(words: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'atril-play-'));
  const path = join(dir, 'mini.kwg');
  const tiles = words.map((w) => {
    const t = wordToTiles(SPANISH, w);
    if (!Array.isArray(t)) throw new Error(w);
    return t;
  });
  saveKwg(buildKwg(tiles, SPANISH), path);
  return path;
}

describe('atril play in line mode (pipes)', () => {
  let lexicon = '';
  beforeAll(() => {
    lexicon = smallLexicon(['CELO', 'CELOS', 'UNO', 'LUZ']);
  });

  it('refuses bad input in Spanish and changes nothing (void challenge mode)', () => {
    // Seed 7: Luis starts with C E L N O U U.
    const r = atril(
      [
        'play',
        '--jugadores',
        'Ana',
        'Luis',
        '--seed',
        '7',
        '--impugnacion',
        'void',
        '--lexicon',
        lexicon,
      ],
      [
        'hola',
        '8H cuenco',
        '8H luce',
        '2A uno',
        'cambiar XYZ',
        'marcador',
        'atril',
        '8H celo',
        '2B ha',
        '',
      ].join('\n'),
    );
    expect(r.code).toBe(0);
    expect(r.out.split('\n').slice(1)).toEqual([
      '— Luis —',
      'Tu turno.',
      'Atril: 1:C 2:E 3:L 4:N 5:O 6:U 7:U',
      'Orden desconocida: «hola». Escribe «ayuda» para ver las órdenes.',
      'No tienes la C en el atril.',
      'Palabra no válida: LUCE.',
      'La primera jugada debe pasar por la casilla central, H8.',
      'No tienes la X en el atril.',
      'Ana 0, Tú 0.',
      'ce, e, ele, ene, o, u, u.',
      'Jugada CELO, 8H horizontal, 12 puntos.',
      '— Ana —',
      'Luis: 8H horizontal, CELO, 12.',
      'Tu turno.',
      'Atril: 1:A 2:H 3:I 4:I 5:J 6:N 7:Z',
      'La jugada no toca ninguna ficha del tablero.',
      'Fin de la entrada: la partida queda sin terminar.',
      '',
    ]);
  });

  it('plays a complete hot-seat game to the end, same result as the engine', () => {
    const { lines, final, winners } = scriptedGame('42');
    expect(lines.length).toBeGreaterThan(40);
    const r = atril(
      ['play', '--jugadores', 'Ana', 'Luis', '--seed', '42'],
      lines.join('\n') + '\n',
    );
    expect(r.code).toBe(0);
    expect(r.err).toBe('');
    const names = ['Ana', 'Luis'];
    const scores = final.map((s, i) => `${names[i]} ${s}`);
    // The end is announced to the first seat, which reads itself as "Tú".
    const w =
      winners.length === 1
        ? winners[0] === 0
          ? 'Ganas tú'
          : `Gana ${names[winners[0]!]}`
        : 'Empate';
    expect(r.out).toContain(`Fin de la partida. ${w}: ${scores.join(', ').replace('Ana', 'Tú')}.`);
    expect(r.out).toContain('— Ana —');
    expect(r.out).toContain('— Luis —');
    expect(r.out.includes('\x1b')).toBe(false);
  });

  it('answers the query commands in plain text', () => {
    const r = atril(
      ['play', '--jugadores', 'Ana', 'Luis', '--seed', '7', '--lineas'],
      [
        'turno',
        'marcador',
        'atril',
        'ficha 1',
        'orden',
        'bolsa',
        'palabras',
        'ultima',
        'reloj',
        'casilla',
        'linea',
        'repetir',
      ].join('\n') + '\n',
    );
    expect(r.code).toBe(0);
    expect(r.out.split('\n')).toEqual([
      'Atril: partida de Scrabble. Jugadores: Ana, Luis. Reglas fise, atril de 7, impugnación libre. Semilla 7. Escribe «ayuda» para ver las órdenes.',
      '— Luis —',
      'Tu turno.',
      'Atril: 1:C 2:E 3:L 4:N 5:O 6:U 7:U',
      'Tu turno.',
      'Ana 0, Tú 0.',
      'ce, e, ele, ene, o, u, u.',
      '1: ce, 3 puntos.',
      'Orden alfabético.',
      'Bolsa 86. No vistas (93): 12 A, 2 B, 3 C, 1 CH, 5 D, 11 E, 1 F, 2 G, 2 H, 6 I, 1 J, 3 L, 1 LL, 2 M, 4 N, 1 Ñ, 8 O, 2 P, 1 Q, 5 R, 1 RR, 6 S, 4 T, 3 U, 1 V, 1 X, 1 Y, 1 Z, 2 comodines.',
      'No hay palabras en el tablero.',
      'Todavía no se ha jugado nada.',
      'Partida sin reloj.',
      'H8, vacía, doble palabra, centro.',
      'Fila 8: vacía.',
      'Fila 8: vacía.',
      'Fin de la entrada: la partida queda sin terminar.',
      '',
    ]);
  });
});
