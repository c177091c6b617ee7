/**
 * `atril best --cgp "CGP" [--top N] [--json] [--lexicon FILE]`: the best plays for a position
 * by equity (DESIGN.md §4). JSON: `[{"coord","word","score","equity",…}]`, best first, where
 * `word` is the play in GCG notation with `.` for each square played through (the squares'
 * letters are in `main`, the whole main word).
 */
import { parseCgp } from '../engine/notation/cgp.js';
import { parseLastPlay } from '../engine/notation/lastPlay.js';
import { cgpErrorText, lastPlayErrorText, lexiconLoadErrorText } from '../play/errorText.js';
import { tileSetById } from '../engine/tiles.js';
import { openLexicon } from '../lexicon/index.js';
import { NO_LEAVES } from '../ai/leave.js';
import { defaultLeaves } from '../ai/leaves.js';
import { bestPlays, positionRack } from '../ai/bestPlays.js';
import { DEFAULT_SAMPLES, EXCHANGE_SAMPLES, LeaveInference } from '../ai/sim/inference.js';
import {
  MAX_SEED,
  lexiconMismatch,
  namedLexiconWarning,
  parseOptions,
  plainCount,
  plainPositive,
  seedOption,
  threadsOption,
  usageError,
} from './args.js';
import { makeRules } from '../engine/rules.js';
import { type BestSimInference, runBestSim } from './bestSim.js';
import { decimal } from './numbers.js';

export const bestHelp = `Uso: atril best --cgp "POSICIÓN" [--top N] [--sim [--tiempo S] [--ultima "JUGADA"]] [--json] [--lexicon ARCHIVO]

Muestra las mejores jugadas para el jugador que tiene el turno en una posición CGP (tablero,
atriles, puntuaciones y turnos sin puntos), ordenadas por equidad: puntos más el valor de las
fichas que se quedan en el atril (con la bolsa vacía, los puntos del final de partida).

  --cgp "POSICIÓN"    la posición, p. ej. "15/15/15/15/15/15/15/7CASA4/15/15/15/15/15/15/15 AEINRST/ 0/14 0"
  --top N             cuántas jugadas (10 por omisión; 0 = todas)
  --json              salida para programas: [{"coord","word","score","equity"}], la mejor primero;
                      "word" en notación GCG con «.» por cada casilla ya ocupada. Además:
                      "kind" (place, exchange o pass); en las colocaciones, "main" (la palabra
                      entera) y "tiles" (fichas que salen del atril). Cambio: "coord" null y
                      "word" «-» seguido de las fichas («?» el comodín); pasar: null y «-».
  --sim               simula las mejores jugadas (las --top primeras por equidad; 10 por omisión)
                      unas jugadas adelante con atriles del rival sacados de las fichas que no
                      se ven, en todos los núcleos, y las ordena por probabilidad de ganar y
                      diferencia media desde ahora (la de la partida aparte); para antes si
                      la mejor queda clara. En JSON:
                      {"iterations","stoppedEarly","ms","candidates":[{…,"winProb",
                      "meanSpread","stdError","iterations"}],"chosen"}; "chosen" es la
                      jugada que haría el nivel campeon: la de más equidad salvo que otra la
                      supere con claridad en las mismas extracciones
  --tiempo S          con --sim, segundos como máximo (10 por omisión)
  --iteraciones N     con --sim, iteraciones como máximo (1000 por omisión)
  --hilos N           con --sim, hilos de trabajo, de 1 a 64 (todos los núcleos por omisión)
  --seed S            con --sim, semilla, un entero de 0 a ${MAX_SEED} (1 por omisión):
                      misma semilla, mismo resultado
  --ultima "JUGADA"   con --sim y dos jugadores, la última jugada del rival, ya en el tablero,
                      en notación GCG («8H CA.A»: sus letras son las fichas que puso, cada «.»
                      una que ya estaba): de ella se deduce qué fichas guardó, como hace el
                      nivel campeon, y la simulación le reparte atriles que las tienen. En JSON,
                      "inference": {"play","score","samples","kept","leaves":[{"leave","share"}]}.
                      Un cambio del rival se escribe --ultima=-3 (o --ultima=-ABC): se deduce
                      qué guardó de los atriles enteros que lo harían su mejor jugada, y en
                      JSON "inference" lleva además "exchanged"
  --lexicon ARCHIVO   usa otro léxico (compilado con «atril lexicon build»)

Con --sim en un terminal, una barra en la salida de errores muestra las iteraciones hechas, y
Ctrl+C para la simulación y ordena las jugadas con las iteraciones que ya se han hecho; un
segundo Ctrl+C sale sin más.

Salida: 0 si todo va bien, 2 si la orden o la posición están mal escritas.`;

function fail(message: string): number {
  return usageError('best', message);
}

