/**
 * `atril replay PARTIDA.gcg [--lexicon none|ARCHIVO] [--json]` (DESIGN.md §4): replays a game
 * record, recomputes every score and total and compares them with the file. Exit 0 when all
 * match, 1 on a mismatch, 2 when the file cannot be read or replayed.
 *
 * Words are checked too, as information: for Spanish records against the default lexicon, for
 * any record against `--lexicon ARCHIVO` (a compiled lexicon of the record's tile set), never
 * with `--lexicon none`. Invalid words are listed but do not change `ok` or the exit code:
 * `ok` is about scores (DESIGN.md §4), and real records are full of phonies, challenged or not.
 */
import { basename } from 'node:path';
import type { GcgRecord } from '../engine/notation/gcg.js';
import { type ReplayReport, parseGcgRecord, replayRecord } from '../engine/notation/recordAudit.js';
import {
  gcgErrorText,
  inputFileErrorText,
  lexiconLoadErrorText,
  mismatchText,
  replayErrorText,
  replayWarningText,
} from '../play/errorText.js';
import { tileSetById } from '../engine/tiles.js';
import { claimedText, spokenList } from '../play/messages.js';
import { INPUT_LIMITS, loadDefaultLexicon, loadLexicon, readInputFile } from '../lexicon/index.js';
import { parseOptions, usageError } from './args.js';

export const replayHelp = `Uso: atril replay PARTIDA.gcg [--lexicon none|ARCHIVO] [--json]

Reproduce una partida grabada en formato GCG: pone cada jugada en el tablero, vuelve a
calcular su puntuación y el total de cada jugador, y los compara con lo que dice el archivo.
Lee las dos formas de cerrar la partida que aparecen en archivos reales: quien se queda sin
fichas suma el doble de las fichas que le quedan al rival, o las suma una vez y el rival las
resta en su propia línea.

  --lexicon ARCHIVO   comprueba las palabras con otro léxico (compilado con
                      «atril lexicon build»), del mismo juego de fichas que la partida
  --lexicon none      no comprueba las palabras
  --json              salida para programas:
                      {"ok":…,"moves":[{"turn","player","coord","word","score","stated","ok"}],
                       "final":{…}}

Sin --lexicon, las partidas en español se comprueban con el léxico por defecto y las demás
no se comprueban. Las palabras que no están en el léxico se avisan, pero no cambian el
resultado, que trata de las puntuaciones.

Una partida que no dice su juego de fichas (#tile-distribution, o un #lexicon conocido) se lee
en español si sus letras lo permiten, salvo que solo cuadre en inglés (la Q vale 10, dos Y…).

Salida: 0 si todo cuadra, 1 si alguna puntuación o total no cuadra, 2 si el archivo no se
puede leer (no existe, codificación incorrecta, jugador sin declarar, jugada imposible…) o
describe una partida imposible (más fichas de las que tiene el juego, más de las que caben en
el atril, un cambio sin fichas suficientes en la bolsa, jugadas después del final…).`;

const SET_NAMES: Record<string, string> = {
  spanish: 'español',
  english: 'inglés',
  german: 'alemán',
  polish: 'polaco',
};

/** How words were (or were not) checked. */
interface WordCheck {
  readonly checked: boolean;
  /** The lexicon used: `default` or the path given. */
  readonly lexicon: string | null;
  /** Why words were not checked, in Spanish. */
  readonly reason?: string;
}

