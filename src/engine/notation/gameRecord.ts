/**
 * A played game as a GCG record and back (RULES.md N-02, N-05). `gameToGcg` writes the record a
 * GCG reader expects: one line per play, exchange and pass with the rack before it, `--` for a
 * withdrawn play (C-02), and the end-of-game lines of this game's rule (E-05: `(TILES) +N` for
 * whoever went out, `RACK (RACK) -N` for own racks; `(time) -N` for TM-02).
 *
 * GCG has no standard line for a failed challenge or for Atril's rule settings, so the record
 * adds, in ways other readers ignore or accept:
 * - a failed challenge is a `(challenge)` line on the challenger with `+0` or the penalty
 *   (`-5`), except in `double` mode, where the turn it costs is a pass line with Macondo's
 *   note `#unsuccessful-challenge` (FORMAT.md §3); a rejected play (`automatic` mode) is its play line, `--`, and a `(challenge) -N`
 *   line for any penalty;
 * - pragmas `#atril-rules` (the rules as JSON), `#atril-seed`, `#atril-resign N` (1-based
 *   player) when someone resigned, with `#atril-claim M` when player M claimed the game from N
 *   (away from the table on N's turn) and `#atril-vacant A B` naming the seats nobody had taken
 *   then (E-07: they do not share the win), and `#atril-final-window open` when the record
 *   stops while the last play of the game awaits acceptance or a challenge (E-06); a note
 *   `atril-challenger N` on each `--` line.
 * With them `gameFromGcg` rebuilds the very same game from the record alone (same seed, same
 * actions, same events), which is what the property tests check.
 */
import { type Action, apply } from '../apply.js';
import { inFinalChallengeWindow } from '../endOfGame.js';
import { type GameSetup, type GameState, initialState } from '../gameState.js';
import { newGame } from '../newGame.js';
import { reduce } from '../reduce.js';
import { rackToTiles } from '../tiles.js';
import { evaluatePlacement, placementOf } from '../placement.js';
import { type RulesError, type WordJudge, scoringOf, validateRules } from '../rules.js';
import type { GameError } from '../errors.js';
import { type Result, err, ok } from '../result.js';
import type { GcgEvent, GcgPlayer, GcgRecord } from './gcg.js';

/** Optional header data for a written record. */
export interface GcgOptions {
  /** One name per seat (nicks are made from them); default "Jugador 1" … */
  readonly names?: readonly string[];
  readonly lexicon?: string;
  readonly title?: string;
  /**
   * A record for this seat's eyes, written while the game goes on (issue 10, item 9): the
   * other seats' racks are left out, their exchanges written as a count of tiles, and the seed
   * (which fixes every rack and the bag's order) is not written. Such a record replays and
   * checks its scores, but `gameFromGcg` cannot rebuild the game from it.
   */
  readonly viewer?: number;
}

type WithoutNotes<T> = T extends unknown ? Omit<T, 'notes'> : never;

/** Atril's pragma holding the game's rules as JSON. */
export const RULES_PRAGMA = 'atril-rules';
const SEED_PRAGMA = 'atril-seed';
/** Atril's pragma naming the player who resigned, 1-based (GCG has no line for it). */
export const RESIGN_PRAGMA = 'atril-resign';
/** Atril's pragma naming, 1-based, who claimed the game from the player who `#atril-resign` names. */
export const CLAIM_PRAGMA = 'atril-claim';
/** Atril's pragma naming, 1-based, the seats nobody had taken when `#atril-resign` happened. */
export const VACANT_PRAGMA = 'atril-vacant';
/** The record stops while the game's last play waits to be accepted or challenged (E-06). */
const FINAL_WINDOW_PRAGMA = 'atril-final-window';
/** Note on a `--` line naming the challenger (1-based), which GCG does not record. */
const CHALLENGER_NOTE = 'atril-challenger';
/** Macondo's note on the pass line of a turn lost to a failed challenge (FORMAT.md §3). */
const LOST_TURN_NOTE = '#unsuccessful-challenge';

