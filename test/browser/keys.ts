/**
 * Key presses by physical key, as a Spanish keyboard sends them. Playwright's own keyboard
 * knows only the US layout, where Shift+Digit7 is «&»; on a Spanish keyboard it is «/», and
 * Ñ has a key of its own. UX.md §2.1 reads digits by `code` and letters by `key`, so the tests
 * send both as a Spanish keyboard would, through the DevTools protocol.
 *
 * A press is written like Playwright's: `KeyT`, `Shift+KeyA`, `Shift+Digit1`, `Shift+Semicolon`
 * (the Ñ key), `Control+Home`, `Escape`, `ArrowRight`. Keys without text (arrows, Enter,
 * Escape, Backspace, F1…) go through Playwright's keyboard, which sends them the same on any
 * layout.
 */
import type { CDPSession, Page } from 'playwright-core';

// Shift+digit on a Spanish (Spain) keyboard.
const SHIFTED_DIGITS: Record<string, string> = {
  '1': '!',
  '2': '"',
  '3': '·',
  '4': '$',
  '5': '%',
  '6': '&',
  '7': '/',
  '8': '(',
  '9': ')',
  '0': '=',
};

interface Typed {
  readonly key: string;
  readonly vk: number;
}

// The key and Windows virtual-key code a Spanish keyboard sends for a physical key.
function typed(code: string, shift: boolean): Typed | undefined {
  let m = /^Key([A-Z])$/.exec(code);
  if (m) return { key: shift ? m[1]! : m[1]!.toLowerCase(), vk: m[1]!.charCodeAt(0) };
  m = /^Digit([0-9])$/.exec(code);
  if (m) return { key: shift ? SHIFTED_DIGITS[m[1]!]! : m[1]!, vk: m[1]!.charCodeAt(0) };
  if (code === 'Semicolon') return { key: shift ? 'Ñ' : 'ñ', vk: 192 };
  return undefined;
}

const sessions = new WeakMap<Page, CDPSession>();
async function cdp(page: Page): Promise<CDPSession> {
  let s = sessions.get(page);
  if (!s) {
    s = await page.context().newCDPSession(page);
    sessions.set(page, s);
  }
  return s;
}

const MODIFIER_BITS: Record<string, number> = { Alt: 1, Control: 2, Meta: 4, Shift: 8 };

/** Presses one key combination, by physical key, on a Spanish keyboard. */
export async function press(page: Page, combo: string): Promise<void> {
  const parts = combo.split('+');
  const code = parts.pop()!;
  const modifiers = parts.reduce((bits, m) => {
    const bit = MODIFIER_BITS[m];
    if (bit === undefined) throw new Error(`unknown modifier ${m} in ${combo}`);
    return bits | bit;
  }, 0);
  const t = typed(code, parts.includes('Shift'));
  if (!t || parts.includes('Control') || parts.includes('Alt') || parts.includes('Meta')) {
    await page.keyboard.press(combo);
    return;
  }
  const session = await cdp(page);
  const shift = parts.includes('Shift');
  if (shift)
    await session.send('Input.dispatchKeyEvent', {
      type: 'rawKeyDown',
      key: 'Shift',
      code: 'ShiftLeft',
      windowsVirtualKeyCode: 16,
      modifiers,
    });
  const base = { key: t.key, code, windowsVirtualKeyCode: t.vk, modifiers };
  await session.send('Input.dispatchKeyEvent', {
    type: 'keyDown',
    ...base,
    text: t.key,
    unmodifiedText: t.key,
  });
  await session.send('Input.dispatchKeyEvent', { type: 'keyUp', ...base });
  if (shift)
    await session.send('Input.dispatchKeyEvent', {
      type: 'keyUp',
      key: 'Shift',
      code: 'ShiftLeft',
      windowsVirtualKeyCode: 16,
      modifiers: 0,
    });
}

/** The physical key that types a letter tile with Shift: «Ñ» is Semicolon, «A» is KeyA. */
export function letterKey(letter: string): string {
  const up = letter.toUpperCase();
  if (up === 'Ñ') return 'Shift+Semicolon';
  if (!/^[A-Z]$/.test(up)) throw new Error(`no single key types «${letter}»`);
  return `Shift+Key${up}`;
}
