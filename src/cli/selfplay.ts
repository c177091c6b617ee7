/**
 * `atril selfplay --games N --bots A,B[,C[,D]] [--seed S] [--json] [--rules PRESET] [--lexicon FILE]`:
 * bot-versus-bot games (DESIGN.md §4) for 2–4 bots. The rules' opening draw decides who starts
 * (G-02) and the bots rotate seats every game; game g uses seed S + g. JSON: wins, draws, mean
 * scores and the 95% Wilson interval of the first bot's win rate (a win shared by k bots counts
 * as 1/k of a win).
 */
import { PRESETS, rulesFromPreset } from '../engine/rules.js';
import { rulesErrorText, lexiconLoadErrorText } from '../play/errorText.js';
import { tileSetById } from '../engine/tiles.js';
import { openLexicon } from '../lexicon/index.js';
import { BOT_LEVELS, isBotLevel, makeBot } from '../ai/bots.js';
import { SelfPlay, wilson } from '../ai/selfplay.js';
import {
  MAX_SEED,
  parseOptions,
  plainCount,
  seedOption,
  tileSetMismatch,
  usageError,
} from './args.js';
import { count, counted, decimal } from './numbers.js';
import { LongTask, progressBar } from './status.js';

export const selfplayHelp = `Uso: atril selfplay --games N --bots A,B[,C[,D]] [--seed S] [--json] [--rules PRESET] [--lexicon ARCHIVO]

Enfrenta a entre dos y cuatro jugadores del ordenador en N partidas y resume quién gana. Quién
empieza se sortea con fichas, como manda el reglamento, y los jugadores cambian de asiento en
cada partida; cada partida usa la semilla S + número de partida, así que se puede repetir.

  --games N           número de partidas (entero ≥ 1)
  --bots A,B,…        de dos a cuatro niveles: ${BOT_LEVELS.join(', ')}
  --seed S            semilla, un entero de 0 a ${MAX_SEED} (1 por omisión)
  --rules PRESET      reglas: ${Object.keys(PRESETS).join(', ')} (fise por omisión)
  --json              salida para programas: victorias, empates, medias e intervalo del 95 %
  --lexicon ARCHIVO   usa otro léxico

Muestra una barra de progreso en la salida de errores si es un terminal. Ctrl+C para tras la
partida en curso y resume las partidas jugadas hasta entonces; un segundo Ctrl+C sale sin más.
Salida: 0 si todo va bien, 2 si la orden está mal escrita.`;

function fail(message: string): number {
  return usageError('selfplay', message);
}

