import { describe, expect, it } from 'vitest';
import { BLANK, BLANK_FLAG, EMPTY, ENGLISH, SPANISH, parseNotation } from '../tiles.js';
import {
  type GcgParseResult,
  type GcgRecord,
  parseGcg,
  tileSetOfLexicon,
  writeGcg,
} from './gcg.js';
import { unwrap } from '../testing/unwrap.js';

const utf8 = (s: string): Uint8Array => new Uint8Array(Buffer.from(s, 'utf8'));
const latin1 = (s: string): Uint8Array => new Uint8Array(Buffer.from(s, 'latin1'));

function ok(r: GcgParseResult) {
  if (!r.ok) throw new Error(`${r.error.code} line ${r.error.line} ${r.error.text ?? ''}`);
  return r;
}
const parse = (s: string) => ok(parseGcg(utf8(s)));
const codes = (s: string) => unwrap(parseNotation(SPANISH, s, { allowThrough: true }));

const SPANISH_GAME = `#character-encoding UTF-8
#description Created with Macondo
#lexicon FILE2017
#tile-distribution spanish
#tile [CH] [ch]
#player1 ana Ana Pérez
#player2 luis Luis
>ana: AEQTU?[CH] H4 [CH]AQUETa +88 88
#note mi primera
>luis: AEINRST -AEI +0 0
>ana: ?DDHPTT 9G D. +7 95
>luis: ADENRST -- -0 0
>ana: (BPS) +14 109
`;

describe('GCG reading: pragmas and events (FORMAT.md §2–§3)', () => {
  const { record, lines } = parse(SPANISH_GAME).value;
  it('reads players with nick and full name', () =>
    expect(record.players).toEqual([
      { nick: 'ana', name: 'Ana Pérez' },
      { nick: 'luis', name: 'Luis' },
    ]));
  it('reads lexicon, description and the tile set', () => {
    expect(record.lexicon).toBe('FILE2017');
    expect(record.description).toBe('Created with Macondo');
    expect(record.tileSet).toBe('spanish');
  });
  it('N-05: a play with a bracketed digraph and a lowercase blank', () => {
    const ev = record.events[0]!;
    expect(ev).toMatchObject({ kind: 'place', row: 3, col: 7, dir: 'V', score: 88, total: 88 });
    if (ev.kind !== 'place') throw new Error();
    expect(ev.tiles).toEqual(codes('[CH]AQUETa'));
    expect(ev.tiles[6]).toBe(1 | BLANK_FLAG); // a blank standing for A
    expect(ev.rack).toEqual([1, 6, 19, 23, 24, BLANK, 4]);
  });
  it('attaches a #note to the preceding event', () =>
    expect(record.events[0]!.notes).toEqual(['mi primera']));
  it('reads an exchange with its tiles and a played-through dot', () => {
    expect(record.events[1]).toMatchObject({ kind: 'exchange', count: 3, tiles: codes('AEI') });
    const ev = record.events[2]!;
    if (ev.kind !== 'place') throw new Error();
    expect(ev.tiles).toEqual([5, EMPTY]);
  });
  it('reads a withdrawal and going-out points', () => {
    expect(record.events[3]).toMatchObject({ kind: 'withdraw', score: 0, total: 0 });
    expect(record.events[4]).toMatchObject({ kind: 'endRack', tiles: codes('BPS'), rack: [] });
  });
  it('gives the file line of each event', () => expect(lines).toEqual([8, 10, 11, 12, 13]));
});

describe('GCG event forms and ordering pitfalls', () => {
  const head = '#player1 a A\n#player2 b B\n';
  const one = (ev: string) => parse(head + ev).value.record.events[0]!;
  it('`(challenge)` with an empty rack is a bonus, not going-out points', () =>
    expect(one('>a:  (challenge) +5 534')).toMatchObject({ kind: 'challengeBonus', score: 5 }));
  it('`(challenge)` after a rack keeps the rack', () =>
    expect(one('>a: ARTEQ?G (challenge) +10 74')).toMatchObject({
      kind: 'challengeBonus',
      score: 10,
      total: 74,
    }));
  it('`(time)` with and without a rack', () => {
    expect(one('>a: EIT (time) -10 412')).toMatchObject({ kind: 'timePenalty', score: -10 });
    expect(one('>a:  (time) -20 358')).toMatchObject({ kind: 'timePenalty', score: -20 });
  });
  it('own-rack penalty `RACK (RACK) -N` with a negative total', () =>
    expect(one('>a: ?AEEOTT (?AEEOTT) -6 -6')).toMatchObject({
      kind: 'rackPenalty',
      score: -6,
      total: -6,
    }));
  it('`--` is a withdrawal, `-3` an exchange of three unknown tiles, `-` a pass', () => {
    expect(one('>a: AEINRST -- -66 0')).toMatchObject({ kind: 'withdraw', score: -66 });
    expect(one('>a: AEINRST -3 +0 0')).toMatchObject({ kind: 'exchange', tiles: null, count: 3 });
    expect(one('>a: AEINRST -  +0 0')).toMatchObject({ kind: 'pass', score: 0 });
  });
  it('Quackle style: `-0`, lowercase coordinates, tabs and words after the total', () => {
    expect(one('>a: U\t-\t-0\t349')).toMatchObject({ kind: 'pass', score: 0, total: 349 });
    expect(one('>a: IEEKBNL   h6  BEANLIKE        +69   69  KO, EX')).toMatchObject({
      kind: 'place',
      row: 5,
      col: 7,
      dir: 'V',
      score: 69,
      total: 69,
    });
  });
  it('an event with no rack at all', () =>
    expect(one('>a: 8D CASA +12 12')).toMatchObject({ kind: 'place', rack: [], score: 12 }));
  it('unsigned scores are accepted', () =>
    expect(one('>a: AB 8D CASA 12 12')).toMatchObject({ kind: 'place', score: 12 }));
});

