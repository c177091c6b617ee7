/**
 * `atril play` options as a user types them (issue 10, 3): lists in any order and with commas,
 * the variants 9 fichas (V-01) and Fin de línea on the command line, names that can be told apart.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const BIN = join(import.meta.dirname, '..', 'bin', 'atril.js');

function play(args: string[], input = 'marcador\n'): { out: string; err: string; code: number } {
  const r = spawnSync(process.execPath, [BIN, 'play', ...args], {
    input,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  return { out: r.stdout, err: r.stderr, code: r.status ?? -1 };
}

const players = (out: string): string => /Jugadores: ([^.]+)\./.exec(out)?.[1] ?? out;

describe('atril play options (issue 10, 3)', () => {
  it('--jugadores takes names separated by commas or spaces, before or after --vs', () => {
    expect(players(play(['--jugadores', 'Ana,Luis', '--seed', '7']).out)).toBe('Ana, Luis');
    expect(
      players(play(['--jugadores', 'Ana', 'Luis', '--vs', 'experto', '--seed', '7']).out),
    ).toBe('Ana, Luis, Experto (ordenador)');
    expect(
      players(play(['--vs', 'experto', '--jugadores', 'Ana,', 'Luis', '--seed', '7']).out),
    ).toBe('Ana, Luis, Experto (ordenador)');
    expect(players(play(['--vs', 'principiante,experto', '--seed', '7']).out)).toBe(
      'Tú, Principiante (ordenador), Experto (ordenador)',
    );
  });

  it('V-01 and Fin de línea from the command line: --fichas 9 and --meta 300', () => {
    const r = play(['--fichas', '9', '--meta', '300', '--seed', '7'], 'atril\n');
    expect(r.code).toBe(0);
    expect(r.out).toContain('atril de 9');
    expect(r.out).toContain('fin de línea a 300 puntos');
    const rack = r.out.split('\n').find((l) => l.startsWith('Atril: '))!;
    expect(rack.split(' ').length - 1).toBe(9);
  });

  it('refuses a rack size other than 7 or 9 and a target that is not a number, in Spanish', () => {
    const eight = play(['--fichas', '8']);
    expect(eight.code).toBe(2);
    expect(eight.err).toContain(
      'Fichas por atril no válidas: «8». Escribe --fichas 7 o --fichas 9.',
    );
    const meta = play(['--meta', 'mucho']);
    expect(meta.code).toBe(2);
    expect(meta.err).toContain('Meta no válida: «mucho».');
  });

  it('refuses two people with one name, and the names the table reserves (issue 10, 2)', () => {
    expect(play(['--jugadores', 'Ana', 'ana']).err).toContain(
      'Dos jugadores no pueden llamarse igual: «ana».',
    );
    expect(play(['--jugadores', 'Tú', 'Luis']).err).toContain('El nombre «Tú» está reservado');
    expect(play(['--jugadores', 'Experto', '--vs', 'experto']).err).toContain(
      'El nombre «Experto» está reservado',
    );
  });

  it('--seed: a number deals as it always did, and the seed said at the end deals again', () => {
    const rackOf = (out: string): string => /Atril: [^\n]+/.exec(out)?.[0] ?? out;
    // «007» is the seed 7: the same deal.
    expect(rackOf(play(['--vs', 'experto', '--seed', '007'], 'atril\n').out)).toBe(
      rackOf(play(['--vs', 'experto', '--seed', '7'], 'atril\n').out),
    );
    // A game with a seed drawn in secret, ended by four passes, says its seed; that seed,
    // given back, deals the same racks.
    const passes = 'pasar\n'.repeat(4);
    const first = play(['--jugadores', 'Ana,Luis'], passes);
    const said = /Semilla ([0-9a-f]{32}): con los mismos jugadores y reglas, «--seed \1»/.exec(
      first.out,
    );
    expect(said, first.out).not.toBeNull();
    const again = play(['--jugadores', 'Ana,Luis', '--seed', said![1]!], passes);
    expect(again.code, again.err).toBe(0);
    const racks = (out: string): string[] => out.match(/Atril: [^\n]+/g) ?? [];
    expect(racks(again.out)).toEqual(racks(first.out));
    expect(racks(first.out)).toHaveLength(4);
  });

  it('--help names the variants', () => {
    const r = play(['--help'], '');
    expect(r.out).toContain('--fichas 7|9');
    expect(r.out).toContain('--meta PUNTOS');
    expect(r.out).toContain('--jugadores Ana,Luis');
  });
});
