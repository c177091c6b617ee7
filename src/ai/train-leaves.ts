/**
 * `npm run train:leaves [-- --games N --seed S --rounds R --lambda L]`: learns the Spanish leave
 * values from self-play and writes `src/ai/leaves/spanish.ts` (method in docs/leaves.md).
 *
 * Each round plays N seeded games between two equity bots using the current values (round 1
 * starts from zero, i.e. greedy play). After every move made with at least 7 tiles left in the
 * bag, the leave is a sample and its target is what the same player scores on their next turn.
 * A ridge regression on the leave's features (tiles, duplicate copies, vowel/consonant counts)
 * predicts that target; leave value = prediction − prediction for an empty leave.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { makeRules } from '../engine/rules.js';
import { SPANISH } from '../engine/tiles.js';
import { loadDefaultLexicon } from '../lexicon/index.js';
import { expertBot } from './bots.js';
import { type LeaveParams, paramLeaves } from './leaves.js';
import { SelfPlay } from './selfplay.js';
import { type Result, err, ok } from '../engine/result.js';

const NT = SPANISH.letters.length + 1; // tile codes 0…28
const VOWELS = SPANISH.letters.flatMap((l, i) => (l.vowel ? [i + 1] : []));
const BAL = 7;
const NF = NT + NT + BAL * BAL; // tile counts, duplicate copies, balance one-hot

function features(leave: ArrayLike<number>, out: Float64Array): void {
  out.fill(0);
  let vow = 0;
  let con = 0;
  for (let t = 0; t < NT; t++) {
    const c = leave[t]!;
    if (c === 0) continue;
    out[t] = c;
    out[NT + t] = c - 1;
    if (t === 0) continue;
    if (VOWELS.includes(t)) vow += c;
    else con += c;
  }
  out[2 * NT + Math.min(vow, BAL - 1) * BAL + Math.min(con, BAL - 1)] = 1;
}

/** Solves (XᵀX + λI) w = Xᵀy by Gaussian elimination. */
function ridge(xtx: Float64Array, xty: Float64Array, lambda: number): Float64Array {
  const n = xty.length;
  const a = Float64Array.from(xtx);
  const b = Float64Array.from(xty);
  for (let i = 0; i < n; i++) a[i * n + i]! += lambda;
  for (let col = 0; col < n; col++) {
    let piv = col;
    for (let r = col + 1; r < n; r++)
      if (Math.abs(a[r * n + col]!) > Math.abs(a[piv * n + col]!)) piv = r;
    if (piv !== col) {
      for (let k = 0; k < n; k++) {
        const tmp = a[col * n + k]!;
        a[col * n + k] = a[piv * n + k]!;
        a[piv * n + k] = tmp;
      }
      const tb = b[col]!;
      b[col] = b[piv]!;
      b[piv] = tb;
    }
    const d = a[col * n + col]!;
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const f = a[r * n + col]! / d;
      if (f === 0) continue;
      for (let k = col; k < n; k++) a[r * n + k]! -= f * a[col * n + k]!;
      b[r]! -= f * b[col]!;
    }
  }
  return b.map((v, i) => v / a[i * n + i]!);
}

function progress(label: string, done: number, total: number): void {
  if (!process.stderr.isTTY) return;
  const w = 30;
  const fill = Math.round((done / total) * w);
  process.stderr.write(`\r${label} [${'#'.repeat(fill)}${'.'.repeat(w - fill)}] ${done}/${total}`);
  if (done === total) process.stderr.write('\n');
}

function round1(x: number): number {
  return Math.round(x * 100) / 100;
}

const trainHelp = `Uso: npm run train:leaves [-- --games N --rounds R --seed S --lambda L]

Aprende los valores de las fichas que se quedan en el atril jugando partidas del ordenador
contra sí mismo y los guarda en src/ai/leaves/spanish.ts (el método está en docs/leaves.md).
Con los mismos argumentos escribe el mismo archivo.

  --games N    partidas por ronda (1000 por omisión)
  --rounds R   rondas; cada una juega con los valores de la anterior (2 por omisión)
  --seed S     semilla (2026 por omisión)
  --lambda L   regularización de la regresión, un número > 0 (30 por omisión)

Muestra una barra de progreso en la salida de errores si es un terminal.
Salida: 0 si se han guardado los valores, 2 si la orden está mal escrita (y no toca el archivo).`;

/** Training options. */
export interface TrainOptions {
  readonly games: number;
  readonly rounds: number;
  readonly seed: number;
  readonly lambda: number;
}

