/**
 * The player's side of a turn: the cursor and its mode, the rack in the player's chosen order,
 * the tentative placement (P-10) and the exchange selection. Each operation returns what to
 * say; nothing here knows how it will be shown or spoken.
 */
import { CENTER, SIZE, colOf, rowOf } from '../engine/board.js';
import type { Direction, PlaceMove } from '../engine/move.js';
import { squareName } from '../engine/notation/coords.js';
import { type PlacementError, evaluatePlacement, moveOfPlay } from '../engine/placement.js';
import type { PlayResult, Placed } from '../engine/move.js';
import { type Result, err, ok } from '../engine/result.js';
import type { ScoringRules } from '../engine/placement.js';
import {
  BLANK,
  BLANK_FLAG,
  EMPTY,
  type TileSet,
  fullDistribution,
  isBlank,
  letterOf,
  tileLabel,
  tileValue,
} from '../engine/tiles.js';
import { type PlayErrorCode, type PlayError, onlineErrorText, playErrorText } from './errorText.js';
import {
  ALL_PLACED_TEXT,
  EMPTY_PLACE_TEXT,
  MODE_NAMES,
  ORDER_NAMES,
  WRAP_TEXT,
  capitalized,
  chosenNote,
  emptyPlaceText,
  previewText,
  stillChosenText,
  turnText,
} from './messages.js';
import {
  COLUMNS,
  agree,
  blankNote,
  boardTileName,
  describeSquare,
  dirName,
  lineName,
  lineSquares,
  points,
  tileName,
  tileText,
  tilesCount,
} from './speech.js';
import type {
  Announcement,
  Category,
  HelpEntry,
  Mode,
  PlaySnapshot,
  RackOrder,
  Sound,
  TentativeTile,
  Verbosity,
} from './types.js';
import { keepArrangement, nextOrder, orderedSlots, sameTiles } from './rack.js';
import { type ClientView, scoringOfView, setOf } from './view.js';

export type { TentativeTile } from './types.js';

/** Builds a polite announcement. */
export function say(
  text: string,
  category: Category,
  sound?: Sound,
  priority: 'polite' | 'assertive' = 'polite',
): Announcement {
  return sound ? { text, category, priority, sound } : { text, category, priority };
}

/** An error announcement from a coded error and its data; `set` names the tiles in the data. */
export function sayError(
  set: TileSet,
  code: PlayErrorCode,
  data: Omit<PlayError, 'code'> = {},
): Announcement {
  return say(playErrorText({ ...data, code }, set), 'error', 'error');
}

/** The mutable interaction state of one viewer. */
export class PlayState {
  view: ClientView;
  /** The view's board as the engine's placement functions take it. */
  board: Uint8Array;
  /** The tile set and scoring the view's rules name. */
  set: TileSet;
  scoring: ScoringRules;
  mode: Mode = 'navegacion';
  cursor = CENTER;
  order: RackOrder = 'robo';
  verbosity: Verbosity = 'breve';
  /** Every seat, the viewer's too, is spoken of by name (SessionOptions.byName). */
  byName = false;
  /** The client takes lines only, no keys (SessionOptions.linesOnly). */
  linesOnly = false;
  /**
   * Hot-seat: the viewer is on turn but does not have the keyboard yet (their rack stays hidden
   * until they do), so what they may do then is not said to the table (`turnSentence`).
   */
  awaitingPlayer = false;
  /**
   * The viewer's tiles in the order they were drawn; slots index this array. A slot stays
   * while its tile is on the board this turn (`placed` names it), as a place on a real rack:
   * the numbers of the keys 1–9 do not move under the player's fingers mid-turn.
   */
  slots: number[] = [];
  /** The rack as it was laid out before its last change (a play withdrawn brings it back). */
  private slotsBefore: number[] = [];
  placed: TentativeTile[] = [];
  /** Rack slots selected for an exchange. */
  selected = new Set<number>();
  /** P was pressed once; a second P passes. */
  pendingPass = false;
  /** D was pressed once; a second D challenges. */
  pendingChallenge = false;
  /** A blank was placed at this square and waits for its letter. */
  pendingBlank: { square: number; slot: number } | undefined;
  /**
   * Shift+letter of a digraph's first letter that the rack lacks while it holds the digraph
   * (Shift+L with LL and no L): the letter and the cursor then, so that the digraph's second
   * letter right after places it (README: «CH, LL y RR se escriben con sus dos letras»).
   */
  private digraphFirst: { letter: number; cursor: number } | undefined;
  lastAnnouncement: Announcement | undefined;
  /** The letter of the last Shift+letter search, so pressing it again cycles. */
  lastSearch: { letter: number; square: number } | undefined;

