import { describe, expect, it } from 'vitest';
import { tilesOf } from '../engine/testing/positions.js';
import { SPANISH, tilesToGcg } from '../engine/tiles.js';
import { COMMANDS, type ClientCommand } from './commands.js';
import { turnRecordText } from './messages.js';
import { Session } from './session.js';
import { say } from './state.js';
import type { PlaySnapshot } from './types.js';
import { MIDGAME } from './testing/cases.js';
import { type ViewSpec, resignedView, viewFrom } from './testing/views.js';

describe('Session.update: what happened since the last view (UX.md §2.5)', () => {
  it("announces the viewer's own play politely and leaves the writing mode", () => {
    const s = new Session(viewFrom(MIDGAME));
    s.key({ key: 'h' });
    s.key({ key: 'S', shift: true });
    const r = s.key({ key: 'f' });
    expect(r.intent?.kind).toBe('place');
    const after = viewFrom({
      ...MIDGAME,
      rack: 'AER?[CH]LE',
      toMove: 1,
      turns: [...MIDGAME.turns!, [0, '8H', '....S']],
    });
    const said = s.update(after);
    expect(said.map((a) => [a.text, a.priority])).toEqual([
      ['Jugada CASAS, 8H horizontal, 8 puntos.', 'polite'],
    ]);
    expect(s.mode).toBe('navegacion');
    // The E drawn takes the place the S left, as on a real rack.
    expect(s.line('atril').say[0]!.text).toBe('a, e, erre, comodín, che, e, ele.');
  });

  it("says the tiles drawn for the viewer's own play or exchange, after it", () => {
    const s = new Session(viewFrom(MIDGAME));
    const exchanged = viewFrom({
      ...MIDGAME,
      toMove: 1,
      turns: [...MIDGAME.turns!, [0, 'exchange', 2]],
    });
    expect(
      s.update({ ...exchanged, lastDrawn: [0, ...tilesOf('[CH]')] }).map((a) => a.text),
    ).toEqual(['Has cambiado 2 fichas.', 'Robas: comodín y che.']);
    // Several turns heard at once: the draw belongs to the viewer's latest play or exchange,
    // said after it (a pass draws nothing).
    const later = viewFrom({
      ...MIDGAME,
      turns: [...MIDGAME.turns!, [0, 'exchange', 2], [1, 'pass'], [0, 'pass'], [1, 'pass']],
    });
    const s1 = new Session(viewFrom(MIDGAME));
    expect(s1.update({ ...later, lastDrawn: tilesOf('AE') }).map((a) => a.text)).toEqual([
      'Has cambiado 2 fichas.',
      'Robas: a y e.',
      'Ana pasa.',
      'Has pasado.',
      'Ana pasa.',
      'Tu turno.',
    ]);
    // Players sharing one screen would all hear them: not said there.
    const table = new Session(viewFrom(MIDGAME), { byName: true });
    expect(table.update({ ...exchanged, lastDrawn: tilesOf('AE') }).map((a) => a.text)).toEqual([
      'Tú cambia 2 fichas.',
    ]);
    // The opponent's turn draws nothing for the viewer: the last draw is not said again.
    const s2 = new Session(viewFrom({ ...MIDGAME, toMove: 1 }));
    const answered = viewFrom({
      ...MIDGAME,
      turns: [...MIDGAME.turns!, [1, 'L4', 'CAPA']],
      toMove: 0,
    });
    expect(s2.update({ ...answered, lastDrawn: tilesOf('AE') }).map((a) => a.text)).toEqual([
      'Ana: L4 vertical, CAPA, 26.',
      'Tu turno.',
    ]);
  });

  it('says when the bag ran out with the draw, or was empty already', () => {
    // CASAS plays one tile, S; the bag had one left, an A, and is empty now.
    const played: ViewSpec = {
      ...MIDGAME,
      toMove: 1,
      bag: 0,
      turns: [...MIDGAME.turns!, [0, '8H', '....S']],
    };
    const last = new Session(viewFrom(MIDGAME));
    expect(
      last.update({ ...viewFrom(played), lastDrawn: tilesOf('A') }).map((a) => a.text),
    ).toEqual(['Jugada CASAS, 8H horizontal, 8 puntos.', 'Robas: a, la última de la bolsa.']);
    // ALES down from the A of CASA plays three tiles; the bag held two.
    const three: ViewSpec = { ...played, turns: [...MIDGAME.turns!, [0, 'I8', '.LES']] };
    const fewer = new Session(viewFrom(MIDGAME));
    expect(
      fewer.update({ ...viewFrom(three), lastDrawn: tilesOf('AE') }).map((a) => a.text),
    ).toEqual(['Jugada ALES, I8 vertical, 5 puntos.', 'Robas: a y e, las últimas de la bolsa.']);
    // The bag was empty already: nothing came.
    const none = new Session(viewFrom({ ...MIDGAME, bag: 0 }));
    expect(none.update(viewFrom(played)).map((a) => a.text)).toEqual([
      'Jugada CASAS, 8H horizontal, 8 puntos.',
      'No robas: la bolsa está vacía.',
    ]);
    // A play that empties the rack with nothing to draw says nothing of the bag: its end does.
    const out = new Session(viewFrom({ ...MIDGAME, bag: 0 }));
    expect(out.update({ ...viewFrom(played), rack: [] }).map((a) => a.text)).toEqual([
      'Jugada CASAS, 8H horizontal, 8 puntos.',
    ]);
    // The opponent drew the last tiles after the viewer's full draw: not the viewer's to say.
    const after: ViewSpec = { ...played, toMove: 0, turns: [...played.turns!, [1, 'L4', 'CAPA']] };
    const them = new Session(viewFrom(MIDGAME));
    expect(them.update({ ...viewFrom(after), lastDrawn: tilesOf('A') }).map((a) => a.text)).toEqual(
      [
        'Jugada CASAS, 8H horizontal, 8 puntos.',
        'Robas: a.',
        'Ana: L4 vertical, CAPAS, 28.',
        'Tu turno.',
      ],
    );
  });

  it("announces the opponent's play and the turn assertively, with sounds", () => {
    const s = new Session(viewFrom({ ...MIDGAME, toMove: 1 }));
    const said = s.update(
      viewFrom({ ...MIDGAME, turns: [...MIDGAME.turns!, [1, 'L4', 'CAPA']], toMove: 0 }),
    );
    expect(said.map((a) => [a.text, a.priority, a.sound])).toEqual([
      ['Ana: L4 vertical, CAPA, 26.', 'assertive', 'opponent'],
      ['Tu turno.', 'assertive', 'turn'],
    ]);
  });

  it("X repeats all the last batch said, the opponent's play with the turn, politely and without a sound", () => {
    const s = new Session(viewFrom({ ...MIDGAME, toMove: 1 }));
    s.update(viewFrom({ ...MIDGAME, turns: [...MIDGAME.turns!, [1, 'L4', 'CAPA']], toMove: 0 }));
    const again = s.key({ key: 'x' }).say;
    expect(again.map((a) => [a.text, a.priority, a.sound])).toEqual([
      ['Ana: L4 vertical, CAPA, 26. Tu turno.', 'polite', undefined],
    ]);
    // And again: the repetition is itself what X repeats.
    expect(s.key({ key: 'x' }).say[0]!.text).toBe('Ana: L4 vertical, CAPA, 26. Tu turno.');
  });

  it('announces the end of the game once', () => {
    const s = new Session(viewFrom(MIDGAME));
    const end = viewFrom({ ...MIDGAME, end: { scores: [20, 25], winners: [1] } });
    // Why it ended first (here E-02's passes), then who won.
    expect(s.update(end).map((a) => a.text)).toEqual([
      'La partida acaba: todos han pasado dos veces seguidas.',
      'Fin de la partida. Gana Ana: Tú 20, Ana 25.',
    ]);
    const target = viewFrom({
      ...MIDGAME,
      end: { scores: [20, 25], winners: [1], reason: 'target' },
    });
    expect(
      new Session(viewFrom(MIDGAME)).update({
        ...target,
        rules: { ...target.rules, targetScore: 25 },
      })[0]!.text,
    ).toBe('La partida acaba: se ha llegado a 25 puntos (fin de línea).');
    expect(s.update(end)).toEqual([]);
  });

  it('refusals from the game are announced with the invalid words (INVALID_WORD)', () => {
    const s = new Session(viewFrom(MIDGAME));
    const words = [tilesOf('CASAX')];
    const refused = { ok: false, error: { code: 'INVALID_WORD', words } } as const;
    expect(s.moveOutcome(refused)[0]!.text).toBe('Palabra no válida: CASAX.');
    expect(s.line('repetir').say[0]!.text).toBe('Palabra no válida: CASAX.');
  });

  it('keeps tiles placed this turn when only the opponent clock changes', () => {
    const s = new Session(viewFrom(MIDGAME));
    s.key({ key: 'h' });
    s.key({ key: 'S', shift: true });
    s.update(viewFrom({ ...MIDGAME, clocksMs: [700_000, 545_000] }));
    expect(s.key({ key: 'y' }).say[0]!.text).toBe('CASAS 8, total 8.');
  });

  it("says which of this turn's tiles went back to the rack when the opponent's play covers their squares", () => {
    const s = new Session(viewFrom({ ...MIDGAME, toMove: 1 }));
    s.key({ key: 'h' });
    s.key({ key: 'S', shift: true });
    s.key({ key: 'E', shift: true });
    const said = s.update(
      viewFrom({ ...MIDGAME, turns: [...MIDGAME.turns!, [1, 'L5', 'RASOS']], toMove: 0 }),
    );
    expect(said.map((a) => [a.text, a.priority])).toEqual([
      ['Ana: L5 vertical, RASOS, 22.', 'assertive'],
      ['La jugada cubre tu S de L8: vuelve al atril.', 'assertive'],
      ['Tu turno.', 'assertive'],
    ]);
    // The E on M8 stays; the S is back on the rack.
    expect(s.snapshot().placed.map((p) => p.square)).toEqual([7 * 15 + 12]);
  });

  it('TM-01: between views the clock of the seat on turn runs from the clock base', () => {
    // The view was built at t = 0 (its `at`); the viewer's clock has run since then.
    let t = 0;
    const s = new Session(viewFrom(MIDGAME), { now: () => t });
    expect(s.line('reloj').say[0]!.text).toBe('Tú 12 minutos 40, Ana 9 minutos 5.');
    t = 40_000;
    expect(s.line('reloj').say[0]!.text).toBe('Tú 12 minutos, Ana 9 minutos 5.');
    t = 761_000; // a second over: a started minute costs 10 (TM-02)
    expect(s.line('reloj').say[0]!.text).toBe('Tú 1 segundo de más (-10 puntos), Ana 9 minutos 5.');
  });
});

