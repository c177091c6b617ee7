import { describe, expect, it } from 'vitest';
import { viewFrom } from '../../play/testing/views.js';
import { drawStatus } from './render.js';

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
