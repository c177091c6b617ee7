/**
 * A fuzz run over every command's inputs (issue 10, "Done when"): game records, CGP positions,
 * word lists, graph files, options and line-mode scripts, made from real files by seeded
 * mutations. Fixed seed, bounded count. For every input: no stack trace (no exit 70, no `at`
 * frames), no raw control character on the terminal, an exit status the help documents, no
 * file left half-written; and no garbage accepted where the answer is known (a changed score
 * is never "todo cuadra", a changed graph file is never loaded).
 *
 * Most calls run the commands in this process (`run` of src/cli/main.ts); a handful of real
 * subprocesses cover what only the entry point does (`play` reading its standard input).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runLineMode } from '../src/cli/terminal/lineMode.js';
import { LocalGame } from '../src/cli/terminal/localGame.js';
import { loadGame, saveGame } from '../src/cli/terminal/save.js';
import { parseCgp } from '../src/engine/notation/cgp.js';
import { parseGcg } from '../src/engine/notation/gcg.js';
import { replayRecord } from '../src/engine/notation/recordAudit.js';
import { makeRules } from '../src/engine/rules.js';
import { Rng, seedRng } from '../src/engine/rng.js';
import { SPANISH, wordToTiles } from '../src/engine/tiles.js';
import { buildKwg, encodeKwg } from '../src/lexicon/index.js';
import { gcgDir, repoRoot } from './gcg-dir.js';
import { type CliResult, runCli } from './helpers/runCli.js';
import { unwrap } from '../src/engine/testing/unwrap.js';
import { tempDir } from './helpers/tempDir.js';

const SEED = 'atril-fuzz-2026-12-01';
const dir = tempDir('atril-fuzz-');
const ESC = '\x1b';

/** What every answer must be: a documented status, no trace, nothing raw on the terminal. */
function sane(r: CliResult, label: string, codes: readonly number[] = [0, 1, 2]): void {
  expect(codes, `${label}: exit ${r.code}\n${r.err.slice(0, 500)}`).toContain(r.code);
  expect(r.err, label).not.toMatch(/\n\s+at \S|Error interno/);
  expect(r.out + r.err, label).not.toContain(ESC);
}

/** Nasty fragments: control characters, prototype names, huge numbers, long runs, Unicode. */
const NASTY = [
  '\x1b[2J',
  '\x1b]0;x\x07',
  '\x00',
  '\r',
  '\t',
  'constructor',
  '__proto__',
  'toString',
  '999999999',
  '-1',
  '1e9',
  '+',
  '(',
  ')',
  '[',
  ']',
  '[CH',
  '??????',
  'ß',
  'ﬁ',
  'ç',
  'Ñ',
  '\u202e',
  '\ud83d\ude00',
  '\ud800',
  'x'.repeat(5000),
  '#',
  '>',
  ':',
  '--',
  '-',
];

function pick<T>(rng: Rng, list: readonly T[]): T {
  return list[rng.below(list.length)]!;
}

/** One seeded change to a text: a line dropped, doubled or swapped, a token changed, bytes … */
function mutate(rng: Rng, text: string): string {
  const lines = text.split('\n');
  const i = rng.below(lines.length);
  const j = rng.below(lines.length);
  switch (rng.below(8)) {
    case 0:
      lines.splice(i, 1);
      break;
    case 1:
      lines.splice(i, 0, lines[j]!);
      break;
    case 2:
      [lines[i], lines[j]] = [lines[j]!, lines[i]!];
      break;
    case 3: {
      const toks = lines[i]!.split(' ');
      toks[rng.below(toks.length)] = pick(rng, NASTY);
      lines[i] = toks.join(' ');
      break;
    }
    case 4: {
      const toks = lines[i]!.split(' ');
      toks.splice(rng.below(toks.length + 1), 0, pick(rng, NASTY));
      lines[i] = toks.join(' ');
      break;
    }
    case 5: {
      const l = lines[i]!;
      const at = rng.below(l.length + 1);
      lines[i] = l.slice(0, at) + String.fromCharCode(rng.below(0x3000)) + l.slice(at + 1);
      break;
    }
    case 6:
      lines[i] = pick(rng, NASTY) + lines[i]!;
      break;
    default:
      lines.splice(i, 0, pick(rng, NASTY).repeat(1 + rng.below(3)));
  }
  return lines.join('\n');
}

const SAMPLES = [
  'ropita_sample2.gcg',
  'ropita_gcg_sample.gcg',
  'quackle_fivepoint.gcg',
  'macondo_polish_endgame.gcg',
  'macondo_doug_v_emely_double_challenge.gcg',
  'magpie_success_six_pass.gcg',
];

