/**
 * The page's live regions (UX.md §2.5), one pair for every route so they exist, empty, from
 * the first paint: polite for replies to the player's own keys, assertive for what the player
 * did not cause. Each message replaces the last; a repeated one gets a no-break space so
 * screen readers read it again (lichess `Notify`).
 */
import { signal } from '@preact/signals';

/** Text of a live region; `n` changes with every message so a repeat is announced again. */
export interface Spoken {
  readonly text: string;
  readonly n: number;
}

export const politeRegion = signal<Spoken>({ text: '', n: 0 });
export const assertiveRegion = signal<Spoken>({ text: '', n: 0 });

/** Puts a message into a region. */
export function speak(text: string, priority: 'polite' | 'assertive' = 'polite'): void {
  const region = priority === 'polite' ? politeRegion : assertiveRegion;
  const again = region.value.text === text;
  region.value = { text: again ? `${text}\u00a0` : text, n: region.value.n + 1 };
}

/**
 * Empties a region that still holds `text` (as `speak` put it there, a repeat included): a
 * message no longer true, such as an error the player has since put right, must not stay for a
 * screen reader to find there later. A region that has moved on to something else is left alone.
 */
export function unsay(text: string, priority: 'polite' | 'assertive' = 'assertive'): void {
  const region = priority === 'polite' ? politeRegion : assertiveRegion;
  if (region.value.text.replace(/\u00a0$/, '') !== text) return;
  region.value = { text: '', n: region.value.n + 1 };
}

/**
 * About how long a screen reader takes to read a message at `rate` characters a second (the
 * player's setting; 15 is about NVDA's default), and a moment to start; at most 6 s.
 */
export function speakingMs(text: string, rate = 15): number {
  return Math.min(6000, Math.round(400 + (1000 * text.length) / rate));
}

/**
 * A way to speak news that arrive in separate frames (two games changing at once, a second
 * ending a moment after the first) without one replacing the other before a screen reader has
 * read it: what comes within `gatherMs` is said as one message, and what comes while that one
 * is still being read (`speakingMs` at `rate()`) waits for it and is said after, gathered in
 * turn. A message is assertive when any of its parts was; a part said twice is said once, at
 * its last place.
 */
export function pacedSpeech(
  gatherMs: number,
  rate: () => number = () => 15,
  now: () => number = Date.now,
): (text: string, priority?: 'polite' | 'assertive') => void {
  let parts: string[] = [];
  let assertive = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let busyUntil = 0;
  const flush = (): void => {
    const text = parts.filter((p, i) => parts.lastIndexOf(p) === i).join(' ');
    speak(text, assertive ? 'assertive' : 'polite');
    busyUntil = now() + speakingMs(text, rate());
    parts = [];
    assertive = false;
    timer = undefined;
  };
  return (text, priority = 'polite') => {
    parts.push(text);
    assertive ||= priority === 'assertive';
    timer ??= setTimeout(flush, Math.max(gatherMs, busyUntil - now()));
  };
}

export function LiveRegions() {
  return (
    <div class="sr-only">
      <div id="anuncios" role="status" aria-live="polite" aria-atomic="true">
        {politeRegion.value.text}
      </div>
      <div id="avisos" aria-live="assertive" aria-atomic="true">
        {assertiveRegion.value.text}
      </div>
    </div>
  );
}
