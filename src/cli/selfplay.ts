/**
 * `atril selfplay --games N --bots A,B [--seed S] [--json] [--rules PRESET] [--lexicon FILE]`:
 * bot-versus-bot games (DESIGN.md §4). The bots swap seats every game so neither always moves
 * first; game g uses seed S + g. JSON: wins, draws, mean scores and the 95% Wilson interval of
 * the first bot's win rate (a draw counts as half a win).
 */
import { PRESETS, makeRules, type PresetName } from '../engine/rules.js';
import { tileSetById } from '../engine/tiles.js';
import { openLexicon } from '../lexicon/index.js';
import { BOT_LEVELS, isBotLevel, makeBot } from '../ai/bots.js';
import { SelfPlay, wilson } from '../ai/selfplay.js';
import { parseOptions, plainCount, tileSetMismatch } from './args.js';

export const selfplayHelp = `Uso: atril selfplay --games N --bots A,B [--seed S] [--json] [--rules PRESET] [--lexicon ARCHIVO]

Enfrenta a dos jugadores del ordenador en N partidas y resume quién gana. Los dos se turnan
para empezar; cada partida usa la semilla S + número de partida, así que se puede repetir.

  --games N           número de partidas (entero ≥ 1)
  --bots A,B          niveles: ${BOT_LEVELS.join(', ')}
  --seed S            semilla (1 por omisión)
  --rules PRESET      reglas: ${Object.keys(PRESETS).join(', ')} (fise por omisión)
  --json              salida para programas: victorias, empates, medias e intervalo del 95 %
  --lexicon ARCHIVO   usa otro léxico

Muestra una barra de progreso en la salida de errores si es un terminal.
Salida: 0 si todo va bien, 2 si la orden está mal escrita.`;

function fail(message: string): number {
  process.stderr.write(`${message}\n«atril selfplay --help» explica cómo se usa.\n`);
  return 2;
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
  if ('error' in opts) return fail(opts.error);
  const { values } = opts;
  const games = plainCount(values.games ?? '') ?? 0;
  if (games < 1) return fail('--games necesita un número entero de partidas (1 o más).');
  const names = (values.bots ?? '').split(',').map((s) => s.trim().toLowerCase());
  if (names.length !== 2 || !names.every(isBotLevel))
    return fail(
      `--bots necesita dos niveles separados por una coma, entre: ${BOT_LEVELS.join(', ')}.`,
    );
  // Game g uses seed S + g: past 2^53 that sum would round back to S for every game.
  const seed = values.seed === undefined ? 1 : Number(values.seed);
  if (
    (values.seed !== undefined && !/^-?\d+$/.test(values.seed)) ||
    !Number.isSafeInteger(seed + games)
  )
    return fail(
      `--seed necesita un número entero (sin exponente, menor que 2^53), no «${values.seed}».`,
    );
  const preset = (values.rules ?? 'fise') as PresetName;
  if (!Object.hasOwn(PRESETS, preset))
    return fail(
      `Reglas desconocidas: «${values.rules}». Opciones: ${Object.keys(PRESETS).join(', ')}.`,
    );
  const rules = makeRules(preset);
  const set = tileSetById(rules.tileSet)!;
  const loaded = openLexicon(values.lexicon);
  if (!loaded.ok) return fail(loaded.message);
  if (loaded.value.set.id !== set.id) return fail(tileSetMismatch(loaded.value.set, set));
  const table = new SelfPlay(loaded.value.nodes, set, rules);
  const bots = [makeBot(names[0]!), makeBot(names[1]!)] as const;

  const wins = [0, 0];
  let draws = 0;
  const totals = [0, 0];
  const tty = process.stderr.isTTY;
  const t0 = Date.now();
  for (let g = 0; g < games; g++) {
    const swap = g % 2 === 1;
    const r = table.play(swap ? [bots[1], bots[0]] : [bots[0], bots[1]], seed + g);
    const a = swap ? 1 : 0;
    totals[0]! += r.scores[a]!;
    totals[1]! += r.scores[1 - a]!;
    if (r.winner < 0) draws++;
    else wins[r.winner === a ? 0 : 1]!++;
    if (tty && (g % 10 === 0 || g === games - 1)) {
      const w = 30;
      const f = Math.round(((g + 1) / games) * w);
      process.stderr.write(`\rPartidas [${'#'.repeat(f)}${'.'.repeat(w - f)}] ${g + 1}/${games}`);
      if (g === games - 1) process.stderr.write('\n');
    }
  }
  const seconds = (Date.now() - t0) / 1000;
  const score = wins[0]! + draws / 2;
  const [lo, hi] = wilson(score, games);
  const mean = totals.map((t) => Math.round((t / games) * 10) / 10);
  if (values.json) {
    process.stdout.write(
      JSON.stringify({
        games,
        bots: names,
        rules: preset,
        seed,
        wins,
        draws,
        meanScores: mean,
        winRate: Math.round((score / games) * 10000) / 10000,
        interval95: [Math.round(lo * 10000) / 10000, Math.round(hi * 10000) / 10000],
        seconds: Math.round(seconds * 10) / 10,
      }) + '\n',
    );
    return 0;
  }
  const pct = (x: number): string => `${(x * 100).toFixed(1)} %`;
  const count = (n: number, one: string): string => `${n} ${one}${n === 1 ? '' : 's'}`;
  process.stdout.write(
    `${count(games, 'partida')}, reglas ${preset}, semilla ${seed} (${seconds.toFixed(1)} s)\n` +
      `  ${names[0]}: ${count(wins[0]!, 'victoria')}, media ${mean[0]} puntos\n` +
      `  ${names[1]}: ${count(wins[1]!, 'victoria')}, media ${mean[1]} puntos\n` +
      `  empates: ${draws}\n` +
      `  ${names[0]} gana el ${pct(score / games)} (intervalo del 95 %: ${pct(lo)} – ${pct(hi)})\n`,
  );
  return 0;
}
