/**
 * Issue 10, items 2 and 10 through a real pseudo-terminal: a hot-seat game in line mode hides
 * the next rack until its owner has the keyboard, and key mode writes only what a key changed,
 * so a screen reader reads the reply instead of the board again.
 */
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { makeRules } from '../src/engine/rules.js';
import { FINAL_WINDOW_LINE_TEXT } from '../src/play/messages.js';
import { openLexicon } from '../src/lexicon/index.js';
import { runKeyMode } from '../src/cli/terminal/keyMode.js';
import { LocalGame } from '../src/cli/terminal/localGame.js';
import { Screen } from '../src/cli/terminal/screen.js';
import { Terminal } from './helpers/terminal.js';

let term: Terminal | undefined;
afterEach(() => {
  term?.pty.kill();
  term = undefined;
});

/** The bytes a key wrote, once the reply `text` has shown. */
async function bytesOf(t: Terminal, keys: string, text: string): Promise<string> {
  const from = t.out.length;
  await t.press(keys, text);
  // Wait for the rest of the frame: the last thing a frame writes is its line feed.
  await new Promise((r) => setTimeout(r, 100));
  return t.out.slice(from);
}

describe('hot-seat at one keyboard (issue 10, item 2)', () => {
  it('line mode at a terminal asks to pass the keyboard before showing the next rack', async () => {
    // Seed 7: Luis starts with C E L N O U U; Ana's rack is A H I I J N Z.
    term = new Terminal(['--jugadores', 'Ana', 'Luis', '--seed', '7', '--lineas']);
    const start = await term.waitFor('Pasa el teclado a Luis; pulsa Intro.');
    expect(start).not.toContain('Atril:');
    await term.press('atril\r', 'El atril de Luis está oculto.');
    expect(await term.press('\r', 'Atril: 1:C 2:E 3:L 4:N 5:O 6:U 7:U')).not.toContain('Tú');
    const played = await term.press('8H celo\r', 'Pasa el teclado a Ana; pulsa Intro.');
    // One announcement of the play, by name, and no rack of Ana's on Luis's screen.
    expect(played.split('CELO').length).toBe(2);
    expect(played).toContain('Luis: 8H horizontal, CELO, 12.');
    expect(played).not.toContain('Atril:');
    await term.press('\r', 'Atril: 1:A 2:H 3:I 4:I 5:J 6:N 7:Z');
    await term.press('marcador\r', 'Ana 0, Luis 12.');
    await term.press('turno\r', 'Turno de Ana.');
    term.pty.write('salir\r');
    expect(await term.exit).toBe(0);
  });

  it('line mode at a terminal: E-06 is said once the keyboard is passed, in commands, not keys', async () => {
    // Seed 7: Luis's CELO reaches the target of 10 points, and Ana may challenge it.
    term = new Terminal(['--jugadores', 'Ana', 'Luis', '--seed', '7', '--meta', '10', '--lineas']);
    await term.waitFor('Pasa el teclado a Luis; pulsa Intro.');
    await term.press('\r', 'Atril: ');
    // The terminal ends its lines with \r\n.
    const lines = (keys: string, text: string): Promise<string> =>
      term!.press(keys, text).then((out) => out.replaceAll('\r', ''));
    const played = await lines('8H celo\r', 'Pasa el teclado a Ana; pulsa Intro.');
    expect(played).toContain('Luis: 8H horizontal, CELO, 12.\n— Ana —\nTurno de Ana.\nPasa');
    const taken = await lines('\r', 'Atril: 1:A 2:H');
    expect(taken).toContain(`\nTurno de Ana. ${FINAL_WINDOW_LINE_TEXT}\nAtril: `);
    expect(term.out.split(FINAL_WINDOW_LINE_TEXT)).toHaveLength(2);
    expect(term.out).not.toMatch(/tecla [DP]/);
    term.pty.write('salir\r');
    expect(await term.exit).toBe(0);
  });
});

