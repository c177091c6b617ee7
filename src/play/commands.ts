/**
 * The command table (UX.md §2.1): one entry per command, with its key, its words for the
 * command line, its help text, when it is available and what it does. The help screen, the
 * `?` answer and both clients' key handling are generated from this table.
 */
import {
  CHALLENGE_QUESTION_TEXT,
  clocksText,
  coordDir,
  endText,
  previewText,
  endReasonText,
  NO_OPENING_DRAW_TEXT,
  openingDrawText,
  rackAdjustText,
  resignationText,
  scoresText,
  targetText,
  turnRecordText,
  waitingSeatsText,
} from './messages.js';
import { parseExchangeText, parsePlayText } from './playText.js';
import { evaluatePlacement, placementOf } from '../engine/placement.js';
import type { Direction, PlaceMove, PlayResult } from '../engine/move.js';
import { SIZE } from '../engine/board.js';
import { EMPTY } from '../engine/tiles.js';
import { type Result, err, ok } from '../engine/result.js';
import { type PlayState, say, sayError } from './state.js';
import type { Announcement, HelpEntry, Mode, PlaySnapshot, Reaction } from './types.js';
import { formatCoord, parseCoord } from '../engine/notation/coords.js';
import type { HistoryRecord } from '../protocol/view.js';
import { wordSaid } from './speech.js';
import { onlineErrorText } from './errorText.js';

/** How a command was given: a single key, or a line typed in the command line. */
export type Via = 'key' | 'line';

/** One entry of the command table. */
export interface CommandSpec extends HelpEntry {
  /** Whether it can run now; when not, the core answers with `unavailable`. */
  readonly available: (st: PlayState) => boolean;
  /** The Spanish reason it is unavailable. */
  readonly unavailable?: (st: PlayState) => Reaction;
  /**
   * It changes only how the game is shown, never the play: a page's button may run it even
   * while a blank waits for its letter (Session.button).
   */
  readonly shownOnly?: true;
  /**
   * It reads what follows its word on the command line («ficha 3», «cambiar AEU»). Any other
   * command refuses words after it, rather than running without them: «pasar ahora» would
   * pass, and «ayuda cambiar» would not be the help the player asked for.
   */
  readonly takesArg?: true;
  readonly run: (st: PlayState, arg: string, via: Via) => Reaction;
}

const always = (): boolean => true;
const one = (a: ReturnType<typeof say>): Reaction => ({ say: [a] });

// A watcher has no rack: C and 1–9 say so rather than "Atril vacío", which reads as a rack.
const seated = (st: PlayState): boolean => st.view.seat !== null;
const needSeat = (): Reaction => one(say(onlineErrorText('NOT_SEATED'), 'error', 'error'));

// A watcher is told they only watch, not that it is not their turn (it never will be).
const needTurn = (st: PlayState): Reaction => {
  if (st.view.phase === 'over') return one(sayError(st.set, 'GAME_OVER'));
  return seated(st) ? one(sayError(st.set, 'NOT_YOUR_TURN')) : needSeat();
};

// Tiles are placed by someone seated, while the game lasts: a writing mode after the end (or
// for a watcher) would only lead to «No tienes la A en el atril».
const canWrite = (st: PlayState): boolean => seated(st) && st.view.phase !== 'over';
const cannotWrite = (st: PlayState): Reaction =>
  st.view.phase === 'over' ? one(sayError(st.set, 'GAME_OVER')) : needSeat();

function isWithdrawn(history: readonly HistoryRecord[], i: number): boolean {
  const rec = history[i]!;
  const next = history[i + 1];
  return rec.kind === 'play' && next?.kind === 'challenge' && !next.valid;
}

// Why no exchange is allowed now: the last play waits to be challenged or accepted (E-06), or
// the bag holds too few tiles.
function noExchange(st: PlayState): Reaction {
  if (st.view.phase === 'final-challenge')
    return one(sayError(st.set, 'FINAL_CHALLENGE_WINDOW', { linesOnly: st.linesOnly }));
  return one(sayError(st.set, 'BAG_TOO_SMALL_TO_EXCHANGE', { bag: st.view.bagCount }));
}

