/**
 * The page's controller drives the same Session as the terminal: keys in, announcements in
 * the live regions' texts, intents out to the server as actions, refusals said in Spanish.
 */
import { describe, expect, it, vi } from 'vitest';
import { MIDGAME } from '../../play/testing/cases.js';
import type { ViewSpec } from '../../play/testing/views.js';
import { viewFrom } from '../../play/testing/views.js';
import { type Act, FOCUS_WAIT_MS, GameController, type GamePort } from './controller.js';
import { LOW_TIME_MS } from '../../play/session.js';
import { speakingMs } from '../live.js';
import { TOURNAMENT_CLOCK, makeRules } from '../../engine/rules.js';

type Outcome = Awaited<ReturnType<GamePort['act']>>;

function setup(
  answer: Outcome = { ok: true },
  spec = MIDGAME,
  focusMovesTo: (square: number) => boolean = () => false,
) {
  const sent: Act[] = [];
  const sounds: string[] = [];
  let now = 1000;
  const ctl = new GameController(
    viewFrom(spec),
    {
      act: (a) => {
        sent.push(a);
        return Promise.resolve(answer);
      },
    },
    { sound: (s) => sounds.push(s), clock: () => now, focusFollowsCursor: focusMovesTo },
  );
  return { ctl, sent, sounds, advance: (ms: number) => (now += ms) };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('GameController: keys to the session, replies to the live regions', () => {
  it('says T, S and C politely, as the core words them', () => {
    const { ctl } = setup();
    ctl.key({ key: 't' });
    expect(ctl.polite.value.text).toBe('Tu turno.');
    ctl.key({ key: 's' });
    expect(ctl.polite.value.text).toBe('Tú 12, Ana 12.');
    ctl.key({ key: 'c' });
    expect(ctl.polite.value.text).toBe('a, e, erre, comodín, che, ese, ele.');
    expect(ctl.assertive.value.text).toBe('');
  });

  it('arriving says the last move when someone else made it, then whose turn it is, in one announcement', () => {
    const { ctl } = setup();
    ctl.arrive();
    expect(ctl.polite.value.text).toBe('Ana: K5 vertical, PESA, 12. Tu turno.');
    ctl.arrive('Revancha: una partida nueva, con los mismos asientos.');
    expect(ctl.polite.value.text).toBe(
      'Revancha: una partida nueva, con los mismos asientos. Ana: K5 vertical, PESA, 12. Tu turno.',
    );
    // Another player's rematch took the viewer here: an event they did not cause (UX §2.5).
    const theirs = setup();
    theirs.ctl.arrive('Revancha: una partida nueva, con los mismos asientos.', true);
    expect(theirs.ctl.assertive.value.text).toBe(
      'Revancha: una partida nueva, con los mismos asientos. Ana: K5 vertical, PESA, 12. Tu turno.',
    );
    expect(theirs.ctl.polite.value.text).toBe('');
    // The viewer's own move is not news to them.
    const own = setup(undefined, {
      ...MIDGAME,
      toMove: 1,
      turns: [
        [1, '8H', 'CASA'],
        [0, 'K5', 'PES.'],
      ],
    });
    own.ctl.arrive();
    expect(own.ctl.polite.value.text).toBe('Turno de Ana.');
  });

  it('G-02: arriving at a game the viewer has not played in yet says the opening draw first', () => {
    // Ana drew the closer tile and opened; the viewer has not played.
    const fresh = setup(undefined, {
      ...MIDGAME,
      turns: [[1, '8H', 'CASA']],
      opening: { first: 1, draws: ['0E 1B'] },
    });
    fresh.ctl.arrive();
    expect(fresh.ctl.polite.value.text).toBe(
      'Sorteo de salida: tú sacas la E; Ana, la B. Empieza Ana: su ficha es la más cercana a la A. Ana: 8H horizontal, CASA, 12. Tu turno.',
    );
    // Once the viewer has played, the draw is old news.
    const later = setup(undefined, { ...MIDGAME, opening: { first: 0, draws: ['0B 1E'] } });
    later.ctl.arrive();
    expect(later.ctl.polite.value.text).toBe('Ana: K5 vertical, PESA, 12. Tu turno.');
  });

  it('after a reconnection, a player who came back while the server waited is heard on the tick after the wait', () => {
    const { ctl, advance } = setup();
    const view = ctl.session.view;
    ctl.update({ ...view, seats: view.seats.map((x, i) => (i === 1 ? { ...x, away: true } : x)) });
    ctl.session.reconnected(25_000);
    ctl.update(view);
    ctl.onTick();
    expect(ctl.polite.value.text).not.toContain('ha vuelto');
    advance(25_000);
    ctl.onTick();
    expect(ctl.polite.value.text).toBe('Ana ha vuelto a la mesa.');
  });

  it('arriving at a finished game says how it ended and who won, politely; then where the links are, when asked', () => {
    const over = setup(undefined, {
      ...MIDGAME,
      turns: [...MIDGAME.turns!, [0, 'pass'], [1, 'pass'], [0, 'pass'], [1, 'pass']],
      end: { scores: [12, 12], winners: [0, 1] },
    });
    over.ctl.arrive();
    expect(over.ctl.polite.value.text).toBe(
      'La partida acaba: todos han pasado dos veces seguidas. Fin de la partida. Empate: Tú 12, Ana 12.',
    );
    expect(over.ctl.assertive.value.text).toBe('');
    const waiting = setup();
    waiting.ctl.arrive(
      undefined,
      false,
      'Su enlace de invitación está en la sección «Invitaciones».',
    );
    expect(waiting.ctl.polite.value.text).toBe(
      'Ana: K5 vertical, PESA, 12. Tu turno. Su enlace de invitación está en la sección «Invitaciones».',
    );
  });

  it('makes a repeated message new (a no-break space), so a screen reader reads it again', () => {
    const { ctl } = setup();
    ctl.key({ key: 't' });
    const first = ctl.polite.value;
    ctl.key({ key: 't' });
    expect(ctl.polite.value.text).toBe('Tu turno.\u00a0');
    expect(ctl.polite.value.n).toBe(first.n + 1);
    ctl.key({ key: 't' });
    expect(ctl.polite.value.text).toBe('Tu turno.');
  });

  it("leaves a cursor move to the focused square's name when the focus follows it (UX §2.5)", () => {
    // The focus is on the board, on the square the cursor leaves.
    let focused = 112;
    const { ctl, sounds } = setup(undefined, MIDGAME, (sq) => sq !== focused);
    const before = ctl.polite.value;
    ctl.key({ key: 'ArrowRight' });
    // Not spoken twice: the square the focus lands on is read by its name.
    expect(ctl.polite.value).toBe(before);
    expect(ctl.latest.value?.text).toBe('I8, A, 1 punto.');
    // O asks for the square the focus is already on: only the region can say it.
    ctl.key({ key: 'o' });
    expect(ctl.polite.value.text).toBe('I8, A, 1 punto.');
    // At the edge the cursor stays: the region says so, with the edge sound.
    ctl.key({ key: 'Home', ctrl: true });
    ctl.key({ key: 'ArrowUp' });
    expect(ctl.polite.value.text).toBe('Borde del tablero. A1.');
    expect(sounds).toContain('edge');
    // A square that already has the focus (a tile taken back by a click on it) is not read
    // again by the screen reader: the region says it.
    focused = 1;
    ctl.key({ key: 'ArrowRight' });
    expect(ctl.polite.value.text).toBe('B1, vacía.');
    // Shift+letter jumps are left to the focus too; a search that wraps says only that.
    const quiet = ctl.polite.value;
    ctl.key({ key: 'A', shift: true });
    ctl.key({ key: 'A', shift: true });
    expect(ctl.polite.value).toBe(quiet);
    expect(ctl.latest.value?.text).toBe('K8, A, 1 punto.');
    ctl.key({ key: 'A', shift: true });
    expect(sounds).toContain('wrap');
    // Said once the focus is there, after the square's name.
    expect(ctl.polite.value).toBe(quiet);
    ctl.focusArrived();
    expect(ctl.polite.value.text).toBe('Vuelta al principio.');
    // Without the focus on the board (a click on the page, a test with no page) it is said.
    const away = setup();
    away.ctl.key({ key: 'ArrowRight' });
    expect(away.ctl.polite.value.text).toBe('I8, A, 1 punto.');
  });

  it('says a tile placed in writing mode after the focus reaches the next square, not before it (UX §2.5)', () => {
    vi.useFakeTimers();
    try {
      const { ctl } = setup(undefined, MIDGAME, () => true);
      ctl.key({ key: 'Home', ctrl: true });
      ctl.key({ key: 'h' });
      expect(ctl.polite.value.text).toBe('Escritura horizontal desde A1.');
      // The cursor goes on to B1 and the page moves the focus there after its next paint: a
      // screen reader reading B1's name then would cut off a message said now.
      const before = ctl.polite.value;
      ctl.key({ key: 'A', shift: true });
      expect(ctl.latest.value?.text).toBe('A en A1.');
      expect(ctl.polite.value).toBe(before);
      ctl.focusArrived();
      expect(ctl.polite.value.text).toBe('A en A1.');
      // Said once only.
      const said = ctl.polite.value;
      ctl.focusArrived();
      expect(ctl.polite.value).toBe(said);
      // The next key says a waiting reply first, in one message with its own (two set at once,
      // the page would show only the second).
      ctl.key({ key: 'E', shift: true });
      expect(ctl.polite.value).toBe(said);
      ctl.key({ key: 's' });
      expect(ctl.polite.value.text).toBe('E en B1. Tú 12, Ana 12.');
      expect(ctl.polite.value.n).toBe(said.n + 1);
      // A page that never reports the focus (it left the board meanwhile) still hears it.
      ctl.key({ key: 'R', shift: true });
      vi.advanceTimersByTime(FOCUS_WAIT_MS - 1);
      expect(ctl.polite.value.text).toBe('E en B1. Tú 12, Ana 12.');
      vi.advanceTimersByTime(1);
      expect(ctl.polite.value.text).toBe('R en C1.');
      // Leaving the game drops a reply still waiting.
      ctl.key({ key: 'L', shift: true });
      ctl.close();
      vi.advanceTimersByTime(10_000);
      expect(ctl.polite.value.text).toBe('');
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends the placed tiles as a place action on F, and the snapshot shows them meanwhile', async () => {
    const { ctl, sent } = setup();
    ctl.key({ key: 'h' });
    ctl.key({ key: 'S', shift: true });
    expect(ctl.snap.value.placed).toHaveLength(1);
    expect(ctl.tentativeText()).toBe('CASAS 8, total 8.');
    ctl.key({ key: 'f' });
    await flush();
    expect(sent).toEqual([{ kind: 'place', row: 7, col: 7, dir: 'H', tiles: [0, 0, 0, 0, 22] }]);
  });

  it("says the server's refusal in Spanish and keeps the tiles where they were", async () => {
    const { ctl, sounds } = setup({ ok: false, error: { code: 'INVALID_WORD', data: {} } });
    ctl.key({ key: 'h' });
    ctl.key({ key: 'S', shift: true });
    ctl.key({ key: 'f' });
    await flush();
    expect(ctl.polite.value.text).toBe('La jugada forma una palabra no válida.');
    expect(sounds).toContain('error');
    expect(ctl.snap.value.placed).toHaveLength(1);
    expect(ctl.busy.value).toBe(false);
  });

  it('a command line runs its `done` once it did what it asked, before the reply; never when refused', async () => {
    const { ctl } = setup();
    const done: string[] = [];
    // Said before `done`: the reply heard is still the one before.
    ctl.line('marcador', () => done.push(ctl.polite.value.text));
    expect(done).toEqual(['']);
    expect(ctl.polite.value.text).toBe('Tú 12, Ana 12.');
    ctl.line('marcdor', () => done.push('marcdor'));
    ctl.line('pasar ya', () => done.push('pasar ya'));
    ctl.line('casilla P8', () => done.push('casilla P8'));
    expect(done).toEqual(['']);
    expect(ctl.polite.value.text).toMatch(/^Casilla no válida/);
  });

  it('a move typed on the command line is done once the server takes it, not when it refuses it', async () => {
    const refused = setup({ ok: false, error: { code: 'INVALID_WORD', data: {} } });
    let done = 0;
    refused.ctl.line('L8 sal', () => done++);
    await flush();
    expect(refused.sent).toHaveLength(1);
    expect(done).toBe(0);
    expect(refused.ctl.polite.value.text).toBe('La jugada forma una palabra no válida.');
    const taken = setup();
    taken.ctl.line('L8 sal', () => done++);
    expect(done).toBe(0);
    await flush();
    expect(done).toBe(1);
  });

  it('the view showing the move comes before the server takes it: the line is done before the move is said', () => {
    const { ctl } = setup();
    const heard: string[] = [];
    ctl.line('pasar', () => heard.push(ctl.polite.value.text));
    expect(heard).toEqual([]);
    ctl.update(viewFrom({ ...MIDGAME, toMove: 1, turns: [...MIDGAME.turns!, [0, 'pass']] }));
    expect(heard).toEqual(['']);
    expect(ctl.polite.value.text).toBe('Has pasado.');
  });

  it('says a server code of its own (a refused seat) rather than showing the code', async () => {
    const { ctl } = setup({ ok: false, error: { code: 'NOT_SEATED' } });
    ctl.key({ key: 'p' });
    ctl.key({ key: 'p' });
    await flush();
    expect(ctl.polite.value.text).toBe('No tienes asiento en esta partida: solo puedes mirarla.');
  });

  it('passes only on the second P, and asks first', async () => {
    const { ctl, sent } = setup();
    ctl.key({ key: 'p' });
    expect(ctl.polite.value.text).toBe('¿Pasar? Pulsa P otra vez.');
    expect(ctl.snap.value.pendingPass).toBe(true);
    ctl.key({ key: 'p' });
    await flush();
    expect(sent).toEqual([{ kind: 'pass' }]);
  });

  it("announces the opponent's play and the turn assertively, with the turn sound", () => {
    const { ctl, sounds } = setup(undefined, { ...MIDGAME, toMove: 1 });
    ctl.update(viewFrom({ ...MIDGAME, turns: [...MIDGAME.turns!, [1, 'L4', 'CAPA']], toMove: 0 }));
    expect(ctl.assertive.value.text).toBe('Ana: L4 vertical, CAPA, 26. Tu turno.');
    expect(sounds).toEqual(['opponent']);
  });

  it("says with the viewer's own play that the bag was empty, as the terminal does (one Session)", () => {
    const { ctl } = setup(undefined, { ...MIDGAME, bag: 0 });
    ctl.update(
      viewFrom({ ...MIDGAME, bag: 0, turns: [...MIDGAME.turns!, [0, '9J', 'RE']], toMove: 1 }),
    );
    expect(ctl.polite.value.text).toBe(
      'Jugada RE, 9J horizontal, 11 puntos. No robas: la bolsa está vacía.',
    );
    expect(ctl.assertive.value.text).toBe('');
  });

  it("holds the computer's quick reply until the viewer's own play has been read, then says it assertively", () => {
    vi.useFakeTimers();
    try {
      const { ctl, sounds, advance } = setup();
      // The page's clock and its timers go on together.
      const wait = (ms: number) => {
        advance(ms);
        vi.advanceTimersByTime(ms);
      };
      const mine: ViewSpec = { ...MIDGAME, turns: [...MIDGAME.turns!, [0, '9J', 'RE']], toMove: 1 };
      ctl.update(viewFrom(mine));
      const own = ctl.polite.value.text;
      expect(own).toBe('Jugada RE, 9J horizontal, 11 puntos.');
      // Ana answers half a second later: not over the viewer's play, which is still being read.
      wait(500);
      const reply: ViewSpec = { ...mine, turns: [...mine.turns!, [1, 'L4', 'CAPA']], toMove: 0 };
      ctl.update(viewFrom(reply));
      expect(ctl.assertive.value.text).toBe('');
      expect(ctl.latest.value?.text).toBe('Tu turno.');
      expect(sounds).toEqual([]);
      wait(speakingMs(own) - 501);
      expect(ctl.assertive.value.text).toBe('');
      wait(1);
      expect(ctl.assertive.value.text).toBe('Ana: L4 vertical, CAPA, 26. Tu turno.');
      expect(sounds).toEqual(['opponent']);
      // Once that time is over, what the viewer did not cause is said at once.
      wait(10_000);
      ctl.notify('Conexión perdida.');
      expect(ctl.assertive.value.text).toBe('Conexión perdida.');
      // A key stops the reading: what was held is said first, then the key's reply.
      ctl.update(viewFrom({ ...reply, turns: [...reply.turns!, [0, '10J', 'SE']], toMove: 1 }));
      ctl.notify('Ana ha dejado la mesa.');
      expect(ctl.assertive.value.text).toBe('Conexión perdida.');
      ctl.key({ key: 't' });
      expect(ctl.assertive.value.text).toBe('Ana ha dejado la mesa.');
      expect(ctl.polite.value.text).toBe('Turno de Ana.');
      // T while «Tu turno» is held: said once, not in both regions at once.
      wait(10_000);
      const mine2: ViewSpec = {
        ...MIDGAME,
        turns: [...MIDGAME.turns!, [0, '9J', 'RE']],
        toMove: 1,
      };
      const fresh = setup();
      fresh.ctl.update(viewFrom(mine2));
      fresh.ctl.update(
        viewFrom({ ...mine2, turns: [...mine2.turns!, [1, 'L4', 'CAPA']], toMove: 0 }),
      );
      const asked = fresh.ctl.polite.value;
      fresh.ctl.key({ key: 't' });
      expect(fresh.ctl.assertive.value.text).toBe('Ana: L4 vertical, CAPA, 26. Tu turno.');
      expect(fresh.ctl.polite.value).toBe(asked);
      // Leaving the game drops what is held: nothing is said on the next page.
      wait(10_000);
      ctl.update(
        viewFrom({
          ...reply,
          turns: [...reply.turns!, [0, '10J', 'SE'], [1, '11J', 'LA']],
          toMove: 0,
        }),
      );
      const said = ctl.assertive.value.text;
      expect(said).toMatch(/^Ana: 11J horizontal, LA, \d+\. Tu turno\.$/);
      // U reads the last play, and a notice comes while it is read; then the page leaves.
      ctl.key({ key: 'u' });
      ctl.notify('Conexión perdida.');
      ctl.close();
      vi.runAllTimers();
      // The regions are left empty for the next page.
      expect(ctl.assertive.value.text).toBe('');
      expect(ctl.polite.value.text).toBe('');
      expect(said).not.toBe('');
    } finally {
      vi.useRealTimers();
    }
  });

  it("waits as long as the player's screen reader takes at the speed they chose", () => {
    // 30 characters: 2.4 s at about NVDA's default rate, 1.15 s at 40 a second.
    expect(speakingMs('x'.repeat(30))).toBe(2400);
    expect(speakingMs('x'.repeat(30), 40)).toBe(1150);
    expect(speakingMs('x'.repeat(1000), 10)).toBe(6000);
    vi.useFakeTimers();
    try {
      let now = 0;
      let rate = 40;
      const ctl = new GameController(
        viewFrom(MIDGAME),
        { act: () => Promise.resolve({ ok: true }) },
        { clock: () => now, readingRate: () => rate },
      );
      const wait = (ms: number) => {
        now += ms;
        vi.advanceTimersByTime(ms);
      };
      const mine: ViewSpec = { ...MIDGAME, turns: [...MIDGAME.turns!, [0, '9J', 'RE']], toMove: 1 };
      ctl.update(viewFrom(mine));
      const own = ctl.polite.value.text;
      const reply: ViewSpec = { ...mine, turns: [...mine.turns!, [1, 'L4', 'CAPA']], toMove: 0 };
      ctl.update(viewFrom(reply));
      wait(speakingMs(own, 40) - 1);
      expect(ctl.assertive.value.text).toBe('');
      wait(1);
      expect(ctl.assertive.value.text).toBe('Ana: L4 vertical, CAPA, 26. Tu turno.');
      // The setting changed during the game counts from the next play on.
      rate = 10;
      wait(10_000);
      const next: ViewSpec = { ...reply, turns: [...reply.turns!, [0, '10J', 'SE']], toMove: 1 };
      ctl.update(viewFrom(next));
      const second = ctl.polite.value.text;
      ctl.update(viewFrom({ ...next, turns: [...next.turns!, [1, '11J', 'LA']], toMove: 0 }));
      wait(speakingMs(second, 40));
      expect(ctl.assertive.value.text).toBe('Ana: L4 vertical, CAPA, 26. Tu turno.');
      wait(speakingMs(second, 10) - speakingMs(second, 40));
      expect(ctl.assertive.value.text).toMatch(/^Ana: 11J horizontal, LA, \d+\. Tu turno\.$/);
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks the page to open its command line on / and runs a typed line', () => {
    const { ctl } = setup();
    const before = ctl.openLine.value;
    ctl.key({ key: '/' });
    expect(ctl.openLine.value).toBe(before + 1);
    ctl.line('marcador');
    expect(ctl.polite.value.text).toBe('Tú 12, Ana 12.');
  });

  it('says what to type when Intro is pressed on an empty command line (UX §2.5)', () => {
    const { ctl } = setup();
    ctl.line('   ');
    expect(ctl.polite.value.text).toBe(
      'No has escrito ninguna orden. Escribe, por ejemplo, «8H casa» o «turno» y pulsa Intro; «ayuda» las lista todas.',
    );
    expect(ctl.assertive.value.text).toBe('');
  });

  it('places by pointer and takes the blank letter from the chooser', () => {
    const { ctl } = setup();
    ctl.drop(3, 8 * 15 + 7); // the blank to H9
    expect(ctl.snap.value.awaitingBlank).toBe(true);
    ctl.designateBlank('LL');
    expect(ctl.snap.value.awaitingBlank).toBe(false);
    expect(ctl.polite.value.text).toBe('comodín (como elle) en H9.');
  });

  it('says once that the time is running low, with a sound', () => {
    const { ctl, sounds, advance } = setup(undefined, {
      ...MIDGAME,
      clocksMs: [LOW_TIME_MS + 1500, 500_000],
    });
    ctl.onTick();
    expect(ctl.assertive.value.text).toBe('');
    advance(2000);
    ctl.onTick();
    expect(ctl.assertive.value.text).toBe('Te queda menos de un minuto.');
    advance(1000);
    const n = ctl.assertive.value.n;
    ctl.onTick();
    expect(ctl.assertive.value.n).toBe(n);
    expect(sounds).toEqual(['turn']);
  });

  it("TM-02: says once, assertively, that a clock ran out, the viewer's with a sound", () => {
    const { ctl, sounds, advance } = setup(undefined, { ...MIDGAME, clocksMs: [1500, 500_000] });
    ctl.onTick();
    expect(ctl.assertive.value.text).toBe('');
    advance(2000);
    ctl.onTick();
    expect(ctl.assertive.value.text).toBe(
      'Se acabó tu tiempo: al final pierdes 10 puntos por cada minuto empezado de más.',
    );
    expect(sounds).toEqual(['turn']);
    const n = ctl.assertive.value.n;
    advance(60_000);
    ctl.onTick();
    expect(ctl.assertive.value.n).toBe(n);
    // Ana's, on her turn: said to the viewer as well.
    const theirs = setup(undefined, { ...MIDGAME, toMove: 1, clocksMs: [760_000, 500] });
    theirs.advance(1000);
    theirs.ctl.onTick();
    expect(theirs.ctl.assertive.value.text).toBe(
      'Se acabó el tiempo de Ana: al final pierde 10 puntos por cada minuto empezado de más.',
    );
    expect(theirs.sounds).toEqual([]);
  });

  it('does not say the time is low on arrival at a clock already under a minute, a one-minute game', () => {
    const oneMinute = makeRules('fise', { clock: { ...TOURNAMENT_CLOCK, minutesPerPlayer: 1 } });
    const view = { ...viewFrom({ ...MIDGAME, clocksMs: [60_000, 60_000] }), rules: oneMinute };
    let now = 0;
    const ctl = new GameController(
      view,
      { act: () => Promise.resolve({ ok: true }) },
      {
        clock: () => now,
      },
    );
    for (let t = 0; t < 5; t++, now += 1000) ctl.onTick();
    expect(ctl.assertive.value.text).toBe('');
    // Nor on a page reloaded with 45 seconds left in a longer game.
    const { ctl: late, advance } = setup(undefined, { ...MIDGAME, clocksMs: [45_000, 500_000] });
    late.onTick();
    advance(1000);
    late.onTick();
    expect(late.assertive.value.text).toBe('');
  });
});

describe('GameController: claiming the game from the absent player on turn', () => {
  const theirTurn = { ...MIDGAME, toMove: 1 };
  const claimableView = () => {
    const v = viewFrom(theirTurn);
    return {
      ...v,
      seats: v.seats.map((x, i) =>
        i === 1 ? { ...x, away: true as const, claimable: true as const } : x,
      ),
    };
  };

  it('hears when it may, then the button and the order «reclamar» send the claim', async () => {
    const { ctl, sent } = setup(undefined, theirTurn);
    ctl.update(claimableView());
    expect(ctl.assertive.value.text).toContain(
      'Ana lleva más de 2 minutos fuera de la mesa en su turno: puedes reclamar la partida (botón «Reclamar la partida», en «Acciones», u orden «reclamar»)',
    );
    ctl.command('reclamar');
    ctl.line(' Reclamar ');
    await flush();
    expect(sent).toEqual([{ kind: 'claim' }, { kind: 'claim' }]);
  });

  it('a watcher, or anyone after the end, hears that instead', async () => {
    const watcher = new GameController(
      { ...claimableView(), seat: null, rack: null },
      { act: () => Promise.resolve({ ok: true }) },
    );
    watcher.line('reclamar');
    expect(watcher.polite.value.text).toBe(
      'No tienes asiento en esta partida: solo puedes mirarla.',
    );
    const ended = new GameController(
      viewFrom({ ...theirTurn, end: { scores: [0, 0], winners: [0] } }),
      { act: () => Promise.resolve({ ok: true }) },
    );
    ended.command('reclamar');
    expect(ended.polite.value.text).toBe('La partida ha terminado.');
  });

  it("«ayuda» lists «reclamar» with the core's orders", () => {
    const { ctl } = setup(undefined, theirTurn);
    ctl.line('ayuda');
    expect(ctl.polite.value.text).toContain(
      'reclamar: Cuando el jugador en turno lleva más de 2 minutos fuera de la mesa, dar la partida por terminada: la pierde quien no está.',
    );
  });

  it('with nothing to claim, says why and sends nothing', async () => {
    const { ctl, sent } = setup(undefined, theirTurn);
    ctl.line('reclamar');
    await flush();
    expect(sent).toEqual([]);
    expect(ctl.polite.value.text).toBe(
      'Solo puedes reclamar la partida cuando el jugador en turno lleva más de 2 minutos fuera de la mesa.',
    );
  });
});
