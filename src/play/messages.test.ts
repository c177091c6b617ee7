/** Challenge lines read in good Spanish whichever seat the viewer holds (C-01…C-05). */
import { describe, expect, it } from 'vitest';
import { newGame } from '../engine/newGame.js';
import { makeRules } from '../engine/rules.js';
import { rigged, run, wordJudge } from '../engine/testing/games.js';
import { play, tilesOf } from '../engine/testing/positions.js';
import { viewFor } from '../engine/view.js';
import { clientView } from '../protocol/view.js';
import {
  clockText,
  clocksText,
  endText,
  openingDrawText,
  rackAdjustText,
  reviewMoveText,
  rulesText,
  scoresText,
  timeUpText,
  turnRecordText,
  turnText,
  waitingSeatsText,
} from './messages.js';
import { Session } from './session.js';
import { viewFrom } from './testing/views.js';
import { MIDGAME } from './testing/cases.js';
import { timeUps } from './view.js';
import { boardTileName, wordSaid } from './speech.js';
import { BLANK_FLAG, SPANISH } from '../engine/tiles.js';
import type { HistoryRecord } from '../protocol/view.js';

const view = viewFrom({ names: ['Tú', 'Experto'] });
const challenge = (
  seat: number,
  valid: boolean,
  penalty = 0,
  target = 1 - seat,
  loseTurn = false,
): HistoryRecord => ({
  kind: 'challenge',
  index: 2,
  seat,
  total: -penalty,
  target,
  targetTotal: 0,
  valid,
  invalidWords: valid ? [] : [tilesOf('DUDAT')],
  withdrawn: valid ? 0 : 12,
  penalty,
  loseTurn,
});

describe('challenge lines', () => {
  it('C-01: a bot that challenges the viewer\'s phony says "tu jugada"', () => {
    expect(turnRecordText(view, challenge(1, false), false)).toBe(
      'Experto impugna tu jugada y acierta: DUDAT no vale. La jugada se retira, 0 puntos.',
    );
    expect(turnRecordText(view, challenge(1, true, 5), false)).toBe(
      'Experto impugna tu jugada: es válida y se mantiene, -5 puntos para Experto.',
    );
  });

  it('C-05: the viewer who challenges reads in the second person', () => {
    expect(turnRecordText(view, challenge(0, true), false)).toBe(
      'Impugnas la jugada de Experto: es válida y se mantiene.',
    );
    expect(turnRecordText(view, challenge(0, true, 5), false)).toBe(
      'Impugnas la jugada de Experto: es válida y se mantiene, -5 puntos para ti.',
    );
    expect(turnRecordText(view, challenge(0, false), false)).toBe(
      'Impugnas la jugada de Experto y aciertas: DUDAT no vale. La jugada se retira, 0 puntos.',
    );
  });

  it('C-05 (double): a failed challenger hears that the next turn is lost', () => {
    expect(turnRecordText(view, challenge(0, true, 0, 1, true), false)).toBe(
      'Impugnas la jugada de Experto: es válida y se mantiene; pierdes el turno.',
    );
    expect(turnRecordText(view, challenge(1, true, 0, 0, true), false)).toBe(
      'Experto impugna tu jugada: es válida y se mantiene; Experto pierde el turno.',
    );
  });

  it('two invalid words «no valen»', () => {
    const two = { ...challenge(1, false), invalidWords: [tilesOf('VDE'), tilesOf('DELD')] };
    expect(turnRecordText(view, two, false)).toBe(
      'Experto impugna tu jugada y acierta: VDE, DELD no valen. La jugada se retira, 0 puntos.',
    );
  });

  it('between two other seats the names are used', () => {
    const observer = viewFrom({ names: ['Tú', 'Ana', 'Luis'] });
    expect(turnRecordText(observer, challenge(1, false, 0, 2), false)).toBe(
      'Ana impugna la jugada de Luis y acierta: DUDAT no vale. La jugada se retira, 0 puntos.',
    );
  });
});

