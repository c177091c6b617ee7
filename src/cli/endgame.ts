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
import { PRESETS, type PresetName, type Rules, makeRules } from '../engine/rules.js';
import {
  BLANK_FLAG,
  EMPTY,
  fullDistribution,
  rackCount,
  rackFromTiles,
  rackValue,
  type TileSet,
  tileSetById,
  tilesToGcg,
} from '../engine/tiles.js';
import { openLexicon } from '../lexicon/index.js';
import { type EndgameIteration, type EndgameResult, lineEndsByRuns } from '../ai/endgame/solver.js';
import { mainWord } from '../ai/bestPlays.js';
import { EndgameRunner } from './endgameRunner.js';
import { runPreEndgame } from './preendgame.js';
import {
  lexiconMismatch,
  namedLexiconWarning,
  parseOptions,
  plainCount,
  plainPositive,
  threadsOption,
  tilesLanguage,
  usageError,
} from './args.js';
import { cgpErrorText, lexiconLoadErrorText } from '../play/errorText.js';
import { count, counted, decimal, signed } from './numbers.js';
import { LongTask } from './status.js';

/** An endgame position as `playedOut` reads it: board, both racks (the mover's first), scores. */
export interface LinePosition {
  readonly board: Uint8Array;
  readonly racks: readonly [Uint8Array, Uint8Array];
  readonly scores: readonly number[];
  /** Scoreless turns in a row so far, counted as passes too (as the search counts them). */
  readonly zeroTurns: number;
}

/**
 * A search's line played out from `pos`: each move with its main word, how the line ends (a
 * player out, the runs of passes, or `open` when it stops short of the end), what is left on
 * each rack and its value, and the final scores with the rack adjustment of that end (E-05).
 */
export function playedOut(res: EndgameResult, set: TileSet, rules: Rules, pos: LinePosition) {
  const racks = pos.racks;
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
    const main = mainWord(set, board, m);
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
      main,
    };
  });
  const rackPts = left.map((r) => rackValue(set, r));
  const outSeat = left.findIndex((r) => r.every((c) => c === 0));
  // How the line shown ends, exact or not: a line cut short by the search's horizon may still
  // reach the end of the game, by a player going out or by the runs of passes (E-02, E-03).
  // An exact line always reaches it.
  const runs = { passes: pos.zeroTurns, scoreless: pos.zeroTurns };
  const end: 'out' | 'passes' | 'open' =
    outSeat >= 0 ? 'out' : res.exact || lineEndsByRuns(res.line, rules, runs) ? 'passes' : 'open';
  const adjust = [0, 0];
  if (end === 'out') {
    const other = rackPts[outSeat ^ 1]!;
    if (rules.endRackScoring === 'naspa') adjust[outSeat] = 2 * other;
    else {
      adjust[outSeat] = other;
      adjust[outSeat ^ 1] = -other;
    }
  } else if (end === 'passes') {
    adjust[0] = -rackPts[0]!;
    adjust[1] = -rackPts[1]!;
  }
  const finalScores = [0, 1].map((s) => pos.scores[s]! + points[s]! + adjust[s]!);
  return { line, end, outSeat, rackPts, finalScores };
}

/** A real endgame for --help's example (LU against ADHPTTU), solved in a fraction of a second. */
const EXAMPLE =
  '7C3AYAS/6NASARDOS1/3L3N4DE1/3A3T1MIME2/3PReLuCID2E1/3O3[RR]1ZAFEN1/3N3ECO3C1/1V1AJO[CH]O2B2AD/' +
  '1A2U5A2BE/1Q2Ñ5G2O1/1U2I5U4/HETEA5E2G1/1I2SILEROS2R1/1S6EX3I1/9ENRO[LL]O LU/ADHPTTU 350/340 0';