// The first of `tiles` the rack does not hold (repeats counted), or undefined when it holds all.
function missingTile(st: PlayState, tiles: readonly number[]): number | undefined {
  const pool = st.rackSlots().map((s) => st.slots[s]!);
  for (const t of tiles) {
    const k = pool.indexOf(t);
    if (k < 0) return t;
    pool.splice(k, 1);
  }
  return undefined;
}

function exchangeReaction(st: PlayState, tiles: number[]): Reaction {
  if (tiles.length === 0) return one(sayError(st.set, 'NOTHING_TO_EXCHANGE'));
  if (!st.view.canExchange) return noExchange(st);
  const t = missingTile(st, tiles);
  if (t !== undefined) {
    const needed = tiles.filter((x) => x === t).length;
    const have = st.rackSlots().filter((s) => st.slots[s] === t).length;
    return one(
      sayError(st.set, 'NOT_IN_RACK', needed > 1 ? { tiles: [t], needed, have } : { tiles: [t] }),
    );
  }
  return { say: [], intent: { kind: 'exchange', tiles } };
}

// A square named either way (UX.md §1): `H8` or `8H`, any case. For a play the order says the
// direction; a square has none, so both forms name the same one.
function squareOf(text: string): number | undefined {
  const c = parseCoord(text);
  return c && c.row * SIZE + c.col;
}

// `fila 8` / `columna H`: a line named by its number or letter, or the cursor's.
function lineCommand(st: PlayState, dir: Direction, arg: string): Reaction {
  const a = arg.trim().toUpperCase();
  if (!a) return one(st.lineText(dir));
  const row = dir === 'H' && /^\d{1,2}$/.test(a) ? Number(a) - 1 : -1;
  const col = dir === 'V' && /^[A-O]$/.test(a) ? a.charCodeAt(0) - 65 : -1;
  if (row >= 0 && row < SIZE) return one(st.lineText('H', row * SIZE));
  if (col >= 0) return one(st.lineText('V', col));
  return one(sayError(st.set, 'BAD_LINE', { text: arg.trim() }));
}

