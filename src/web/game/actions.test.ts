/** The pass button's name (E-06: at the end it accepts the last play). */
import { describe, expect, it } from 'vitest';
import { MIDGAME } from '../../play/testing/cases.js';
import { viewFrom } from '../../play/testing/views.js';
import { passLabel } from './actions.js';

describe('passLabel', () => {
  const playing = viewFrom(MIDGAME);
  const finalWindow = { ...playing, phase: 'final-challenge' as const };

  it('is «Pasar», then «Confirmar el pase», while the game goes on', () => {
    expect(passLabel(playing, false)).toBe('Pasar');
    expect(passLabel(playing, true)).toBe('Confirmar el pase');
  });

  it('E-06: accepts the last play for the player on turn, asked as such', () => {
    const onTurn = { ...finalWindow, turn: finalWindow.seat! };
    expect(passLabel(onTurn, false)).toBe('Aceptar la jugada');
    expect(passLabel(onTurn, true)).toBe('Confirmar: aceptar la jugada');
  });

  it('E-06: the player whose play waits is not offered to accept it', () => {
    const mover = { ...finalWindow, turn: 1 - finalWindow.seat! };
    expect(passLabel(mover, false)).toBe('Pasar');
  });
});
