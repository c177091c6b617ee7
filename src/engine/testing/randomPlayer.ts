/**
 * A test-only random player: finds a random legal play by trying words from a small list
 * through tiles already on the board (or through the centre on an empty board), and otherwise
 * exchanges or passes. It can also be told to play phonies and to challenge, so property tests
 * reach every branch of the rules. It is not a move generator: it finds *some* play, fast.
 */
import { CENTER, SIZE } from '../board.js';
import type { Action } from '../apply.js';
import { inFinalChallengeWindow } from '../endOfGame.js';
import type { GameState } from '../gameState.js';
import type { PlaceMove } from '../move.js';
import { evaluatePlacement, placementOf } from '../placement.js';
import { type WordJudge, isChallengeable, scoringOf } from '../rules.js';
import type { Rng } from '../rng.js';
import { BLANK, BLANK_FLAG, EMPTY, type TileSet, letterOf, rackToTiles } from '../tiles.js';

/** Words as tile sequences, indexed by their sorted letters (anagram key). */
export class WordIndex implements WordJudge {
  readonly words: readonly (readonly number[])[];
  private readonly byKey = new Map<number, (readonly number[])[]>();
  private readonly keys = new Set<string>();

  constructor(_set: TileSet, words: readonly (readonly number[])[]) {
    this.words = words;
    for (const w of words) {
      this.keys.add(w.join(','));
      const k = anagramKey(w);
      const list = this.byKey.get(k);
      if (list) list.push(w);
      else this.byKey.set(k, [w]);
    }
  }

  isWord(tiles: ArrayLike<number>): boolean {
    return this.keys.has(Array.from(tiles).join(','));
  }

  /** Words made of exactly these letters (in any order); `key` from `anagramKey`. */
  anagrams(key: number): readonly (readonly number[])[] {
    return this.byKey.get(key) ?? [];
  }
}

/**
 * A small integer naming a multiset of letters (a hash of the sorted codes). Two multisets may
 * share a key; that is harmless here because every word found is still laid from the rack.
 */
function anagramKey(letters: readonly number[]): number {
  const sorted = [...letters].sort((x, y) => x - y);
  let k = 0;
  for (const c of sorted) k = mix(k, c);
  return k;
}

function mix(k: number, c: number): number {
  return (Math.imul(k, 0x2f) + c) & 0x3fffffff;
}

/** How adventurous the random player is. */
export interface RandomPlayerOptions {
  /** Candidate placements checked (and 10× as many anagram look-ups) before giving up. */
  readonly attempts: number;
  /** Chance of submitting a placement without checking its words (a phony). */
  readonly phony: number;
  /** Chance of challenging an open play. */
  readonly challenge: number;
  /** Chance of exchanging instead of passing when no play is found. */
  readonly exchange: number;
  /** Chance of resigning on a turn. */
  readonly resign: number;
}

const DEFAULT_RANDOM_OPTIONS: RandomPlayerOptions = {
  attempts: 20,
  phony: 0.04,
  challenge: 0.25,
  exchange: 0.7,
  resign: 0.002,
};

/**
 * A random action for the game's current situation: a challenge or acceptance when a play is
 * open, else (for the seat on turn) a play, an exchange or a pass.
 */
export function randomAction(
  state: GameState,
  words: WordIndex,
  rng: Rng,
  opts: RandomPlayerOptions = DEFAULT_RANDOM_OPTIONS,
): Action {
  const chance = (p: number): boolean => rng.next() / 0x100000000 < p;
  const seat = state.turn;
  if (state.pending && isChallengeable(state.rules) && chance(opts.challenge)) {
    // Any opponent of the player who made the play may challenge (C-01).
    let challenger = state.players === 2 ? seat : rng.below(state.players);
    if (challenger === state.pending.seat) challenger = seat;
    return { kind: 'challenge', seat: challenger };
  }
  if (inFinalChallengeWindow(state)) return { kind: 'accept', seat };
  if (chance(opts.resign)) return { kind: 'resign', seat: rng.below(state.players) };
  const move = findPlay(state, words, rng, opts.attempts, chance(opts.phony));
  if (move) return { ...move, seat };
  const rack = rackToTiles(state.racks[seat]!);
  const bagOk = state.bag.length >= state.rules.exchangeMinBag;
  if (bagOk && rack.length > 0 && chance(opts.exchange)) {
    const n = 1 + rng.below(Math.min(rack.length, state.bag.length));
    rng.shuffle(rack);
    return { kind: 'exchange', seat, tiles: rack.slice(0, n) };
  }
  return { kind: 'pass', seat };
}

/**
 * A random placement for the seat on turn, word-checked unless `phony`; undefined if none.
 * Tries sub-multisets of the rack (a blank as a random letter) together with the letter of a
 * random board tile, looks their anagrams up and lays each word through that tile.
 */