/** Writes a game (from its events) as a GCG record model; pass it to `writeGcg` for the text. */
export function gameToGcg(state: GameState, opts: GcgOptions = {}): GcgRecord {
  const setup: GameSetup = { rules: state.rules, seed: state.seed, players: state.players };
  const players: GcgPlayer[] = Array.from({ length: state.players }, (_, i) => {
    const name = opts.names?.[i] ?? `Jugador ${i + 1}`;
    const nick = name.replace(/\s+/g, '_').replace(/:/g, '') || `j${i + 1}`;
    return { nick: `${nick}`, name };
  });
  // Nicks must be distinct.
  players.forEach((p, i) => {
    if (players.findIndex((q) => q.nick === p.nick) !== i)
      players[i] = { ...p, nick: `${p.nick}_${i + 1}` };
  });
  const out: GcgEvent[] = [];
  const line = (ev: WithoutNotes<GcgEvent>): void => {
    out.push({ ...ev, notes: [] } as GcgEvent);
  };
  let s = initialState(setup);
  let resigned: number | null = null;
  let claimedBy: number | undefined;
  let vacant: readonly number[] = [];
  for (const e of state.events) {
    const prev = s;
    s = reduce(s, e);
    const hidden = (seat: number): boolean => opts.viewer !== undefined && seat !== opts.viewer;
    const rack = (seat: number, st: GameState = prev): number[] =>
      hidden(seat) ? [] : rackToTiles(st.racks[seat]!);
    const total = (seat: number): number => s.scores[seat]!;
    switch (e.kind) {
      case 'start':
      case 'accept':
        break;
      case 'play':
        line({ kind: 'place', player: e.seat, rack: rack(e.seat), row: e.row, col: e.col, dir: e.dir, tiles: e.tiles, score: e.score, total: total(e.seat) }); // prettier-ignore
        break;
      case 'exchange':
        line({ kind: 'exchange', player: e.seat, rack: rack(e.seat), tiles: hidden(e.seat) ? null : e.returned, count: e.returned.length, score: 0, total: total(e.seat) }); // prettier-ignore
        break;
      case 'pass':
        line({ kind: 'pass', player: e.seat, rack: rack(e.seat), score: 0, total: total(e.seat) });
        break;
      case 'challenge':
        if (!e.valid) {
          line({ kind: 'withdraw', player: e.target, rack: rack(e.target, s), score: -e.withdrawn, total: total(e.target) }); // prettier-ignore
          out[out.length - 1] = { ...out[out.length - 1]!, notes: [`${CHALLENGER_NOTE} ${e.seat + 1}`] };
        } else if (e.loseTurn) {
          // RULES.md §12 (double): the lost turn is a pass line, as Macondo writes it.
          line({ kind: 'pass', player: e.seat, rack: rack(e.seat), score: 0, total: total(e.seat) });
          out[out.length - 1] = { ...out[out.length - 1]!, notes: [LOST_TURN_NOTE] };
        } else
          line({ kind: 'challengeBonus', player: e.seat, rack: rack(e.seat), score: -e.penalty, total: total(e.seat) }); // prettier-ignore
        break;
      case 'rejected': {
        const placed = placementOf(prev.board, { kind: 'place', row: e.row, col: e.col, dir: e.dir, tiles: e.tiles }); // prettier-ignore
        if (!placed.ok) throw new Error('rejected play does not fit the board');
        const evaluated = evaluatePlacement(
          prev.board,
          placed.value,
          prev.set,
          scoringOf(prev.rules),
        );
        if (!evaluated.ok) throw new Error('rejected play is not a legal placement');
        const r = evaluated.value;
        const before = prev.scores[e.seat]!;
        line({ kind: 'place', player: e.seat, rack: rack(e.seat), row: e.row, col: e.col, dir: e.dir, tiles: e.tiles, score: r.score, total: before + r.score }); // prettier-ignore
        line({ kind: 'withdraw', player: e.seat, rack: rack(e.seat), score: -r.score, total: before }); // prettier-ignore
        if (e.penalty > 0)
          line({ kind: 'challengeBonus', player: e.seat, rack: rack(e.seat), score: -e.penalty, total: before - e.penalty }); // prettier-ignore
        break;
      }
      case 'resign':
        resigned = e.seat;
        claimedBy = e.claimedBy;
        vacant = e.vacant ?? [];
        break;
      case 'end': {
        const running = [...e.before];
        const racks = e.racks;
        if (e.reason === 'out' && e.wentOut !== null) {
          const w = e.wentOut;
          const others = racks.flatMap((t, seat) => (seat === w ? [] : t));
          if (others.length) {
            running[w]! += e.rackAdjust[w]!;
            line({ kind: 'endRack', player: w, rack: [], tiles: others, score: e.rackAdjust[w]!, total: running[w]! }); // prettier-ignore
          }
        }
        racks.forEach((tiles, seat) => {
          if (seat === e.wentOut || e.rackAdjust[seat] === 0 || tiles.length === 0) return;
          running[seat]! += e.rackAdjust[seat]!;
          line({ kind: 'rackPenalty', player: seat, rack: [...tiles], tiles, score: e.rackAdjust[seat]!, total: running[seat]! }); // prettier-ignore
        });
        e.timePenalty.forEach((p, seat) => {
          if (p === 0) return;
          running[seat]! -= p;
          line({ kind: 'timePenalty', player: seat, rack: [...racks[seat]!], score: -p, total: running[seat]! }); // prettier-ignore
        });
        break;
      }
    }
  }
  const pragmas = [
    { name: RULES_PRAGMA, value: JSON.stringify(state.rules) },
    ...(opts.viewer === undefined
      ? [{ name: SEED_PRAGMA, value: JSON.stringify(state.seed) }]
      : []),
    ...(resigned !== null ? [{ name: RESIGN_PRAGMA, value: String(resigned + 1) }] : []),
    ...(claimedBy !== undefined ? [{ name: CLAIM_PRAGMA, value: String(claimedBy + 1) }] : []),
    ...(vacant.length > 0
      ? [{ name: VACANT_PRAGMA, value: vacant.map((seat) => seat + 1).join(' ') }]
      : []),
    ...(!state.result && inFinalChallengeWindow(state)
      ? [{ name: FINAL_WINDOW_PRAGMA, value: 'open' }]
      : []),
  ];
  return {
    players,
    tileSet: state.set.id,
    ...(opts.lexicon !== undefined && { lexicon: opts.lexicon }),
    ...(opts.title !== undefined && { title: opts.title }),
    notes: [],
    finalRacks: [],
    pragmas,
    events: out,
  };
}