describe('challenge lines from a real game', () => {
  it('C-05 (double): the failed challenger reads that the next turn is lost', () => {
    const rules = makeRules('fise', { challengeMode: 'double' });
    const g = rigged({ rules, racks: ['CASAEEE', 'SEOOOII'], bag: 'AEIOUAEIOUAEIOU' });
    const judge = wordJudge(['casa']);
    const { state } = run(
      g,
      [
        { ...play('8H', 'CASA'), seat: 0 },
        { kind: 'challenge', seat: 1 },
      ],
      judge,
    );
    const pv = clientView(viewFor(state, 1), { names: ['Ana', 'Tú'], bots: [false, false] });
    expect(turnRecordText(pv, pv.history[pv.history.length - 1]!, false)).toBe(
      'Impugnas la jugada de Ana: es válida y se mantiene; pierdes el turno.',
    );
  });
});

describe('end of the game (E-05)', () => {
  const over = viewFrom({ names: ['Tú', 'Experto'], end: { scores: [311, 289], winners: [0] } });
  const result = (racks: number[][], rackAdjust: number[], wentOut: number | null) => ({
    ...over.result!,
    reason: wentOut === null ? ('passes' as const) : ('out' as const),
    wentOut,
    racks,
    rackAdjust,
  });

  it('E-05: the rack left to the loser is named and subtracted, the one who went out adds it', () => {
    expect(
      rackAdjustText(over, result([[], [tilesOf('Ñ')[0]!, tilesOf('B')[0]!]], [11, -11], 0)),
    ).toBe('Fichas que quedan: Experto se queda con Ñ y B: -11; Tú +11.');
  });

  it('E-05: after six scoreless turns each seat loses its own rack; a blank reads "comodín"', () => {
    const set = tilesOf('A')[0]!;
    expect(rackAdjustText(over, result([[set, 0], [tilesOf('J')[0]!]], [-1, -8], null))).toBe(
      'Fichas que quedan: te quedas con A y comodín: -1; Experto se queda con J: -8.',
    );
  });

  it('nothing is said when no score moves', () => {
    expect(rackAdjustText(over, result([[], []], [0, 0], 0))).toBe('');
  });
});

describe('the rules and the target (V-01, V-02)', () => {
  it('S gives the target of Fin de línea with the scores; the rules read as one sentence', () => {
    const v = viewFrom({ names: ['Tú', 'Ana'] });
    const target = { ...v, rules: makeRules('fise', { targetScore: 120, rackSize: 9 }) };
    expect(new Session(target).key({ key: 's' }).say[0]!.text).toBe(
      'Tú 0, Ana 0. Gana quien llegue antes a 120 puntos.',
    );
    expect(new Session(v).key({ key: 's' }).say[0]!.text).toBe('Tú 0, Ana 0.');
    expect(rulesText(target.rules)).toBe(
      'Reglas FISE (torneo), atril de 9, impugnación libre, fin de línea a 120 puntos.',
    );
  });
});

