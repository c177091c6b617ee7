/** Plain-array helpers for the hot paths: the move generator, the endgame search, simulation. */

/**
 * Empties `a` and keeps its storage. `a.length = 0` gives the backing store back to V8 (through
 * a runtime call), so the pushes that follow grow it again from nothing; a list emptied and
 * refilled at every node of a search keeps its room this way.
 */
export function emptyArray(a: number[]): void {
  while (a.length > 0) a.pop();
}
