/**
 * What a leave (the tiles kept after a move) is worth, and the per-rack table the move
 * generator reads while it walks: every sub-multiset of the rack gets one slot, addressed by a
 * mixed-radix number that drops by `radix[t]` each time a tile `t` leaves the rack, so the
 * generator finds the value of the current leave with one subtraction and one array read.
 */
import { emptyArray } from './arrays.js';

/**
 * Values leaves: `counts[code]` tiles of each code (index 0 = blanks), `size` tiles in all.
 * `codes`, when given, lists (ascending) every code whose count may be non-zero, so a model
 * can skip the others.
 */
export interface LeaveModel {
  /** Must return the same for the same leave while the model is in use: tables are reused. */
  leaveValue(counts: ArrayLike<number>, size: number, codes?: readonly number[]): number;
}

/** The parameters of a leave model: index = tile code (0 = blank). */
export interface LeaveParams {
  /** Value of each kept tile. */
  readonly tile: readonly number[];
  /** Added for each copy of a tile beyond the first. */
  readonly dup: readonly number[];
  /** balance[vowels][consonants] (blanks not counted), relative to an empty leave. */
  readonly balance: readonly (readonly number[])[];
  /** Which codes are vowels. */
  readonly vowels: readonly number[];
  /** How the parameters were trained (for docs and reports). */
  readonly trainedOn?: string;
}

/** Every leave is worth nothing: equity is the score alone. */
export const NO_LEAVES: LeaveModel = { leaveValue: () => 0 };

/** How the rack-end of a game changes equity when the bag is empty. */
export interface EndgameInfo {
  /** Tiles left in the bag. */
  readonly bagCount: number;
  /** Sum of the values of the tiles this player cannot see (the opponents' racks when the bag is empty). */
  readonly unseenValue: number;
}

/**
 * The leave table of one rack. `index` of the full rack is `full`; using a tile `t` subtracts
 * `radix[t]`. `value[i]` is the leave's equity, `size[i]` its tile count, `maxBySize[k]` the
 * best value among leaves that keep `k` tiles.
 */
export class LeaveTable {
  readonly radix = new Int32Array(256);
  value = new Float64Array(128);
  size = new Uint8Array(128);
  /** After `fillWithin`: the best value among the leaves that keep part of leave i (or all). */
  within = new Float64Array(128);
  readonly maxByPlayed = new Float64Array(32);
  full = 0;
  total = 0;
  /** Codes present in the rack, ascending, and how many of each. */
  readonly kinds: number[] = [];
  readonly kindCounts: number[] = [];
  private readonly counts = new Uint8Array(64);
  // What the table was last filled for: a search asks for the same rack on board after board,
  // and an unchanged table is found in a comparison of the rack's counts instead of a refill.
  private readonly filledRack = new Uint8Array(64);
  private filledLength = -1;
  private filledModel: LeaveModel | null = null;
  private filledValues: ArrayLike<number> | null = null;
  /** -1 while the bag holds tiles, else the unseen value the end-of-game terms used. */
  private filledEnd = -1;
  private withinFilled = false;

