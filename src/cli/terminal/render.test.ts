import { describe, expect, it } from 'vitest';
import { Session } from '../../play/session.js';
import { MIDGAME } from '../../play/testing/cases.js';
import { viewFrom } from '../../play/testing/views.js';
import { drawRack, drawStatus } from './render.js';

describe('the status line', () => {
  it('names a seat still waiting for its player as «s» does, not with an empty name', () => {
    const v = viewFrom({ names: ['Fede', '', '', 'Principiante'] });
    const seats = v.seats.map((p, i) => (i === 2 ? { ...p, open: true as const } : p));
    expect(drawStatus({ ...v, seats })).toBe(
      'Tú 0 · Invitado (asiento 2) 0 · Libre (asiento 3) 0 · Principiante 0 · Bolsa 86',
    );
  });

  it('marks a player who dropped out of an online game, as «s» does', () => {
    const v = viewFrom({ names: ['Fede', 'Ana'] });
    const seats = v.seats.map((p, i) => (i === 1 ? { ...p, away: true as const } : p));
    expect(drawStatus({ ...v, seats })).toBe('Tú 0 · Ana 0 (ausente) · Bolsa 86');
  });
});

describe('the rack line', () => {
  it('numbers every place, and says in words an empty one and a tile chosen for the exchange', () => {
    const s = new Session(viewFrom(MIDGAME)); // A E R ? CH S L
    // Chosen in navigation mode, for a later G (UX.md §2.2): shown all the same.
    s.key({ key: '2', code: 'Digit2', shift: true });
    s.key({ key: '4', code: 'Digit4', shift: true });
    s.key({ key: 'h' });
    s.key({ key: 'A', shift: true });
    expect(drawRack(s)).toBe('Atril: 1:vacío 2:E(elegida) 3:R 4:?(elegido) 5:CH 6:S 7:L');
  });
});
