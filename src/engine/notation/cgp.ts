/**
 * CGP positions, as Macondo writes them (DESIGN.md §4): board rows `/`-separated with digit runs
 * for empty squares, the racks `/`-separated (player to move first; an empty rack is allowed),
 * the scores `/`-separated in the same order, the number of consecutive zero-score turns, then
 * optional `op value;` pairs. `lex NAME;` names the lexicon and `ld NAME;` the tile set; the set is
 * Spanish unless `ld` says otherwise; other operations are kept but mean nothing here.
 *
 * `15/15/15/15/15/15/15/7CASA4/15/15/15/15/15/15/15 AEINRST/ 0/14 0`
 */
import { SIZE, SQUARES } from '../board.js';
import {
  BLANK,
  EMPTY,
  type TileSet,
  fullDistribution,
  isBlank,
  parseNotation,
  tileGcg,
  tileSetById,
  tilesToGcg,
} from '../tiles.js';
import { type Result, err, ok } from '../result.js';
import { MAX_RACK_SIZE } from '../rules.js';

/** A position read from or written as CGP. */
export interface CgpPosition {
  /** 225 squares, `row * 15 + col`; 0 empty, blanks carry BLANK_FLAG. */
  readonly board: Uint8Array;
  /** Racks as codes (BLANK for `?`), the player to move first; may be partial or empty. */
  readonly racks: readonly (readonly number[])[];
  /** Scores in the order of the racks. */
  readonly scores: readonly number[];
  /** Consecutive zero-score turns just before this position. */
  readonly zeroTurns: number;
  /** Tile-set id: `spanish` unless `ld` names another. */
  readonly tileSet: string;
  /** From `lex NAME;`. */
  readonly lexicon?: string;
  /** Every other operation, in the order written, without its `;`. */
  readonly ops: readonly { readonly op: string; readonly value: string }[];
}

/** Every way a CGP string can be wrong, each code with its own data. */
export type CgpError =
  /** Fewer than the four space-separated fields (board, racks, scores, zero turns). */
  | { readonly code: 'MISSING_FIELDS'; readonly fields: number }
  /** The board is not 15 `/`-separated rows. */
  | { readonly code: 'BAD_ROW_COUNT'; readonly rows: number }
  /** A board row (1-based) that is not 15 squares. */
  | { readonly code: 'BAD_BOARD'; readonly row: number; readonly text: string }
  /** A tile outside the tile set, on a board row or on a rack (1-based, player to move first). */
  | {
      readonly code: 'UNKNOWN_TILE';
      readonly text: string;
      readonly row?: number;
      readonly rack?: number;
    }
  /** A designated blank (lower case) on a rack, where a blank is `?`. */
  | { readonly code: 'BLANK_IN_RACK'; readonly rack: number; readonly text: string }
  /** A rack holding more tiles than any rules allow (MAX_RACK_SIZE). */
  | {
      readonly code: 'RACK_TOO_LONG';
      readonly rack: number;
      readonly tiles: number;
      readonly max: number;
    }
  /** A score that is not a whole number. */
  | { readonly code: 'BAD_SCORE'; readonly text: string }
  /** Not 2 to 4 players (G-01). */
  | { readonly code: 'PLAYER_COUNT'; readonly players: number }
  /** A different number of racks and scores. */
  | { readonly code: 'RACKS_SCORES_MISMATCH'; readonly racks: number; readonly scores: number }
  /** The zero-turn count is not a whole number ≥ 0. */
  | { readonly code: 'BAD_ZERO_TURNS'; readonly text: string }
  /** `ld` names a tile set Atril does not have. */
  | { readonly code: 'UNKNOWN_TILE_DISTRIBUTION'; readonly text: string }
  /** Board and racks hold more of a tile than the set has (`text`: the tile, `?` for blanks). */
  | { readonly code: 'TOO_MANY_TILES'; readonly text: string };

/** The codes of `CgpError`. */
export type CgpErrorCode = CgpError['code'];

// A board row's own problems, before the row number is known.
interface RowError {
  readonly code: 'BAD_BOARD' | 'UNKNOWN_TILE';
  readonly text: string;
}

export type CgpParseResult = Result<CgpPosition, CgpError>;

const INTEGER = /^-?\d+$/;

