/**
 * GCG game records (shared/fixtures/gcg/FORMAT.md): a model of a record, a tolerant reader that
 * takes the file's bytes, and a writer in Macondo's style (RULES.md N-04…N-06).
 *
 * The model keeps what the file states, nothing recomputed: scores and running totals as
 * written, racks as written (often partial), the play word as written. Tiles are engine codes of
 * the record's tile set; replaying and checking a record is `recordAudit.ts`'s job.
 */
import type { Placement } from '../move.js';
import {
  ENGLISH,
  SPANISH,
  type TileSet,
  allTileSets,
  parseNotation,
  tileSetById,
  tilesToGcg,
} from '../tiles.js';
import { formatCoord, parseCoord } from './coords.js';
import { type Result, err, ok } from '../result.js';
import { decodeLatin1, decodeUtf8, hasNonAscii } from './encoding.js';

/** A player as declared by `#playerN NICK Full Name`. */
export interface GcgPlayer {
  /** One token, the name used on event lines. */
  readonly nick: string;
  /** The rest of the pragma line; may be empty. */
  readonly name: string;
}

/** What every event line states. */
interface GcgEventBase {
  /** Index into `GcgRecord.players`. */
  readonly player: number;
  /**
   * The rack written before the action, as codes (BLANK for `?`), in the order written. Often
   * partial or empty: annotators record what they know.
   */
  readonly rack: readonly number[];
  /** The signed score of this event as written (`+66` → 66, `-16` → -16). */
  readonly score: number;
  /** The player's running total after the event, as written; may be negative. */
  readonly total: number;
  /** `#note` texts that follow the event line; continuation lines are joined with `\n`. */
  readonly notes: readonly string[];
}

/** `>ann: AEINRST 8D RETAINS +66 66`. */
export interface GcgPlace extends GcgEventBase, Placement {
  readonly kind: 'place';
  /**
   * The word from its start square, one code per square: EMPTY for `.` (a square already
   * occupied), a blank as `letter | BLANK_FLAG`. Older writers spell played-through letters
   * out, so a letter here may also stand on an occupied square; the replay resolves it.
   */
  readonly tiles: readonly number[];
}

/** `>ann: AEINRST - +0 66`; also a turn lost to a failed challenge. */
export interface GcgPass extends GcgEventBase {
  readonly kind: 'pass';
}

/** `>ann: AEINRST -AEI +0 66`, or `-3 +0 66` when only the count is known (`tiles` null). */
export interface GcgExchange extends GcgEventBase {
  readonly kind: 'exchange';
  readonly tiles: readonly number[] | null;
  readonly count: number;
}

/** `>ann: AEINRST -- -66 0`: the previous play is withdrawn after a successful challenge. */
export interface GcgWithdraw extends GcgEventBase {
  readonly kind: 'withdraw';
}

/** `>ann: NEXTRACK (challenge) +5 71`: bonus for a valid play that was challenged. */
export interface GcgChallengeBonus extends GcgEventBase {
  readonly kind: 'challengeBonus';
}

/**
 * `>ann: (DEQ) +26 492`: the player who went out scores the tiles left on the other racks
 * (`tiles`); 2× their value in the modern convention, 1× in the old one. `rack` is always empty.
 */
export interface GcgEndRack extends GcgEventBase {
  readonly kind: 'endRack';
  readonly tiles: readonly number[];
}

/**
 * `>bob: EIOQRRT (EIOQRRT) -16 -16`: a player loses the value of their own leftover tiles
 * (after six scoreless turns, or in the old 1× convention). `rack` repeats the tiles.
 */
export interface GcgRackPenalty extends GcgEventBase {
  readonly kind: 'rackPenalty';
  readonly tiles: readonly number[];
}

/** `>bob: EIT (time) -10 412`: an overtime penalty. */
export interface GcgTimePenalty extends GcgEventBase {
  readonly kind: 'timePenalty';
}

