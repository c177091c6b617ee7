/**
 * Bad command lines, as a user might type them, for the refusals no other test names: each
 * command answers with one Spanish sentence on stderr (the first line; a pointer to --help may
 * follow), writes nothing on stdout (but the question it could not get answered) and exits 2. Checked word for word, so that a check lost or
 * moved after the work it guards (a game started, a file read, a search run) shows here.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from './helpers/tempDir.js';

const BIN = join(import.meta.dirname, '..', 'bin', 'atril.js');

/** CASA across the centre; nothing else on the board. */
const BOARD = '15/15/15/15/15/15/15/7CASA4/15/15/15/15/15/15/15';

const CASES: [string[], string][] = [
  [['analyze'], 'Indica un archivo de partida: atril analyze PARTIDA.gcg'],
  [
    ['analyze', 'a.gcg', 'b.gcg'],
    'Una partida cada vez: atril analyze PARTIDA.gcg (has dado 2 archivos).',
  ],
  [['replay'], 'Indica un archivo de partida: atril replay PARTIDA.gcg'],
  [
    ['replay', 'a.gcg', 'b.gcg'],
    'Una partida cada vez: atril replay PARTIDA.gcg (has dado 2 archivos).',
  ],
  [['best', '--cgp', `${BOARD} AB/CD 0/0 0`, '--tiempo', '3'], '--tiempo solo sirve con --sim.'],
  [['best', '--cgp', `${BOARD} AB/CD 0/0 0`, '--hilos', '2'], '--hilos solo sirve con --sim.'],
  [
    ['best', '--cgp', `${BOARD} AB/CD 0/0 0`, '--sim', '--hilos', '1,5'],
    '--hilos necesita un número entero entre 1 y 64, no «1,5».',
  ],
  [['best'], 'Falta la posición: --cgp "…".'],
  [['best', '--cgp', `${BOARD} /CD 0/0 0`], 'La posición no trae el atril del jugador que mueve.'],
  [
    ['best', '--cgp', `${BOARD} AB/CD/EF 0/0/0 0`, '--sim', '--ultima', '8H CASA'],
    '--ultima solo sirve con dos jugadores: la posición trae más atriles.',
  ],
  [['endgame'], 'Falta la posición: --cgp "…".'],
  [
    ['endgame', '--cgp', `${BOARD} AB/CD 0/0 0`, '--tiempo', '0'],
    '--tiempo necesita un número de segundos mayor que 0, no «0».',
  ],
  [
    ['endgame', '--cgp', `${BOARD} AB/CD/EF 0/0/0 0`],
    'Un final se resuelve entre 2 jugadores y la posición tiene 3.',
  ],
  [
    ['endgame', '--cgp', `${BOARD} /CD 0/0 0`],
    'La posición no trae el atril del jugador que mueve (el primero).',
  ],
  [
    ['endgame', '--cgp', `${BOARD} ABCDEFGH/I 0/0 0`],
    'El atril del jugador 1 tiene 8 fichas y con las reglas «fise» caben 7.',
  ],
  [
    ['endgame', '--cgp', `${BOARD} AB/CDEFGHIJ 0/0 0`, '--rules', 'caja'],
    'El atril del jugador 2 tiene 8 fichas y con las reglas «caja» caben 7.',
  ],
  [['lexicon', 'build', 'a.txt', 'b.txt'], 'Indica una sola lista de palabras.'],
  [
    ['lexicon', 'build', '--tile-set', 'klingon'],
    'Juego de fichas desconocido: «klingon». Usa spanish, english, german o polish.',
  ],
  [
    ['lexicon', 'build', '--tile-set', 'english'],
    'La lista por defecto es española; con --tile-set indica también una lista.',
  ],
  [
    ['play', '--nombre', 'Ana'],
    '--nombre y --invitados son para jugar en un servidor: añade --servidor URL.',
  ],
  [['play', 'extra'], 'Argumento inesperado: «extra».'],
  [['play', '--servidor', 'http://127.0.0.1:9', 'extra'], 'Argumento inesperado: «extra».'],
  [
    ['play', '--jugadores', 'Ana'],
    'Entre personas hacen falta al menos dos jugadores: --jugadores Ana,Luis.',
  ],
  [
    ['selfplay', '--games', '1', '--bots', 'experto,experto', '--seed', '1e3'],
    '--seed necesita un número entero de 0 a 4294967295, no «1e3».',
  ],
  [
    ['selfplay', '--games', '1', '--bots', 'experto,dios'],
    'Nivel desconocido: «dios». Niveles: principiante, aficionado, experto, campeon.',
  ],
  [
    ['selfplay', '--games', '1', '--bots', 'experto'],
    '--bots necesita de dos a cuatro niveles separados por comas, entre: principiante, aficionado, experto, campeon.',
  ],
  // The same rule and sentence for the bag's seed of a game in the terminal.
  [['play', '--seed', 'abc'], '--seed necesita un número entero de 0 a 4294967295, no «abc».'],
  [
    ['play', '--vs', 'experto', '--seed', '4294967296'],
    '--seed necesita un número entero de 0 a 4294967295, no «4294967296».',
  ],
  // The same rule and sentence for the simulation's seed.
  [
    ['best', '--cgp', `${'15/'.repeat(14)}15 AEINRST/ 0/0 0`, '--sim', '--seed', '1.5'],
    '--seed necesita un número entero de 0 a 4294967295, no «1.5».',
  ],
  [
    [
      'best',
      '--cgp',
      `${'15/'.repeat(14)}15 AEINRST/ 0/0 0`,
      '--sim',
      '--seed',
      '99999999999999999999',
    ],
    '--seed necesita un número entero de 0 a 4294967295, no «99999999999999999999».',
  ],
];

function atril(args: string[], env: Record<string, string> = {}) {
  return spawnSync(process.execPath, [BIN, ...args], {
    input: '',
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', ...env },
  });
}

describe('command lines refused in Spanish, exit 2', () => {
  for (const [args, sentence] of CASES) {
    it(`atril ${args.join(' ')}`, () => {
      const r = atril(args);
      expect(r.stderr.split('\n')[0]).toBe(sentence);
      expect(r.stdout).toBe('');
      expect(r.status).toBe(2);
    });
  }

  it('atril play --servidor with no name kept and the input at its end: asks, then says why not', () => {
    // A configuration folder of its own, so that no name from an earlier game answers for it;
    // the name is asked before any connection, so nothing needs to listen on the port.
    const r = atril(['play', '--servidor', 'http://127.0.0.1:9'], {
      XDG_CONFIG_HOME: tempDir('atril-refusal-'),
    });
    expect(r.stdout).toBe('¿Con qué nombre quieres jugar? ');
    expect(r.stderr).toBe('Fin de la entrada: hace falta un nombre (o --nombre NOMBRE).\n');
    expect(r.status).toBe(2);
  });
});
