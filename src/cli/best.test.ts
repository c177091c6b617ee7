/** `atril best` and `atril selfplay` through the built CLI (DESIGN.md §4). */
import { spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseCgp } from '../engine/notation/cgp.js';
import { parseCoord } from '../engine/notation/coords.js';
import { evaluatePlacement, placementOf } from '../engine/placement.js';
import { SPANISH, parseNotation } from '../engine/tiles.js';
import { unwrap } from '../engine/testing/unwrap.js';
import { tempDir } from '../../test/helpers/tempDir.js';

const bin = fileURLToPath(new URL('../../bin/atril.js', import.meta.url));
const atril = (...args: string[]) => {
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
};
const EMPTY_AEINRST = '15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AEINRST/ 0/0 0';

describe('atril best', () => {
  it('answers at once: loads neither the server nor the database drivers', () => {
    // CommonJS packages imported from ESM land in require.cache: count those there at exit.
    const probe = join(tempDir('atril-best-'), 'probe.cjs');
    writeFileSync(
      probe,
      "process.on('exit', () => process.stderr.write('LOADED ' + Object.keys(require.cache)" +
        '.filter((k) => /node_modules[\\\\/](fastify|pg|better-sqlite3|ws)[\\\\/]/.test(k)).length));\n',
    );
    const r = spawnSync(
      process.execPath,
      ['--require', probe, bin, 'best', '--cgp', EMPTY_AEINRST],
      {
        encoding: 'utf8',
      },
    );
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toBe('LOADED 0');
  });

  it('--json: plays best first with coord, word, score and equity; S-07 bingo on the star', () => {
    const r = atril('best', '--cgp', EMPTY_AEINRST, '--top', '3', '--json');
    expect(r.code, r.err).toBe(0);
    const plays = JSON.parse(r.out) as {
      coord: string;
      word: string;
      score: number;
      equity: number;
    }[];
    expect(plays).toHaveLength(3);
    expect(plays[0]!.score).toBe(66); // the golden best score of the empty board with AEINRST
    expect(plays[0]!.word).toHaveLength(7);
    for (let k = 1; k < plays.length; k++)
      expect(plays[k - 1]!.equity).toBeGreaterThanOrEqual(plays[k]!.equity);
  });

  it('a position that names its word list (lex FILE2017;) is warned on stderr, the JSON unchanged', () => {
    const r = atril('best', '--cgp', `${EMPTY_AEINRST} lex FILE2017;`, '--top', '1', '--json');
    expect(r.code, r.err).toBe(0);
    expect(r.err).toBe(
      'Aviso: la posición indica el léxico «FILE2017»; se usa el léxico por defecto (otro, con --lexicon ARCHIVO).\n',
    );
    expect((JSON.parse(r.out) as { score: number }[])[0]!.score).toBe(66);
    // Without the op, nothing on stderr.
    expect(atril('best', '--cgp', EMPTY_AEINRST, '--top', '1').err).toBe('');
  });

  it('the list in text: one line per play, its score and its equity with a decimal comma', () => {
    const r = atril('best', '--cgp', EMPTY_AEINRST, '--top', '2');
    expect(r.code, r.err).toBe(0);
    const lines = r.out.split('\n').filter((l) => /^ +\d+\. /.test(l));
    expect(lines).toHaveLength(2);
    for (const l of lines) expect(l).toMatch(/, 66 puntos; equidad -?\d+,\d$/);
  });

  it('--top N lists the first N of --top 0, ties included (many 66-point bingos on the star)', () => {
    const list = (top: string) =>
      (
        JSON.parse(atril('best', '--cgp', EMPTY_AEINRST, '--top', top, '--json').out) as {
          coord: string;
          word: string;
        }[]
      ).map((p) => `${p.coord} ${p.word}`);
    const all = list('0');
    expect(list('1')).toEqual(all.slice(0, 1));
    expect(list('3')).toEqual(all.slice(0, 3));
    expect(list('10')).toEqual(all.slice(0, 10));
  });

  it('writes played-through squares as "." in word and spells the whole word in main', () => {
    const cgp = '15/15/15/15/15/15/15/7CASA4/15/15/15/15/15/15/15 AEINRST/ 0/14 0';
    const plays = JSON.parse(atril('best', '--cgp', cgp, '--top', '1', '--json').out);
    expect(plays[0].word).toMatch(/\./);
    expect(plays[0].main.replace(/\./g, '')).toHaveLength(plays[0].word.length);
  });

  it('S-01…S-08: every listed placement, read back from coord and word, scores the same in the engine', () => {
    const cgp = '15/15/15/15/15/15/15/7[CH]Ab5/15/15/15/15/15/15/15 ?EINRSÑ/ 0/14 0';
    const r = atril('best', '--cgp', cgp, '--top', '0', '--json');
    expect(r.code, r.err).toBe(0);
    const plays = JSON.parse(r.out) as {
      coord: string | null;
      word: string;
      score: number;
      kind: string;
    }[];
    const parsed = parseCgp(cgp);
    if (!parsed.ok) throw new Error('cgp');
    const board = parsed.value.board;
    let checked = 0;
    for (const p of plays) {
      if (p.kind !== 'place') continue;
      const c = parseCoord(p.coord!)!;
      const tiles = unwrap(parseNotation(SPANISH, p.word, { allowThrough: true }));
      const placedResult = placementOf(board, { kind: 'place', ...c, tiles });
      if (!placedResult.ok) throw new Error(`${p.coord} ${p.word}: ${placedResult.error.code}`);
      const placed = placedResult.value;
      const resResult = evaluatePlacement(board, placed, SPANISH);
      if (!resResult.ok) throw new Error(`${p.coord} ${p.word}: ${resResult.error.code}`);
      const res = resResult.value;
      expect(res.score, `${p.coord} ${p.word}`).toBe(p.score);
      checked++;
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it('exchanges and the pass: coord null, word "-" and the tiles, kind named', () => {
    const r = atril(
      'best',
      '--cgp',
      EMPTY_AEINRST.replace('AEINRST', 'QÑXZJHV'),
      '--top',
      '0',
      '--json',
    );
    const plays = JSON.parse(r.out) as {
      coord: string | null;
      word: string;
      kind: string;
      score: number;
    }[];
    expect(plays.filter((p) => p.kind === 'pass')).toEqual([
      { coord: null, word: '-', score: 0, equity: 0, kind: 'pass' },
    ]);
    const exchanges = plays.filter((p) => p.kind === 'exchange');
    expect(exchanges).toHaveLength(2 ** 7 - 1); // seven different tiles, every non-empty subset
    for (const e of exchanges)
      expect(e).toMatchObject({ coord: null, word: expect.stringMatching(/^-[A-ZÑ]+$/) });
  });

  it('a reader that closes the pipe early (| head) ends it quietly with exit 0', async () => {
    const cgp = '15/15/15/15/15/15/15/7CASA4/15/15/15/15/15/15/15 ??ERSTU/ 0/14 0';
    const child = spawn(process.execPath, [bin, 'best', '--cgp', cgp, '--top', '0']);
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((done) => child.on('close', done));
    expect(err).toBe('');
    expect(code).toBe(0);
  });

  it('bad input: a Spanish message and exit 2', () => {
    const r = atril('best', '--cgp', 'nada');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/posición CGP no es válida/);
    expect(atril('best').code).toBe(2);
    expect(atril('best', '--cgp', EMPTY_AEINRST, '--top', 'x').code).toBe(2);
  });

  it('--top accepts only a plain whole number: -1, "" and 1e1 are refused in Spanish', () => {
    for (const top of ['-1', '', '1e1', '0x3']) {
      const r = atril('best', '--cgp', EMPTY_AEINRST, `--top=${top}`);
      expect(r.code, top).toBe(2);
      expect(r.err).toMatch(/^--top necesita un número entero/);
    }
    const r = atril('best', '--cgp', EMPTY_AEINRST, '--top', '-1');
    expect(r.code).toBe(2);
    expect(r.err).not.toMatch(/Option|argument/);
    expect(r.err).toMatch(/^Falta el valor de --top: «-1» empieza por «-»/);
  });

  it('a malformed position is explained in Spanish, not with an error code', () => {
    const cases: [string, RegExp][] = [
      ['15/15/15 AEINRST/ 0/0 0', /el tablero tiene 3 filas/],
      ['15 AEINRST/ 0/0 0', /el tablero tiene 1 fila y/],
      [EMPTY_AEINRST.replace('15/15 ', '14/15 '), /la fila 14 .*no tiene 15 casillas/],
      [EMPTY_AEINRST.replace('AEINRST', 'AEINRSK'), /«K» no es una ficha/],
      [EMPTY_AEINRST.replace('AEINRST', 'AEINRSñ'), /comodín se escribe «\?»/],
      [EMPTY_AEINRST.replace('AEINRST', 'ZZ'), /más fichas Z en el tablero y los atriles/],
      [EMPTY_AEINRST.replace(' 0/0 ', ' 0/x '), /puntuación «x»/],
      [
        EMPTY_AEINRST.replace(' 0/0 ', ' 0 '),
        /2 atriles y 1 puntuación; debe haber una por jugador/,
      ],
      ['15/15', /faltan campos/],
    ];
    for (const [cgp, message] of cases) {
      const r = atril('best', '--cgp', cgp);
      expect(r.code, cgp).toBe(2);
      expect(r.err, cgp).toMatch(message);
      expect(r.err, cgp).not.toMatch(/[A-Z]+_[A-Z]+/);
    }
  });

  it('a rack of more tiles than any rack holds (9 with the 9-tile variant) is refused', () => {
    const r = atril('best', '--cgp', EMPTY_AEINRST.replace('AEINRST', 'AEINRSTOAE'));
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/tiene 10 fichas/);
    // Read as the «9 fichas» variant's, and said so (a CGP does not say the rules).
    for (const rack of ['AEINRSTO', 'AEINRSTOA']) {
      const nine = atril('best', '--cgp', EMPTY_AEINRST.replace('AEINRST', rack), '--json');
      expect(nine.code, nine.err).toBe(0);
      expect(nine.err).toBe(
        `Aviso: el atril tiene ${rack.length} fichas, más de 7: se juega como en la variante «9 fichas».\n`,
      );
    }
    expect(atril('best', '--cgp', EMPTY_AEINRST, '--json').err).toBe('');
    const other = atril('best', '--cgp', EMPTY_AEINRST.replace('AEINRST/', 'AEINRST/AEIOUAEIOU'));
    expect(other.code).toBe(2);
  });
});

describe('atril selfplay', () => {
  it('--json: wins, draws, mean scores and the 95% interval; same seed, same result', () => {
    const run = () =>
      atril('selfplay', '--games', '4', '--bots', 'experto,principiante', '--seed', '5', '--json');
    const a = run();
    expect(a.code, a.err).toBe(0);
    const j = JSON.parse(a.out);
    expect(j.wins[0] + j.wins[1] + j.draws).toBe(4);
    expect(j.meanScores).toHaveLength(2);
    expect(j.interval95[0]).toBeLessThanOrEqual(j.winRate);
    expect(j.interval95[1]).toBeGreaterThanOrEqual(j.winRate);
    expect({ ...JSON.parse(run().out), seconds: 0 }).toEqual({ ...j, seconds: 0 });
  });

  it('two bots of one level are told apart by their place in --bots', () => {
    const r = atril('selfplay', '--games', '2', '--bots', 'principiante,principiante');
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/^ {2}principiante 1: \d+ victorias?, media /m);
    expect(r.out).toMatch(/^ {2}principiante 2: \d+ victorias?, media /m);
    expect(r.out).toMatch(/^ {2}principiante 1 gana el /m);
  });

  it('G-01: three or four bots play one game each per seat rotation; five are refused', () => {
    const r = atril(
      'selfplay',
      '--games',
      '3',
      '--bots',
      'experto,aficionado,principiante',
      '--json',
    );
    expect(r.code, r.err).toBe(0);
    const j = JSON.parse(r.out);
    expect(j.wins).toHaveLength(3);
    expect(j.meanScores).toHaveLength(3);
    expect(j.wins[0] + j.wins[1] + j.wins[2] + j.draws).toBe(3);
    const five = atril(
      'selfplay',
      '--games',
      '1',
      '--bots',
      'experto,experto,experto,experto,experto',
    );
    expect(five.code).toBe(2);
    expect(five.err).toMatch(/^--bots necesita de dos a cuatro niveles/);
  });

  it('bad input: a Spanish message and exit 2', () => {
    expect(atril('selfplay', '--games', '0', '--bots', 'experto,experto').code).toBe(2);
    const r = atril('selfplay', '--games', '2', '--bots', 'experto,maestro');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^Nivel desconocido: «maestro»\. Niveles: /);
    expect(
      atril('selfplay', '--games', '2', '--bots', 'experto,experto', '--rules', 'x').code,
    ).toBe(2);
  });

  it('--games and --seed: plain whole numbers only, refused in Spanish otherwise', () => {
    for (const games of ['-3', '1e1', '', '0x2']) {
      const r = atril('selfplay', `--games=${games}`, '--bots', 'experto,experto');
      expect(r.code, games).toBe(2);
      expect(r.err).toMatch(/^--games necesita/);
    }
    const dash = atril('selfplay', '--games', '-3', '--bots', 'experto,experto');
    expect(dash.code).toBe(2);
    expect(dash.err).not.toMatch(/Option|argument/);
    // A seed past 2^32 − 1 would be read as a smaller one (the generator takes 32 bits).
    const big = atril('selfplay', '--games', '2', '--bots', 'experto,experto', '--seed', '1e20');
    expect(big.code).toBe(2);
    const huge = ['--seed', '100000000000000000000'];
    expect(atril('selfplay', '--games', '2', '--bots', 'experto,experto', ...huge).code).toBe(2);
    expect(atril('selfplay', '--games', '1', '--bots', 'experto,experto', '--seed=-5').code).toBe(
      2,
    );
    expect(atril('selfplay', '--games', '1', '--bots', 'experto,experto', '--seed', '0').code).toBe(
      0,
    );
  });

  it('one game reads in the singular', () => {
    const r = atril('selfplay', '--games', '1', '--bots', 'experto,principiante');
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/^1 partida, /);
    expect(r.out).toMatch(/experto: 1 victoria, /);
    expect(r.out).toMatch(/principiante: 0 victorias, media \d+,\d puntos/);
    // Spanish decimals: a comma, in the time and the rates too.
    expect(r.out).toMatch(/^1 partida, reglas fise, semilla \d+ \(\d+,\d s\)$/m);
    expect(r.out).toMatch(/gana el \d+,\d % \(intervalo del 95 %: \d+,\d % – \d+,\d %\)$/m);
  });
});