describe('seats and winners in a game of three', () => {
  it('a seat kept for an invited player not yet arrived goes by its number, never a blank name', () => {
    const v = viewFrom({ names: ['Tú', 'Beto', ''], toMove: 2 });
    expect(turnText(v)).toBe('Turno de Invitado (asiento 3).');
    expect(scoresText(v)).toBe('Tú 0, Beto 0, Invitado (asiento 3) 0');
    // TM-01: the clocks name it the same way (R said «…, 25 minutos.» with no name).
    const timed = viewFrom({
      names: ['Tú', 'Beto', ''],
      toMove: 0,
      clocksMs: [171_000, 1_500_000, 1_500_000],
    });
    expect(clocksText(timed, 0)).toBe(
      'Tú 2 minutos 51, Beto 25 minutos, Invitado (asiento 3) 25 minutos',
    );
  });

  it("an open room's free seat is «Libre», and anyone may take it from the lobby", () => {
    const v = viewFrom({ names: ['Tú', '', ''], toMove: 2 });
    const open = {
      ...v,
      seats: v.seats.map((x, i) => (i > 0 ? { ...x, open: true as const } : x)),
    };
    expect(turnText(open)).toBe('Turno de Libre (asiento 3).');
    expect(scoresText(open)).toBe('Tú 0, Libre (asiento 2) 0, Libre (asiento 3) 0');
    expect(waitingSeatsText(open)).toBe(
      'Faltan 2 jugadores por llegar: los asientos están libres para quien se siente desde las salas abiertas.',
    );
    expect(waitingSeatsText(v)).toBe(
      'Faltan 2 jugadores por llegar: cada uno jugará cuando entre con su invitación.',
    );
  });

  it('E-07: two of three sharing the top score are named; a tie of all is just a tie', () => {
    const names = ['Tú', 'Beto', 'Carla'];
    // Ana resigned with 60: the other two share the win at 0 (the resigned seat never wins).
    const resigned = viewFrom({ names, end: { scores: [60, 0, 0], winners: [1, 2] } });
    expect(endText(resigned, { ...resigned.result!, resigned: 0, reason: 'resign' })).toBe(
      'Fin de la partida. Empate entre Beto y Carla: Tú 60, Beto 0, Carla 0.',
    );
    const mine = viewFrom({ names, end: { scores: [200, 200, 150], winners: [0, 1] } });
    expect(endText(mine, mine.result!)).toBe(
      'Fin de la partida. Empate entre tú y Beto: Tú 200, Beto 200, Carla 150.',
    );
    const all = viewFrom({ names, end: { scores: [90, 90, 90], winners: [0, 1, 2] } });
    expect(endText(all, all.result!)).toBe('Fin de la partida. Empate: Tú 90, Beto 90, Carla 90.');
  });
});

describe('E-06 between people at one screen', () => {
  it('the seat on turn while the last play waits is told to challenge or accept, by name', () => {
    const v = {
      ...viewFrom({ names: ['Ana', 'Luis'], toMove: 1 }),
      phase: 'final-challenge' as const,
    };
    expect(turnText(v, true)).toBe(
      'Turno de Luis. La partida acaba: solo puedes impugnar la última jugada («impugnar», tecla D) o aceptarla («pasar», tecla P).',
    );
    // A viewer not on turn hears that the game may end there: the mover of that play too.
    expect(turnText({ ...v, seat: 0 })).toBe(
      'Turno de Luis. La última jugada cierra la partida si nadie la impugna.',
    );
    const played = viewFrom({ names: ['Ana', 'Luis'], turns: [[0, '8H', 'CASA']], toMove: 1 });
    expect(turnText({ ...played, phase: 'final-challenge' })).toBe(
      'Turno de Luis. Tu jugada cierra la partida si nadie la impugna.',
    );
  });

  it('without keys (line mode) the commands are named; before the handover, no key at all', () => {
    const v = {
      ...viewFrom({ names: ['Ana', 'Luis'], toMove: 1 }),
      phase: 'final-challenge' as const,
    };
    expect(turnText(v, true, 'lines')).toBe(
      'Turno de Luis. La partida acaba: solo puedes impugnar la última jugada («impugnar») o aceptarla («pasar»).',
    );
    // Luis does not have the keyboard yet: D and P would not answer him.
    expect(turnText(v, true, 'table')).toBe(
      'Turno de Luis. La última jugada cierra la partida si nadie la impugna.',
    );
    expect(turnText(v, true, 'none')).toBe('Turno de Luis.');
  });
});