  /** The command table this viewer's session dispatches: the core's, plus a client's own. */
  commands: readonly HelpEntry[] = [];

  /** The time now on the view clock's time line; by default, when the view was built. */
  now: () => number = () => this.view.clock?.at ?? 0;

  constructor(view: ClientView) {
    this.view = view;
    this.board = Uint8Array.from(view.board);
    this.set = setOf(view);
    this.scoring = scoringOfView(view);
    this.slots = [...(view.rack ?? [])];
  }

  get detailed(): boolean {
    return this.verbosity === 'detallado';
  }

  /**
   * Whose turn it is, as said to this viewer (`turnText`): in the final window (E-06) with what
   * the player on turn may do, in keys or in commands as the client takes them. While the
   * player on turn does not have the keyboard yet (`awaitingPlayer`) no key is named: the table
   * hears, when it `asked` (T), that the last play closes the game, and otherwise the turn alone.
   */
  turnSentence(asked = false): string {
    if (this.awaitingPlayer) return turnText(this.view, this.byName, asked ? 'table' : 'none');
    return turnText(this.view, this.byName, this.linesOnly ? 'lines' : 'keys');
  }

  get myTurn(): boolean {
    return (
      this.view.phase !== 'over' && this.view.seat !== null && this.view.turn === this.view.seat
    );
  }

  get writing(): boolean {
    return this.mode === 'horizontal' || this.mode === 'vertical';
  }

  /** The direction of the current writing mode (H in navigation). */
  get dir(): Direction {
    return this.mode === 'vertical' ? 'V' : 'H';
  }

  /**
   * Takes a new view: keeps the rack arrangement (liwords #1284) and drops stale tiles. Returns
   * this turn's tiles that went back to the rack because a play now covers their squares.
   */
  setView(view: ClientView): TentativeTile[] {
    const rack = view.rack ?? [];
    const before = this.view.history.length;
    if (view.rules !== this.view.rules) {
      this.set = setOf(view);
      this.scoring = scoringOfView(view);
    }
    this.view = view;
    this.board = Uint8Array.from(view.board);
    let covered: TentativeTile[] = [];
    if (!sameTiles(this.slots, rack)) {
      // A play withdrawn after a challenge gives back the very rack the player laid out.
      const back = sameTiles(this.slotsBefore, rack);
      const old = this.slots;
      // The tiles that went (played, or else exchanged) leave their places to those drawn.
      const leaving = new Set(
        this.placed.length > 0 ? this.placed.map((p) => p.slot) : this.selected,
      );
      this.slots = back ? this.slotsBefore : keepArrangement(old, rack, leaving);
      this.slotsBefore = old;
      this.placed = [];
      this.selected.clear();
      this.pendingBlank = undefined;
    } else {
      covered = this.placed.filter((p) => this.board[p.square] !== EMPTY);
      this.placed = this.placed.filter((p) => this.board[p.square] === EMPTY);
      if (covered.some((p) => p.square === this.pendingBlank?.square))
        this.pendingBlank = undefined;
    }
    if (!this.myTurn) this.pendingPass = false;
    // The question was about the play open then: another one, or none, is another question.
    if (!view.canChallenge || view.history.length !== before) this.pendingChallenge = false;
    return covered;
  }

  /**
   * Lays the rack out as `slots` (a layout kept from before a reload): only when it holds the
   * same tiles and none is on the board this turn. Returns whether it did.
   */
  arrange(slots: readonly number[]): boolean {
    if (this.placed.length > 0 || this.selected.size > 0 || !sameTiles(slots, this.slots))
      return false;
    this.slots = [...slots];
    return true;
  }

