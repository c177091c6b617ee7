/**
 * The board as an ARIA grid (UX.md §2.5): column headers A–O, row headers 1–15, each square a
 * focusable gridcell with one tab stop that follows the session's cursor, named as the O key
 * describes it. Premium squares carry a visible label as well as a colour.
 */
import type { Signal } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import { SIZE, premiumAt } from '../../engine/board.js';
import { tileLabel, tileValue } from '../../engine/tiles.js';
import { COLUMNS, describeSquare } from '../../play/speech.js';
import { setOf } from '../../play/view.js';
import { L } from '../labels.js';
import type { GameController } from './controller.js';
import { type DragSource, type DropTarget, followPress } from './drag.js';

const PREMIUM_MARK: Record<string, string> = { '2L': 'DL', '3L': 'TL', '2W': 'DP', '3W': 'TP' };

/** What a drop does, shared by the board and the rack. */
export function dropTile(ctl: GameController, source: DragSource, target: DropTarget): void {
  if (!target) return;
  if ('slot' in source) {
    if ('square' in target) ctl.drop(source.slot, target.square);
    return;
  }
  if ('rack' in target) ctl.lift(source.square);
  else ctl.lift(source.square, target.square);
}

/**
 * Escape in a text field or in the rack: the board's focused square takes the focus back, and
 * the session hears Escape (back to navigation mode, said once: the page's own key listener
 * never sees this press).
 */
export function leaveOnEscape(e: KeyboardEvent, ctl: GameController): void {
  if (e.key !== 'Escape') return;
  e.preventDefault();
  e.stopPropagation();
  focusBoardCursor();
  ctl.key({ key: 'Escape' });
}

// Whether the focus is on the board (then it follows the cursor from square to square).
function boardHasFocus(): boolean {
  return document.getElementById('tablero')?.contains(document.activeElement) ?? false;
}

/**
 * Whether the focus, on the board, moves to `square` with the cursor: it is on another square
 * (a clicked tile taken back keeps it where the cursor is not).
 */
export function focusMovesTo(square: number): boolean {
  return boardHasFocus() && document.activeElement?.getAttribute('data-square') !== String(square);
}

/** Gives the focus to the board's square under the cursor (its one tab stop). */
export function focusBoardCursor(): void {
  document.querySelector<HTMLElement>('#tablero [tabindex="0"]')?.focus();
}

export function Board({ ctl, picked }: { ctl: GameController; picked: Signal<number | null> }) {
  const snap = ctl.snap.value;
  const view = snap.view;
  const set = setOf(view);
  const grid = useRef<HTMLDivElement>(null);
  const last = new Set(view.lastPlay?.squares ?? []);
  const tentative = new Set(snap.placed.map((p) => p.square));
  const writing = snap.mode === 'horizontal' || snap.mode === 'vertical';

  // Roving focus: when the cursor moves while the board has focus, focus moves with it. The
  // key's reply waits for that (GameController.focusArrived), so the square's name does not
  // cut it off.
  useEffect(() => {
    const g = grid.current;
    if (g && boardHasFocus())
      g.querySelector<HTMLElement>(`[data-square="${snap.cursor}"]`)?.focus();
    ctl.focusArrived();
  }, [snap.cursor]);

  const click = (sq: number): void => {
    const slot = picked.value;
    if (slot !== null) {
      picked.value = null;
      ctl.drop(slot, sq);
    } else if (tentative.has(sq)) ctl.lift(sq);
    else if (sq === snap.cursor && snap.board[sq] === 0)
      ctl.command(snap.mode === 'horizontal' ? 'vertical' : 'horizontal');
    else ctl.goTo(sq);
  };

  const rows = [];
  for (let r = 0; r < SIZE; r++) {
    const cells = [];
    for (let c = 0; c < SIZE; c++) {
      const sq = r * SIZE + c;
      const tile = snap.board[sq]!;
      const isTentative = tentative.has(sq);
      const premium = premiumAt(sq);
      let name = describeSquare(set, sq, tile, isTentative, snap.verbosity === 'detallado');
      if (last.has(sq)) name += `, ${L.lastMark}`;
      const classes = ['cell', `p${premium}`];
      if (tile) classes.push('filled');
      if (isTentative) classes.push('tentative');
      if (last.has(sq)) classes.push('last');
      if (sq === snap.cursor) classes.push('cursor');
      if (sq === 112) classes.push('center');
      cells.push(
        <div
          key={sq}
          role="gridcell"
          class={classes.join(' ')}
          data-square={sq}
          tabIndex={sq === snap.cursor ? 0 : -1}
          aria-selected={sq === snap.cursor}
          onClick={() => click(sq)}
          onPointerDown={
            isTentative
              ? (e) =>
                  followPress(e, { square: sq }, tileLabel(set, tile), (s, t) =>
                    dropTile(ctl, s, t),
                  )
              : undefined
          }
        >
          <span class="sr-only">{name}</span>
          {tile ? (
            <span class={`tile${tile & 0x80 ? ' blank' : ''}`} aria-hidden="true">
              {tileLabel(set, tile)}
              <sub>{tileValue(set, tile) || ''}</sub>
            </span>
          ) : (
            <span class="mark" aria-hidden="true">
              {sq === snap.cursor && writing
                ? snap.mode === 'horizontal'
                  ? '→'
                  : '↓'
                : sq === 112
                  ? '★'
                  : (PREMIUM_MARK[premium] ?? '')}
            </span>
          )}
        </div>,
      );
    }
    rows.push(
      <div role="row" key={r}>
        <div role="rowheader" class="head">
          {r + 1}
        </div>
        {cells}
      </div>,
    );
  }

  return (
    <div role="grid" id="tablero" aria-label={L.boardLabel} class="board" ref={grid}>
      <div role="row">
        <div role="columnheader" class="head corner">
          <span class="sr-only">{L.cornerHeader}</span>
        </div>
        {[...COLUMNS].map((col) => (
          <div role="columnheader" class="head" key={col}>
            {col}
          </div>
        ))}
      </div>
      {rows}
    </div>
  );
}