  /**
   * Fills the table for `rack` (count array); the whole rack kept (a pass) is worth 0. With the
   * bag empty, leaves are replaced by the end-of-game rack adjustment: going out earns twice the
   * unseen tiles (E-05), keeping tiles costs twice their value plus a small penalty for giving
   * the opponent the chance to go out.
   */
  fill(
    rack: ArrayLike<number>,
    model: LeaveModel,
    values: ArrayLike<number>,
    end?: EndgameInfo,
  ): void {
    const endgame = end !== undefined && end.bagCount === 0;
    const endKey = endgame ? end.unseenValue : -1;
    if (this.filledFor(rack, model, values, endKey)) return;
    this.withinFilled = false;
    // Only the last rack's codes are set in `radix` and `counts`: clearing those beats
    // clearing all. A model may read any code's count (LeaveModel), so none stays from before.
    for (const t of this.kinds) {
      this.radix[t] = 0;
      this.counts[t] = 0;
    }
    emptyArray(this.kinds);
    emptyArray(this.kindCounts);
    let r = 1;
    let total = 0;
    for (let t = 0; t < rack.length; t++) {
      const c = rack[t]!;
      if (c === 0) continue;
      this.kinds.push(t);
      this.kindCounts.push(c);
      this.radix[t] = r;
      r *= c + 1;
      total += c;
    }
    this.full = r - 1;
    this.total = total;
    if (this.value.length < r) {
      this.value = new Float64Array(r);
      this.size = new Uint8Array(r);
      this.within = new Float64Array(r);
    }
    this.maxByPlayed.fill(-Infinity);
    // Without a model every leave is worth 0: no call per entry.
    const none = model === NO_LEAVES;
    const counts = this.counts;
    const kinds = this.kinds;
    const kc = this.kindCounts;
    // Only the rack's codes are ever read by the models; they start at zero and then count
    // up like an odometer, entry i being the mixed-radix number of the kept counts.
    for (const t of kinds) counts[t] = 0;
    let size = 0;
    let sum = 0;
    for (let i = 0; i < r; i++) {
      if (i > 0) {
        for (let k = 0; ; k++) {
          const t = kinds[k]!;
          if (counts[t]! < kc[k]!) {
            counts[t]!++;
            size++;
            sum += values[t]!;
            break;
          }
          size -= counts[t]!;
          sum -= counts[t]! * values[t]!;
          counts[t] = 0;
        }
      }
      let v: number;
      if (endgame) v = size === 0 ? 2 * end.unseenValue : -10 - 2 * sum;
      // Keeping the whole rack is a pass: worth 0, as in the native engines (whose leave tables
      // stop one tile short of a full rack). A fitted model never sees a full rack as a leave
      // and sums its tiles into a value that ranked a pass above hundreds of real plays.
      else v = none || size === 0 || size === total ? 0 : model.leaveValue(counts, size, kinds);
      this.value[i] = v;
      this.size[i] = size;
      const played = total - size;
      if (v > this.maxByPlayed[played]!) this.maxByPlayed[played] = v;
    }
    this.filledRack.set(rack);
    this.filledLength = rack.length;
    this.filledModel = model;
    this.filledValues = values;
    this.filledEnd = endKey;
  }

  /** The tiles leave `i` keeps (codes ascending, 0 = blank): its mixed-radix digits. */
  keptTiles(i: number): number[] {
    const out: number[] = [];
    for (let j = 0; j < this.kinds.length; j++) {
      const t = this.kinds[j]!;
      const n = Math.floor(i / this.radix[t]!) % (this.kindCounts[j]! + 1);
      for (let c = 0; c < n; c++) out.push(t);
    }
    return out;
  }

  // Whether the table already holds this rack under this model (and values and end terms).
  private filledFor(
    rack: ArrayLike<number>,
    model: LeaveModel,
    values: ArrayLike<number>,
    endKey: number,
  ): boolean {
    if (
      model !== this.filledModel ||
      values !== this.filledValues ||
      endKey !== this.filledEnd ||
      rack.length !== this.filledLength
    )
      return false;
    const filled = this.filledRack;
    for (let t = 0; t < rack.length; t++) if (rack[t] !== filled[t]) return false;
    return true;
  }

  /**
   * Fills `within`: a move that has spent part of the rack so far, holding leave i, ends with
   * one of i's parts as its leave, so `within[i]` bounds what its leave can be worth.
   */
  fillWithin(): void {
    if (this.withinFilled) return;
    this.withinFilled = true;
    const kinds = this.kinds;
    const kc = this.kindCounts;
    const counts = this.counts;
    const radix = this.radix;
    const within = this.within;
    const value = this.value;
    for (const t of kinds) counts[t] = 0;
    for (let i = 0; i <= this.full; i++) {
      if (i > 0) {
        for (let k = 0; ; k++) {
          const t = kinds[k]!;
          if (counts[t]! < kc[k]!) {
            counts[t]!++;
            break;
          }
          counts[t] = 0;
        }
      }
      // Each part of i one tile smaller has a smaller index and is done already.
      let best = value[i]!;
      for (let k = 0; k < kinds.length; k++) {
        const t = kinds[k]!;
        if (counts[t]! > 0 && within[i - radix[t]!]! > best) best = within[i - radix[t]!]!;
      }
      within[i] = best;
    }
  }
}