  /** What to say when a play covered squares that held this turn's tiles (`setView`). */
  coveredText(covered: readonly TentativeTile[]): string {
    const names = covered.map(
      (p) => `${boardTileName(this.set, p.tile)} de ${squareName(p.square)}`,
    );
    return covered.length === 1
      ? `La jugada cubre tu ${names[0]!}: vuelve al atril.`
      : `La jugada cubre tus fichas de este turno: ${names.join(', ')} vuelven al atril.`;
  }

  /** Rack slots still on the rack (not placed this turn), in the current order. */
  rackSlots(): number[] {
    return orderedSlots(this.set, this.slots, new Set(this.placed.map((p) => p.slot)), this.order);
  }

  /**
   * Every place of the rack in the current order, those whose tile is on the board this turn
   * included: key n (1–9, Shift+n, the n-th item of a rendered rack) is the n-th. A place
   * emptied by a tile placed keeps its number, and so do the others (UX.md §3: Shift+n is the
   * unambiguous way to place a tile, so n must not change between two presses).
   */
  rackPlaces(): number[] {
    return orderedSlots(this.set, this.slots, new Set(), this.order);
  }

  /** The tile placed this turn from rack slot `slot`, if it is on the board. */
  placedFrom(slot: number): TentativeTile | undefined {
    return this.placed.find((p) => p.slot === slot);
  }

  /** Key n of rack slot `slot` (its place in the current order, empty places counted). */
  private keyOf(slot: number): number {
    return this.rackPlaces().indexOf(slot) + 1;
  }

  /**
   * The refusal for rack slot `slot` while its tile is on the board this turn («2: vacío, E
   * puesta en H8.»), for every way of placing or choosing it; undefined while it is on the rack.
   */
  private emptyPlaceError(slot: number): Announcement | undefined {
    const away = this.placedFrom(slot);
    if (!away) return undefined;
    const data = { slot: this.keyOf(slot), tiles: [away.tile], square: away.square };
    return sayError(this.set, 'EMPTY_PLACE', data);
  }

  /** What a renderer reads: a plain, frozen copy of the interaction state (issue 9, item 7). */
  snapshot(): PlaySnapshot {
    const board = Array.from(this.board);
    for (const p of this.placed) board[p.square] = p.tile;
    return Object.freeze({
      view: this.view,
      mode: this.mode,
      modeName: MODE_NAMES[this.mode],
      cursor: this.cursor,
      order: this.order,
      verbosity: this.verbosity,
      myTurn: this.myTurn,
      rack: Object.freeze(
        this.rackPlaces().map((slot) =>
          Object.freeze({
            slot,
            tile: this.slots[slot]!,
            selected: this.selected.has(slot),
            placedAt: this.placedFrom(slot)?.square ?? null,
          }),
        ),
      ),
      board: Object.freeze(board),
      placed: Object.freeze(this.placed.map((p) => Object.freeze({ ...p }))),
      awaitingBlank: this.pendingBlank !== undefined,
      pendingPass: this.pendingPass,
    });
  }

  /** The tile on a square, tentative tiles included. */
  tileAt(square: number): number {
    const b = this.board[square]!;
    if (b !== EMPTY) return b;
    return this.placed.find((p) => p.square === square)?.tile ?? EMPTY;
  }

  isTentative(square: number): boolean {
    return this.placed.some((p) => p.square === square);
  }

  /**
   * Keeps what a batch said for X: all of it (an opponent's play and "Tu turno" come as one
   * batch), as one polite reply without a sound, since the player asked for it (UX.md §2.5).
   */
  remember(a: Announcement[]): Announcement[] {
    const last = a[a.length - 1];
    if (last)
      this.lastAnnouncement = {
        text: a.map((x) => x.text).join(' '),
        category: last.category,
        priority: 'polite',
      };
    return a;
  }

  // ── Reports ────────────────────────────────────────────────────────────────