/** The whole command table, in the order the help lists it. */
export const COMMANDS: readonly CommandSpec[] = [
  {
    id: 'turno',
    keys: ['T'],
    names: ['turno'],
    help: '¿A quién le toca?',
    available: always,
    // While invitees are still missing, T says so: the game waits for them.
    run: (st) => {
      const waiting = waitingSeatsText(st.view);
      const turn = st.turnSentence(true);
      return one(say(waiting ? `${turn} ${waiting}` : turn, 'turn'));
    },
  },
  {
    id: 'marcador',
    keys: ['S'],
    names: ['marcador', 'puntos'],
    help: 'Ver las puntuaciones.',
    available: always,
    run: (st) => {
      const target = targetText(st.view);
      const scores = `${scoresText(st.view, st.byName)}.`;
      return one(say(target ? `${scores} ${target}` : scores, 'score'));
    },
  },
  {
    id: 'atril',
    keys: ['C'],
    names: ['atril'],
    help: 'Leer todas las fichas del atril en el orden elegido.',
    available: seated,
    unavailable: needSeat,
    run: (st) => one(say(st.rackText(), 'rack')),
  },
  {
    id: 'ficha',
    takesArg: true,
    keys: ['1–9'],
    names: ['ficha'],
    help: 'Leer la ficha n del atril con su valor («ficha 3» en la línea de órdenes).',
    lineHelp: 'Leer la ficha n del atril con su valor: «ficha 3» o «3».',
    available: seated,
    unavailable: needSeat,
    run: (st, arg) => {
      const n = Number(arg.trim());
      if (!Number.isInteger(n) || n < 1 || n > 9) return one(sayError(st.set, 'NO_SUCH_TILE'));
      return one(st.rackTileText(n));
    },
  },
  {
    id: 'orden',
    keys: ['I'],
    names: ['orden', 'ordenar'],
    help: 'Cambiar el orden del atril: de robo, alfabético, consonantes y luego vocales.',
    available: always,
    shownOnly: true,
    run: (st) => one(st.cycleOrder()),
  },
  {
    id: 'fin',
    takesArg: true,
    keys: ['F', 'Intro'],
    names: ['fin', 'terminar', 'jugar'],
    help: 'Terminar el turno: comprobar y enviar las fichas puestas (en modo cambio, confirmar el cambio).',
    lineHelp: '«jugar 8H casa» es lo mismo que «8H casa».',
    available: (st) => st.myTurn,
    unavailable: needTurn,
    run: (st, arg, via) => {
      if (via === 'line' && arg.trim()) return playLine(st, arg);
      if (st.mode === 'cambio') return exchangeReaction(st, st.selectedTiles());
      const r = st.finish();
      if (!r.ok) return one(r.error);
      return { say: [], intent: r.value };
    },
  },
  {
    id: 'cambiar',
    takesArg: true,
    keys: ['G'],
    names: ['cambiar', 'cambio'],
    help: 'Cambiar fichas: la primera G entra en modo cambio, la segunda (o Intro) confirma. En la línea de órdenes: «cambiar AEU».',
    lineHelp: 'Cambiar fichas: «cambiar AEU» («?» es el comodín).',
    available: (st) => st.myTurn,
    unavailable: needTurn,
    run: (st, arg, via) => {
      if (via === 'line' && arg.trim()) {
        const readings = parseExchangeText(st.set, arg);
        if (!readings.ok) return one(sayError(st.set, readings.error.code, readings.error));
        // `cambiar LL` with two L and no LL tile: the first reading the rack holds, else the
        // first one's refusal.
        const fits = readings.value.find((r) => missingTile(st, r) === undefined);
        return exchangeReaction(st, fits ?? readings.value[0]!);
      }
      if (st.mode === 'cambio') return exchangeReaction(st, st.selectedTiles());
      if (!st.view.canExchange) return noExchange(st);
      // Without keys there is no choosing tiles one by one: the tiles go on the same line.
      if (st.linesOnly)
        return one(
          say('Di qué fichas cambias: «cambiar AEU» («?» es el comodín).', 'error', 'error'),
        );
      return one(st.setMode('cambio'));
    },
  },
  {
    id: 'pasar',
    keys: ['P'],
    names: ['pasar', 'paso'],
    help: 'Pasar el turno (pide confirmación: pulsa P otra vez).',
    lineHelp: 'Pasar el turno.',
    available: (st) => st.myTurn,
    unavailable: needTurn,
    run: (st, _arg, via) => {
      if (via === 'line' || st.pendingPass) {
        st.pendingPass = false;
        return { say: [], intent: { kind: 'pass' } };
      }
      st.pendingPass = true;
      // E-06: at the end the pass is the acceptance of the last play, and is asked as such.
      const accepting = st.view.phase === 'final-challenge';
      return one(
        say(
          accepting ? '¿Aceptar la última jugada? Pulsa P otra vez.' : '¿Pasar? Pulsa P otra vez.',
          'prompt',
        ),
      );
    },
  },
  {
    id: 'horizontal',
    keys: ['H'],
    names: ['horizontal'],
    help: 'Modo de escritura horizontal desde el cursor.',
    lineHelp: null,
    available: canWrite,
    unavailable: cannotWrite,
    run: (st) => one(st.setMode('horizontal')),
  },
  {
    id: 'vertical',
    keys: ['V'],
    names: ['vertical'],
    help: 'Modo de escritura vertical desde el cursor.',
    lineHelp: null,
    available: canWrite,
    unavailable: cannotWrite,
    run: (st) => one(st.setMode('vertical')),
  },
  {
    id: 'navegacion',
    keys: ['N', 'Escape'],
    names: ['navegacion', 'navegar'],
    help: 'Modo de navegación (Escape vuelve siempre a él).',
    lineHelp: null,
    available: always,
    run: (st) => one(st.setMode('navegacion')),
  },
  {
    id: 'valor',
    takesArg: true,
    keys: ['Y'],
    names: ['valor', 'previa'],
    help: 'Ver el valor posible de la jugada en curso: palabras, puntos de cada una y total (sin comprobar las palabras). En la línea de órdenes: «valor 8H casa».',
    lineHelp: 'Ver los puntos de una jugada sin hacerla: «valor 8H casa».',
    available: always,
    run: (st, arg, via) => {
      if (via !== 'line' || !arg.trim()) return one(st.preview());
      const r = linePlay(st, arg);
      if (!r.ok) return r.error;
      return one(say(previewText(st.set, r.value.result, st.scoring.bingoBonus) + '.', 'preview'));
    },
  },
  {
    id: 'palabras',
    keys: ['L'],
    names: ['palabras', 'lista'],
    help: 'Lista de las palabras del tablero, en el orden en que se jugaron.',
    available: always,
    run: (st) => {
      const items: string[] = [];
      st.view.history.forEach((rec, i) => {
        if (rec.kind !== 'play' || isWithdrawn(st.view.history, i)) return;
        const [main, ...others] = rec.words.map((w) => wordSaid(st.set, w));
        const coord = formatCoord(rec);
        let item = `${main} en ${coord} ${coordDir(coord)}`;
        if (others.length) item += ` (y ${others.join(', ')})`;
        items.push(item);
      });
      if (items.length === 0) return one(say('No hay palabras en el tablero.', 'board'));
      const n = items.length;
      return one(say(`${n} ${n === 1 ? 'palabra' : 'palabras'}: ${items.join('; ')}.`, 'board'));
    },
  },
  {
    id: 'retirar',
    keys: ['Z'],
    names: ['retirar', 'deshacer'],
    help: 'Devolver al atril todas las fichas puestas en este turno.',
    lineHelp: null,
    available: always,
    run: (st) => one(st.takeBack()),
  },
  {
    id: 'ultima',
    keys: ['U'],
    names: ['ultima'],
    help: 'Última jugada: quién, coordenada, palabra y puntos.',
    available: always,
    run: (st) => {
      const rec = st.view.history[st.view.history.length - 1];
      if (!rec) return one(say('Todavía no se ha jugado nada.', 'play'));
      return one(say(turnRecordText(st.view, rec, st.detailed, false, st.byName), 'play'));
    },
  },
  {
    id: 'reloj',
    keys: ['R'],
    names: ['reloj', 'tiempo'],
    help: 'Tiempo que le queda a cada jugador.',
    available: always,
    run: (st) => {
      if (!st.view.clock) return one(say('Partida sin reloj.', 'clock'));
      return one(say(`${clocksText(st.view, st.now(), st.byName)}.`, 'clock'));
    },
  },
  {
    id: 'bolsa',
    keys: ['B'],
    names: ['bolsa'],
    help: 'Fichas en la bolsa y fichas que no has visto.',
    available: always,
    run: (st) => one(st.bagText()),
  },
  {
    id: 'casilla',
    takesArg: true,
    keys: ['O'],
    names: ['casilla'],
    help: 'Describir la casilla del cursor: coordenada, contenido, premio. «casilla H8» (u «8H») lleva el cursor allí.',
    lineHelp: 'Describir una casilla: «casilla H8» o «casilla 8H».',
    available: always,
    run: (st, arg) => {
      if (arg.trim()) {
        const sq = squareOf(arg);
        if (sq === undefined) return one(sayError(st.set, 'BAD_SQUARE', { text: arg.trim() }));
        return one(st.goTo(sq));
      }
      return one(st.squareText());
    },
  },
  {
    id: 'linea',
    keys: ['E'],
    names: ['linea'],
    help: 'Leer la fila del cursor (la columna en escritura vertical), resumida.',
    lineHelp: null,
    available: always,
    run: (st) => one(st.lineText()),
  },
  {
    id: 'fila',
    takesArg: true,
    keys: [],
    names: ['fila'],
    help: 'Leer una fila, resumida: «fila 8»; sin número, la de la última casilla elegida.',
    available: always,
    run: (st, arg) => lineCommand(st, 'H', arg),
  },
  {
    id: 'columna',
    takesArg: true,
    keys: [],
    names: ['columna'],
    help: 'Leer una columna, resumida: «columna H»; sin letra, la de la última casilla elegida.',
    available: always,
    run: (st, arg) => lineCommand(st, 'V', arg),
  },
  {
    id: 'impugnar',
    keys: ['D'],
    names: ['impugnar', 'dudar'],
    help: 'Impugnar la última jugada, si las reglas lo permiten (pide confirmación: pulsa D otra vez).',
    lineHelp: 'Impugnar la última jugada (si las reglas lo permiten).',
    available: (st) => st.view.canChallenge,
    unavailable: (st) => (seated(st) ? one(sayError(st.set, 'NOTHING_TO_CHALLENGE')) : needSeat()),
    // A key asks first, as P does: a stray D may cost the turn (double) or points (penalty).
    run: (st, _arg, via) => {
      if (via === 'line' || st.pendingChallenge) {
        st.pendingChallenge = false;
        return { say: [], intent: { kind: 'challenge' } };
      }
      st.pendingChallenge = true;
      return one(say(CHALLENGE_QUESTION_TEXT, 'prompt'));
    },
  },
  {
    id: 'sorteo',
    keys: [],
    names: ['sorteo'],
    help: 'Repetir el sorteo de salida: qué ficha sacó cada uno y por qué empezó quien empezó.',
    available: always,
    // Said once when the game starts (G-02); whoever missed it, or forgot it, asks again.
    run: (st) => one(say(openingDrawText(st.view, st.byName) ?? NO_OPENING_DRAW_TEXT, 'event')),
  },
  {
    id: 'repetir',
    keys: ['X'],
    names: ['repetir'],
    help: 'Repetir el último mensaje.',
    available: always,
    run: (st) => one(st.lastAnnouncement ?? say('Todavía no hay nada que repetir.', 'help')),
  },
  {
    id: 'ayuda',
    // ¿ is Shift+¡ on a Spanish keyboard, beside ?: whoever asks the Spanish way is asking too.
    keys: ['?', '¿', 'F1'],
    names: ['ayuda'],
    help: 'Ayuda del modo actual, con todas las teclas.',
    lineHelp: 'Esta lista de órdenes.',
    available: always,
    run: (st, _arg, via) => one(say(helpText(st, via), 'help')),
  },
  {
    id: 'ordenes',
    // The colon first: on a Spanish keyboard '/' is Shift+7, which the page reads as a digit.
    keys: [':', '/'],
    names: [],
    help: 'Abrir la línea de órdenes (turno, marcador, atril, pasar, cambiar AEU, 8H casa …). En un teclado español, los dos puntos son Mayúsculas y punto.',
    available: always,
    run: () => ({ say: [say('Línea de órdenes.', 'prompt')], openCommandLine: true }),
  },
  {
    id: 'detalle',
    keys: [],
    names: ['detalle', 'detallado', 'breve'],
    help: 'Mensajes breves o detallados («detalle» alterna).',
    available: always,
    shownOnly: true,
    run: (st, _arg) => {
      st.verbosity = st.verbosity === 'breve' ? 'detallado' : 'breve';
      return one(
        say(st.verbosity === 'breve' ? 'Mensajes breves.' : 'Mensajes detallados.', 'help'),
      );
    },
  },
  {
    id: 'fin-partida',
    keys: [],
    names: ['resultado'],
    help: 'Resultado de la partida, cuando ha terminado.',
    available: (st) => st.view.result !== null,
    unavailable: () => one(say('La partida sigue en juego.', 'score')),
    run: (st) => {
      const result = st.view.result!;
      // A resignation, or a game claimed from an absent player, says who and why: someone
      // opening the finished game later heard none of it.
      const why = resignationText(st.view, st.byName) || endReasonText(st.view, result);
      const adjust = rackAdjustText(st.view, result, st.byName);
      return {
        say: [why, adjust, endText(st.view, result, st.byName)]
          .filter((t) => t !== '')
          .map((t) => say(t, 'score')),
      };
    },
  },
];