/** Reads a CGP string. */
export function parseCgp(text: string): CgpParseResult {
  const fail = (error: CgpError): CgpParseResult => err(error);
  const fields = text.trim().split(/\s+/);
  if (fields.length < 4 || fields[0] === '')
    return fail({ code: 'MISSING_FIELDS', fields: fields[0] === '' ? 0 : fields.length });
  const [boardText, racksText, scoresText, zeroText] = fields as [string, string, string, string];
  const rest = fields.slice(4).join(' ');

  const ops: { op: string; value: string }[] = [];
  let lexicon: string | undefined;
  let setId = 'spanish';
  for (const part of rest.split(';')) {
    const m = /^(\S+)\s*(.*)$/.exec(part.trim());
    if (!m) continue;
    const [op, value] = [m[1]!, m[2]!.trim()];
    if (op === 'lex') lexicon = value;
    else if (op === 'ld') setId = value;
    else ops.push({ op, value });
  }
  const set = tileSetById(setId);
  if (!set) return fail({ code: 'UNKNOWN_TILE_DISTRIBUTION', text: setId });

  const board = new Uint8Array(SQUARES);
  const rows = boardText.split('/');
  if (rows.length !== SIZE) return fail({ code: 'BAD_ROW_COUNT', rows: rows.length });
  for (let r = 0; r < SIZE; r++) {
    const row = parseRow(set, rows[r]!);
    if ('code' in row) return fail({ ...row, row: r + 1 });
    board.set(row, r * SIZE);
  }

  const racks: number[][] = [];
  for (const [i, rt] of racksText.split('/').entries()) {
    const rack = parseNotation(set, rt, { allowUndesignatedBlank: true });
    if (!rack.ok) return fail({ code: 'UNKNOWN_TILE', rack: i + 1, text: rack.error.text });
    if (rack.value.some((t) => isBlank(t)))
      return fail({ code: 'BLANK_IN_RACK', rack: i + 1, text: rt });
    if (rack.value.length > MAX_RACK_SIZE)
      return fail({
        code: 'RACK_TOO_LONG',
        rack: i + 1,
        tiles: rack.value.length,
        max: MAX_RACK_SIZE,
      });
    racks.push(rack.value);
  }
  const scoreParts = scoresText.split('/');
  const bad = scoreParts.find((s) => !INTEGER.test(s) || !Number.isSafeInteger(Number(s)));
  if (bad !== undefined) return fail({ code: 'BAD_SCORE', text: bad });
  const scores = scoreParts.map((s) => Number(s) || 0);
  if (racks.length < 2 || racks.length > 4)
    return fail({ code: 'PLAYER_COUNT', players: racks.length });
  if (scores.length !== racks.length)
    return fail({ code: 'RACKS_SCORES_MISMATCH', racks: racks.length, scores: scores.length });
  if (!/^\d+$/.test(zeroText) || !Number.isSafeInteger(Number(zeroText)))
    return fail({ code: 'BAD_ZERO_TURNS', text: zeroText });

  const over = overDistribution(set, board, racks);
  if (over !== undefined) return fail({ code: 'TOO_MANY_TILES', text: tileGcg(set, over) });

  const position: CgpPosition = {
    board,
    racks,
    scores,
    zeroTurns: Number(zeroText),
    tileSet: set.id,
    ...(lexicon !== undefined && { lexicon }),
    ops,
  };
  return ok(position);
}

// One board row: digit runs (possibly several digits) are empty squares, the rest tiles.
function parseRow(set: TileSet, text: string): number[] | RowError {
  const out: number[] = [];
  const re = /(\d+)|(\[[^\]]*\]|[^\d[])+/gy;
  let m: RegExpExecArray | null;
  let at = 0;
  while (at < text.length && (m = re.exec(text)) !== null) {
    at = re.lastIndex;
    if (m[1] !== undefined) {
      // Bounded before expanding: a run of 999999999 must not become a billion squares.
      const n = m[1].length > 2 ? Infinity : Number(m[1]);
      if (n === 0 || out.length + n > SIZE) return { code: 'BAD_BOARD', text };
      for (let k = 0; k < n; k++) out.push(EMPTY);
    } else {
      const tiles = parseNotation(set, m[0]);
      if (!tiles.ok) return { code: 'UNKNOWN_TILE', text: tiles.error.text };
      if (out.length + tiles.value.length > SIZE) return { code: 'BAD_BOARD', text };
      out.push(...tiles.value);
    }
  }
  if (at !== text.length || out.length !== SIZE) return { code: 'BAD_BOARD', text };
  return out;
}

function overDistribution(
  set: TileSet,
  board: Uint8Array,
  racks: readonly (readonly number[])[],
): number | undefined {
  const left = fullDistribution(set);
  const take = (t: number): boolean => {
    const c = isBlank(t) ? BLANK : t;
    return left[c]!-- > 0;
  };
  for (let sq = 0; sq < SQUARES; sq++) {
    const t = board[sq]!;
    if (t !== EMPTY && !take(t)) return isBlank(t) ? BLANK : t;
  }
  for (const rack of racks) for (const t of rack) if (!take(t)) return t;
  return undefined;
}

/**
 * Writes a position as CGP: tiles always bracketed (`[CH]`, `[ch]`), `lex` when known, `ld` when
 * the set is not Spanish, then the other operations.
 */
export function writeCgp(p: CgpPosition): string {
  const set = tileSetById(p.tileSet);
  if (!set) throw new Error(`writeCgp: unknown tile set ${p.tileSet}`);
  const rows: string[] = [];
  for (let r = 0; r < SIZE; r++) {
    let row = '';
    let run = 0;
    for (let c = 0; c < SIZE; c++) {
      const t = p.board[r * SIZE + c]!;
      if (t === EMPTY) {
        run++;
        continue;
      }
      if (run) row += run;
      run = 0;
      row += tileGcg(set, t);
    }
    if (run) row += run;
    rows.push(row);
  }
  const ops: string[] = [];
  if (p.lexicon !== undefined) ops.push(`lex ${p.lexicon};`);
  if (set.id !== 'spanish') ops.push(`ld ${set.id};`);
  for (const o of p.ops) ops.push(o.value ? `${o.op} ${o.value};` : `${o.op};`);
  return [
    rows.join('/'),
    p.racks.map((r) => tilesToGcg(set, r, '?')).join('/'),
    p.scores.join('/'),
    String(p.zeroTurns),
    ...ops,
  ].join(' ');
}
