import { describe, expect, it } from 'vitest';
import { parseGcgText } from './gcg.js';
import { type ReplayOptions, parseGcgRecord, replayRecord } from './recordAudit.js';
import { SPANISH, tilesToWord } from '../tiles.js';

// A Spanish two-player record: `a` opens CASA at 8G (12), `b` answers OS at 9G (10: OS 3, CO 5, AS 2).
const HEAD = '#tile-distribution spanish\n#player1 a Ana\n#player2 b Berto\n';
const CASA = '>a: ACSA 8G CASA +12 12\n';

function replay(events: string, opts: Omit<ReplayOptions, 'lines'> = {}) {
  const parsed = parseGcgText(HEAD + events);
  if (!parsed.ok) throw new Error(parsed.error.code);
  const r = replayRecord(parsed.value.record, { ...opts, lines: parsed.value.lines });
  if (!r.ok) throw new Error(`${r.error.code} ${r.error.reason}`);
  return r.value;
}

function replayError(events: string) {
  const parsed = parseGcgText(HEAD + events);
  if (!parsed.ok) throw new Error(parsed.error.code);
  const r = replayRecord(parsed.value.record, { lines: parsed.value.lines });
  return r.ok ? 'OK' : `${r.error.code}:${r.error.reason}@${r.error.line}`;
}

const kinds = (r: ReturnType<typeof replay>) => r.mismatches.map((m) => `${m.kind}@${m.line}`);

describe('replay: scores recomputed with placement.ts', () => {
  it('S-02/S-05: CASA then OS with two cross-words score 12 and 10', () => {
    const r = replay(CASA + '>b: OS 9G OS +10 10\n');
    expect(r.moves.map((m) => [m.score, m.total, m.ok])).toEqual([
      [12, 12, true],
      [10, 10, true],
    ]);
    expect(r.moves[1]!.words).toEqual(['OS', 'CO', 'AS']);
    expect(r.ok).toBe(true);
  });
  it('D-06/S-07: [CH]AQUETa at H4 is a 7-tile bingo worth 88', () => {
    const r = replay('>a: AEQTU?[CH] H4 [CH]AQUETa +88 88\n');
    expect(r.moves[0]).toMatchObject({ score: 88, bingo: true, ok: true, coord: 'H4' });
  });
  it('spelled-out played-through letters are read as `.`', () => {
    const r = replay(CASA + '>b: OS 9G OS +10 10\n>a: ES I7 SSE +9 21\n');
    expect(r.moves[2]).toMatchObject({ word: 'S.E', score: 9, ok: true });
  });
  it('a mis-scored play is flagged once, on its own line', () => {
    const r = replay(CASA + '>b: OS 9G OS +12 12\n>a: ES I7 S.E +9 21\n>b: (ES) +4 16\n');
    expect(kinds(r)).toEqual(['SCORE@5']);
    expect(r.mismatches[0]).toMatchObject({ stated: 12, computed: 10 });
    expect(r.final.players[1]).toMatchObject({ stated: 16, computed: 14, ok: false });
    expect(r.ok).toBe(false);
  });
  it('a running total that fits neither the replay nor the file is flagged', () => {
    const r = replay(CASA + '>b: OS 9G OS +10 11\n');
    expect(kinds(r)).toEqual(['TOTAL@5']);
    expect(r.moves[1]!.ok).toBe(false);
  });
  it('passes and exchanges score 0 (S-09)', () => {
    const r = replay(CASA + '>b: OS - +0 0\n>a: AB -AB +0 12\n>b: OS -2 +3 3\n');
    expect(kinds(r)).toEqual(['SCORE@7']);
    expect(r.moves.map((m) => m.word)).toEqual(['CASA', '-', '-AB', '-2']);
  });
});

