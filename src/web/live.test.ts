/** The page's live regions: news gathered into one message (live.tsx). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { assertiveRegion, gatheredSpeech, politeRegion } from './live.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('gatheredSpeech', () => {
  it('says what comes within the window as one message, assertive when any part was', () => {
    vi.useFakeTimers();
    const say = gatheredSpeech(250);
    const polite = politeRegion.value.n;
    const assertive = assertiveRegion.value.n;
    say('Te toca en tu partida con Bea.');
    vi.advanceTimersByTime(20);
    say('Te toca en tu partida con Cris.');
    expect(politeRegion.value.n).toBe(polite);
    vi.advanceTimersByTime(250);
    expect(politeRegion.value).toEqual({
      text: 'Te toca en tu partida con Bea. Te toca en tu partida con Cris.',
      n: polite + 1,
    });
    say('Cris ha llegado a tu sala.', 'assertive');
    say('Te toca en tu partida con Cris.');
    vi.advanceTimersByTime(250);
    expect(assertiveRegion.value).toEqual({
      text: 'Cris ha llegado a tu sala. Te toca en tu partida con Cris.',
      n: assertive + 1,
    });
    // The next news start a window of their own.
    say('Te toca en tu partida con Bea.');
    vi.advanceTimersByTime(250);
    expect(politeRegion.value.text).toBe('Te toca en tu partida con Bea.');
  });
});
