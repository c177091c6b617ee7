/**
 * Two generators over one graph for tests of the opening map: one reads openings from the map
 * (built here), the other walks the graph as if there were none, the reference.
 */
import { SPANISH } from '../../engine/tiles.js';
import { MoveGenerator } from '../movegen.js';
import { OpeningMap } from '../openingMap.js';

/** A generator that reads openings from the map and one that walks the graph for them. */
export function mappedAndWalking(nodes: Uint32Array): {
  mapped: MoveGenerator;
  walker: MoveGenerator;
} {
  OpeningMap.of(nodes);
  const mapped = new MoveGenerator(nodes, SPANISH);
  const walker = new MoveGenerator(nodes, SPANISH);
  walker.useOpeningMap = false;
  return { mapped, walker };
}
