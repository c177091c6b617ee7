/** Tile codes of the Spanish set that tests name often, looked up by label (not hard-coded). */
import { SPANISH } from '../tiles.js';

function code(label: string): number {
  const i = SPANISH.letters.findIndex((l) => l.label === label);
  if (i < 0) throw new Error(`no Spanish tile ${label}`);
  return i + 1;
}

/** The two-letter tiles and Ñ. */
export const CH = code('CH');
export const LL = code('LL');
export const ENYE = code('Ñ');
export const RR = code('RR');
/** Q, the tile leave models punish. */
export const Q = code('Q');
/** CH, LL, Ñ and RR. */
export const DIGRAPHS: readonly number[] = [CH, LL, ENYE, RR];