  /**
   * C: the whole rack in the current order, a place whose tile is on the board this turn said
   * «vacío» where it stands, so that the n-th name heard is still key n.
   */
  rackText(): string {
    const slots = this.rackPlaces();
    if (slots.length === 0) return 'Atril vacío.';
    if (this.placed.length === slots.length) return ALL_PLACED_TEXT;
    const names = slots.map((s) => {
      if (this.placedFrom(s)) return EMPTY_PLACE_TEXT;
      const name = tileName(this.set, this.slots[s]!);
      return this.selected.has(s) ? `${name} (${agree(this.slots[s]!, 'elegida')})` : name;
    });
    if (!this.detailed) return names.join(', ') + '.';
    return (
      slots
        .map((s, i) => {
          if (this.placedFrom(s)) return `${i + 1}: ${names[i]}`;
          const t = this.slots[s]!;
          return `${i + 1}: ${names[i]}, ${points(tileValue(this.set, t))}`;
        })
        .join('; ') + '.'
    );
  }

  /** 1–9: rack tile n with its value: "3: erre doble, 8 puntos". */
  rackTileText(n: number): Announcement {
    // A watcher has no rack to number: saying "no tile there" would suggest an empty one.
    if (this.view.seat === null) return say(onlineErrorText('NOT_SEATED'), 'error', 'error');
    const slot = this.rackPlaces()[n - 1];
    if (slot === undefined) return sayError(this.set, 'NO_SUCH_TILE');
    const away = this.placedFrom(slot);
    if (away) return say(emptyPlaceText(this.set, n, away.tile, away.square), 'rack');
    const t = this.slots[slot]!;
    const sel = this.selected.has(slot) ? `, ${chosenNote(t)}` : '';
    return say(`${n}: ${tileName(this.set, t)}, ${points(tileValue(this.set, t))}${sel}.`, 'rack');
  }

  /** I: next rack order. */
  cycleOrder(): Announcement {
    this.order = nextOrder(this.order);
    const text = ORDER_NAMES[this.order];
    return say(this.detailed ? `${text}: ${this.rackText()}` : `${text}.`, 'rack');
  }

  /** O: the square under the cursor. */
  squareText(): Announcement {
    const sq = this.cursor;
    return say(
      describeSquare(this.set, sq, this.tileAt(sq), this.isTentative(sq), this.detailed) + '.',
      'cursor',
    );
  }

  /**
   * E: the cursor's row (or column in vertical mode), compressed; `dir` names the line to read
   * (`fila` a row, `columna` a column) and `through` a square on it, instead of the cursor's.
   */
  lineText(dir: Direction = this.dir, through: number = this.cursor): Announcement {
    const squares = lineSquares(through, dir);
    const name = (sq: number): string =>
      dir === 'H' ? COLUMNS[colOf(sq)]! : String(rowOf(sq) + 1);
    const parts: string[] = [];
    let k = 0;
    while (k < SIZE) {
      if (this.tileAt(squares[k]!) === EMPTY) {
        let e = k;
        while (e + 1 < SIZE && this.tileAt(squares[e + 1]!) === EMPTY) e++;
        if (k === 0 && e === SIZE - 1) parts.push('vacía');
        else if (e === SIZE - 1) parts.push('vacías hasta el final');
        else if (e === k) parts.push(`vacía ${name(squares[k]!)}`);
        else parts.push(`vacías hasta ${name(squares[e]!)}`);
        k = e + 1;
      } else {
        const run: number[] = [];
        const from = squares[k]!;
        while (k < SIZE && this.tileAt(squares[k]!) !== EMPTY) {
          run.push(this.tileAt(squares[k]!));
          k++;
        }
        const said = run.map((t) => tileText(this.set, t).toUpperCase()).join(' ');
        const text = said + blankNote(this.set, run);
        parts.push(this.detailed ? `desde ${name(from)}: ${text}` : text);
      }
    }
    return say(`${lineName(through, dir)}: ${parts.join(', ')}.`, 'board');
  }

  /** B: bag count and the tiles the viewer has not seen (bag plus other racks). */
  bagText(): Announcement {
    const unseen = fullDistribution(this.set);
    const board = this.board;
    for (let i = 0; i < board.length; i++) {
      const t = board[i]!;
      if (t === EMPTY) continue;
      unseen[isBlank(t) ? BLANK : t]!--;
    }
    for (const t of this.slots) unseen[t]!--;
    const parts: string[] = [];
    for (let c = 1; c < unseen.length; c++) {
      if (unseen[c]! > 0) parts.push(`${unseen[c]} ${this.set.letters[c - 1]!.label}`);
    }
    if (unseen[BLANK]! > 0)
      parts.push(`${unseen[BLANK]} ${unseen[BLANK] === 1 ? 'comodín' : 'comodines'}`);
    const total = unseen.reduce((s, n) => s + n, 0);
    const text =
      total === 0
        ? `Bolsa ${this.view.bagCount}. No queda ninguna ficha por ver.`
        : `Bolsa ${this.view.bagCount}. No vistas (${total}): ${parts.join(', ')}.`;
    return say(text, 'bag');
  }

