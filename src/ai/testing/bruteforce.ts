/**
 * The slow reference move generator for differential tests. It shares nothing with the real
 * one (no word graph, no cross-sets, no anchors): for every line and every start square it
 * lays rack tiles left to right (each blank as every letter), pruned only by "is this a prefix
 * of some word" on a sorted word list, and judges each candidate with the engine's placement
 * rules and scoring (`evaluatePlacement`) plus a word set for every word formed.
 */
import { SIZE } from '../../engine/board.js';
import { evaluatePlacement } from '../../engine/placement.js';
import type { Placed } from '../../engine/move.js';
import { BLANK_FLAG, EMPTY, type TileSet, letterOf } from '../../engine/tiles.js';

/** Words as strings of `String.fromCharCode(64 + code)`, for membership and prefix tests. */
export class WordIndex {
  readonly set: Set<string>;
  private readonly sorted: string[];

  constructor(words: readonly ArrayLike<number>[]) {
    this.set = new Set(words.map(key));
    this.sorted = [...this.set].sort();
  }

  /** True when some word starts with `prefix`. */
  hasPrefix(prefix: string): boolean {
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.sorted[mid]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    return lo < this.sorted.length && this.sorted[lo]!.startsWith(prefix);
  }

  has(word: string): boolean {
    return this.set.has(word);
  }
}

/** The string key of a word given as tile codes (blank flags ignored). */
export function key(codes: ArrayLike<number>): string {
  let s = '';
  for (let i = 0; i < codes.length; i++) s += String.fromCharCode(64 + letterOf(codes[i]!));
  return s;
}

/** Canonical text of a set of new tiles: "square:tile" sorted by square. */
export function placedKey(placed: readonly Placed[]): string {
  return [...placed]
    .sort((a, b) => a.square - b.square)
    .map((p) => `${p.square}:${p.tile}`)
    .join(' ');
}

/** Every legal placement of `rack` (count array) on `board`: placed-key → score. */
export function bruteForceMoves(
  board: Uint8Array,
  rack: ArrayLike<number>,
  words: WordIndex,
  set: TileSet,
): Map<string, number> {
  const out = new Map<string, number>();
  const counts = Array.from(rack);
  const nLetters = set.letters.length;
  const placed: Placed[] = [];

  const consider = (): void => {
    const evaluated = evaluatePlacement(board, placed, set);
    if (!evaluated.ok) return;
    const res = evaluated.value;
    for (const w of res.words) if (!words.has(key(w.tiles))) return;
    const k = placedKey(placed);
    const prev = out.get(k);
    if (prev !== undefined && prev !== res.score) throw new Error(`score mismatch for ${k}`);
    out.set(k, res.score);
  };

  for (const step of [1, SIZE]) {
    for (let line = 0; line < SIZE; line++) {
      const sqAt = (i: number): number => (step === 1 ? line * SIZE + i : i * SIZE + line);
      const extend = (pos: number, prefix: string): void => {
        if (pos === SIZE || board[sqAt(pos)] === EMPTY) {
          if (placed.length > 0 && prefix.length >= 2 && words.has(prefix)) consider();
          if (pos === SIZE) return;
          const sq = sqAt(pos);
          for (let t = 0; t <= nLetters; t++) {
            if (counts[t]! === 0) continue;
            counts[t]!--;
            const letters = t === 0 ? nLetters : 1;
            for (let x = 0; x < letters; x++) {
              const letter = t === 0 ? x + 1 : t;
              const next = prefix + String.fromCharCode(64 + letter);
              if (!words.hasPrefix(next)) continue;
              placed.push({ square: sq, tile: t === 0 ? letter | BLANK_FLAG : letter });
              extend(pos + 1, next);
              placed.pop();
            }
            counts[t]!++;
          }
        } else {
          const next = prefix + String.fromCharCode(64 + letterOf(board[sqAt(pos)]!));
          if (words.hasPrefix(next)) extend(pos + 1, next);
        }
      };
      for (let s = 0; s < SIZE; s++) {
        if (s > 0 && board[sqAt(s - 1)] !== EMPTY) continue;
        extend(s, '');
      }
    }
  }
  return out;
}
