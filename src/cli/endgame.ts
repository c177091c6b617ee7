/**
 * `atril endgame --cgp "CGP" [--rules PRESET] [--tiempo S] [--hilos N] [--json] [--lexicon FILE]`:
 * the exact best sequence of an endgame (bag empty, two players, both racks in the CGP) and the
 * final spread, from the endgame solver (src/ai/endgame), on every core unless told otherwise.
 */
import { availableParallelism } from 'node:os';
import { SIZE } from '../engine/board.js';
import type { PlaceMove } from '../engine/move.js';
import { formatCoord } from '../engine/notation/coords.js';
import { parseCgp } from '../engine/notation/cgp.js';
import { PRESETS, type PresetName, makeRules } from '../engine/rules.js';
import {
  BLANK_FLAG,
  EMPTY,
  rackFromTiles,
  rackValue,
  tileSetById,
  tilesToGcg,
} from '../engine/tiles.js';
import { openLexicon } from '../lexicon/index.js';
import { ParallelEndgameSolver } from '../ai/endgame/parallel.js';
import { type EndgameIteration, type EndgameResult, EndgameSolver } from '../ai/endgame/solver.js';
import { parseOptions, plainCount, usageError } from './args.js';
import { cgpErrorText, lexiconLoadErrorText } from '../play/errorText.js';
import { count, counted, decimal } from './numbers.js';
import { StatusLine, stopOnCtrlC } from './status.js';

export const endgameHelp = `Uso: atril endgame --cgp "POSICIÓN" [--rules PRESET] [--tiempo S] [--hilos N] [--json] [--lexicon ARCHIVO]

Resuelve un final de partida: con la bolsa vacía y dos jugadores, busca la mejor secuencia de
jugadas para los dos hasta el final (incluidos los pases y el ajuste de los atriles) y muestra
la diferencia final. La posición CGP debe traer los dos atriles, el del jugador que mueve
primero; sus turnos sin puntos cuentan como pases seguidos.

  --cgp "POSICIÓN"    la posición, p. ej. "15/15/15/15/15/15/15/3CASA8/15/15/15/15/15/15/15 XS/ÑE 300/310 0"
  --rules PRESET      reglas: ${Object.keys(PRESETS).join(', ')} (fise por omisión)
  --tiempo S          límite en segundos; al agotarse muestra la secuencia de la búsqueda más
                      profunda terminada, marcada como no exacta (sin límite por omisión)
  --hilos N           hilos que buscan a la vez (todos los núcleos por omisión: ${availableParallelism()})
  --json              salida para programas: {"exact","value","finalScores","finalSpread",
                      "depth","nodes","ms","end","line":[{"player","coord","word","score"}]};
                      "player" 1 o 2, "coord" null y "word" «-» en un pase; "value" es la
                      diferencia que gana desde aquí el jugador que mueve; "end" out, passes u open
  --lexicon ARCHIVO   usa otro léxico

En un terminal, la búsqueda muestra su avance en la salida de errores: la profundidad terminada
y su diferencia. Ctrl+C la detiene y muestra la mejor secuencia encontrada hasta entonces,
como al agotarse --tiempo; un segundo Ctrl+C sale sin más.

Salida: 0 si todo va bien, 2 si la orden o la posición están mal escritas.`;

/** How long one thread tries alone before every thread searches (most endgames need less). */
const QUICK_MS = 100;

/**
 * The search's progress on a terminal's stderr, one line rewritten in place: the deepest
 * iteration completed and its value, the time so far, and how to stop.
 */
class SearchProgress {
  private readonly line = new StatusLine();
  private best: EndgameIteration | null = null;
  private t0 = Date.now();
  private ticker: ReturnType<typeof setInterval> | null = null;
  private halting = false;

  /** The threads start after the first thread's try alone (its deepest iteration shown). */
  start(quick: EndgameResult): void {
    this.t0 = Date.now() - quick.ms;
    if (quick.depth > 0) this.best = { ...quick };
    this.ticker = setInterval(() => this.show(), 1000);
    this.show();
  }

  /** An iteration was completed (bound, to pass as a callback). */
  readonly step = (it: EndgameIteration): void => {
    this.best = it;
    this.t0 = Date.now() - it.ms;
    this.show();
  };

  /** Ctrl+C was pressed. */
  stopping(): void {
    this.halting = true;
    this.show();
  }

  /** Clears the line for the answer. */
  end(): void {
    if (this.ticker !== null) clearInterval(this.ticker);
    this.line.clear();
  }