  // ── Cursor ────────────────────────────────────────────────────────────────

  /** Moves the cursor by (dr, dc); at the edge it stays and says so. */
  move(dr: number, dc: number): Announcement {
    const r = rowOf(this.cursor) + dr;
    const c = colOf(this.cursor) + dc;
    if (r < 0 || r >= SIZE || c < 0 || c >= SIZE) {
      return say(`Borde del tablero. ${squareName(this.cursor)}.`, 'cursor', 'edge');
    }
    this.cursor = r * SIZE + c;
    return this.squareText();
  }

  /** Puts the cursor on a square. */
  goTo(square: number): Announcement {
    this.cursor = square;
    return this.squareText();
  }

  /** Shift+letter in navigation: the next square holding that letter, wrapping around. */
  jumpToLetter(letter: number): Announcement {
    const total = SIZE * SIZE;
    for (let k = 1; k <= total; k++) {
      const sq = (this.cursor + k) % total;
      const t = this.tileAt(sq);
      if (t !== EMPTY && letterOf(t) === letter) {
        const wrapped = sq <= this.cursor;
        this.cursor = sq;
        this.lastSearch = { letter, square: sq };
        const a = this.squareText();
        return wrapped ? say(`${WRAP_TEXT} ${a.text}`, 'cursor', 'wrap') : a;
      }
    }
    return sayError(this.set, 'NO_SUCH_LETTER', { tiles: [letter] });
  }

  // ── Modes ─────────────────────────────────────────────────────────────────

  /**
   * H / V / N / G (first press) / Escape. Leaving Cambio mode with tiles chosen says they stay
   * chosen: the choice outlives the mode (UX.md §2.2), and a later G would exchange them.
   */
  setMode(mode: Mode): Announcement {
    const leftExchange = this.mode === 'cambio' && mode !== 'cambio';
    this.mode = mode;
    this.pendingPass = false;
    this.pendingBlank = undefined;
    const chosen = this.selectedTiles();
    const still = leftExchange && chosen.length > 0 ? ` ${stillChosenText(this.set, chosen)}` : '';
    const name = MODE_NAMES[mode];
    if (mode === 'horizontal' || mode === 'vertical')
      return say(`${name} desde ${squareName(this.cursor)}.${still}`, 'mode');
    if (mode === 'cambio') {
      // The selection made before (Shift+1–9 in navigation) without its own «Pulsa G»: the
      // sentence ends with how to confirm.
      const sel = this.selectionText(false);
      return say(
        `${name}. ${sel} Elige fichas con Mayúsculas y la letra o el número; G o Intro para confirmar.`,
        'mode',
      );
    }
    return say(`${name}.${still}`, 'mode');
  }

  // ── Placement ─────────────────────────────────────────────────────────────

  /** The first empty square at or after the cursor along the writing direction. */
  private freeSquareFromCursor(): number | undefined {
    const step = this.dir === 'H' ? 1 : SIZE;
    let sq = this.cursor;
    while (this.tileAt(sq) !== EMPTY) {
      const next = sq + step;
      if (this.dir === 'H' ? colOf(sq) === SIZE - 1 : rowOf(sq) === SIZE - 1) return undefined;
      sq = next;
    }
    return sq;
  }

  /**
   * Where the cursor goes after a tile on `from`: the next empty square along the writing
   * direction, or `from` itself when the edge comes first.
   */
  private nextFree(from: number): number {
    const step = this.dir === 'H' ? 1 : SIZE;
    let sq = from;
    for (;;) {
      if (this.dir === 'H' ? colOf(sq) === SIZE - 1 : rowOf(sq) === SIZE - 1) return from;
      sq += step;
      if (this.tileAt(sq) === EMPTY) return sq;
    }
  }

