/**
 * Issue 10, item 9: a game saved while it goes on keeps the secrets it must. The file shows the
 * saver's own racks only and no seed (which fixes every rack and the bag's order); the full
 * record goes to Atril's private folder, and `--cargar` gives back the very same game.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gameFromGcg } from '../src/engine/notation/gameRecord.js';
import { parseGcg } from '../src/engine/notation/gcg.js';
import { rackToTiles } from '../src/engine/tiles.js';
import { PassThrough } from 'node:stream';
import { botFor } from '../src/cli/terminal/bots.js';
import { runKeyMode } from '../src/cli/terminal/keyMode.js';
import { LocalGame } from '../src/cli/terminal/localGame.js';
import { PRIVATE_KEEP, forgetPrivate, saveGame } from '../src/cli/terminal/save.js';
import { makeRules } from '../src/engine/rules.js';
import { defaultLexiconPath, openLexicon } from '../src/lexicon/index.js';
import { BIN } from './helpers/terminal.js';
import { tempDir } from './helpers/tempDir.js';

function atril(args: string[], input: string, saveDir: string) {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    input,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', ATRIL_SAVE_DIR: saveDir },
  });
  return { out: r.stdout, err: r.stderr, code: r.status ?? -1 };
}

describe('guardar in an unfinished game (issue 10, item 9)', () => {
  const dir = tempDir('atril-secret-');
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
    const [id] = pragmas.find((p) => p.name === 'atril-privado')!.value.split(' ');
    const full = parseGcg(readFileSync(join(saves, 'privado', `${id!}.gcg`)));
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
    expect(elsewhere.err).toContain('o la partida ya terminó, o se guardó en otro ordenador');
    expect(existsSync(join(dir, 'otro'))).toBe(false);
  });

  it('another user’s file: says that only that user can go on with it', () => {
    const text = readFileSync(file, 'utf8');
    const line = /^#atril-privado (\S+) (\d+)$/m.exec(text);
    // The saver's user id goes with the name of the private part.
    expect(line?.[2]).toBe(String(process.getuid!()));
    const theirs = join(dir, 'de-otro.gcg');
    writeFileSync(
      theirs,
      text.replace(line![0], `#atril-privado ${line![1]} ${Number(line![2]) + 1}`),
    );
    const other = atril(['play', '--cargar', theirs], '', join(dir, 'mio'));
    expect(other.code).toBe(2);
    expect(other.err).toContain(
      'es una partida a medias que guardó otro usuario de este ordenador',
    );
    expect(other.err).toContain('solo ese usuario puede seguirla');
  });
});

describe('private full records do not pile up (issue 10, item 9)', () => {
  const privateIds = (saves: string): string[] =>
    existsSync(join(saves, 'privado')) ? readdirSync(join(saves, 'privado')) : [];
  const idOf = (path: string): string =>
    /^#atril-privado (\S+)/m.exec(readFileSync(path, 'utf8'))![1]!;
  const passes = 'pasar\n'.repeat(60);

  it('every record a game saved mid-game is removed once it ends', () => {
    const dir = tempDir('atril-forget-');
    const saves = join(dir, 'atril');
    const [a, b] = [join(dir, 'a.gcg'), join(dir, 'b.gcg')];
    const run = atril(
      ['play', '--vs', 'aficionado', '--seed', '3'],
      `pasar\nguardar ${a}\npasar\nguardar ${b}\n${passes}salir\n`,
      saves,
    );
    expect(run.out).toContain('Fin de la partida.');
    expect(idOf(a)).not.toBe(idOf(b));
    expect(privateIds(saves)).toEqual([]);
  });

  it('the record a game was resumed from is removed once the resumed game ends', () => {
    const dir = tempDir('atril-forget-');
    const saves = join(dir, 'atril');
    const file = join(dir, 'partida.gcg');
    atril(['play', '--vs', 'aficionado', '--seed', '3'], `pasar\nguardar ${file}\n`, saves);
    // End of input mid-game: the autosave keeps a second record; both stay while it goes on.
    expect(privateIds(saves)).toHaveLength(2);
    expect(privateIds(saves)).toContain(`${idOf(file)}.gcg`);
    const resumed = atril(['play', '--cargar', file], `${passes}salir\n`, saves);
    expect(resumed.out).toContain('Fin de la partida.');
    expect(privateIds(saves)).toHaveLength(1);
    expect(privateIds(saves)).not.toContain(`${idOf(file)}.gcg`);
    // Loading it again says the game may have ended, not that the file is broken.
    const again = atril(['play', '--cargar', file], '', saves);
    expect(again.code).toBe(2);
    expect(again.err).toContain('o la partida ya terminó');
  });

  it('a save that fails leaves no private record behind, and says why in words', () => {
    const dir = tempDir('atril-fail-');
    const saves = join(dir, 'atril');
    const missing = join(dir, 'no-existe', 'p.gcg');
    const run = atril(
      ['play', '--vs', 'aficionado', '--seed', '3'],
      // A pass first: the autosave at the end of input is for a game with a move.
      `pasar\nguardar ${missing}\nreemplazar ${dir}\nguardar ${dir}\n`,
      saves,
    );
    expect(run.out).toContain(`No se ha podido guardar en «${missing}»: la carpeta no existe.`);
    // Both «reemplazar» and «guardar» say it is a folder («guardar» no longer offers to
    // replace it, as if it were a file).
    expect(run.out.split(`No se ha podido guardar en «${dir}»: es una carpeta.`)).toHaveLength(3);
    expect(run.out).not.toContain(`Ya existe «${dir}»`);
    expect(run.out).not.toMatch(/ENOENT|EISDIR/);
    // Only the record of the autosave at the end of input, which its file names.
    const auto = /guardada en «([^»]+)»/.exec(run.out)![1]!;
    expect(privateIds(saves)).toEqual([`${idOf(auto)}.gcg`]);
  });

  it('guardar writes through a link and refuses a pipe, as lexicon build does', () => {
    const dir = tempDir('atril-special-');
    const saves = join(dir, 'atril');
    const real = join(dir, 'real.gcg');
    writeFileSync(real, 'otra partida\n');
    const link = join(dir, 'enlace.gcg');
    symlinkSync(real, link);
    const fifo = join(dir, 'tuberia');
    execFileSync('mkfifo', [fifo]);
    const run = atril(
      ['play', '--vs', 'aficionado', '--seed', '3'],
      `pasar\nreemplazar ${link}\nguardar ${fifo}\nreemplazar ${fifo}\n`,
      saves,
    );
    expect(run.out).toContain(`Partida guardada en «${link}».`);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(real, 'utf8')).toContain('#atril-privado');
    // Neither offers «reemplazar» for the pipe, nor turns it into a file.
    const refused = `No se ha podido guardar en «${fifo}»: no es un archivo normal (¿un dispositivo, una tubería o un socket?), y no se sobrescribe.`;
    expect(run.out.split(refused)).toHaveLength(3);
    expect(run.out).not.toContain(`Ya existe «${fifo}»`);
    expect(lstatSync(fifo).isFIFO()).toBe(true);
  });

  it('key mode too: the record of a mid-game guardar goes once the game ends', async () => {
    const dir = tempDir('atril-forget-keys-');
    const before = process.env.ATRIL_SAVE_DIR;
    process.env.ATRIL_SAVE_DIR = join(dir, 'atril');
    try {
      const lex = openLexicon(undefined);
      if (!lex.ok) throw new Error(lex.error.code);
      const bot = botFor('aficionado', lex.value, '5')!;
      const game = new LocalGame(
        [{ name: 'Tú' }, { name: 'Aficionado', bot: { level: 'aficionado', play: bot } }],
        lex.value,
        makeRules('fise'),
        '5',
      );
      const input = new PassThrough();
      const output = new PassThrough();
      output.resume();
      const file = join(dir, 'p.gcg');
      const done = runKeyMode(game, {
        input,
        output,
        intro: '',
        color: false,
        save: saveGame,
        ended: forgetPrivate,
      });
      input.write(`/guardar ${file}\r`);
      input.end('pp'.repeat(40));
      expect(await done).toBe(0);
      expect(game.over).toBe(true);
      expect(existsSync(join(dir, 'atril', 'privado', `${idOf(file)}.gcg`))).toBe(false);
      expect(privateIds(join(dir, 'atril'))).toEqual([]);
    } finally {
      if (before === undefined) delete process.env.ATRIL_SAVE_DIR;
      else process.env.ATRIL_SAVE_DIR = before;
    }
  });

  it(`the folder keeps the newest ${PRIVATE_KEEP} records; other files are not its own`, () => {
    const dir = tempDir('atril-keep-');
    const saves = join(dir, 'atril');
    mkdirSync(join(saves, 'privado'), { recursive: true });
    const old = Array.from({ length: PRIVATE_KEEP + 5 }, (_, i) => {
      const name = `${randomUUID()}.gcg`;
      writeFileSync(join(saves, 'privado', name), '#character-encoding UTF-8\n');
      // One second apart, the first the oldest.
      utimesSync(join(saves, 'privado', name), 1_000_000 + i, 1_000_000 + i);
      return name;
    });
    writeFileSync(join(saves, 'privado', 'notas.txt'), 'mías');
    const file = join(dir, 'partida.gcg');
    atril(['play', '--vs', 'aficionado', '--seed', '3'], `pasar\nguardar ${file}\nsalir\n`, saves);
    const left = privateIds(saves);
    // The two new records (guardar, then the autosave of salir) and the newest of the old.
    expect(left.filter((n) => n.endsWith('.gcg'))).toHaveLength(PRIVATE_KEEP);
    expect(left).toContain(`${idOf(file)}.gcg`);
    expect(left).toContain('notas.txt');
    for (const name of old.slice(0, 7)) expect(left).not.toContain(name);
    for (const name of old.slice(7)) expect(left).toContain(name);
  });
});

describe('a saved game names its word list (#lexicon)', () => {
  it('the default one as «spanish», another by its file; reading back says only what differs', () => {
    const dir = tempDir('atril-lexicon-name-');
    const saves = join(dir, 'atril');
    const lexiconOf = (file: string): string | undefined => {
      const r = parseGcg(readFileSync(file));
      if (!r.ok) throw new Error(r.error.code);
      return r.value.record.lexicon;
    };
    const usual = join(dir, 'usual.gcg');
    atril(['play', '--vs', 'experto', '--seed', '11'], `pasar\nguardar ${usual}\n`, saves);
    expect(readFileSync(usual, 'utf8').split('\n').slice(0, 2)).toEqual([
      '#character-encoding UTF-8',
      '#lexicon spanish',
    ]);
    expect(lexiconOf(usual)).toBe('spanish');
    // Atril reads its own record back without a word about it.
    const resumed = atril(['play', '--cargar', usual], 'salir\n', saves);
    expect(resumed.code).toBe(0);
    expect(resumed.err).toBe('');
    expect(resumed.out).toContain(`Partida de «${usual}», `);
    const analyzed = atril(['analyze', usual], '', saves);
    expect(analyzed.code, analyzed.err).toBe(0);
    expect(analyzed.err).not.toContain('Aviso');

    // Another lexicon (a copy of the default one), named by its file: a blank is no word break.
    const mine = join(dir, 'mi lista.kwg');
    copyFileSync(defaultLexiconPath(), mine);
    const other = join(dir, 'otra.gcg');
    const game = ['play', '--vs', 'experto', '--seed', '11', '--lexicon', mine];
    atril(game, `pasar\nguardar ${other}\n`, saves);
    expect(lexiconOf(other)).toBe('mi_lista');
    const warning =
      'Aviso: la partida indica el léxico «mi_lista»; se usa el léxico por defecto (otro, con --lexicon ARCHIVO).\n';
    expect(atril(['play', '--cargar', other], 'salir\n', saves).err).toBe(warning);
    expect(atril(['play', '--cargar', other, '--lexicon', mine], 'salir\n', saves).err).toBe('');
    expect(atril(['analyze', other], '', saves).err).toBe(warning);
  });
});
