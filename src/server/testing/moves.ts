/** Moves for the room tests, chosen the way a client's bot would from a seat's view. */
import { botMove, makeBot } from '../../ai/bots.js';
import { MoveGenerator } from '../../ai/movegen.js';
import { MoveList } from '../../ai/movelist.js';
import { Rng } from '../../ai/rng.js';
import type { Move } from '../../engine/move.js';
import { scoringOf } from '../../engine/rules.js';
import type { GameView } from '../../engine/view.js';
import type { Lexicon } from '../../lexicon/index.js';
import type { ClientView } from '../../protocol/index.js';

/** A good move for a seat's view, chosen by the amateur bot (the view as the bot reads it). */
export function goodMove(lex: Lexicon, v: ClientView): Move {
  const gen = new MoveGenerator(lex.nodes, lex.set, scoringOf(v.rules));
  const view = { ...v, viewer: v.seat } as unknown as GameView;
  return botMove(makeBot('aficionado'), view, gen, new MoveList(), new Rng(v.version), (t) =>
    lex.isWord(t),
  );
}
