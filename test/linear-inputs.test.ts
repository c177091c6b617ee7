/**
 * Inputs are bounded before they are expanded and every pass over them is linear (issue 10,
 * item 12). The sizes below took minutes or a fatal out-of-memory error before: Vitest's
 * timeout is the hang guard; no test asserts a time.
 */
import { describe, expect, it } from 'vitest';
import { parseCgp } from '../src/engine/notation/cgp.js';
import { parseGcg } from '../src/engine/notation/gcg.js';
import { replayRecord } from '../src/engine/notation/recordAudit.js';
import { runCli } from './helpers/runCli.js';

const EMPTY_ROWS = Array.from({ length: 14 }, () => '15');

describe('CGP rows are bounded before expansion', () => {
  it('a row of 999999999 empty squares is BAD_BOARD on its row, not a billion squares', () => {
    const board = ['999999999', ...EMPTY_ROWS].join('/');
    const r = parseCgp(`${board} AEIO/ 0/0 0`);
    expect(r.ok ? 'ok' : r.error).toMatchObject({ code: 'BAD_BOARD', row: 1 });
  });

  it('a row of 16 squares by runs or by tiles is BAD_BOARD; 15 is fine', () => {
    for (const row of ['8CASA4', '16', '14AB', '1'.repeat(16)]) {
      const r = parseCgp(`${[row, ...EMPTY_ROWS].join('/')} AEIO/ 0/0 0`);
      expect(r.ok ? 'ok' : r.error.code, row).toBe('BAD_BOARD');
    }
    expect(parseCgp(`${['7CASA4', ...EMPTY_ROWS].join('/')} AEIO/ 0/0 0`).ok).toBe(true);
  });

  it('atril best refuses it with exit 2', async () => {
    const r = await runCli('best', '--cgp', `${['999999999', ...EMPTY_ROWS].join('/')} A/ 0/0 0`);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/no es válida/);
  });
});

describe('replay is linear in the number of lines (FORMAT.md §3)', () => {
  const head =
    '#character-encoding UTF-8\n#tile-distribution spanish\n#player1 a A\n#player2 b B\n';

  it('300 000 challenge lines after one play replay to one report', () => {
    const lines = ['>a: CASA 8H CASA +12 12'];
    for (let i = 0; i < 300_000; i++) lines.push('>b: (challenge) +0 0');
    const parsed = parseGcg(new TextEncoder().encode(head + lines.join('\n') + '\n'));
    if (!parsed.ok) throw new Error(parsed.error.code);
    const r = replayRecord(parsed.value.record, { lines: parsed.value.lines });
    expect(r.ok && r.value.moves.length).toBe(300_001);
  });

  it('20 000 plays each withdrawn replay with every invalid word marked withdrawn', () => {
    const lines: string[] = [];
    for (let i = 0; i < 20_000; i++) lines.push('>a: CASA 8H CASA +12 12', '>a: CASA -- -12 0');
    const parsed = parseGcg(new TextEncoder().encode(head + lines.join('\n') + '\n'));
    if (!parsed.ok) throw new Error(parsed.error.code);
    const r = replayRecord(parsed.value.record, { lines: parsed.value.lines, isWord: () => false });
    if (!r.ok) throw new Error(r.error.code);
    expect(r.value.ok).toBe(true);
    expect(r.value.invalidWords).toHaveLength(20_000);
    expect(r.value.invalidWords.every((w) => w.withdrawn)).toBe(true);
  });
});

describe('check is linear in the length of a word', () => {
  it('4 000 K and a 60 000-character bracket word: not valid, one label per character', async () => {
    const k = await runCli('check', 'K'.repeat(4000), '--json');
    expect(k.code).toBe(1);
    expect(JSON.parse(k.out)[0].tiles).toHaveLength(4000);
    const b = await runCli('check', '['.repeat(60_000), '--json');
    expect(b.code).toBe(1);
    expect(JSON.parse(b.out)[0].tiles).toHaveLength(60_000);
  });

  it('letters the set lacks keep their place among the tiles (C·H·K·LL)', async () => {
    const r = await runCli('check', 'chkll', '--json');
    expect(JSON.parse(r.out)[0].tiles).toEqual(['CH', 'K', 'LL']);
  });
});