describe("the low-time cue: the viewer's own clock going under a minute while it runs", () => {
  const LOW = say('Te queda menos de un minuto.', 'clock', 'turn', 'assertive');

  it('is said once, when it crosses, at a tick of the client', () => {
    let clock = 0;
    const s = new Session(viewFrom({ ...MIDGAME, clocksMs: [61_000, 500_000] }), {
      localClock: () => clock,
    });
    expect(s.clockNews()).toEqual([]);
    clock = 1500;
    expect(s.clockNews()).toEqual([LOW]);
    clock = 2500;
    expect(s.clockNews()).toEqual([]);
    expect(s.line('repetir').say[0]!.text).toBe(LOW.text);
  });

  it('not on arrival or at the start of a turn with less already, nor for another clock', () => {
    let clock = 0;
    const late = new Session(viewFrom({ ...MIDGAME, clocksMs: [45_000, 500_000] }), {
      localClock: () => clock,
    });
    const theirs = new Session(viewFrom({ ...MIDGAME, toMove: 1, clocksMs: [500_000, 61_000] }), {
      localClock: () => clock,
    });
    const watching = new Session(
      { ...viewFrom({ ...MIDGAME, clocksMs: [61_000, 500_000] }), seat: null, rack: null },
      { localClock: () => clock },
    );
    clock = 2000;
    for (const s of [late, theirs, watching]) expect(s.clockNews()).toEqual([]);
    // A local terminal's session, whose views say the time as it is: its turn comes back with
    // 50 seconds, under a minute since its last turn.
    const waiting = new Session(viewFrom({ ...MIDGAME, toMove: 1, clocksMs: [50_000, 500_000] }));
    const back = viewFrom({
      ...MIDGAME,
      turns: [...MIDGAME.turns!, [1, 'pass']],
      clocksMs: [50_000, 490_000],
    });
    expect(waiting.update(back).map((a) => a.text)).not.toContain(LOW.text);
  });

  it('not when the clock ran out between two looks: that is said instead', () => {
    let clock = 0;
    const s = new Session(viewFrom({ ...MIDGAME, clocksMs: [61_000, 500_000] }), {
      localClock: () => clock,
    });
    clock = 62_000;
    expect(s.clockNews().map((a) => a.text)).toEqual([
      'Se acabó tu tiempo: al final pierdes 10 puntos por cada minuto empezado de más.',
    ]);
  });

  it('by name at a screen several people share, in the view that brings it', () => {
    const names = ['Luis', 'Ana'];
    const s = new Session(viewFrom({ ...MIDGAME, names, clocksMs: [61_000, 500_000] }), {
      byName: true,
    });
    const later = viewFrom({ ...MIDGAME, names, clocksMs: [59_000, 500_000] });
    expect(s.update(later)).toEqual([
      say('A Luis le queda menos de un minuto.', 'clock', 'turn', 'assertive'),
    ]);
    expect(s.update(viewFrom({ ...MIDGAME, names, clocksMs: [58_000, 500_000] }))).toEqual([]);
  });
});

describe('TM-02: a clock that runs out is said once, to everyone at the table', () => {
  const TIME_UP_ANA =
    'Se acabó el tiempo de Ana: al final pierde 10 puntos por cada minuto empezado de más.';
  const TIME_UP_MINE =
    'Se acabó tu tiempo: al final pierdes 10 puntos por cada minuto empezado de más.';

  it("the viewer's own, as it runs out between views (a client's tick), with a sound", () => {
    let clock = 0;
    const s = new Session(viewFrom({ ...MIDGAME, clocksMs: [1500, 545_000] }), {
      localClock: () => clock,
    });
    expect(s.clockNews()).toEqual([]);
    clock = 1500; // exactly nothing left: not over yet
    expect(s.clockNews()).toEqual([]);
    clock = 1501;
    expect(s.clockNews()).toEqual([say(TIME_UP_MINE, 'clock', 'turn', 'assertive')]);
    clock = 70_000;
    expect(s.clockNews()).toEqual([]);
    expect(s.line('repetir').say[0]!.text).toBe(TIME_UP_MINE);
  });

  it("another seat's, to a player and to someone watching, without a sound", () => {
    let clock = 0;
    const spec = { ...MIDGAME, toMove: 1, clocksMs: [760_000, 500] };
    const player = new Session(viewFrom(spec), { localClock: () => clock });
    const watcher = new Session(
      { ...viewFrom(spec), seat: null, rack: null },
      {
        localClock: () => clock,
      },
    );
    clock = 1000;
    for (const s of [player, watcher])
      expect(s.clockNews()).toEqual([say(TIME_UP_ANA, 'clock', undefined, 'assertive')]);
  });

  it('a view that brings it says it before the turn it ran out in, and never again', () => {
    // A client without a running clock (a local terminal): the view says the time as it is.
    const s = new Session(viewFrom({ ...MIDGAME, toMove: 1 }));
    const late = viewFrom({
      ...MIDGAME,
      turns: [...MIDGAME.turns!, [1, 'L4', 'CAPA']],
      clocksMs: [760_000, -2000],
    });
    expect(s.update(late).map((a) => a.text)).toEqual([
      TIME_UP_ANA,
      'Ana: L4 vertical, CAPA, 26.',
      'Tu turno.',
    ]);
    expect(s.clockNews()).toEqual([]);
    expect(s.update({ ...late, clock: { ...late.clock!, remainingMs: [700_000, -2000] } })).toEqual(
      [],
    );
  });

  it('a clock out already when the session starts is no news; by name at a shared screen', () => {
    const out = viewFrom({ ...MIDGAME, clocksMs: [760_000, -60_000] });
    expect(new Session(out).clockNews()).toEqual([]);
    const table = new Session(viewFrom({ ...MIDGAME, names: ['Luis', 'Ana'], clocksMs: [-1, 9] }), {
      byName: true,
    });
    expect(table.clockNews()).toEqual([]);
    const shared = new Session(viewFrom({ ...MIDGAME, names: ['Luis', 'Ana'] }), { byName: true });
    expect(
      shared.update(viewFrom({ ...MIDGAME, names: ['Luis', 'Ana'], clocksMs: [-1, 9] })),
    ).toEqual([
      say(
        'Se acabó el tiempo de Luis: al final pierde 10 puntos por cada minuto empezado de más.',
        'clock',
        undefined,
        'assertive',
      ),
    ]);
    // Said on another person's session at the same screen: taken as heard here (Session.seen).
    const other = new Session(viewFrom({ ...MIDGAME, names: ['Luis', 'Ana'], seat: 1 }), {
      byName: true,
    });
    other.seen(viewFrom({ ...MIDGAME, names: ['Luis', 'Ana'], seat: 1, clocksMs: [-1, 9] }));
    expect(other.clockNews()).toEqual([]);
  });

  it('once the game is over the result counts it, and nothing is said of the clock', () => {
    const s = new Session(viewFrom({ ...MIDGAME, toMove: 1 }));
    const over = viewFrom({
      ...MIDGAME,
      clocksMs: [760_000, -2000],
      end: { scores: [12, 12], winners: [0, 1], timePenalty: [0, 10] },
    });
    expect(
      s
        .update(over)
        .map((a) => a.text)
        .join(' '),
    ).not.toContain('Se acabó');
  });
});

