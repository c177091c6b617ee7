/**
 * Property test of the per-viewer projections (DESIGN.md §5): over seeded random games of every
 * preset and variant with 2–4 players, nothing an opponent or an observer receives — the event
 * list (`eventsFor`) or the picture of the game (`viewFor`), as the protocol sends it — depends
 * on the tiles of another rack or on the bag's order and seed. The check is by substitution:
 * another seat's dealt, drawn and exchanged tiles, its rack, the bag and the seed are replaced
 * by different ones with the same counts, and the projection must not change. The viewer's own
 * tiles, by contrast, are shown; once the game is over everything is.
 */
import { describe, expect, it } from 'vitest';
import { apply } from '../src/engine/apply.js';
import type { GameState } from '../src/engine/gameState.js';
import { newGame } from '../src/engine/newGame.js';
import type { GameEvent } from '../src/engine/events.js';
import { type PresetName, makeRules } from '../src/engine/rules.js';
import { Rng, seedRng } from '../src/engine/rng.js';
import { randomAction } from '../src/engine/testing/randomPlayer.js';
import { type Viewer, eventsFor, viewFor } from '../src/engine/view.js';
import { clientView } from '../src/protocol/view.js';
import { loadWords } from './helpers/spanishWords.js';

const PRESETS: PresetName[] = ['fise', 'caja', 'sala'];
const VARIANTS = {
  plain: {},
  'rackSize 9': { rackSize: 9 },
  'targetScore 150': { targetScore: 150 },
} as const;
const SEEDS_PER_SETUP = Number(process.env.ATRIL_PROJECTION_SEEDS ?? 3);

// Another tile of the set for each tile (0…28 → 1…28, 0): same count, never the same tile.
const other = (tiles: readonly number[]): number[] => tiles.map((t) => (t + 1) % 29);

/** The events with every tile that `viewer` may not see replaced (counts kept). */
function substituteEvents(events: readonly GameEvent[], viewer: Viewer): GameEvent[] {
  return events.map((e): GameEvent => {
    switch (e.kind) {
      case 'start':
        return { ...e, racks: e.racks.map((r, s) => (s === viewer ? r : other(r))) };
      case 'play':
        return e.seat === viewer ? e : { ...e, drew: other(e.drew) };
      case 'exchange':
        return e.seat === viewer ? e : { ...e, returned: other(e.returned), drew: other(e.drew) };
      default:
        return e;
    }
  });
}

/**
 * The same position with the other seats' racks and the bag dealt again from their pooled tiles
 * (each rack keeps its size), another seed and PRNG state, and the hidden events replaced.
 */
function substituteState(s: GameState, viewer: Viewer, rng: Rng): GameState {
  const others = s.racks.map((_, seat) => seat).filter((seat) => seat !== viewer);
  const pool = [...s.bag];
  for (const seat of others)
    s.racks[seat]!.forEach((n, t) => pool.push(...Array<number>(n).fill(t)));
  rng.shuffle(pool);
  const racks = s.racks.map((r) => new Uint8Array(r));
  let k = 0;
  for (const seat of others) {
    const size = s.racks[seat]!.reduce((a, b) => a + b, 0);
    racks[seat]!.fill(0);
    for (const t of pool.slice(k, k + size)) racks[seat]![t]!++;
    k += size;
  }
  return {
    ...s,
    racks,
    bag: Uint8Array.from(pool.slice(k)),
    seed: `${String(s.seed)}-other`,
    rng: seedRng('other'),
    lastDrawn: s.lastDrawn.map((d, seat) => (seat === viewer ? d : other(d))),
    events: substituteEvents(s.events, viewer),
  };
}

const TABLE = (players: number) => ({
  names: Array.from({ length: players }, (_, i) => `Jugador ${i + 1}`),
  bots: Array.from({ length: players }, () => false),
});

describe('projection secrecy over seeded games of every preset and variant, 2–4 players', () => {
  const words = loadWords();

  it('no projection for an opponent or an observer depends on a tile of another rack', () => {
    const covered = new Set<string>();
    const hiddenSeen = { start: 0, play: 0, exchange: 0 };
    let checks = 0;
    for (const preset of PRESETS)
      for (const [variant, overrides] of Object.entries(VARIANTS))
        for (let players = 2; players <= 4; players++)
          for (let n = 0; n < SEEDS_PER_SETUP; n++) {
            const rules = makeRules(preset, overrides);
            const seed = `projection-${preset}-${variant}-${players}-${n}`;
            const rng = new Rng(seedRng(`moves-${seed}`));
            let s = newGame({ rules, seed, players });
            let last = s; // the last state before the end
            const viewers: Viewer[] = [...Array.from({ length: players }, (_, i) => i), 'observer'];
            for (let step = 0; !s.result && step < 300; step++) {
              if (step % 3 === 0)
                for (const viewer of viewers) {
                  const twin = substituteState(s, viewer, rng);
                  expect(eventsFor(twin, viewer)).toEqual(eventsFor(s, viewer));
                  const view = clientView(viewFor(s, viewer), TABLE(players));
                  expect(clientView(viewFor(twin, viewer), TABLE(players))).toEqual(view);
                  checks++;
                }
              const action =
                step < 299
                  ? randomAction(s, words, rng)
                  : { kind: 'resign' as const, seat: s.turn };
              const r = apply(s, action, words);
              if (!r.ok) continue;
              last = s;
              s = r.value.state;
            }
            // The viewer's own tiles are shown, every other rack's only counted.
            for (const viewer of viewers) {
              const seen = eventsFor(last, viewer).events;
              seen.forEach((e) => {
                if (e.kind === 'start')
                  e.racks.forEach((r, seat) => {
                    expect(Array.isArray(r)).toBe(seat === viewer);
                    if (seat !== viewer) hiddenSeen.start++;
                  });
                if (e.kind === 'play' || e.kind === 'exchange') {
                  expect(Array.isArray(e.drew)).toBe(e.seat === viewer);
                  if ('hidden' in e.drew && e.drew.hidden > 0) hiddenSeen[e.kind]++;
                }
              });
            }
            // Over: everything is public, the seed included.
            expect(s.result, seed).not.toBeNull();
            for (const viewer of viewers)
              expect(eventsFor(s, viewer)).toEqual({ seed, from: 0, events: s.events });
            covered.add(`${preset}/${variant}/${players}`);
          }
    // Every preset × variant × player count ran, and each kind of hidden tile was substituted.
    expect(covered.size).toBe(PRESETS.length * Object.keys(VARIANTS).length * 3);
    expect(hiddenSeen.start).toBeGreaterThan(0);
    expect(hiddenSeen.play).toBeGreaterThan(0);
    expect(hiddenSeen.exchange).toBeGreaterThan(0);
    expect(checks).toBeGreaterThan(1000);
  }, 600_000);
});
