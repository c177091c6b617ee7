/**
 * `atril replay` through the real command (`node bin/atril.js`, built by `npm test` before
 * Vitest runs): exit codes and the JSON shape of DESIGN.md §4.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gcgDir, repoRoot } from './gcg-dir.js';
import { tempDir } from './helpers/tempDir.js';

const dir = gcgDir();
const bin = join(repoRoot, 'bin/atril.js');

function atril(...args: string[]) {
  const r = spawnSync(process.execPath, [bin, 'replay', ...args], { encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

function tempGcg(text: string | Uint8Array): string {
  const d = tempDir('atril-replay-');
  const f = join(d, 'partida.gcg');
  writeFileSync(f, text);
  return f;
}

describe('atril replay (DESIGN.md §4)', () => {
  it('exit 0 and the JSON shape when every score matches (old 1× ending)', () => {
    const r = atril(join(dir, 'quackle_fivepoint.gcg'), '--json');
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.out);
    expect(Object.keys(doc)).toEqual(['ok', 'moves', 'final']);
    expect(doc.ok).toBe(true);
    for (const m of doc.moves)
      expect(Object.keys(m)).toEqual(['turn', 'player', 'coord', 'word', 'score', 'stated', 'ok']);
    expect(doc.moves[1]).toEqual({
      turn: 2,
      player: 'Paul',
      coord: 'H6',
      word: 'BE.NLIKE',
      score: 69,
      stated: 69,
      ok: true,
    });
    expect(doc.final.players).toEqual([
      { player: 'Ganesh', stated: 452, computed: 452, ok: true },
      { player: 'Paul', stated: 360, computed: 360, ok: true },
    ]);
    expect(doc.final.words).toMatchObject({ checked: false, lexicon: null });
  });

  it('exit 1 on a mismatch, naming the line', () => {
    const r = atril(join(dir, 'liwords_hoodriver2022_r20_peter.gcg'), '--json');
    expect(r.code).toBe(1);
    const doc = JSON.parse(r.out);
    expect(doc.ok).toBe(false);
    expect(doc.final.mismatches).toMatchObject([
      { line: 19, kind: 'SCORE', stated: 115, computed: 113 },
    ]);
    const human = atril(join(dir, 'liwords_hoodriver2022_r20_peter.gcg'));
    expect(human.code).toBe(1);
    expect(human.out).toContain(
      'línea 19 (turno 15): N1 BRUnCH..Y consta como +115, pero vale 113',
    );
  });

  it('checks Spanish words with the default lexicon unless told not to', () => {
    const r = atril(join(dir, 'ropita_sample2.gcg'), '--json');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).final.words).toMatchObject({ checked: true, lexicon: 'default' });
    const none = atril(join(dir, 'ropita_sample2.gcg'), '--json', '--lexicon', 'none');
    expect(JSON.parse(none.out).final.words).toMatchObject({ checked: false });
  });

  it('exit 2 with a Spanish message for a missing file', () => {
    const r = atril(join(dir, 'no-existe.gcg'));
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^No existe el archivo «.*no-existe\.gcg»\.\n$/);
  });

  it('exit 2 for an impossible move, a bad encoding and an unknown nick', () => {
    const head = '#character-encoding UTF-8\n#player1 a A\n#player2 b B\n>a: AB 8G AB +8 8\n';
    const occupied = atril(tempGcg(head + '>b: X 8H X +8 8\n'));
    expect(occupied.code).toBe(2);
    expect(occupied.err).toContain('línea 5 (turno 2): jugada imposible: pone una ficha en H8');
    const bad = Buffer.concat([
      Buffer.from('#character-encoding UTF-8\n#player1 a '),
      Buffer.from([0xff, 0x0a]),
    ]);
    const enc = atril(tempGcg(bad));
    expect(enc.code).toBe(2);
    expect(enc.err).toContain('línea 2: el archivo dice estar en UTF-8');
    const nick = atril(tempGcg(head + '>c: CD 9G CD +8 8\n'));
    expect(nick.code).toBe(2);
    expect(nick.err).toContain('el jugador «c» no está declarado');
    for (const r of [occupied, enc, nick]) expect(r.err).not.toContain('    at ');
  });

  it('exit 2 on bad usage; --help exits 0', () => {
    expect(atril().code).toBe(2);
    expect(atril('a.gcg', '--bogus').code).toBe(2);
    const help = atril('--help');
    expect(help.code).toBe(0);
    expect(help.out).toContain('Uso: atril replay PARTIDA.gcg');
  });
});

describe('atril replay: the ends GCG has no line for (V-02, a resignation)', () => {
  const head = '#tile-distribution spanish\n#player1 Ana Ana\n#player2 Berto Berto\n';
  const play = '>Ana: ACSA 8G CASA +12 12\n>Berto: OS 9G OS +10 10\n';
  it('a game ended at the target score says who reached it, in text and JSON', () => {
    // Ana's CASA reaches the 12 points the game was played to.
    const f = tempGcg(
      head + '#atril-rules {"preset":"fise","targetScore":12}\n' + play.split('\n')[0] + '\n',
    );
    const text = atril(f, '--lexicon', 'none');
    expect(text.code).toBe(0);
    expect(text.out).toContain(
      'Cierre: Ana llega a la puntuación final (fin de línea); los atriles no se ajustan.',
    );
    expect(text.out).not.toContain('no llega al final');
    const json = JSON.parse(atril(f, '--lexicon', 'none', '--json').out) as {
      final: { ending: string; endedBy: string | null };
    };
    expect(json.final).toMatchObject({ ending: 'target', endedBy: 'Ana' });
  });
  it('E-05: going out is said as the FISE counts it (1×), or as NASPA does (2×), for the table it was', () => {
    const out = (events: string, players = head) =>
      atril(tempGcg(players + play + events), '--lexicon', 'none').out;
    expect(out('>Ana: (ÑS) +9 21\n>Berto: ÑS (ÑS) -9 1\n')).toContain(
      'Cierre: quien se queda sin fichas suma las del rival, que las resta (como manda la FISE).',
    );
    expect(out('>Ana: (ÑS) +18 30\n')).toContain(
      'Cierre: quien se queda sin fichas suma el doble de las del rival, que no resta nada (como en la NASPA; la diferencia es la misma).',
    );
    const three = head + '#player3 Carla Carla\n';
    const text = out('>Carla: AB -AB +0 0\n>Ana: (ÑS) +9 21\n>Berto: ÑS (ÑS) -9 1\n', three);
    expect(text).toContain(
      'Cierre: quien se queda sin fichas suma las de los demás, que restan las suyas (como manda la FISE).',
    );
    expect(text).toMatch(/^Partida partida\.gcg: Ana, Berto y Carla; fichas: /);
    expect(out('')).toMatch(/^Partida partida\.gcg: Ana contra Berto; fichas: /);
  });
  it('a record that names no tile set is Spanish unless its scores say English (the Q)', () => {
    const players = '#player1 ana Ana\n#player2 bea Bea\n';
    const spanish = atril(tempGcg(players + '>ana: QUESERT 8G QUE +14 14\n'));
    expect(spanish.code, spanish.out).toBe(0);
    expect(spanish.out).toContain('fichas: español.');
    expect(spanish.out).toContain('Resultado: todo cuadra.');
    const english = atril(tempGcg(players + '>ana: QUESERT 8G QUE +24 24\n'));
    expect(english.code, english.out).toBe(0);
    expect(english.out).toContain('fichas: inglés.');
  });

  it('a resigned game says who resigned', () => {
    const r = atril(tempGcg(head + '#atril-resign 1\n' + play), '--lexicon', 'none');
    expect(r.code).toBe(0);
    expect(r.out).toContain('Cierre: Ana abandona la partida.');
  });
  it('a claimed game says who claimed it from whom, in text and JSON', () => {
    const f = tempGcg(head + '#atril-resign 2\n#atril-claim 1\n' + play);
    expect(atril(f, '--lexicon', 'none').out).toContain(
      'Cierre: Ana reclama la partida: Berto la pierde por no estar en la mesa en su turno.',
    );
    const json = JSON.parse(atril(f, '--lexicon', 'none', '--json').out) as {
      final: { ending: string; endedBy: string | null; claimedBy: string | null };
    };
    expect(json.final).toMatchObject({ ending: 'resign', endedBy: 'Berto', claimedBy: 'Ana' });
    // A claim naming the one who lost it is said and left out.
    const bad = atril(
      tempGcg(head + '#atril-resign 2\n#atril-claim 2\n' + play),
      '--lexicon',
      'none',
    );
    expect(bad.out).toContain(
      'Aviso: «#atril-claim 2» nombra como quien reclama al mismo jugador que pierde la partida: se pasa por alto.',
    );
    expect(bad.out).toContain('Cierre: Berto abandona la partida.');
  });
});