describe('replay: withdrawals (`--`)', () => {
  it('C-02: the withdrawn play leaves the board and its score is taken back', () => {
    const r = replay(CASA + '>b: OS 9G OS +10 10\n>b: OS -- -10 0\n>a: OS 9G OS +10 22\n');
    expect(r.mismatches).toEqual([]);
    expect(r.moves[2]).toMatchObject({ kind: 'withdraw', coord: '9G', score: -10, total: 0 });
    expect(r.final.players.map((p) => p.computed)).toEqual([22, 0]);
  });
  it('a withdrawal that names the wrong player takes back the last play anyway, and is flagged', () => {
    const r = replay(CASA + '>b: OS 9G OS +10 10\n>a: XY -- -11 12\n>b: OS 9G OS +10 10\n');
    expect(kinds(r)).toEqual(['WITHDRAW_PLAYER@6', 'WITHDRAW_AMOUNT@6']);
    expect(r.mismatches[0]).toMatchObject({ stated: 'a', computed: 'b' });
    expect(r.mismatches[1]).toMatchObject({ stated: -11, computed: -10 });
    expect(r.final.players.map((p) => p.computed)).toEqual([12, 10]);
  });
  it('`-- +0` with the right total is one amount mismatch, not a total mismatch', () => {
    const r = replay(CASA + '>b: OS 9G OS +10 10\n>b: OS -- +0 0\n');
    expect(kinds(r)).toEqual(['WITHDRAW_AMOUNT@6']);
    expect(r.final.players[1]).toMatchObject({ stated: 0, computed: 0, ok: true });
  });
  it('withdrawing a mis-scored play is checked against its stated score', () => {
    const r = replay(CASA + '>b: OS 9G OS +12 12\n>b: OS -- -12 0\n');
    expect(kinds(r)).toEqual(['SCORE@5']);
    expect(r.final.players[1]).toMatchObject({ stated: 0, computed: 0, ok: true });
  });
  it('a second `--` has nothing left to take back', () => {
    const r = replay(CASA + '>b: OS 9G OS +10 10\n>b: OS -- -10 0\n>b: OS -- -10 -10\n');
    expect(kinds(r)).toEqual(['NOTHING_TO_WITHDRAW@7']);
    expect(r.final.players[1]).toMatchObject({ stated: -10, computed: 0, ok: false });
  });
});