function findPlay(
  state: GameState,
  words: WordIndex,
  rng: Rng,
  attempts: number,
  phony = false,
): PlaceMove | undefined {
  const board = state.board;
  const rack = state.racks[state.turn]!.slice();
  // Blanks stand for random letters this turn.
  for (let b = rack[BLANK]!; b > 0; b--) {
    rack[BLANK]!--;
    rack[1 + rng.below(rack.length - 1)]!++;
  }
  const subsets = subMultisets(rack);
  rng.shuffle(subsets as unknown as number[]);
  const anchors: number[] = [];
  for (let i = 0; i < board.length; i++) if (board[i] !== EMPTY) anchors.push(i);
  rng.shuffle(anchors);
  const real = state.racks[state.turn]!;
  let tries = 0;
  let evaluations = 0;
  const squares = anchors.length ? anchors.slice(0, 12) : [CENTER];
  for (const sq of squares) {
    const through = board[sq] === EMPTY ? 0 : letterOf(board[sq]!);
    for (const sub of subsets) {
      if (++tries > attempts * 10) return undefined;
      if (sub.length + (through ? 1 : 0) < 2) continue;
      const candidates = words.anagrams(keyWith(sub, through));
      if (candidates.length === 0) continue;
      const word = candidates[rng.below(candidates.length)]!;
      const positions: number[] = [];
      word.forEach((t, i) => {
        if (!through || t === through) positions.push(i);
      });
      const at = positions[rng.below(positions.length)]!;
      const dir = rng.below(2) === 0 ? 'H' : 'V';
      const move = fit(board, real, sq, word, at, dir);
      if (!move) continue;
      if (!phony && !crossWordsOk(board, move, words)) continue;
      if (++evaluations > attempts) return undefined;
      const placed = placementOf(board, move);
      if (!placed.ok) continue;
      const result = evaluatePlacement(board, placed.value, state.set, scoringOf(state.rules));
      if (!result.ok) continue;
      if (!phony && !result.value.words.every((w) => words.isWord(w.tiles.map(letterOf)))) continue;
      return move;
    }
  }
  return undefined;
}

// Cheap pre-check: every cross-word of the new tiles is a word (the main word is one by
// construction, since the ends are checked to be free).
function crossWordsOk(board: Uint8Array, move: PlaceMove, words: WordIndex): boolean {
  const along = move.dir === 'H' ? 1 : SIZE;
  const across = move.dir === 'H' ? SIZE : 1;
  const start = move.row * SIZE + move.col;
  for (let k = 0; k < move.tiles.length; k++) {
    const t = move.tiles[k]!;
    if (t === EMPTY) continue;
    const sq = start + k * along;
    const pos = move.dir === 'H' ? Math.floor(sq / SIZE) : sq % SIZE;
    let a = pos;
    while (a > 0 && board[sq - (pos - a + 1) * across] !== EMPTY) a--;
    let b = pos;
    while (b < SIZE - 1 && board[sq + (b - pos + 1) * across] !== EMPTY) b++;
    if (a === b) continue;
    const w: number[] = [];
    for (let p = a; p <= b; p++)
      w.push(p === pos ? letterOf(t) : letterOf(board[sq + (p - pos) * across]!));
    if (!words.isWord(w)) return false;
  }
  return true;
}

// The anagram key of sorted letters plus one more letter (0 = none), without allocating.
function keyWith(sorted: readonly number[], extra: number): number {
  let k = 0;
  let added = extra === 0;
  for (const c of sorted) {
    if (!added && extra <= c) {
      k = mix(k, extra);
      added = true;
    }
    k = mix(k, c);
  }
  if (!added) k = mix(k, extra);
  return k;
}

// Every non-empty sub-multiset of a rack, as sorted code lists.
function subMultisets(rack: Uint8Array): number[][] {
  let out: number[][] = [[]];
  for (let c = 0; c < rack.length; c++) {
    const n = rack[c]!;
    if (n === 0) continue;
    const next: number[][] = [];
    for (const base of out)
      for (let k = 0; k <= n; k++)
        next.push(k === 0 ? base : [...base, ...new Array<number>(k).fill(c)]);
    out = next;
  }
  return out.filter((s) => s.length > 0);
}

// Lays `word` so that its letter `at` sits on `sq`, using rack tiles (or blanks) for the empty
// squares; undefined when it leaves the board, clashes, touches tiles at its ends or needs
// tiles the rack lacks.
function fit(
  board: Uint8Array,
  rack: Uint8Array,
  sq: number,
  word: readonly number[],
  at: number,
  dir: 'H' | 'V',
): PlaceMove | undefined {
  const row = Math.floor(sq / SIZE);
  const col = sq % SIZE;
  const r0 = dir === 'V' ? row - at : row;
  const c0 = dir === 'H' ? col - at : col;
  const r1 = dir === 'V' ? r0 + word.length - 1 : r0;
  const c1 = dir === 'H' ? c0 + word.length - 1 : c0;
  if (r0 < 0 || c0 < 0 || r1 >= SIZE || c1 >= SIZE) return undefined;
  const step = dir === 'H' ? 1 : SIZE;
  const start = r0 * SIZE + c0;
  const end = r1 * SIZE + c1;
  if ((dir === 'H' ? c0 > 0 : r0 > 0) && board[start - step] !== EMPTY) return undefined;
  if ((dir === 'H' ? c1 < SIZE - 1 : r1 < SIZE - 1) && board[end + step] !== EMPTY)
    return undefined;
  const left = rack.slice();
  const tiles: number[] = [];
  let fresh = 0;
  for (let k = 0; k < word.length; k++) {
    const b = board[start + k * step]!;
    const letter = word[k]!;
    if (b !== EMPTY) {
      if (letterOf(b) !== letter) return undefined;
      tiles.push(EMPTY);
    } else if (left[letter]! > 0) {
      left[letter]!--;
      tiles.push(letter);
      fresh++;
    } else if (left[BLANK]! > 0) {
      left[BLANK]!--;
      tiles.push(letter | BLANK_FLAG);
      fresh++;
    } else return undefined;
  }
  if (fresh === 0) return undefined;
  return { kind: 'place', row: r0, col: c0, dir, tiles };
}