export const endgameHelp = `Uso: atril endgame --cgp "POSICIÓN" [--rules PRESET] [--tiempo S] [--hilos N] [--top N] [--json] [--lexicon ARCHIVO]

Resuelve un final de partida: con la bolsa vacía y dos jugadores, busca la mejor secuencia de
jugadas para los dos hasta el final (incluidos los pases y el ajuste de los atriles) y muestra
la diferencia final. La posición CGP trae el atril del jugador que mueve primero; si no trae el
del rival, el rival tiene las fichas que no se ven. Los turnos sin puntos de la posición cuentan
como pases seguidos.

Con una ficha en la bolsa (un prefinal), prueba las --top jugadas de más puntos con cada ficha
que puede quedar en la bolsa, resuelve el final que sigue a cada una y las ordena por la
diferencia media hasta el final. Sin el atril del rival, la de la bolsa puede ser cualquiera de
las que no se ven; con él, es la que sobra.

  --cgp "POSICIÓN"    la posición en CGP, con todas las fichas en el tablero o en los atriles
                      (o una en la bolsa, para un prefinal); véase el ejemplo del final
  --rules PRESET      reglas: ${Object.keys(PRESETS).join(', ')} (fise por omisión)
  --tiempo S          límite en segundos; al agotarse muestra la secuencia de la búsqueda más
                      profunda terminada, marcada como no exacta (sin límite por omisión); en un
                      prefinal, para todos sus finales juntos (30 s por omisión: son decenas)
  --hilos N           hilos que buscan a la vez, de 1 a 64 (todos los núcleos por omisión: ${availableParallelism()})
  --top N             en un prefinal, cuántas jugadas probar (10 por omisión)
  --json              salida para programas: {"exact","value","finalScores","finalSpread",
                      "depth","nodes","ms","end","line":[{"player","coord","word","score"}]};
                      "player" 1 o 2, "coord" null y "word" «-» en un pase; "value" es la
                      diferencia que gana desde aquí el jugador que mueve; "end", cómo acaba la
                      secuencia: out, passes u open (no llega al final). En un prefinal:
                      {"preendgame":true,"candidates":[{"coord","word","score","value",
                      "exact"}],"evaluated","total","endgames","stopped","ms"}
  --lexicon ARCHIVO   usa otro léxico

En un terminal, la búsqueda muestra su avance en la salida de errores. Ctrl+C la detiene y
muestra lo encontrado hasta entonces (la mejor secuencia, como al agotarse --tiempo; en un
prefinal, las jugadas ya evaluadas); un segundo Ctrl+C sale sin más.

Ejemplo (un final real: LU contra ADHPTTU; con «LU/» en su lugar, el rival tiene las que no se ven):
  atril endgame --cgp "${EXAMPLE}"

Salida: 0 si todo va bien, 2 si la orden o la posición están mal escritas.`;

/**
 * The search's progress: the deepest iteration completed and its value (once the threads have
 * taken over from the first try), the time so far, and how to stop.
 */
class SearchProgress {
  private best: EndgameIteration | null = null;
  private t0 = Date.now();
  private readonly task: LongTask;

  constructor(stop: () => void) {
    this.task = new LongTask((tail) => {
      const secs = `${Math.floor((Date.now() - this.t0) / 1000)} s`;
      const found =
        this.best === null
          ? 'Buscando'
          : `Buscando: ${counted(this.best.depth, 'jugada')} de profundidad, diferencia ${signed(this.best.value)}`;
      return `${found} · ${secs} · ${tail}`;
    }, stop);
  }

  /** The threads start after the first thread's try alone (its deepest iteration shown). */
  readonly start = (quick: EndgameResult): void => {
    if (quick.depth > 0) this.step({ ...quick });
  };

  /** An iteration was completed (bound, to pass as a callback). */
  readonly step = (it: EndgameIteration): void => {
    this.best = it;
    this.t0 = Date.now() - it.ms;
    this.task.update();
  };

  /** Clears the line for the answer. */
  end(): void {
    this.task.end();
  }
}

/**
 * A pre-endgame's budget unless told: tens of endgames, some of which take minutes each to
 * solve exactly, so that an answer comes in a time a player waits for.
 */
