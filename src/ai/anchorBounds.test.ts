/** Best-N's anchor bounds (anchorBounds.ts) on one hand-built line, with a two-word lexicon. */
import { describe, expect, it } from 'vitest';
import { SIZE } from '../engine/board.js';
import { STANDARD_SCORING } from '../engine/placement.js';
import { EMPTY, SPANISH, wordToTiles } from '../engine/tiles.js';
import { buildKwg } from '../lexicon/index.js';
import { AnchorBounds } from './anchorBounds.js';
import { RACKS_BEFORE_INDEX, bingoMask } from './bingo.js';
import { LeaveTable } from './leave.js';

const LETTERS = SPANISH.letters.length;

function code(letter: string): number {
  const t = wordToTiles(SPANISH, letter);
  if (!t.ok) throw new Error(letter);
  return t.value[0]!;
}

/**
 * The bound of the anchor just right of one board letter (square 7 of an open line, every
 * letter allowed everywhere, no cross words), a triple word on square 14, where the seventh
 * tile of the rack CANTARE goes.
 */
function boundAfter(boardLetter: string, nodes: Uint32Array): number {
  const tiles = new Uint8Array(SIZE).fill(EMPTY);
  tiles[7] = code(boardLetter);
  const wordMult = new Uint8Array(SIZE).fill(1);
  wordMult[14] = 3;
  const line = {
    tiles,
    mask: new Int32Array(SIZE).fill(((1 << (LETTERS + 1)) - 2) | 0),
    score: new Int16Array(SIZE),
    has: new Uint8Array(SIZE),
    letterMult: new Uint8Array(SIZE).fill(1),
    wordMult,
  };
  const val = new Int16Array(256);
  for (let c = 1; c <= LETTERS; c++) val[c] = SPANISH.letters[c - 1]!.value;
  const rack = new Uint8Array(64);
  const rackTiles = wordToTiles(SPANISH, 'CANTARE');
  if (!rackTiles.ok) throw new Error('rack');
  for (const t of rackTiles.value) rack[t]!++;
  const rackLetters = [...new Set(rackTiles.value)];
  let rackMask = 0;
  for (const t of rackLetters) rackMask |= 1 << t;
  // No leaves: a fresh table keeps nothing for any number of tiles.
  const bounds = new AnchorBounds(
    line,
    val,
    rack,
    rackLetters,
    new LeaveTable(),
    nodes,
    SPANISH,
    STANDARD_SCORING,
  );
  bounds.forRack(7, rackMask);
  bounds.loadLine();
  return bounds.shadow(8, 8);
}

describe('AnchorBounds', () => {
  const words = ['CANTARES', 'CANTA'].map((w) => {
    const t = wordToTiles(SPANISH, w);
    if (!t.ok) throw new Error(w);
    return t.value;
  });
  const nodes = buildKwg(words, SPANISH).nodes;
  // The bingo index answers once the graph has been asked for enough racks (bingo.ts).
  for (let i = 0; i < RACKS_BEFORE_INDEX; i++) bingoMask(nodes, new Uint8Array(64), LETTERS);

  it('S-07: the whole rack through an S can spell CANTARES: its seven tiles and the +50 count', () => {
    // (S 1 + C 3 + six tiles of 1) × 3 on the triple word, + 50.
    expect(boundAfter('S', nodes)).toBe((1 + 3 + 6) * 3 + 50);
  });

  it('through a C the whole rack spells nothing: the bound is the six best tiles, short of the triple word', () => {
    // C 3 on the board, then C 3 and five tiles of 1 on squares 8-13; without the word list's
    // answer it would be (3 + 3 + 6) × 3 = 36.
    expect(boundAfter('C', nodes)).toBe(3 + 3 + 5);
  });
});
