/**
 * `atril endgame` through the built CLI: the solver's exact value and line for a real endgame,
 * and with one tile in the bag the pre-endgame's ranking.
 */
import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeCgp } from '../engine/notation/cgp.js';
import { makeRules } from '../engine/rules.js';
import { formatCoord } from '../engine/notation/coords.js';
import { SPANISH, rackFromTiles, rackToTiles, tilesToGcg } from '../engine/tiles.js';
import { loadDefaultLexicon } from '../lexicon/index.js';
import { solvePreEndgame } from '../ai/endgame/preendgame.js';
import { type EndgameResult, EndgameSolver } from '../ai/endgame/solver.js';
import { parseCgp } from '../engine/notation/cgp.js';
import { playedOut } from './endgame.js';
import { type RandomEndgame, benchEndgames, randomEndgames } from '../ai/testing/endgames.js';

const bin = fileURLToPath(new URL('../../bin/atril.js', import.meta.url));
const atril = (...args: string[]) => {
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
};

/** An endgame as the CGP the command reads, with the scores given (and other racks, if). */
const cgpOf = (g: RandomEndgame, scores: [number, number], racks = g.racks.map(rackToTiles)) =>
  writeCgp({
    board: g.board,
    racks,
    scores,
    zeroTurns: 0,
    tileSet: 'spanish',
    ops: [],
  });

let game: RandomEndgame;
let cgp: string;
let nodes: Uint32Array;
beforeAll(() => {
  const lex = loadDefaultLexicon();
  if (!lex.ok) throw new Error(JSON.stringify(lex.error));
  nodes = lex.value.nodes;
  // A real endgame (every tile on the board or a rack) small enough to solve in a moment.
  game = randomEndgames(nodes, SPANISH, makeRules('fise'), {
    count: 1,
    firstSeed: 3,
    minRack: 1,
    maxRack: 2,
    whole: true,
  })[0]!;
  cgp = cgpOf(game, [350, 340]);
});

describe('atril best --sim on an endgame', () => {
  it('refuses to simulate with the bag empty and names the command that solves it exactly', () => {
    const r = atril('best', '--cgp', cgp, '--sim', '--iteraciones', '4', '--hilos', '1');
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err.split('\n')[0]).toBe(
      'Con la bolsa vacía no hay nada que simular: cada uno sabe qué fichas tiene el otro. ' +
        'El final exacto lo calcula «atril endgame --cgp "…"», con la misma posición.',
    );
  });
});

