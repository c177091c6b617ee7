/**
 * What a screen reader would hear: every text that appears in the page's live regions, in
 * order, recorded in the page by a MutationObserver installed before the page's own scripts.
 *
 * A region is polite (`role="status"`, or `aria-live="polite"` other than a log) or assertive
 * (`role="alert"` or `aria-live="assertive"`). Logs (`role="log"`: move history, chat) are not
 * announcements of commands and are left out. A region that is changed, even back to the same
 * text (clear and re-set, or a trailing space added), counts as a new announcement, as it
 * does for a screen reader. A board square that takes the focus is heard too (its name, as
 * `focus`), so that a test can tell one reading from two.
 */
import type { Page } from 'playwright-core';

/**
 * Which live region spoke, or `focus`: a board square took the focus, and a screen reader
 * reads its name.
 */
export type Politeness = 'polite' | 'assertive' | 'focus';

/** One thing the page announced. */
export interface Announcement {
  readonly region: Politeness;
  /** The region's text, whitespace collapsed. */
  readonly text: string;
  /** performance.now() in the page when the mutation was observed. */
  readonly at: number;
}

/**
 * The recorder, as a script for `addInitScript`. Plain ES2017 in one string so that no
 * compiler helper ends up in the page.
 */
export const ANNOUNCEMENT_RECORDER = `(() => {
  const said = (window.__announcements = []);
  // Key presses as the page first sees them (capture phase, before the page's own listeners),
  // so a key's announcement can be timed from its keydown.
  const keys = (window.__keydowns = []);
  window.addEventListener('keydown', (e) => keys.push({ code: e.code, at: performance.now() }), true);
  const politeness = (el) => {
    const role = el.getAttribute('role');
    const live = el.getAttribute('aria-live');
    if (role === 'log' || live === 'off') return null;
    if (role === 'alert' || live === 'assertive') return 'assertive';
    if (role === 'status' || live === 'polite') return 'polite';
    return null;
  };
  const regionOf = (node) => {
    for (let el = node.nodeType === 1 ? node : node.parentElement; el; el = el.parentElement) {
      if (el.hasAttribute('role') || el.hasAttribute('aria-live')) {
        const p = politeness(el);
        if (p) return el;
        if (el.getAttribute('role') === 'log' || el.getAttribute('aria-live') === 'off') return null;
      }
    }
    return null;
  };
  const observer = new MutationObserver((records) => {
    const at = performance.now();
    const touched = new Set();
    for (const r of records) {
      const region = regionOf(r.target);
      if (region) touched.add(region);
      for (const n of r.addedNodes) {
        if (n.nodeType !== 1) continue;
        if (politeness(n)) touched.add(n);
        for (const inner of n.querySelectorAll('[role=status],[role=alert],[aria-live]')) {
          if (politeness(inner)) touched.add(inner);
        }
      }
    }
    for (const region of touched) {
      const text = (region.textContent || '').replace(/\\s+/g, ' ').trim();
      if (text) said.push({ region: politeness(region), text, at });
    }
  });
  observer.observe(document, { subtree: true, childList: true, characterData: true });
  // A board square that takes the focus is read by its name: its text less what is hidden
  // from screen readers (the drawn tile).
  const nameOf = (el) => {
    let text = '';
    for (const n of el.childNodes) {
      if (n.nodeType === 3) text += n.textContent;
      else if (n.nodeType === 1 && n.getAttribute('aria-hidden') !== 'true') text += nameOf(n);
    }
    return text;
  };
  document.addEventListener('focusin', (e) => {
    const el = e.target;
    if (!el || el.nodeType !== 1 || el.getAttribute('role') !== 'gridcell') return;
    const text = (el.getAttribute('aria-label') || nameOf(el)).replace(/\\s+/g, ' ').trim();
    if (text) said.push({ region: 'focus', text, at: performance.now() });
  }, true);
})();`;

/** A keydown as the page received it. */
export interface KeyDown {
  readonly code: string;
  /** performance.now() in the page at the keydown's capture phase. */
  readonly at: number;
}

/** Reads and waits for a page's announcements. */
export class Announcer {
  constructor(private readonly page: Page) {}

  /** Everything announced so far. */
  all(): Promise<Announcement[]> {
    return this.page.evaluate<Announcement[]>('window.__announcements || []');
  }

  /** Every keydown the page received so far. */
  keydowns(): Promise<KeyDown[]> {
    return this.page.evaluate<KeyDown[]>('window.__keydowns || []');
  }

  /** How many announcements there are so far: pass it as `since` to look only at later ones. */
  async mark(): Promise<number> {
    return (await this.all()).length;
  }

  /**
   * Waits for an announcement after `since` whose text contains `expected` (or matches it)
   * and returns it; fails listing what was said instead.
   */
  async waitFor(
    expected: string | RegExp,
    opts: { since?: number; region?: Politeness; timeout?: number } = {},
  ): Promise<Announcement> {
    const since = opts.since ?? 0;
    const matches = (a: Announcement): boolean =>
      (!opts.region || a.region === opts.region) &&
      (typeof expected === 'string' ? a.text.includes(expected) : expected.test(a.text));
    const end = Date.now() + (opts.timeout ?? 10_000);
    for (;;) {
      const said = (await this.all()).slice(since);
      const hit = said.find(matches);
      if (hit) return hit;
      if (Date.now() > end)
        throw new Error(
          `No ${opts.region ?? ''} announcement ${String(expected)}; said instead:\n` +
            (said.map((a) => `  [${a.region}] ${a.text}`).join('\n') || '  (nothing)'),
        );
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /**
   * Runs `action` (a key press, a click) and returns the first announcement it causes in the
   * given region (polite by default: the replies to one's own commands).
   */
  async after(
    action: () => Promise<unknown>,
    opts: { region?: Politeness; timeout?: number } = {},
  ): Promise<string> {
    const region = opts.region ?? 'polite';
    const since = await this.mark();
    await action();
    const end = Date.now() + (opts.timeout ?? 10_000);
    for (;;) {
      const said = (await this.all()).slice(since).filter((a) => a.region === region);
      if (said[0]) return said[0].text;
      if (Date.now() > end)
        throw new Error(`Nothing announced in the ${region} region after the action`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}