describe('GCG text handling', () => {
  it('reads CRLF, lone CR and LF mixed in one file', () => {
    const r = parse('#player1 a A\r\n#player2 b B\r>a: AB 8G AB +8 8\n>b: C - +0 0\r\n');
    expect(r.value.record.events.map((e) => e.kind)).toEqual(['place', 'pass']);
    expect(r.value.lines).toEqual([3, 4]);
  });
  it('joins note continuation lines and skips blank lines', () => {
    const r = parse('#player1 a A\n#player2 b B\n>a: AB 8G AB +8 8\n#note this\nis\n\na note\n');
    expect(r.value.record.events[0]!.notes).toEqual(['this\nis\na note']);
  });
  it('keeps notes before the first event on the record', () =>
    expect(
      parse('#player1 a A\n#player2 b B\n#note hola\n>a: AB 8G AB +8 8\n').value.record.notes,
    ).toEqual(['hola']));
  it('keeps unknown pragmas, #incomplete and #rackN', () => {
    const r = parse(
      '#player1 a A\n#player2 b B\n#game-type classic\n#incomplete \n>a: AB 8G AB +8 8\n#rack2 XY?\n',
    ).value.record;
    expect(r.pragmas).toEqual([{ name: 'game-type', value: 'classic' }]);
    expect(r.incomplete).toBe('');
    // No tile set named and Spanish letters: Spanish tiles.
    expect(r.finalRacks).toEqual([{ player: 1, tiles: [...codes('XY'), BLANK] }]);
  });
  it('reads two to four players', () => {
    const r = parse('#player1 a A\n#player2 b B\n#player3 c C\n#player4 d D\n>d: AB 8G AB +8 8\n')
      .value.record;
    expect(r.players.map((p) => p.nick)).toEqual(['a', 'b', 'c', 'd']);
    expect(r.events[0]!.player).toBe(3);
  });
  it('decodes ISO-8859-1 by default', () => {
    const r = ok(parseGcg(latin1('#player1 jose José\n#player2 b B\n>jose: AB 8G AB +8 8\n')));
    expect(r.value.encoding).toBe('iso-8859-1');
    expect(r.value.record.players[0]!.name).toBe('José');
  });
  it('decodes UTF-8 when the first line says so', () => {
    const r = ok(
      parseGcg(utf8('#character-encoding UTF-8\n#player1 úrsula Úrsula\n#player2 b B\n')),
    );
    expect(r.value.encoding).toBe('utf-8');
    expect(r.value.record.players[0]!.nick).toBe('úrsula');
  });
  it('reads undeclared but valid UTF-8 (scraped German records) as UTF-8', () => {
    const r = ok(parseGcg(utf8('#player1 a A\n#player2 b B\n>a: AMSÖ 8G MÖS +19 19\n')));
    expect(r.value.encoding).toBe('utf-8');
    expect(r.value.record.tileSet).toBe('german');
  });
});