describe('atril endgame', () => {
  it('--json: the exact value of the solver, the line and the final scores (E-05)', () => {
    // One thread: the same search as the solver here, so the same line.
    const r = atril('endgame', '--cgp', cgp, '--json', '--hilos', '1');
    expect(r.code, r.err).toBe(0);
    const got = JSON.parse(r.out) as {
      exact: boolean;
      value: number;
      finalScores: [number, number];
      finalSpread: number;
      end: string;
      line: { player: number; coord: string | null; word: string; score: number }[];
    };
    const want = new EndgameSolver(nodes, SPANISH, makeRules('fise')).solve(game);
    expect(got.exact).toBe(true);
    expect(got.value).toBe(want.value);
    expect(got.finalSpread).toBe(10 + want.value);
    expect(got.finalScores[0] - got.finalScores[1]).toBe(got.finalSpread);
    expect(got.line.map((s) => s.score)).toEqual(want.line.map((s) => s.score));
    expect(got.line[0]!.player).toBe(1);
    expect(['out', 'passes']).toContain(got.end);
  });

  it('--hilos 2: the exact value of a larger endgame (4 against 7 tiles), and a line that ends on it', () => {
    const big = benchEndgames(nodes, makeRules('fise'), 1, 46)[0]!;
    const want = new EndgameSolver(nodes, SPANISH, makeRules('fise')).solve(big);
    expect(want.exact).toBe(true);
    const text = cgpOf(big, [300, 300]);
    const r = atril('endgame', '--cgp', text, '--json', '--hilos', '2');
    expect(r.code, r.err).toBe(0);
    const got = JSON.parse(r.out) as { exact: boolean; value: number; finalSpread: number };
    expect([got.exact, got.value]).toEqual([true, want.value]);
    // The final scores add up the line's points and the end's adjustment.
    expect(got.finalSpread).toBe(want.value);
  });

  it('--hilos 2: a small endgame is answered by the first thread alone (the same nodes as one)', () => {
    const r = atril('endgame', '--cgp', cgp, '--json', '--hilos', '2');
    expect(r.code, r.err).toBe(0);
    const want = new EndgameSolver(nodes, SPANISH, makeRules('fise')).solve(game);
    expect((JSON.parse(r.out) as { nodes: number }).nodes).toBe(want.nodes);
  });

  it('--hilos must be a whole number from 1 to 64; more than the cores is warned, not refused', () => {
    for (const bad of ['0', 'dos', '1.5', '65']) {
      const r = atril('endgame', '--cgp', cgp, '--hilos', bad);
      expect(r.code).toBe(2);
      expect(r.err).toContain(`--hilos necesita un número entero entre 1 y 64, no «${bad}».`);
    }
    const cores = availableParallelism();
    const r = atril('endgame', '--cgp', cgp, '--hilos', String(cores + 1), '--json');
    expect(r.code, r.err).toBe(0);
    expect(r.err).toMatch(
      new RegExp(`^Aviso: ${cores + 1} hilos en (un núcleo|${cores} núcleos): `),
    );
    expect((JSON.parse(r.out) as { exact: boolean }).exact).toBe(true);
  });

  it('prints the sequence in Spanish with the final score', () => {
    const r = atril('endgame', '--cgp', cgp);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/^Secuencia óptima \(exacta/);
    expect(r.out).toMatch(/ 1\. Jugador 1: /);
    expect(r.out).toMatch(/Resultado final: \d+ a \d+ \(diferencia [+-]?\d+\)\./);
  });

  it('a position that names its word list is warned on stderr, unless --lexicon chose one', () => {
    const named = `${cgp} lex FILE2017;`;
    const r = atril('endgame', '--cgp', named, '--hilos', '1');
    expect(r.code, r.err).toBe(0);
    expect(r.err).toBe(
      'Aviso: la posición indica el léxico «FILE2017»; se usa el léxico por defecto (otro, con --lexicon ARCHIVO).\n',
    );
    expect(r.out).toMatch(/^Secuencia óptima \(exacta/);
    const kwg = fileURLToPath(new URL('../../data/spanish.kwg', import.meta.url));
    expect(atril('endgame', '--cgp', named, '--hilos', '1', '--lexicon', kwg).err).toBe('');
  });

  it("cut short by --tiempo, it says so and keeps the line's scores apart from the estimate", () => {
    // Bench endgame 88: a Q against seven tiles, about 5 million nodes to solve.
    const hard = benchEndgames(nodes, makeRules('fise'), 1, 88)[0]!;
    const text = cgpOf(hard, [300, 300]);
    const r = atril('endgame', '--cgp', text, '--tiempo', '0.3', '--hilos', '1');
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/^Mejor secuencia encontrada en [\d,]+ s \(no exacta: /);
    const est = /Diferencia estimada desde aquí para el jugador 1: ([+-]?\d+)\./.exec(r.out);
    expect(est).not.toBeNull();
    expect(r.out).toContain(`; diferencia final estimada: ${est![1]!.replace(/^(\d)/, '+$1')}.`);
    expect(r.out).toMatch(/\nTras la secuencia mostrada: \d+ a \d+; /);
    expect(r.out).not.toContain('Resultado final');
    // No progress line when stderr is not a terminal.
    expect(r.err).toBe('');
  });

  it('refuses a position whose bag still holds tiles', () => {
    const r = atril(
      'endgame',
      '--cgp',
      '15/15/15/15/15/15/15/3CASA8/15/15/15/15/15/15/15 XS/ÑE 300/310 0',
    );
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^La bolsa no está vacía: quedan 92 fichas/);
  });

  it('a blank on a rack is one of the tiles counted: the bag is empty, no tile is missing', () => {
    // One blank is on the board (r), the other on a rack. Counting a rack's blank as nothing
    // made this a pre-endgame with «?» left in the bag, or a bag of 8 tiles unseen.
    const board =
      '15/6GURU5/8U6/8S6/4B3TROX3/4OC1PIOS1D2/1YErAL1R1RATON1/1EA2OCENA2MI1/3H1NO1ONA1EN1/2HILES3G4/1BE1ASI3ARLE1/DUZ1S7E[RR]E/A2MOA5JEA1/[LL]1DA9DI/OLES7FIAD';
    for (const racks of ['CCÑPTUV/?[CH]EQT', '?[CH]EQT/']) {
      const r = atril('endgame', '--cgp', `${board} ${racks} 162/243 0`, '--json', '--tiempo', '1');
      expect(r.code).toBe(0);
      const out = JSON.parse(r.out) as Record<string, unknown>;
      expect(out['preendgame']).toBeUndefined();
      expect(typeof out['value']).toBe('number');
    }
  });

  it('E-02: a position whose scoreless turns already ended the game says so, and only the racks count', () => {
    const example = /\n {2}atril endgame --cgp "([^"]+)"\n/.exec(
      atril('endgame', '--help').out,
    )![1]!;
    // Four scoreless turns in a row (two players): the game is over as it stands.
    const r = atril('endgame', '--cgp', example.replace(/ 0$/, ' 4'), '--hilos', '1');
    expect(r.code, r.err).toBe(0);
    expect(r.out.split('\n').slice(0, 2)).toEqual([
      'La partida ya ha terminado en esta posición: no queda ninguna jugada.',
      'Fin por pases: el jugador 1 resta 2 puntos y el jugador 2, 13 puntos.',
    ]);
    expect(r.out).toContain('Resultado final: 348 a 327 (diferencia +21).');
  });

  it('--help explains it in Spanish', () => {
    const r = atril('endgame', '--help');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^Uso: atril endgame --cgp/);
    expect(r.out).toMatch(
      /--hilos N +hilos que buscan a la vez, de 1 a 64 \(todos los núcleos por omisión/,
    );
  });

  it('the example --help gives is a real endgame, solved exactly as written there', () => {
    const example = /\n {2}atril endgame --cgp "([^"]+)"\n/.exec(atril('endgame', '--help').out);
    expect(example).not.toBeNull();
    const r = atril('endgame', '--cgp', example![1]!, '--hilos', '1');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^Secuencia óptima \(exacta;/);
    expect(r.out).toContain('Resultado final: 367 a 327 (diferencia +40).');
    // Without the rival's rack, as the example says: the same tiles are the unseen ones.
    const unseen = atril(
      'endgame',
      '--cgp',
      example![1]!.replace('LU/ADHPTTU', 'LU/'),
      '--hilos',
      '1',
    );
    expect(unseen.code).toBe(0);
    expect(unseen.out).toContain('Resultado final: 367 a 327 (diferencia +40).');
  });
});

