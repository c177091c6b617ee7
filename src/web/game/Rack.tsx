/**
 * The rack as a listbox (UX.md §2.5): options "1, A, 1 punto" in the order I chose, the tiles
 * placed this turn left out. A tile is dragged to the board, or clicked and then a square
 * clicked; in Cambio mode a click chooses it for the exchange. The tiles for keys 1–9 are the
 * session's, so the number on a tile is the number to press.
 */
import type { Signal } from '@preact/signals';
import { tileLabel, tileValue } from '../../engine/tiles.js';
import { ORDER_NAMES } from '../../play/messages.js';
import { points, tileName } from '../../play/speech.js';
import { setOf } from '../../play/view.js';
import { L } from '../labels.js';
import { dropTile } from './Board.js';
import type { GameController } from './controller.js';
import { followPress } from './drag.js';

export function Rack({ ctl, picked }: { ctl: GameController; picked: Signal<number | null> }) {
  const snap = ctl.snap.value;
  const set = setOf(snap.view);
  const exchanging = snap.mode === 'cambio';
  if (snap.view.rack === null) return null;
  return (
    <div class="rack-area" data-rack>
      {/* An empty rack (all tiles on the board, or gone out) shows nothing; a screen reader
          still hears that it is empty rather than an empty list. */}
      {snap.rack.length === 0 ? (
        <p class="sr-only">{L.rackEmpty}</p>
      ) : (
        <ul
          role="listbox"
          id="atril"
          aria-label={L.rackLabel}
          aria-multiselectable={exchanging}
          class="rack"
        >
          {snap.rack.map((t, i) => {
            const chosen = exchanging ? t.selected : picked.value === t.slot;
            return (
              <li
                key={t.slot}
                role="option"
                aria-selected={chosen}
                data-slot={t.slot}
                class={`tile${t.tile === 0 ? ' blank' : ''}${chosen ? ' chosen' : ''}`}
                onClick={() => {
                  if (exchanging) ctl.toggle(t.slot);
                  else picked.value = picked.value === t.slot ? null : t.slot;
                }}
                onPointerDown={(e) =>
                  followPress(e, { slot: t.slot }, tileLabel(set, t.tile), (s, target) => {
                    picked.value = null;
                    dropTile(ctl, s, target);
                  })
                }
              >
                <span class="sr-only">
                  {`${i + 1}, ${tileName(set, t.tile)}, ${points(tileValue(set, t.tile))}`}
                </span>
                <span aria-hidden="true">
                  {/* A blank is marked, not left empty: an empty-looking tile reads as no tile. */}
                  {t.tile === 0 ? <span class="blank-mark">?</span> : tileLabel(set, t.tile)}
                  <sub>{tileValue(set, t.tile) || ''}</sub>
                  <small class="slotnum">{i + 1}</small>
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