/** Why a record could not be turned back into a game. */
export type GameFromGcgError =
  | { readonly code: 'NOT_AN_ATRIL_RECORD' } // no #atril-rules or no #atril-seed
  | { readonly code: 'BAD_RULES_PRAGMA'; readonly error: RulesError } // #atril-rules is not valid
  | { readonly code: 'BAD_SEED_PRAGMA'; readonly value: string } // not a JSON string or number
  /** Line `event` (0-based event index; the record's length for the closing accept or resign). */
  | { readonly code: 'ACTION_REFUSED'; readonly event: number; readonly error: GameError };

/**
 * Rebuilds a game from a record written by `gameToGcg`: the setup from its pragmas, then each
 * line as the action that produced it, applied with `judge` to a new game. The result is the
 * same state the record was written from (the seed makes the draws).
 */
export function gameFromGcg(
  record: GcgRecord,
  judge: WordJudge,
): Result<GameState, GameFromGcgError> {
  const read = setupOf(record);
  if (!read.ok) return read;
  const setup = read.value;
  let s = newGame(setup);
  // TM-02: time used is not in GCG; an overtime line maps back to just enough time for it.
  const extraMs = new Array<number>(setup.players).fill(0);
  const clock = setup.rules.clock;
  for (const ev of record.events) {
    if (ev.kind === 'timePenalty' && clock) {
      const minutes = -ev.score / clock.penaltyPerMinute;
      extraMs[ev.player] = clock.minutesPerPlayer * 60_000 + (minutes - 1) * 60_000 + 1;
    }
  }
  const act = (action: Action, index: number): GameFromGcgError | undefined => {
    const ms = extraMs[action.seat]!;
    const timed = ms > 0 && action.kind !== 'resign' ? { ...action, elapsedMs: ms } : action;
    if (ms > 0 && action.kind !== 'resign') extraMs[action.seat] = 0;
    const r = apply(s, timed, judge);
    if (!r.ok) return { code: 'ACTION_REFUSED', event: index, error: r.error };
    s = r.value.state;
    return undefined;
  };
  const automatic = setup.rules.challengeMode === 'automatic';
  const evs = record.events;
  for (let i = 0; i < evs.length; i++) {
    const ev = evs[i]!;
    let action: Action | undefined;
    switch (ev.kind) {
      case 'place': {
        const { row, col, dir, tiles } = ev;
        action = { kind: 'place', seat: ev.player, row, col, dir, tiles };
        if (automatic && evs[i + 1]?.kind === 'withdraw') {
          i++; // the engine rejects it again
          const pen = evs[i + 1];
          if (pen?.kind === 'challengeBonus' && pen.player === ev.player) i++;
        }
        break;
      }
      case 'exchange':
        action = { kind: 'exchange', seat: ev.player, tiles: ev.tiles ?? [] };
        break;
      case 'pass':
        action = ev.notes.includes(LOST_TURN_NOTE)
          ? { kind: 'challenge', seat: ev.player }
          : { kind: 'pass', seat: ev.player };
        break;
      case 'withdraw': {
        const note = ev.notes.find((n) => n.startsWith(CHALLENGER_NOTE));
        const seat = note ? Number(note.slice(CHALLENGER_NOTE.length)) - 1 : s.turn;
        action = { kind: 'challenge', seat };
        break;
      }
      case 'challengeBonus':
        action = { kind: 'challenge', seat: ev.player };
        break;
      default:
        break; // end-of-game lines follow from the rules
    }
    if (!action) continue;
    if (inFinalChallengeWindow(s) && action.kind !== 'challenge') {
      const refused = act({ kind: 'accept', seat: s.turn }, i);
      if (refused) return err(refused);
    }
    const refused = act(action, i);
    if (refused) return err(refused);
  }
  // A finished game's record has no line for the last play's acceptance; a game saved before
  // anyone answered it says so, and is rebuilt still waiting.
  const windowOpen = record.pragmas.some((p) => p.name === FINAL_WINDOW_PRAGMA);
  if (!s.result && inFinalChallengeWindow(s) && !windowOpen) {
    const refused = act({ kind: 'accept', seat: s.turn }, evs.length);
    if (refused) return err(refused);
  }
  const resign = record.pragmas.find((p) => p.name === RESIGN_PRAGMA);
  if (resign && !s.result) {
    const claim = record.pragmas.find((p) => p.name === CLAIM_PRAGMA);
    const vacant = record.pragmas.find((p) => p.name === VACANT_PRAGMA);
    const seat = Number(resign.value) - 1;
    // The engine refuses a claimer or a vacant seat that is no seat, or a claim from a seat
    // not on turn (NOT_CLAIMABLE).
    const refused = act(
      {
        kind: 'resign',
        seat,
        ...(claim && { claimedBy: Number(claim.value) - 1 }),
        ...(vacant && {
          vacant: vacant.value
            .trim()
            .split(/\s+/)
            .map((n) => Number(n) - 1),
        }),
      },
      evs.length,
    );
    if (refused) return err(refused);
  }
  return ok(s);
}