/** One event line of a record. */
export type GcgEvent =
  | GcgPlace
  | GcgPass
  | GcgExchange
  | GcgWithdraw
  | GcgChallengeBonus
  | GcgEndRack
  | GcgRackPenalty
  | GcgTimePenalty;

/** A pragma the model has no field for, kept as written (`#game-type classic`). */
export interface GcgPragma {
  readonly name: string;
  readonly value: string;
}

/**
 * A game record. Optional fields are absent when the file does not state them. The writer emits
 * every field; `parseGcg(writeGcg(r))` gives back `r`.
 */
export interface GcgRecord {
  /** Players in `#playerN` order (2 to 4); player 1 does not necessarily move first. */
  readonly players: readonly GcgPlayer[];
  /**
   * Id of the tile set (`spanish`, `english`, …): from `#tile-distribution`, else implied by the
   * lexicon name, else Spanish when the record's letters are Spanish tiles, else the first set
   * whose tiles they are (English, German, Polish). See `GcgParsed.tileSetGuessed`.
   */
  readonly tileSet: string;
  readonly lexicon?: string;
  readonly title?: string;
  readonly description?: string;
  /** `#id AUTHORITY ID`, as written after the pragma name. */
  readonly id?: string;
  /** Present when the file has `#incomplete` (Quackle); its text, often empty. */
  readonly incomplete?: string;
  /** Notes written before the first event. */
  readonly notes: readonly string[];
  /** Last known racks from `#rack1`, `#rack2` …, in the order written. */
  readonly finalRacks: readonly { readonly player: number; readonly tiles: readonly number[] }[];
  /** Pragmas with no field above, in the order written. */
  readonly pragmas: readonly GcgPragma[];
  readonly events: readonly GcgEvent[];
}

/** Coded reasons a GCG file cannot be read. */
export type GcgErrorCode =
  | 'INVALID_UTF8' // declared UTF-8, but the bytes are not
  | 'UNSUPPORTED_ENCODING' // `#character-encoding` names something else
  | 'ENCODING_NOT_FIRST' // `#character-encoding` after the first line
  | 'BAD_LINE' // a line that is neither pragma, event nor note continuation
  | 'BAD_EVENT' // an event line of no known shape
  | 'BAD_PLAYER' // a malformed `#playerN`
  | 'DUPLICATE_PLAYER' // two players with one nick, or one number declared twice
  | 'EMPTY_FILE' // nothing but blank lines: no pragma, no event
  | 'TOO_FEW_PLAYERS' // fewer than two players, or a gap in the numbering
  | 'UNKNOWN_PLAYER' // an event names an undeclared nick
  | 'UNKNOWN_TILE_DISTRIBUTION' // a tile set Atril does not have
  | 'UNKNOWN_TILE'; // tiles not in the record's tile set

export interface GcgError {
  readonly code: GcgErrorCode;
  /** 1-based line of the file. */
  readonly line?: number;
  /** The offending text (nick, tile, encoding name …). */
  readonly text?: string;
}

/** A parsed record and where each event came from. */
export interface GcgParsed {
  readonly record: GcgRecord;
  /** `lines[i]` is the 1-based file line of `record.events[i]`. */
  readonly lines: readonly number[];
  /** How the bytes were decoded. */
  readonly encoding: 'utf-8' | 'iso-8859-1';
  /**
   * The record names no tile set (no `#tile-distribution`, no lexicon Atril knows), so it was
   * chosen by the letters it uses. Spanish and English share most letters: recordAudit.ts's
   * `parseGcgRecord` settles such a record by its scores.
   */
  readonly tileSetGuessed: boolean;
}

/** How to read a record. */
export interface GcgReadOptions {
  /**
   * The tile set of a record that names none, instead of the guess from its letters; a record
   * whose letters are not its tiles is refused (UNKNOWN_TILE). A named set always wins.
   */
  readonly unnamedAs?: TileSet;
}