/**
 * A command a renderer adds to the table (issue 9, item 7), e.g. the web client's
 * «descargar»: the session dispatches its key and words, the help lists it with the core's
 * commands, and X repeats what it said. It reads the play state only through the snapshot.
 */
export interface ClientCommand {
  readonly id: string;
  /** Hot-keys as the help shows them; a single upper-case letter is pressed without Shift. */
  readonly keys?: readonly string[];
  /** Command-line words, lower case without accents, the first the canonical one. */
  readonly names: readonly string[];
  /** Spanish help line. */
  readonly help: string;
  /** Its line-mode help, or null to leave it out of the line-mode help (absent: `help`). */
  readonly lineHelp?: string | null;
  /** Modes whose help lists it (every mode when absent). */
  readonly modes?: readonly Mode[];
  /** It reads words after its own on the command line (absent: it refuses them). */
  readonly takesArg?: boolean;
  /** Does the client's work; returns what to say. */
  readonly run: (snapshot: PlaySnapshot, arg: string, via: Via) => readonly Announcement[];
}

/**
 * The core's table followed by a client's own commands. A client command may not take a key
 * or a word the table already has: that is a programming error, thrown when the session is
 * made, so it cannot slip into a release.
 */
export function withClientCommands(extra: readonly ClientCommand[]): readonly CommandSpec[] {
  const keys = new Set(COMMANDS.flatMap((c) => c.keys));
  const names = new Set(COMMANDS.flatMap((c) => c.names));
  const ids = new Set(COMMANDS.map((c) => c.id));
  const out: CommandSpec[] = [...COMMANDS];
  for (const c of extra) {
    const clash = [
      ...(ids.has(c.id) ? [`id ${c.id}`] : []),
      ...(c.keys ?? []).filter((k) => keys.has(k)).map((k) => `key ${k}`),
      ...c.names.filter((n) => names.has(n)).map((n) => `word ${n}`),
    ];
    if (clash.length) throw new Error(`client command ${c.id} clashes: ${clash.join(', ')}`);
    (c.keys ?? []).forEach((k) => keys.add(k));
    c.names.forEach((n) => names.add(n));
    ids.add(c.id);
    out.push({
      id: c.id,
      keys: c.keys ?? [],
      names: c.names,
      help: c.help,
      ...(c.lineHelp !== undefined ? { lineHelp: c.lineHelp } : {}),
      ...(c.modes ? { modes: c.modes } : {}),
      ...(c.takesArg ? { takesArg: true as const } : {}),
      available: always,
      run: (st, arg, via) => ({ say: [...c.run(st.snapshot(), arg, via)] }),
    });
  }
  return out;
}

