/**
 * The chess clock of `atril play --reloj` (RULES.md TM-01, TM-02): the terminal session is
 * driven in process with a fake clock. The script's numbers are minutes that pass before the
 * next line is read, so each line is typed at a known time.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { type Rules, TOURNAMENT_CLOCK, type WordJudge, makeRules } from '../src/engine/rules.js';
import { SPANISH, tilesToWord } from '../src/engine/tiles.js';
import { LocalGame, type SeatConfig } from '../src/cli/terminal/localGame.js';
import { runLineMode } from '../src/cli/terminal/lineMode.js';
import { runKeyMode } from '../src/cli/terminal/keyMode.js';
import { drawStatus } from '../src/cli/terminal/render.js';
import { loadGame, saveGame } from '../src/cli/terminal/save.js';
import { scriptedGame } from './helpers/scriptedGame.js';
import { unwrap } from '../src/engine/testing/unwrap.js';
import { ANY_WORD, rigged } from '../src/engine/testing/games.js';
import { play as placed } from '../src/engine/testing/positions.js';
import { tempDir } from './helpers/tempDir.js';

const MIN = 60_000;
const BIN = join(import.meta.dirname, '..', 'bin', 'atril.js');

/** A clock that only moves when the script says so. */
class FakeClock {
  t = 1_000_000; // any origin: only differences count
  readonly now = (): number => this.t;
}

const WORDS = new Set(['CELO', 'CELOS', 'UNO', 'LUZ', 'JA']);
const JUDGE: WordJudge = { isWord: (t) => WORDS.has(tilesToWord(SPANISH, Array.from(t))) };

/** 25 minutes each, −10 per started minute over (TM-01/TM-02). */
const TIMED = makeRules('fise', { clock: TOURNAMENT_CLOCK });
const HOT_SEAT: SeatConfig[] = [{ name: 'Ana' }, { name: 'Luis' }];
/** A computer that always passes. */
const PASSER: SeatConfig = {
  name: 'Pasa',
  bot: { level: 'prueba', play: () => ({ kind: 'pass' }) },
};

// Seed 7: Luis starts with C E L N O U U (rack value 9), Ana holds A H I I J N Z (26).
function newGame(clock: FakeClock, rules: Rules = TIMED, seats = HOT_SEAT): LocalGame {
  return new LocalGame(seats, JUDGE, rules, '7', { now: clock.now });
}

/** Runs line mode over a script of lines and minutes; returns what it printed, line by line. */
async function play(game: LocalGame, clock: FakeClock, script: (string | number)[]) {
  async function* lines(): AsyncGenerator<string> {
    for (const step of script) {
      if (typeof step === 'number') clock.t += step * MIN;
      else yield step;
    }
  }
  let out = '';
  const output = new Writable({
    write(chunk: Buffer, _enc, done) {
      out += chunk.toString();
      done();
    },
  });
  const code = await runLineMode(game, {
    input: lines(),
    output,
    intro: 'Partida.',
    save: saveGame,
  });
  return { code, lines: out.split('\n') };
}

/** The end-of-game line. */
const endLine = (lines: string[]): string | undefined =>
  lines.find((l) => l.startsWith('Fin de la partida.'));