export type GcgParseResult = Result<GcgParsed, GcgError>;

/**
 * Reads a GCG file from its bytes: ISO-8859-1 unless the first line is
 * `#character-encoding UTF-8` (then invalid UTF-8 is an error). A file with no encoding line
 * whose bytes are valid UTF-8 with non-ASCII letters is read as UTF-8: scraped records are
 * written that way, and Latin-1 text that happens to be valid UTF-8 does not occur in practice.
 */
export function parseGcg(bytes: Uint8Array, opts: GcgReadOptions = {}): GcgParseResult {
  let start = 0;
  let utf8 = false;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    start = 3;
    utf8 = true;
  }
  const body = bytes.subarray(start);
  let end = body.indexOf(0x0a);
  const cr = body.indexOf(0x0d);
  if (end < 0 || (cr >= 0 && cr < end)) end = cr;
  const first = decodeLatin1(end < 0 ? body : body.subarray(0, end)).trim();
  const m = /^#character-encoding\s+(\S+)/i.exec(first);
  let declared = false;
  if (m) {
    const enc = m[1]!.toLowerCase();
    if (enc === 'utf-8' || enc === 'utf8') utf8 = declared = true;
    else if (enc !== 'iso-8859-1' && enc !== 'latin1' && enc !== 'latin-1')
      return err({ code: 'UNSUPPORTED_ENCODING', line: 1, text: m[1] });
  }
  let text: string;
  if (utf8 || (!m && hasNonAscii(body))) {
    const t = decodeUtf8(body);
    if (!t.ok) {
      if (utf8 || declared) return err({ code: 'INVALID_UTF8', line: t.error.line });
      text = decodeLatin1(body);
    } else {
      text = t.value;
      utf8 = true;
    }
  } else {
    text = decodeLatin1(body);
  }
  const parsed = parseGcgText(text, opts);
  if (!parsed.ok) return parsed;
  return ok({ ...parsed.value, encoding: utf8 ? 'utf-8' : 'iso-8859-1' });
}

interface RawEvent {
  readonly line: number;
  readonly nick: string;
  readonly kind: GcgEvent['kind'];
  readonly rack: string;
  readonly coord?: string;
  readonly word?: string;
  readonly tiles?: string;
  readonly count?: number;
  readonly score: number;
  readonly total: number;
  readonly notes: string[];
}

const SCORE = /^[+-]?\d+$/;