describe('the rack keeps the layout the player knows (UX.md §2.5, liwords #1284)', () => {
  const atril = (s: Session) => s.line('atril').say[0]!.text;

  it('after a play the kept tiles stay in place; a withdrawn play gives back the very layout', () => {
    const s = new Session(viewFrom(MIDGAME));
    expect(atril(s)).toBe('a, e, erre, comodín, che, ese, ele.');
    // S played, an E drawn: the E goes into the S's place.
    s.update(viewFrom({ ...MIDGAME, rack: 'EAER?[CH]L' }));
    expect(atril(s)).toBe('a, e, erre, comodín, che, e, ele.');
    // The play is withdrawn (C-02): the server hands the seven back in its own order.
    s.update(viewFrom({ ...MIDGAME, rack: 'SLAER?[CH]' }));
    expect(atril(s)).toBe('a, e, erre, comodín, che, ese, ele.');
  });

  it('a layout kept from before a reload is laid out again, only for the same tiles', () => {
    const before = new Session(viewFrom(MIDGAME));
    const s = new Session(viewFrom({ ...MIDGAME, rack: 'SLAER?[CH]' }));
    expect(atril(s)).toBe('ese, ele, a, e, erre, comodín, che.');
    expect(s.state.arrange(before.state.slots)).toBe(true);
    expect(atril(s)).toBe('a, e, erre, comodín, che, ese, ele.');
    // Another rack (the saved one is stale): left as it is.
    const other = new Session(viewFrom({ ...MIDGAME, rack: 'SLAER?E' }));
    expect(other.state.arrange(before.state.slots)).toBe(false);
    expect(atril(other)).toBe('ese, ele, a, e, erre, comodín, e.');
    // Not while tiles of this turn are on the board: slots name them.
    s.key({ key: 'h' });
    s.key({ key: 'A', shift: true });
    expect(s.state.arrange([...before.state.slots].reverse())).toBe(false);
  });
});

describe('rack places keep their numbers through the turn, as on a real rack (UX.md §3)', () => {
  const atril = (s: Session) => s.line('atril').say[0]!.text;
  const key = (s: Session, k: string) =>
    s.key(
      k.startsWith('Shift+')
        ? { key: k.slice(6), code: `Digit${k.slice(6)}`, shift: true }
        : { key: k, shift: k !== k.toLowerCase() },
    );

  it('a tile placed leaves its place empty; Backspace and Z put tiles back in their own places', () => {
    const s = new Session(viewFrom(MIDGAME)); // A E R ? CH S L
    key(s, 'h');
    key(s, 'E');
    key(s, 'S');
    expect(atril(s)).toBe('a, vacío, erre, comodín, che, vacío, ele.');
    // The blank is still 4, as C read it before the E and the S were placed.
    expect(s.key({ key: '4' }).say[0]!.text).toBe('4: comodín, 0 puntos.');
    expect(s.key({ key: '2' }).say[0]!.text).toBe('2: vacío, E puesta en L8.');
    key(s, 'Backspace');
    expect(atril(s)).toBe('a, vacío, erre, comodín, che, ese, ele.');
    key(s, 'z');
    expect(atril(s)).toBe('a, e, erre, comodín, che, ese, ele.');
  });

  it('the order (I) still applies, the empty places sorted with their tiles', () => {
    const s = new Session(viewFrom(MIDGAME));
    key(s, 'h');
    key(s, 'E');
    key(s, 'i');
    expect(atril(s)).toBe('a, che, vacío, ele, erre, ese, comodín.');
    expect(s.key({ key: '7' }).say[0]!.text).toBe('7: comodín, 0 puntos.');
  });

  it('the tiles drawn fill the places of the tiles played, in the order drawn; the others stay', () => {
    const s = new Session(viewFrom(MIDGAME));
    key(s, 'h');
    key(s, 'E');
    key(s, 'S');
    expect(s.key({ key: 'f' }).intent?.kind).toBe('place');
    // The server hands the rack in its own order: the five kept, then the two drawn (O, U).
    s.update(
      viewFrom({
        ...MIDGAME,
        rack: 'LA[CH]R?OU',
        toMove: 1,
        turns: [...MIDGAME.turns!, [0, '8H', '....ES']],
      }),
    );
    expect(atril(s)).toBe('a, o, erre, comodín, che, u, ele.');
    // Ana plays: the layout stays as it is.
    s.update(
      viewFrom({
        ...MIDGAME,
        rack: 'LA[CH]R?OU',
        turns: [...MIDGAME.turns!, [0, '8H', '....ES'], [1, 'pass']],
      }),
    );
    expect(atril(s)).toBe('a, o, erre, comodín, che, u, ele.');
  });

  it('after an exchange, the tiles drawn take the places of the tiles given back', () => {
    const s = new Session(viewFrom(MIDGAME));
    key(s, 'g');
    key(s, 'Shift+1');
    key(s, 'Shift+6');
    expect(s.key({ key: 'g' }).intent).toEqual({ kind: 'exchange', tiles: tilesOf('AS') });
    s.update(
      viewFrom({
        ...MIDGAME,
        rack: 'ER?[CH]LOU',
        toMove: 1,
        turns: [...MIDGAME.turns!, [0, 'exchange', 2]],
      }),
    );
    expect(atril(s)).toBe('o, e, erre, comodín, che, u, ele.');
  });

  it('a place its tile left without one to fill it (the bag ran short) closes up', () => {
    const s = new Session(viewFrom(MIDGAME));
    key(s, 'h');
    key(s, 'E');
    key(s, 'S');
    s.key({ key: 'f' });
    s.update(
      viewFrom({
        ...MIDGAME,
        rack: 'LA[CH]R?O',
        bag: 0,
        toMove: 1,
        turns: [...MIDGAME.turns!, [0, '8H', '....ES']],
      }),
    );
    expect(atril(s)).toBe('a, o, erre, comodín, che, ele.');
  });
});