/** Runs `atril selfplay`. */
export async function runSelfplay(args: string[]): Promise<number> {
  const opts = parseOptions({
    args,
    options: {
      games: { type: 'string' },
      bots: { type: 'string' },
      seed: { type: 'string' },
      json: { type: 'boolean' },
      rules: { type: 'string' },
      lexicon: { type: 'string' },
    },
  });
  if (!opts.ok) return fail(opts.error);
  const { values } = opts.value;
  const games = plainCount(values.games ?? '') ?? 0;
  if (games < 1) return fail('--games necesita un número entero de partidas (1 o más).');
  const names = (values.bots ?? '').split(',').map((s) => s.trim().toLowerCase());
  // A level not known is named, as `play --vs` names it: «dios» alone says what to fix.
  const unknown = names.find((n) => n !== '' && !isBotLevel(n));
  if (unknown !== undefined)
    return fail(`Nivel desconocido: «${unknown}». Niveles: ${BOT_LEVELS.join(', ')}.`);
  if (names.length < 2 || names.length > 4 || !names.every(isBotLevel))
    return fail(
      `--bots necesita de dos a cuatro niveles separados por comas, entre: ${BOT_LEVELS.join(', ')}.`,
    );
  // Game g uses seed S + g; past MAX_SEED the generator reads it modulo 2^32 (seeds 0, 1 …),
  // still a different seed for every game of the run.
  const seed = seedOption(values.seed, 1);
  if (typeof seed === 'string') return fail(seed);
  const preset = values.rules ?? 'fise';
  const built = rulesFromPreset(preset);
  if (!built.ok) return fail(rulesErrorText(built.error));
  const rules = built.value;
  const set = tileSetById(rules.tileSet)!;
  const loaded = openLexicon(values.lexicon);
  if (!loaded.ok) return fail(lexiconLoadErrorText(loaded.error));
  if (loaded.value.set.id !== set.id) return fail(tileSetMismatch(loaded.value.set, set));
  const table = new SelfPlay(loaded.value.nodes, rules);
  const bots = names.map((name) => makeBot(name));
  const seats = bots.length;

  const wins = new Array<number>(seats).fill(0);
  let draws = 0;
  let shared = 0; // the first bot's part of the wins it shared
  const totals = new Array<number>(seats).fill(0);
  let played = 0;
  // Ctrl+C is heard between games: the loop yields to the event loop every few milliseconds.
  const task = new LongTask(
    (tail) => `Partidas ${progressBar(played, games)} ${played}/${games} · ${tail}`,
    () => {},
  );
  const t0 = Date.now();
  let yielded = t0;
  for (let g = 0; g < games && !task.stopped; g++) {
    // Bot b sits at seat (b + g) mod seats, so every bot plays from every seat.
    const seatOf = (b: number): number => (b + g) % seats;
    const botAt = (s: number): number => (s - (g % seats) + seats) % seats;
    const r = table.play(
      bots.map((_, s) => bots[botAt(s)]!),
      seed + g,
    );
    for (let b = 0; b < seats; b++) totals[b]! += r.scores[seatOf(b)]!;
    if (r.winners.length > 1) {
      draws++;
      if (r.winners.includes(seatOf(0))) shared += 1 / r.winners.length;
    } else wins[botAt(r.winners[0]!)]!++;
    played++;
    if (Date.now() - yielded >= 50) {
      task.update();
      await new Promise((resolve) => setImmediate(resolve));
      yielded = Date.now();
    }
  }
  task.end();
  const seconds = (Date.now() - t0) / 1000;
  const score = wins[0]! + shared;
  // Stopped by Ctrl+C, the summary covers the games played (at least the first).
  const [lo, hi] = wilson(score, played);
  const mean = totals.map((t) => Math.round((t / played) * 10) / 10);
  if (values.json) {
    process.stdout.write(
      JSON.stringify({
        games: played,
        ...(task.stopped ? { stopped: true, asked: games } : {}),
        bots: names,
        rules: preset,
        seed,
        wins,
        draws,
        meanScores: mean,
        winRate: Math.round((score / played) * 10000) / 10000,
        interval95: [Math.round(lo * 10000) / 10000, Math.round(hi * 10000) / 10000],
        seconds: Math.round(seconds * 10) / 10,
      }) + '\n',
    );
    return 0;
  }
  const pct = (x: number): string => `${decimal(x * 100)} %`;
  // Two bots of one level are told apart by their place in --bots: «principiante 1», «… 2».
  const labels = names.map((n, b) =>
    names.indexOf(n) === names.lastIndexOf(n) ? n : `${n} ${b + 1}`,
  );
  process.stdout.write(
    `${counted(played, 'partida')}${task.stopped ? ` de ${count(games)} (parada con Ctrl+C)` : ''}, reglas ${preset}, semilla ${seed} (${decimal(seconds)} s)\n` +
      labels
        .map(
          (name, b) =>
            `  ${name}: ${counted(wins[b]!, 'victoria')}, media ${decimal(mean[b]!)} puntos\n`,
        )
        .join('') +
      `  empates: ${draws}\n` +
      `  ${labels[0]} gana el ${pct(score / played)} (intervalo del 95 %: ${pct(lo)} – ${pct(hi)})\n`,
  );
  return 0;
}