describe('atril endgame: a rack left out, one tile in the bag', () => {
  it("without the opponent's rack, the opponent holds the unseen tiles: the same value", () => {
    const mine = rackToTiles(game.racks[0]);
    const r = atril('endgame', '--cgp', cgpOf(game, [350, 340], [mine, []]), '--json');
    expect(r.code, r.err).toBe(0);
    const want = new EndgameSolver(nodes, SPANISH, makeRules('fise')).solve(game);
    expect((JSON.parse(r.out) as { value: number }).value).toBe(want.value);
  });

  // Bench endgame 47 with the mover's last tile put back in the bag: two tiles against seven.
  const preEndgame = () => {
    const g = benchEndgames(nodes, makeRules('fise'), 1, 47)[0]!;
    const mine = rackToTiles(g.racks[0]);
    const bagTile = mine.pop()!;
    return { g, mine, bagTile, theirs: rackToTiles(g.racks[1]) };
  };

  it("with the opponent's rack, the bag's tile is the one left over: each candidate's score minus the exact endgame after drawing it", () => {
    const { g, mine, bagTile, theirs } = preEndgame();
    const r = atril('endgame', '--cgp', cgpOf(g, [300, 310], [mine, theirs]), '--json', '--top', '3', '--hilos', '1'); // prettier-ignore
    expect(r.code, r.err).toBe(0);
    const got = JSON.parse(r.out) as {
      preendgame: boolean;
      candidates: { coord: string; word: string; score: number; value: number; exact: boolean }[];
      evaluated: number;
      endgames: number;
      stopped: boolean;
    };
    expect([got.preendgame, got.evaluated, got.endgames, got.stopped]).toEqual([true, 3, 3, false]);
    const bag = rackFromTiles(SPANISH, [bagTile]);
    const unseen = rackFromTiles(SPANISH, [...theirs, bagTile]);
    const solver = new EndgameSolver(nodes, SPANISH, makeRules('fise'));
    const want = solvePreEndgame(
      solver,
      nodes,
      { board: g.board, rack: rackFromTiles(SPANISH, mine), unseen, bag },
      { candidates: 3 },
    ).map((c) => {
      if (c.move.kind !== 'place') throw new Error('placements only');
      const word = tilesToGcg(SPANISH, c.move.tiles);
      return { coord: formatCoord(c.move), word, score: c.score, value: c.value, exact: true };
    });
    expect(got.candidates).toEqual(want);
    // Best first.
    for (let k = 1; k < 3; k++)
      expect(got.candidates[k - 1]!.value).toBeGreaterThanOrEqual(got.candidates[k]!.value);
  }, 60_000);

  it('without it, any unseen tile may be in the bag: the mean over the eight, in Spanish', () => {
    const { g, mine } = preEndgame();
    const r = atril('endgame', '--cgp', cgpOf(g, [300, 310], [mine, []]), '--top', '2', '--tiempo', '2'); // prettier-ignore
    expect(r.code, r.err).toBe(0);
    expect(r.err).toBe('');
    const lines = r.out.trimEnd().split('\n');
    expect(lines[0]).toMatch(
      /^Prefinal: queda 1 ficha en la bolsa, una de las 8 que no se ven \(\d letras distintas\)\.$/,
    );
    expect(lines[1]).toMatch(
      /^Cada jugada se prueba con cada ficha que puede quedar en la bolsa y se resuelve el final que sigue \(\d+ finales en [\d,]+ s\)\. Diferencia media hasta el final:$/,
    );
    expect(lines).toHaveLength(4);
    for (const [k, line] of lines.slice(2).entries())
      expect(line).toMatch(
        new RegExp(
          `^  ${k + 1}\\. \\S+ \\S+, \\d+ puntos: [+-]?\\d+,\\d( \\(estimada: algún final no se resolvió del todo\\))?$`,
        ),
      );
  }, 60_000);

  it('a lone Q that fits nowhere: no placement to rank, and what is left to do under each preset', () => {
    // Bench endgame 88 (a Q against seven tiles) with the H of 1N taken off the board: eight
    // tiles unseen, so one of them is in the bag.
    const g = benchEndgames(nodes, makeRules('fise'), 1, 88)[0]!;
    const board = g.board.slice();
    expect(board[13]).not.toBe(0);
    board[13] = 0;
    const text = cgpOf({ ...g, board }, [300, 300], [rackToTiles(g.racks[0]), []]);
    expect(rackToTiles(g.racks[0]).length).toBe(1);
    const fise = atril('endgame', '--cgp', text);
    expect(fise.code, fise.err).toBe(0);
    expect(fise.out).toBe(
      'Prefinal: queda 1 ficha en la bolsa, una de las 8 que no se ven (6 letras distintas).\n' +
        'Ninguna jugada cabe en el tablero: queda pasar o cambiar fichas.\n',
    );
    // X-01 in the online room: no exchange with fewer than 8 tiles in the bag.
    const sala = atril('endgame', '--cgp', text, '--rules', 'sala');
    expect(sala.out).toContain('Ninguna jugada cabe en el tablero: solo queda pasar.\n');
  });

  it('refuses two tiles in the bag', () => {
    const { g, mine } = preEndgame();
    const two = atril('endgame', '--cgp', cgpOf(g, [300, 310], [mine.slice(1), []]));
    expect(two.code).toBe(2);
    expect(two.err).toMatch(
      /^La bolsa no está vacía: quedan 2 fichas fuera del tablero y de los atriles \(un final admite una como mucho\)\./,
    );
  });
});

