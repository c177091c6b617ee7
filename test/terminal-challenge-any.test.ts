/**
 * RULES.md §12 in the terminal: with 3 or 4 players any opponent may challenge the play just
 * made, until the next player starts a turn (C-01). At one keyboard, `impugnar NOMBRE` is the
 * way a person who is not on turn challenges: in line mode (lines in-process) and on key
 * mode's command line (a real pseudo-terminal).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { spawn } from 'node-pty';
import { afterEach, describe, expect, it } from 'vitest';
import { type Rules, makeRules } from '../src/engine/rules.js';
import { BLANK, SPANISH, rackToTiles, tileLabel } from '../src/engine/tiles.js';
import { LocalGame } from '../src/cli/terminal/localGame.js';
import { runLineMode } from '../src/cli/terminal/lineMode.js';
import { type SaveGame, saveGame } from '../src/cli/terminal/save.js';
import { CHALLENGE_CANCELLED_TEXT, CHALLENGE_QUESTION_TEXT } from '../src/play/messages.js';
import { Terminal } from './helpers/terminal.js';
import { tempDir } from './helpers/tempDir.js';

async function play(
  lines: (g: LocalGame) => string[],
  isWord: () => boolean,
  handover = false,
  table: { names?: string[]; rules?: Rules; save?: SaveGame } = {},
): Promise<{ out: string; game: LocalGame }> {
  const game = new LocalGame(
    (table.names ?? ['Ana', 'Luis', 'Carla']).map((name) => ({ name })),
    { isWord },
    table.rules ?? makeRules('fise'),
    'impugnar-3',
  );
  let out = '';
  const output = new Writable({
    write(chunk: Buffer, _enc, done) {
      out += chunk.toString();
      done();
    },
  });
  const script = lines(game);
  async function* input(): AsyncGenerator<string> {
    yield* script;
  }
  const save = table.save ? { save: table.save } : {};
  await runLineMode(game, { input: input(), output, intro: 'Partida.', handover, ...save });
  return { out, game };
}

/** The opening of the seat on turn: its first two tiles at 8H (a blank as E). */
function opening(g: LocalGame): string {
  const [a, b] = rackToTiles(g.state.racks[g.turn]!);
  const text = (t: number): string => (t === BLANK ? 'e' : tileLabel(SPANISH, t));
  return `8H ${text(a!)}${text(b!)}`;
}

/** The game `atril play --jugadores NAMES --seed SEED` deals (fise rules): its turns and racks. */
function dealt(names: string[], seed: string): LocalGame {
  return new LocalGame(
    names.map((name) => ({ name })),
    { isWord: () => true },
    makeRules('fise'),
    seed,
  );
}

/** `atril play ARGS` in key mode once the first play is made and the keyboard goes to `next`. */
async function afterPlay(args: string[], play: string, next: string): Promise<Terminal> {
  const t = new Terminal(args);
  await t.waitFor('pulsa Intro.');
  await t.press('\r', 'cursor');
  await t.press(`/${play}\r`, `Pasa el teclado a ${next}; pulsa Intro.`);
  return t;
}

/** Leaves the unfinished game (Control+C, then S); resolves to the exit code. */
async function quit(t: Terminal): Promise<number> {
  await t.press('\x03', '¿Salir sin guardar?');
  await t.press('s', 'Hasta luego');
  return t.exit;
}