/** Runs `atril best`. */
export async function runBest(args: string[]): Promise<number> {
  const opts = parseOptions({
    args,
    options: {
      cgp: { type: 'string' },
      top: { type: 'string' },
      json: { type: 'boolean' },
      lexicon: { type: 'string' },
      sim: { type: 'boolean' },
      tiempo: { type: 'string' },
      iteraciones: { type: 'string' },
      hilos: { type: 'string' },
      seed: { type: 'string' },
      ultima: { type: 'string' },
    },
  });
  if (!opts.ok) return fail(opts.error);
  const { values } = opts.value;
  if (values.cgp === undefined) return fail('Falta la posición: --cgp "…".');
  const simNumber = (name: string, text: string | undefined, fallback: number) => {
    if (text === undefined) return fallback;
    return plainPositive(text) ?? `${name} necesita un número mayor que 0, no «${text}».`;
  };
  const seconds = simNumber('--tiempo', values.tiempo, 10);
  const iterations = simNumber('--iteraciones', values.iteraciones, 1000);
  const seed = seedOption(values.seed, 1);
  for (const v of [seconds, iterations, seed]) if (typeof v === 'string') return fail(v);
  const threads = threadsOption(values.hilos);
  if (typeof threads === 'string') return fail(threads);
  const top = values.top === undefined ? 10 : plainCount(values.top);
  if (top === undefined) return fail(`--top necesita un número entero ≥ 0, no «${values.top}».`);
  const parsed = parseCgp(values.cgp);
  if (!parsed.ok) return fail(cgpErrorText(parsed.error));
  const pos = parsed.value;
  const set = tileSetById(pos.tileSet);
  if (!set) return fail(`Juego de fichas desconocido: «${pos.tileSet}».`);
  const loaded = openLexicon(values.lexicon);
  if (!loaded.ok) return fail(lexiconLoadErrorText(loaded.error));
  const lex = loaded.value;
  if (lex.set.id !== set.id) return fail(lexiconMismatch('La posición', set, lex.set));
  const named = namedLexiconWarning('la posición', pos.lexicon, values.lexicon);
  if (named) process.stderr.write(named + '\n');
  const rackTiles = pos.racks[0] ?? [];
  if (rackTiles.length === 0) return fail('La posición no trae el atril del jugador que mueve.');
  // A CGP does not say the rules: a rack of 8 or 9 can only be the «9 fichas» variant's (V-01),
  // whose bonus a play of 7 to 9 tiles earns. Said, not assumed silently.
  const standard = makeRules('fise').rackSize;
  const nine = rackTiles.length > standard;
  if (nine)
    process.stderr.write(
      `Aviso: el atril tiene ${rackTiles.length} fichas, más de ${standard}: se juega como en la variante «9 fichas».\n`,
    );
  // The simulation's own options say nothing without it: refused rather than ignored.
  if (!values.sim) {
    const simOnly = (['tiempo', 'iteraciones', 'hilos', 'seed', 'ultima'] as const).find(
      (k) => values[k] !== undefined,
    );
    if (simOnly) return fail(`--${simOnly} solo sirve con --sim.`);
  }
  if (values.ultima !== undefined && pos.racks.length > 2)
    return fail('--ultima solo sirve con dos jugadores: la posición trae más atriles.');

  if (values.sim) {
    const { rack, bagCount, unseen } = positionRack(set, pos);
    // With the bag empty and two players each knows the other's rack: a simulation would only
    // estimate, with made-up odds, what the endgame solver proves.
    if (bagCount === 0 && pos.racks.length <= 2)
      return fail(
        'Con la bolsa vacía no hay nada que simular: cada uno sabe qué fichas tiene el otro. ' +
          'El final exacto lo calcula «atril endgame --cgp "…"», con la misma posición.',
      );
    const rules = makeRules('fise', { tileSet: set.id, ...(nine && { rackSize: 9 }) });
    const leaves = set.id === 'spanish' ? defaultLeaves() : NO_LEAVES;
    let inference: BestSimInference | undefined;
    if (values.ultima !== undefined) {
      const last = parseLastPlay(set, pos.board, values.ultima, rules);
      if (!last.ok) return fail(lastPlayErrorText(last.error, set));
      const play = last.value;
      const inferrer = new LeaveInference(lex.nodes, set, rules, leaves);
      // The seed the simulation is given: the same one gives the same leaves.
      const s = seed as number;
      const text = values.ultima.trim().split(/\s+/).join(' ');
      inference =
        play.kind === 'place'
          ? {
              play: text,
              score: play.score,
              samples: DEFAULT_SAMPLES,
              kept: inferrer.infer(
                { board: play.before, tiles: play.placed.map((p) => p.tile), score: play.score },
                unseen,
                bagCount,
                s,
              ),
            }
          : {
              play: text,
              score: 0,
              exchanged: play.count,
              samples: EXCHANGE_SAMPLES,
              kept: inferrer.inferExchange(pos.board, play.count, unseen, bagCount, s),
            };
    }
    if (threads.warning) process.stderr.write(threads.warning + '\n');
    return runBestSim({
      set,
      rules,
      nodes: lex.nodes,
      lexicon: values.lexicon,
      leaves,
      pos: {
        board: pos.board,
        rack,
        unseen,
        bagCount,
        spread: (pos.scores[0] ?? 0) - (pos.scores[1] ?? 0),
        oppLeaves: inference?.kept ?? [],
      },
      inference,
      top: values.top === undefined ? 10 : top,
      seconds: seconds as number,
      iterations: Math.floor(iterations as number),
      threads: threads.threads,
      seed: seed as number,
      json: values.json === true,
    });
  }
  const entries = bestPlays(lex.nodes, set, pos, top);
  if (values.json) {
    process.stdout.write(JSON.stringify(entries) + '\n');
    return 0;
  }
  if (entries.length === 0) process.stdout.write('No hay ninguna jugada posible.\n');
  entries.forEach((e, k) => {
    const what =
      e.kind === 'place'
        ? `${e.coord} ${e.word} (${e.main}), ${e.score} puntos`
        : e.kind === 'exchange'
          ? `cambiar ${e.word.slice(1)}`
          : 'pasar';
    process.stdout.write(`${String(k + 1).padStart(3)}. ${what}; equidad ${decimal(e.equity)}\n`);
  });
  return 0;
}
