import { describe, expect, it } from 'vitest';
import { emptyArray } from './arrays.js';

describe('emptyArray', () => {
  it('leaves no element behind, and the array takes new ones from its start', () => {
    const a = [3, 1, 4, 1, 5];
    emptyArray(a);
    expect(a).toEqual([]);
    a.push(9);
    expect(a).toEqual([9]);
    emptyArray(a);
    emptyArray(a);
    expect(a.length).toBe(0);
  });
});