describe('§12: any opponent may challenge with 3 players (terminal, line mode)', () => {
  it('the player after next challenges by name; an invalid play is withdrawn', async () => {
    let first = -1;
    const { game, out } = await play(
      (g) => {
        first = g.turn;
        const third = g.seats[(first + 2) % 3]!.name;
        return [opening(g), `impugnar ${third}`];
      },
      () => false,
    );
    const ch = game.state.events.find((e) => e.kind === 'challenge');
    expect(ch).toMatchObject({ seat: (first + 2) % 3, target: first, valid: false });
    expect(out).not.toMatch(/No hay nadie/);
  });

  it('while the next rack is hidden, anyone challenges and reads the scores, and no rack shows', async () => {
    let first = -1;
    let racks: string[] = [];
    const { game, out } = await play(
      (g) => {
        first = g.turn;
        const third = g.seats[(first + 2) % 3]!.name;
        return ['', opening(g), 'marcador', 'atril', `impugnar ${third}`, 'marcador'];
      },
      () => false,
      true,
    );
    const next = game.seats[(first + 1) % 3]!.name;
    const third = game.seats[(first + 2) % 3]!.name;
    racks = out.split('\n').filter((l) => l.startsWith('Atril: '));
    const ch = game.state.events.find((e) => e.kind === 'challenge');
    expect(ch).toMatchObject({ seat: (first + 2) % 3, target: first, valid: false });
    const after = out.slice(out.indexOf(`Pasa el teclado a ${next}; pulsa Intro.`));
    expect(after).toMatch(/^Pasa el teclado a \S+; pulsa Intro\.\n\S+ \d+, \S+ \d+, \S+ \d+\.\n/);
    expect(after).toContain(
      `El atril de ${next} está oculto. Pulsa Intro cuando ${next} tenga el teclado.`,
    );
    expect(after).toContain(`${third} impugna la jugada de `);
    // The turn stays where it was, and the rack hidden: said again after the play withdrawn.
    expect(after).toContain(`Turno de ${next}.\nPasa el teclado a ${next}; pulsa Intro.\n`);
    expect(after).toMatch(/\n\S+ 0, \S+ 0, \S+ 0\.\n/); // the scores after the play withdrawn
    // Only the first player's rack was ever shown: the next one's stayed hidden throughout.
    expect(racks).toHaveLength(1);
  });

  it('a name nobody at the table has is refused, and nothing changes', async () => {
    const { game, out } = await play(
      (g) => [opening(g), 'impugnar Nadie'],
      () => false,
    );
    expect(out).toMatch(/No hay nadie llamado «Nadie» en la mesa\./);
    expect(game.state.events.some((e) => e.kind === 'challenge')).toBe(false);
  });

  it('the player who made the play cannot challenge it, and is told so', async () => {
    let first = -1;
    const { game, out } = await play(
      (g) => {
        first = g.turn;
        return [opening(g), `impugnar ${g.seats[first]!.name}`];
      },
      () => false,
    );
    expect(game.state.events.some((e) => e.kind === 'challenge')).toBe(false);
    // Not «No hay ninguna jugada que se pueda impugnar»: the others may challenge it.
    expect(out).toContain(`\n${game.seats[first]!.name} no puede impugnar su propia jugada.\n`);
    expect(out).not.toContain('No hay ninguna jugada');
  });
});

describe('§12: any opponent may challenge with 3 players (terminal, key mode)', () => {
  it('«/impugnar NOMBRE» on the command line challenges for that person', async () => {
    const names = ['Ana', 'Luis', 'Carla'];
    const twin = dealt(names, '5');
    const first = twin.turn;
    const third = names[(first + 2) % 3]!;
    const bin = join(import.meta.dirname, '..', 'bin', 'atril.js');
    const pty = spawn(process.execPath, [bin, 'play', '--jugadores', ...names, '--seed', '5'], {
      cols: 100,
      rows: 45,
      env: { ...process.env, NO_COLOR: '1' } as Record<string, string>,
    });
    let out = '';
    pty.onData((d) => (out += d));
    const exit = new Promise<number>((ok) => pty.onExit((e) => ok(e.exitCode)));
    const press = async (keys: string, text: string): Promise<void> => {
      const from = out.length;
      pty.write(keys);
      const end = Date.now() + 15_000;
      while (!out.slice(from).includes(text)) {
        if (Date.now() > end) throw new Error(`no «${text}» in:\n${out.slice(from).slice(-1500)}`);
        await new Promise((r) => setTimeout(r, 10));
      }
    };
    try {
      await press('', 'pulsa Intro.');
      await press('\r', 'cursor');
      // The next person takes the keyboard (issue 10, item 2), and a third one challenges.
      await press(`/${opening(twin)}\r`, `Pasa el teclado a ${names[(first + 1) % 3]!}`);
      await press('\r', 'cursor');
      await press(`/impugnar ${third}\r`, 'impugna');
      const file = join(tempDir('atril-impugnar-'), 'p.gcg');
      await press(`/guardar ${file}\r`, 'Partida guardada');
      const gcg = readFileSync(file, 'utf8');
      // Withdrawn (`--` naming the challenger) or standing (Carla's `(challenge)` line).
      expect(gcg).toMatch(
        new RegExp(
          `#note atril-challenger ${((first + 2) % 3) + 1}|>${third}: (\\S+ )?\\(challenge\\)`,
        ),
      );
      await press('\x03', '¿Salir sin guardar?');
      await press('s', 'Hasta luego');
      expect(await exit).toBe(0);
    } finally {
      pty.kill();
    }
  });
});

