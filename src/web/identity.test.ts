/**
 * The page's settings survive a reload, and a stored value the page does not know (an older
 * page, a hand-edited store) falls back to its default instead of breaking the page.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  forgetInvites,
  loadSettings,
  saveInvites,
  saveRack,
  saveSettings,
  savedInvites,
  savedRack,
} from './identity.js';

function fakeStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (k) => items.get(k) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (k) => void items.delete(k),
    setItem: (k, v) => void items.set(k, String(v)),
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('settings', () => {
  it('keeps the screen reader speed chosen, and reads the defaults when nothing is stored', () => {
    vi.stubGlobal('localStorage', fakeStorage());
    expect(loadSettings()).toEqual({
      sound: true,
      detailed: false,
      chatAloud: true,
      readingRate: 'normal',
      rackOrder: 'robo',
    });
    saveSettings({ ...loadSettings(), readingRate: 'muy-rapida', sound: false });
    expect(loadSettings()).toMatchObject({ readingRate: 'muy-rapida', sound: false });
  });

  it('falls back to the default for a speed it does not know', () => {
    const store = fakeStorage();
    vi.stubGlobal('localStorage', store);
    store.setItem('atril.settings', JSON.stringify({ readingRate: 'toString', detailed: true }));
    expect(loadSettings()).toMatchObject({ readingRate: 'normal', detailed: true });
    store.setItem('atril.settings', JSON.stringify({ readingRate: 3 }));
    expect(loadSettings().readingRate).toBe('normal');
    store.setItem('atril.settings', '{not json');
    expect(loadSettings().readingRate).toBe('normal');
    store.setItem('atril.settings', JSON.stringify({ rackOrder: 'consonantes' }));
    expect(loadSettings().rackOrder).toBe('consonantes');
    store.setItem('atril.settings', JSON.stringify({ rackOrder: 'al revés' }));
    expect(loadSettings().rackOrder).toBe('robo');
  });

  it("keeps each game's rack layout for the tab, and ignores a stored one it cannot read", () => {
    const tab = fakeStorage();
    vi.stubGlobal('sessionStorage', tab);
    expect(savedRack('g1')).toBeNull();
    saveRack('g1', [1, 5, 0, 19]);
    saveRack('g2', [2]);
    expect(savedRack('g1')).toEqual([1, 5, 0, 19]);
    expect(savedRack('g2')).toEqual([2]);
    tab.setItem('atril.rack.g3', JSON.stringify([1, 'A']));
    expect(savedRack('g3')).toBeNull();
    tab.setItem('atril.rack.g3', '[1,');
    expect(savedRack('g3')).toBeNull();
  });
});

describe('invitation links', () => {
  it('keeps the tokens of each room until forgotten, the latest fifty rooms, and reads a broken store as empty', () => {
    const store = fakeStorage();
    vi.stubGlobal('localStorage', store);
    expect(savedInvites('g1')).toEqual([]);
    saveInvites('g1', [{ seat: 1, token: 'ats_a' }]);
    saveInvites('g2', [{ seat: 2, token: 'ats_b' }]);
    expect(savedInvites('g1')).toEqual([{ seat: 1, token: 'ats_a' }]);
    forgetInvites('g1');
    expect(savedInvites('g1')).toEqual([]);
    expect(savedInvites('g2')).toEqual([{ seat: 2, token: 'ats_b' }]);
    for (let i = 0; i < 60; i++) saveInvites(`r${i}`, [{ seat: 1, token: `t${i}` }]);
    expect(savedInvites('g2')).toEqual([]);
    expect(savedInvites('r9')).toEqual([]);
    expect(savedInvites('r10')).toEqual([{ seat: 1, token: 't10' }]);
    store.setItem('atril.invites', '{"g3": [{"seat": "uno"}]}');
    expect(savedInvites('g3')).toEqual([]);
  });
});
