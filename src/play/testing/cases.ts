/**
 * The expected announcement of every command and key in fixed positions, as data, so that each
 * renderer of the core (the terminal now, the web later) is checked against the same table.
 *
 * Steps: 'c' is the C key, 'S' (upper case) is Shift+S, 'Shift+3' is Shift with the physical
 * digit 3, 'Shift+7 as /' the same key typing '/' (a Spanish layout), '& unsure 76' a symbol a
 * client cannot map to one physical digit (a terminal's `&`: Shift+7 or Shift+6), 'Ctrl+Home', 'Enter', 'ArrowUp' … are named keys, and '> texto' is a command line.
 */
import type { KeyInput } from '../types.js';
import type { ViewSpec } from './views.js';

/** One row of the table. */
export interface AnnouncementCase {
  /** The command-table id (or key behaviour) the row covers. */
  readonly id: string;
  readonly title: string;
  readonly position: ViewSpec;
  /** Steps before the one under test; their output is not checked. */
  readonly before?: readonly string[];
  readonly step: string;
  /** The announcements of the step, in order (exact text). */
  readonly says?: readonly string[];
  /** Or: the first announcement starts with this. */
  readonly startsWith?: string;
  /** The move the step asks the client to submit, as JSON. */
  readonly intent?: unknown;
  readonly openCommandLine?: boolean;
}

/** CASA at 8H by the viewer, PESA down from K5 by Ana; the viewer holds A E R ? CH S L. */
export const MIDGAME: ViewSpec = {
  turns: [
    [0, '8H', 'CASA'],
    [1, 'K5', 'PES.'],
  ],
  rack: 'AER?[CH]SL',
  clocksMs: [760_000, 545_000],
  bag: 84,
};

const ANA_TO_MOVE: ViewSpec = { ...MIDGAME, toMove: 1 };
const UNTIMED: ViewSpec = { ...MIDGAME, clocksMs: undefined } as ViewSpec;
/** As MIDGAME, but both plays hold a blank: CAsA by the viewer, PEsA by Ana (item 8). */
const BLANKED: ViewSpec = {
  ...MIDGAME,
  turns: [
    [0, '8H', 'CAsA'],
    [1, 'K5', 'PEs.'],
  ],
};
const DIGRAPHS: ViewSpec = { ...MIDGAME, rack: '[CH][LL][RR]LÑ?E' };
const OPENING: ViewSpec = { rack: 'CASAEL?', bag: 86 };
const FINISHED: ViewSpec = { ...MIDGAME, end: { scores: [300, 250], winners: [0] } };
/** Ana 1:30 over a 25-minute clock: two started minutes (TM-02). */
const ANA_OVER: ViewSpec = { ...MIDGAME, clocksMs: [760_000, -90_000] };
/** The viewer lost 30 points for overtime; the scores already include it (TM-02). */
const FINISHED_LATE: ViewSpec = {
  ...MIDGAME,
  end: { scores: [270, 250], winners: [0], timePenalty: [30, 0] },
};

/** Parses a step written as in the table into a key event (undefined for a command line). */
export function keyOfStep(step: string): KeyInput | undefined {
  if (step.startsWith('> ')) return undefined;
  const typed = /^Shift\+([1-9]) as (.)$/.exec(step);
  if (typed) return { key: typed[2]!, code: `Digit${typed[1]}`, shift: true };
  const unsure = /^(.) unsure ([1-9]+)$/.exec(step);
  if (unsure) return { key: unsure[1]!, shift: true, digits: [...unsure[2]!].map(Number) };
  const digit = /^Shift\+([1-9])$/.exec(step);
  if (digit) return { key: digit[1]!, code: `Digit${digit[1]}`, shift: true };
  if (step === 'Ctrl+Home') return { key: 'Home', ctrl: true };
  if (step === 'Ctrl+End') return { key: 'End', ctrl: true };
  if ([...step].length === 1) {
    const code = /^[1-9]$/.test(step) ? `Digit${step}` : undefined;
    const shift = step !== step.toLowerCase();
    return code ? { key: step, code, shift } : { key: step, shift };
  }
  return { key: step };
}

