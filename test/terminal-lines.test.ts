import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildKwg, saveKwg } from '../src/lexicon/index.js';
import { makeRules } from '../src/engine/rules.js';
import { SPANISH, wordToTiles } from '../src/engine/tiles.js';
import { expectedEnd, scriptedGame } from './helpers/scriptedGame.js';
import { END_HINT, FINAL_WINDOW_LINE_TEXT } from '../src/play/messages.js';
import { tempDir } from './helpers/tempDir.js';

const BIN = join(import.meta.dirname, '..', 'bin', 'atril.js');

function atril(args: string[], input: string): { out: string; err: string; code: number } {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    input,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  return { out: r.stdout, err: r.stderr, code: r.status ?? -1 };
}

/** Builds at PATH a lexicon file of a few words, for the test. */
function smallLexicon(path: string, words: string[]): void {
  const tiles = words.map((w) => {
    const tResult = wordToTiles(SPANISH, w);
    if (!tResult.ok) throw new Error(w);
    const t = tResult.value;
    return t;
  });
  saveKwg(buildKwg(tiles, SPANISH), path);
}

/** Issue 10, 7: an unfinished game left by end of input is saved and the player told where. */
const AUTOSAVED =
  /^Fin de la entrada\. La partida queda sin terminar; está guardada en «.+\.gcg»\. Para seguirla: atril play --cargar (\S+\.gcg|'.+\.gcg')$/;