const PREENDGAME_MS = 30_000;

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
      top: { type: 'string' },
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
    const s = plainPositive(values.tiempo);
    if (s === undefined)
      return fail(`--tiempo necesita un número de segundos mayor que 0, no «${values.tiempo}».`);
    timeMs = s * 1000;
  }
  const hilos = threadsOption(values.hilos);
  if (typeof hilos === 'string') return fail(hilos);
  const threads = hilos.threads ?? availableParallelism();
  const top = values.top === undefined ? 10 : plainCount(values.top);
  if (top === undefined || top < 1)
    return fail(`--top necesita un número entero mayor que 0, no «${values.top}».`);
  const parsed = parseCgp(values.cgp);
  if (!parsed.ok) return fail(cgpErrorText(parsed.error));
  const pos = parsed.value;
  if (pos.racks.length !== 2)
    return fail(`Un final se resuelve entre 2 jugadores y la posición tiene ${pos.racks.length}.`);
  const set = tileSetById(pos.tileSet);
  if (!set) return fail(`Juego de fichas desconocido: «${pos.tileSet}».`);
  if (pos.racks[0]!.length === 0)
    return fail('La posición no trae el atril del jugador que mueve (el primero).');
  const rules = makeRules(preset, {});
  if (rules.tileSet !== set.id)
    return fail(
      `La posición es de fichas del ${tilesLanguage(set)} y las reglas, del ${tilesLanguage(rules.tileSet)}.`,
    );
  const crowded = pos.racks.findIndex((r) => r.length > rules.rackSize);
  if (crowded >= 0)
    return fail(
      `El atril del jugador ${crowded + 1} tiene ${pos.racks[crowded]!.length} fichas y con las reglas «${preset}» caben ${rules.rackSize}.`,
    );
  // What the player to move cannot see: the opponent's rack and the bag (the CGP reader has
  // refused more of a tile than the set has).
  const unseen = fullDistribution(set);
  const given = pos.racks[1]!;
  // On the board EMPTY (0) is no tile; on a rack 0 is the blank (the same code).
  for (const t of pos.board) if (t !== EMPTY) unseen[(t & BLANK_FLAG) !== 0 ? 0 : t]!--;
  for (const t of [...pos.racks[0]!, ...given]) unseen[t]!--;
  const mine = rackFromTiles(set, pos.racks[0]!);
  const unseenCount = rackCount(unseen);
  // Without the opponent's rack, it is whatever is unseen beyond the bag's one tile or none.
  const inBag = given.length > 0 ? unseenCount : Math.max(0, unseenCount - rules.rackSize);
  if (inBag > 1)
    return fail(
      `La bolsa no está vacía: quedan ${inBag} fichas fuera del tablero y de los atriles (un final admite una como mucho).`,
    );
  const loaded = openLexicon(values.lexicon);
  if (!loaded.ok) return fail(lexiconLoadErrorText(loaded.error));
  if (loaded.value.set.id !== set.id)
    return fail(lexiconMismatch('La posición', set, loaded.value.set));
  const named = namedLexiconWarning('la posición', pos.lexicon, values.lexicon);
  if (named) process.stderr.write(named + '\n');
  if (hilos.warning) process.stderr.write(hilos.warning + '\n');
  if (inBag === 1) {
    // A known opponent's rack leaves one tile for the bag; an unknown one, any unseen tile.
    const theirs = rackFromTiles(set, given);
    const bag = given.length > 0 ? unseen.slice() : undefined;
    for (let t = 0; t < unseen.length; t++) unseen[t]! += theirs[t]!;
    return runPreEndgame({
      nodes: loaded.value.nodes,
      set,
      rules,
      lexicon: values.lexicon,
      threads,
      timeMs: timeMs ?? PREENDGAME_MS,
      top,
      json: values.json === true,
      position: { board: pos.board, rack: mine, unseen, bag },
    });
  }

  const racks: [Uint8Array, Uint8Array] = [
    mine,
    given.length > 0 ? rackFromTiles(set, given) : unseen,
  ];
  if (rackCount(racks[1]) === 0)
    return fail('El jugador que no mueve ya no tiene fichas: la partida ha terminado.');
  const position = { board: pos.board, racks, passes: pos.zeroTurns, scoreless: pos.zeroTurns };
  const runner = new EndgameRunner(loaded.value.nodes, set, values.lexicon, rules, threads);
  const progress = new SearchProgress(() => runner.interrupt());
  let res: EndgameResult;
  try {
    res = await runner.solve(position, {
      timeMs,
      onThreads: progress.start,
      onIteration: progress.step,
    });
  } finally {
    progress.end();
    await runner.close();
  }

  const { line, end, outSeat, rackPts, finalScores } = playedOut(res, set, rules, {
    board: pos.board,
    racks,
    scores: pos.scores,
    zeroTurns: pos.zeroTurns,
  });
  const finalSpread = finalScores[0]! - finalScores[1]!;

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
        end,
        line: line.map(({ main: _main, ...rest }) => rest),
      }) + '\n',
    );
    return 0;
  }
  const out: string[] = [];
  const seconds = decimal(res.ms / 1000);
  out.push(
    res.exact && res.line.length === 0
      ? 'La partida ya ha terminado en esta posición: no queda ninguna jugada.'
      : res.exact
        ? `Secuencia óptima (exacta; ${count(res.nodes)} posiciones examinadas en ${seconds} s):`
        : `Mejor secuencia encontrada en ${seconds} s (no exacta: la búsqueda llegó a ${counted(res.depth, 'jugada')} de profundidad):`,
  );
  line.forEach((l, k) => {
    const what =
      l.coord === null ? 'pasa' : `${l.coord} ${l.word} (${l.main}), ${counted(l.score, 'punto')}`;
    out.push(`${String(k + 1).padStart(3)}. Jugador ${l.player}: ${what}`);
  });
  if (end === 'out') {
    const other = rackPts[outSeat ^ 1]!;
    out.push(
      `Fin: el jugador ${outSeat + 1} se queda sin fichas y el atril del jugador ${2 - outSeat} vale ${counted(other, 'punto')}.`,
    );
  } else if (end === 'passes') {
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