/** Reads a GCG record from already decoded text (any mix of CR and LF line ends). */
export function parseGcgText(text: string, opts: GcgReadOptions = {}): GcgParseResult {
  const lines = text.split(/\r\n|\r|\n/);
  const players: (GcgPlayer | undefined)[] = [];
  const raw: RawEvent[] = [];
  const headerNotes: string[] = [];
  const pragmas: GcgPragma[] = [];
  const finalRacks: { player: number; text: string; line: number }[] = [];
  const head: {
    title?: string;
    description?: string;
    id?: string;
    lexicon?: string;
    incomplete?: string;
    tileDistribution?: string;
  } = {};
  let inNote = false;
  let blank = true;
  const fail = (code: GcgErrorCode, line: number, t?: string): GcgParseResult =>
    err(t === undefined ? { code, line } : { code, line, text: t });

  for (let i = 0; i < lines.length; i++) {
    const lineNo = i + 1;
    const line = lines[i]!.replace(/^\uFEFF/, '').trim();
    if (line === '') continue;
    blank = false;
    if (line.startsWith('#')) {
      const pm = /^#(\S*)\s*(.*)$/.exec(line)!;
      const name = pm[1]!;
      const value = pm[2]!.trim();
      const key = name.toLowerCase();
      inNote = false;
      if (key === 'note') {
        (raw.length ? raw[raw.length - 1]!.notes : headerNotes).push(value);
        inNote = true;
      } else if (key === 'character-encoding') {
        if (i !== 0) return fail('ENCODING_NOT_FIRST', lineNo);
      } else if (/^player\d+$/.test(key)) {
        const n = Number(key.slice(6));
        const pv = /^(\S+)\s*(.*)$/.exec(value);
        if (!pv || n < 1 || n > 4) return fail('BAD_PLAYER', lineNo, line);
        if (players[n - 1]) return fail('DUPLICATE_PLAYER', lineNo, pv[1]);
        if (players.some((p) => p?.nick === pv[1])) return fail('DUPLICATE_PLAYER', lineNo, pv[1]);
        players[n - 1] = { nick: pv[1]!, name: pv[2]!.trim() };
      } else if (/^rack\d+$/.test(key)) {
        finalRacks.push({ player: Number(key.slice(4)) - 1, text: value, line: lineNo });
      } else if (key === 'title') head.title = value;
      else if (key === 'description') head.description = value;
      else if (key === 'id') head.id = value;
      else if (key === 'lexicon') head.lexicon = value;
      else if (key === 'incomplete') head.incomplete = value;
      else if (key === 'tile-distribution') head.tileDistribution = value;
      else if (key === 'tile')
        continue; // derived from the tile set; Macondo ignores it too
      else pragmas.push({ name, value });
      continue;
    }
    if (line.startsWith('>')) {
      inNote = false;
      const ev = parseEventLine(line, lineNo);
      if (!ev) return fail('BAD_EVENT', lineNo, line);
      raw.push(ev);
      continue;
    }
    if (inNote) {
      const notes = raw.length ? raw[raw.length - 1]!.notes : headerNotes;
      const last = notes[notes.length - 1]!;
      notes[notes.length - 1] = last === '' ? line : `${last}\n${line}`;
      continue;
    }
    return fail('BAD_LINE', lineNo, line);
  }

  // An empty file is said as such, not as one whose players are missing.
  if (blank) return fail('EMPTY_FILE', 1);
  // A sparse array: `some` would skip the holes left by a missing #playerN.
  for (let k = 0; k < Math.max(2, players.length); k++)
    if (players[k] === undefined) return fail('TOO_FEW_PLAYERS', 1);
  const declared = players as GcgPlayer[];

  const named = namedTileSet(head.tileDistribution, head.lexicon);
  const setOrError =
    named ?? readingSet(opts.unnamedAs ? [opts.unnamedAs] : guessOrder(), raw, finalRacks);
  if ('code' in setOrError) return err(setOrError);
  const set = setOrError;

  const dropEmpty = (ns: string[]): string[] => ns.filter((n) => n !== '');
  const events: GcgEvent[] = [];
  const eventLines: number[] = [];
  for (const r of raw) {
    const player = declared.findIndex((p) => p.nick === r.nick);
    if (player < 0) return fail('UNKNOWN_PLAYER', r.line, r.nick);
    const ev = convertEvent(set, { ...r, notes: dropEmpty(r.notes) }, player);
    if ('code' in ev) return err(ev);
    events.push(ev);
    eventLines.push(r.line);
  }
  const racks: { player: number; tiles: number[] }[] = [];
  for (const fr of finalRacks) {
    if (fr.player < 0 || fr.player >= declared.length)
      return fail('UNKNOWN_PLAYER', fr.line, `#rack${fr.player + 1}`);
    const tiles = parseNotation(set, fr.text, { allowUndesignatedBlank: true });
    if (!tiles.ok) return fail('UNKNOWN_TILE', fr.line, tiles.error.text);
    racks.push({ player: fr.player, tiles: tiles.value });
  }

  const record: GcgRecord = {
    players: declared,
    tileSet: set.id,
    ...(head.lexicon !== undefined && { lexicon: head.lexicon }),
    ...(head.title !== undefined && { title: head.title }),
    ...(head.description !== undefined && { description: head.description }),
    ...(head.id !== undefined && { id: head.id }),
    ...(head.incomplete !== undefined && { incomplete: head.incomplete }),
    notes: dropEmpty(headerNotes),
    finalRacks: racks,
    pragmas,
    events,
  };
  return ok({
    record,
    lines: eventLines,
    encoding: 'utf-8',
    tileSetGuessed: named === undefined && !opts.unnamedAs,
  });
}