/** A timed position (25 minutes each, TM-01) with both seats within their time. */
const MIDGAME_CLOCKS = { clocksMs: MIDGAME.clocksMs };
// The view's seats with the first one renamed.
const named = (v: ReturnType<typeof viewFrom>, name: string) =>
  v.seats.map((x, i) => (i === 0 ? { ...x, name } : x));

describe('a clock read aloud (TM-01, TM-02)', () => {
  it('whole minutes are said without a zero after them, as every other duration is', () => {
    const left = (s: number): string => clockText(s * 1000, 0);
    expect([59, 60, 61, 90, 120].map(left)).toEqual([
      '59 segundos',
      '1 minuto',
      '1 minuto 1',
      '1 minuto 30',
      '2 minutos',
    ]);
    expect(left(25 * 60)).toBe('25 minutos');
    expect(clockText(-60_000, 10)).toBe('1 minuto de más (-10 puntos)');
    expect(clockText(-61_000, 20)).toBe('1 minuto 1 de más (-20 puntos)');
  });

  it("TM-02: a clock run out says what it costs by the game's rules, to the seat and to the others", () => {
    const timed = viewFrom({ ...MIDGAME_CLOCKS, names: ['Tú', 'Ana'] });
    expect(timeUpText(timed, 1)).toBe(
      'Se acabó el tiempo de Ana: al final pierde 10 puntos por cada minuto empezado de más.',
    );
    expect(timeUpText(timed, 0)).toBe(
      'Se acabó tu tiempo: al final pierdes 10 puntos por cada minuto empezado de más.',
    );
    // Several people at one screen: each by name.
    expect(timeUpText({ ...timed, seats: named(timed, 'Luis') }, 0, true)).toBe(
      'Se acabó el tiempo de Luis: al final pierde 10 puntos por cada minuto empezado de más.',
    );
    const clock = (penaltyPerMinute: number) => ({
      ...timed,
      rules: makeRules('fise', { clock: { minutesPerPlayer: 25, penaltyPerMinute } }),
    });
    expect(timeUpText(clock(1), 1)).toBe(
      'Se acabó el tiempo de Ana: al final pierde 1 punto por cada minuto empezado de más.',
    );
    expect(timeUpText(clock(0), 0)).toBe('Se acabó tu tiempo: sigues jugando, sin penalización.');
    expect(timeUpText(clock(0), 1)).toBe(
      'Se acabó el tiempo de Ana: sigue jugando, sin penalización.',
    );
  });

  it('TM-02: where each clock ran out, by the times of the turns: before the turn that took it over', () => {
    const MIN = 60_000;
    // Ana went over on her second turn (13 + 13 minutes of 25); the viewer is over now, in
    // the turn still running; untimed entries (a challenge off turn) count nothing.
    const base = viewFrom({
      ...MIDGAME_CLOCKS,
      turns: [
        [0, '8H', 'CASA'],
        [1, 'K5', 'PES.'],
        [0, 'pass'],
        [1, 'pass'],
      ],
      clocksMs: [MIN, -MIN],
    });
    const times = [12 * MIN, 13 * MIN, 12 * MIN, 13 * MIN];
    const v = { ...base, history: base.history.map((r, k) => ({ ...r, elapsedMs: times[k]! })) };
    expect(timeUps(v, 0)).toEqual([{ seat: 1, before: 3 }]);
    expect(timeUps(v, 2 * MIN)).toEqual([
      { seat: 1, before: 3 },
      { seat: 0, before: 4 },
    ]);
    // A view without the turns' times (an older server): the end of the history.
    expect(timeUps(base, 0)).toEqual([{ seat: 1, before: 4 }]);
    // No clock, nothing.
    expect(timeUps(viewFrom({}), 0)).toEqual([]);
  });
});