describe('line-mode help (issue 10, item 6)', () => {
  it('lists only what a line can do: no cursor modes, no tiles placed one by one', () => {
    const help = new Session(viewFrom(MIDGAME)).help('line').text;
    expect(help).toContain(
      'valor, previa: Ver los puntos de una jugada sin hacerla: «valor 8H casa».',
    );
    expect(help).toContain('columna: Leer una columna');
    expect(help).toContain('n~ es la Ñ');
    for (const word of ['horizontal:', 'vertical:', 'navegacion', 'retirar', 'linea', 'cursor'])
      expect(help, word).not.toContain(word);
  });
  it('a coordinate typed alone is told its word is missing, not that it is an unknown command', () => {
    const s = new Session(viewFrom(MIDGAME));
    expect(s.line('8H').say.map((a) => a.text)).toEqual([
      'Falta la palabra tras «8H»: escribe la coordenada y la palabra, por ejemplo «8H casa».',
    ]);
    expect(s.line(' h8 ').say[0]!.text).toMatch(/^Falta la palabra tras «h8»/);
    expect(s.line('8Z').say[0]!.text).toBe(
      'Orden desconocida: «8Z». Escribe «ayuda» para ver las órdenes.',
    );
  });
});

describe('Session.snapshot: what a renderer reads (issue 9, item 7)', () => {
  it('is a frozen copy: the rack in its order, this turn’s tiles on the board, the mode', () => {
    const s = new Session(viewFrom(MIDGAME)); // rack A E R ? CH S L; CASA at 8H
    s.key({ key: 'h' });
    s.key({ key: 'S', shift: true }); // S at L8
    const snap = s.snapshot();
    expect(Object.isFrozen(snap) && Object.isFrozen(snap.rack) && Object.isFrozen(snap.board)).toBe(
      true,
    );
    expect(snap.mode).toBe('horizontal');
    expect(snap.modeName).toBe('Escritura horizontal');
    expect(snap.placed).toEqual([{ square: 7 * 15 + 11, slot: 5, tile: tilesOf('S')[0] }]);
    expect(snap.board[7 * 15 + 11]).toBe(tilesOf('S')[0]);
    // Every place, the S's too, empty while the S is on L8: key n stays rack[n-1].
    expect(snap.rack.map((r) => r.slot)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(snap.rack.map((r) => r.placedAt)).toEqual([
      null,
      null,
      null,
      null,
      null,
      7 * 15 + 11,
      null,
    ]);
    s.key({ key: 'i' }); // alphabetical order: the old snapshot does not move
    s.key({ key: 'Backspace' });
    expect(snap.order).toBe('robo');
    expect(snap.placed.length).toBe(1);
    const after = s.snapshot();
    expect(after.order).toBe('alfabetico');
    expect(after.placed).toEqual([]);
    expect(after.rack.map((r) => r.tile)).toEqual([...tilesOf('A[CH]ELRS'), 0]);
  });
});

describe('a client adds its own command to the table (issue 9, item 7)', () => {
  const descargar = (seen: PlaySnapshot[]): ClientCommand => ({
    id: 'descargar',
    keys: ['J'],
    names: ['descargar'],
    help: 'Descargar la partida en GCG.',
    run: (snap) => {
      seen.push(snap);
      return [say(`Partida descargada (${snap.view.history.length} jugadas).`, 'help')];
    },
  });

  it('dispatches its key and word, lists it in both helps, and X repeats it', () => {
    const seen: PlaySnapshot[] = [];
    const s = new Session(viewFrom(MIDGAME), { commands: [descargar(seen)] });
    expect(s.key({ key: 'j' }).say.map((a) => a.text)).toEqual(['Partida descargada (2 jugadas).']);
    expect(s.line('descargar').say.map((a) => a.text)).toEqual(['Partida descargada (2 jugadas).']);
    expect(s.key({ key: 'x' }).say[0]!.text).toBe('Partida descargada (2 jugadas).');
    expect(s.help('key').text).toContain('J: Descargar la partida en GCG.');
    expect(s.help('line').text).toContain('  descargar: Descargar la partida en GCG.');
    expect(s.words()).toContain('descargar');
    expect(seen.length).toBe(2);
    expect(Object.isFrozen(seen[0])).toBe(true);
    // Other sessions keep the core's table: J does nothing there.
    expect(new Session(viewFrom(MIDGAME)).key({ key: 'j' }).say[0]!.text).toBe(
      'J: tecla sin función. Pulsa ? para la ayuda.',
    );
  });

  it('may not take a key or a word of the core', () => {
    const clash = { ...descargar([]), keys: ['T'], names: ['turno'] };
    expect(() => new Session(viewFrom(MIDGAME), { commands: [clash] })).toThrow(
      'client command descargar clashes: key T, word turno',
    );
  });
});

describe('SessionOptions.byName: several people at one screen (issue 10, item 2)', () => {
  const names = ['Luis', 'Ana'];
  const byName = (spec: Parameters<typeof viewFrom>[0]): Session =>
    new Session(viewFrom({ ...spec, names }), { byName: true });

  it('turn, scores, last play and clocks name the viewer instead of saying «Tú»', () => {
    const s = byName(MIDGAME);
    expect(s.line('turno').say[0]!.text).toBe('Turno de Luis.');
    expect(s.line('marcador').say[0]!.text).toBe('Luis 12, Ana 12.');
    expect(s.line('reloj').say[0]!.text).toBe('Luis 12 minutos 40, Ana 9 minutos 5.');
    const own = byName({ ...MIDGAME, turns: MIDGAME.turns!.slice(0, 1), toMove: 1 });
    expect(own.line('ultima').say[0]!.text).toBe('Luis: 8H horizontal, CASA, 12.');
  });

  it("the viewer's own play and the turn coming back are said with names", () => {
    const s = byName({ ...MIDGAME, toMove: 1 });
    const said = s.update(
      viewFrom({ ...MIDGAME, names, turns: [...MIDGAME.turns!, [1, 'L4', 'CAPA']], toMove: 0 }),
    );
    expect(said.map((a) => a.text)).toEqual(['Ana: L4 vertical, CAPA, 26.', 'Turno de Luis.']);
  });

  it('the end names the winner and every score', () => {
    const s = byName(MIDGAME);
    const end = viewFrom({ ...MIDGAME, names, end: { scores: [20, 25], winners: [1] } });
    expect(s.update(end).map((a) => a.text)).toEqual([
      'La partida acaba: todos han pasado dos veces seguidas.',
      'Fin de la partida. Gana Ana: Luis 20, Ana 25.',
    ]);
    const won = byName({ ...MIDGAME, end: { scores: [30, 25], winners: [0] } });
    expect(won.line('resultado').say.at(-1)!.text).toBe(
      'Fin de la partida. Gana Luis: Luis 30, Ana 25.',
    );
  });

  it('without it, the viewer is still «Tú»', () => {
    const s = new Session(viewFrom({ ...MIDGAME, names }));
    expect(s.line('turno').say[0]!.text).toBe('Tu turno.');
    expect(s.line('marcador').say[0]!.text).toBe('Tú 12, Ana 12.');
  });
});

describe('Session.seen: news already said on a shared screen', () => {
  it('a play another session announced is not announced again, nor the end', () => {
    const s = new Session(viewFrom({ ...MIDGAME, toMove: 1 }), { byName: true });
    const played = viewFrom({ ...MIDGAME, turns: [...MIDGAME.turns!, [1, 'L4', 'CAPA']] });
    s.seen(played);
    expect(s.update(played)).toEqual([]);
    // The view itself was taken: the last play is known.
    expect(s.line('ultima').say[0]!.text).toBe('Ana: L4 vertical, CAPA, 26.');
    const end = viewFrom({ ...MIDGAME, end: { scores: [20, 25], winners: [1] } });
    s.seen(end);
    expect(s.update(end)).toEqual([]);
  });
});

describe('Pointer input: drag and drop, click (issue 12)', () => {
  // H8 is the centre; CASA lies on row 8 from H8 to K8 in MIDGAME. Square = row*15 + col.
  const sq = (row: number, col: string): number => (row - 1) * 15 + col.charCodeAt(0) - 65;

  it('drops a rack tile on an empty square in any mode, and the cursor follows it', () => {
    const s = new Session(viewFrom(MIDGAME));
    expect(s.mode).toBe('navegacion');
    const r = s.drop(0, sq(9, 'H'));
    expect(r.say.map((a) => a.text)).toEqual(['A en H9.']);
    expect(s.snapshot().placed).toEqual([{ square: sq(9, 'H'), slot: 0, tile: 1 }]);
    expect(s.cursor).toBe(sq(9, 'H'));
  });

  it('refuses a square already holding a tile, and a tile already placed', () => {
    const s = new Session(viewFrom(MIDGAME));
    expect(s.drop(0, sq(8, 'H')).say[0]!.text).toBe('La casilla H8 ya está ocupada.');
    s.drop(0, sq(9, 'H'));
    expect(s.drop(0, sq(10, 'H')).say[0]!.text).toBe('No hay ficha en esa posición del atril.');
    expect(s.snapshot().placed).toHaveLength(1);
  });

  it('asks for the letter of a dropped blank, which the keyboard or a chooser then gives', () => {
    const s = new Session(viewFrom(MIDGAME));
    const blankSlot = 3; // A E R ? …
    expect(s.drop(blankSlot, sq(9, 'H')).say[0]!.text).toBe('Comodín en H9. ¿Qué letra es?');
    expect(s.awaitingBlank).toBe(true);
    expect(s.designateBlank('ñ').say[0]!.text).toBe('comodín (como Ñ) en H9.');
    expect(s.awaitingBlank).toBe(false);
  });

  it('a button pressed while the blank waits is not its letter: the question again, nothing played or passed', () => {
    const s = new Session(viewFrom(MIDGAME));
    s.drop(3, sq(9, 'H'));
    const question = '¿Qué letra es el comodín? Escribe la letra, o Escape para devolverlo.';
    for (const pressed of ['fin', 'cambiar', 'impugnar', 'retirar', { key: 'p' }] as const) {
      const r = s.button(pressed);
      expect(r.say.map((a) => a.text)).toEqual([question]);
      expect(r.intent).toBeUndefined();
    }
    expect(s.awaitingBlank).toBe(true);
    expect(s.snapshot().pendingPass).toBe(false);
    // What only changes how the game is shown still works.
    expect(s.button('orden').say[0]!.text).toBe('Orden alfabético.');
    expect(s.awaitingBlank).toBe(true);
    // Once the blank has its letter, the same button plays.
    s.designateBlank('a');
    expect(s.button('fin').intent?.kind).toBe('place');
  });

  it('moves a placed tile to another square, or back to the rack', () => {
    const s = new Session(viewFrom(MIDGAME));
    s.drop(1, sq(9, 'H'));
    expect(s.lift(sq(9, 'H'), sq(9, 'I')).say[0]!.text).toBe('E en I9.');
    expect(s.snapshot().placed.map((p) => p.square)).toEqual([sq(9, 'I')]);
    expect(s.lift(sq(9, 'I')).say[0]!.text).toBe('E retirada de I9.');
    expect(s.snapshot().placed).toEqual([]);
    expect(s.snapshot().rack.map((t) => t.slot)).toContain(1);
  });

  it('keeps the letter of a blank moved to another square', () => {
    const s = new Session(viewFrom(MIDGAME));
    s.drop(3, sq(9, 'H'));
    s.designateBlank('o');
    s.lift(sq(9, 'H'), sq(9, 'I'));
    const placed = s.snapshot().placed;
    expect(placed).toHaveLength(1);
    expect(placed[0]!.square).toBe(sq(9, 'I'));
    expect(placed[0]!.tile & 0x7f).toBeGreaterThan(0);
    expect(s.awaitingBlank).toBe(false);
  });
});

describe('seats that wait for their invitees', () => {
  it('T says who is missing, and a player taking a seat is announced as an event', () => {
    const waiting = viewFrom({ names: ['Tú', 'Beto', ''], toMove: 2 });
    const s = new Session(waiting);
    expect(s.key({ key: 't' }).say.map((a) => a.text)).toEqual([
      'Turno de Invitado (asiento 3). Falta un jugador por llegar: jugará cuando entre con su invitación.',
    ]);
    const arrived = s.update({
      ...waiting,
      seats: waiting.seats.map((x, i) => (i === 2 ? { ...x, name: 'Carla' } : x)),
    });
    expect(arrived.map((a) => [a.text, a.priority])).toEqual([
      ['Carla ha llegado a la mesa.', 'assertive'],
    ]);
    expect(s.key({ key: 't' }).say.map((a) => a.text)).toEqual(['Turno de Carla.']);
  });

  it('once the game is over nobody is waited for: T says it ended, not who is missing', () => {
    const over = viewFrom({ names: ['Tú', 'Beto', ''], end: { scores: [0, 0, 0], winners: [1] } });
    expect(new Session(over).key({ key: 't' }).say.map((a) => a.text)).toEqual([
      'La partida ha terminado.',
    ]);
  });
});

describe('a player who drops out of an online game', () => {
  it('is announced as an event when the server shows the seat away, marked in S and T, and back politely', () => {
    const table = viewFrom({ names: ['Tú', 'Beto', 'Carla'], toMove: 1 });
    const s = new Session(table);
    const withAway = (away: boolean) => ({
      ...table,
      seats: table.seats.map((x, i) => (i === 1 && away ? { ...x, away: true as const } : x)),
    });
    expect(s.update(withAway(true)).map((a) => [a.text, a.priority])).toEqual([
      ['Beto ya no está en la mesa.', 'assertive'],
    ]);
    expect(s.key({ key: 's' }).say[0]!.text).toContain('Beto 0 (ausente), Carla 0');
    expect(s.key({ key: 't' }).say.map((a) => a.text)).toEqual(['Turno de Beto (ausente).']);
    expect(s.update(withAway(false)).map((a) => [a.text, a.priority])).toEqual([
      ['Beto ha vuelto a la mesa.', 'polite'],
    ]);
    expect(s.key({ key: 's' }).say[0]!.text).not.toContain('ausente');
    expect(s.key({ key: 't' }).say.map((a) => a.text)).toEqual(['Turno de Beto.']);
  });

  it('away on their turn for the claim time: the other players hear they may claim the game, once; a watcher does not', () => {
    const table = viewFrom({ names: ['Tú', 'Beto', 'Carla'], toMove: 1 });
    const seatsWith = (seat: number, flags: object) =>
      table.seats.map((x, i) => (i === seat ? { ...x, away: true as const, ...flags } : x));
    const claimable = { ...table, seats: seatsWith(1, { claimable: true }) };
    const s = new Session(table, { claimHow: 'escribe «reclamar»' });
    s.update({ ...table, seats: seatsWith(1, {}) });
    // Three seats: a claim ends the game for everyone, and the sentence says so.
    expect(s.update(claimable).map((a) => [a.text, a.priority])).toEqual([
      [
        'Beto lleva más de 2 minutos fuera de la mesa en su turno: puedes reclamar la partida (escribe «reclamar»): termina para todos y la pierde Beto. O seguir esperando.',
        'assertive',
      ],
    ]);
    expect(s.update({ ...claimable, version: claimable.version + 1 })).toEqual([]);
    // T and the arrival say it too, for whoever missed the moment (a reload).
    expect(s.key({ key: 't' }).say.map((a) => a.text)).toEqual([
      'Turno de Beto (ausente): puedes reclamar la partida.',
    ]);
    // Claimable off turn: nothing to claim yet.
    const offTurn = new Session(table, { claimHow: 'x' });
    expect(offTurn.update({ ...table, seats: seatsWith(2, { claimable: true }) })).toHaveLength(1);
    expect(offTurn.update({ ...table, seats: seatsWith(2, { claimable: true }) })).toEqual([]);
    const watcher = new Session({ ...table, seat: null, rack: null }, { claimHow: 'x' });
    expect(watcher.update({ ...claimable, seat: null, rack: null }).map((a) => a.text)).toEqual([
      'Beto ya no está en la mesa.',
    ]);
  });

  it('the turn reaching a claimable player is said first, then that the game may be claimed; two seats: «la pierde»', () => {
    const table = viewFrom({ names: ['Tú', 'Beto', 'Carla'], toMove: 2 });
    const away = table.seats.map((x, i) =>
      i === 1 ? { ...x, away: true as const, claimable: true as const } : x,
    );
    const s = new Session({ ...table, seats: away }, { claimHow: 'x' });
    const passed = viewFrom({
      names: ['Tú', 'Beto', 'Carla'],
      turns: [[2, 'pass']],
      toMove: 1,
    });
    expect(s.update({ ...passed, seats: away }).map((a) => a.text)).toEqual([
      'Carla pasa.',
      'Beto lleva más de 2 minutos fuera de la mesa en su turno: puedes reclamar la partida (x): termina para todos y la pierde Beto. O seguir esperando.',
    ]);
    const two = viewFrom({ names: ['Tú', 'Beto'], toMove: 1 });
    const s2 = new Session(two, { claimHow: 'x' });
    const claimable2 = two.seats.map((x, i) =>
      i === 1 ? { ...x, away: true as const, claimable: true as const } : x,
    );
    expect(s2.update({ ...two, seats: claimable2 }).map((a) => a.text)).toContain(
      'Beto lleva más de 2 minutos fuera de la mesa en su turno: puedes reclamar la partida (x): la pierde Beto. O seguir esperando.',
    );
  });

  // Tú, Beto and Carla, the seats given shown away.
  const seatsAway = (...away: number[]) => {
    const table = viewFrom({ names: ['Tú', 'Beto', 'Carla'], toMove: 0 });
    return {
      ...table,
      seats: table.seats.map((x, i) => (away.includes(i) ? { ...x, away: true as const } : x)),
    };
  };

  it('after a reconnection, who the first view shows at the table is no news: a restarted server counts everyone present for a while', () => {
    let clock = 0;
    const s = new Session(seatsAway(1), { localClock: () => clock });
    // The server started again: Beto, still in the lobby, is shown present while it waits.
    s.reconnected(25_000);
    expect(s.update(seatsAway())).toEqual([]);
    expect(s.key({ key: 's' }).say[0]!.text).not.toContain('ausente');
    // Its wait over, Beto is away again: what the player last heard of him holds.
    clock = 20_000;
    expect(s.update(seatsAway(1))).toEqual([]);
    clock = 26_000;
    expect(s.settlePresence()).toEqual([]);
    // Later news of him is said as always.
    clock = 60_000;
    expect(s.update(seatsAway()).map((a) => a.text)).toEqual(['Beto ha vuelto a la mesa.']);
    expect(s.update(seatsAway(1)).map((a) => a.text)).toEqual(['Beto ya no está en la mesa.']);
  });

  it('after a reconnection a departure is still said, a return once the wait of the server is over, and later news as always', () => {
    let clock = 0;
    const s = new Session(seatsAway(1), { localClock: () => clock });
    s.reconnected(25_000);
    // Carla left while the link was down: that is news; Beto's return is not.
    expect(s.update(seatsAway(2)).map((a) => a.text)).toEqual(['Carla ya no está en la mesa.']);
    // Beto really came back meanwhile: said once the wait is over, and only then.
    clock = 24_999;
    expect(s.settlePresence()).toEqual([]);
    clock = 25_000;
    expect(s.settlePresence().map((a) => a.text)).toEqual(['Beto ha vuelto a la mesa.']);
    expect(s.settlePresence()).toEqual([]);
    // He leaves later: said.
    clock = 30_000;
    expect(s.update(seatsAway(1, 2)).map((a) => a.text)).toEqual(['Beto ya no está en la mesa.']);
    // Only the first view after a reconnection is taken as it stands.
    expect(s.update(seatsAway(1)).map((a) => a.text)).toEqual(['Carla ha vuelto a la mesa.']);
  });

  it('a seat held for a player who has not come yet (a rematch): not gone while awaited, and their coming is an arrival', () => {
    const table = viewFrom({ names: ['Tú', 'Bea'] });
    const bea = (flags: { away?: true; arriving?: true }) => ({
      ...table,
      seats: table.seats.map((x, i) => (i === 1 ? { ...x, ...flags } : x)),
    });
    // Shown away once the server's wait for her is over: she has not left, she has not come.
    const s = new Session(bea({ arriving: true }));
    expect(s.update(bea({ arriving: true, away: true })).map((a) => [a.text, a.priority])).toEqual([
      ['Bea aún no ha llegado a la mesa.', 'assertive'],
    ]);
    // She opens the game for the first time: she arrives, as a seat taken does.
    expect(s.update(bea({})).map((a) => [a.text, a.priority])).toEqual([
      ['Bea ha llegado a la mesa.', 'assertive'],
    ]);
    // Once she has been there, leaving and coming back is a return.
    expect(s.update(bea({ away: true })).map((a) => a.text)).toEqual([
      'Bea ya no está en la mesa.',
    ]);
    expect(s.update(bea({})).map((a) => a.text)).toEqual(['Bea ha vuelto a la mesa.']);
    // Arriving before the server ever showed her away is heard too.
    const soon = new Session(bea({ arriving: true }));
    expect(soon.update(bea({})).map((a) => a.text)).toEqual(['Bea ha llegado a la mesa.']);
    // After a reconnection a restarted server knows nobody yet: whoever comes is no news.
    let clock = 0;
    const back = new Session(bea({ arriving: true }), { localClock: () => clock });
    back.reconnected(25_000);
    expect(back.update(bea({ arriving: true }))).toEqual([]);
    clock = 10_000;
    expect(back.update(bea({}))).toEqual([]);
  });

  it('a player seen at the table before a server restart is not «arriving» to this page after it', () => {
    const table = viewFrom({ names: ['Tú', 'Ana'] });
    const ana = (flags: { away?: true; arriving?: true }) => ({
      ...table,
      seats: table.seats.map((x, i) => (i === 1 ? { ...x, ...flags } : x)),
    });
    let clock = 0;
    const s = new Session(ana({ away: true }), { localClock: () => clock });
    // The restarted server has not seen Ana (she stays in the lobby): it shows her present,
    // and arriving, while it waits for everyone, then away: what was heard of her holds.
    s.reconnected(25_000);
    expect(s.update(ana({ arriving: true }))).toEqual([]);
    clock = 21_000;
    expect(s.update(ana({ arriving: true, away: true }))).toEqual([]);
    // Later she comes back, and leaves: a return and a departure, as before the restart.
    clock = 60_000;
    expect(s.update(ana({})).map((a) => a.text)).toEqual(['Ana ha vuelto a la mesa.']);
    expect(s.update(ana({ away: true })).map((a) => a.text)).toEqual([
      'Ana ya no está en la mesa.',
    ]);
    // Flagged arriving again by a server that knows nobody: still a return.
    expect(s.update(ana({ away: true, arriving: true }))).toEqual([]);
    expect(s.update(ana({})).map((a) => a.text)).toEqual(['Ana ha vuelto a la mesa.']);
  });

  it('once the game is over, who leaves and comes back is still said: it matters for a rematch', () => {
    const over = viewFrom({ names: ['Tú', 'Beto'], end: { scores: [0, 0], winners: [0] } });
    const s = new Session(over);
    const away = over.seats.map((x, i) => (i === 1 ? { ...x, away: true as const } : x));
    expect(s.update({ ...over, seats: away }).map((a) => a.text)).toEqual([
      'Beto ya no está en la mesa.',
    ]);
    expect(s.update(over).map((a) => a.text)).toEqual(['Beto ha vuelto a la mesa.']);
  });

  it('a claimed game reads as lost by the absent player, for the claimer, the absent one and the others', () => {
    const over = viewFrom({ names: ['Ana', 'Beto', 'Carla'], toMove: 1 });
    const claim = { index: 0, kind: 'resign' as const, seat: 1, total: 0, claimedBy: 0 };
    expect(turnRecordText(over, claim, false)).toBe(
      'Reclamas la partida: Beto la pierde por no estar en la mesa en su turno.',
    );
    expect(turnRecordText({ ...over, seat: 1 }, claim, false)).toBe(
      'Ana reclama la partida: la pierdes por no estar en la mesa en tu turno.',
    );
    expect(turnRecordText({ ...over, seat: 2 }, claim, false)).toBe(
      'Ana reclama la partida: Beto la pierde por no estar en la mesa en su turno.',
    );
  });

  it('«resultado» says who resigned or whose game was claimed, for someone who opens the finished game later', () => {
    // The absent player, back at the finished game, hears why at once (T, and the arrival).
    expect(new Session(resignedView(1)).key({ key: 't' }).say[0]!.text).toBe(
      'La partida ha terminado. Ana reclama la partida: la pierdes por no estar en la mesa en tu turno.',
    );
    expect(new Session(resignedView(1)).line('resultado').say.map((a) => a.text)).toEqual([
      'Ana reclama la partida: la pierdes por no estar en la mesa en tu turno.',
      'Fin de la partida. Gana Ana: Ana 0, Tú 0.',
    ]);
    expect(new Session(resignedView(0, false)).line('resultado').say[0]!.text).toBe(
      'Beto abandona.',
    );
  });
});

describe('a watcher has no rack (issue 12: an observer never sees one)', () => {
  it('C, 1–9 and «atril» say there is no seat rather than reading an empty rack', () => {
    const s = new Session({ ...viewFrom(MIDGAME), seat: null, rack: null, lastDrawn: [] });
    const noSeat = ['No tienes asiento en esta partida: solo puedes mirarla.'];
    expect(s.key({ key: 'c' }).say.map((a) => a.text)).toEqual(noSeat);
    expect(s.key({ key: '1', code: 'Digit1' }).say.map((a) => a.text)).toEqual(noSeat);
    expect(s.line('atril').say.map((a) => a.text)).toEqual(noSeat);
    // A seated player still hears the rack.
    expect(new Session(viewFrom(MIDGAME)).key({ key: 'c' }).say[0]!.text).toMatch(/^a, e, /);
  });
  it('a play, a pass, an exchange or a challenge by a watcher says they only watch, not «No es tu turno»', () => {
    const s = new Session({ ...viewFrom(MIDGAME), seat: null, rack: null, lastDrawn: [] });
    const noSeat = ['No tienes asiento en esta partida: solo puedes mirarla.'];
    for (const line of ['8H casa', 'pasar', 'cambiar A', 'impugnar'])
      expect(s.line(line).say.map((a) => a.text)).toEqual(noSeat);
    expect(s.key({ key: 'd' }).say.map((a) => a.text)).toEqual(noSeat);
    // A seated player out of turn still hears that it is not their turn.
    const waiting = new Session(viewFrom({ ...MIDGAME, toMove: 1 }));
    expect(waiting.line('pasar').say[0]!.text).toBe('No es tu turno.');
  });
  it('H and V open no writing mode for a watcher, nor once the game is over', () => {
    const noSeat = 'No tienes asiento en esta partida: solo puedes mirarla.';
    const watcher = new Session({ ...viewFrom(MIDGAME), seat: null, rack: null, lastDrawn: [] });
    for (const key of ['h', 'v']) {
      expect(watcher.key({ key }).say.map((a) => a.text)).toEqual([noSeat]);
      expect(watcher.mode).toBe('navegacion');
    }
    const over = new Session(viewFrom({ ...MIDGAME, end: { scores: [12, 12], winners: [0, 1] } }));
    for (const key of ['h', 'v']) {
      expect(over.key({ key }).say.map((a) => a.text)).toEqual(['La partida ha terminado.']);
      expect(over.mode).toBe('navegacion');
    }
    // Out of turn, a seated player may still lay tiles down ahead.
    const waiting = new Session(viewFrom({ ...MIDGAME, toMove: 1 }));
    expect(waiting.key({ key: 'h' }).say[0]!.text).toMatch(/^Escritura horizontal desde /);
  });
});

describe('E-06: the last play of the game waits to be challenged or accepted', () => {
  const finalWindow = {
    ...viewFrom({ ...MIDGAME, toMove: 1 }),
    phase: 'final-challenge' as const,
    canExchange: false,
    canChallenge: true,
  };
  const onTurn = { ...finalWindow, turn: 0 };
  const only =
    'La partida acaba: solo puedes impugnar la última jugada («impugnar», tecla D) o aceptarla («pasar», tecla P).';

  it('the player on turn is told what they may do, not just «Tu turno»', () => {
    const s = new Session(finalWindow);
    expect(s.update(onTurn).map((a) => a.text)).toEqual([`Tu turno. ${only}`]);
  });

  it('the player whose play may end the game hears that it waits for an answer', () => {
    const names = ['Tú', 'Ana'];
    const s = new Session(viewFrom({ names, toMove: 0 }));
    const said = s.update({
      ...viewFrom({ names, turns: [[0, '8H', 'CASA']], toMove: 1 }),
      phase: 'final-challenge',
    });
    expect(said.map((a) => a.text).at(-1)).toBe(
      'Turno de Ana. Tu jugada cierra la partida si nadie la impugna.',
    );
  });

  it('by name (one screen for everyone), the window is left to the next turn, said once', () => {
    const names = ['Ana', 'Luis'];
    const s = new Session(viewFrom({ names, toMove: 0 }), { byName: true });
    const said = s.update({
      ...viewFrom({ names, turns: [[0, '8H', 'CASA']], toMove: 1 }),
      phase: 'final-challenge',
    });
    expect(said.map((a) => a.text)).toEqual(['Ana: 8H horizontal, CASA, 12.']);
  });

  it('by name, before the next person has the keyboard, no key is named to the table', () => {
    const names = ['Ana', 'Luis'];
    const s = new Session(viewFrom({ names, seat: 1, toMove: 0 }), { byName: true });
    s.awaitKeyboard(true);
    const said = s.update({
      ...viewFrom({ names, seat: 1, turns: [[0, '8H', 'CASA']], toMove: 1 }),
      phase: 'final-challenge',
    });
    expect(said.map((a) => a.text)).toEqual(['Ana: 8H horizontal, CASA, 12.', 'Turno de Luis.']);
    expect(s.key({ key: 't' }).say.map((a) => a.text)).toEqual([
      'Turno de Luis. La última jugada cierra la partida si nadie la impugna.',
    ]);
    s.awaitKeyboard(false);
    expect(s.key({ key: 't' }).say.map((a) => a.text)).toEqual([`Turno de Luis. ${only}`]);
  });

  it('in line mode, trying something else is refused naming the commands, not the keys', () => {
    const lines = new Session(onTurn, { linesOnly: true });
    const onlyLines =
      'La partida acaba: solo puedes impugnar la última jugada («impugnar») o aceptarla («pasar»).';
    expect(lines.line('cambiar AEU').say.map((a) => a.text)).toEqual([onlyLines]);
    const refused = { ok: false, error: { code: 'FINAL_CHALLENGE_WINDOW' } } as const;
    expect(lines.moveOutcome(refused).map((a) => a.text)).toEqual([onlyLines]);
    // Key mode keeps its keys.
    const keys = new Session(onTurn);
    expect(keys.line('cambiar AEU').say.map((a) => a.text)).toEqual([only]);
    expect(keys.moveOutcome(refused).map((a) => a.text)).toEqual([only]);
  });

  it('P asks whether to accept the play, not whether to pass; the second P accepts', () => {
    const s = new Session(onTurn);
    expect(s.key({ key: 'p' }).say.map((a) => a.text)).toEqual([
      '¿Aceptar la última jugada? Pulsa P otra vez.',
    ]);
    expect(s.key({ key: 'p' }).intent).toEqual({ kind: 'pass' });
  });

  it('D asks before challenging, as P asks before accepting; X repeats the question', () => {
    const s = new Session({ ...onTurn, canChallenge: true });
    const asked = ['¿Impugnar la última jugada? Pulsa D otra vez.'];
    expect(s.key({ key: 'd' }).say.map((a) => a.text)).toEqual(asked);
    expect(s.key({ key: 'x' }).say.map((a) => a.text)).toEqual(asked);
    expect(s.key({ key: 'd' }).intent).toEqual({ kind: 'challenge' });
    // Asked and then answered by P: the challenge is off, and P asks its own question.
    s.key({ key: 'd' });
    expect(s.key({ key: 'p' }).say.map((a) => a.text)).toEqual([
      'Impugnación cancelada.',
      '¿Aceptar la última jugada? Pulsa P otra vez.',
    ]);
    // A question dropped without a key (a terminal's Intro): the next D asks again.
    s.key({ key: 'd' });
    expect(s.dropQuestion().map((a) => a.text)).toEqual(['Impugnación cancelada.']);
    expect(s.key({ key: 'd' }).say.map((a) => a.text)).toEqual(asked);
  });

  it('a D asked about a play is not an answer about the next one', () => {
    const names = ['Ana', 'Luis', 'Eva'];
    const s = new Session({
      ...viewFrom({ names, seat: 2, turns: [[0, '8H', 'CASA']], toMove: 1 }),
      canChallenge: true,
    });
    s.key({ key: 'd' });
    s.update({
      ...viewFrom({
        names,
        seat: 2,
        turns: [
          [0, '8H', 'CASA'],
          [1, 'pass'],
        ],
        toMove: 2,
      }),
      canChallenge: true,
    });
    expect(s.key({ key: 'd' }).intent).toBeUndefined();
  });

  it('an exchange is refused for that reason, not for the bag (which may be full)', () => {
    const s = new Session(onTurn);
    expect(s.line('cambiar AE').say[0]!.text).toBe(only);
    expect(s.key({ key: 'g' }).say[0]!.text).toBe(only);
  });
});

describe('cambiar in the line of commands (X-01)', () => {
  const names = ['Tú', 'Ana'];
  const exchange = (rack: string, text: string) => {
    const s = new Session(viewFrom({ names, rack, toMove: 0 }));
    const r = s.line(`cambiar ${text}`);
    return r.intent?.kind === 'exchange'
      ? tilesToGcg(SPANISH, r.intent.tiles, '?')
      : r.say[0]!.text;
  };

  it('LL is the LL tile when the rack holds it, else two L; a space always parts letters', () => {
    expect(exchange('CDLLNRT', 'LL')).toBe('LL');
    expect(exchange('CDLLNRT', 'l l')).toBe('LL');
    expect(exchange('CD[LL]NRT', 'LL')).toBe('[LL]');
    expect(exchange('CD[LL]LLRT', 'LL')).toBe('[LL]');
    expect(exchange('CD[LL]LLRT', 'L L')).toBe('LL');
    expect(exchange('ACHEIOU', 'ch')).toBe('CH');
    expect(exchange('A[CH]EIOU', 'c h')).toBe('No tienes la C en el atril.');
    expect(exchange('AERR?OU', 'rr?')).toBe('RR?');
  });

  it('[LL] in brackets is only the tile', () => {
    expect(exchange('CDLLNRT', '[LL]')).toBe('No tienes la LL en el atril.');
  });
});

describe('a play typed on the line of commands', () => {
  it('«valor 8H», a coordinate without a word, is answered as «8H» alone is', () => {
    const s = new Session(viewFrom({ names: ['Tú', 'Ana'], rack: 'CASAXYZ', toMove: 0 }));
    const missing =
      'Falta la palabra tras «8H»: escribe la coordenada y la palabra, por ejemplo «8H casa».';
    expect(s.line('valor 8H').say.map((a) => a.text)).toEqual([missing]);
    expect(s.line('8H').say.map((a) => a.text)).toEqual([missing]);
  });
});

describe('words after a command that takes none', () => {
  it('are refused, for every such command of the table, and nothing runs', () => {
    const argless = COMMANDS.filter((c) => !c.takesArg).flatMap((c) => c.names);
    expect(argless).toEqual(expect.arrayContaining(['pasar', 'ayuda', 'turno', 'retirar']));
    for (const name of argless) {
      const s = new Session(viewFrom(MIDGAME));
      const r = s.line(`${name} ahora`);
      expect(r.say.map((a) => a.text)).toEqual([
        `«${name}» no lleva nada detrás: escribe solo «${name}».`,
      ]);
      expect(r.intent).toBeUndefined();
      expect(s.mode).toBe('navegacion');
    }
  });

  it('«pasar» alone still passes at once, and a command that reads words still reads them', () => {
    const s = new Session(viewFrom(MIDGAME));
    expect(s.line('Pasar ya').say[0]!.text).toBe(
      '«Pasar» no lleva nada detrás: escribe solo «Pasar».',
    );
    expect(s.line('pasar').intent).toEqual({ kind: 'pass' });
    expect(s.line('ficha 3').say[0]!.text).toBe('3: erre, 1 punto.');
  });

  it('a client command that takes none refuses them too', () => {
    const s = new Session(viewFrom(MIDGAME), {
      commands: [{ id: 'reclamar', names: ['reclamar'], help: 'Reclamar.', run: () => [] }],
    });
    expect(s.line('reclamar ya').say[0]!.text).toBe(
      '«reclamar» no lleva nada detrás: escribe solo «reclamar».',
    );
  });
});

describe('Cambio mode (UX.md §2.2)', () => {
  it('the arrows, Home and End leave the cursor where it was; after Escape they move it again', () => {
    const s = new Session(viewFrom(MIDGAME));
    const at = s.cursor;
    s.key({ key: 'g' });
    for (const key of ['ArrowRight', 'ArrowDown', 'Home', 'End']) {
      expect(s.key({ key }).say[0]!.category).toBe('mode');
      expect(s.cursor).toBe(at);
    }
    s.key({ key: 'Escape' });
    s.key({ key: 'ArrowRight' });
    expect(s.cursor).toBe(at + 1);
  });
});

describe('help', () => {
  it('names both question marks as its keys: ¿ is Shift+¡ on a Spanish keyboard', () => {
    const help = new Session(viewFrom(MIDGAME)).key({ key: '¿' }).say[0]!.text;
    expect(help).toContain('interrogación o abrir interrogación o F1: Ayuda del modo actual');
  });

  it('names the colon first for the command line: on a Spanish keyboard «/» is Shift+7', () => {
    const help = new Session(viewFrom(MIDGAME)).key({ key: '?' }).say[0]!.text;
    expect(help).toContain(
      'dos puntos o /: Abrir la línea de órdenes (turno, marcador, atril, pasar, cambiar AEU, 8H casa …). En un teclado español, los dos puntos son Mayúsculas y punto.',
    );
  });
});

describe('a client of lines only (a terminal line mode)', () => {
  it('«cambiar» without tiles asks for them on the line, not for keys it has not got', () => {
    const lines = new Session(viewFrom(MIDGAME), { linesOnly: true });
    expect(lines.line('cambiar').say.map((a) => a.text)).toEqual([
      'Di qué fichas cambias: «cambiar AEU» («?» es el comodín).',
    ]);
    expect(lines.snapshot().mode).toBe('navegacion');
    // With keys (the web's button, key mode) it opens exchange mode.
    expect(new Session(viewFrom(MIDGAME)).line('cambiar').say[0]!.text).toMatch(/^Modo cambio\./);
  });
});

describe('Session.openingDraw: the opening draw on arrival (G-02)', () => {
  const opening = { first: 1, draws: ['0E 1B'] };
  const said =
    'Sorteo de salida: tú sacas la E; Ana, la B. Empieza Ana: su ficha es la más cercana a la A.';

  it('G-02: said to a player who has not played yet, even after the first player opened', () => {
    expect(new Session(viewFrom({ opening })).openingDraw()).toEqual([say(said, 'event')]);
    const opened = viewFrom({ opening, turns: [[1, '8H', 'CASA']] });
    expect(new Session(opened).openingDraw().map((a) => a.text)).toEqual([said]);
  });

  it('G-02: not once the player has played, nor to an observer after the first turn', () => {
    const turns = [
      [1, '8H', 'CASA'],
      [0, 'pass'],
    ] as const;
    expect(new Session(viewFrom({ opening, turns })).openingDraw()).toEqual([]);
    const watching = { ...viewFrom({ opening, turns: [[1, '8H', 'CASA']] }), seat: null };
    expect(new Session(watching).openingDraw()).toEqual([]);
    expect(new Session({ ...viewFrom({ opening }), seat: null }).openingDraw()).toHaveLength(1);
  });

  it('G-02: people at one screen hear every seat by name; a game over or without a draw, nothing', () => {
    const hotSeat = new Session(viewFrom({ opening, names: ['Luis', 'Ana'] }), { byName: true });
    expect(hotSeat.openingDraw()[0]!.text).toBe(
      'Sorteo de salida: Luis saca la E; Ana, la B. Empieza Ana: su ficha es la más cercana a la A.',
    );
    const over = viewFrom({ opening, end: { scores: [0, 0], winners: [0, 1] } });
    expect(new Session(over).openingDraw()).toEqual([]);
    expect(new Session(viewFrom({})).openingDraw()).toEqual([]);
  });
});
