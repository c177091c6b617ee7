/**
 * `atril analyze PARTIDA.gcg [--top N] [--json] [--lexicon FILE]`: the post-game review
 * (src/ai/analyze.ts): every move next to the best ones by equity, the points of equity it gave
 * away, and each player's costliest mistakes. A progress bar on stderr when it is a terminal.
 */
import { parseGcgRecord, replayRecord } from '../engine/notation/recordAudit.js';
import type { Move } from '../engine/move.js';
import type { TileSet } from '../engine/tiles.js';
import { INPUT_LIMITS, openLexicon, readInputFile } from '../lexicon/index.js';
import { type ReviewedMove, reviewer } from '../ai/analyze.js';
import { describeMove as describe, reviewLeaves, reviewToJson } from '../ai/reviewJson.js';
import {
  lexiconMismatch,
  namedLexiconWarning,
  parseOptions,
  plainCount,
  usageError,
} from './args.js';
import {
  gcgErrorText,
  inputFileErrorText,
  lexiconLoadErrorText,
  replayErrorText,
} from '../play/errorText.js';
import { counted, decimal } from './numbers.js';
import { LongTask, progressBar } from './status.js';

export const analyzeHelp = `Uso: atril analyze PARTIDA.gcg [--top N] [--json] [--lexicon ARCHIVO]

Analiza una partida grabada en GCG: para cada jugada cuyo atril consta en el archivo, muestra
las mejores jugadas posibles por equidad (puntos más el valor de las fichas que se quedan en el
atril, como juega el nivel experto) y cuánta equidad se perdió con la jugada hecha; al final,
un resumen por jugador con sus errores más caros. Las jugadas que no están en el léxico se
marcan como no válidas.

  --top N             alternativas por jugada (3 por omisión)
  --json              salida para programas: {"turns":[{"turn","player","played","best",
                      "lost"}],"skipped","players":[{"nick","turns","lost","worst"}]};
                      cada jugada es {"coord","word","score","equity"} («-» pasar,
                      «-FICHAS» cambiar; "valid" en la jugada hecha); en las
                      colocaciones, "main" es la palabra entera («.» en "word": una
                      letra que ya estaba en el tablero)
  --lexicon ARCHIVO   usa otro léxico (del mismo juego de fichas que la partida)

Muestra una barra de progreso en la salida de errores si es un terminal. Ctrl+C para el
análisis y muestra lo analizado hasta entonces, con su resumen (en --json, "stoppedAt" dice
hasta qué jugada del archivo llegó); un segundo Ctrl+C sale sin más.

Salida: 0 si todo va bien, 2 si la orden está mal escrita, el archivo no se puede leer o
describe una partida que no pudo jugarse (una ficha en una casilla ocupada, más fichas de las
que tiene el juego o de las que caben en el atril…: se dice por qué, como en «atril replay»).`;

function usage(message: string): number {
  return usageError('analyze', message);
}

function fail(message: string): number {
  process.stderr.write(message + '\n');
  return 2;
}