/** What the arrows and Shift keys do in each mode, for the help (UX.md §2.2). */
const MODE_HELP: Record<Mode, readonly string[]> = {
  navegacion: [
    'Flechas: mover el cursor. Inicio y Fin: principio y final de la fila. Control+Inicio: A1.',
    'Mayúsculas+letra: ir a la siguiente casilla con esa letra (otra vez: la siguiente).',
    'Mayúsculas+1 a 9: elegir o soltar la ficha n del atril para cambiarla (G).',
  ],
  horizontal: [
    'Flechas: mover el cursor sin poner fichas.',
    'Mayúsculas+letra: poner esa letra del atril en el cursor y avanzar a la derecha, saltando las casillas ocupadas. Mayúsculas+K: CH; Mayúsculas+W: RR; CH, LL y RR también con sus dos letras seguidas (Mayúsculas+C y Mayúsculas+H). Una letra que no tienes no se pone: el comodín, con Mayúsculas+número.',
    'Mayúsculas+1 a 9 (o Alt+1 a 9): poner la ficha n del atril (así se ponen comodines y dígrafos).',
    'Retroceso: quitar la última ficha puesta.',
  ],
  vertical: [
    'Flechas: mover el cursor sin poner fichas.',
    'Mayúsculas+letra: poner esa letra del atril en el cursor y bajar, saltando las casillas ocupadas. Mayúsculas+K: CH; Mayúsculas+W: RR; CH, LL y RR también con sus dos letras seguidas (Mayúsculas+C y Mayúsculas+H). Una letra que no tienes no se pone: el comodín, con Mayúsculas+número.',
    'Mayúsculas+1 a 9 (o Alt+1 a 9): poner la ficha n del atril (así se ponen comodines y dígrafos).',
    'Retroceso: quitar la última ficha puesta.',
  ],
  cambio: [
    'Flechas: no mueven el cursor en este modo.',
    'Mayúsculas+letra: elegir o soltar una ficha con esa letra.',
    'Mayúsculas+1 a 9: elegir o soltar la ficha n del atril.',
    'G o Intro: confirmar el cambio. Escape: volver a navegación.',
  ],
};