/** Every row; at least one per entry of the command table. */
export const ANNOUNCEMENT_CASES: readonly AnnouncementCase[] = [
  // ── Command keys (UX.md §2.3) ──
  { id: 'turno', title: 'T on your turn', position: MIDGAME, step: 't', says: ['Tu turno.'] },
  { id: 'turno', title: "T on Ana's turn", position: ANA_TO_MOVE, step: 't', says: ['Turno de Ana.'] },
  { id: 'turno', title: 'turno on the command line', position: MIDGAME, step: '> turno', says: ['Tu turno.'] },
  { id: 'marcador', title: 'S reads the scores', position: MIDGAME, step: 's', says: ['Tú 12, Ana 12.'] },
  { id: 'marcador', title: 'marcador', position: MIDGAME, step: '> marcador', says: ['Tú 12, Ana 12.'] },
  {
    id: 'atril',
    title: 'C reads the rack as drawn, spoken names',
    position: MIDGAME,
    step: 'c',
    says: ['a, e, erre, comodín, che, ese, ele.'],
  },
  {
    id: 'atril',
    title: 'atril in detailed mode numbers the tiles with values',
    position: MIDGAME,
    before: ['> detalle'],
    step: '> atril',
    says: [
      '1: a, 1 punto; 2: e, 1 punto; 3: erre, 1 punto; 4: comodín, 0 puntos; 5: che, 5 puntos; 6: ese, 1 punto; 7: ele, 1 punto.',
    ],
  },
  { id: 'ficha', title: '3 reads rack tile 3', position: MIDGAME, step: '3', says: ['3: erre, 1 punto.'] },
  { id: 'ficha', title: '5 reads the CH tile', position: MIDGAME, step: '5', says: ['5: che, 5 puntos.'] },
  { id: 'ficha', title: 'ficha 4 reads the blank', position: MIDGAME, step: '> ficha 4', says: ['4: comodín, 0 puntos.'] },
  { id: 'ficha', title: '9 with 7 tiles', position: MIDGAME, step: '9', says: ['No hay ficha en esa posición del atril.'] },
  { id: 'orden', title: 'I: alphabetical', position: MIDGAME, step: 'i', says: ['Orden alfabético.'] },
  {
    id: 'orden',
    title: 'I: alphabetical order read with C (blank last)',
    position: MIDGAME,
    before: ['i'],
    step: 'c',
    says: ['a, che, e, ele, erre, ese, comodín.'],
  },
  {
    id: 'orden',
    title: 'I twice: consonants then vowels',
    position: MIDGAME,
    before: ['i', 'i'],
    step: 'c',
    says: ['che, ele, erre, ese, a, e, comodín.'],
  },
  { id: 'orden', title: 'I three times: back to as drawn', position: MIDGAME, before: ['i', 'i'], step: 'i', says: ['Orden de robo.'] },
  {
    id: 'fin',
    title: 'F submits the tentative play',
    position: MIDGAME,
    before: ['h', 'S'],
    step: 'f',
    says: [],
    intent: { kind: 'place', row: 7, col: 7, dir: 'H', tiles: [0, 0, 0, 0, 22] },
  },
  {
    id: 'fin',
    title: 'Enter submits too',
    position: MIDGAME,
    before: ['h', 'S'],
    step: 'Enter',
    says: [],
    intent: { kind: 'place', row: 7, col: 7, dir: 'H', tiles: [0, 0, 0, 0, 22] },
  },
  { id: 'fin', title: 'F with nothing placed', position: MIDGAME, step: 'f', says: ['No has puesto ninguna ficha.'] },
  {
    id: 'fin',
    title: 'F with an unconnected play',
    position: MIDGAME,
    before: ['Ctrl+Home', 'h', 'S', 'E'],
    step: 'f',
    says: ['La jugada no toca ninguna ficha del tablero.'],
  },
  { id: 'fin', title: "F on Ana's turn", position: ANA_TO_MOVE, step: 'f', says: ['No es tu turno.'] },
  {
    id: 'fin',
    title: 'first play off the centre',
    position: OPENING,
    before: ['Ctrl+Home', 'h', 'C', 'A', 'S', 'A'],
    step: 'f',
    says: ['La primera jugada debe pasar por la casilla central, H8.'],
  },
  {
    id: 'cambiar',
    title: 'G enters exchange mode',
    position: MIDGAME,
    step: 'g',
    says: [
      'Modo cambio. Ninguna ficha elegida. Elige fichas con Mayúsculas y la letra o el número; G o Intro para confirmar.',
    ],
  },
  {
    id: 'cambiar',
    title: 'Shift+letter selects in exchange mode',
    position: MIDGAME,
    before: ['g', 'A'],
    step: 'E',
    says: ['E elegida. Cambiar 2 fichas: a, e. Pulsa G para confirmar.'],
  },
  {
    id: 'cambiar',
    title: 'second G confirms',
    position: MIDGAME,
    before: ['g', 'A', 'Shift+5'],
    step: 'g',
    says: [],
    intent: { kind: 'exchange', tiles: [1, 4] },
  },
  {
    id: 'cambiar',
    title: 'Shift+digit in navigation preselects for G',
    position: MIDGAME,
    step: 'Shift+4',
    says: ['Comodín elegido. Cambiar 1 ficha: comodín. Pulsa G para confirmar.'],
  },
  {
    id: 'cambiar',
    title: 'G after a selection made in navigation says it once, then how to confirm',
    position: MIDGAME,
    before: ['Shift+4'],
    step: 'g',
    says: [
      'Modo cambio. Cambiar 1 ficha: comodín. Elige fichas con Mayúsculas y la letra o el número; G o Intro para confirmar.',
    ],
  },
  {
    id: 'cambiar',
    title: 'cambiar AE on the command line',
    position: MIDGAME,
    step: '> cambiar ae',
    says: [],
    intent: { kind: 'exchange', tiles: [1, 6] },
  },
  {
    id: 'cambiar',
    title: 'cambiar a tile not in the rack',
    position: MIDGAME,
    step: '> cambiar AEU',
    says: ['No tienes la U en el atril.'],
  },
  {
    id: 'cambiar',
    title: 'G with too small a bag',
    position: { ...MIDGAME, bag: 5, canExchange: false },
    step: 'g',
    says: ['No se puede cambiar: quedan 5 fichas en la bolsa.'],
  },
  { id: 'pasar', title: 'P asks for confirmation', position: MIDGAME, step: 'p', says: ['¿Pasar? Pulsa P otra vez.'] },
  { id: 'pasar', title: 'P twice passes', position: MIDGAME, before: ['p'], step: 'p', says: [], intent: { kind: 'pass' } },
  {
    id: 'pasar',
    title: 'another key cancels the pass',
    position: MIDGAME,
    before: ['p'],
    step: 't',
    says: ['Pase cancelado.', 'Tu turno.'],
  },
  { id: 'pasar', title: 'pasar on the command line', position: MIDGAME, step: '> pasar', says: [], intent: { kind: 'pass' } },
  { id: 'pasar', title: 'pasar with words after it does not pass', position: MIDGAME, step: '> pasar ahora', says: ['«pasar» no lleva nada detrás: escribe solo «pasar».'] },
  { id: 'pasar', title: 'X repeats the question and keeps the pass asked', position: MIDGAME, before: ['p'], step: 'x', says: ['¿Pasar? Pulsa P otra vez.'] },
  { id: 'pasar', title: 'P after X passes', position: MIDGAME, before: ['p', 'x'], step: 'p', says: [], intent: { kind: 'pass' } },
  { id: 'horizontal', title: 'H', position: MIDGAME, step: 'h', says: ['Escritura horizontal desde H8.'] },
  { id: 'vertical', title: 'V', position: MIDGAME, before: ['ArrowDown'], step: 'v', says: ['Escritura vertical desde H9.'] },
  { id: 'navegacion', title: 'N', position: MIDGAME, before: ['h'], step: 'n', says: ['Modo navegación.'] },
  { id: 'navegacion', title: 'Escape', position: MIDGAME, before: ['g'], step: 'Escape', says: ['Modo navegación.'] },
  { id: 'navegacion', title: 'Escape from Cambio mode with a tile chosen says it stays chosen (UX.md §2.2)', position: MIDGAME, before: ['g', 'A'], step: 'Escape', says: ['Modo navegación. Sigue elegida para cambiar: a.'] },
  { id: 'navegacion', title: 'N from Cambio mode with tiles chosen says they stay chosen', position: MIDGAME, before: ['g', 'Shift+4', 'S'], step: 'n', says: ['Modo navegación. Siguen elegidas para cambiar: comodín, ese.'] },
  { id: 'navegacion', title: 'a blank alone stays «elegido»', position: MIDGAME, before: ['g', 'Shift+4'], step: 'Escape', says: ['Modo navegación. Sigue elegido para cambiar: comodín.'] },
  { id: 'ficha', title: 'a tile chosen in navigation is said so by its key', position: MIDGAME, before: ['Shift+2'], step: '2', says: ['2: e, 1 punto, elegida para cambiar.'] },
  {
    id: 'cambiar',
    title: 'an arrow in Cambio mode leaves the cursor where it is and says the mode (UX.md §2.2)',
    position: MIDGAME,
    before: ['g'],
    step: 'ArrowRight',
    says: ['Modo cambio: el cursor no se mueve. Elige fichas con Mayúsculas y la letra o el número; G o Intro para confirmar, Escape para salir.'],
  },
  { id: 'cambiar', title: 'Home in Cambio mode too', position: MIDGAME, before: ['g'], step: 'Home', startsWith: 'Modo cambio: el cursor no se mueve.' },
  {
    id: 'valor',
    title: 'Y previews CASAS',
    position: MIDGAME,
    before: ['h', 'S'],
    step: 'y',
    says: ['CASAS 8, total 8.'],
  },
  {
    id: 'valor',
    title: 'Y with a cross-word (words are not checked)',
    position: MIDGAME,
    before: ['ArrowDown', 'ArrowRight', 'ArrowRight', 'ArrowRight', 'h', 'E', 'L'],
    step: 'y',
    says: ['EL 2, PESAE 7, total 9.'],
  },
  {
    id: 'valor',
    title: 'Y on a seven-tile opening counts the bingo',
    position: OPENING,
    before: ['ArrowLeft', 'ArrowLeft', 'ArrowLeft', 'h', 'C', 'A', 'S', 'E', 'L', 'A', 'Shift+7', 'S'],
    step: 'y',
    says: ['CASELAS (s como comodín) 16, scrabble 50, total 66.'],
  },
  { id: 'valor', title: 'Y with nothing placed', position: MIDGAME, step: 'y', says: ['No has puesto ninguna ficha.'] },
  {
    id: 'palabras',
    title: 'L lists the words in playing order',
    position: MIDGAME,
    step: 'l',
    says: ['2 palabras: CASA en 8H horizontal; PESA en K5 vertical.'],
  },
  { id: 'palabras', title: 'L on an empty board', position: OPENING, step: 'l', says: ['No hay palabras en el tablero.'] },
  {
    id: 'retirar',
    title: 'Z takes the tiles back',
    position: MIDGAME,
    before: ['h', 'S', 'E'],
    step: 'z',
    says: ['2 fichas devueltas al atril. Cursor en L8.'],
  },
  { id: 'retirar', title: 'Z with nothing placed', position: MIDGAME, step: 'z', says: ['No hay fichas puestas en este turno.'] },
  { id: 'ultima', title: 'U: the last play', position: MIDGAME, step: 'u', says: ['Ana: K5 vertical, PESA, 12.'] },
  {
    id: 'ultima',
    title: 'U in detailed mode spells the word',
    position: MIDGAME,
    before: ['> detalle'],
    step: 'u',
    says: ['Ana: K5 vertical, PESA, 12. Se deletrea: pe, e, ese, a.'],
  },
  { id: 'ultima', title: 'U before any play', position: OPENING, step: 'u', says: ['Todavía no se ha jugado nada.'] },
  { id: 'reloj', title: 'R reads the clocks', position: MIDGAME, step: 'r', says: ['Tú 12 minutos 40, Ana 9 minutos 5.'] },
  { id: 'reloj', title: 'R without a clock', position: UNTIMED, step: 'r', says: ['Partida sin reloj.'] },
  { id: 'reloj', title: 'TM-02: R says the time over and its cost so far', position: ANA_OVER, step: 'r', says: ['Tú 12 minutos 40, Ana 1 minuto 30 de más (-20 puntos).'] },
  { id: 'reloj', title: 'TM-02: a whole minute over costs 10', position: { ...MIDGAME, clocksMs: [0, -60_000] }, step: '> reloj', says: ['Tú 0 segundos, Ana 1 minuto de más (-10 puntos).'] },
  { id: 'reloj', title: 'TM-02: half a second over is a started minute', position: { ...MIDGAME, clocksMs: [-500, 1_000] }, step: '> tiempo', says: ['Tú 1 segundo de más (-10 puntos), Ana 1 segundo.'] },
  { id: 'reloj', title: 'TM-01: under a minute the seconds are named', position: { ...MIDGAME, clocksMs: [57_000, 60_000] }, step: 'r', says: ['Tú 57 segundos, Ana 1 minuto.'] },
  {
    id: 'bolsa',
    title: 'B: bag and unseen tiles',
    position: MIDGAME,
    step: 'b',
    says: [
      'Bolsa 84. No vistas (86): 9 A, 2 B, 3 C, 5 D, 10 E, 1 F, 2 G, 2 H, 6 I, 1 J, 3 L, 1 LL, 2 M, 5 N, 1 Ñ, 9 O, 1 P, 1 Q, 4 R, 1 RR, 3 S, 4 T, 5 U, 1 V, 1 X, 1 Y, 1 Z, 1 comodín.',
    ],
  },
  { id: 'casilla', title: 'O on the centre', position: OPENING, step: 'o', says: ['H8, vacía, doble palabra, centro.'] },
  { id: 'casilla', title: 'O on a tile: its value too (UX.md §2.5)', position: MIDGAME, step: 'o', says: ['H8, C, 3 puntos.'] },
  {
    id: 'casilla',
    title: 'O on a blank: worth nothing',
    position: { ...MIDGAME, turns: [[0, '8H', 'CAsA'], [1, 'K5', 'PES.']] },
    step: '> casilla J8',
    says: ['J8, comodín (como S), 0 puntos.'],
  },
  { id: 'casilla', title: 'O on a tile placed this turn', position: MIDGAME, before: ['h', 'S'], step: '> casilla L8', says: ['L8, S, 1 punto, puesta en este turno.'] },
  {
    id: 'casilla',
    title: 'O in detail: the premium under a tile placed this turn, which it still counts for',
    position: MIDGAME,
    before: ['> detalle', 'h', 'S'],
    step: '> casilla L8',
    says: ['L8, S, 1 punto, puesta en este turno, doble letra.'],
  },
  { id: 'casilla', title: 'casilla L8 moves the cursor', position: MIDGAME, step: '> casilla L8', says: ['L8, vacía, doble letra.'] },
  { id: 'casilla', title: 'casilla 8L, row first, names the same square (UX.md §1)', position: MIDGAME, step: '> casilla 8L', says: ['L8, vacía, doble letra.'] },
  { id: 'casilla', title: 'casilla in lower case, either way round', position: MIDGAME, step: '> casilla a10', says: ['A10, vacía.'] },
  { id: 'casilla', title: 'casilla 10a', position: MIDGAME, step: '> casilla 10a', says: ['A10, vacía.'] },
  { id: 'casilla', title: 'casilla off the board says how a square is written, no direction', position: MIDGAME, step: '> casilla P8', says: ['Casilla no válida: «P8». Escribe su columna (A a O) y su fila (1 a 15), como H8 u 8H.'] },
  {
    id: 'linea',
    title: 'E reads the row',
    position: MIDGAME,
    step: 'e',
    says: ['Fila 8: vacías hasta G, C A S A, vacías hasta el final.'],
  },
  {
    id: 'linea',
    title: 'E in vertical mode reads the column',
    position: MIDGAME,
    before: ['ArrowRight', 'ArrowRight', 'ArrowRight', 'v'],
    step: 'e',
    says: ['Columna K: vacías hasta 4, P E S A, vacías hasta el final.'],
  },
  {
    id: 'impugnar',
    title: 'D asks first, as P does: a stray D may cost the turn',
    position: { ...MIDGAME, canChallenge: true },
    step: 'd',
    says: ['¿Impugnar la última jugada? Pulsa D otra vez.'],
  },
  {
    id: 'impugnar',
    title: 'a second D challenges',
    position: { ...MIDGAME, canChallenge: true },
    before: ['d'],
    step: 'd',
    says: [],
    intent: { kind: 'challenge' },
  },
  {
    id: 'impugnar',
    title: 'another key after D cancels the challenge and does its own work',
    position: { ...MIDGAME, canChallenge: true },
    before: ['d'],
    step: 's',
    says: ['Impugnación cancelada.', 'Tú 12, Ana 12.'],
  },
  {
    id: 'impugnar',
    title: 'impugnar on the command line challenges at once',
    position: { ...MIDGAME, canChallenge: true },
    step: '> impugnar',
    says: [],
    intent: { kind: 'challenge' },
  },
  {
    id: 'impugnar',
    title: 'D when nothing can be challenged',
    position: MIDGAME,
    step: 'd',
    says: ['No hay ninguna jugada que se pueda impugnar.'],
  },
  {
    id: 'sorteo',
    title: 'G-02: sorteo says the opening draw again',
    position: { ...MIDGAME, opening: { first: 0, draws: ['0A 1E'] } },
    step: '> sorteo',
    says: ['Sorteo de salida: tú sacas la A; Ana, la E. Empiezas tú: has sacado la A.'],
  },
  { id: 'sorteo', title: 'sorteo with no draw in the view', position: MIDGAME, step: '> sorteo', says: ['No consta el sorteo de salida de esta partida.'] },
  { id: 'repetir', title: 'X repeats', position: MIDGAME, before: ['s'], step: 'x', says: ['Tú 12, Ana 12.'] },
  { id: 'repetir', title: 'repetir', position: MIDGAME, before: ['t'], step: '> repetir', says: ['Tu turno.'] },
  { id: 'ayuda', title: '? in navigation', position: MIDGAME, step: '?', startsWith: 'Ayuda. Modo navegación.\nFlechas: mover el cursor.' },
  { id: 'ayuda', title: 'F1 in horizontal writing', position: MIDGAME, before: ['h'], step: 'F1', startsWith: 'Ayuda. Escritura horizontal.\nFlechas: mover el cursor sin poner fichas.' },
  { id: 'ayuda', title: '¿ (Shift+¡ on a Spanish keyboard) opens the help as ? does', position: MIDGAME, step: '¿', startsWith: 'Ayuda. Modo navegación.\nFlechas: mover el cursor.' },
  { id: 'ayuda', title: 'the help of Cambio mode says the arrows do not move the cursor there', position: MIDGAME, before: ['g'], step: '?', startsWith: 'Ayuda. Modo cambio.\nFlechas: no mueven el cursor en este modo.' },
  { id: 'ayuda', title: 'ayuda lists the command words', position: MIDGAME, step: '> ayuda', startsWith: 'Órdenes (una por línea):\n  8H casa:' },
  { id: 'ordenes', title: '/ opens the command line', position: MIDGAME, step: '/', says: ['Línea de órdenes.'], openCommandLine: true },
  { id: 'ordenes', title: ': opens the command line', position: MIDGAME, step: ':', says: ['Línea de órdenes.'], openCommandLine: true },
  { id: 'detalle', title: 'detalle toggles verbosity', position: MIDGAME, step: '> detalle', says: ['Mensajes detallados.'] },
  { id: 'detalle', title: 'detalle twice', position: MIDGAME, before: ['> detalle'], step: '> breve', says: ['Mensajes breves.'] },
  {
    id: 'fin-partida',
    title: 'resultado after the end',
    position: FINISHED,
    step: '> resultado',
    says: ['La partida acaba: todos han pasado dos veces seguidas.', 'Fin de la partida. Has ganado: Tú 300, Ana 250.'],
  },
  {
    id: 'fin-partida',
    title: 'TM-02: resultado names the overtime penalty',
    position: FINISHED_LATE,
    step: '> resultado',
    says: ['La partida acaba: todos han pasado dos veces seguidas.', 'Fin de la partida. Has ganado: Tú 270, Ana 250. Penalización por tiempo (ya descontada): Tú -30.'],
  },
  { id: 'fin-partida', title: 'resultado during the game', position: MIDGAME, step: '> resultado', says: ['La partida sigue en juego.'] },

  // ── Keys by mode (UX.md §2.2) ──
  { id: 'flechas', title: 'arrow moves the cursor', position: MIDGAME, step: 'ArrowRight', says: ['I8, A, 1 punto.'] },
  {
    id: 'flechas',
    title: 'arrow at the edge stays',
    position: MIDGAME,
    before: ['Ctrl+Home'],
    step: 'ArrowUp',
    says: ['Borde del tablero. A1.'],
  },
  { id: 'flechas', title: 'Home: row start', position: MIDGAME, step: 'Home', says: ['A8, vacía, triple palabra.'] },
  { id: 'flechas', title: 'End: row end', position: MIDGAME, step: 'End', says: ['O8, vacía, triple palabra.'] },
  { id: 'flechas', title: 'Ctrl+Home: A1', position: MIDGAME, before: ['ArrowDown'], step: 'Ctrl+Home', says: ['A1, vacía, triple palabra.'] },
  { id: 'saltar', title: 'Shift+letter jumps to the next A', position: MIDGAME, step: 'A', says: ['I8, A, 1 punto.'] },
  { id: 'saltar', title: 'pressed again it cycles', position: MIDGAME, before: ['A'], step: 'A', says: ['K8, A, 1 punto.'] },
  { id: 'saltar', title: 'the search wraps', position: MIDGAME, before: ['A', 'A'], step: 'A', says: ['Vuelta al principio. I8, A, 1 punto.'] },
  { id: 'saltar', title: 'a letter not on the board', position: MIDGAME, step: 'Z', says: ['No hay ninguna Z en el tablero.'] },
  {
    id: 'escribir',
    title: 'Shift+letter places and skips filled squares',
    position: MIDGAME,
    before: ['h'],
    step: 'S',
    says: ['S en L8.'],
  },
  {
    id: 'escribir',
    title: 'a letter not in the rack is refused, never turned into the blank (issue 10, item 4)',
    position: MIDGAME,
    before: ['h'],
    step: 'Z',
    says: ['No tienes la Z en el atril. El comodín se pone con Mayúsculas+4 (o Alt+4).'],
  },
  { id: 'fin', title: 'a line play needing two of a letter held once names what is missing', position: { rack: 'CASAELO', bag: 86 }, step: '> 8H cocos', says: ['Solo tienes una C y hacen falta dos.'] },
  { id: 'fin', title: 'a line play marking two blanks with one held', position: OPENING, step: '> 8H CAsAs', says: ['Necesitas dos comodines y solo tienes uno.'] },
  { id: 'fin', title: 'mixed case without a blank held: the lower case is said to mean blanks', position: { rack: 'CASAELO', bag: 86 }, step: '> 8H casaS', says: ['Necesitas cuatro comodines y no tienes ninguno. En una palabra con mayúsculas y minúsculas, las minúsculas son comodines.'] },
  { id: 'cambiar', title: 'cambiar CC with one C', position: OPENING, step: '> cambiar CC', says: ['Solo tienes una C y hacen falta dos.'] },
  { id: 'fin', title: 'Ñ spelled n~ on the command line', position: { rack: 'ÑUAEL?S', bag: 86 }, step: '> 8H n~u', intent: { kind: 'place', row: 7, col: 7, dir: 'H', tiles: [16, 24] } },
  { id: 'valor', title: 'valor with a play on the command line previews it', position: OPENING, step: '> valor 8H casa', says: ['CASA 12, total 12.'] },
  { id: 'valor', title: 'valor with a bad play says why', position: OPENING, step: '> valor 2A casa', says: ['La primera jugada debe pasar por la casilla central, H8.'] },
  { id: 'valor', title: 'valor of a word already on the board says so, not that nothing was placed', position: MIDGAME, step: '> valor 8H casa', says: ['CASA ya está en el tablero en 8H: no pones ninguna ficha.'] },
  { id: 'fin', title: 'a line play of a word already on the board says so', position: MIDGAME, step: '> K5 pesa', says: ['PESA ya está en el tablero en K5: no pones ninguna ficha.'] },
  { id: 'escribir', title: 'Shift+7 typing / on a Spanish layout places rack tile 7, no command line', position: MIDGAME, before: ['h'], step: 'Shift+7 as /', says: ['L en L8.'] },
  { id: 'escribir', title: 'Shift+6 typing & on a Spanish layout places rack tile 6', position: MIDGAME, before: ['h'], step: 'Shift+6 as &', says: ['S en L8.'] },
  {
    id: 'escribir',
    title: 'a symbol that may be two digits is explained once, then briefly, and places nothing',
    position: MIDGAME,
    before: ['h'],
    step: '& unsure 76',
    says: ['«&» es Mayúsculas+7 o Mayúsculas+6 según el teclado, y este terminal no ve la tecla: usa Alt y el número (Alt+1 a Alt+9).'],
  },
  { id: 'escribir', title: 'the second time, the short form', position: MIDGAME, before: ['h', '( unsure 98'], step: '& unsure 76', says: ['«&»: usa Alt y el número.'] },
  { id: 'ordenes', title: "a terminal's / (maybe a Spanish Shift+7) opens the command line and says Alt+7 once", position: MIDGAME, step: '/ unsure 7', says: ['Línea de órdenes.', 'Si querías Mayúsculas+7, usa Alt+7.'], openCommandLine: true },
  { id: 'ultima', title: 'U names the blank in the last play (issue 10, item 8)', position: BLANKED, step: 'u', startsWith: 'Ana: K5 vertical, PESA (s como comodín), ' },
  { id: 'ultima', title: 'U spells a blank out where it stands', position: BLANKED, before: ['> detalle'], step: 'u', says: ['Ana: K5 vertical, PESA (s como comodín), 10. Se deletrea: pe, e, ese como comodín, a.'] },
  { id: 'linea', title: 'E names the blank in the row', position: BLANKED, step: 'e', says: ['Fila 8: vacías hasta G, C A S A (s como comodín), vacías hasta el final.'] },
  { id: 'palabras', title: 'L names the blanks in each word', position: BLANKED, step: 'l', startsWith: '2 palabras: CASA (s como comodín) en 8H horizontal; PESA (s como comodín) en K5 vertical' },
  { id: 'escribir', title: 'Backspace on a blank: retirado, masculine', position: MIDGAME, before: ['h', 'Shift+4', 'o'], step: 'Backspace', says: ['comodín (como O) retirado de L8.'] },
  { id: 'fila', title: 'fila reads the cursor row', position: MIDGAME, step: '> fila', says: ['Fila 8: vacías hasta G, C A S A, vacías hasta el final.'] },
  { id: 'fila', title: 'fila 5 reads row 5', position: MIDGAME, step: '> fila 5', says: ['Fila 5: vacías hasta J, P, vacías hasta el final.'] },
  { id: 'columna', title: 'columna reads the column, not the row (issue 10, item 6)', position: MIDGAME, step: '> columna', says: ['Columna H: vacías hasta 7, C, vacías hasta el final.'] },
  { id: 'columna', title: 'columna K reads column K', position: MIDGAME, step: '> columna K', says: ['Columna K: vacías hasta 4, P E S A, vacías hasta el final.'] },
  { id: 'columna', title: 'columna with no such column', position: MIDGAME, step: '> columna Z', says: ['«Z» no es una fila (1 a 15) ni una columna (A a O).'] },
  { id: 'escribir', title: 'an accented capital reads as the bare letter', position: MIDGAME, before: ['h'], step: 'É', says: ['E en L8.'] },
  { id: 'escribir', title: 'Shift+C then Shift+H makes CH when the rack holds it', position: { ...DIGRAPHS, rack: '[CH]CAE' }, before: ['h', 'C'], step: 'H', says: ['C cambiada por CH en L8.'] },
  { id: 'escribir', title: 'Shift+R twice makes RR when the rack holds it', position: { ...DIGRAPHS, rack: '[RR]RAE' }, before: ['h', 'R'], step: 'R', says: ['R cambiada por RR en L8.'] },
  { id: 'escribir', title: 'Shift+R twice without RR is two R tiles', position: { ...DIGRAPHS, rack: 'RRAE' }, before: ['h', 'R'], step: 'R', says: ['R en M8.'] },
  { id: 'escribir', title: 'Shift+L twice without LL and one L: no second L', position: { ...DIGRAPHS, rack: 'L?AE' }, before: ['h', 'L'], step: 'L', says: ['No tienes la L en el atril. El comodín se pone con Mayúsculas+2 (o Alt+2).'] },
  {
    id: 'escribir',
    title: 'a letter not in the rack and no blank',
    position: { ...MIDGAME, rack: 'AERSL' },
    before: ['h'],
    step: 'Z',
    says: ['No tienes la Z en el atril.'],
  },
  { id: 'escribir', title: 'Shift+digit places rack tile n', position: MIDGAME, before: ['h'], step: 'Shift+5', says: ['che en L8.'] },
  {
    id: 'escribir',
    title: 'Shift+digit on the blank asks for its letter',
    position: MIDGAME,
    before: ['h'],
    step: 'Shift+4',
    says: ['Comodín en L8. ¿Qué letra es? Escribe la letra (K para CH, W para RR, LL con Mayúsculas+L dos veces).'],
  },
  { id: 'escribir', title: 'the blank takes a letter', position: MIDGAME, before: ['h', 'Shift+4'], step: 'o', says: ['comodín (como O) en L8.'] },
  { id: 'escribir', title: 'the blank takes Ñ', position: MIDGAME, before: ['h', 'Shift+4'], step: 'ñ', says: ['comodín (como Ñ) en L8.'] },
  { id: 'escribir', title: 'the blank as CH with K', position: MIDGAME, before: ['h', 'Shift+4'], step: 'k', says: ['comodín (como che) en L8.'] },
  { id: 'escribir', title: 'the blank takes rr on the command line', position: MIDGAME, before: ['h', 'Shift+4'], step: '> rr', says: ['comodín (como erre doble) en L8.'] },
  { id: 'escribir', title: 'Escape returns the blank', position: MIDGAME, before: ['h', 'Shift+4'], step: 'Escape', says: ['Comodín devuelto al atril.', 'Modo navegación.'] },
  { id: 'escribir', title: 'Shift+K places CH', position: DIGRAPHS, before: ['h'], step: 'K', says: ['che en L8.'] },
  { id: 'escribir', title: 'Shift+W places RR', position: DIGRAPHS, before: ['h'], step: 'W', says: ['erre doble en L8.'] },
  { id: 'escribir', title: 'Shift+Ñ places Ñ', position: DIGRAPHS, before: ['h'], step: 'Ñ', says: ['Ñ en L8.'] },
  { id: 'escribir', title: 'Shift+L twice makes LL', position: DIGRAPHS, before: ['h', 'L'], step: 'L', says: ['L cambiada por LL en L8.'] },
  { id: 'escribir', title: 'Shift+L with LL and no L on the rack asks for the second L', position: { ...MIDGAME, rack: 'AEI[LL]NOO' }, before: ['h'], step: 'L', says: ['No tienes la L sola; para la LL, pulsa ahora Mayúsculas+L.'] },
  { id: 'escribir', title: 'Shift+L twice with LL and no L places LL', position: { ...MIDGAME, rack: 'AEI[LL]NOO' }, before: ['h', 'L'], step: 'L', says: ['elle en L8.'] },
  { id: 'escribir', title: 'Shift+C then Shift+H with CH and no C places CH', position: { ...MIDGAME, rack: 'AEI[CH]NOO' }, before: ['h', 'C'], step: 'H', says: ['che en L8.'] },
  {
    id: 'escribir',
    title: 'Shift+L away from the L just placed is a new L, not LL (UX.md §3)',
    position: DIGRAPHS,
    before: ['h', 'L', 'ArrowDown'],
    step: 'L',
    startsWith: 'No tienes la L sola; para la LL, pulsa ahora Mayúsculas+L.',
  },
  {
    id: 'escribir',
    title: 'the blank prompt: Shift+L twice makes a blank LL',
    position: MIDGAME,
    before: ['h', 'Shift+4', 'L'],
    step: 'L',
    says: ['Comodín como elle en L8.'],
  },
  {
    id: 'escribir',
    title: 'a blank L then Shift+L becomes a blank LL',
    position: MIDGAME,
    before: ['h', 'L', 'Shift+4', 'l'],
    step: 'L',
    says: ['Comodín como elle en M8.'],
  },
  {
    id: 'escribir',
    title: 'vertical writing advances down',
    position: MIDGAME,
    before: ['ArrowUp', 'v', 'A'],
    step: 'o',
    says: ['H9, vacía.'],
  },
  { id: 'escribir', title: 'Backspace removes the last tile', position: MIDGAME, before: ['h', 'S', 'E'], step: 'Backspace', says: ['E retirada de M8.'] },
  { id: 'escribir', title: 'unshifted letters stay commands in writing mode', position: MIDGAME, before: ['h'], step: 'c', says: ['a, e, erre, comodín, che, ese, ele.'] },
  { id: 'escribir', title: 'a tile placed leaves its place empty, and the others keep their numbers', position: MIDGAME, before: ['h', 'S', 'A'], step: 'c', says: ['vacío, e, erre, comodín, che, vacío, ele.'] },
  { id: 'escribir', title: 'C in detail numbers every place, the empty ones too', position: MIDGAME, before: ['> detalle', 'h', 'S', 'A'], step: 'c', says: ['1: vacío; 2: e, 1 punto; 3: erre, 1 punto; 4: comodín, 0 puntos; 5: che, 5 puntos; 6: vacío; 7: ele, 1 punto.'] },
  { id: 'ficha', title: 'a place whose tile is on the board says so, and where', position: MIDGAME, before: ['h', 'S', 'A'], step: '6', says: ['6: vacío, S puesta en L8.'] },
  { id: 'escribir', title: 'the blank keeps its number while tiles before it are placed (UX.md §3)', position: MIDGAME, before: ['h', 'A', 'E'], step: 'Shift+4', says: ['Comodín en N8. ¿Qué letra es? Escribe la letra (K para CH, W para RR, LL con Mayúsculas+L dos veces).'] },
  { id: 'escribir', title: 'Shift+n on an empty place is refused, saying where its tile went', position: MIDGAME, before: ['h', 'A'], step: 'Shift+1', says: ['1: vacío, A puesta en L8.'] },
  { id: 'cambiar', title: 'Shift+n in Cambio mode on an empty place is refused the same way', position: MIDGAME, before: ['h', 'A', 'g'], step: 'Shift+1', says: ['1: vacío, A puesta en L8.'] },
  { id: 'escribir', title: 'all the tiles on the board: C says the rack is empty for now', position: { rack: 'CASA', bag: 0 }, before: ['ArrowLeft', 'h', 'C', 'A', 'S', 'A'], step: 'c', says: ['Atril vacío: todas tus fichas están puestas en el tablero.'] },
  { id: 'escribir', title: 'a key without a function', position: MIDGAME, step: 'q', says: ['Q: tecla sin función. Pulsa ? para la ayuda.'] },

  // ── Whole plays on the command line (UX.md §2.3) ──
  {
    id: 'jugada',
    title: '8H casas plays through CASA',
    position: MIDGAME,
    step: '> 8H casas',
    says: [],
    intent: { kind: 'place', row: 7, col: 7, dir: 'H', tiles: [0, 0, 0, 0, 22] },
  },
  {
    id: 'jugada',
    title: 'two words after the coordinate are refused as such, not as a play off the board',
    position: MIDGAME,
    step: '> 8H casas extra',
    says: ['Escribe una sola palabra tras la coordenada, sin espacios: «casas extra» son varias.'],
  },
  {
    id: 'jugada',
    title: 'H8 casa goes down and uses the blank for the missing A',
    position: MIDGAME,
    step: '> H8 casa',
    says: [],
    intent: { kind: 'place', row: 7, col: 7, dir: 'V', tiles: [0, 1, 22, 129] },
  },
  {
    id: 'jugada',
    title: 'mixed case marks the blank',
    position: MIDGAME,
    step: '> H8 CaSA',
    says: [],
    intent: { kind: 'place', row: 7, col: 7, dir: 'V', tiles: [0, 129, 22, 1] },
  },
  {
    id: 'jugada',
    title: 'ch is the CH tile',
    position: MIDGAME,
    step: '> L7 chal',
    says: [],
    intent: { kind: 'place', row: 6, col: 11, dir: 'V', tiles: [4, 1, 12] },
  },
  {
    id: 'jugada',
    title: 'a direction word overrides the coordinate form',
    position: MIDGAME,
    step: '> 9H horizontal es',
    says: [],
    intent: { kind: 'place', row: 8, col: 7, dir: 'H', tiles: [6, 22] },
  },
  { id: 'jugada', title: 'unknown command', position: MIDGAME, step: '> hola', says: ['Orden desconocida: «hola». Escribe «ayuda» para ver las órdenes.'] },
  { id: 'jugada', title: 'tile not in rack (the blank covers the Z, nothing covers the T)', position: MIDGAME, step: '> 9H ZETA', says: ['No tienes la T en el atril.'] },
  { id: 'jugada', title: 'a play that does not connect', position: MIDGAME, step: '> 2B ese', says: ['La jugada no toca ninguna ficha del tablero.'] },
  { id: 'jugada', title: 'a letter that is not on the square', position: MIDGAME, step: '> 8G ES', says: ['En H8 está la C: la palabra no encaja.'] },
  { id: 'jugada', title: 'K is not a Spanish letter', position: MIDGAME, step: '> 9H kilo', says: ['La letra K no existe en el juego español.'] },
  { id: 'jugada', title: 'bad coordinate', position: MIDGAME, step: '> 8Z casa', says: ['Coordenada no válida: «8Z». Ejemplos: 8H (horizontal), H8 (vertical).'] },
  { id: 'jugada', title: 'bad coordinate after jugar', position: MIDGAME, step: '> jugar 8Z casa', says: ['Coordenada no válida: «8Z». Ejemplos: 8H (horizontal), H8 (vertical).'] },
]; // prettier-ignore
