/**
 * The post-game review on the game page (issue 13 §5): once a game is over, and never before,
 * the player may ask the server for its review (`GET /games/:id/review`, the JSON of `atril
 * analyze --json`) and read, move by move, what was played next to the best alternative and
 * the points left behind, then each player's total and costliest mistakes.
 *
 * It is fetched on request rather than as the game ends: the end of a game is announced in the
 * live region, and a "preparing the review" message there would cut it off. Waiting, success
 * and failure are said in the polite live region as well as shown.
 */
import { useSignal } from '@preact/signals';
import type { ComponentChild } from 'preact';
import {
  type GameReview,
  type ReviewTurn,
  gameReviewSchema,
  reviewPath,
} from '../../protocol/index.js';
import type { ClientView } from '../../protocol/view.js';
import type { TileSet } from '../../engine/tiles.js';
import { savedToken } from '../identity.js';
import { reviewErrorText } from '../../play/errorText.js';
import { reviewMoveText } from '../../play/messages.js';
import { points } from '../../play/speech.js';
import { setOf } from '../../play/view.js';
import { L, seatLabel } from '../labels.js';
import { speak } from '../live.js';

/** The review of a finished game, or the code of why it could not be had (OFFLINE: no answer). */
export async function fetchReview(
  gameId: string,
  token: string | null,
): Promise<{ ok: true; review: GameReview } | { ok: false; error: string }> {
  let res: Response;
  try {
    res = await fetch(reviewPath(gameId), {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  } catch {
    return { ok: false, error: 'OFFLINE' };
  }
  const body: unknown = await res.json().catch(() => null);
  if (res.ok) {
    const parsed = gameReviewSchema.safeParse(body);
    return parsed.success ? { ok: true, review: parsed.data } : { ok: false, error: 'BAD_MESSAGE' };
  }
  const code = (body as { code?: unknown } | null)?.code;
  return { ok: false, error: typeof code === 'string' ? code : 'SERVER_ERROR' };
}

/** Tenths, with a decimal comma: 12,5. */
function num(x: number): string {
  return x.toLocaleString('es-ES', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

type ReviewMove = { readonly coord: string | null; readonly word: string; readonly main?: string };

/** A move as the history writes it: `8H CASA`, Pasar, Cambiar AEU. */
function moveText(m: ReviewMove): string {
  if (m.coord !== null) return `${m.coord} ${m.word}`;
  return m.word === '-' ? L.review.pass : L.review.exchange(m.word.slice(1));
}

/**
 * A move for the eye and for the ear, as the history shows its lines: the notation, compact
 * but spelt out by a screen reader («F.RO»: «efe punto erre o», a blank's lower case unheard),
 * and what U would say of it («C7 vertical, FERO»).
 */
function moveSaid(set: TileSet, m: ReviewMove): { shown: string; said: string } {
  const shown = moveText(m);
  return { shown, said: reviewMoveText(set, m) ?? shown };
}

/** Text shown to the eye while a screen reader reads `said` in its place. */
function Said({ shown, said }: { shown: string; said: string }) {
  if (shown === said) return <>{shown}</>;
  return (
    <>
      <span class="sr-only">{said}</span>
      <span aria-hidden="true">{shown}</span>
    </>
  );
}

export function Review({ gameId, view }: { gameId: string; view: ClientView }) {
  // 'idle', 'loading', the review, or an error code (upper case, never one of the two words).
  const state = useSignal<GameReview | string>('idle');
  const s = state.value;

  const load = async () => {
    state.value = 'loading';
    speak(L.review.loading);
    const r = await fetchReview(gameId, savedToken());
    state.value = r.ok ? r.review : r.error;
    // The button pressed is replaced by the tables: focus goes to them, not to the page's top.
    if (r.ok) requestAnimationFrame(() => document.getElementById('revision-tabla')?.focus());
    speak(r.ok ? L.review.ready(r.review.turns.length) : reviewErrorText(r.error));
  };

  return (
    <section aria-labelledby="h-revision" class="review">
      <h2 id="h-revision">{L.review.heading}</h2>
      <p class="hint">{L.review.intro}</p>
      {typeof s === 'string' && s !== 'loading' && s !== 'idle' && (
        <p class="status warn">{reviewErrorText(s)}</p>
      )}
      {typeof s === 'string' ? (
        <button
          type="button"
          onClick={() => s === 'loading' || void load()}
          aria-disabled={s === 'loading' ? 'true' : undefined}
        >
          {s === 'loading' ? L.review.loading : L.review.show}
        </button>
      ) : (
        <ReviewTables review={s} view={view} />
      )}
    </section>
  );
}

function ReviewTables({ review, view }: { review: GameReview; view: ClientView }) {
  const set = setOf(view);
  // The record's players are the seats in order; named as the scoreboard and the result name
  // them.
  const nameOf = (nick: string): string => {
    const seat = review.players.findIndex((p) => p.nick === nick);
    if (seat < 0) return nick;
    return seatLabel(view, seat);
  };
  return (
    <>
      {/* Wide on a phone: the table scrolls sideways, so it takes focus to scroll by keyboard. */}
      <div
        id="revision-tabla"
        class="scroll"
        role="region"
        aria-labelledby="revision-jugadas"
        tabIndex={0}
      >
        <table>
          <caption id="revision-jugadas">
            {L.review.movesCaption}
            {/* The notation's key is for the eye: the cells are read out in words. */}
            <span aria-hidden="true"> {L.review.notationKey}</span>
          </caption>
          <thead>
            <tr>
              <th scope="col">{L.review.turn}</th>
              <th scope="col">{L.review.player}</th>
              <th scope="col">{L.review.played}</th>
              <th scope="col">{L.review.score}</th>
              <th scope="col">{L.review.best}</th>
              <th scope="col">{L.review.equity}</th>
              <th scope="col">{L.review.lost}</th>
            </tr>
          </thead>
          <tbody>
            {review.turns.map((t) => (
              <TurnRow key={t.turn} turn={t} name={nameOf(t.player)} set={set} />
            ))}
          </tbody>
        </table>
      </div>
      {review.skipped > 0 && <p>{L.review.skipped(review.skipped)}</p>}
      <table>
        <caption>{L.review.summaryCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{L.review.player}</th>
            <th scope="col">{L.review.turns}</th>
            <th scope="col">{L.review.totalLost}</th>
            <th scope="col">{L.review.worst}</th>
          </tr>
        </thead>
        <tbody>
          {review.players.map((p) => (
            <tr key={p.nick}>
              <th scope="row">{nameOf(p.nick)}</th>
              <td class="num">{p.turns}</td>
              <td class="num">{num(p.lost)}</td>
              <td>
                {p.worst.length === 0 ? (
                  L.review.noMistakes
                ) : (
                  <Mistakes worst={p.worst} set={set} />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** A player's costliest mistakes, one after another: «jugada 5, C7 vertical, FERO (−12,3)». */
function Mistakes({ worst, set }: { worst: GameReview['players'][number]['worst']; set: TileSet }) {
  const each = worst.map((w) => ({ ...moveSaid(set, w), turn: w.turn, lost: num(w.lost) }));
  return (
    <Said
      shown={each.map((w) => L.review.mistake(w.turn, w.shown, w.lost)).join('; ')}
      said={each.map((w) => L.review.mistake(w.turn, w.said, w.lost)).join('; ')}
    />
  );
}

function TurnRow({ turn: t, name, set }: { turn: ReviewTurn; name: string; set: TileSet }) {
  const best = t.best[0];
  const wasBest = t.lost === 0 || !best;
  const played = moveSaid(set, t.played);
  const marks =
    (t.played.valid ? '' : ` ${L.review.notInLexicon}`) +
    (t.played.withdrawn ? ` ${L.review.withdrawn}` : '');
  let alternative: ComponentChild = L.review.wasBest;
  if (!wasBest) {
    const m = moveSaid(set, best);
    alternative = (
      <Said shown={`${m.shown} (${best.score})`} said={`${m.said}, ${points(best.score)}`} />
    );
  }
  return (
    <tr>
      <th scope="row">{t.turn}</th>
      <td>{name}</td>
      <td>
        <Said shown={played.shown + marks} said={played.said + marks} />
      </td>
      <td class="num">{t.played.score}</td>
      <td>{alternative}</td>
      <td class="num">{num(wasBest ? t.played.equity : best.equity)}</td>
      <td class="num">{num(t.lost)}</td>
    </tr>
  );
}