const KEY_NAMES: Record<string, string> = {
  ':': 'dos puntos',
  '?': 'interrogación',
  '¿': 'abrir interrogación',
};

/** The help for the current mode, generated from the table. */
function helpText(st: PlayState, via: Via = 'key'): string {
  const lines: string[] = [];
  if (via === 'line') {
    lines.push('Órdenes (una por línea):');
    lines.push('  8H casa: jugar CASA desde 8H en horizontal; H8 casa: en vertical.');
    lines.push(
      '    ch, ll y rr son las fichas dobles y n~ es la Ñ; con mayúsculas y minúsculas mezcladas, la minúscula es un comodín (8H CAsA); un punto o paréntesis aprovechan fichas del tablero.',
    );
    for (const c of st.commands) {
      const help = c.lineHelp === undefined ? c.help : c.lineHelp;
      if (c.names.length === 0 || help === null) continue;
      lines.push(`  ${c.names.join(', ')}: ${help}`);
    }
    return lines.join('\n');
  }
  lines.push(`Ayuda. ${st.modeName()}.`);
  lines.push(...MODE_HELP[st.mode]);
  for (const c of st.commands) {
    if (c.keys.length === 0) continue;
    if (c.modes && !c.modes.includes(st.mode)) continue;
    lines.push(`${c.keys.map((k) => KEY_NAMES[k] ?? k).join(' o ')}: ${c.help}`);
  }
  return lines.join('\n');
}