/** Runs `atril replay`. */
export async function runReplay(args: string[]): Promise<number> {
  const opts = parseOptions({
    args,
    allowPositionals: true,
    options: { json: { type: 'boolean' }, lexicon: { type: 'string' } },
  });
  if (!opts.ok) return usage(opts.error);
  const { values, positionals: files } = opts.value;
  if (files.length > 1)
    return usage(
      `Una partida cada vez: atril replay PARTIDA.gcg (has dado ${files.length} archivos).`,
    );
  if (files.length !== 1) return usage('Indica un archivo de partida: atril replay PARTIDA.gcg');
  const file = files[0]!;

  const read = readInputFile(file, INPUT_LIMITS.record);
  if (!read.ok) return fail(inputFileErrorText(read.error));

  const parsed = parseGcgRecord(read.value);
  if (!parsed.ok) return fail(`«${file}»: ${gcgErrorText(parsed.error)}`);
  const { record, lines } = parsed.value;

  let isWord: ((letters: readonly number[]) => boolean) | undefined;
  let words: WordCheck;
  const opt = values.lexicon;
  if (opt === 'none') {
    words = { checked: false, lexicon: null, reason: 'se ha pedido no comprobarlas' };
  } else if (opt !== undefined) {
    const loaded = loadLexicon(opt);
    if (!loaded.ok) return fail(lexiconLoadErrorText(loaded.error));
    if (loaded.value.set.id !== record.tileSet)
      return fail(
        `El léxico «${opt}» es de fichas en ${setName(loaded.value.set.id)} y la partida, en ${setName(record.tileSet)}.`,
      );
    const lex = loaded.value;
    isWord = (letters) => lex.isWord(letters);
    words = { checked: true, lexicon: opt };
  } else if (record.tileSet === 'spanish') {
    const loaded = loadDefaultLexicon();
    if (loaded.ok) {
      const lex = loaded.value;
      isWord = (letters) => lex.isWord(letters);
      words = { checked: true, lexicon: 'default' };
    } else {
      process.stderr.write(
        `Aviso: no se comprueban las palabras. ${lexiconLoadErrorText(loaded.error)}\n`,
      );
      words = { checked: false, lexicon: null, reason: 'no se pudo cargar el léxico por defecto' };
    }
  } else {
    words = {
      checked: false,
      lexicon: null,
      reason: `la partida es en ${setName(record.tileSet)} y no se ha indicado --lexicon`,
    };
  }

  const result = replayRecord(record, isWord ? { lines, isWord } : { lines });
  if (!result.ok) return fail(`«${file}»: ${replayErrorText(result.error)}`);
  const report = result.value;

  if (values.json) {
    process.stdout.write(JSON.stringify(replayJson(record, report, words)) + '\n');
  } else {
    process.stdout.write(humanReport(file, record, report, words));
  }
  return report.ok ? 0 : 1;
}

function usage(message: string): number {
  return usageError('replay', message);
}

function fail(message: string): number {
  process.stderr.write(message + '\n');
  return 2;
}

function setName(id: string): string {
  return (Object.hasOwn(SET_NAMES, id) ? SET_NAMES[id] : tileSetById(id)?.name) ?? id;
}

/** The `--json` document of DESIGN.md §4; extra detail lives under `final`. */
function replayJson(record: GcgRecord, report: ReplayReport, words: WordCheck) {
  const nick = (p: number): string => record.players[p]!.nick;
  return {
    ok: report.ok,
    moves: report.moves.map((m) => ({
      turn: m.turn,
      player: nick(m.player),
      coord: m.coord,
      word: m.word,
      score: m.score,
      stated: m.stated,
      ok: m.ok,
    })),
    final: {
      players: report.final.players.map((p) => ({
        player: p.nick,
        stated: p.stated,
        computed: p.computed,
        ok: p.ok,
      })),
      tileSet: report.tileSet,
      lexicon: record.lexicon ?? null,
      ending: report.final.ending,
      endedBy: report.final.endedBy === null ? null : record.players[report.final.endedBy]!.nick,
      claimedBy:
        report.final.claimedBy === null ? null : record.players[report.final.claimedBy]!.nick,
      convention: report.final.convention,
      pool: report.final.pool,
      mismatches: report.mismatches.map((m) => ({
        line: m.line,
        turn: m.turn,
        kind: m.kind,
        stated: m.stated,
        computed: m.computed,
        message: mismatchText(m, report.moves[m.turn - 1]!, record),
      })),
      warnings: report.warnings,
      words: {
        checked: words.checked,
        lexicon: words.lexicon,
        ...(words.reason !== undefined && { reason: words.reason }),
        invalid: report.invalidWords,
      },
    },
  };
}

