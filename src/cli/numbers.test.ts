import { describe, expect, it } from 'vitest';
import { count, counted, decimal, signed } from './numbers.js';

describe('numbers in Spanish text', () => {
  it('groups thousands with a point from five digits on', () => {
    expect(count(27)).toBe('27');
    expect(count(1234)).toBe('1234');
    expect(count(12345)).toBe('12.345');
    expect(count(4420603)).toBe('4.420.603');
  });

  it('puts a count with its noun, singular only for 1', () => {
    expect(counted(1, 'partida')).toBe('1 partida');
    expect(counted(0, 'victoria')).toBe('0 victorias');
    expect(counted(12345, 'iteración', 'iteraciones')).toBe('12.345 iteraciones');
  });

  it('writes decimals with a comma', () => {
    expect(decimal(12.34)).toBe('12,3');
    expect(decimal(-0.5)).toBe('-0,5');
    expect(decimal(3, 2)).toBe('3,00');
  });

  it('signs a spread: a plus above 0, none at 0, the decimals asked for', () => {
    expect(signed(12)).toBe('+12');
    expect(signed(-3)).toBe('-3');
    expect(signed(0)).toBe('0');
    expect(signed(15.25, 1)).toBe('+15,3');
    expect(signed(-2.5, 1)).toBe('-2,5');
  });
});
