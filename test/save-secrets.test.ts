/**
 * Issue 10, item 9: a game saved while it goes on keeps the secrets it must. The file shows the
 * saver's own racks only and no seed (which fixes every rack and the bag's order); the full
 * record goes to Atril's private folder, and `--cargar` gives back the very same game.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gameFromGcg } from '../src/engine/notation/gameRecord.js';
import { parseGcg } from '../src/engine/notation/gcg.js';
import { rackToTiles } from '../src/engine/tiles.js';
import { BIN } from './helpers/terminal.js';

function atril(args: string[], input: string, saveDir: string) {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    input,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', ATRIL_SAVE_DIR: saveDir },
  });
  return { out: r.stdout, err: r.stderr, code: r.status ?? -1 };
}

describe('guardar in an unfinished game (issue 10, item 9)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'atril-secret-'));
  const saves = join(dir, 'atril');
  const file = join(dir, 'partida.gcg');
  const game = ['play', '--vs', 'experto', '--seed', '11'];

  it("writes the saver's racks only, no seed, and a record replay still checks", () => {
    const first = atril(game, `pasar\npasar\nguardar ${file}\n`, saves);
    expect(first.out).toContain(`Partida guardada en «${file}».`);
    expect(first.out).toContain('no muestra los atriles de los demás ni la bolsa');
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain('#atril-seed');
    const record = parseGcg(readFileSync(file));
    if (!record.ok) throw new Error(record.error.code);
    const { events, players, pragmas } = record.value.record;
    const bot = players.findIndex((p) => p.name === 'Experto');
    expect(events.some((e) => e.player === bot)).toBe(true);
    for (const e of events) {
      if (e.player === bot) expect(e.rack).toEqual([]);
      else expect(e.rack.length).toBe(7);
      if (e.player === bot && e.kind === 'exchange') expect(e.tiles).toBeNull();
    }
    // The file alone cannot rebuild the game: no seed, no bag.
    expect(gameFromGcg(record.value.record, { isWord: () => true }).ok).toBe(false);
    // The private full record holds the bot's rack, which the public file never writes.
    const id = pragmas.find((p) => p.name === 'atril-privado')!.value;
    const full = parseGcg(readFileSync(join(saves, 'privado', `${id}.gcg`)));
    if (!full.ok) throw new Error(full.error.code);
    const state = gameFromGcg(full.value.record, { isWord: () => true });
    if (!state.ok) throw new Error(state.error.code);
    const botRack = rackToTiles(state.value.racks[bot]!);
    expect(botRack.length).toBe(7);
    expect(events.some((e) => e.rack.length && e.rack.join() === botRack.join())).toBe(false);
    // Still a game record other programs read: atril replay checks every score.
    expect(atril(['replay', file], '', saves).code).toBe(0);
  });

  it('--cargar gives back the same game: the same racks, scores and bot replies', () => {
    const next = 'atril\nmarcador\npasar\nmarcador\n';
    const resumed = atril(['play', '--cargar', file], next, saves);
    expect(resumed.code).toBe(0);
    const straight = atril(game, `pasar\npasar\n${next}`, saves);
    // What the four commands answered, without the intro and the autosave at the end of input.
    const answers = resumed.out.split('\n').slice(3, -2);
    expect(answers).toHaveLength(7);
    expect(answers[0]).toMatch(/^[a-zñí ,]+\.$/); // the rack, read aloud
    const tail = straight.out.split('\n').slice(-2 - answers.length, -2);
    expect(answers).toEqual(tail);
  });

  it('without the private part (another computer), says what is missing', () => {
    const elsewhere = atril(['play', '--cargar', file], '', join(dir, 'otro'));
    expect(elsewhere.code).toBe(2);
    expect(elsewhere.err).toContain('es una partida a medias guardada sin los atriles ni la bolsa');
    expect(existsSync(join(dir, 'otro'))).toBe(false);
  });
});
