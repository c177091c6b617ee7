/**
 * RULES.md §12 in the terminal: with 3 or 4 players any opponent may challenge the play just
 * made, until the next player starts a turn (C-01). At one keyboard, `impugnar NOMBRE` is the
 * way a person who is not on turn challenges (line mode, a pipe of lines).
 */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { makeRules } from '../src/engine/rules.js';
import { BLANK, SPANISH, rackToTiles, tileLabel } from '../src/engine/tiles.js';
import { LocalGame } from '../src/cli/terminal/localGame.js';
import { runLineMode } from '../src/cli/terminal/lineMode.js';

async function play(
  lines: (g: LocalGame) => string[],
  isWord: () => boolean,
): Promise<{ out: string; game: LocalGame }> {
  const game = new LocalGame(
    [{ name: 'Ana' }, { name: 'Luis' }, { name: 'Carla' }],
    { isWord },
    makeRules('fise'),
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
  await runLineMode(game, { input: input(), output, intro: 'Partida.' });
  return { out, game };
}

/** The opening of the seat on turn: its first two tiles at 8H (a blank as E). */
function opening(g: LocalGame): string {
  const [a, b] = rackToTiles(g.state.racks[g.turn]!);
  const text = (t: number): string => (t === BLANK ? 'e' : tileLabel(SPANISH, t));
  return `8H ${text(a!)}${text(b!)}`;
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

  it('a name nobody at the table has is refused, and nothing changes', async () => {
    const { game, out } = await play(
      (g) => [opening(g), 'impugnar Nadie'],
      () => false,
    );
    expect(out).toMatch(/No hay nadie llamado «Nadie» en la mesa\./);
    expect(game.state.events.some((e) => e.kind === 'challenge')).toBe(false);
  });

  it('the player who made the play cannot challenge it', async () => {
    let first = -1;
    const { game } = await play(
      (g) => {
        first = g.turn;
        return [opening(g), `impugnar ${g.seats[first]!.name}`];
      },
      () => false,
    );
    expect(game.state.events.some((e) => e.kind === 'challenge')).toBe(false);
  });
});