describe('a blank standing for a digraph is named as the digraph is said (UX.md §2.4)', () => {
  it('«erre doble como comodín» after the word, «comodín (como che)» on its square', () => {
    const word = [...tilesOf('CO'), tilesOf('[RR]')[0]! | BLANK_FLAG, ...tilesOf('AL')];
    expect(wordSaid(SPANISH, word)).toBe('CORRAL (erre doble como comodín)');
    expect(boardTileName(SPANISH, tilesOf('[CH]')[0]! | BLANK_FLAG)).toBe('comodín (como che)');
    expect(boardTileName(SPANISH, tilesOf('S')[0]! | BLANK_FLAG)).toBe('comodín (como S)');
  });
});

describe('the opening draw (G-02)', () => {
  const two = (draws: string[], first: number, names = ['Tú', 'Aficionado']) =>
    viewFrom({ names, opening: { first, draws } });

  it('G-02: with two players, each tile drawn and why the closest to A starts', () => {
    expect(openingDrawText(two(['0E 1B'], 1))).toBe(
      'Sorteo de salida: tú sacas la E; Aficionado, la B. Empieza Aficionado: su ficha es la más cercana a la A.',
    );
    expect(openingDrawText(two(['0B 1[CH]'], 0))).toBe(
      'Sorteo de salida: tú sacas la B; Aficionado, la che. Empiezas tú: tu ficha es la más cercana a la A.',
    );
  });

  it('G-02: an A that wins needs no comparison, and «tú» stays lower case inside the sentence', () => {
    expect(openingDrawText(two(['0A 1E'], 0))).toBe(
      'Sorteo de salida: tú sacas la A; Aficionado, la E. Empiezas tú: has sacado la A.',
    );
    const second = viewFrom({
      names: ['Ana', 'Tú'],
      seat: 1,
      opening: { first: 1, draws: ['0E 1A'] },
    });
    expect(openingDrawText(second)).toBe(
      'Sorteo de salida: Ana saca la E; tú, la A. Empiezas tú: has sacado la A.',
    );
    expect(openingDrawText(two(['0E 1A'], 1, ['Ana', 'Luis']), true)).toBe(
      'Sorteo de salida: Ana saca la E; Luis, la A. Empieza Luis: ha sacado la A.',
    );
  });

  it('G-02: a blank beats every letter', () => {
    expect(openingDrawText(two(['0A 1?'], 1))).toBe(
      'Sorteo de salida: tú sacas la A; Aficionado, el comodín. Empieza Aficionado: el comodín gana a cualquier letra.',
    );
    expect(openingDrawText(two(['0? 1A'], 0))).toBe(
      'Sorteo de salida: tú sacas el comodín; Aficionado, la A. Empiezas tú: el comodín gana a cualquier letra.',
    );
  });

  it('G-02: a tie is said, and the redraw of the seats that tied', () => {
    expect(openingDrawText(two(['0A 1A', '0L 1P'], 0, ['Tú', 'Ana']))).toBe(
      'Sorteo de salida: tú sacas la A; Ana, la A. Empate. Desempate: tú sacas la L; Ana, la P. Empiezas tú: tu ficha es la más cercana a la A.',
    );
    // Three players, two tie twice (seed 56 of the engine's tests): only they draw again.
    const three = viewFrom({
      names: ['Tú', 'Ana', 'Luis'],
      opening: { first: 2, draws: ['0L 1E 2E', '1L 2L', '1I 2E'] },
    });
    expect(openingDrawText(three)).toBe(
      'Sorteo de salida: tú sacas la L; Ana, la E; Luis, la E. Empate entre Ana y Luis. Desempate: Ana saca la L; Luis, la L. Otro empate. Desempate: Ana saca la I; Luis, la E. Empieza Luis: su ficha es la más cercana a la A.',
    );
  });

  it('G-02: four players, the viewer among those who tie', () => {
    const four = viewFrom({
      names: ['Ana', 'Tú', 'Luis', 'Experto'],
      seat: 1,
      opening: { first: 1, draws: ['0D 1C 2C 3[RR]', '1Ñ 2S'] },
    });
    expect(openingDrawText(four)).toBe(
      'Sorteo de salida: Ana saca la D; tú, la C; Luis, la C; Experto, la erre doble. Empate entre tú y Luis. Desempate: tú sacas la Ñ; Luis, la S. Empiezas tú: tu ficha es la más cercana a la A.',
    );
  });

  it('G-02: people at one screen and observers hear every seat by its name', () => {
    const v = two(['0E 1B'], 1, ['Ana', 'Luis']);
    const said =
      'Sorteo de salida: Ana saca la E; Luis, la B. Empieza Luis: su ficha es la más cercana a la A.';
    expect(openingDrawText(v, true)).toBe(said);
    expect(openingDrawText({ ...v, seat: null })).toBe(said);
  });

  it('G-02: seats in order, said in a few words; no opening in the view, nothing to say', () => {
    expect(openingDrawText(two([], 0))).toBe('Empiezas tú por orden de asientos.');
    expect(openingDrawText(two([], 0, ['Ana', 'Luis']), true)).toBe(
      'Empieza Ana por orden de asientos.',
    );
    expect(openingDrawText(viewFrom({}))).toBeUndefined();
  });

  it('G-02: the sentence of a real game, from the engine through the protocol', () => {
    // Seed 67: E against a blank.
    const s = newGame({ rules: makeRules('fise'), seed: 67, players: 2 });
    const v = clientView(viewFor(s, 0), { names: ['Tú', 'Experto'], bots: [false, true] });
    expect(openingDrawText(v)).toBe(
      'Sorteo de salida: tú sacas la E; Experto, el comodín. Empieza Experto: el comodín gana a cualquier letra.',
    );
  });
});