// One event line, split into tokens. The forms are told apart in the order Macondo warns about:
// `(challenge)` and `(time)` before the generic `(TILES)`, `--` before `-TILES`.
function parseEventLine(line: string, lineNo: number): RawEvent | undefined {
  const hm = /^>(\S+?):(?=\s|$)(.*)$/.exec(line);
  if (!hm) return undefined;
  const nick = hm[1]!;
  const t = hm[2]!.trim().split(/\s+/).filter(Boolean);
  const num = (s: string | undefined): number | undefined =>
    s !== undefined && SCORE.test(s) ? Number(s) || 0 : undefined;
  const make = (
    kind: GcgEvent['kind'],
    rack: string,
    at: number,
    extra: Partial<RawEvent> = {},
  ): RawEvent | undefined => {
    const score = num(t[at]);
    const total = num(t[at + 1]);
    if (score === undefined || total === undefined) return undefined;
    return { line: lineNo, nick, kind, rack, score, total, notes: [], ...extra };
  };
  const special = (word: string): number =>
    t.slice(0, 2).findIndex((x) => x.toLowerCase() === word);
  const ch = special('(challenge)');
  if (ch >= 0) return make('challengeBonus', ch === 1 ? t[0]! : '', ch + 1);
  const tm = special('(time)');
  if (tm >= 0) return make('timePenalty', tm === 1 ? t[0]! : '', tm + 1);
  const paren = (s: string | undefined): string | undefined =>
    s !== undefined && s.length >= 2 && s.startsWith('(') && s.endsWith(')')
      ? s.slice(1, -1)
      : undefined;
  const p0 = paren(t[0]);
  if (p0 !== undefined) return make('endRack', '', 1, { tiles: p0 });
  const p1 = paren(t[1]);
  if (p1 !== undefined) return make('rackPenalty', t[0]!, 2, { tiles: p1 });
  if (t.length === 0) return undefined;
  // The rack may be missing: the action is then the first token. A rack in digit labels can
  // look like a square (E2 is E and LL); a pass or an exchange after it says it is a rack.
  let rack = t[0]!;
  let at = 1;
  if (
    rack.startsWith('-') ||
    (parseCoord(rack) &&
      !parseCoord(t[1] ?? '') &&
      !(t[1] ?? '').startsWith('-') &&
      num(t[2]) !== undefined)
  ) {
    rack = '';
    at = 0;
  }
  const action = t[at];
  if (action === undefined) return undefined;
  if (action === '--') return make('withdraw', rack, at + 1);
  if (action === '-') return make('pass', rack, at + 1);
  if (/^-\d+$/.test(action))
    return make('exchange', rack, at + 1, { count: Number(action.slice(1)) });
  if (action.startsWith('-')) return make('exchange', rack, at + 1, { tiles: action.slice(1) });
  if (parseCoord(action) && t[at + 1] !== undefined)
    return make('place', rack, at + 2, { coord: action, word: t[at + 1]! });
  return undefined;
}

const LEXICON_SETS: readonly [RegExp, string][] = [
  [/^(FISE|FILE)/i, 'spanish'],
  [/^OSPS/i, 'polish'],
  [/^RD\d/i, 'german'],
  [/^NSF/i, 'norwegian'],
  [/^FRA/i, 'french'],
  [/^DISC/i, 'catalan'],
  [/^(NWL|TWL|CSW|OWL|OSPD|SOWPODS|ECWL|CEL|NSWL|AMERICA)/i, 'english'],
];