  /** Moves the cursor past the square just filled, skipping occupied squares. */
  private advance(from: number): string {
    const sq = this.nextFree(from);
    this.cursor = sq;
    return sq === from ? 'Borde del tablero.' : `Sigue en ${squareName(sq)}.`;
  }

  /** Places the tile in rack slot `slot` at the cursor; a blank then waits for its letter. */
  placeSlot(slot: number, blankAs?: number): Announcement[] {
    const empty = this.emptyPlaceError(slot);
    if (empty) return [empty];
    if (!this.writing) return [sayError(this.set, 'NOT_WRITING')];
    const sq = this.freeSquareFromCursor();
    if (sq === undefined) return [sayError(this.set, 'NO_FREE_SQUARE')];
    const raw = this.slots[slot]!;
    // On the board it is no longer a tile to exchange (taken back, it is chosen again by hand).
    this.selected.delete(slot);
    if (raw === BLANK && blankAs === undefined) {
      this.placed.push({ square: sq, slot, tile: BLANK_FLAG });
      this.cursor = sq;
      this.pendingBlank = { square: sq, slot };
      return [
        say(
          `Comodín en ${squareName(sq)}. ¿Qué letra es? Escribe la letra (K para CH, W para RR, LL con Mayúsculas+L dos veces).`,
          'prompt',
        ),
      ];
    }
    const tile = raw === BLANK ? blankAs! | BLANK_FLAG : raw;
    this.placed.push({ square: sq, slot, tile });
    return [this.placedAnnouncement(sq, tile)];
  }

  private placedAnnouncement(sq: number, tile: number): Announcement {
    const next = this.advance(sq);
    let text = `${boardTileName(this.set, tile)} en ${squareName(sq)}.`;
    if (this.detailed) {
      text = `${boardTileName(this.set, tile)} en ${squareName(sq)}, ${points(tileValue(this.set, tile))}. ${next}`;
    } else if (next.startsWith('Borde')) text += ` ${next}`;
    return say(text, 'placement', next.startsWith('Borde') ? 'edge' : undefined);
  }

  /**
   * A rack tile dropped or clicked onto a square (a pointer, not the cursor's writing mode):
   * placed there in any mode, the cursor following it; a blank then waits for its letter.
   */
  dropSlot(slot: number, square: number): Announcement[] {
    if (!this.rackSlots().includes(slot)) return [sayError(this.set, 'NO_SUCH_TILE')];
    if (this.tileAt(square) !== EMPTY) return [sayError(this.set, 'SQUARE_OCCUPIED', { square })];
    if (this.pendingBlank) this.cancelBlank();
    this.cursor = square;
    this.selected.delete(slot);
    if (this.slots[slot] === BLANK) {
      this.placed.push({ square, slot, tile: BLANK_FLAG });
      this.pendingBlank = { square, slot };
      return [say(`Comodín en ${squareName(square)}. ¿Qué letra es?`, 'prompt')];
    }
    const tile = this.slots[slot]!;
    this.placed.push({ square, slot, tile });
    return [say(`${boardTileName(this.set, tile)} en ${squareName(square)}.`, 'placement')];
  }

  /** A tile placed this turn taken back from its square by a pointer (to the rack or elsewhere). */
  liftAt(square: number): Announcement {
    const i = this.placed.findIndex((p) => p.square === square);
    if (i < 0) return sayError(this.set, 'NOT_AVAILABLE');
    const [t] = this.placed.splice(i, 1);
    if (this.pendingBlank?.square === square) this.pendingBlank = undefined;
    return say(
      `${boardTileName(this.set, t!.tile)} ${agree(t!.tile, 'retirada')} de ${squareName(square)}.`,
      'placement',
    );
  }

  /** Gives the pending blank its letter (any of the 28; CH/LL/RR/Ñ included). */
  designateBlank(letter: number): Announcement[] {
    const p = this.pendingBlank;
    if (!p) return [];
    this.pendingBlank = undefined;
    const tile = letter | BLANK_FLAG;
    this.placed = this.placed.map((t) => (t.square === p.square ? { ...t, tile } : t));
    return [this.placedAnnouncement(p.square, tile)];
  }