describe('C-01 during a hot-seat handover: the next rack stays hidden', () => {
  it('line mode: a challenge that costs the turn hides the next rack too, even from its owner', async () => {
    // Double challenge, two people: the next one challenges a valid play during the handover
    // and loses the turn, back to the one who played, whose rack is not shown without Intro.
    let first = -1;
    const { game, out } = await play(
      (g) => {
        first = g.turn;
        return ['', opening(g), `impugnar ${g.seats[1 - first]!.name}`];
      },
      () => true,
      true,
      { names: ['Ana', 'Luis'], rules: makeRules('fise', { challengeMode: 'double' }) },
    );
    const ch = game.state.events.find((e) => e.kind === 'challenge');
    expect(ch).toMatchObject({ seat: 1 - first, valid: true });
    expect(game.turn).toBe(first);
    const name = game.seats[first]!.name;
    expect(out).toMatch(
      new RegExp(
        `pierde el turno\\.\n— ${name} —\n.*\nPasa el teclado a ${name}; pulsa Intro\\.\n`,
      ),
    );
    // Only the first rack, before the play, was ever shown.
    expect(out.split('\n').filter((l) => l.startsWith('Atril: '))).toHaveLength(1);
  });

  let term: Terminal | undefined;
  afterEach(() => {
    term?.pty.kill();
    term = undefined;
  });

  it('key mode: D challenges for the person about to take the keyboard, and their rack stays hidden', async () => {
    // Seed 7: Luis opens with C E L N O U U and plays CELU, not a word; Ana has A H I I J N Z.
    term = await afterPlay(['--jugadores', 'Ana', 'Luis', '--seed', '7'], '8H celu', 'Ana');
    await term.press('d', CHALLENGE_QUESTION_TEXT);
    const said = await term.press('d', 'Pasa el teclado a Ana; pulsa Intro.');
    expect(said).toContain(
      'Ana impugna la jugada de Luis y acierta: CELU no vale. La jugada se retira, 0 puntos.',
    );
    expect(said).not.toContain('Atril: ');
    // Any other key still waits for Ana; Intro shows her rack.
    await term.press('c', 'El atril de Ana está oculto.');
    await term.press('\r', 'Atril: 1:A 2:H 3:I 4:I 5:J 6:N 7:Z');
    expect(await quit(term)).toBe(0);
  });

  it('key mode: on the command line, anyone challenges by name and reads the scores; the rest waits', async () => {
    const names = ['Ana', 'Luis', 'Carla'];
    const twin = dealt(names, '5');
    const first = twin.turn;
    const next = names[(first + 1) % 3]!;
    const third = names[(first + 2) % 3]!;
    term = await afterPlay(['--jugadores', ...names, '--seed', '5'], opening(twin), next);
    await term.press('/marcador\r', `${names[first]} `);
    await term.press('/última\r', `${names[first]}: 8H horizontal`);
    await term.press('/atril\r', `El atril de ${next} está oculto.`);
    const said = await term.press(`/impugnar ${third}\r`, 'pulsa Intro.');
    expect(said).toContain(`${third} impugna la jugada de ${names[first]}`);
    expect(said).not.toContain('Atril: ');
    expect(await quit(term)).toBe(0);
  });

  it('key mode: a challenge that costs the turn hides the next rack too, even from its owner', async () => {
    // Double challenge: Ana's D fails against CELO and she loses her turn, back to Luis.
    const args = ['--jugadores', 'Ana', 'Luis', '--seed', '7', '--impugnacion', 'double'];
    term = await afterPlay(args, '8H celo', 'Ana');
    await term.press('d', CHALLENGE_QUESTION_TEXT);
    const said = await term.press('d', 'Pasa el teclado a Luis; pulsa Intro.');
    expect(said).toContain('Ana impugna la jugada de Luis: es válida y se mantiene');
    expect(said).not.toContain('Atril: ');
    await term.press('\r', 'Atril: ');
    expect(await quit(term)).toBe(0);
  });

  it('key mode: a stray D only asks; Intro or another key drops the question, and the turn is kept', async () => {
    // Double challenge: a D answered would cost Ana her turn against CELO, a valid play.
    const args = ['--jugadores', 'Ana', 'Luis', '--seed', '7', '--impugnacion', 'double'];
    term = await afterPlay(args, '8H celo', 'Ana');
    await term.press('d', CHALLENGE_QUESTION_TEXT);
    expect(await term.press('s', 'Ana 0, Luis 12.')).toContain(CHALLENGE_CANCELLED_TEXT);
    await term.press('d', CHALLENGE_QUESTION_TEXT);
    const taken = await term.press('\r', 'Atril: 1:A 2:H');
    expect(taken).toContain(CHALLENGE_CANCELLED_TEXT);
    // With the keyboard, Ana's own D asks again, as P asks before a pass.
    await term.press('d', CHALLENGE_QUESTION_TEXT);
    await term.press('\x1b', CHALLENGE_CANCELLED_TEXT);
    expect(term.out).not.toContain('impugna la jugada');
    expect(await quit(term)).toBe(0);
  });
});

