/** `atril analyze` on the Spanish records of the fixtures, through the built CLI. */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { gameReviewSchema } from '../protocol/index.js';
import { gcgDir, repoRoot, sampleHead, sampleRecord } from '../../test/gcg-dir.js';
import { tempDir } from '../../test/helpers/tempDir.js';

const bin = fileURLToPath(new URL('../../bin/atril.js', import.meta.url));
const atril = (...args: string[]) => {
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
};

interface Played {
  coord: string | null;
  word: string;
  main?: string;
  score: number;
  equity: number;
  valid?: boolean;
  withdrawn?: boolean;
}
interface Analysis {
  turns: { turn: number; player: string; played: Played; best: Played[]; lost: number }[];
  skipped: number;
  players: { nick: string; turns: number; lost: number; worst: { turn: number; lost: number }[] }[];
}

const spanish = readdirSync(gcgDir()).filter((f) => f.startsWith('ropita_') && f.endsWith('.gcg'));

describe('atril analyze', () => {
  it('finds the two Spanish records', () => {
    expect(spanish).toHaveLength(2);
  });

  for (const f of spanish) {
    it(`${f}: every reviewed move against the best by equity; the losses add up per player`, () => {
      const r = atril('analyze', join(gcgDir(), f), '--json');
      expect(r.code, r.err).toBe(0);
      // No progress bar when stderr is not a terminal; the record's own word list is named, as
      // the analysis uses Atril's.
      expect(r.err).toBe(
        'Aviso: la partida indica el léxico «FILE2017»; se usa el léxico por defecto (otro, con --lexicon ARCHIVO).\n',
      );
      const a = JSON.parse(r.out) as Analysis;
      expect(a.turns.length).toBeGreaterThanOrEqual(20);
      for (const t of a.turns) {
        expect(t.best.length).toBeGreaterThan(0);
        expect(t.lost).toBeCloseTo(Math.max(0, t.best[0]!.equity - t.played.equity), 1);
        for (let k = 1; k < t.best.length; k++)
          expect(t.best[k - 1]!.equity).toBeGreaterThanOrEqual(t.best[k]!.equity);
      }
      for (const p of a.players) {
        const own = a.turns.filter((t) => t.player === p.nick);
        expect(p.turns).toBe(own.length);
        expect(p.lost).toBeCloseTo(
          own.reduce((s, t) => s + t.lost, 0),
          1,
        );
        expect(p.worst.length).toBeLessThanOrEqual(3);
        for (let k = 1; k < p.worst.length; k++)
          expect(p.worst[k - 1]!.lost).toBeGreaterThanOrEqual(p.worst[k]!.lost);
      }
    });
  }

  it('a turn lost to a failed challenge is not reviewed; the opening PUT loses to a better play', () => {
    const a = JSON.parse(
      atril('analyze', join(gcgDir(), 'ropita_sample2.gcg'), '--json').out,
    ) as Analysis;
    // Events 10, 13 and 16 are passes noted #unsuccessful-challenge.
    expect(a.turns.map((t) => t.turn)).not.toContain(10);
    const first = a.turns.find((t) => t.turn === 1)!;
    expect(first.played).toMatchObject({ coord: '8G', word: 'PUT', score: 10, valid: true });
    expect(first.lost).toBeGreaterThan(0);
  });

  it('a placement gives its whole main word: the letters on the board where the notation has «.»', () => {
    const a = JSON.parse(
      atril('analyze', join(gcgDir(), 'ropita_sample2.gcg'), '--json').out,
    ) as Analysis;
    const byTurn = (n: number) => a.turns.find((t) => t.turn === n)!;
    // G5 ALI.EGAN plays through the P of 8G PUT; 6G .UE[LL]O through an L, its digraph kept.
    expect(byTurn(2).played).toMatchObject({ word: 'ALI.EGAN', main: 'ALIPEGAN' });
    expect(byTurn(4).played).toMatchObject({ word: '.UE[LL]O', main: 'LUE[LL]O' });
    expect(byTurn(4).best[0]).toMatchObject({ word: '.O[LL]EE', main: 'PO[LL]EE' });
    // A blank on the board keeps its lower case; the summary's mistakes say it too.
    const worst = a.players.flatMap((p) => p.worst).find((w) => w.turn === 21);
    expect(worst).toMatchObject({ coord: 'C2', word: 'Q.ILO', main: 'QuILO' });
    // Passes and exchanges have no word on the board.
    for (const m of a.turns.flatMap((t) => [t.played, ...t.best]))
      expect(m.main === undefined).toBe(m.coord === null);
  });

  it('C-02: a phony taken back by a challenge scored nothing and kept the rack: worth a pass, marked withdrawn', () => {
    const file = join(gcgDir(), 'ropita_gcg_sample.gcg');
    const a = JSON.parse(atril('analyze', file, '--json').out) as Analysis;
    // Event 7, L11 VEATO (stated +35), is taken back by the «--» line after it.
    const veato = a.turns.find((t) => t.turn === 7)!;
    expect(veato.played).toEqual({
      coord: 'L11',
      word: 'VEATO',
      main: 'VEATO',
      score: 0,
      equity: 0,
      valid: false,
      withdrawn: true,
    });
    expect(veato.lost).toBe(veato.best[0]!.equity);
    // A move that stood is not marked.
    expect(a.turns.find((t) => t.turn === 3)!.played.withdrawn).toBeUndefined();
    // The review the server sends after a game is this JSON: its schema takes the mark.
    expect(gameReviewSchema.safeParse(a).success).toBe(true);
    expect(atril('analyze', file).out).toContain(
      '  7. arcadio: L11 VEATO (0 puntos, equidad 0,0) [no está en el léxico] [retirada tras impugnarla]: pierde 84,0',
    );
  });

  it('a down opening is the across one transposed: same score and loss, its own notation', () => {
    const dir = tempDir('atril-analyze-');
    const write = (name: string, move: string) => {
      const file = sampleRecord(dir, name, [`>úrsula: APRSTUZ ${move} PUT +10 10`]);
      return JSON.parse(atril('analyze', file, '--json').out) as Analysis;
    };
    const across = write('across.gcg', '8G').turns[0]!;
    const down = write('down.gcg', 'H7').turns[0]!;
    expect(down.played).toMatchObject({ coord: 'H7', word: 'PUT', score: 10, valid: true });
    expect(down.played.equity).toBe(across.played.equity);
    expect(down.lost).toBe(across.lost);
    expect(down.best).toEqual(across.best);
  });

  it('a game that cannot have been played is refused as replay refuses it, with exit 2 and nothing analysed', () => {
    const head = sampleHead();
    const dir = tempDir('atril-analyze-');
    const run = (name: string, moves: string[]) => {
      const file = sampleRecord(dir, name, moves);
      return { file, ...atril('analyze', file) };
    };
    const cases = [
      [
        'taken.gcg',
        ['>úrsula: APRSTUZ 8G PUT +10 10', '>arcadio: AAEGILN G5 ALIXEGAN +63 63'],
        `línea ${head.length + 2} (turno 2): jugada imposible: pone una ficha en G8, que ya está ocupada.`,
      ],
      [
        'offcentre.gcg',
        ['>úrsula: APRSTUZ 8A PUT +10 10'],
        `línea ${head.length + 1} (turno 1): jugada imposible: es la primera jugada y no pasa por la casilla central H8.`,
      ],
    ] as const;
    for (const [name, moves, why] of cases) {
      const r = run(name, [...moves]);
      expect(r.code).toBe(2);
      expect(r.out).toBe('');
      expect(r.err).toBe(`«${r.file}»: ${why}\n`);
    }
  });

  it('a player none of whose racks the record states is summed up as such, not as 0 moves with 0 lost', () => {
    const file = sampleRecord(tempDir('atril-analyze-'), 'sin-atril.gcg', [
      '>úrsula: APRSTUZ 8G PUT +10 10',
      '>arcadio: G5 ALI.EGAN +63 63',
    ]);
    const r = atril('analyze', file);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('1 jugada sin analizar: el archivo no da el atril completo.');
    expect(r.out.trimEnd().split('\n').at(-1)).toBe(
      '  arcadio: ninguna jugada analizada (el archivo no da sus atriles)',
    );
  });

  it('prints each move and a summary per player in Spanish', () => {
    const r = atril('analyze', join(gcgDir(), 'ropita_sample2.gcg'));
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(
      /^ {2}1\. úrsula: 8G PUT \(10 puntos, equidad -?\d+,\d\): pierde \d+,\d$/m,
    );
    expect(r.out).toMatch(/^Resumen:$/m);
    expect(r.out).toMatch(/^ {2}arcadio: \d+ jugadas analizadas, \d+,\d de equidad perdida$/m);
  });

  it('a record that names no tile set is a Spanish game when it fits one (a plain CASA)', () => {
    const file = join(tempDir('atril-analyze-'), 'casa.gcg');
    writeFileSync(file, '#player1 ana Ana\n#player2 bea Bea\n>ana: ACASERT 8G CASA +12 12\n');
    const r = atril('analyze', file);
    expect(r.code, r.err).toBe(0);
    expect(r.err).toBe('');
    expect(r.out).toMatch(/^ {2}1\. ana: 8G CASA \(12 puntos, equidad \d+,\d\): pierde /m);
  });

  it("says nothing of the record's word list when the user chose one with --lexicon", () => {
    const kwg = join(repoRoot, 'data', 'spanish.kwg');
    const r = atril('analyze', join(gcgDir(), 'ropita_sample2.gcg'), '--lexicon', kwg);
    expect(r.code, r.err).toBe(0);
    expect(r.err).toBe('');
  });
});

describe('the README', () => {
  it("shows analyze's real output for ropita_sample2.gcg, line for line", () => {
    const readme = readFileSync(fileURLToPath(new URL('../../README.md', import.meta.url)), 'utf8');
    const block = /```text\n( {2}1\. úrsula: 8G PUT[^]*?)```/.exec(readme)![1]!;
    const out = atril('analyze', join(gcgDir(), 'ropita_sample2.gcg')).out.split('\n');
    for (const line of block.split('\n').filter((l) => l !== '' && l !== '…'))
      expect(out).toContain(line);
  });
});