describe('replay: end of game (RULES.md E-05, §12 records)', () => {
  const PLAYED = CASA + '>b: OS 9G OS +10 10\n';
  it('modern convention: going out scores 2× the tiles left', () => {
    const r = replay(PLAYED + '>a: (ÑS) +18 30\n');
    expect(r.mismatches).toEqual([]);
    expect(r.final).toMatchObject({ ending: 'out', convention: '2x' });
  });
  it('old convention: +1× for going out and −1× on the opponent’s own line', () => {
    const r = replay(PLAYED + '>a: (ÑS) +9 21\n>b: ÑS (ÑS) -9 1\n');
    expect(r.mismatches).toEqual([]);
    expect(r.final.convention).toBe('1x');
    expect(r.final.players.map((p) => p.computed)).toEqual([21, 1]);
  });
  it('old convention without the opponent’s line is flagged', () =>
    expect(kinds(replay(PLAYED + '>a: (ÑS) +9 21\n'))).toEqual(['END_PENALTY_MISSING@6']));
  describe('three players, old convention', () => {
    const HEAD3 =
      '#tile-distribution spanish\n#player1 a Ana\n#player2 b Berto\n#player3 c Carla\n';
    // Ana opens CASA, Berto plays OS, Carla exchanges; Ana goes out with ES (S.E, 9) and adds
    // what the others hold: Berto a blank (0), Carla ÑT (9).
    const GAME =
      CASA + '>b: OS 9G OS +10 10\n>c: AB -AB +0 0\n>a: ES I7 S.E +9 21\n>a: (?ÑT) +9 30\n';
    const replay3 = (events: string) => {
      const parsed = parseGcgText(HEAD3 + events);
      if (!parsed.ok) throw new Error(parsed.error.code);
      const r = replayRecord(parsed.value.record, { lines: parsed.value.lines });
      if (!r.ok) throw new Error(`${r.error.code} ${r.error.reason}`);
      return r.value;
    };
    it('E-05: a player left with a blank alone needs no own-rack line: it is worth 0', () => {
      const r = replay3(GAME + '>c: ÑT (ÑT) -9 -9\n');
      expect(r.mismatches).toEqual([]);
      expect(r.final.players.map((p) => p.computed)).toEqual([30, 10, -9]);
    });
    it('a missing line is named with what that player held, not all the tiles counted', () => {
      // Berto held an O (1) and says so; Carla's ÑT (9) has no line.
      const out = GAME.replace('>a: (?ÑT) +9 30', '>a: (OÑT) +10 31');
      const r = replay3(out + '>b: O (O) -1 9\n');
      expect(r.mismatches).toMatchObject([
        { kind: 'END_PENALTY_MISSING', stated: 'c', computed: -9 },
      ]);
    });
  });
  it('going-out points that are neither 1× nor 2× are flagged', () => {
    const r = replay(PLAYED + '>a: (ÑS) +17 29\n');
    expect(kinds(r)).toEqual(['END_RACK@6']);
    expect(r.mismatches[0]).toMatchObject({ stated: 17, computed: 18 });
  });
  it('own-rack penalties after scoreless turns must equal the rack value', () => {
    const passes = '>a: ?Z - +0 12\n>b: [RR] - +0 10\n'.repeat(2);
    const r = replay(PLAYED + passes + '>a: ?Z (?Z) -10 2\n>b: [RR] ([RR]) -7 3\n');
    expect(kinds(r)).toEqual(['SCORE@11']);
    expect(r.mismatches[0]).toMatchObject({ stated: -7, computed: -8 });
    expect(r.final.ending).toBe('penalties');
  });
  // Atril's rules in the record: the target score (V-02) and the challenge mode.
  const rules = (extra: string) => `#atril-rules {"preset":"fise"${extra}}\n`;
  const impossible = (events: string): string => {
    const parsed = parseGcgText(HEAD + events);
    if (!parsed.ok) throw new Error(parsed.error.code);
    const r = replayRecord(parsed.value.record, { lines: parsed.value.lines });
    return r.ok
      ? 'OK'
      : `${r.error.code === 'IMPOSSIBLE_RECORD' ? r.error.impossible : r.error.code}`;
  };
  it('E-03: a play worth 0 (two blanks) is a scoreless turn, so 11 more end the game', () => {
    const turns = [
      '>a: ??AEIOU 8G ab +0 0',
      ...['>b: BCDFGLM -B +0 0', '>a: AEIOUNN - +0 0', '>b: CDFGLMN - +0 0'],
      ...['>a: AEIOUNN -A +0 0', '>b: CDFGLMN - +0 0', '>a: EIOUNNR - +0 0'],
      ...['>b: CDFGLMN -C +0 0', '>a: EIOUNNR - +0 0', '>b: DFGLMNR - +0 0'],
      ...['>a: EIOUNNR -E +0 0', '>b: DFGLMNR - +0 0'],
      ...['>a: IOUNNRR (IOUNNRR) -7 -7', '>b: DFGLMNR (DFGLMNR) -14 -14'],
    ];
    const record = rules('') + turns.join('\n') + '\n';
    expect(impossible(record)).toBe('OK');
    // Twelve turns without a point: the engine ends the game there (reduce.ts counts a play
    // worth 0 as scoreless), and so must the replay.
    expect(impossible(rules('') + turns.slice(0, 11).join('\n') + '\n' + turns.at(-2)!)).toBe(
      'EARLY_RACK_PENALTY',
    );
  });
  it('V-02: the play that reaches the target score ends the record, no rack adjusted', () => {
    expect(replay(rules(',"targetScore":20') + PLAYED).final).toMatchObject({
      ending: 'none',
      endedBy: null,
    });
    // Ana's CASA (12) reaches 12.
    expect(replay(rules(',"targetScore":12') + CASA).final).toMatchObject({
      ending: 'target',
      endedBy: 0,
    });
    expect(impossible(rules(',"targetScore":12') + PLAYED)).toBe('MOVE_AFTER_END');
  });
  it("a resignation, written as Atril's pragma, ends the record and names who resigned", () => {
    expect(replay('#atril-resign 2\n' + PLAYED).final).toMatchObject({
      ending: 'resign',
      endedBy: 1,
      claimedBy: null,
    });
  });
  it('a claim, #atril-claim beside #atril-resign, names who claimed; one naming nobody else is left out', () => {
    expect(replay('#atril-resign 2\n#atril-claim 1\n' + PLAYED).final).toMatchObject({
      ending: 'resign',
      endedBy: 1,
      claimedBy: 0,
    });
    for (const [bad, fault] of [
      ['2', 'CLAIMS_OWN'],
      ['3', 'NO_SUCH_PLAYER'],
      ['x', 'NO_SUCH_PLAYER'],
    ] as const) {
      const r = replay(`#atril-resign 2\n#atril-claim ${bad}\n` + PLAYED);
      expect(r.final.claimedBy).toBeNull();
      // Said, not silently dropped.
      expect(r.warnings).toEqual([
        expect.objectContaining({
          kind: 'BAD_PLAYER_PRAGMA',
          pragma: `#atril-claim ${bad}`,
          fault,
        }),
      ]);
    }
    // A resignation naming nobody: both said, the claim for lacking what it claims.
    const noOne = replay('#atril-resign 5\n#atril-claim 1\n' + PLAYED);
    expect(noOne.final.ending).toBe('none');
    expect(noOne.warnings.map((w) => [w.pragma, w.fault])).toEqual([
      ['#atril-resign 5', 'NO_SUCH_PLAYER'],
      ['#atril-claim 1', 'NO_RESIGNATION'],
    ]);
    expect(replay('#atril-resign 2\n#atril-claim 1\n' + PLAYED).warnings).toEqual([]);
  });
  it('after the last play a pass is a lost turn only where a failed challenge costs one', () => {
    const pass = '>b: OS - +0 0\n';
    const target = ',"targetScore":12';
    const double = rules(`${target},"challengeMode":"double"`);
    expect(impossible(rules(target) + CASA + pass)).toBe('MOVE_AFTER_END');
    expect(impossible(double + CASA + pass)).toBe('OK');
    expect(impossible(double + CASA + pass + pass)).toBe('MOVE_AFTER_END');
  });
  it('modern 2× points plus an own-rack line for the opponent count the tiles twice', () =>
    expect(kinds(replay(PLAYED + '>a: (ÑS) +18 30\n>b: ÑS (ÑS) -9 1\n'))).toEqual([
      'END_PENALTY_EXTRA@7',
    ]));
  it('a positive challenge bonus goes to the player whose play stands last', () => {
    expect(kinds(replay(PLAYED + '>b: (challenge) +5 15\n'))).toEqual([]);
    const r = replay(PLAYED + '>a: (challenge) +5 17\n');
    expect(kinds(r)).toEqual(['CHALLENGE_PLAYER@6']);
    expect(r.mismatches[0]).toMatchObject({ stated: 'a', computed: 'b' });
    expect(kinds(replay(PLAYED + '>a: (challenge) -5 7\n'))).toEqual([]); // a failed challenge's cost
    const gone = replay(PLAYED + '>b: OS -- -10 0\n>b: (challenge) +5 5\n');
    expect(kinds(gone)).toEqual(['CHALLENGE_PLAYER@7']);
  });
  it('challenge bonuses and time penalties count as stated', () => {
    const r = replay(PLAYED + '>b: (challenge) +5 15\n>a: (time) -10 2\n');
    expect(r.mismatches).toEqual([]);
    expect(r.final.players.map((p) => p.computed)).toEqual([2, 15]);
  });
  it('the final pool must be the full tile set: a short game leaves tiles unaccounted', () => {
    const r = replay(PLAYED + '>a: (ÑS) +18 30\n');
    expect(r.final.pool.checked).toBe(true);
    expect(r.final.pool.ok).toBe(false);
    expect(r.final.pool.extra).toBe('');
    expect(r.final.pool.missing).toContain('[CH]');
    expect(r.ok).toBe(false);
  });
});