describe('playedOut: "end" says how the line shown ends, exact or not', () => {
  // The example of --help: LU against ADHPTTU, where 9I LU. goes out at once.
  const example = (): Parameters<typeof playedOut>[3] => {
    const pos = parseCgp(
      '7C3AYAS/6NASARDOS1/3L3N4DE1/3A3T1MIME2/3PReLuCID2E1/3O3[RR]1ZAFEN1/3N3ECO3C1/1V1AJO[CH]O2B2AD/' +
        '1A2U5A2BE/1Q2Ñ5G2O1/1U2I5U4/HETEA5E2G1/1I2SILEROS2R1/1S6EX3I1/9ENRO[LL]O LU/ADHPTTU 350/340 0',
    );
    if (!pos.ok) throw new Error(pos.error.code);
    const { board, racks, scores, zeroTurns } = pos.value;
    return {
      board,
      racks: [rackFromTiles(SPANISH, racks[0]!), rackFromTiles(SPANISH, racks[1]!)],
      scores,
      zeroTurns,
    };
  };
  const rules = makeRules('fise');
  const pass = (player: 0 | 1) => ({ player, move: { kind: 'pass' } as const, score: 0 });
  const cut = (line: EndgameResult['line']): EndgameResult => ({
    value: 0,
    exact: false,
    line,
    depth: 1,
    nodes: 1,
    ms: 1,
  });

  it('a line cut short that still goes out ends «out», with the same scores as the exact one', () => {
    const pos = example();
    const exact = new EndgameSolver(nodes, SPANISH, rules).solve({
      board: pos.board,
      racks: pos.racks,
    });
    expect(exact.exact).toBe(true);
    const proven = playedOut(exact, SPANISH, rules, pos);
    expect(proven.end).toBe('out');
    const shown = playedOut({ ...exact, exact: false }, SPANISH, rules, pos);
    expect(shown.end).toBe('out');
    expect(shown.finalScores).toEqual(proven.finalScores);
    expect(shown.finalScores).toEqual([367, 327]);
  });

  it('passes end it when the rules say (E-02: four in a row), counting those before the position', () => {
    const pos = example();
    expect(playedOut(cut([pass(0), pass(1), pass(0)]), SPANISH, rules, pos).end).toBe('open');
    const four = playedOut(cut([pass(0), pass(1), pass(0), pass(1)]), SPANISH, rules, pos);
    expect(four.end).toBe('passes');
    // Each player subtracts their own rack: LU is 2 points, ADHPTTU 13.
    expect(four.finalScores).toEqual([348, 327]);
    const after = playedOut(cut([pass(0), pass(1)]), SPANISH, rules, { ...pos, zeroTurns: 2 });
    expect(after.end).toBe('passes');
    expect(playedOut(cut([]), SPANISH, rules, pos).end).toBe('open');
  });
});
