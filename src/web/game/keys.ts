/**
 * Which key presses on the game page go to the session, and as what (UX.md §2.1, §3): letters
 * by `event.key` (so Ñ works), Shift+digits by the physical key `event.code` (a Spanish Shift+1
 * types '!'), Alt+digit as Shift+digit; nothing while a text field has focus, and Enter or
 * Space stay with a focused button, link or form control.
 */
import type { KeyInput } from '../../play/types.js';

/** The fields of a KeyboardEvent the mapping reads (a plain object in tests). */
export interface KeyEventLike {
  readonly key: string;
  readonly code: string;
  readonly shiftKey: boolean;
  readonly ctrlKey: boolean;
  readonly altKey: boolean;
  readonly metaKey: boolean;
  readonly isComposing?: boolean;
}

/** What kind of element has focus, as far as the key mapping cares. */
export type FocusKind = 'text' | 'control' | 'other';

const NAMED = new Set([
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'Home',
  'End',
  'Enter',
  'Escape',
  'Backspace',
  'F1',
]);

/**
 * How an element takes keys: a text field keeps them all, a control keeps Enter and Space.
 * Inside a dialog (the resign confirmation) every key is the dialog's, like a text field's: a
 * letter pressed there must not act on the board behind it.
 */
export function focusKind(el: Element | null): FocusKind {
  if (!el) return 'other';
  if (el.closest('dialog')) return 'text';
  const tag = el.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return 'text';
  if (tag === 'INPUT') {
    const type = (el as HTMLInputElement).type;
    return type === 'checkbox' || type === 'radio' || type === 'button' || type === 'submit'
      ? 'control'
      : 'text';
  }
  if ((el as HTMLElement).isContentEditable) return 'text';
  if (tag === 'BUTTON' || tag === 'A' || tag === 'SUMMARY') return 'control';
  return 'other';
}

/**
 * The session's key input for a key press, or null when the page should leave the key alone
 * (typing in a field, browser shortcuts, Tab, modifier keys on their own).
 */
export function keyInput(e: KeyEventLike, focus: FocusKind): KeyInput | null {
  if (e.isComposing || focus === 'text' || e.metaKey) return null;
  const digit = /^Digit([1-9])$/.exec(e.code)?.[1] ?? /^Numpad([1-9])$/.exec(e.code)?.[1];
  // Alt+digit is the terminal's way to Shift+digit; on the page it works the same.
  if (digit && (e.shiftKey || e.altKey) && !e.ctrlKey)
    return { key: digit, code: `Digit${digit}`, shift: true };
  if (e.altKey) return null;
  if (focus === 'control' && (e.key === 'Enter' || e.key === ' ')) return null;
  if (e.ctrlKey) {
    if (e.key === 'Home' || e.key === 'End') return { key: e.key, ctrl: true };
    return null;
  }
  if (NAMED.has(e.key)) return { key: e.key, shift: e.shiftKey };
  if (digit) return { key: digit, code: e.code, shift: false };
  // Space on the board has no command, but every key gets an answer (UX.md §2.1, 3).
  if ([...e.key].length !== 1) return null;
  return { key: e.key, code: e.code, shift: e.shiftKey };
}