describe('replay: impossible moves and warnings', () => {
  it('a tile onto an occupied square cannot be replayed', () =>
    expect(replayError(CASA + '>b: X 8H X +8 8\n')).toBe('IMPOSSIBLE_MOVE:SQUARE_OCCUPIED@5'));
  it('a record on another board layout is refused; the standard one is fine', () => {
    const other = parseGcgText('#board-layout SuperCrosswordGame\n' + HEAD + CASA);
    const std = parseGcgText('#board-layout standard15\n' + HEAD + CASA);
    if (!other.ok || !std.ok) throw new Error('parse');
    expect(replayRecord(other.value.record)).toEqual({
      ok: false,
      error: { code: 'UNSUPPORTED_BOARD', text: 'SuperCrosswordGame' },
    });
    expect(replayRecord(std.value.record).ok).toBe(true);
  });
  it('P-05: a play touching nothing cannot be replayed', () =>
    expect(replayError(CASA + '>b: OS 2A OS +2 2\n')).toBe('IMPOSSIBLE_MOVE:NOT_CONNECTED@5'));
  it('partial racks are fine; tiles the stated rack lacks are only a warning', () => {
    const r = replay(CASA + '>b: Z 9G OS +10 10\n');
    expect(r.ok).toBe(true);
    expect(r.warnings).toEqual([{ turn: 2, line: 5, kind: 'RACK_LACKS_TILES', tiles: 'OS' }]);
  });
});