describe('a move of the post-game review, said rather than spelt', () => {
  const said = (move: { coord: string | null; word: string; main?: string }) =>
    reviewMoveText(SPANISH, move);

  it('a tile already on the board is said as its letter, as U says the play, not as «punto»', () => {
    expect(said({ coord: 'C7', word: 'F.RO', main: 'FERO' })).toBe('C7 vertical, FERO');
    expect(said({ coord: '6G', word: '.UE[LL]O', main: 'LUE[LL]O' })).toBe('6G horizontal, LUELLO');
  });

  it('a blank is named after the word, a digraph blank by its spoken name, never by case alone', () => {
    expect(said({ coord: 'H11', word: '.ETa', main: 'ZETa' })).toBe(
      'H11 vertical, ZETA (a como comodín)',
    );
    expect(said({ coord: 'G6', word: '[ll]E.AS', main: '[ll]EGAS' })).toBe(
      'G6 vertical, LLEGAS (elle como comodín)',
    );
  });

  it('the same words as the history: U and the review agree on a play', () => {
    const v = viewFrom({
      turns: [
        [1, '8G', 'ZETa'],
        [0, 'H7', 'C.SA'],
      ],
    });
    const [opening, through] = v.history;
    expect(turnRecordText(v, opening!, false)).toBe(
      `Ana: ${said({ coord: '8G', word: 'ZETa', main: 'ZETa' })!}, 24.`,
    );
    expect(turnRecordText(v, through!, false, false, true)).toMatch(
      new RegExp(`^Tú: ${said({ coord: 'H7', word: 'C.SA', main: 'CESA' })!}, \\d+\\.$`),
    );
  });

  it('a pass and an exchange in words; the exchange names its tiles, a blank as «comodín»', () => {
    expect(said({ coord: null, word: '-' })).toBe('Pasar');
    expect(said({ coord: null, word: '-A[RR]?' })).toBe('Cambiar 3 fichas: a, erre doble, comodín');
  });

  it('nothing to say without the whole word, or with letters the tile set lacks', () => {
    expect(said({ coord: 'C7', word: 'F.RO' })).toBeUndefined();
    expect(said({ coord: 'C7', word: 'KIWI', main: 'KIWI' })).toBeUndefined();
  });
});
