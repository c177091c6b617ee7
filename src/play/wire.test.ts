/**
 * The core renders the protocol's view the same wherever the game runs (DESIGN.md §1): sessions
 * fed views that went through the protocol schema and a JSON round trip (as over a socket) say
 * exactly what sessions fed the in-process views say, turn after turn of seeded games whose
 * actions also travel as protocol messages.
 */
import { describe, expect, it } from 'vitest';
import { apply } from '../engine/apply.js';
import type { GameState } from '../engine/gameState.js';
import { newGame } from '../engine/newGame.js';
import { type PresetName, TOURNAMENT_CLOCK, makeRules } from '../engine/rules.js';
import { Rng, seedRng } from '../engine/rng.js';
import { WordIndex, randomAction } from '../engine/testing/randomPlayer.js';
import { unwrap } from '../engine/testing/unwrap.js';
import { SPANISH, wordToTiles } from '../engine/tiles.js';
import { type Viewer, viewFor } from '../engine/view.js';
import { clientActionSchema, engineAction } from '../protocol/actions.js';
import { type ClientView, clientView, clientViewSchema } from '../protocol/view.js';
import { ANNOUNCEMENT_CASES, keyOfStep } from './testing/cases.js';
import { viewFrom } from './testing/views.js';
import { Session } from './session.js';
import type { Reaction } from './types.js';

/** What a client at the other end of a socket gets. */
const overTheWire = (v: ClientView): ClientView =>
  clientViewSchema.parse(JSON.parse(JSON.stringify(v)));

const WORDS = 'casa cosa rosa mesa pesa pasa sol mar pie oca osa ese as es la el no si tu te se le'
  .split(' ')
  .map((w) => unwrap(wordToTiles(SPANISH, w)));
const INDEX = new WordIndex(SPANISH, WORDS);

// The commands that read the view, asked of both sessions at every turn.
const QUERIES = ['turno', 'marcador', 'atril', 'bolsa', 'reloj', 'palabras', 'ultima', 'resultado'];

function stepOn(session: Session, step: string): Reaction {
  const key = keyOfStep(step);
  return key ? session.key(key) : session.line(step.slice(2));
}

describe('src/play on views that crossed the wire', () => {
  const reached = new Set<string>();

  it.each(ANNOUNCEMENT_CASES.map((c) => [`${c.id}: ${c.title}`, c] as const))(
    'the announcement case "%s" says the same',
    (_t, c) => {
      const local = new Session(viewFrom(c.position));
      const remote = new Session(overTheWire(viewFrom(c.position)));
      for (const s of c.before ?? []) expect(stepOn(remote, s)).toEqual(stepOn(local, s));
      expect(stepOn(remote, c.step)).toEqual(stepOn(local, c.step));
    },
  );

  it.each<[PresetName, number]>([
    ['fise', 2],
    ['sala', 3],
    ['caja', 4],
  ])('a seeded %s game with %i players, seats and an observer, turn by turn', (preset, players) => {
    const rules = makeRules(preset, { clock: TOURNAMENT_CLOCK });
    let state: GameState = newGame({ rules, seed: `wire-${preset}`, players });
    const rng = new Rng(seedRng(`wire-moves-${preset}`));
    const table = (at: number) => ({
      names: ['Ana', 'Luis', 'Eva', 'Leo'].slice(0, players),
      bots: [false, true, false, true].slice(0, players),
      clock: { since: at - 1_500, at },
    });
    const viewers: Viewer[] = [...Array.from({ length: players }, (_, s) => s), 'observer'];
    const viewOf = (viewer: Viewer, at: number) => clientView(viewFor(state, viewer), table(at));
    const local = viewers.map((v) => new Session(viewOf(v, 0)));
    const remote = viewers.map((v) => new Session(overTheWire(viewOf(v, 0))));
    const kinds = new Set<string>();
    // Random players can pass and exchange for long: after 120 turns the seat on turn resigns.
    for (let turn = 1; !state.result; turn++) {
      viewers.forEach((_, k) => {
        for (const q of QUERIES) expect(remote[k]!.line(q)).toEqual(local[k]!.line(q));
      });
      const action =
        turn > 120
          ? { kind: 'resign' as const, seat: state.turn }
          : randomAction(state, INDEX, rng);
      const { seat, ...move } = action;
      const sent = JSON.stringify({ ...move, version: state.version });
      const parsed = clientActionSchema.parse(JSON.parse(sent));
      const r = apply(state, engineAction(parsed, seat, { turn: state.turn }), INDEX);
      if (!r.ok) continue; // a phony refused in void mode: nothing changed
      state = r.value.state;
      for (const e of r.value.events) {
        kinds.add(e.kind);
        reached.add(e.kind);
      }
      viewers.forEach((v, k) => {
        const said = local[k]!.update(viewOf(v, turn * 1_000));
        expect(remote[k]!.update(overTheWire(viewOf(v, turn * 1_000)))).toEqual(said);
      });
    }
    expect(kinds).toContain('end');
  });

  it('those games reached plays, exchanges, passes, challenges, resignations and the end', () => {
    for (const kind of ['play', 'exchange', 'pass', 'challenge', 'resign', 'end'])
      expect(reached, kind).toContain(kind);
  });
});
