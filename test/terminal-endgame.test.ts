/**
 * `atril endgame` on a terminal: the search's progress on one line of stderr, and Control+C
 * stopping a long solve to show the best sequence found so far (the same answer as a spent
 * --tiempo). A real pseudo-terminal, the built command.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { writeCgp } from '../src/engine/notation/cgp.js';
import { makeRules } from '../src/engine/rules.js';
import { rackToTiles } from '../src/engine/tiles.js';
import { loadDefaultLexicon } from '../src/lexicon/index.js';
import { benchEndgames } from '../src/ai/testing/endgames.js';
import { Terminal } from './helpers/terminal.js';

let term: Terminal | null = null;
afterEach(() => {
  term?.pty.kill();
  term = null;
});

describe('atril endgame on a terminal', () => {
  it('shows its progress, and Control+C stops it with the best line so far (exit 0)', async () => {
    const lex = loadDefaultLexicon();
    if (!lex.ok) throw new Error(JSON.stringify(lex.error));
    // Bench endgame 88: a Q against seven tiles, seconds to solve on two threads.
    const hard = benchEndgames(lex.value.nodes, makeRules('fise'), 1, 88)[0]!;
    const cgp = writeCgp({
      board: hard.board,
      racks: hard.racks.map(rackToTiles),
      scores: [300, 300],
      zeroTurns: 0,
      tileSet: 'spanish',
      ops: [],
    });
    term = new Terminal(['--cgp', cgp, '--hilos', '2'], { NO_COLOR: '1' }, 'endgame');
    // A depth done (by the first thread's try alone or by the threads) is shown with its value.
    const shown = await term.waitFor(' de profundidad, diferencia ');
    expect(shown).toMatch(/Buscando: \d+ jugadas? de profundidad, diferencia [+-]?\d+ · \d+ s · /);
    await term.waitFor('Ctrl+C para parar');
    const from = term.out.length;
    term.pty.write('\x03');
    await term.waitFor('parando…', from);
    expect(await term.exit).toBe(0);
    const after = term.out.slice(from);
    expect(after).toMatch(/Mejor secuencia encontrada en [\d,]+ s \(no exacta: /);
    expect(after).toMatch(/ 1\. Jugador 1: /);
    expect(after).toMatch(/Diferencia estimada desde aquí para el jugador 1: [+-]?\d+\./);
    // The progress line is blanked before the answer is written.
    expect(after).toMatch(/\r +\r(\r\n)?Mejor secuencia/);
  }, 60_000);
});