describe('fuzz: every command with malformed input', () => {
  it('replay: 240 mutated records; a changed score is never accepted', async () => {
    const rng = new Rng(seedRng(`${SEED}/gcg`));
    const texts = SAMPLES.map((f) => readFileSync(join(gcgDir(), f), 'latin1'));
    for (let n = 0; n < 240; n++) {
      const base = pick(rng, texts);
      let text = mutate(rng, base);
      if (rng.below(2)) text = mutate(rng, text);
      const f = join(dir, `r${n}.gcg`);
      writeFileSync(f, Buffer.from(text, 'latin1'));
      const args = rng.below(2) ? ['--json'] : [];
      const r = await runCli('replay', f, '--lexicon', 'none', ...args);
      sane(r, `replay #${n}`);
      if (args.length && r.code !== 2) expect(() => JSON.parse(r.out), `json #${n}`).not.toThrow();
    }
    // Known garbage: one placement's stated score raised by one, totals left alone.
    for (const base of texts) {
      const lines = base.split('\n');
      const k = lines.findIndex((l) => /^>[^:]+:.*\s[a-o0-9]{2,3}\s+\S+\s+\+\d+\s+-?\d+/i.test(l));
      expect(k, 'a placement line').toBeGreaterThanOrEqual(0);
      lines[k] = lines[k]!.replace(
        /\+(\d+)(\s+-?\d+)/,
        (_, s: string, t: string) => `+${Number(s) + 1}${t}`,
      );
      const f = join(dir, 'marcada.gcg');
      writeFileSync(f, Buffer.from(lines.join('\n'), 'latin1'));
      const r = await runCli('replay', f, '--lexicon', 'none');
      sane(r, 'changed score');
      expect(r.code, lines[k]).not.toBe(0);
    }
  });

  it('the reader and the replay agree on 2 000 more mutations without the CLI', () => {
    const rng = new Rng(seedRng(`${SEED}/gcg-engine`));
    const texts = SAMPLES.map((f) => readFileSync(join(gcgDir(), f)));
    for (let n = 0; n < 2000; n++) {
      const text = mutate(rng, mutate(rng, Buffer.from(pick(rng, texts)).toString('latin1')));
      const parsed = parseGcg(Buffer.from(text, 'latin1'));
      if (!parsed.ok) {
        expect(typeof parsed.error.code).toBe('string');
        continue;
      }
      const r = replayRecord(parsed.value.record, { lines: parsed.value.lines });
      expect(typeof r.ok).toBe('boolean');
    }
  });

  it('best: 1 500 mutated positions parsed, 60 of them searched', async () => {
    const rng = new Rng(seedRng(`${SEED}/cgp`));
    const board = Array.from({ length: 15 }, (_, r) => (r === 7 ? '4CASA7' : '15')).join('/');
    const bases = [
      `${board} AEIRST?/ 12/0 0 lex FILE2017;`,
      `${board} [CH]AÑORR/EIO 0/12 1 ld spanish;`,
      `${board} ABC/DEF/GHI 1/2/3 0`,
    ];
    const mutants: string[] = [];
    for (let n = 0; n < 1500; n++) {
      const base = pick(rng, bases);
      const chars = [...base];
      const at = rng.below(chars.length);
      const text =
        rng.below(2) === 0
          ? [...chars.slice(0, at), pick(rng, NASTY), ...chars.slice(at + 1)].join('')
          : base
              .split(' ')
              .map((f) => (rng.below(4) === 0 ? pick(rng, NASTY) : f))
              .join(' ');
      const r = parseCgp(text);
      expect(typeof r.ok).toBe('boolean');
      mutants.push(text);
    }
    for (let n = 0; n < 60; n++) {
      const r = await runCli('best', '--cgp', mutants[n * 25]!, '--top', '2');
      sane(r, `best #${n}: ${mutants[n * 25]!.slice(0, 120)}`);
    }
  });

  it('lexicon build: 25 hostile word lists; output whole or absent, never a temporary file', async () => {
    const rng = new Rng(seedRng(`${SEED}/list`));
    const plain = ['casa', 'calle', 'perro', 'árbol', 'pingüino', 'chorro', 'año'];
    for (let n = 0; n < 25; n++) {
      const lines: string[] = [];
      for (let k = 0; k < 30; k++)
        lines.push(rng.below(3) ? pick(rng, plain) : pick(rng, NASTY) + pick(rng, plain));
      if (n % 5 === 4) lines.length = 0; // an empty list
      const list = join(dir, `lista${n}.txt`);
      writeFileSync(list, lines.join(rng.below(2) ? '\n' : '\r\n'));
      const out = join(dir, `lista${n}.kwg`);
      const r = await runCli('lexicon', 'build', list, '-o', out);
      sane(r, `build #${n}`, [0, 2]);
      if (r.code === 0) sane(await runCli('lexicon', 'info', out), `info #${n}`, [0]);
      else expect(existsSync(out), `build #${n} failed but wrote`).toBe(false);
    }
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('graph files: 300 damaged copies are all refused (the checksum covers every byte)', async () => {
    const rng = new Rng(seedRng(`${SEED}/kwg`));
    const words = ['casa', 'casas', 'calle', 'cosa', 'mesa'].map((w) =>
      unwrap(wordToTiles(SPANISH, w)),
    );
    const good = encodeKwg(buildKwg(words, SPANISH));
    const f = join(dir, 'mini.kwg');
    writeFileSync(f, good);
    sane(await runCli('check', 'casa', '--lexicon', f), 'good graph', [0]);
    for (let n = 0; n < 300; n++) {
      let b: Uint8Array = good.slice();
      switch (rng.below(4)) {
        case 0:
          b[rng.below(b.length)]! ^= 1 << rng.below(8);
          break;
        case 1:
          b = b.subarray(0, rng.below(b.length));
          break;
        case 2: {
          const longer = new Uint8Array(b.length + 1 + rng.below(8));
          longer.set(b);
          b = longer;
          break;
        }
        default:
          b[12 + rng.below(12)] = rng.below(256);
          if (Buffer.from(b).equals(Buffer.from(good))) b[13]! ^= 1;
      }
      writeFileSync(f, b);
      const r = await runCli(
        ...(n % 2 ? ['lexicon', 'info', f] : ['check', 'casa', '--lexicon', f]),
      );
      sane(r, `graph #${n}`, [2]);
    }
  });

  it('options: 400 random command lines', async () => {
    const rng = new Rng(seedRng(`${SEED}/argv`));
    const gcg = join(gcgDir(), 'quackle_fivepoint.gcg');
    const list = join(dir, 'opciones.txt');
    writeFileSync(list, 'casa\ncosa\n');
    const heads: string[][] = [
      ['replay'],
      ['replay', gcg],
      ['check'],
      ['check', 'casa'],
      ['best'],
      ['best', '--cgp'],
      ['lexicon'],
      ['lexicon', 'info'],
      ['lexicon', 'build', list, '-o', join(dir, 'opciones.kwg'), '--force'],
      ['selfplay', '--games', '1'],
      ['selfplay', '--bots', 'principiante,principiante'],
      ['play', '--cargar'],
      ['play', '--rules'],
      ['play', '--vs'],
      [],
      ['ayuda'],
      ['nada'],
    ];
    const options = [
      '--json',
      '--lexicon',
      '--lexicon=none',
      '--top',
      '--top=-1',
      '--tile-set',
      '--rules',
      '--seed',
      '--games',
      '--bots',
      '--impugnacion',
      '--reloj',
      '-o',
      '--if-missing',
      '--',
      '-h',
      '--help',
    ];
    // Run where a stray output name (`-o constructor`) lands in the scratch folder.
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      for (let n = 0; n < 400; n++) {
        const argv = [...pick(rng, heads)];
        for (let k = rng.below(4); k > 0; k--)
          argv.push(rng.below(2) ? pick(rng, options) : pick(rng, NASTY));
        // Options that would start a game, a long self-play or the default build are left out:
        // they are not malformed input, and play would wait for a keyboard.
        const startsWork =
          (argv[0] === 'play' &&
            !argv.some((a) => NASTY.includes(a) || a === '--cargar' || a === '--rules')) ||
          (argv[0] === 'selfplay' && argv.includes('--games') && argv.includes('--bots')) ||
          (argv[0] === 'lexicon' && argv[1] === 'build' && argv.length <= 2) ||
          // A saved game given by name resumes it (a file the scripts below may have saved).
          (argv[0] === 'play' && argv.includes('--cargar'));
        if (startsWork) continue;
        const r = await runCli(...argv);
        sane(r, `atril ${argv.map((a) => a.slice(0, 40)).join(' ')}`);
      }
    } finally {
      process.chdir(cwd);
    }
  });

  it('play --cargar: 300 mutated saved games (public part and private part) load or are refused in Spanish', () => {
    const rng = new Rng(seedRng(`${SEED}/cargar`));
    const judge = { isWord: (): boolean => true };
    const saves = join(dir, 'cargar');
    const before = process.env.ATRIL_SAVE_DIR;
    process.env.ATRIL_SAVE_DIR = saves;
    try {
      // A timed game with a bot, saved mid-game: a public record naming a private one.
      const game = new LocalGame(
        [
          { name: 'Ana' },
          { name: 'Bot', bot: { level: 'experto', play: () => ({ kind: 'pass' }) } },
        ],
        judge,
        makeRules('fise', { clock: { minutesPerPlayer: 25, penaltyPerMinute: 10 } }),
        'cargar',
        { now: () => 0 },
      );
      game.act(game.turn, { kind: 'pass' });
      const pub = join(dir, 'cargar.gcg');
      expect(saveGame(game, pub).written).toBe(true);
      const publicText = readFileSync(pub, 'utf8');
      const id = /^#atril-privado (\S+)/m.exec(publicText)![1]!;
      const priv = join(saves, 'privado', `${id}.gcg`);
      const privateText = readFileSync(priv, 'utf8');
      expect(loadGame(pub, judge).ok).toBe(true);
      for (let n = 0; n < 300; n++) {
        const inPrivate = n % 2 === 1;
        let text = inPrivate ? privateText : publicText;
        for (let k = 1 + rng.below(3); k > 0; k--) text = mutate(rng, text);
        writeFileSync(inPrivate ? priv : pub, text);
        writeFileSync(inPrivate ? pub : priv, inPrivate ? publicText : privateText);
        const label = `cargar #${n} (${inPrivate ? 'private' : 'public'})`;
        const loaded = loadGame(pub, judge);
        if (loaded.ok) {
          // What loads is a game that can be shown and played on.
          const again = new LocalGame([{ name: 'A' }, { name: 'B' }], judge, loaded.value.state);
          expect(again.viewOf(0).seats.length, label).toBe(2);
        } else {
          expect(loaded.error, label).not.toContain(ESC);
          expect(loaded.error, label).not.toMatch(/\b[A-Z]{2,}_[A-Z_]+\b|undefined|NaN|\[object/);
        }
      }
    } finally {
      if (before === undefined) delete process.env.ATRIL_SAVE_DIR;
      else process.env.ATRIL_SAVE_DIR = before;
    }
  });

  it('line mode: 30 scripts of hostile lines in-process, and 2 through the real command', async () => {
    const rng = new Rng(seedRng(`${SEED}/lines`));
    const commands = [
      'ayuda',
      'tablero',
      'atril',
      'pasar',
      'cambiar',
      'cambiar XYZ',
      'impugnar',
      'impugnar Luis',
      'marcador',
      'bolsa',
      '8H casa',
      'h8 CASA',
      '8H',
      'ordenar',
      'guardar',
      'valor 8H casa',
      '',
    ];
    const script = (): string[] => {
      const out: string[] = [];
      for (let k = 0; k < 40; k++) {
        const c = pick(rng, commands);
        out.push(rng.below(3) ? c : `${c} ${pick(rng, NASTY)}`);
      }
      return out;
    };
    for (let n = 0; n < 30; n++) {
      const game = new LocalGame(
        [{ name: 'Ana' }, { name: 'Luis' }],
        { isWord: () => rng.below(2) === 0 },
        makeRules('fise'),
        `fuzz-${n}`,
      );
      let text = '';
      const output = new Writable({
        write(chunk: Buffer, _e, done) {
          text += chunk.toString();
          done();
        },
      });
      const lines = script();
      async function* input(): AsyncGenerator<string> {
        yield* lines;
      }
      const code = await runLineMode(game, { input: input(), output, intro: 'Partida.' });
      expect(code).toBe(0);
      expect(text, `script #${n}`).not.toContain(ESC);
    }
    for (let n = 0; n < 2; n++) {
      const r = spawnSync(
        process.execPath,
        [
          join(repoRoot, 'bin', 'atril.js'),
          'play',
          '--jugadores',
          'Ana',
          'Luis',
          '--lineas',
          '--seed',
          String(n),
        ],
        { input: script().join('\n') + '\n', encoding: 'utf8', timeout: 60_000, cwd: dir },
      );
      expect(r.status, r.stderr).toBe(0);
      expect(r.stderr).not.toMatch(/\n\s+at \S|Error interno/);
      expect(r.stdout).not.toContain(ESC);
    }
  });
});