/** Reads the command line: the options or `'help'`, or a Spanish message for bad usage. */
export function parseTrainArgs(args: string[]): Result<TrainOptions | 'help', string> {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        games: { type: 'string', default: '1000' },
        seed: { type: 'string', default: '2026' },
        rounds: { type: 'string', default: '2' },
        lambda: { type: 'string', default: '30' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (e) {
    const name = /'([^' ]+)/.exec((e as Error).message)?.[1] ?? '';
    return err(`Opción no válida: «${name}» (si el valor empieza por «-», ${name}=-1).`);
  }
  if (values.help) return ok('help');
  const whole = (name: string, min: number): number | string => {
    const text = values[name] as string;
    const n = Number(text);
    if (!/^-?\d+$/.test(text) || !Number.isSafeInteger(n) || n < min)
      return `--${name} necesita un número entero${min > 0 ? ` ≥ ${min}` : ''}, no «${text}».`;
    return n;
  };
  const games = whole('games', 1);
  const rounds = whole('rounds', 1);
  const seed = whole('seed', -Infinity);
  const lambda = Number(values.lambda);
  for (const v of [games, rounds, seed]) if (typeof v === 'string') return err(v);
  if (!/^\d+(\.\d+)?$/.test(values.lambda as string) || !(lambda > 0))
    return err(`--lambda necesita un número mayor que 0, no «${values.lambda}».`);
  return ok({ games: games as number, rounds: rounds as number, seed: seed as number, lambda });
}

function main(): void {
  const parsed = parseTrainArgs(process.argv.slice(2));
  if (!parsed.ok) {
    process.stderr.write(
      `${parsed.error}\n«npm run train:leaves -- --help» explica cómo se usa.\n`,
    );
    process.exitCode = 2;
    return;
  }
  const opts = parsed.value;
  if (opts === 'help') {
    process.stdout.write(trainHelp + '\n');
    return;
  }
  const { games, seed, rounds, lambda } = opts;
  const lex = loadDefaultLexicon();
  if (!lex.ok) {
    // src/ai may not import the sentences (src/play): the code and the file say what failed.
    process.stderr.write(
      `No se puede cargar el léxico por defecto: ${lex.error.code} (${lex.error.path}).\n`,
    );
    process.exitCode = 2;
    return;
  }
  const table = new SelfPlay(lex.value.nodes, makeRules('fise'));
  let params: LeaveParams = {
    tile: new Array<number>(NT).fill(0),
    dup: new Array<number>(NT).fill(0),
    balance: Array.from({ length: BAL }, () => new Array<number>(BAL).fill(0)),
    vowels: VOWELS,
  };
  const t0 = Date.now();
  let samples = 0;
  for (let r = 0; r < rounds; r++) {
    const bot = expertBot(paramLeaves(params));
    const xtx = new Float64Array(NF * NF);
    const xty = new Float64Array(NF);
    const f = new Float64Array(NF);
    samples = 0;
    for (let g = 0; g < games; g++) {
      const moves: { seat: number; leave: Uint8Array; score: number; bagAfter: number }[] = [];
      table.play([bot, bot], seed + r * 1_000_003 + g, (m) =>
        moves.push({ seat: m.seat, leave: m.leave.slice(), score: m.score, bagAfter: m.bagAfter }),
      );
      for (let k = 0; k + 2 < moves.length; k++) {
        const m = moves[k]!;
        if (m.bagAfter < 7) continue;
        features(m.leave, f);
        const y = moves[k + 2]!.score;
        for (let i = 0; i < NF; i++) {
          const fi = f[i]!;
          if (fi === 0) continue;
          xty[i]! += fi * y;
          for (let j = 0; j < NF; j++) xtx[i * NF + j]! += fi * f[j]!;
        }
        samples++;
      }
      if (g % 25 === 0 || g === games - 1) progress(`ronda ${r + 1}/${rounds}`, g + 1, games);
    }
    const w = ridge(xtx, xty, lambda);
    const base = w[2 * NT]!; // balance cell (0 vowels, 0 consonants): the empty leave
    params = {
      tile: Array.from(w.subarray(0, NT), round1),
      dup: Array.from(w.subarray(NT, 2 * NT), round1),
      balance: Array.from({ length: BAL }, (_, v) =>
        Array.from({ length: BAL }, (_, c) => round1(w[2 * NT + v * BAL + c]! - base)),
      ),
      vowels: VOWELS,
    };
  }
  params = {
    ...params,
    trainedOn: `${rounds} rondas × ${games} partidas de autojuego, semilla ${seed}, λ=${lambda}, ${samples} muestras en la última ronda`,
  };
  const file = fileURLToPath(new URL('./leaves/spanish.ts', import.meta.url));
  writeFileSync(
    file,
    `// Generated by \`npm run train:leaves\` (src/ai/train-leaves.ts); see docs/leaves.md.\n` +
      `import type { LeaveParams } from '../leave.js';\n\n` +
      `export const SPANISH_LEAVES: LeaveParams = ${JSON.stringify(params)};\n`,
  );
  spawnSync(
    process.execPath,
    [
      fileURLToPath(new URL('../../node_modules/prettier/bin/prettier.cjs', import.meta.url)),
      '--write',
      file,
    ],
    { stdio: 'ignore' },
  );
  process.stderr.write(
    `Valores de fichas guardados en ${file} (${((Date.now() - t0) / 1000).toFixed(0)} s).\n`,
  );
}

// Run only as the script itself, so tests can import the argument parser.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
