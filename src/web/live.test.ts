/** The page's live regions: news said one message at a time (live.tsx). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { assertiveRegion, pacedSpeech, politeRegion, speak, speakingMs, unsay } from './live.js';

afterEach(() => {
  vi.useRealTimers();
});

// News gathered for 250 ms at 15 characters a second, on fake timers.
function paced(): ReturnType<typeof pacedSpeech> {
  vi.useFakeTimers();
  return pacedSpeech(
    250,
    () => 15,
    () => Date.now(),
  );
}

describe('pacedSpeech', () => {
  it('says what comes within the window as one message, assertive when any part was, a repeated part once', () => {
    const say = paced();
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
    // Two endings a moment apart, each with the same closing sentence: said once, at the end,
    // and only once the message before has been read.
    vi.advanceTimersByTime(speakingMs(politeRegion.value.text));
    say('Ha terminado tu partida con Bea.', 'assertive');
    say('Puedes verla en «Partidas terminadas».', 'assertive');
    say('Ha terminado tu partida con Cris.', 'assertive');
    say('Puedes verla en «Partidas terminadas».', 'assertive');
    vi.advanceTimersByTime(250);
    expect(assertiveRegion.value).toEqual({
      text: 'Ha terminado tu partida con Bea. Ha terminado tu partida con Cris. Puedes verla en «Partidas terminadas».',
      n: assertive + 1,
    });
  });

  it('news coming while a message is still being read wait for it instead of cutting it off', () => {
    const say = paced();
    const n = assertiveRegion.value.n;
    const first = 'Ha terminado tu partida con Dani. Dani abandona. Has ganado: Tú 48, Dani 38.';
    say(first, 'assertive');
    vi.advanceTimersByTime(250);
    expect(assertiveRegion.value.n).toBe(n + 1);
    // 0.8 s later the second ending arrives: it waits until the first has been read.
    vi.advanceTimersByTime(800);
    say('Ha terminado tu partida con Eva.', 'assertive');
    vi.advanceTimersByTime(speakingMs(first) - 800 - 1);
    expect(assertiveRegion.value.text).toBe(first);
    vi.advanceTimersByTime(1);
    expect(assertiveRegion.value).toEqual({ text: 'Ha terminado tu partida con Eva.', n: n + 2 });
    // At a faster reading rate the wait is shorter.
    const fast = pacedSpeech(
      250,
      () => 40,
      () => Date.now(),
    );
    fast('Una.');
    vi.advanceTimersByTime(250);
    fast('Dos.');
    vi.advanceTimersByTime(Math.max(250, speakingMs('Una.', 40)));
    expect(politeRegion.value.text).toBe('Dos.');
  });
});

describe('unsay', () => {
  it('empties a region that still holds the message, a repeat too, and leaves a newer one', () => {
    speak('Escribe un nombre de 1 a 40 caracteres.', 'assertive');
    speak('Escribe un nombre de 1 a 40 caracteres.', 'assertive'); // said again: a trailing space
    const n = assertiveRegion.value.n;
    unsay('Escribe un nombre de 1 a 40 caracteres.');
    expect(assertiveRegion.value).toEqual({ text: '', n: n + 1 });
    speak('Sin conexión.', 'assertive');
    unsay('Escribe un nombre de 1 a 40 caracteres.');
    expect(assertiveRegion.value.text).toBe('Sin conexión.');
  });
});