function humanReport(
  file: string,
  record: GcgRecord,
  report: ReplayReport,
  words: WordCheck,
): string {
  const out: string[] = [];
  const nick = (p: number): string => record.players[p]!.nick;
  const title = record.title ? `«${record.title}» (${basename(file)})` : basename(file);
  const lex = record.lexicon ? `; léxico del archivo: ${record.lexicon}` : '';
  const names = record.players.map((p) => p.nick);
  const nicks = names.length === 2 ? names.join(' contra ') : spokenList(names);
  out.push(`Partida ${title}: ${nicks}; fichas: ${setName(report.tileSet)}${lex}.`, '');
  const nickWidth = Math.max(7, ...record.players.map((p) => [...p.nick].length));
  const pad = (s: string, n: number): string => s + ' '.repeat(Math.max(0, n - [...s].length));
  const num = (v: number | null, n: number): string => String(v ?? '').padStart(n);
  out.push(
    `turno línea ${pad('jugador', nickWidth)} ${pad('jugada', 20)} puntos consta  total consta`,
  );
  for (const m of report.moves) {
    const action = m.coord ? `${m.coord} ${m.word}` : m.word;
    out.push(
      `${num(m.turn, 5)} ${num(m.line, 5)} ${pad(nick(m.player), nickWidth)} ${pad(action, 20)} ${num(m.score, 6)} ${num(m.stated, 6)} ${num(m.total, 6)} ${num(m.statedTotal, 6)}${m.ok ? '' : '  NO CUADRA'}`,
    );
  }
  out.push('');
  if (report.mismatches.length) {
    out.push('Discrepancias:');
    for (const m of report.mismatches) {
      const where = m.line != null ? `línea ${m.line} (turno ${m.turn})` : `turno ${m.turn}`;
      out.push(`  ${where}: ${mismatchText(m, report.moves[m.turn - 1]!, record)}.`);
    }
    out.push('');
  }
  out.push('Totales:');
  for (const p of report.final.players) {
    out.push(
      `  ${p.nick}: consta ${p.stated ?? 'sin anotar'}, recalculado ${p.computed}${p.ok ? '' : ' — NO CUADRA'}`,
    );
  }
  const f = report.final;
  if (f.ending === 'out') {
    // E-05: the 1× adjustment is the FISE's; 2× is NASPA's two-player shortcut, same spread.
    const others =
      record.players.length > 2 ? 'de los demás, que restan las suyas' : 'del rival, que las resta';
    out.push(
      f.convention === '1x'
        ? `  Cierre: quien se queda sin fichas suma las ${others} (como manda la FISE).`
        : '  Cierre: quien se queda sin fichas suma el doble de las del rival, que no resta nada (como en la NASPA; la diferencia es la misma).',
    );
  } else if (f.ending === 'penalties') {
    out.push('  Cierre: cada jugador resta sus propias fichas (turnos sin puntuar).');
  } else if (f.ending === 'target') {
    out.push(
      `  Cierre: ${record.players[f.endedBy!]!.nick} llega a la puntuación final (fin de línea); los atriles no se ajustan.`,
    );
  } else if (f.ending === 'resign') {
    const who = record.players[f.endedBy!]!.nick;
    out.push(
      f.claimedBy === null
        ? `  Cierre: ${who} abandona la partida.`
        : `  Cierre: ${claimedText(record.players[f.claimedBy]!.nick, who)}`,
    );
  } else {
    out.push('  La partida no llega al final en el archivo.');
  }
  if (f.pool.checked) {
    out.push(
      f.pool.ok
        ? '  Fichas: las del tablero más las sobrantes son exactamente el juego completo.'
        : `  Fichas: las del tablero más las sobrantes no son el juego completo (faltan: ${f.pool.missing || 'ninguna'}; sobran: ${f.pool.extra || 'ninguna'}).`,
    );
  }
  for (const w of report.warnings) out.push(`  ${replayWarningText(w)}`);
  if (words.checked) {
    const src = words.lexicon === 'default' ? 'el léxico por defecto' : `«${words.lexicon}»`;
    if (report.invalidWords.length === 0) {
      out.push(`  Palabras: todas están en ${src}.`);
    } else {
      out.push(`  Palabras que no están en ${src} (no afectan al resultado):`);
      for (const w of report.invalidWords) {
        const where = w.line != null ? `línea ${w.line}` : `turno ${w.turn}`;
        out.push(`    ${where}: ${w.word}${w.withdrawn ? ' (retirada después)' : ''}`);
      }
    }
  } else {
    out.push(`  Palabras: no se comprueban (${words.reason}).`);
  }
  out.push('');
  const n = report.mismatches.length;
  const bad = f.players.filter((p) => !p.ok).length;
  out.push(
    report.ok
      ? 'Resultado: todo cuadra.'
      : `Resultado: no cuadra (${n} ${n === 1 ? 'discrepancia' : 'discrepancias'}${bad ? `, ${bad} ${bad === 1 ? 'total final distinto' : 'totales finales distintos'}` : ''}${f.pool.ok ? '' : ', fichas finales incompletas'}).`,
  );
  return out.join('\n') + '\n';
}