/** The tile-set id a lexicon name implies (Macondo's convention), if any. */
export function tileSetOfLexicon(lexicon: string): string | undefined {
  return LEXICON_SETS.find(([re]) => re.test(lexicon.trim()))?.[1];
}

// The tile set the record names by `#tile-distribution` or by a lexicon Atril knows; undefined
// when it names none.
function namedTileSet(
  distribution: string | undefined,
  lexicon: string | undefined,
): TileSet | GcgError | undefined {
  const named = distribution ?? (lexicon !== undefined ? tileSetOfLexicon(lexicon) : undefined);
  if (named === undefined) return undefined;
  const set = tileSetById(named.trim());
  return set ?? { code: 'UNKNOWN_TILE_DISTRIBUTION', text: named };
}

// The sets to try, in order, for a record that names none. Atril is a Spanish program: Spanish
// first, then English (the records of other programs that do not name theirs are English).
function guessOrder(): readonly TileSet[] {
  return [SPANISH, ENGLISH, ...allTileSets().filter((s) => s !== SPANISH && s !== ENGLISH)];
}

// The first of `candidates` whose tiles all the record's racks and words are written in, or
// the first set's complaint about them.
function readingSet(
  candidates: readonly TileSet[],
  raw: readonly RawEvent[],
  finalRacks: readonly { text: string; line: number }[],
): TileSet | GcgError {
  const texts: { text: string; line: number }[] = [];
  for (const r of raw) {
    texts.push({ text: r.rack, line: r.line });
    if (r.word !== undefined) texts.push({ text: r.word, line: r.line });
    if (r.tiles !== undefined) texts.push({ text: r.tiles, line: r.line });
  }
  texts.push(...finalRacks);
  let firstError: GcgError | undefined;
  for (const set of candidates) {
    const bad = texts.find(
      (x) => !parseNotation(set, x.text, { allowThrough: true, allowUndesignatedBlank: true }).ok,
    );
    if (!bad) return set;
    if (!firstError) {
      const parsed = parseNotation(set, bad.text, {
        allowThrough: true,
        allowUndesignatedBlank: true,
      });
      firstError = {
        code: 'UNKNOWN_TILE',
        line: bad.line,
        text: parsed.ok ? bad.text : parsed.error.text,
      };
    }
  }
  return firstError!;
}

function convertEvent(set: TileSet, r: RawEvent, player: number): GcgEvent | GcgError {
  const tilesOf = (text: string, through: boolean): number[] | GcgError => {
    const res = parseNotation(set, text, {
      allowThrough: through,
      allowUndesignatedBlank: !through,
    });
    return res.ok ? res.value : { code: 'UNKNOWN_TILE', line: r.line, text: res.error.text };
  };
  const rack = tilesOf(r.rack, false);
  if (!Array.isArray(rack)) return rack;
  const base = { player, rack, score: r.score, total: r.total, notes: r.notes };
  switch (r.kind) {
    case 'place': {
      const c = parseCoord(r.coord!)!;
      const tiles = tilesOf(r.word!, true);
      if (!Array.isArray(tiles)) return tiles;
      return { kind: 'place', ...base, row: c.row, col: c.col, dir: c.dir, tiles };
    }
    case 'exchange': {
      if (r.tiles === undefined) return { kind: 'exchange', ...base, tiles: null, count: r.count! };
      const tiles = tilesOf(r.tiles, false);
      if (!Array.isArray(tiles)) return tiles;
      return { kind: 'exchange', ...base, tiles, count: tiles.length };
    }
    case 'endRack':
    case 'rackPenalty': {
      const tiles = tilesOf(r.tiles!, false);
      if (!Array.isArray(tiles)) return tiles;
      return { kind: r.kind, ...base, tiles };
    }
    case 'pass':
    case 'withdraw':
    case 'challengeBonus':
    case 'timePenalty':
      return { kind: r.kind, ...base };
  }
}

