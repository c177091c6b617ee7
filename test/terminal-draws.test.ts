/**
 * What the terminal says a play drew, in line mode (lines in-process), with the sentences of
 * the shared core that the page says too: the tiles, the bag's last ones, or none at all when
 * the bag was empty.
 */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { GameState } from '../src/engine/gameState.js';
import { ANY_WORD, rigged } from '../src/engine/testing/games.js';
import { LocalGame } from '../src/cli/terminal/localGame.js';
import { runLineMode } from '../src/cli/terminal/lineMode.js';

/** Ana plays CASA at 8H against a computer that passes; what line mode printed. */
async function casa(start: GameState): Promise<string[]> {
  const passer = { level: 'pasa', play: () => ({ kind: 'pass' as const }) };
  const game = new LocalGame([{ name: 'Ana' }, { name: 'Luis', bot: passer }], ANY_WORD, start, 1);
  let out = '';
  const output = new Writable({
    write(chunk: Buffer, _enc, done) {
      out += chunk.toString();
      done();
    },
  });
  async function* input(): AsyncGenerator<string> {
    yield '8H casa';
  }
  await runLineMode(game, { input: input(), output, intro: 'Partida.' });
  return out.split('\n');
}

describe('line mode: the draw after a play', () => {
  const racks = ['CASAXYZ', 'AEIOUSS'];
  const after = (lines: string[]): string[] =>
    lines.slice(lines.indexOf('Jugada CASA, 8H horizontal, 12 puntos.'), -1).slice(0, 2);

  it('says the tiles drawn, and when they were the last of the bag', async () => {
    expect(after(await casa(rigged({ racks, bag: 'EEEEE' })))).toEqual([
      'Jugada CASA, 8H horizontal, 12 puntos.',
      'Robas: e, e, e y e.',
    ]);
    expect(after(await casa(rigged({ racks, bag: 'EO' })))).toEqual([
      'Jugada CASA, 8H horizontal, 12 puntos.',
      'Robas: e y o, las últimas de la bolsa.',
    ]);
  });

  it('says that nothing came when the bag was empty', async () => {
    expect(after(await casa(rigged({ racks })))).toEqual([
      'Jugada CASA, 8H horizontal, 12 puntos.',
      'No robas: la bolsa está vacía.',
    ]);
  });
});
