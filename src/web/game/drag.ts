/**
 * Drag and drop of tiles with pointer events, so a mouse, a pen and a finger work the same:
 * a press that moves more than a few pixels becomes a drag with a floating copy of the tile;
 * where it is released decides the drop (a square, the rack, or nowhere). A press released in
 * place stays a click, handled by the element's own click handler.
 */

/** Where a dragged tile comes from: a rack slot, or a square holding a tile placed this turn. */
export type DragSource = { readonly slot: number } | { readonly square: number };

/** Where a tile was released. */
export type DropTarget = { readonly square: number } | { readonly rack: true } | null;

// A press must move this far (CSS pixels) before it is a drag rather than a click.
const THRESHOLD = 6;

/** The drop target under a point of the page. */
function targetAt(x: number, y: number): DropTarget {
  const el = document.elementFromPoint(x, y);
  const cell = el?.closest<HTMLElement>('[data-square]');
  if (cell) return { square: Number(cell.dataset.square) };
  if (el?.closest('[data-rack]')) return { rack: true };
  return null;
}

/**
 * Follows a press on a tile. `onDrop` runs when it ends as a drag; a click (no drag) is left
 * to the click handler, which the browser still fires.
 */
export function followPress(
  e: PointerEvent,
  source: DragSource,
  label: string,
  onDrop: (source: DragSource, target: DropTarget) => void,
): void {
  if (e.button !== 0) return;
  const startX = e.clientX;
  const startY = e.clientY;
  let ghost: HTMLElement | undefined;
  const origin = e.currentTarget as HTMLElement;

  const move = (ev: PointerEvent): void => {
    if (!ghost) {
      if (Math.hypot(ev.clientX - startX, ev.clientY - startY) < THRESHOLD) return;
      ghost = document.createElement('div');
      ghost.className = 'tile ghost';
      ghost.textContent = label;
      ghost.setAttribute('aria-hidden', 'true');
      document.body.append(ghost);
      origin.classList.add('dragging');
    }
    ghost.style.left = `${ev.clientX}px`;
    ghost.style.top = `${ev.clientY}px`;
    ev.preventDefault();
  };
  const end = (ev: PointerEvent): void => {
    window.removeEventListener('pointermove', move);
    window.removeEventListener('pointerup', end);
    window.removeEventListener('pointercancel', cancel);
    if (!ghost) return;
    ghost.remove();
    origin.classList.remove('dragging');
    // The click that follows a drag must not act as a click too.
    window.addEventListener('click', swallow, { capture: true, once: true });
    setTimeout(() => window.removeEventListener('click', swallow, { capture: true }), 0);
    onDrop(source, targetAt(ev.clientX, ev.clientY));
  };
  const cancel = (): void => {
    window.removeEventListener('pointermove', move);
    window.removeEventListener('pointerup', end);
    window.removeEventListener('pointercancel', cancel);
    ghost?.remove();
    origin.classList.remove('dragging');
  };
  window.addEventListener('pointermove', move, { passive: false });
  window.addEventListener('pointerup', end);
  window.addEventListener('pointercancel', cancel);
}

function swallow(e: Event): void {
  e.stopPropagation();
  e.preventDefault();
}