describe('GCG tile sets and notation (RULES.md §2.1, N-06)', () => {
  const head = '#player1 a A\n#player2 b B\n';
  it('legacy digits 1/2/3 are CH, LL, RR in Spanish records', () => {
    const r = parse(
      head.replace('#player1', '#lexicon FISE2\n#player1') + '>a: 1AO 8G 1A3O +8 8\n',
    );
    const ev = r.value.record.events[0]!;
    if (ev.kind !== 'place') throw new Error();
    expect(ev.tiles).toEqual(codes('[CH]A[RR]O'));
  });
  it('a digit rack that looks like a square (E2: E and LL) before a pass or an exchange is a rack', () => {
    const r = parse(
      head.replace('#player1', '#lexicon FISE2\n#player1') + '>a: E2 - +0 0\n>b: 2E -E +0 0\n',
    );
    const [pass, exchange] = r.value.record.events;
    expect(pass).toMatchObject({ kind: 'pass', rack: codes('E[LL]') });
    expect(exchange).toMatchObject({ kind: 'exchange', rack: codes('[LL]E'), tiles: codes('E') });
  });
  it('a bare CH is two tiles, C and H', () => {
    const r = parse('#tile-distribution spanish\n' + head + '>a: CHE 8G CHE +8 8\n');
    const ev = r.value.record.events[0]!;
    if (ev.kind !== 'place') throw new Error();
    expect(ev.tiles).toEqual([3, 9, 6]);
  });
  it('the lexicon implies the tile set: FISE/FILE Spanish, OSPS Polish', () => {
    expect(tileSetOfLexicon('FILE2017')).toBe('spanish');
    expect(tileSetOfLexicon('FISE2')).toBe('spanish');
    expect(tileSetOfLexicon('OSPS49')).toBe('polish');
    expect(tileSetOfLexicon('CSW21')).toBe('english');
    expect(tileSetOfLexicon('whatever')).toBeUndefined();
  });
  it('with no pragma, the letters used choose the set: Spanish when they are Spanish tiles', () => {
    const guess = (s: string) => {
      const r = parse(s).value;
      return `${r.record.tileSet}${r.tileSetGuessed ? ' (guessed)' : ''}`;
    };
    expect(guess(head + '>a: ŻÓŁW 8G ŻÓŁW +8 8\n')).toBe('polish (guessed)');
    expect(guess(head + '>a: AÑO 8G AÑO +8 8\n')).toBe('spanish (guessed)');
    expect(guess(head + '>a: QUIZ 8G QUIZ +8 8\n')).toBe('spanish (guessed)');
    expect(guess(head + '>a: KIWI 8G KIWI +8 8\n')).toBe('english (guessed)');
    expect(guess('#tile-distribution english\n' + head + '>a: QUIZ 8G QUIZ +8 8\n')).toBe(
      'english',
    );
    expect(guess('#lexicon NWL20\n' + head + '>a: QUIZ 8G QUIZ +8 8\n')).toBe('english');
  });
  it('unnamedAs reads a record that names no set with the one given; a named set wins', () => {
    const as = (s: string) => {
      const r = parseGcg(utf8(s), { unnamedAs: ENGLISH });
      return r.ok
        ? `${r.value.record.tileSet}${r.value.tileSetGuessed ? ' (guessed)' : ''}`
        : r.error.code;
    };
    expect(as(head + '>a: QUIZ 8G QUIZ +8 8\n')).toBe('english');
    expect(as(head + '>a: AÑO 8G AÑO +8 8\n')).toBe('UNKNOWN_TILE');
    expect(as('#tile-distribution spanish\n' + head + '>a: QUIZ 8G QUIZ +8 8\n')).toBe('spanish');
  });
});

describe('GCG coded errors', () => {
  const head = '#player1 a A\n#player2 b B\n';
  const err = (b: Uint8Array) => {
    const r = parseGcg(b);
    return r.ok ? 'OK' : `${r.error.code}@${r.error.line}`;
  };
  it('INVALID_UTF8 when declared UTF-8 is not', () =>
    expect(err(Uint8Array.from([...utf8('#character-encoding UTF-8\n#x '), 0xff, 0x0a]))).toBe(
      'INVALID_UTF8@2',
    ));
  it('ENCODING_NOT_FIRST', () =>
    expect(err(utf8(head + '#character-encoding UTF-8\n'))).toBe('ENCODING_NOT_FIRST@3'));
  it('UNSUPPORTED_ENCODING', () =>
    expect(err(utf8('#character-encoding UTF-16\n' + head))).toBe('UNSUPPORTED_ENCODING@1'));
  it('UNKNOWN_PLAYER for an undeclared nick', () =>
    expect(err(utf8(head + '>c: AB 8G AB +8 8\n'))).toBe('UNKNOWN_PLAYER@3'));
  it('DUPLICATE_PLAYER', () =>
    expect(err(utf8('#player1 a A\n#player2 a B\n'))).toBe('DUPLICATE_PLAYER@2'));
  it('EMPTY_FILE for a file of nothing but blank lines, not TOO_FEW_PLAYERS', () => {
    expect(err(utf8(''))).toBe('EMPTY_FILE@1');
    expect(err(utf8('\n \r\n\t\n'))).toBe('EMPTY_FILE@1');
    expect(err(Uint8Array.from([0xef, 0xbb, 0xbf]))).toBe('EMPTY_FILE@1');
    expect(err(utf8('#note nada\n'))).toBe('TOO_FEW_PLAYERS@1');
  });
  it('TOO_FEW_PLAYERS, also for a gap in the numbering', () => {
    expect(err(utf8('#player1 a A\n'))).toBe('TOO_FEW_PLAYERS@1');
    expect(err(utf8('#player2 b B\n>b: AB 8G AB +8 8\n'))).toBe('TOO_FEW_PLAYERS@1');
    expect(err(utf8('#player1 a A\n#player3 c C\n'))).toBe('TOO_FEW_PLAYERS@1');
  });
  it('BAD_EVENT for a line of no known shape', () =>
    expect(err(utf8(head + '>a: AB 8G\n'))).toBe('BAD_EVENT@3'));
  it('BAD_LINE for stray text outside a note', () =>
    expect(err(utf8(head + 'hello\n'))).toBe('BAD_LINE@3'));
  it('UNKNOWN_TILE for a K in a Spanish record', () =>
    expect(err(utf8('#tile-distribution spanish\n' + head + '>a: KA 8G KA +8 8\n'))).toBe(
      'UNKNOWN_TILE@4',
    ));
  it('UNKNOWN_TILE_DISTRIBUTION', () =>
    expect(err(utf8('#tile-distribution klingon\n' + head))).toBe(
      'UNKNOWN_TILE_DISTRIBUTION@undefined',
    ));
});

