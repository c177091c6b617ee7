/**
 * The page's live regions (UX.md §2.5), one pair for every route so they exist, empty, from
 * the first paint: polite for replies to the player's own keys, assertive for what the player
 * did not cause. Each message replaces the last; a repeated one gets a no-break space so
 * screen readers read it again (lichess `Notify`).
 */
import { signal } from '@preact/signals';
import type { Spoken } from './game/controller.js';

export const politeRegion = signal<Spoken>({ text: '', n: 0 });
export const assertiveRegion = signal<Spoken>({ text: '', n: 0 });

/** Puts a message into a region. */
export function speak(text: string, priority: 'polite' | 'assertive' = 'polite'): void {
  const region = priority === 'polite' ? politeRegion : assertiveRegion;
  const again = region.value.text === text;
  region.value = { text: again ? `${text}\u00a0` : text, n: region.value.n + 1 };
}

/**
 * A way to speak that gathers what is said within `ms` of its first part into one message,
 * assertive when any part was: news that arrive in separate frames a few milliseconds apart
 * (two games changing at once) would otherwise replace each other before a screen reader read
 * the first.
 */
export function gatheredSpeech(
  ms: number,
): (text: string, priority?: 'polite' | 'assertive') => void {
  let parts: string[] = [];
  let assertive = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  return (text, priority = 'polite') => {
    parts.push(text);
    assertive ||= priority === 'assertive';
    timer ??= setTimeout(() => {
      speak(parts.join(' '), assertive ? 'assertive' : 'polite');
      parts = [];
      assertive = false;
      timer = undefined;
    }, ms);
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