  private show(): void {
    const secs = `${Math.floor((Date.now() - this.t0) / 1000)} s`;
    const found =
      this.best === null
        ? 'Buscando'
        : `Buscando: ${counted(this.best.depth, 'jugada')} de profundidad, diferencia ${signed(this.best.value)}`;
    const tail = this.halting ? 'parando…' : 'Ctrl+C para parar';
    this.line.show(`${found} · ${secs} · ${tail}`);
  }
}

/** A spread with its sign: +12, -3, 0. */
function signed(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}

function fail(message: string): number {
  return usageError('endgame', message);
}

/** Runs `atril endgame`. */
export async function runEndgame(args: string[]): Promise<number> {
  const opts = parseOptions({
    args,
    options: {
      cgp: { type: 'string' },
      rules: { type: 'string' },
      tiempo: { type: 'string' },
      hilos: { type: 'string' },
      json: { type: 'boolean' },
      lexicon: { type: 'string' },
    },
  });
  if (!opts.ok) return fail(opts.error);
  const { values } = opts.value;
  if (values.cgp === undefined) return fail('Falta la posición: --cgp "…".');
  const preset = (values.rules ?? 'fise') as PresetName;
  if (!(preset in PRESETS))
    return fail(
      `Reglas desconocidas: «${values.rules}». Opciones: ${Object.keys(PRESETS).join(', ')}.`,
    );
  let timeMs: number | undefined;
  if (values.tiempo !== undefined) {
    const s = Number(values.tiempo);
    if (!/^\d+(\.\d+)?$/.test(values.tiempo) || !(s > 0))
      return fail(`--tiempo necesita un número de segundos mayor que 0, no «${values.tiempo}».`);
    timeMs = s * 1000;
  }
  const threads = values.hilos === undefined ? availableParallelism() : plainCount(values.hilos);
  if (threads === undefined || threads < 1)
    return fail(`--hilos necesita un número entero mayor que 0, no «${values.hilos}».`);
  const parsed = parseCgp(values.cgp);
  if (!parsed.ok) return fail(cgpErrorText(parsed.error));
  const pos = parsed.value;
  if (pos.racks.length !== 2)
    return fail(`Un final se resuelve entre 2 jugadores y la posición tiene ${pos.racks.length}.`);
  const set = tileSetById(pos.tileSet);
  if (!set) return fail(`Juego de fichas desconocido: «${pos.tileSet}».`);
  if (pos.racks.some((r) => r.length === 0))
    return fail('La posición debe traer los dos atriles (el del jugador que mueve, primero).');
  let onBoard = 0;
  for (const t of pos.board) if (t !== EMPTY) onBoard++;
  const inBag = set.size - onBoard - pos.racks[0]!.length - pos.racks[1]!.length;
  if (inBag > 0)
    return fail(
      `La bolsa no está vacía: ${inBag === 1 ? 'queda 1 ficha' : `quedan ${inBag} fichas`} fuera del tablero y de los atriles.`,
    );
  const rules = makeRules(preset, {});
  if (rules.tileSet !== set.id)
    return fail(`La posición usa fichas «${set.id}» y las reglas «${rules.tileSet}».`);
  const loaded = openLexicon(values.lexicon);
  if (!loaded.ok) return fail(lexiconLoadErrorText(loaded.error));
  if (loaded.value.set.id !== set.id)
    return fail(`La posición usa fichas «${set.id}» y el léxico «${loaded.value.set.id}».`);

  const racks: [Uint8Array, Uint8Array] = [
    rackFromTiles(set, pos.racks[0]!),
    rackFromTiles(set, pos.racks[1]!),
  ];
  const position = { board: pos.board, racks, passes: pos.zeroTurns, scoreless: pos.zeroTurns };
  const solver = new EndgameSolver(loaded.value.nodes, set, rules);
  const progress = process.stderr.isTTY === true ? new SearchProgress() : null;
  let res: EndgameResult;
  // Most endgames take milliseconds: one thread tries first, here, and only an endgame it does
  // not solve in that moment goes to the threads, which leave this one free to show the search's
  // progress and to hear Ctrl+C.
  const quickMs = Math.min(QUICK_MS, timeMs ?? Infinity);
  const quick = solver.solve(position, { timeMs: quickMs });
  if (quick.exact || quickMs === timeMs) res = quick;
  else {
    const parallel = new ParallelEndgameSolver(values.lexicon, rules, threads);
    const release = stopOnCtrlC(() => {
      progress?.stopping();
      parallel.interrupt();
    });
    progress?.start(quick);
    try {
      const rest = timeMs === undefined ? undefined : Math.max(1, timeMs - quick.ms);
      const full = await parallel.solve(position, {
        timeMs: rest,
        onIteration: progress
          ? (step) => progress.step({ ...step, ms: step.ms + quick.ms })
          : undefined,
      });
      // An interrupted solve that had not finished its first iteration yet: the quick one's.
      res =
        full.depth >= quick.depth
          ? { ...full, nodes: full.nodes + quick.nodes, ms: full.ms + quick.ms }
          : { ...quick, nodes: full.nodes + quick.nodes, ms: full.ms + quick.ms };
    } finally {
      release();
      progress?.end();
      await parallel.close();
    }
  }

  // The line played out: points per player, then the end and its rack adjustment (E-05).
  const board = pos.board.slice();
  const left = [racks[0].slice(), racks[1].slice()];
  const points = [0, 0];
  const line = res.line.map((step) => {
    const p = step.player;
    points[p]! += step.score;
    if (step.move.kind !== 'place')
      return { player: p + 1, coord: null, word: '-', score: 0, main: null as string | null };
    const m: PlaceMove = step.move;
    const sq = (k: number) => m.row * SIZE + m.col + k * (m.dir === 'H' ? 1 : SIZE);
    const full = m.tiles.map((t, k) => (t === EMPTY ? board[sq(k)]! : t));
    m.tiles.forEach((t, k) => {
      if (t === EMPTY) return;
      board[sq(k)] = t;
      left[p]![(t & BLANK_FLAG) !== 0 ? 0 : t]!--;
    });
    return {
      player: p + 1,
      coord: formatCoord(m),
      word: tilesToGcg(set, m.tiles),
      score: step.score,
      main: tilesToGcg(set, full),
    };
  });
  const rackPts = left.map((r) => rackValue(set, r));
  const outSeat = left.findIndex((r) => r.every((c) => c === 0));
  const end: 'out' | 'passes' | 'open' =
    outSeat >= 0 ? 'out' : res.exact || res.line.length > 0 ? 'passes' : 'open';
  const adjust = [0, 0];
  if (end === 'out') {
    const other = rackPts[outSeat ^ 1]!;
    if (rules.endRackScoring === 'naspa') adjust[outSeat] = 2 * other;
    else {
      adjust[outSeat] = other;
      adjust[outSeat ^ 1] = -other;
    }
  } else if (end === 'passes' && res.exact) {
    adjust[0] = -rackPts[0]!;
    adjust[1] = -rackPts[1]!;
  }
  const finalScores = [0, 1].map((s) => pos.scores[s]! + points[s]! + adjust[s]!);
  const finalSpread = finalScores[0]! - finalScores[1]!;
  const endKind = res.exact ? end : 'open';

  if (values.json) {
    process.stdout.write(
      JSON.stringify({
        exact: res.exact,
        value: res.value,
        finalScores,
        finalSpread,
        depth: res.depth,
        nodes: res.nodes,
        ms: res.ms,
        end: endKind,
        line: line.map(({ main: _main, ...rest }) => rest),
      }) + '\n',
    );
    return 0;
  }
  const out: string[] = [];
  const seconds = decimal(res.ms / 1000);
  out.push(
    res.exact
      ? `Secuencia óptima (exacta; ${count(res.nodes)} posiciones examinadas en ${seconds} s):`
      : `Mejor secuencia encontrada en ${seconds} s (no exacta: la búsqueda llegó a ${counted(res.depth, 'jugada')} de profundidad):`,
  );
  line.forEach((l, k) => {
    const what =
      l.coord === null ? 'pasa' : `${l.coord} ${l.word} (${l.main}), ${counted(l.score, 'punto')}`;
    out.push(`${String(k + 1).padStart(3)}. Jugador ${l.player}: ${what}`);
  });
  if (endKind === 'out') {
    const other = rackPts[outSeat ^ 1]!;
    out.push(
      `Fin: el jugador ${outSeat + 1} se queda sin fichas y el atril del jugador ${2 - outSeat} vale ${counted(other, 'punto')}.`,
    );
  } else if (endKind === 'passes') {
    out.push(
      `Fin por pases: el jugador 1 resta ${counted(rackPts[0]!, 'punto')} y el jugador 2, ${counted(rackPts[1]!, 'punto')}.`,
    );
  }
  if (res.exact) {
    out.push(
      `Diferencia ganada desde aquí por el jugador 1: ${signed(res.value)}.`,
      `Resultado final: ${finalScores[0]} a ${finalScores[1]} (diferencia ${signed(finalSpread)}).`,
    );
  } else {
    // The line stops short of the end: its scores and the search's estimate are told apart.
    const spread = pos.scores[0]! - pos.scores[1]! + res.value;
    out.push(
      `Diferencia estimada desde aquí para el jugador 1: ${signed(res.value)}.`,
      `Tras la secuencia mostrada: ${finalScores[0]} a ${finalScores[1]}; diferencia final estimada: ${signed(spread)}.`,
    );
  }
  process.stdout.write(out.join('\n') + '\n');
  return 0;
}