describe('key mode redraws only what changed (issue 10, item 10)', () => {
  it('a reply is not preceded by the board; a cursor move rewrites its row and the cursor line', async () => {
    term = new Terminal(['--vs', 'aficionado', '--seed', '5']);
    await term.waitFor('Tu turno.');
    const full = term.out.slice(term.out.lastIndexOf('\x1b[2J'));
    // Scores: only the reply is written, not one row of the board.
    const scores = await bytesOf(term, 's', 'Tú 0, Aficionado 0.');
    expect(scores).not.toMatch(/3P|2L|\*\*/);
    expect(scores).not.toContain('Atril:');
    // A move to the right: the cursor's row, the cursor line and the reply.
    const moved = await bytesOf(term, '\x1b[C', 'I8, vacía.');
    expect(moved).toContain(' 8  3P .  .  2L .  .  .  **[. ].  .  2L .  .  3P');
    expect(moved).toContain('cursor I8');
    expect(moved).not.toMatch(/^ ?(1|2|3|4|5|6|7|9|10|11|12|13|14|15) /m);
    expect(moved).not.toContain('    A  B  C');
    // Figures of issue 10: the whole screen (about 1,080 bytes here) against what one key
    // writes now (about 45 bytes for S, 130 for an arrow).
    expect(full.length).toBeGreaterThan(900);
    expect(scores.length).toBeLessThan(60);
    expect(moved.length).toBeLessThan(180);
    await term.press('\x03', '¿Salir sin guardar?');
    await term.press('s', 'Hasta luego');
    expect(await term.exit).toBe(0);
  });
});

describe('Screen: frames by difference', () => {
  const sink = (rows = 40, columns = 80): { out: PassThrough & Sized; text: () => string } => {
    const out = Object.assign(new PassThrough(), { rows, columns });
    let text = '';
    out.on('data', (d: Buffer) => (text += d.toString()));
    return { out, text: () => text };
  };
  type Sized = { rows: number; columns: number };

  it('draws the first frame whole, then only the changed top lines and the bottom', () => {
    const { out, text } = sink();
    const screen = new Screen(out);
    screen.draw(['a', 'b', 'c'], ['', 'hola']);
    expect(text()).toBe('\x1b[H\x1b[2Ja\nb\nc\n\x1b[K\nhola\x1b[K\n');
    const before = text().length;
    screen.draw(['a', 'B', 'c'], ['', 'adiós']);
    expect(text().slice(before)).toBe('\x1b[2;1HB\x1b[K\x1b[4;1H\x1b[J\x1b[K\nadiós\x1b[K\n');
  });

  it('draws whole again after a frame taller than the terminal scrolled it', () => {
    const { out, text } = sink(6, 10);
    const screen = new Screen(out);
    screen.draw(['a', 'b'], ['', 'x'.repeat(25)]); // 2 + 1 + 3 rows, and the cursor's: too tall
    const before = text().length;
    screen.draw(['a', 'b'], ['', 'y']);
    expect(text().slice(before).startsWith('\x1b[H\x1b[2J')).toBe(true);
  });
});

describe('key mode at the end of its input', () => {
  it('saves the unfinished game when the terminal goes away (nobody left to ask)', async () => {
    const lex = openLexicon(undefined);
    if (!lex.ok) throw new Error(lex.error.code);
    const game = new LocalGame(
      [{ name: 'Ana' }, { name: 'Luis' }],
      lex.value,
      makeRules('fise'),
      7,
    );
    const input = new PassThrough();
    const output = new PassThrough();
    let text = '';
    output.on('data', (d: Buffer) => (text += d.toString()));
    const done = runKeyMode(game, {
      input,
      output,
      intro: '',
      color: false,
      autosave: () => 'Guardada para seguir.',
    });
    input.end('\r');
    expect(await done).toBe(0);
    expect(text).toContain('Hasta luego. Guardada para seguir.');
  });
});