/** The GCG text of an event's action and score fields, without nick or notes. */
function gcgEventBody(set: TileSet, ev: GcgEvent): string {
  // A record kept from other eyes leaves racks out (gameToGcg's `viewer`): no blank field then.
  const rack = ev.rack.length ? tilesToGcg(set, ev.rack, '?') + ' ' : '';
  const s = `${ev.score >= 0 ? '+' : '-'}${Math.abs(ev.score)} ${ev.total}`;
  switch (ev.kind) {
    case 'place':
      return `${rack}${formatCoord(ev)} ${tilesToGcg(set, ev.tiles)} ${s}`;
    case 'pass':
      return `${rack}- ${s}`;
    case 'exchange':
      return `${rack}-${ev.tiles ? tilesToGcg(set, ev.tiles, '?') : ev.count} ${s}`;
    case 'withdraw':
      return `${rack}-- ${s}`;
    case 'challengeBonus':
      return `${rack}(challenge) ${s}`;
    case 'timePenalty':
      return `${rack}(time) ${s}`;
    case 'endRack':
      return `(${tilesToGcg(set, ev.tiles, '?')}) ${s}`;
    case 'rackPenalty': {
      const own = tilesToGcg(set, ev.rack.length ? ev.rack : ev.tiles, '?');
      return `${own} (${tilesToGcg(set, ev.tiles, '?')}) ${s}`;
    }
  }
}

/**
 * Writes a record as GCG text in Macondo's style: `#character-encoding UTF-8` first, the header
 * pragmas, `#tile-distribution` with a `#tile` line per multi-letter tile (N-04), the players,
 * then the events with their notes, and the `#rackN` lines last. Tiles are always bracketed
 * (N-06). Note lines are trimmed; a note line starting with `#` or `>` becomes its own note.
 */
export function writeGcg(record: GcgRecord): string {
  const set = tileSetById(record.tileSet);
  if (!set) throw new Error(`writeGcg: unknown tile set ${record.tileSet}`);
  const out: string[] = ['#character-encoding UTF-8'];
  const line = (s: string): void => {
    out.push(s.trimEnd());
  };
  if (record.title !== undefined) line(`#title ${record.title}`);
  if (record.description !== undefined) line(`#description ${record.description}`);
  if (record.id !== undefined) line(`#id ${record.id}`);
  if (record.lexicon !== undefined) line(`#lexicon ${record.lexicon}`);
  for (const p of record.pragmas) line(`#${p.name} ${p.value}`);
  line(`#tile-distribution ${set.id}`);
  for (const l of set.letters) if (l.gcg !== l.label) line(`#tile ${l.gcg} ${l.blankGcg}`);
  record.players.forEach((p, i) => line(`#player${i + 1} ${p.nick} ${p.name}`));
  if (record.incomplete !== undefined) line(`#incomplete ${record.incomplete}`);
  const notes = (ns: readonly string[]): void => {
    for (const n of ns) {
      const parts = n
        .split('\n')
        .map((x) => x.trim())
        .filter(Boolean);
      if (parts.length === 0) continue;
      let cur = `#note ${parts[0]}`;
      for (const p of parts.slice(1)) {
        if (p.startsWith('#') || p.startsWith('>')) {
          line(cur);
          cur = `#note ${p}`;
        } else cur += `\n${p}`;
      }
      line(cur);
    }
  };
  notes(record.notes);
  for (const ev of record.events) {
    const nick = record.players[ev.player]?.nick;
    if (nick === undefined) throw new Error(`writeGcg: event for missing player ${ev.player}`);
    line(`>${nick}: ${gcgEventBody(set, ev)}`);
    notes(ev.notes);
  }
  for (const r of record.finalRacks) line(`#rack${r.player + 1} ${tilesToGcg(set, r.tiles, '?')}`);
  return out.join('\n') + '\n';
}
