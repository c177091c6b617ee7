/**
 * The rack as a listbox (UX.md §2.5): options "1, A, 1 punto" in the order I chose. A tile
 * placed this turn leaves its place empty ("2, vacío"), as on a real rack, so the other tiles
 * keep their numbers. A tile is dragged to the board, or clicked and then a square
 * clicked; in Cambio mode a click chooses it for the exchange. The places for keys 1–9 are the
 * session's, so the number on a tile is the number to press.
 *
 * By keyboard the rack is one tab stop (the ARIA listbox pattern): the arrows, Home and End move
 * between its tiles, and Enter or Space on tile n is Shift+n of the key model (UX.md §3): in a
 * writing mode it places the tile at the board's cursor, otherwise it chooses it for the
 * exchange. Escape goes back to the board. Every other key is a command, as on the board.
 */
import type { Signal } from '@preact/signals';
import { useEffect, useRef, useState } from 'preact/hooks';
import { tileLabel, tileValue } from '../../engine/tiles.js';
import { EMPTY_PLACE_TEXT, ORDER_NAMES, chosenNote } from '../../play/messages.js';
import { points, tileName } from '../../play/speech.js';
import { setOf } from '../../play/view.js';
import { L } from '../labels.js';
import { dropTile, focusBoardCursor, leaveOnEscape } from './Board.js';
import type { GameController } from './controller.js';
import { followPress } from './drag.js';

// The rack's keys that stay in the rack; every other key goes on to the page's commands.
const MOVES: Record<string, (i: number, n: number) => number> = {
  ArrowLeft: (i) => i - 1,
  ArrowUp: (i) => i - 1,
  ArrowRight: (i) => i + 1,
  ArrowDown: (i) => i + 1,
  Home: () => 0,
  End: (_, n) => n - 1,
};

export function Rack({ ctl, picked }: { ctl: GameController; picked: Signal<number | null> }) {
  const snap = ctl.snap.value;
  const set = setOf(snap.view);
  const exchanging = snap.mode === 'cambio';
  const list = useRef<HTMLUListElement>(null);
  const [active, setActive] = useState(0);
  // Set by a key that moved the focus or changed the rack: the tile to focus after the render
  // (the focused tile may have just left the rack for the board).
  const refocus = useRef(false);
  const count = snap.rack.length;
  const current = Math.max(0, Math.min(active, count - 1));
  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    // Only while the focus is still in the rack, or was lost with a tile that left it.
    const at = document.activeElement;
    if (at && at !== document.body && !list.current?.contains(at)) return;
    const tiles = list.current?.querySelectorAll<HTMLElement>('[role="option"]');
    const target = tiles?.[current];
    if (target) target.focus();
    else focusBoardCursor();
  });
  if (snap.view.rack === null) return null;

  const onKeyDown = (e: KeyboardEvent): void => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === 'Escape') return leaveOnEscape(e, ctl);
    const move = MOVES[e.key];
    if (move) {
      setActive(Math.max(0, Math.min(move(current, count), count - 1)));
    } else if (e.key === 'Enter' || e.key === ' ') {
      const n = String(current + 1);
      ctl.key({ key: n, code: `Digit${n}`, shift: true });
    } else return;
    // The page's listener would move the board's cursor or finish the turn.
    e.preventDefault();
    e.stopPropagation();
    refocus.current = true;
  };
  return (
    <div class="rack-area" data-rack>
      {/* A rack gone out shows nothing; a screen reader still hears that it is empty rather
          than an empty list. Tiles on the board this turn leave their places listed. */}
      {snap.rack.length === 0 ? (
        <p class="sr-only">{L.rackEmpty}</p>
      ) : (
        <ul
          role="listbox"
          id="atril"
          aria-label={L.rackLabel}
          aria-multiselectable={exchanging || snap.rack.some((t) => t.selected)}
          class="rack"
          ref={list}
          onKeyDown={onKeyDown}
        >
          {snap.rack.map((t, i) => {
            // One element for the place, tile or not: placing its tile by Enter changes its
            // name and leaves the focus on it, rather than taking the focus away mid-reply.
            const empty = t.placedAt !== null;
            // Chosen for the exchange, in Cambio mode or before it (Shift+n in navigation, for
            // a later G): selected and marked in every mode, or it would be exchanged unseen.
            // Out of Cambio mode a click picks a tile up instead, to put it on a square.
            const picking = !exchanging && picked.value === t.slot;
            const chosen = !empty && (t.selected || picking);
            const n = i + 1;
            return (
              <li
                key={t.slot}
                role="option"
                aria-selected={chosen}
                aria-disabled={empty ? 'true' : undefined}
                data-slot={t.slot}
                tabIndex={i === current ? 0 : -1}
                class={`tile${empty ? ' empty' : t.tile === 0 ? ' blank' : ''}${chosen ? ' chosen' : ''}${t.selected ? ' exchange' : ''}`}
                onClick={() => {
                  setActive(i);
                  // An empty place says where its tile went, as its key does.
                  if (empty) ctl.key({ key: String(n), code: `Digit${n}`, shift: false });
                  else if (exchanging) ctl.toggle(t.slot);
                  else picked.value = picked.value === t.slot ? null : t.slot;
                }}
                onPointerDown={(e) =>
                  empty ||
                  followPress(e, { slot: t.slot }, tileLabel(set, t.tile), (s, target) => {
                    picked.value = null;
                    dropTile(ctl, s, target);
                  })
                }
              >
                <span class="sr-only">
                  {empty
                    ? `${n}, ${EMPTY_PLACE_TEXT}`
                    : `${n}, ${tileName(set, t.tile)}, ${points(tileValue(set, t.tile))}${t.selected ? `, ${chosenNote(t.tile)}` : ''}`}
                </span>
                <span aria-hidden="true">
                  {/* A blank is marked, not left empty: an empty-looking tile reads as no tile. */}
                  {empty ? (
                    ''
                  ) : t.tile === 0 ? (
                    <span class="blank-mark">?</span>
                  ) : (
                    tileLabel(set, t.tile)
                  )}
                  {!empty && <sub>{tileValue(set, t.tile) || ''}</sub>}
                  <small class="slotnum">{n}</small>
                  {/* Seen without colour: a tick in the corner, and the tile raised. */}
                  {t.selected && <span class="exchange-mark">✓</span>}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      <p class="order">
        {L.orderLabel}: {ORDER_NAMES[snap.order]}{' '}
        <button type="button" onClick={() => ctl.command('orden')}>
          {L.nextOrder}
        </button>
      </p>
    </div>
  );
}