describe('TM-01/TM-02: the clock of atril play --reloj, driven with a fake clock', () => {
  it('TM-02: 26 minutes used in a 25-minute game cost 10 points at the end', async () => {
    const clock = new FakeClock();
    const game = newGame(clock);
    // Four passes end the game (E-02); everyone loses their rack's value (E-05).
    const r = await play(game, clock, [26, 'pasar', 'pasar', 'pasar', 'pasar']);
    expect(r.code).toBe(0);
    expect(endLine(r.lines)).toBe(
      'Fin de la partida. Gana Luis: Ana -26, Luis -19. Penalización por tiempo (ya descontada): Luis -10.',
    );
    expect(game.state.result!.timePenalty).toEqual([0, 10]);
  });

  it('TM-02: 27.5 minutes over two turns cost 30 (three started minutes over)', async () => {
    const clock = new FakeClock();
    const game = newGame(clock);
    const r = await play(game, clock, [20, 'pasar', 'pasar', 7.5, 'pasar', 'pasar']);
    expect(endLine(r.lines)).toBe(
      'Fin de la partida. Gana Ana: Ana -26, Luis -39. Penalización por tiempo (ya descontada): Luis -30.',
    );
    expect(game.state.clockMs).toEqual([0, 27.5 * MIN]);
  });

  it('TM-01: exactly 25 minutes cost nothing, and the result names no penalty', async () => {
    const clock = new FakeClock();
    const game = newGame(clock);
    const r = await play(game, clock, [25, 'pasar', 'pasar', 'pasar', 'pasar']);
    expect(endLine(r.lines)).toBe('Fin de la partida. Gana Luis: Ana -26, Luis -9.');
  });

  it('TM-02: a refused play or a wrong command does not restart the turn: it keeps running', async () => {
    const clock = new FakeClock();
    const game = newGame(
      clock,
      makeRules('fise', { clock: TOURNAMENT_CLOCK, challengeMode: 'void' }),
    );
    const r = await play(game, clock, [
      10,
      'A1 celo', // refused: the first play must cover H8
      5,
      '8H luce', // refused: not a word (void mode)
      3,
      'hola', // not a command
      2,
      'reloj',
      6,
      'pasar', // 26 minutes on this one turn
      'pasar',
      'pasar',
      'pasar',
    ]);
    expect(r.lines).toContain('La primera jugada debe pasar por la casilla central, H8.');
    expect(r.lines).toContain('Palabra no válida: LUCE.');
    expect(r.lines).toContain('Ana 25 minutos, Luis 5 minutos.');
    expect(game.state.clockMs).toEqual([0, 26 * MIN]);
    expect(endLine(r.lines)).toContain('Penalización por tiempo (ya descontada): Luis -10.');
  });

  it('TM-02: a challenge from a player not on turn leaves the running turn to its player', () => {
    // Three players (RULES.md §12: any opponent may challenge until the next turn starts).
    const clock = new FakeClock();
    const start = rigged({
      rules: TIMED,
      racks: ['CASAXYZ', 'AEIOUSS', 'AEIOULN'],
      bag: 'E'.repeat(25),
    });
    const seats = [{ name: 'Ana' }, { name: 'Luis' }, { name: 'Eva' }];
    const game = new LocalGame(seats, ANY_WORD, start, 1, { now: clock.now });
    clock.t += MIN;
    expect(game.act(0, placed('8H', 'CASA')).ok).toBe(true);
    // Luis thinks 30 minutes; Eva challenges (the play stands); Luis passes a second later.
    clock.t += 30 * MIN;
    expect(game.act(2, { kind: 'challenge' }).ok).toBe(true);
    expect(game.state.turn).toBe(1);
    clock.t += 1_000;
    expect(game.act(1, { kind: 'pass' }).ok).toBe(true);
    expect(game.state.clockMs).toEqual([MIN, 30 * MIN + 1_000, 0]);
  });

  it('TM-01: reloj reads the time left of each player, then the time over and its cost', async () => {
    const clock = new FakeClock();
    const game = newGame(clock);
    const r = await play(game, clock, [
      3 + 20 / 60,
      '8H celo', // Luis: 3:20
      1 + 5 / 60,
      'reloj', // Ana, 1:05 into her turn
      'pasar',
      27.5,
      'pasar', // Luis: 3:20 + 27:30 = 30:50, 5:50 over
      'reloj',
    ]);
    expect(r.lines).toContain('Ana 23 minutos 55, Luis 21 minutos 40.');
    expect(r.lines).toContain('Ana 23 minutos 55, Luis 5 minutos 50 de más (-60 puntos).');
  });

  it("TM-02: a bot's thinking time is its turn's time", async () => {
    const clock = new FakeClock();
    // A bot that thinks for 26 minutes on its first turn and then passes.
    let thoughts = 0;
    const slowBot: SeatConfig = {
      name: 'Lento',
      bot: {
        level: 'prueba',
        play: () => {
          if (thoughts++ === 0) clock.t += 26 * MIN;
          return { kind: 'pass' };
        },
      },
    };
    const game = newGame(clock, TIMED, [{ name: 'Ana' }, slowBot]);
    const r = await play(game, clock, ['reloj', 'pasar', 'pasar']);
    expect(r.lines).toContain('Tú 25 minutos, Lento 1 minuto de más (-10 puntos).');
    expect(endLine(r.lines)).toContain('Penalización por tiempo (ya descontada): Lento -10.');
    expect(game.state.clockMs).toEqual([0, 26 * MIN]);
  });

  it('TM-04: without a clock nothing is timed, whatever time passes', async () => {
    const clock = new FakeClock();
    const game = newGame(clock, makeRules('fise'));
    const r = await play(game, clock, [40, 'reloj', 'pasar', 30, 'pasar', 'pasar', 'pasar']);
    expect(r.lines).toContain('Partida sin reloj.');
    expect(endLine(r.lines)).toBe('Fin de la partida. Gana Luis: Ana -26, Luis -9.');
    expect(game.state.events.some((e) => 'elapsedMs' in e)).toBe(false);
    expect(game.state.clockMs).toEqual([0, 0]);
  });

  it('TM-02: a clock run out is said once, at the next line, before its answer', async () => {
    const clock = new FakeClock();
    const game = newGame(clock);
    const r = await play(game, clock, [25.5, 'reloj', 1, 'reloj', 'pasar']);
    const up =
      'Se acabó el tiempo de Luis: al final pierde 10 puntos por cada minuto empezado de más.';
    expect(r.lines.filter((l) => l.startsWith('Se acabó'))).toEqual([up]);
    expect(r.lines[r.lines.indexOf(up) + 1]).toBe(
      'Ana 25 minutos, Luis 30 segundos de más (-10 puntos).',
    );
    // Against the computer, to the one whose time it is.
    const own = new FakeClock();
    const alone = newGame(own, TIMED, [{ name: 'Ana' }, PASSER]);
    const mine = await play(alone, own, [26, 'reloj']);
    expect(mine.lines).toContain(
      'Se acabó tu tiempo: al final pierdes 10 puntos por cada minuto empezado de más.',
    );
  });

  it('the low-time cue: going under a minute is said once, by name at one keyboard', async () => {
    const clock = new FakeClock();
    const game = newGame(clock);
    const r = await play(game, clock, [24.5, 'reloj', 0.1, 'reloj', 'pasar']);
    expect(r.lines.filter((l) => l.includes('menos de un minuto'))).toEqual([
      'A Luis le queda menos de un minuto.',
    ]);
    expect(r.lines[r.lines.indexOf('A Luis le queda menos de un minuto.') + 1]).toBe(
      'Ana 25 minutos, Luis 30 segundos.',
    );
    // Against the computer, to the player, whose own clock it is.
    const own = new FakeClock();
    const alone = newGame(own, TIMED, [{ name: 'Ana' }, PASSER]);
    const mine = await play(alone, own, [24.5, 'reloj']);
    expect(mine.lines).toContain('Te queda menos de un minuto.');
  });

  it('TM-02: running out while the player thinks is said when it happens, between two lines', async () => {
    vi.useFakeTimers();
    try {
      const clock = new FakeClock();
      const game = newGame(clock);
      let typed!: () => void;
      const thinking = new Promise<void>((resolve) => (typed = resolve));
      async function* lines(): AsyncGenerator<string> {
        await thinking;
        yield 'pasar';
      }
      let out = '';
      const output = new Writable({
        write(chunk: Buffer, _enc, done) {
          out += chunk.toString();
          done();
        },
      });
      const done = runLineMode(game, { input: lines(), output, intro: 'Partida.' });
      const up =
        'Se acabó el tiempo de Luis: al final pierde 10 puntos por cada minuto empezado de más.';
      clock.t += 25 * MIN;
      await vi.advanceTimersByTimeAsync(1000);
      expect(out).not.toContain('Se acabó');
      clock.t += 1000;
      await vi.advanceTimersByTimeAsync(1000);
      expect(out.endsWith(`${up}\n`)).toBe(true);
      clock.t += MIN;
      await vi.advanceTimersByTimeAsync(5000);
      typed();
      await done;
      expect(out.split(up)).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('TM-02: in key mode too, running out between two keys is shown when it happens, once', async () => {
    vi.useFakeTimers();
    try {
      const clock = new FakeClock();
      const game = newGame(clock);
      const input = new PassThrough();
      let out = '';
      const output = new Writable({
        write(chunk: Buffer, _enc, done) {
          out += chunk.toString();
          done();
        },
      });
      const done = runKeyMode(game, { input, output, intro: 'Partida.', color: false });
      const up =
        'Se acabó el tiempo de Luis: al final pierde 10 puntos por cada minuto empezado de más.';
      clock.t += 25 * MIN;
      await vi.advanceTimersByTimeAsync(1000);
      expect(out).not.toContain('Se acabó');
      clock.t += 1000;
      await vi.advanceTimersByTimeAsync(1000);
      expect(out).toContain(up);
      clock.t += MIN;
      await vi.advanceTimersByTimeAsync(5000);
      input.write('s'); // S, the scores: the screen is drawn again, the news not said again
      await vi.advanceTimersByTimeAsync(0);
      input.end();
      await done;
      expect(out.split(up)).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('the key-mode status line shows each clock, and the time over with a +', () => {
    const clock = new FakeClock();
    const game = newGame(clock);
    clock.t += 26.5 * MIN;
    expect(drawStatus(game.viewOf(0))).toBe('Tú 0 (25:00) · Luis 0 (+1:30) · Bolsa 86');
    expect(drawStatus(newGame(clock, makeRules('fise')).viewOf(0))).toBe(
      'Tú 0 · Luis 0 · Bolsa 86',
    );
  });
});

describe('TM-01/TM-02: a timed game saved with guardar and resumed with --cargar', () => {
  const file = (): string => join(tempDir('atril-reloj-'), 'partida.gcg');

  it('keeps the time used and the time of the turn in progress', async () => {
    const clock = new FakeClock();
    const path = file();
    // Luis plays CELO after 3 minutes; Ana thinks 4 minutes and saves; one more minute passes.
    await play(newGame(clock), clock, [3, '8H celo', 4, `guardar ${path}`, 1]);
    const gcg = readFileSync(path, 'utf8');
    expect(gcg).toContain('#atril-clock {"eventMs":[0,180000],"turnMs":240000}');
    expect(gcg).toContain('"clock":{"minutesPerPlayer":25,"penaltyPerMinute":10}');

    const loaded = unwrap(loadGame(path, JUDGE));
    expect(loaded.state.clockMs).toEqual([0, 3 * MIN]);
    expect(loaded.turnMs).toBe(4 * MIN);
    const later = new FakeClock();
    later.t = 42; // another run of the program: another origin
    const game = new LocalGame(HOT_SEAT, JUDGE, loaded.state, undefined, {
      now: later.now,
      turnMs: loaded.turnMs,
    });
    // Ana had 4 minutes on this turn; 22 more make 26 (−10).
    const r = await play(game, later, ['reloj', 22, 'pasar', 'pasar', 'pasar', 'pasar']);
    expect(r.lines).toContain('Ana 21 minutos, Luis 22 minutos.');
    expect(game.state.clockMs).toEqual([26 * MIN, 3 * MIN]);
    expect(game.state.result!.timePenalty).toEqual([10, 0]);
  });

  it('a game saved again after loading carries the same clock', async () => {
    const clock = new FakeClock();
    const path = file();
    await play(newGame(clock), clock, [3, '8H celo', 2, 'pasar', `guardar ${path}`]);
    const loaded = unwrap(loadGame(path, JUDGE));
    const again = file();
    saveGame(new LocalGame(HOT_SEAT, JUDGE, loaded.state, undefined, { now: () => 0 }), again);
    expect(readFileSync(again, 'utf8')).toContain(
      '#atril-clock {"eventMs":[0,180000,120000],"turnMs":0}',
    );
  });

  it('E-06: a game saved while its last play awaits an answer resumes there, clocks and all', async () => {
    const { lines } = scriptedGame('42'); // the last line accepts the play that went out
    const clock = new FakeClock();
    const anyWord: WordJudge = { isWord: () => true };
    const game = new LocalGame(HOT_SEAT, anyWord, TIMED, '42', { now: clock.now });
    const path = file();
    await play(game, clock, [...lines.slice(0, -1).flatMap((l) => [1, l]), 2, `guardar ${path}`]);
    expect(game.over).toBe(false);
    const loaded = unwrap(loadGame(path, anyWord));
    expect(loaded.state.result).toBeNull();
    expect(loaded.state.clockMs).toEqual(game.state.clockMs);
    expect(loaded.turnMs).toBe(2 * MIN);
  });

  it('refuses a clock line that does not fit the game, and says so in Spanish', async () => {
    const clock = new FakeClock();
    const path = file();
    await play(newGame(clock), clock, [3, '8H celo', `guardar ${path}`]);
    const text = readFileSync(path, 'utf8');
    for (const bad of ['{"eventMs":[0],"turnMs":0}', '{"eventMs":[0,-5],"turnMs":0}', 'reloj']) {
      writeFileSync(path, text.replace(/#atril-clock .*/, `#atril-clock ${bad}`));
      expect(loadGame(path, JUDGE)).toEqual({
        ok: false,
        error: `«${path}»: el reloj guardado (#atril-clock) no encaja con la partida.`,
      });
    }
    writeFileSync(path, text.replace(/#atril-clock .*\n/, ''));
    const lost = unwrap(loadGame(path, JUDGE));
    expect(lost.clockLost).toBe(true);
    expect(lost.state.clockMs).toEqual([0, 0]);
  });
});

describe('atril play --reloj on the command line', () => {
  function atril(args: string[], input = ''): { out: string; err: string; code: number } {
    const r = spawnSync(process.execPath, [BIN, 'play', ...args], {
      input,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    return { out: r.stdout, err: r.stderr, code: r.status ?? -1 };
  }

  it('TM-01: a bare --reloj is the 25-minute tournament clock; --reloj 30 gives 30', () => {
    const r = atril(['--jugadores', 'Ana', 'Luis', '--seed', '7', '--reloj'], 'reloj\n');
    expect(r.code).toBe(0);
    expect(r.out.split('\n')[0]).toBe(
      'Partida de Scrabble. Jugadores: Ana, Luis. Reglas FISE (torneo), atril de 7, impugnación libre, reloj de 25 minutos por jugador. Cada minuto empezado de más resta 10 puntos al final. Semilla 7. Escribe «ayuda» para ver las órdenes.',
    );
    // Real time runs here: Luis's clock has moved by at most a few seconds.
    expect(r.out).toMatch(/\nAna 25 minutos, Luis (25 minutos|24 minutos [1-5]\d)\.\n/);
    const thirty = atril(['--reloj', '30', '--vs', 'principiante', '--seed', '7'], 'reloj\n');
    expect(thirty.code).toBe(0);
    expect(thirty.out).toContain('reloj de 30 minutos por jugador.');
    expect(thirty.out).toMatch(
      /\nTú (30 minutos|29 minutos [1-5]\d), Principiante \d+ minutos?( \d+)?\.\n/,
    );
  });

  it('refuses minutes that are not a positive whole number: Spanish message, exit 2', () => {
    for (const bad of ['0', 'x', '-5', '2.5']) {
      const r = atril(['--reloj', bad]);
      expect(r.code, bad).toBe(2);
      expect(r.out).toBe('');
      expect(r.err).toBe(
        `Minutos de reloj no válidos: «${bad}». Escribe un número entero de minutos por jugador entre 1 y 600, por ejemplo --reloj 25.\n«atril play --help» explica cómo se usa.\n`,
      );
    }
    const loaded = atril(['--cargar', 'partida.gcg', '--reloj', '10']);
    expect(loaded.code).toBe(2);
    expect(loaded.err).toContain(
      'Con --cargar, los jugadores, las reglas, el reloj y la semilla vienen del fichero.',
    );
  });

  it('--help explains --reloj in Spanish', () => {
    const r = spawnSync(process.execPath, [BIN, 'play', '--help'], { encoding: 'utf8' });
    expect(r.stdout).toContain('--reloj [MINUTOS]    partida con reloj de ajedrez');
    expect(r.stdout).toContain('se le restan 10 puntos por cada minuto empezado');
  });
});