  /** Escape while a blank waits: the blank goes back to the rack. */
  cancelBlank(): void {
    const p = this.pendingBlank;
    if (!p) return;
    this.pendingBlank = undefined;
    this.placed = this.placed.filter((t) => t.square !== p.square);
  }

  /**
   * Shift+letter in a writing mode: places that letter from the rack. A letter the rack lacks is
   * refused: the blank is placed only on purpose, with Shift+digit (item 4 of issue 10). The
   * second letter of a digraph typed right after its first (L·L, C·H, R·R) turns the tile just
   * placed into the digraph tile when the rack holds it (UX.md §3, RULES.md D-02: two single
   * tiles never make one); after a blank shown as that first letter, the blank becomes the
   * digraph.
   */
  placeLetter(letter: number): Announcement[] {
    const first = this.digraphFirst;
    this.digraphFirst = undefined;
    const merged = this.mergeDigraph(letter);
    if (merged) return [merged];
    const free = this.rackSlots();
    const labels = this.set.letters.map((l) => l.label);
    if (first && first.cursor === this.cursor) {
      const digraph = this.digraphOf(first.letter, letter);
      const held = free.find((s) => digraph > 0 && this.slots[s] === digraph);
      if (held !== undefined) return this.placeSlot(held);
    }
    const slot = free.find((s) => this.slots[s] === letter);
    if (slot !== undefined) return this.placeSlot(slot);
    // A digraph the rack holds that starts with this letter: its second letter comes next.
    const digraph = free.find((s) => {
      const label = labels[this.slots[s]! - 1];
      return label !== undefined && label.length === 2 && label[0] === labels[letter - 1];
    });
    if (digraph !== undefined) {
      this.digraphFirst = { letter, cursor: this.cursor };
      const name = labels[this.slots[digraph]! - 1]!;
      return [
        say(
          `No tienes la ${labels[letter - 1]!} sola; para la ${name}, pulsa ahora Mayúsculas+${name[1]}.`,
          'prompt',
        ),
      ];
    }
    // The blank's key is its place's number, which the tiles placed before it do not change.
    const blank = free.find((s) => this.slots[s] === BLANK);
    const key = blank === undefined ? 0 : this.keyOf(blank);
    return [
      sayError(
        this.set,
        'NOT_IN_RACK',
        key > 0 ? { tiles: [letter], slot: key } : { tiles: [letter] },
      ),
    ];
  }

  // The tile code of the digraph spelt by letters `first` and `second` (L, L: LL), or 0.
  private digraphOf(first: number, second: number): number {
    const labels = this.set.letters.map((l) => l.label);
    const a = labels[first - 1];
    const b = labels[second - 1];
    return a === undefined || b === undefined ? 0 : labels.indexOf(a + b) + 1;
  }

  // The digraph whose second letter is `letter` and whose first is the last tile placed, when
  // the cursor is still where placing that tile left it (UX.md §3: the square's previous tile).
  private mergeDigraph(letter: number): Announcement | undefined {
    const last = this.placed[this.placed.length - 1];
    if (!last || this.pendingBlank || this.cursor !== this.nextFree(last.square)) return undefined;
    const digraph = this.digraphOf(letterOf(last.tile), letter);
    if (digraph === 0) return undefined;
    if (isBlank(last.tile)) {
      this.placed[this.placed.length - 1] = { ...last, tile: digraph | BLANK_FLAG };
      return say(
        `Comodín como ${boardTileName(this.set, digraph)} en ${squareName(last.square)}.`,
        'placement',
      );
    }
    const slot = this.rackSlots().find((s) => this.slots[s] === digraph);
    if (slot === undefined) return undefined;
    this.selected.delete(slot);
    this.placed[this.placed.length - 1] = { square: last.square, slot, tile: digraph };
    return say(
      `${tileLabel(this.set, letterOf(last.tile))} cambiada por ${tileLabel(this.set, digraph)} en ${squareName(last.square)}.`,
      'placement',
    );
  }