/** Finds the entry for a hot-key letter (upper case), if any, in `table`. */
export function commandForKey(
  letter: string,
  table: readonly CommandSpec[] = COMMANDS,
): CommandSpec | undefined {
  return table.find((c) => c.keys.includes(letter));
}

/** Finds the entry for a command-line word (accents and case ignored) in `table`. */
export function commandForName(
  word: string,
  table: readonly CommandSpec[] = COMMANDS,
): CommandSpec | undefined {
  const w = word
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
  return table.find((c) => c.names.includes(w));
}

/** Runs an entry, answering with its unavailable reason when it cannot run now. */
export function runCommand(st: PlayState, c: CommandSpec, arg: string, via: Via): Reaction {
  if (!c.available(st))
    return c.unavailable ? c.unavailable(st) : one(sayError(st.set, 'NOT_AVAILABLE'));
  return c.run(st, arg, via);
}

// A play typed on one line, parsed against the rack and placement-checked, or what to say.
function linePlay(
  st: PlayState,
  text: string,
): Result<{ move: PlaceMove; result: PlayResult }, Reaction> {
  const r = parsePlayText(st.set, st.board, st.slots, text);
  if (!r.ok) return err(one(sayError(st.set, r.error.code, r.error)));
  // Every square already holds its letter: the word is on the board, which says more than
  // «no has puesto ninguna ficha» to someone who typed a whole word.
  if (r.value.tiles.every((t) => t === EMPTY)) {
    const step = r.value.dir === 'H' ? 1 : SIZE;
    const start = r.value.row * SIZE + r.value.col;
    const word = r.value.tiles.map((_, k) => st.board[start + k * step]!);
    return err(
      one(sayError(st.set, 'ALREADY_ON_BOARD', { words: [word], text: formatCoord(r.value) })),
    );
  }
  const placed = placementOf(st.board, r.value);
  if (!placed.ok) return err(one(sayError(st.set, placed.error.code, placed.error)));
  const ev = evaluatePlacement(st.board, placed.value, st.set, st.scoring);
  if (!ev.ok) return err(one(sayError(st.set, ev.error.code, ev.error)));
  return ok({ move: r.value, result: ev.value });
}

/** A whole play typed on the command line (`8H casa`): parsed, placement-checked, submitted. */
export function playLine(st: PlayState, text: string): Reaction {
  if (!st.myTurn) return needTurn(st);
  const r = linePlay(st, text);
  if (!r.ok) return r.error;
  st.placed = [];
  st.pendingBlank = undefined;
  return { say: [], intent: r.value.move };
}