/** Runs `atril analyze`. */
export async function runAnalyze(args: string[]): Promise<number> {
  const opts = parseOptions({
    args,
    allowPositionals: true,
    options: {
      top: { type: 'string' },
      json: { type: 'boolean' },
      lexicon: { type: 'string' },
    },
  });
  if (!opts.ok) return usage(opts.error);
  const { values, positionals: files } = opts.value;
  if (files.length > 1)
    return usage(
      `Una partida cada vez: atril analyze PARTIDA.gcg (has dado ${files.length} archivos).`,
    );
  if (files.length !== 1) return usage('Indica un archivo de partida: atril analyze PARTIDA.gcg');
  const top = values.top === undefined ? 3 : plainCount(values.top);
  if (top === undefined || top < 1)
    return usage(`--top necesita un número entero ≥ 1, no «${values.top}».`);
  const file = files[0]!;
  // The one door for a file the user names, as replay reads it: a folder, a device, a file
  // without permission or too large, each said in Spanish.
  const read = readInputFile(file, INPUT_LIMITS.record);
  if (!read.ok) return fail(inputFileErrorText(read.error));
  const parsed = parseGcgRecord(read.value);
  if (!parsed.ok) return fail(`«${file}»: ${gcgErrorText(parsed.error)}`);
  const { record, lines } = parsed.value;
  // A game that cannot have been played (a tile on a taken square, a first move off the
  // centre, more tiles than the set has) is refused as `atril replay` refuses it: judged on a
  // board it never had, its moves would be reviewed wrong.
  const replayed = replayRecord(record, { lines });
  if (!replayed.ok) return fail(`«${file}»: ${replayErrorText(replayed.error)}`);
  const loaded = openLexicon(values.lexicon);
  if (!loaded.ok) return fail(lexiconLoadErrorText(loaded.error));
  const lex = loaded.value;
  if (lex.set.id !== record.tileSet)
    return fail(lexiconMismatch('La partida', record.tileSet, lex.set));
  const named = namedLexiconWarning('la partida', record.lexicon, values.lexicon);
  if (named) process.stderr.write(named + '\n');
  const set = lex.set;
  // On a terminal: a bar of the events on stderr, and Control+C reviews what is done so far.
  const total = record.events.length;
  let done = 0;
  const task = new LongTask(
    (tail) => `Analizando ${progressBar(done, total)} ${done}/${total} · ${tail}`,
    () => {},
  );
  const r = reviewer(record, lex.nodes, set, { top, leaves: reviewLeaves(set) });
  try {
    while (done < total && !task.stopped) {
      r.step(done++);
      task.update();
      // Between two events, so that Control+C is heard.
      await new Promise((resolve) => setImmediate(resolve));
    }
  } finally {
    task.end();
  }
  const review = r.result();
  const stopped = done < total;
  const nick = (p: number) => record.players[p]?.nick ?? `jugador ${p + 1}`;
  if (values.json) {
    const json = reviewToJson(review, record, set);
    process.stdout.write(JSON.stringify(stopped ? { ...json, stoppedAt: done } : json) + '\n');
    return 0;
  }
  const text = (m: ReviewedMove) => {
    const d = describe(set, m.move);
    const what =
      d.coord === null
        ? d.word === '-'
          ? 'pasar'
          : `cambiar ${d.word.slice(1)}`
        : `${d.coord} ${d.word}`;
    return `${what} (${counted(m.score, 'punto')}, equidad ${decimal(m.equity)})`;
  };
  const out: string[] = [];
  for (const t of review.turns) {
    const mark =
      (t.played.valid ? '' : ' [no está en el léxico]') +
      (t.played.withdrawn ? ' [retirada tras impugnarla]' : '');
    const verdict = t.lost === 0 ? 'la mejor' : `pierde ${decimal(t.lost)}`;
    out.push(
      `${String(t.turn).padStart(3)}. ${nick(t.player)}: ${text(t.played)}${mark}: ${verdict}`,
    );
    if (t.lost > 0) t.best.forEach((b, k) => out.push(`       ${k + 1}) ${text(b)}`));
  }
  if (review.skipped > 0)
    out.push(
      `${counted(review.skipped, 'jugada sin analizar', 'jugadas sin analizar')}: el archivo no da el atril completo.`,
    );
  if (stopped)
    out.push(
      `Análisis parado con Ctrl+C antes de la jugada ${done + 1} de ${total}: el resumen es de las anteriores.`,
    );
  out.push('', 'Resumen:');
  for (const p of review.players) {
    out.push(
      p.turns === 0
        ? `  ${p.nick}: ninguna jugada analizada (el archivo no da sus atriles)`
        : `  ${p.nick}: ${counted(p.turns, 'jugada analizada', 'jugadas analizadas')}, ${decimal(p.lost)} de equidad perdida`,
    );
    if (p.worst.length > 0)
      out.push(
        `    errores más caros: ${p.worst.map((t) => `jugada ${t.turn}, ${describeText(set, t.played.move)} (−${decimal(t.lost)})`).join('; ')}`,
      );
  }
  process.stdout.write(out.join('\n') + '\n');
  return 0;
}

function describeText(set: TileSet, m: Move): string {
  const d = describe(set, m);
  return d.coord === null
    ? d.word === '-'
      ? 'pasar'
      : `cambiar ${d.word.slice(1)}`
    : `${d.coord} ${d.word}`;
}