describe('replay: word checks with a judge', () => {
  const words = new Set(['CASA', 'CO', 'AS', 'OS']);
  const isWord = (letters: readonly number[]) => words.has(tilesToWord(SPANISH, letters));
  it('reports words the judge rejects, and marks those withdrawn later', () => {
    const r = replay(CASA + '>b: OX 9G OX +24 24\n>b: OX -- -24 0\n', { isWord });
    expect(r.wordsChecked).toBe(true);
    expect(r.invalidWords.map((w) => [w.word, w.line, w.withdrawn])).toEqual([
      ['OX', 5, true],
      ['AX', 5, true],
    ]);
    expect(r.ok).toBe(true);
  });
  it('without a judge nothing is checked', () => {
    const r = replay(CASA + '>b: OX 9G OX +24 24\n');
    expect(r.wordsChecked).toBe(false);
    expect(r.invalidWords).toEqual([]);
  });
});

describe('parseGcgRecord: the tile set of a record that names none', () => {
  const PLAYERS = '#player1 a Ana\n#player2 b Berto\n';
  const setOf = (text: string): string => {
    const r = parseGcgRecord(new TextEncoder().encode(text));
    return r.ok ? r.value.record.tileSet : r.error.code;
  };

  it('Spanish when it fits as well as English: a plain game, a Q scored at 5', () => {
    expect(setOf(PLAYERS + CASA)).toBe('spanish');
    expect(setOf(PLAYERS + '>a: QUESERT 8G QUE +14 14\n')).toBe('spanish');
    // Neither reading fits (three Z): Spanish, whose complaint the replay then gives.
    expect(setOf(PLAYERS + '>a: AZ 8G ZA +22 22\n>b: OZ 9G ZO +33 33\n>a: ZA 7G ZA +22 44\n')).toBe(
      'spanish',
    );
  });

  it('English when only English fits: a Q scored at 10, a second Y, K or W, an English lexicon', () => {
    expect(setOf(PLAYERS + '>a: QUESERT 8G QUE +24 24\n')).toBe('english');
    expect(setOf(PLAYERS + '>a: AYY 8G YAY +18 18\n')).toBe('english');
    expect(setOf(PLAYERS + '>a: KIWI 8G KIWI +22 22\n')).toBe('english');
    expect(setOf('#lexicon CSW21\n' + PLAYERS + CASA)).toBe('english');
  });

  it('a named set is kept, fit or not', () => {
    expect(setOf('#tile-distribution english\n' + PLAYERS + CASA)).toBe('english');
    expect(setOf(HEAD + '>a: QUESERT 8G QUE +24 24\n')).toBe('spanish');
  });
});