describe('a hot-seat handover answers what shows no rack (QA pass)', () => {
  let term: Terminal | undefined;
  afterEach(() => {
    term?.pty.kill();
    term = undefined;
  });

  it('line mode: the scores, the turn, the last play, the draw, the help and guardar; never the rack', async () => {
    const file = join(tempDir('atril-oculto-'), 'p.gcg');
    let next = '';
    const { out } = await play(
      (g) => {
        next = g.seats[1 - g.turn]!.name;
        return [
          '',
          opening(g),
          'marcador',
          'turno',
          'ultima',
          'sorteo',
          'ayuda',
          `guardar ${file}`,
          'atril',
          'bolsa',
          '',
        ];
      },
      () => true,
      true,
      { names: ['Ana', 'Luis'], save: saveGame },
    );
    const hidden = out.slice(out.indexOf(`Pasa el teclado a ${next}; pulsa Intro.`));
    expect(hidden).toMatch(/\nAna \d+, Luis \d+\.\n/);
    expect(hidden).toContain(`\nTurno de ${next}.\n`);
    expect(hidden).toMatch(/\n(Ana|Luis): 8H horizontal, /);
    // G-02 again, as said at the start; and the help lists it.
    expect(hidden).toMatch(/\nSorteo de salida: .*\. Empieza (Ana|Luis)[^\n]*\.\n/);
    expect(out.split('Sorteo de salida: ')).toHaveLength(3);
    expect(hidden).toContain('\nÓrdenes (una por línea):\n');
    expect(hidden).toContain('\n  sorteo: Repetir el sorteo de salida');
    expect(hidden).toContain('\n  guardar: Guardar la partida en un fichero GCG');
    expect(hidden).toContain(`Partida guardada en «${file}».`);
    expect(readFileSync(file, 'utf8')).toContain('#player1');
    // atril and bolsa (the unseen tiles leave out the hidden rack) wait for Intro.
    const waits = `El atril de ${next} está oculto. Pulsa Intro cuando ${next} tenga el teclado.`;
    expect(hidden.split(waits)).toHaveLength(3);
    // The first player's rack, and the next one's once they pressed Intro.
    expect(out.split('\n').filter((l) => l.startsWith('Atril: '))).toHaveLength(2);
    expect(hidden.indexOf('Atril: ')).toBeGreaterThan(hidden.lastIndexOf(waits));
  });

  it('key mode: S, T, U, R, /sorteo, ?, /ayuda and /guardar answer; C, B, 1 and X wait for Intro', async () => {
    // Seed 7: Luis opens CELO for 12; Ana holds A H I I J N Z.
    term = await afterPlay(['--jugadores', 'Ana', 'Luis', '--seed', '7'], '8H celo', 'Ana');
    const waits = 'El atril de Ana está oculto.';
    await term.press('c', waits);
    await term.press('s', 'Ana 0, Luis 12.');
    await term.press('b', waits);
    await term.press('t', 'Turno de Ana.');
    await term.press('1', waits);
    await term.press('u', 'Luis: 8H horizontal, CELO, 12.');
    await term.press('x', waits);
    await term.press('r', 'Partida sin reloj.');
    await term.press('/sorteo\r', 'Sorteo de salida: Ana saca la O; Luis, la A. Empieza Luis');
    await term.press('?', 'Ayuda. Modo navegación.');
    await term.press('/ayuda\r', 'guardar: Guardar la partida');
    const file = join(tempDir('atril-oculto-'), 'p.gcg');
    await term.press(`/guardar ${file}\r`, 'Partida guardada');
    expect(term.out).not.toContain('Atril: 1:A 2:H');
    await term.press('\r', 'Atril: 1:A 2:H 3:I 4:I 5:J 6:N 7:Z');
    expect(await quit(term)).toBe(0);
  });

  it('key mode: / opens the command line without the Alt+7 hint, which waits for the rack', async () => {
    term = await afterPlay(['--jugadores', 'Ana', 'Luis', '--seed', '7'], '8H celo', 'Ana');
    const hint = 'Si querías Mayúsculas+7, usa Alt+7.';
    expect(await term.press('/', 'Línea de órdenes.')).not.toContain(hint);
    await term.press('\x1b', 'Línea de órdenes cerrada.');
    await term.press('\r', 'Atril: 1:A 2:H');
    // With Ana's rack on the screen, her first / may be Shift+7: now the hint is said.
    await term.press('/', hint);
    await term.press('\x1b', 'Línea de órdenes cerrada.');
    expect(await quit(term)).toBe(0);
  });
});