describe('GCG writing (N-04, N-06) and round trips', () => {
  it('N-04: writes the Macondo Spanish header and bracketed tiles', () => {
    const text = writeGcg(parse(SPANISH_GAME).value.record);
    expect(text.split('\n').slice(0, 7)).toEqual([
      '#character-encoding UTF-8',
      '#description Created with Macondo',
      '#lexicon FILE2017',
      '#tile-distribution spanish',
      '#tile [CH] [ch]',
      '#tile [LL] [ll]',
      '#tile [RR] [rr]',
    ]);
    expect(text).toContain('>ana: AEQTU?[CH] H4 [CH]AQUETa +88 88\n#note mi primera\n');
    expect(text).toContain('>luis: ADENRST -- +0 0\n');
    expect(text).toContain('>ana: (BPS) +14 109\n');
  });
  it('N-06: legacy digits are written bracketed', () => {
    const r = parse('#lexicon FILE2017\n#player1 a A\n#player2 b B\n>a: 1AO 8G 1A3O +8 8\n');
    expect(writeGcg(r.value.record)).toContain('>a: [CH]AO 8G [CH]A[RR]O +8 8');
  });
  it('parse(write(r)) equals r, and write(parse(x)) is stable', () => {
    const r = parse(SPANISH_GAME).value.record;
    const once = writeGcg(r);
    const again = parse(once).value.record;
    expect(again).toEqual(r);
    expect(writeGcg(again)).toBe(once);
  });
  it('round-trips every event kind, empty racks and multi-line notes', () => {
    const rec: GcgRecord = {
      players: [
        { nick: 'a', name: 'Ana' },
        { nick: 'b', name: '' },
        { nick: 'c', name: 'C c' },
      ],
      tileSet: 'english',
      title: 'T',
      id: 'io.woogles x1',
      incomplete: '',
      notes: ['antes'],
      finalRacks: [{ player: 2, tiles: [1, BLANK] }],
      pragmas: [{ name: 'game-type', value: 'classic' }],
      events: [
        { kind: 'place', player: 0, rack: [], row: 7, col: 6, dir: 'H', tiles: [1, 2 | BLANK_FLAG], score: 6, total: 6, notes: ['uno\ndos'] },
        { kind: 'exchange', player: 1, rack: [1, 2], tiles: null, count: 2, score: 0, total: 0, notes: [] },
        { kind: 'exchange', player: 2, rack: [BLANK, 2], tiles: [BLANK], count: 1, score: 0, total: 0, notes: [] },
        { kind: 'withdraw', player: 0, rack: [1, 2], score: -6, total: 0, notes: [] },
        { kind: 'pass', player: 1, rack: [], score: 0, total: 0, notes: [] },
        { kind: 'challengeBonus', player: 2, rack: [], score: 5, total: 5, notes: [] },
        { kind: 'timePenalty', player: 0, rack: [3], score: -10, total: -10, notes: [] },
        { kind: 'endRack', player: 1, rack: [], tiles: [3], score: 6, total: 6, notes: [] },
        { kind: 'rackPenalty', player: 2, rack: [3], tiles: [3], score: -3, total: 2, notes: [] },
      ],
    }; // prettier-ignore
    expect(parse(writeGcg(rec)).value.record).toEqual(rec);
  });
});
