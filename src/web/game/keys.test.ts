/** Which browser key presses reach the session, and as what (UX.md §2.1, §3). */
import { describe, expect, it } from 'vitest';
import { type KeyEventLike, keyInput } from './keys.js';

const ev = (key: string, code: string, mods: Partial<KeyEventLike> = {}): KeyEventLike => ({
  key,
  code,
  shiftKey: false,
  ctrlKey: false,
  altKey: false,
  metaKey: false,
  ...mods,
});

describe('keyInput', () => {
  it('reads Shift+digit by the physical key, so a Spanish Shift+1 ("!") places tile 1', () => {
    expect(keyInput(ev('!', 'Digit1', { shiftKey: true }), 'other')).toEqual({
      key: '1',
      code: 'Digit1',
      shift: true,
    });
    expect(keyInput(ev('/', 'Digit7', { shiftKey: true }), 'other')).toEqual({
      key: '7',
      code: 'Digit7',
      shift: true,
    });
  });

  it('takes Alt+digit as Shift+digit, as in the terminal', () => {
    expect(keyInput(ev('¡', 'Digit3', { altKey: true }), 'other')).toEqual({
      key: '3',
      code: 'Digit3',
      shift: true,
    });
  });

  it('passes letters by their character, Ñ included, with Shift as typed', () => {
    expect(keyInput(ev('Ñ', 'Semicolon', { shiftKey: true }), 'other')).toEqual({
      key: 'Ñ',
      code: 'Semicolon',
      shift: true,
    });
    expect(keyInput(ev('t', 'KeyT'), 'other')).toEqual({ key: 't', code: 'KeyT', shift: false });
    expect(keyInput(ev('3', 'Digit3'), 'other')).toEqual({
      key: '3',
      code: 'Digit3',
      shift: false,
    });
  });

  it('leaves every key to a text field: command keys never fire while typing', () => {
    expect(keyInput(ev('t', 'KeyT'), 'text')).toBeNull();
    expect(keyInput(ev('Enter', 'Enter'), 'text')).toBeNull();
    expect(keyInput(ev('!', 'Digit1', { shiftKey: true }), 'text')).toBeNull();
  });

  it('leaves Enter and Space to a focused button, but not letters', () => {
    expect(keyInput(ev('Enter', 'Enter'), 'control')).toBeNull();
    expect(keyInput(ev(' ', 'Space'), 'control')).toBeNull();
    expect(keyInput(ev('s', 'KeyS'), 'control')).toEqual({ key: 's', code: 'KeyS', shift: false });
  });

  it('keeps browser shortcuts and Tab out, but takes Ctrl+Home', () => {
    expect(keyInput(ev('c', 'KeyC', { ctrlKey: true }), 'other')).toBeNull();
    expect(keyInput(ev('r', 'KeyR', { metaKey: true }), 'other')).toBeNull();
    expect(keyInput(ev('Tab', 'Tab'), 'other')).toBeNull();
    expect(keyInput(ev('Shift', 'ShiftLeft', { shiftKey: true }), 'other')).toBeNull();
    expect(keyInput(ev('Home', 'Home', { ctrlKey: true }), 'other')).toEqual({
      key: 'Home',
      ctrl: true,
    });
  });

  it('passes arrows, Escape, Backspace, F1, ? and /', () => {
    for (const k of ['ArrowUp', 'Escape', 'Backspace', 'F1'])
      expect(keyInput(ev(k, k), 'other')?.key).toBe(k);
    expect(keyInput(ev('?', 'Minus', { shiftKey: true }), 'other')?.key).toBe('?');
    expect(keyInput(ev('/', 'Slash'), 'other')?.key).toBe('/');
  });

  it('passes Space outside controls, so that it too is answered (UX.md §2.1, 3)', () => {
    expect(keyInput(ev(' ', 'Space'), 'other')).toEqual({ key: ' ', code: 'Space', shift: false });
  });
});
