import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { expectedEnd, scriptedGame } from './helpers/scriptedGame.js';
import { BOT_LEVELS } from '../src/cli/terminal/bots.js';
import { BIN, Terminal, lastScreen } from './helpers/terminal.js';
import { tempDir } from './helpers/tempDir.js';
import { FINAL_WINDOW_TEXT } from '../src/play/messages.js';

/** `atril replay FILE` through the real command. */
function replay(file: string): { out: string; code: number } {
  const r = spawnSync(process.execPath, [BIN, 'replay', file], { encoding: 'utf8' });
  return { out: r.stdout + r.stderr, code: r.status ?? -1 };
}

let term: Terminal | undefined;
afterEach(() => {
  term?.pty.kill();
  term = undefined;
});

describe('atril play in single-key mode (pseudo-terminal)', () => {
  it('answers the seed keys of UX.md §2.3 and draws the board', async () => {
    term = new Terminal(['--jugadores', 'Ana', 'Luis', '--seed', '7']);
    // Hot-seat (issue 10, item 2): Luis's rack shows once he has the keyboard.
    const hidden = await term.waitFor('Pasa el teclado a Luis; pulsa Intro.');
    expect(hidden).not.toContain('Atril:');
    // Typed as keys, «ayuda» would challenge (D): key mode points to the ? key instead.
    expect(hidden).toContain('Semilla 7. Pulsa ? para ver la ayuda.');
    expect(hidden).not.toContain('«ayuda»');
    // G-02: who starts and why, under the intro.
    expect(hidden).toContain(
      'Sorteo de salida: Ana saca la O; Luis, la A. Empieza Luis: ha sacado la A.',
    );
    // C would show the rack: it waits for Intro (T, which shows none, answers).
    await term.press(
      'c',
      'El atril de Luis está oculto. Pulsa Intro cuando Luis tenga el teclado.',
    );
    await term.press('\r', 'Turno de Luis.');
    const screen = lastScreen(term.out);
    expect(screen).toContain('    A  B  C  D  E  F  G  H  I  J  K  L  M  N  O');
    expect(screen).toContain(' 1  3P .  .  2L .  .  .  3P .  .  .  2L .  .  3P');
    expect(screen).toContain(' 8  3P .  .  2L .  .  . [**].  .  .  2L .  .  3P');
    expect(screen).toContain('Atril: 1:C 2:E 3:L 4:N 5:O 6:U 7:U');
    expect(screen).toContain('Luis · Modo navegación · cursor H8');
    expect(screen.includes('\x1b[1m')).toBe(false); // NO_COLOR

    await term.press('t', 'Turno de Luis.');
    await term.press('s', 'Ana 0, Luis 0.');
    await term.press('c', 'ce, e, ele, ene, o, u, u.');
    await term.press('3', '3: ele, 1 punto.');
    await term.press('i', 'Orden alfabético.');
    await term.press('i', 'Consonantes y luego vocales.');
    await term.press('i', 'Orden de robo.');
    await term.press('o', 'H8, vacía, doble palabra, centro.');
    await term.press('u', 'Todavía no se ha jugado nada.');
    await term.press('l', 'No hay palabras en el tablero.');
    await term.press('r', 'Partida sin reloj.');
    await term.press('b', 'Bolsa 86. No vistas (93):');
    await term.press('e', 'Fila 8: vacía.');
    await term.press('x', 'Fila 8: vacía.');
    await term.press('d', 'No hay ninguna jugada que se pueda impugnar.');
    await term.press('q', 'Q: tecla sin función. Pulsa ? para la ayuda.');
    await term.press('?', 'Ayuda. Modo navegación.');
    await term.press('\x1bOP', 'Ayuda. Modo navegación.'); // F1
    await term.press('\x1b[C', 'I8, vacía.');
    await term.press('\x1b[D', 'H8, vacía, doble palabra, centro.');
    await term.press('\x1b[1;5H', 'A1, vacía, triple palabra.'); // Ctrl+Home
    await term.press('\x1b[A', 'Borde del tablero. A1.');
    await term.press('\x1b[F', 'O1, vacía, triple palabra.'); // End
    await term.press('\x1b[H', 'A1, vacía, triple palabra.'); // Home
    await term.press('f', 'No has puesto ninguna ficha.');
    await term.press('p', '¿Pasar? Pulsa P otra vez.');
    await term.press('n', 'Pase cancelado.');

    // Writing: Shift+letter places from the rack; an off-centre opening is refused.
    await term.press('h', 'Escritura horizontal desde A1.');
    await term.press('U', 'U en A1.');
    await term.press('N', 'N en B1.');
    await term.press('O', 'O en C1.');
    await term.press('y', 'La primera jugada debe pasar por la casilla central, H8.');
    await term.press('\r', 'La primera jugada debe pasar por la casilla central, H8.');
    await term.press('z', '3 fichas devueltas al atril.');

    // Back to the centre with a command line, then C E L O with Backspace and Shift+digit.
    await term.press('/', 'Línea de órdenes.');
    await term.press('casilla H8\r', 'H8, vacía, doble palabra, centro.');
    await term.press('h', 'Escritura horizontal desde H8.');
    await term.press('C', 'C en H8.');
    await term.press('E', 'E en I8.');
    await term.press('L', 'L en J8.');
    await term.press('U', 'U en K8.');
    await term.press('\x7f', 'U retirada de K8.');
    // Shift+5 (US layout): rack tile 5 is O, its number kept while C, E and L are on the board.
    const placed = await term.press('%', 'O en K8.');
    expect(lastScreen(placed)).toContain(' 8  3P .  .  2L .  .  . +C +E +L +O [2L].  .  3P');
    expect(lastScreen(placed)).toContain('Atril: 1:vacío 2:vacío 3:vacío 4:N 5:vacío 6:U 7:U');
    await term.press('y', 'CELO 12, total 12.');
    await term.press('q', 'Q: tecla sin función.');
    // One announcement of the play, by name; Ana's rack is hidden until she presses Intro.
    const played = await term.press('f', 'Pasa el teclado a Ana; pulsa Intro.');
    expect(played.split('CELO').length).toBe(2);
    expect(played).toContain('Luis: 8H horizontal, CELO, 12.');
    expect(played).toContain('Ana 0 · Luis 12 · Bolsa 82');
    expect(played).not.toContain('Atril:');
    expect(played).not.toContain('Tú');
    const ana = await term.press('\r', 'Turno de Ana.');
    expect(ana).toContain(' 8  3P .  .  2L .  .  . [C ]E  L  O  2L .  .  3P');
    expect(ana).toContain('Atril: 1:A 2:H 3:I 4:I 5:J 6:N 7:Z');
    expect(ana).toContain('Ana · Modo navegación · cursor H8');

    // Ana: Shift+letter in navigation jumps to that letter; errors change nothing.
    await term.press('O', 'K8, O, 1 punto.');
    await term.press('C', 'Vuelta al principio. H8, C, 3 puntos.');
    await term.press(':', 'Línea de órdenes.');
    await term.press('hola\r', 'Orden desconocida: «hola». Escribe «ayuda» para ver las órdenes.');
    await term.press('/', 'Línea de órdenes.');
    await term.press('2B ha\r', 'La jugada no toca ninguna ficha del tablero.');
    await term.press('/', 'Línea de órdenes.');
    await term.press('H9 AXA\r', 'No tienes la X en el atril.');
    await term.press('s', 'Ana 0, Luis 12.');
    await term.press('g', 'Modo cambio.');
    await term.press('Z', 'Zeta elegida. Cambiar 1 ficha: zeta. Pulsa G para confirmar.');
    await term.press('\x1b', 'Modo navegación.');
    const file = join(tempDir('atril-keys-'), 'p.gcg');
    await term.press(`/guardar ${file}\r`, `Partida guardada en «${file}».`);
    expect(readFileSync(file, 'utf8')).toContain('>Luis: 8H CELO +12 12');
    // Issue 10, 7: guardar never replaces a file without asking; Control+C asks before leaving.
    await term.press('s', 'Ana 0, Luis 12.');
    writeFileSync(file, 'otra partida\n');
    await term.press(`/guardar ${file}\r`, 'Ya existe');
    await term.press('n', 'No se ha guardado.');
    expect(readFileSync(file, 'utf8')).toBe('otra partida\n');
    await term.press(`/guardar ${file}\r`, '¿Reemplazarlo? Pulsa S para sí');
    await term.press('s', `Partida guardada en «${file}».`);
    await term.press('\x03', '¿Salir sin guardar?');
    await term.press('x', 'Sigues en la partida.');
    await term.press('/salir\r', '¿Salir sin guardar?');
    await term.press('s', 'Hasta luego: la partida queda sin terminar.');
    expect(await term.exit).toBe(0);
  });

  it('Control+D in an unfinished game asks before leaving, as Control+C does (issue 10, 7)', async () => {
    term = new Terminal(['--vs', 'aficionado', '--seed', '7']);
    await term.waitFor('Tu turno.');
    await term.press('\x04', '¿Salir sin guardar?');
    await term.press('x', 'Sigues en la partida.');
    await term.press('s', 'Tú 0, Aficionado ');
    await term.press('\x04', '¿Salir sin guardar?');
    await term.press('\x04', 'Hasta luego: la partida queda sin terminar.');
    expect(await term.exit).toBe(0);
  });

  it('places a blank after asking its letter, and K for CH (UX.md §2.4)', async () => {
    // Seed 21: Luis starts with ? A E J O U U.
    term = new Terminal(['--jugadores', 'Ana', 'Luis', '--seed', '21']);
    await term.waitFor('pulsa Intro.');
    expect(await term.press('\r', 'Turno de Luis.')).toMatch(/Atril: 1:\?/);
    await term.press('h', 'Escritura horizontal desde H8.');
    await term.press('!', 'Comodín en H8. ¿Qué letra es?');
    const placed = await term.press('k', 'comodín (como che) en H8.');
    expect(placed).toContain('+ch');
    // Reading the rack changes nothing on the board: the board is not written again (item 10).
    const read = await term.press('c', 'a, e, jota, o');
    expect(read).not.toContain('+ch');
    await term.press('\x03', '¿Salir sin guardar?');
    await term.press('s', 'Hasta luego');
    expect(await term.exit).toBe(0);
  });

  it('refuses a letter the rack lacks, reads accents bare and asks for Alt+digit where the layout is unsure (issue 10, items 4 and 5)', async () => {
    // Seed 21: Luis starts with ? A E J O U U.
    term = new Terminal(['--jugadores', 'Ana', 'Luis', '--seed', '21']);
    await term.waitFor('pulsa Intro.');
    await term.press('\r', 'Turno de Luis.');
    await term.press('h', 'Escritura horizontal desde H8.');
    await term.press(
      'Z',
      'No tienes la Z en el atril. El comodín se pone con Mayúsculas+1 (o Alt+1).',
    );
    await term.press('&', '«&» es Mayúsculas+7 o Mayúsculas+6 según el teclado');
    await term.press('(', '«(»: usa Alt y el número.');
    await term.press('\x1b2', 'A en H8.'); // Alt+2: rack tile 2
    await term.press('\t', 'Tecla sin función.');
    await term.press('\x1b[24~', 'Tecla sin función.'); // F12
    await term.press('\x0c', 'Tecla sin función.'); // Ctrl+L
    const screen = lastScreen(await term.press('É', 'E en I8.'));
    // The A and the E leave their places empty: the others keep their numbers.
    expect(screen).toContain('Atril: 1:? 2:vacío 3:vacío 4:J 5:O 6:U 7:U');
    await term.press('/', 'Si querías Mayúsculas+7, usa Alt+7.');
    await term.press('\x1b', 'Línea de órdenes cerrada.');
    await term.press('\x03', '¿Salir sin guardar?');
    await term.press('\x03', 'Hasta luego');
    expect(await term.exit).toBe(0);
  });

  it('Shift+L twice makes the LL tile when the rack holds it (issue 10, item 4; RULES.md D-02)', async () => {
    // Seed 94: Ana starts with A D E I L LL O, one L and the LL.
    term = new Terminal(['--jugadores', 'Ana', 'Luis', '--seed', '94']);
    await term.waitFor('pulsa Intro.');
    expect(await term.press('\r', 'Turno de Ana.')).toContain(
      'Atril: 1:A 2:D 3:E 4:I 5:L 6:LL 7:O',
    );
    await term.press('h', 'Escritura horizontal desde H8.');
    await term.press('L', 'L en H8.');
    await term.press('L', 'L cambiada por LL en H8.');
    const placed = await term.press('A', 'A en I8.');
    expect(lastScreen(placed)).toContain('Atril: 1:vacío 2:D 3:E 4:I 5:L 6:vacío 7:O');
    await term.press('\x03', '¿Salir sin guardar?');
    await term.press('s', 'Hasta luego');
    expect(await term.exit).toBe(0);
  });

  it('plays a complete hot-seat game through the command line', async () => {
    const { lines, final, winners } = scriptedGame('42');
    term = new Terminal(['--jugadores', 'Ana', 'Luis', '--seed', '42']);
    await term.waitFor('pulsa Intro.');
    await term.press('\r', 'Turno de');
    // Each line ends a turn; the next person takes the keyboard and presses Intro to see their
    // rack (the last line ends the game).
    for (const line of lines.slice(0, -1)) {
      await term.press(`/${line}\r`, 'pulsa Intro.');
      await term.press('\r', 'Turno de');
    }
    const end = await term.press(`/${lines[lines.length - 1]}\r`, 'La partida ha terminado.');
    // Issue 10, 1: the end names each rack adjustment (E-05) before the totals, then stays open.
    expect(lastScreen(end)).toMatch(/Fichas que quedan: .+ se queda con .+: -\d+; .+ \+\d+\./);
    expect(lastScreen(end)).toContain(expectedEnd(['Ana', 'Luis'], final, winners));
    await term.press('s', `${final[0]}`);
    const dir = tempDir('atril-end-');
    const file = join(dir, 'partida.gcg');
    await term.press(`/guardar ${file}\r`, 'Partida guardada');
    await term.press('/salir\r', 'Hasta luego.');
    expect(await term.exit).toBe(0);
    expect(replay(file).code).toBe(0);
  });

  it('E-06: the window to challenge the last play is said once, with its keys, when they answer', async () => {
    // Seed 7: Luis's CELO reaches the target of 10 points, and Ana may challenge it.
    term = new Terminal(['--jugadores', 'Ana', 'Luis', '--seed', '7', '--meta', '10']);
    await term.waitFor('pulsa Intro.');
    await term.press('\r', 'cursor');
    // The keyboard passes first: D and P answer Ana only once she has it.
    const frame = await term.press('/8H celo\r', 'Pasa el teclado a Ana; pulsa Intro.');
    expect(frame).toMatch(/Luis: 8H horizontal, CELO, 12\.[^]*Turno de Ana\.[^]*Pasa el teclado/);
    expect(frame).not.toMatch(/tecla [DP]/);
    // Asked meanwhile, the turn says that the game may end there, and names no key.
    const asked = await term.press('t', 'Turno de Ana. ');
    expect(asked).toContain(
      'Turno de Ana. La última jugada cierra la partida si nadie la impugna.',
    );
    expect(asked).not.toMatch(/tecla [DP]/);
    const said = await term.press('\r', 'Atril: ');
    expect(said).toContain(`Turno de Ana. ${FINAL_WINDOW_TEXT}`);
    expect(term.out.split(FINAL_WINDOW_TEXT)).toHaveLength(2);
    await term.press('\x03', '¿Salir sin guardar?');
    await term.press('s', 'Hasta luego');
    expect(await term.exit).toBe(0);
  });

  it('plays a complete game against a bot with single keys (P P passes)', async () => {
    term = new Terminal(['--vs', 'aficionado', '--seed', '5']);
    await term.waitFor('Tu turno.'); // rack A A A I N O R
    // Against the computer an invalid word is refused and the player tries again (void).
    await term.press('hNAIA', 'A en K8.');
    await term.press('\r', 'Palabra no válida: NAIA.');
    await term.press('z', '4 fichas devueltas al atril.');
    await term.press('/casilla H8\r', 'H8, vacía, doble palabra, centro.');
    await term.press('hRANA', 'A en K8.');
    const reply = await term.press('f', 'Tu turno.');
    expect(reply).toContain('Jugada RANA, 8H horizontal, 8 puntos.');
    expect(reply).toMatch(/Aficionado: (\d+[A-O]|[A-O]\d+) (horizontal|vertical), [A-ZÑ]+, \d+\./);
    let turns = 0;
    while (!term.out.includes('Fin de la partida.')) {
      await term.press('p', '¿Pasar? Pulsa P otra vez.');
      const from = term.out.length;
      term.pty.write('p');
      await Promise.race([
        term.waitFor('Tu turno.', from),
        term.waitFor('Fin de la partida.', from),
      ]);
      expect(++turns).toBeLessThan(60);
    }
    await term.waitFor('La partida ha terminado.');
    const end = lastScreen(term.out);
    expect(end).toMatch(/Fichas que quedan: te quedas con .+: -\d+; Aficionado \+\d+\./);
    expect(end).toMatch(/Fin de la partida\. Gana Aficionado: Tú -\d+, Aficionado \d+\./);
    expect(end).toContain('Aficionado: ');
    // Issue 10, 1: the game stays open after the end for reading commands until the player leaves.
    await term.press('/resultado\r', 'Fin de la partida.');
    await term.press('\x03', 'Hasta luego.');
    expect(await term.exit).toBe(0);
  });

  for (const level of BOT_LEVELS) {
    it(`plays a whole game against ${level} to the announced adjustments and a record replay accepts`, async () => {
      const name = level === 'campeon' ? 'Campeón' : level[0]!.toUpperCase() + level.slice(1);
      term = new Terminal(['--vs', level, '--seed', '5']);
      await term.waitFor('Tu turno.');
      let turns = 0;
      while (!term.out.includes('La partida ha terminado.')) {
        await term.press('p', '¿Pasar? Pulsa P otra vez.');
        const from = term.out.length;
        term.pty.write('p');
        await Promise.race([
          term.waitFor('Tu turno.', from),
          term.waitFor('La partida ha terminado.', from),
        ]);
        expect(++turns).toBeLessThan(60);
      }
      const end = lastScreen(term.out);
      expect(end).toMatch(
        // E-05: the bot went out and gains the person's rack, or six scoreless turns took both.
        new RegExp(
          `Fichas que quedan: te quedas con .+: -\\d+; ${name} (\\+\\d+|se queda con .+: -\\d+)\\.`,
        ),
      );
      expect(end).toMatch(
        new RegExp(`Fin de la partida\\. Gana ${name}: Tú -\\d+, ${name} \\d+\\.`),
      );
      const file = join(tempDir('atril-bot-'), 'partida.gcg');
      await term.press(`/guardar ${file}\r`, `Partida guardada en «${file}».`);
      await term.press('/salir\r', 'Hasta luego.');
      expect(await term.exit).toBe(0);
      const checked = replay(file);
      expect(checked.code).toBe(0);
      // Issue 10, item 9: once the game is over the record is whole, seed and every rack.
      expect(readFileSync(file, 'utf8')).toContain('#atril-seed "5"');
      expect(end).toContain('Semilla 5: con los mismos jugadores y reglas');
    });
  }

  it('TM-01: with --reloj, R reads the clocks and the status line shows them', async () => {
    term = new Terminal(['--jugadores', 'Ana', 'Luis', '--seed', '7', '--reloj', '10']);
    const first = lastScreen(await term.waitFor('pulsa Intro.'));
    // Real time runs here: Luis's clock, on turn, may already have moved a few seconds.
    expect(first).toMatch(/Ana 0 \(10:00\) · Luis 0 \((10:00|9:[1-5]\d)\) · Bolsa 86/);
    await term.press('\r', 'Turno de Luis.');
    const said = await term.press('r', 'Ana 10 minutos, Luis ');
    expect(said).toMatch(/Ana 10 minutos, Luis (10 minutos|9 minutos [1-5]\d)\./);
    await term.press('\x03', '¿Salir sin guardar?');
    await term.press('\x03', 'Hasta luego');
    expect(await term.exit).toBe(0);
  });

  it('uses colour unless NO_COLOR is set', async () => {
    term = new Terminal(['--jugadores', 'Ana', 'Luis', '--seed', '7'], { TERM: 'xterm' });
    const first = await term.waitFor('pulsa Intro.');
    expect(first).toContain('\x1b[2m3P\x1b[0m');
    await term.press('\x03', 'Salir sin guardar');
    term.pty.write('s');
    expect(await term.exit).toBe(0);
  });
});