  /** Backspace: removes the last tile placed and puts the cursor back on its square. */
  removeLast(): Announcement {
    const last = this.placed.pop();
    if (!last) return sayError(this.set, 'NO_TILES');
    if (this.pendingBlank?.square === last.square) this.pendingBlank = undefined;
    this.cursor = last.square;
    return say(
      `${boardTileName(this.set, last.tile)} ${agree(last.tile, 'retirada')} de ${squareName(last.square)}.`,
      'placement',
    );
  }

  /**
   * Z: takes every tile placed this turn back to the rack, and the cursor back to the first
   * one's square, where writing the word again starts.
   */
  takeBack(): Announcement {
    const first = this.placed[0];
    if (!first) return say('No hay fichas puestas en este turno.', 'placement');
    const n = this.placed.length;
    this.placed = [];
    this.pendingBlank = undefined;
    this.cursor = first.square;
    return say(
      `${n === 1 ? '1 ficha devuelta' : `${n} fichas devueltas`} al atril. Cursor en ${squareName(first.square)}.`,
      'placement',
    );
  }

  /** The placement of this turn's tiles, checked and scored (no word check). */
  evaluate(): Result<PlayResult, PlacementError> {
    const placed: Placed[] = this.placed.map((p) => ({ square: p.square, tile: p.tile }));
    return evaluatePlacement(this.board, placed, this.set, this.scoring);
  }

  /** Y: words formed, each word's score, total, bingo. */
  preview(): Announcement {
    if (this.placed.length === 0) return sayError(this.set, 'NO_TILES');
    const r = this.evaluate();
    if (!r.ok) return sayError(this.set, r.error.code, r.error);
    return say(previewText(this.set, r.value, this.scoring.bingoBonus) + '.', 'preview');
  }

  /** F: the tentative placement as a move, or the reason it cannot be submitted. */
  finish(): Result<PlaceMove, Announcement> {
    if (this.pendingBlank) return err(sayError(this.set, 'BLANK_NOT_DESIGNATED'));
    const r = this.evaluate();
    if (!r.ok) return err(sayError(this.set, r.error.code, r.error));
    return ok(moveOfPlay(this.board, r.value));
  }

  // ── Exchange selection ───────────────────────────────────────────────────

  /** The tiles chosen for the exchange, and (with `confirm`) how to confirm it. */
  selectionText(confirm = true): string {
    const tiles = this.rackSlots()
      .filter((s) => this.selected.has(s))
      .map((s) => tileName(this.set, this.slots[s]!));
    if (tiles.length === 0) return 'Ninguna ficha elegida.';
    const chosen = `Cambiar ${tilesCount(tiles.length)}: ${tiles.join(', ')}.`;
    return confirm ? `${chosen} Pulsa G para confirmar.` : chosen;
  }

  /** Toggles the selection of a rack slot; one whose tile is on the board says so instead. */
  toggleSlot(slot: number): Announcement {
    const empty = this.emptyPlaceError(slot);
    if (empty) return empty;
    const code = this.slots[slot]!;
    const name = tileName(this.set, code);
    let text: string;
    if (this.selected.has(slot)) {
      this.selected.delete(slot);
      text = `${capitalized(name)} no ${agree(code, 'elegida')}.`;
    } else {
      this.selected.add(slot);
      text = `${capitalized(name)} ${agree(code, 'elegida')}.`;
    }
    return say(`${text} ${this.selectionText()}`, 'rack');
  }

  /** Shift+letter in Cambio: toggles a rack tile with that letter (unselected ones first). */
  toggleLetter(letter: number): Announcement {
    const slots = this.rackSlots().filter((s) => this.slots[s] === letter);
    if (slots.length === 0) {
      return sayError(this.set, 'NOT_IN_RACK', { tiles: [letter] });
    }
    const free = slots.find((s) => !this.selected.has(s));
    return this.toggleSlot(free ?? slots[slots.length - 1]!);
  }

  /** The selected tiles as exchange codes. */
  selectedTiles(): number[] {
    return this.rackSlots()
      .filter((s) => this.selected.has(s))
      .map((s) => this.slots[s]!);
  }

  /** "Escritura horizontal" etc. */
  modeName(): string {
    return MODE_NAMES[this.mode];
  }

  /** The direction word for the current writing mode. */
  dirWord(): string {
    return dirName(this.dir);
  }
}
