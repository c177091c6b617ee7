import { describe, expect, it } from 'vitest';
import { COMMANDS } from './commands.js';
import { Session } from './session.js';
import { ANNOUNCEMENT_CASES, keyOfStep } from './testing/cases.js';
import { viewFrom } from './testing/views.js';
import type { Reaction } from './types.js';

function stepOn(session: Session, step: string): Reaction {
  const key = keyOfStep(step);
  return key ? session.key(key) : session.line(step.slice(2));
}

describe('announcements of the command table (UX.md §2.3), one row per case', () => {
  it.each(ANNOUNCEMENT_CASES.map((c) => [`${c.id}: ${c.title}`, c] as const))('%s', (_t, c) => {
    const session = new Session(viewFrom(c.position));
    for (const s of c.before ?? []) stepOn(session, s);
    const r = stepOn(session, c.step);
    const texts = r.say.map((a) => a.text);
    if (c.says) expect(texts).toEqual(c.says);
    if (c.startsWith) expect(texts[0]?.startsWith(c.startsWith)).toBe(true);
    expect(r.intent).toEqual(c.intent);
    expect(r.openCommandLine ?? false).toBe(c.openCommandLine ?? false);
  });

  it('every entry of the command table has at least one case', () => {
    const covered = new Set(ANNOUNCEMENT_CASES.map((c) => c.id));
    expect(COMMANDS.map((c) => c.id).filter((id) => !covered.has(id))).toEqual([]);
  });

  it('every command key of UX.md §2.3 is in the table', () => {
    const keys = new Set(COMMANDS.flatMap((c) => c.keys));
    for (const k of 'T S C 1–9 I F Intro G P H V N Y L Z U R B O E D X ? F1 / :'.split(' '))
      expect(keys.has(k), k).toBe(true);
  });

  it('every command line word of UX.md §2.3 is in the table', () => {
    const names = new Set(COMMANDS.flatMap((c) => c.names));
    for (const w of ['turno', 'marcador', 'atril', 'pasar', 'cambiar', 'repetir', 'ayuda'])
      expect(names.has(w), w).toBe(true);
  });
});
