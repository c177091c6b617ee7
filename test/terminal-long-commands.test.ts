/**
 * Long commands on a terminal: `atril analyze`, `atril endgame`, `atril best --sim` and
 * `atril selfplay` show their progress on one line of stderr, blanked before the answer; and Control+C stops them to answer with what they have so far (an endgame's
 * best sequence, as a spent --tiempo gives; the candidates ranked on the iterations done; the
 * games played summed up). A
 * real pseudo-terminal, the built command.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { writeCgp } from '../src/engine/notation/cgp.js';
import { makeRules } from '../src/engine/rules.js';
import { rackToTiles } from '../src/engine/tiles.js';
import { loadDefaultLexicon } from '../src/lexicon/index.js';
import { type RandomEndgame, benchEndgames } from '../src/ai/testing/endgames.js';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gcgDir, sampleRecord } from './gcg-dir.js';
import { tempDir } from './helpers/tempDir.js';
import { Terminal } from './helpers/terminal.js';

let term: Terminal | null = null;
afterEach(() => {
  term?.pty.kill();
  term = null;
});

/**
 * Waits for `bar` in the terminal's output, presses Control+C, and waits for a clean exit:
 * the bar's match, and what was written after the key.
 */
async function stopAt(bar: RegExp): Promise<{ shown: RegExpExecArray; after: string }> {
  const t = term!;
  const end = Date.now() + 30_000;
  while (!bar.test(t.out) && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  const shown = bar.exec(t.out);
  expect(shown, t.out.slice(-500)).not.toBeNull();
  const from = t.out.length;
  t.pty.write('\x03');
  expect(await t.exit).toBe(0);
  return { shown: shown!, after: t.out.slice(from) };
}

/** Bench endgame `seed` as a CGP, with the racks given (both by default). */
function benchCgp(seed: number, racks?: (g: RandomEndgame) => number[][]): string {
  const lex = loadDefaultLexicon();
  if (!lex.ok) throw new Error(JSON.stringify(lex.error));
  const g = benchEndgames(lex.value.nodes, makeRules('fise'), 1, seed)[0]!;
  return writeCgp({
    board: g.board,
    racks: racks ? racks(g) : g.racks.map(rackToTiles),
    scores: [300, 300],
    zeroTurns: 0,
    tileSet: 'spanish',
    ops: [],
  });
}

describe('atril endgame on a terminal', () => {
  it('shows its progress, and Control+C stops it with the best line so far (exit 0)', async () => {
    // Bench endgame 88: a Q against seven tiles, seconds to solve on two threads.
    const cgp = benchCgp(88);
    term = new Terminal(['--cgp', cgp, '--hilos', '2'], { NO_COLOR: '1' }, 'endgame');
    // A depth done (by the first thread's try alone or by the threads) is shown with its value.
    const shown = await term.waitFor(' de profundidad, diferencia ');
    expect(shown).toMatch(/Buscando: \d+ jugadas? de profundidad, diferencia [+-]?\d+ · \d+ s · /);
    const { after } = await stopAt(/Ctrl\+C para parar/);
    expect(after).toContain('parando…');
    expect(after).toMatch(/Mejor secuencia encontrada en [\d,]+ s \(no exacta: /);
    expect(after).toMatch(/ 1\. Jugador 1: /);
    expect(after).toMatch(/Diferencia estimada desde aquí para el jugador 1: [+-]?\d+\./);
    // The progress line is blanked before the answer is written.
    expect(after).toMatch(/\r +\r(\r\n)?Mejor secuencia/);
  }, 60_000);

  it('atril endgame with one tile in the bag: a bar of the endgames, and Control+C ranks the moves done', async () => {
    // Bench endgame 5 with the mover's last tile put back in the bag, the opponent's rack unknown.
    const cgp = benchCgp(5, (g) => [rackToTiles(g.racks[0]).slice(0, -1), []]);
    term = new Terminal(
      ['--cgp', cgp, '--tiempo', '50', '--hilos', '2'],
      { NO_COLOR: '1' },
      'endgame',
    );
    const { after } = await stopAt(
      /Prefinal \[#*\.*\] ([1-9]\d*)\/(\d+) finales · \d+ s · Ctrl\+C para parar/,
    );
    expect(after).toMatch(/Prefinal: queda 1 ficha en la bolsa, una de las 8 que no se ven/);
    expect(after).toMatch(/Parado con Ctrl\+C: \d+ de 10 jugadas evaluadas\./);
  }, 60_000);

  it('atril best --sim: a bar of the iterations, and Control+C ranks the candidates on those done', async () => {
    const cgp = '15/15/15/15/15/15/15/3CANTOR6/15/15/15/15/15/15/15 AEGIMRU/ 20/14 0';
    term = new Terminal(
      [
        '--cgp',
        cgp,
        '--sim',
        '--top',
        '3',
        '--tiempo',
        '50',
        '--iteraciones',
        '100000',
        '--hilos',
        '2',
      ],
      { NO_COLOR: '1' },
      'best',
    );
    // Some batches done: the bar counts them against the most that will be run.
    const bar =
      /Simulando \[#*\.*\] ([1-9]\d*)\/100000 iteraciones · \d+ s de 50 · Ctrl\+C para parar/;
    const { shown, after } = await stopAt(bar);
    const done = /Simulación: (\d+) iteraciones en [\d,]+ s \(parada con Ctrl\+C\)\./.exec(after);
    expect(done).not.toBeNull();
    expect(Number(done![1])).toBeGreaterThanOrEqual(Number(shown[1]));
    expect(Number(done![1])).toBeLessThan(100_000);
    expect(after).toMatch(
      / 3\. \S+ \S+ \(\S+\), \d+ puntos; gana el \d+,\d %, diferencia media desde ahora [+-]\d+,\d /,
    );
    expect(after).toMatch(/El nivel campeon jugaría la [123]\.ª/);
  }, 60_000);

  it('atril best --sim: the bar counts the iterations the result counts, the clock cutting a batch short', async () => {
    const cgp = '15/15/15/15/15/15/15/3CANTOR6/15/15/15/15/15/15/15 AEGIMRU/ 20/14 0';
    // Past a millisecond each of the two threads stops after its first iteration: 2 of the
    // batch of 32 ran (bestSim.test.ts), and the bar once said 32.
    const args = ['--cgp', cgp, '--sim', '--top', '3', '--tiempo', '0,001', '--hilos', '2'];
    term = new Terminal(args, { NO_COLOR: '1' }, 'best');
    expect(await term.exit).toBe(0);
    const result = /Simulación: (\d+) iteraciones en /.exec(term.out);
    expect(result, term.out).not.toBeNull();
    const bars = [...term.out.matchAll(/Simulando \[[#.]*\] (\d+)\/1000 iteraciones/g)].map((m) =>
      Number(m[1]),
    );
    expect(bars.at(-1), term.out).toBe(Number(result![1]));
    expect(Math.max(...bars)).toBe(Number(result![1]));
  }, 60_000);

  it('atril analyze: a bar of the moves reviewed, blanked before the review', async () => {
    const file = readdirSync(gcgDir()).find((f) => f.startsWith('ropita_') && f.endsWith('.gcg'))!;
    term = new Terminal([join(gcgDir(), file)], { NO_COLOR: '1' }, 'analyze');
    expect(await term.exit).toBe(0);
    const total = /Analizando \[#{30}\] (\d+)\/\1/.exec(term.out);
    expect(total).not.toBeNull();
    expect(term.out).toMatch(/Analizando \[\.{30}\] 0\/\d+|Analizando \[#{0,29}\.+\] \d+\/\d+/);
    expect(term.out).toMatch(/\r +\r(\r\n)? {2}1\. /);
    expect(term.out).toContain('Resumen:');
  }, 60_000);

  it('atril analyze: Control+C reviews the moves done, blanks the bar and sums them up (exit 0)', async () => {
    // 400 exchanges of a rack with both blanks on the empty board: seconds of work.
    const moves = Array.from(
      { length: 400 },
      (_, k) => `>${k % 2 === 0 ? 'úrsula' : 'arcadio'}: ??AEINR -EIR +0 0`,
    );
    const file = sampleRecord(tempDir('atril-analyze-'), 'cambios.gcg', moves);
    term = new Terminal([file], { NO_COLOR: '1' }, 'analyze');
    const { shown, after } = await stopAt(
      /Analizando \[#*\.+\] ([1-9]\d*)\/400 · Ctrl\+C para parar/,
    );
    expect(after).toContain('parando…');
    const stopped =
      /Análisis parado con Ctrl\+C antes de la jugada (\d+) de 400: el resumen es de las anteriores\./.exec(
        after,
      );
    expect(stopped, after.slice(-800)).not.toBeNull();
    const next = Number(stopped![1]);
    expect(next).toBeGreaterThan(Number(shown[1]));
    expect(next).toBeLessThan(400);
    // The bar is blanked before the review, which sums up the moves before the stop.
    expect(after).toMatch(/\r +\r(\r\n)? {2}1\. /);
    const summed = [...after.matchAll(/(\d+) jugadas? analizadas?/g)].map((m) => Number(m[1]));
    expect(summed.reduce((a, b) => a + b, 0)).toBe(next - 1);
  }, 60_000);

  for (const json of [false, true]) {
    it(`atril selfplay${json ? ' --json' : ''}: a bar of the games, and Control+C sums up those played`, async () => {
      const args = ['--games', '100000', '--bots', 'aficionado,principiante'];
      term = new Terminal(json ? [...args, '--json'] : args, { NO_COLOR: '1' }, 'selfplay');
      const bar = /Partidas \[#*\.*\] ([1-9]\d*)\/100000 · Ctrl\+C para parar/;
      const stop = await stopAt(bar);
      const shown = Number(stop.shown[1]);
      const after = stop.after;
      if (json) {
        const r = JSON.parse(after.slice(after.indexOf('{'))) as {
          games: number;
          stopped: boolean;
          asked: number;
          wins: number[];
          draws: number;
        };
        expect([r.stopped, r.asked]).toEqual([true, 100_000]);
        expect(r.games).toBeGreaterThanOrEqual(shown);
        expect(r.wins[0]! + r.wins[1]! + r.draws).toBe(r.games);
      } else {
        const head =
          /([\d.]+) partidas de 100\.000 \(parada con Ctrl\+C\), reglas fise, semilla 1/.exec(
            after,
          );
        expect(head).not.toBeNull();
        const played = Number(head![1]!.replaceAll('.', ''));
        expect(played).toBeGreaterThanOrEqual(shown);
        const wins = [...after.matchAll(/: ([\d.]+) victorias?, media/g)].map((m) =>
          Number(m[1]!.replaceAll('.', '')),
        );
        const draws = Number(/empates: (\d+)/.exec(after)![1]);
        expect(wins[0]! + wins[1]! + draws).toBe(played);
      }
    }, 60_000);
  }
});