describe('atril play in line mode (pipes)', () => {
  // The folder is made here, not in beforeAll: tempDir cannot remove what a beforeAll makes.
  const lexicon = join(tempDir('atril-play-'), 'mini.kwg');
  beforeAll(() => {
    smallLexicon(lexicon, ['CELO', 'CELOS', 'UNO', 'LUZ']);
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
        'cambiar',
        'marcador',
        'atril',
        '8H celo',
        '2B ha',
        '',
      ].join('\n'),
    );
    expect(r.code).toBe(0);
    expect(r.out.split('\n').slice(1)).toEqual([
      'Sorteo de salida: Ana saca la O; Luis, la A. Empieza Luis: ha sacado la A.',
      '— Luis —',
      'Turno de Luis.',
      'Atril: 1:C 2:E 3:L 4:N 5:O 6:U 7:U',
      'Orden desconocida: «hola». Escribe «ayuda» para ver las órdenes.',
      'Solo tienes una C y hacen falta dos.',
      'Palabra no válida: LUCE.',
      'La primera jugada debe pasar por la casilla central, H8.',
      'No tienes la X en el atril.',
      // No keys to choose tiles with in line mode: the tiles go on the line.
      'Di qué fichas cambias: «cambiar AEU» («?» es el comodín).',
      'Ana 0, Luis 0.',
      'ce, e, ele, ene, o, u, u.',
      // Issue 10, item 2: at one keyboard the play is announced once, by name, to the table.
      'Luis: 8H horizontal, CELO, 12.',
      '— Ana —',
      'Turno de Ana.',
      'Atril: 1:A 2:H 3:I 4:I 5:J 6:N 7:Z',
      'La jugada no toca ninguna ficha del tablero.',
      expect.stringMatching(AUTOSAVED),
      '',
    ]);
  });

  it('a challenge that leaves the turn with the challenger says the turn once (issue 10, item 2)', () => {
    // Seed 7: Luis plays CELU, not a word; Ana challenges it and it is withdrawn.
    const r = atril(
      ['play', '--jugadores', 'Ana', 'Luis', '--seed', '7'],
      '8H celu\nimpugnar\nmarcador\n',
    );
    const lines = r.out.split('\n');
    const at = lines.findIndex((l) => l.startsWith('Ana impugna'));
    expect(lines.slice(at, at + 3)).toEqual([
      'Ana impugna la jugada de Luis y acierta: CELU no vale. La jugada se retira, 0 puntos.',
      'Turno de Ana.',
      'Ana 0, Luis 0.',
    ]);
  });

  it('RULES.md §12 Fin de línea: a play reaching the target may be challenged before the game ends', () => {
    // Seed 7: Luis opens; the target is 10 points.
    const game = ['play', '--jugadores', 'Ana', 'Luis', '--seed', '7', '--meta', '10'];
    const accepted = atril(game, '8H celo\npasar\n').out;
    expect(accepted).toContain(
      'Ana acepta la última jugada.\nLa partida acaba: se ha llegado a 10 puntos (fin de línea).\nFin de la partida. Gana Luis: Ana 0, Luis 12.',
    );
    const stands = atril(game, '8H celo\nimpugnar\n').out;
    expect(stands).toContain(
      'Ana impugna la jugada de Luis: es válida y se mantiene.\nLa partida acaba: se ha llegado a 10 puntos (fin de línea).\nFin de la partida. Gana Luis: Ana 0, Luis 12.',
    );
    // Withdrawn: the target was never reached and the game goes on, Ana on turn.
    const withdrawn = atril(game, '8H celu\nimpugnar\nmarcador\n').out;
    expect(withdrawn).toContain(
      'CELU no vale. La jugada se retira, 0 puntos.\nTurno de Ana.\nAna 0, Luis 0.',
    );
    expect(withdrawn).not.toContain('Fin de la partida.');
  });

  it('E-06: the window to challenge the last play is said once, with the next turn, in commands', () => {
    // Seed 7: Luis's CELO reaches the target of 10 points, and Ana may challenge it.
    const r = atril(
      ['play', '--jugadores', 'Ana', 'Luis', '--seed', '7', '--meta', '10'],
      '8H celo\npasar\n',
    );
    const lines = r.out.split('\n');
    const at = lines.indexOf('Luis: 8H horizontal, CELO, 12.');
    expect(lines.slice(at, at + 3)).toEqual([
      'Luis: 8H horizontal, CELO, 12.',
      '— Ana —',
      `Turno de Ana. ${FINAL_WINDOW_LINE_TEXT}`,
    ]);
    expect(r.out.split(FINAL_WINDOW_LINE_TEXT)).toHaveLength(2);
    // Line mode has no keys to press: none is named.
    expect(r.out).not.toMatch(/tecla [DP]/);
  });

  it('E-06: what the final window refuses is refused in commands too, for an exchange and for a play', () => {
    // Seed 7: Luis's CELO reaches the target; Ana, in the window, tries to exchange, then to play.
    const r = atril(
      ['play', '--jugadores', 'Ana', 'Luis', '--seed', '7', '--meta', '10'],
      '8H celo\ncambiar A\n9H a\npasar\n',
    );
    // The turn's sentence, then one refusal for each attempt, all in commands.
    expect(r.out.split(FINAL_WINDOW_LINE_TEXT)).toHaveLength(4);
    expect(r.out).not.toMatch(/tecla [DP]/);
  });

  it('previews a line play with valor, reads n~ as Ñ and counts what is missing (issue 10, items 4 and 6)', () => {
    // Seed 7: Luis starts with C E L N O U U.
    const r = atril(
      ['play', '--jugadores', 'Ana', 'Luis', '--seed', '7', '--lexicon', lexicon],
      [
        'valor 8H celo',
        'valor 8H cuenco',
        '8H n~u',
        'cambiar CC',
        'cambiar UUU',
        // Mixed case: the lower-case letters are blanks, and Luis has none.
        '8H ceLO',
        '8H CELo',
        '',
      ].join('\n'),
    );
    expect(r.code).toBe(0);
    const why = 'En una palabra con mayúsculas y minúsculas, las minúsculas son comodines.';
    expect(r.out.split('\n').slice(5, 12)).toEqual([
      'CELO 12, total 12.',
      'Solo tienes una C y hacen falta dos.',
      'No tienes la Ñ en el atril.',
      'Solo tienes una C y hacen falta dos.',
      'Solo tienes dos U y hacen falta tres.',
      `Necesitas dos comodines y no tienes ninguno. ${why}`,
      `No tienes ningún comodín en el atril. ${why}`,
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
    // The end is announced once, every seat by name (issue 10, item 2).
    expect(r.out).toContain(expectedEnd(['Ana', 'Luis'], final, winners));
    expect(r.out.split('Fin de la partida.').length).toBe(2);
    expect(r.out).not.toContain('Tú');
    expect(r.out).not.toContain('Tu turno');
    expect(r.out).toContain('— Ana —');
    expect(r.out).toContain('— Luis —');
    expect(r.out.includes('\x1b')).toBe(false);
  });

  it('saves a game with guardar and resumes it with --cargar (GCG)', () => {
    const dir = tempDir('atril-save-');
    const file = join(dir, 'partida.gcg');
    const first = atril(
      ['play', '--jugadores', 'Ana', 'Luis', '--seed', '7'],
      `8H celo\nguardar ${file}\n`,
    );
    expect(first.out).toContain(`Partida guardada en «${file}».`);
    const gcg = readFileSync(file, 'utf8');
    expect(gcg).toContain('#player1 Ana Ana');
    expect(gcg).toContain('>Luis: 8H CELO +12 12');
    const again = atril(['play', '--cargar', file], 'marcador\natril\ntablero\n9H ja\nmarcador\n');
    expect(again.code).toBe(0);
    const lines = again.out.split('\n');
    // One turn was played before saving (the start and its draws are no turns).
    expect(lines[0]).toBe(
      `Partida de «${file}», 1 turno jugado. Escribe «ayuda» para ver las órdenes.`,
    );
    expect(lines.slice(1, 6)).toEqual([
      '— Ana —',
      'Turno de Ana.',
      'Atril: 1:A 2:H 3:I 4:I 5:J 6:N 7:Z',
      'Ana 0, Luis 12.',
      'a, hache, i, i, jota, ene, zeta.',
    ]);
    expect(lines[6]).toBe('    A  B  C  D  E  F  G  H  I  J  K  L  M  N  O');
    expect(lines[14]).toBe(' 8  3P .  .  2L .  .  .  C  E  L  O  2L .  .  3P');
    expect(again.out).toContain('Ana: 9H horizontal, JA,');
    // G-02: the table heard the opening draw when the game began, not again on resuming it.
    expect(first.out).toContain('Sorteo de salida: ');
    expect(again.out).not.toContain('Sorteo de salida');
  });

  it('G-02: a new game says the opening draw once, before the first turn: a tie and its redraw, a blank', () => {
    // Seed 8: both draw an A; on the redraw the computer draws another A and starts.
    const tie = atril(['play', '--seed', '8'], 'marcador\n').out.split('\n');
    expect(tie.slice(1, 3)).toEqual([
      'Sorteo de salida: tú sacas la A; Aficionado, la A. Empate. Desempate: tú sacas la T; Aficionado, la A. Empieza Aficionado: ha sacado la A.',
      expect.stringMatching(/^Aficionado: \S+ (horizontal|vertical), [A-ZÑ]+, \d+/),
    ]);
    expect(tie.filter((l) => l.startsWith('Sorteo de salida'))).toHaveLength(1);
    // Seed 31: a blank beats every letter.
    const blank = atril(['play', '--seed', '31'], 'marcador\n').out.split('\n');
    expect(blank.slice(1, 3)).toEqual([
      'Sorteo de salida: tú sacas el comodín; Aficionado, la O. Empiezas tú: el comodín gana a cualquier letra.',
      'Tu turno.',
    ]);
    // Three players, two tie twice (seed 46): only they draw again.
    const three = atril(['play', '--vs', 'aficionado', 'experto', '--seed', '46'], '').out;
    expect(three.split('\n')[1]).toBe(
      'Sorteo de salida: tú sacas la L; Aficionado, la D; Experto, la D. Empate entre Aficionado y Experto. Desempate: Aficionado saca la S; Experto, la S. Otro empate. Desempate: Aficionado saca la che; Experto, la X. Empieza Aficionado: su ficha es la más cercana a la A.',
    );
  });

  it('guardar never replaces a file; reemplazar does; a game left mid-way is saved where it says (issue 10, 7)', () => {
    const dir = tempDir('atril-save-');
    const file = join(dir, 'partida.gcg');
    writeFileSync(file, 'otra partida\n');
    const r = spawnSync(
      process.execPath,
      [BIN, 'play', '--jugadores', 'Ana', 'Luis', '--seed', '7'],
      {
        input: `8H celo\nguardar ${file}\nsalir\n`,
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1', ATRIL_SAVE_DIR: join(dir, 'auto') },
      },
    );
    expect(r.stdout).toContain(
      `Ya existe «${file}»; no se ha tocado. Para reemplazarlo: «reemplazar ${file}».`,
    );
    expect(readFileSync(file, 'utf8')).toBe('otra partida\n');
    const bye = r.stdout.split('\n').find((l) => l.startsWith('Hasta luego.'))!;
    const saved = /guardada en «([^»]+)»/.exec(bye)![1]!;
    expect(saved.startsWith(join(dir, 'auto'))).toBe(true);
    // The saved game goes on where it stopped: Ana is on turn after CELO.
    // Its private part (issue 10, item 9) is in the same folder of saved games.
    const again = spawnSync(process.execPath, [BIN, 'play', '--cargar', saved], {
      input: 'marcador\n',
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1', ATRIL_SAVE_DIR: join(dir, 'auto') },
    });
    expect(again.stdout).toContain('Ana 0, Luis 12.');
    const replaced = atril(
      ['play', '--jugadores', 'Ana', 'Luis', '--seed', '7'],
      `8H celo\nreemplazar ${file}\n`,
    );
    expect(replaced.out).toContain(`Partida guardada en «${file}».`);
    expect(readFileSync(file, 'utf8')).toContain('>Luis: 8H CELO +12 12');
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('salir or the end of input before any move just leaves: no file, nothing to go on with', () => {
    const saves = join(tempDir('atril-empty-'), 'auto');
    const run = (input: string): string =>
      spawnSync(process.execPath, [BIN, 'play', '--jugadores', 'Ana', 'Luis', '--seed', '7'], {
        input,
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1', ATRIL_SAVE_DIR: saves },
      }).stdout.trimEnd();
    expect(run('marcador\nsalir\n').split('\n').at(-1)).toBe(
      'Hasta luego. La partida queda sin terminar.',
    );
    expect(run('atril\n').split('\n').at(-1)).toBe(
      'Fin de la entrada. La partida queda sin terminar.',
    );
    expect(existsSync(saves)).toBe(false);
    // One move makes a game to go on with, saved as ever.
    expect(run('8H celo\nsalir\n')).toMatch(
      /\nHasta luego\. La partida queda sin terminar; está guardada en «[^»]+\.gcg»/,
    );
    expect(readdirSync(saves).filter((f) => f.endsWith('.gcg'))).toHaveLength(1);
  });

  it('--cargar then salir or the end of input, with nothing done: no new file, the game stays as saved', () => {
    const saves = join(tempDir('atril-cargar-'), 'auto');
    const run = (args: string[], input: string): string =>
      spawnSync(process.execPath, [BIN, 'play', ...args], {
        input,
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1', ATRIL_SAVE_DIR: saves },
      }).stdout.trimEnd();
    const files = (): string[] => readdirSync(saves).filter((f) => f.endsWith('.gcg'));
    run(['--jugadores', 'Ana', 'Luis', '--seed', '7'], '8H celo\nsalir\n');
    const [first] = files();
    const file = join(saves, first!);
    const stays = `La partida queda como estaba guardada en «${file}». Para seguirla: atril play --cargar ${file}`;
    expect(run(['--cargar', file], 'marcador\nsorteo\nsalir\n').split('\n').at(-1)).toBe(
      `Hasta luego. ${stays}`,
    );
    expect(run(['--cargar', file], 'turno\n').split('\n').at(-1)).toBe(
      `Fin de la entrada. ${stays}`,
    );
    expect(files()).toEqual([first]);
    // A move made after loading is a game to go on with, saved as ever.
    expect(run(['--cargar', file], 'pasar\nsalir\n')).toMatch(
      /\nHasta luego\. La partida queda sin terminar; está guardada en «[^»]+\.gcg»/,
    );
    expect(files()).toHaveLength(2);
  });

  it('refuses a file that is not a saved game', () => {
    const dir = tempDir('atril-save-');
    const file = join(dir, 'otra.gcg');
    writeFileSync(file, '#player1 a A\n#player2 b B\n>a: AEI 8H AE +4 4\n');
    const r = atril(['play', '--cargar', file], '');
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      `«${file}» no es una partida guardada por Atril (faltan las reglas y la semilla).\n`,
    );
    const missing = atril(['play', '--cargar', join(dir, 'no.gcg')], '');
    expect(missing.code).toBe(2);
    expect(missing.err).toBe(`No existe el archivo «${join(dir, 'no.gcg')}».\n`);
  });

  it('refuses a saved game whose rules are not valid, naming the field (RULES.md §12)', () => {
    const dir = tempDir('atril-save-');
    const file = join(dir, 'reglas.gcg');
    const rules = { ...makeRules('fise'), bingoBonus: '7' };
    writeFileSync(
      file,
      `#player1 a A\n#player2 b B\n#atril-rules ${JSON.stringify(rules)}\n#atril-seed "s"\n`,
    );
    const r = atril(['play', '--cargar', file], '');
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      `«${file}»: Reglas no válidas: «bingoBonus» debe ser un número entero, no "7".\n`,
    );
  });

  it('refuses a preset name that is not a preset, even an inherited property name', () => {
    const r = atril(['play', '--rules', 'constructor'], '');
    expect(r.code).toBe(2);
    expect(r.err).toContain('Reglas desconocidas: «constructor». Reglas: fise, caja, sala.');
  });

  it('plays a complete game against the aficionado bot (the default, as npm start does)', () => {
    // The person passes every turn; the bot plays until it goes out (E-01).
    const r = atril(['play', '--seed', '5'], 'pasar\n'.repeat(80));
    expect(r.code).toBe(0);
    expect(r.err).toBe('');
    const lines = r.out.trimEnd().split('\n');
    expect(lines[0]).toBe(
      'Partida de Scrabble. Jugadores: Tú, Aficionado (ordenador). Reglas FISE (torneo), atril de 7, las jugadas no válidas se rechazan. Semilla 5. Escribe «ayuda» para ver las órdenes.',
    );
    const bot = lines.filter((l) => l.startsWith('Aficionado: '));
    expect(bot.length).toBeGreaterThan(10);
    for (const l of bot)
      expect(l).toMatch(
        /^Aficionado: (\d+[A-O]|[A-O]\d+) (horizontal|vertical), [A-ZÑ]+( \([a-zñ, y]+ como (comodín|comodines)\))?, \d+(, con scrabble)?\.$/,
      );
    expect(lines.filter((l) => l === 'Has pasado.').length).toBe(
      lines.filter((l) => l === 'Tu turno.').length,
    );
    // Issue 10, 1: the end names the rack adjustments (E-05), draws the final board and stays
    // open for reading commands until the input ends.
    const end = lines.findIndex((l) => l.startsWith('Fin de la partida.'));
    expect(lines[end - 1]).toMatch(
      /^Fichas que quedan: te quedas con .+: -\d+; Aficionado \+\d+\.$/,
    );
    expect(lines[end]).toMatch(/^Fin de la partida\. Gana Aficionado: Tú -\d+, Aficionado \d+\.$/);
    expect(lines[end + 1]).toBe('    A  B  C  D  E  F  G  H  I  J  K  L  M  N  O');
    // The seed, for dealing the same tiles again (issue 10, item 6).
    expect(lines[lines.indexOf(END_HINT) - 1]).toBe(
      'Semilla 5: con los mismos jugadores y reglas, «--seed 5» reparte las mismas fichas.',
    );
    const after = lines.slice(lines.indexOf(END_HINT) + 1);
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((l) => l === 'La partida ha terminado.')).toBe(true);
  });

  it('after the end, resultado, marcador, tablero and the read commands answer, and guardar writes a record replay accepts (issue 10, item 1)', () => {
    const file = join(tempDir('atril-end-'), 'final.gcg');
    const after = ['resultado', 'marcador', 'tablero', 'atril', 'bolsa', 'ultima', 'columna H'];
    const r = atril(
      ['play', '--seed', '5'],
      'pasar\n'.repeat(40) + [...after, `guardar ${file}`, 'salir'].join('\n') + '\n',
    );
    expect(r.code).toBe(0);
    const lines = r.out.trimEnd().split('\n');
    const answers = lines
      .slice(lines.indexOf(END_HINT) + 1)
      .filter((l) => l !== 'La partida ha terminado.');
    const end = lines.find((l) => l.startsWith('Fin de la partida.'))!;
    expect(answers[0]).toMatch(/^Fichas que quedan: te quedas con .+: -\d+; Aficionado \+\d+\.$/);
    expect(answers[1]).toBe(end);
    expect(answers[2]).toBe(end.replace(/^Fin de la partida\. Gana Aficionado: /, ''));
    expect(answers[3]).toBe('    A  B  C  D  E  F  G  H  I  J  K  L  M  N  O');
    const rest = answers.slice(19);
    expect(rest[0]).toMatch(/^[a-zñ ,]+\.$/); // the rack left, read aloud
    expect(rest[1]).toBe('Bolsa 0. No queda ninguna ficha por ver.');
    expect(rest[2]).toMatch(/^Aficionado: /);
    expect(rest[3]).toMatch(/^Columna H: /);
    expect(rest[4]).toBe(`Partida guardada en «${file}».`);
    expect(rest[5]).toBe('Hasta luego.');
    const replay = spawnSync(process.execPath, [BIN, 'replay', file], { encoding: 'utf8' });
    expect(replay.status).toBe(0);
  });

  it('keeps a seed drawn at random secret until the end: it fixes every rack (issue 10, items 6 and 9)', () => {
    const r = atril(['play'], 'marcador\n');
    expect(r.out.split('\n')[0]).toBe(
      'Partida de Scrabble. Jugadores: Tú, Aficionado (ordenador). Reglas FISE (torneo), atril de 7, las jugadas no válidas se rechazan. Escribe «ayuda» para ver las órdenes.',
    );
    expect(r.out).not.toContain('Semilla');
  });

  it('the command to go on is pasted into a shell as it is, spaces and quotes in the folder included', () => {
    const env = {
      ...process.env,
      NO_COLOR: '1',
      ATRIL_SAVE_DIR: join(tempDir('atril-resume-'), "mis 'partidas'"),
    };
    const args = ['play', '--jugadores', 'Ana', 'Luis', '--seed', '7'];
    const first = spawnSync(process.execPath, [BIN, ...args], {
      input: '8H celo\n',
      encoding: 'utf8',
      env,
    });
    const cmd = /Para seguirla: atril (play --cargar .+)$/m.exec(first.stdout);
    expect(cmd, first.stdout).not.toBeNull();
    const again = spawnSync('sh', ['-c', `"${process.execPath}" "${BIN}" ${cmd![1]!}`], {
      input: '\nmarcador\n',
      encoding: 'utf8',
      env,
    });
    expect(again.stderr).toBe('');
    expect(again.stdout).toContain('\nAna 0, Luis 12.\n');
  });

  it('guardar takes a name as typed: «» or quotes around it and a leading ~ are read as a shell would', () => {
    const home = tempDir('atril-home-');
    const env = { ...process.env, NO_COLOR: '1', HOME: home, ATRIL_SAVE_DIR: join(home, 'auto') };
    const r = spawnSync(
      process.execPath,
      [BIN, 'play', '--jugadores', 'Ana', 'Luis', '--seed', '7'],
      {
        input:
          '\nguardar ~/uno.gcg\nguardar «~/dos.gcg»\nguardar "tres.gcg"\nguardar /proc/cuatro.gcg\n',
        encoding: 'utf8',
        env,
        cwd: home,
      },
    );
    expect(readdirSync(home).sort()).toEqual(['auto', 'dos.gcg', 'tres.gcg', 'uno.gcg']);
    expect(r.stdout).toContain(`Partida guardada en «${join(home, 'uno.gcg')}».`);
    expect(r.stdout).toContain('Partida guardada en «tres.gcg».');
    expect(r.stdout).toContain(
      'No se ha podido guardar en «/proc/cuatro.gcg»: en esa carpeta no se pueden crear ficheros.',
    );
  });

  it('a seed drawn at random is 128 random bits, not the clock: none could guess it from the start time', () => {
    // Four passes end a two-player game (E-02), whose seed is then said.
    const r = spawnSync(process.execPath, [BIN, 'play', '--jugadores', 'Ana', 'Luis', '--lineas'], {
      input: '\npasar\n\npasar\n\npasar\n\npasar\n\n',
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1', ATRIL_SAVE_DIR: tempDir('atril-seed-') },
    });
    expect(r.status, r.stderr).toBe(0);
    const said = /Semilla (\S+): con los mismos jugadores y reglas/.exec(r.stdout);
    expect(said, r.stdout.slice(-600)).not.toBeNull();
    expect(said![1]).toMatch(/^[0-9a-f]{32}$/);
  });

  it('seats up to three bots and refuses unknown levels', () => {
    const r = atril(
      ['play', '--vs', 'principiante', 'experto', '--seed', '9', '--lineas'],
      'marcador\n',
    );
    expect(r.out).toContain('Jugadores: Tú, Principiante (ordenador), Experto (ordenador).');
    expect(r.out).toContain('Tú 0, Principiante ');
    const bad = atril(['play', '--vs', 'maestro'], '');
    expect(bad.code).toBe(2);
    expect(bad.err).toContain(
      'Nivel desconocido: «maestro». Niveles: principiante, aficionado, experto, campeon.',
    );
    const many = atril(
      ['play', '--vs', 'experto', '--vs', 'experto', '--vs', 'experto', '--vs', 'experto'],
      '',
    );
    expect(many.code).toBe(2);
    expect(many.err).toContain('Como mucho pueden jugar 4.');
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
      'Partida de Scrabble. Jugadores: Ana, Luis. Reglas FISE (torneo), atril de 7, impugnación libre. Semilla 7. Escribe «ayuda» para ver las órdenes.',
      'Sorteo de salida: Ana saca la O; Luis, la A. Empieza Luis: ha sacado la A.',
      '— Luis —',
      'Turno de Luis.',
      'Atril: 1:C 2:E 3:L 4:N 5:O 6:U 7:U',
      'Turno de Luis.',
      'Ana 0, Luis 0.',
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
      // Nothing was played: nothing to go on with, and no file.
      'Fin de la entrada. La partida queda sin terminar.',
      '',
    ]);
  });
});