// The setup from the record's pragmas: the rules checked field by field (`validateRules`).
function setupOf(record: GcgRecord): Result<GameSetup, GameFromGcgError> {
  const rulesText = record.pragmas.find((p) => p.name === RULES_PRAGMA)?.value;
  const seedText = record.pragmas.find((p) => p.name === SEED_PRAGMA)?.value;
  if (rulesText === undefined || seedText === undefined)
    return err({ code: 'NOT_AN_ATRIL_RECORD' });
  const rulesJson = parseJson(rulesText);
  const rules = rulesJson.ok
    ? validateRules(rulesJson.value)
    : err<RulesError>({ code: 'NOT_AN_OBJECT', value: rulesText });
  if (!rules.ok) return err({ code: 'BAD_RULES_PRAGMA', error: rules.error });
  const seed = parseJson(seedText);
  if (!seed.ok || !isSeed(seed.value)) return err({ code: 'BAD_SEED_PRAGMA', value: seedText });
  return ok({ rules: rules.value, seed: seed.value, players: record.players.length });
}

const isSeed = (v: unknown): v is string | number =>
  typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));

// JSON text to a value, or nothing when the text is not JSON.
function parseJson(text: string): Result<unknown, undefined> {
  try {
    return ok(JSON.parse(text) as unknown);
  } catch {
    return err(undefined);
  }
}
