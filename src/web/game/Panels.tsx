/**
 * The game page's smaller areas, each under its own h2 (UX.md §2.5): scores with clocks and
 * the bag, the tentative play, the last play, the history in GCG, chat, actions (every
 * hot-key also a real button), settings, help and the end summary.
 */
import { type Signal, useSignal } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import { tileLabel } from '../../engine/tiles.js';
import {
  AWAY_MARK,
  clockText,
  endText,
  mayClaim,
  openingDrawText,
  rackAdjustText,
  resignationText,
  rulesText,
  timeUpText,
  turnRecordText,
} from '../../play/messages.js';
import { type ClientView, seatClock, setOf, timeUps } from '../../play/view.js';
import { READING_RATES, type ReadingRate, saveSetting } from '../identity.js';
import { L, seatLabel } from '../labels.js';
import { gameHash } from '../route.js';
import { gcgPath } from '../../protocol/messages.js';
import { passLabel } from './actions.js';
import { focusBoardCursor, leaveOnEscape } from './Board.js';
import type { GameController } from './controller.js';
import { gcgLine, spokenLine } from './notation.js';
import { Resign } from './Resign.js';

/** One chat line as the room sent it. */
export interface ChatLine {
  readonly from: string;
  readonly text: string;
  readonly at: number;
}

// "12:40", or "-1:30" once over.
function clockFace(ms: number): string {
  const sec = Math.ceil(Math.abs(ms) / 1000);
  const face = `${Math.floor(sec / 60)}:${String(sec % 60).padStart(2, '0')}`;
  return ms < 0 ? `-${face}` : face;
}

export function Scores({ ctl }: { ctl: GameController }) {
  void ctl.tick.value; // redraw the clocks every second
  const view = ctl.snap.value.view;
  const set = setOf(view);
  const now = ctl.clockNow();
  const unseen = view.unseen
    .map((n, code) => (n > 0 ? `${code === 0 ? '?' : tileLabel(set, code)} ${n}` : ''))
    .filter(Boolean)
    .join(', ');
  return (
    <section aria-labelledby="h-marcador" class="scores">
      <h2 id="h-marcador">{L.scoresHeading}</h2>
      <ul class="seats">
        {view.seats.map((s, i) => {
          const c = seatClock(view, i, now);
          const onTurn = view.phase !== 'over' && view.turn === i;
          return (
            <li key={i} class={onTurn ? 'on-turn' : ''}>
              <span class="who">
                {seatLabel(view, i)}
                {s.bot ? ` · ${L.botMark}` : ''}
                {s.away ? ` · ${AWAY_MARK}` : ''}
              </span>{' '}
              <strong class="score">{s.score}</strong>
              {c && (
                <span
                  class={`clock${c.remainingMs < 60_000 ? ' low' : ''}`}
                  aria-label={clockText(c.remainingMs, c.penalty)}
                >
                  {clockFace(c.remainingMs)}
                </span>
              )}
              {onTurn && <span class="turn-mark"> · {L.turnMark}</span>}
            </li>
          );
        })}
      </ul>
      <p class="bag">{L.bag(view.bagCount)}</p>
      {/* The rules in one line, as the terminal's opening says them: the rack of 9, the target
          of Fin de línea, the challenge mode and the clock are nowhere else on the page. */}
      <p class="rules">{rulesText(view.rules)}</p>
      <details class="unseen">
        <summary>{L.unseenHeading}</summary>
        <p>{unseen}</p>
      </details>
    </section>
  );
}

export function Tentative({ ctl }: { ctl: GameController }) {
  const snap = ctl.snap.value;
  const text = ctl.tentativeText();
  return (
    <section aria-labelledby="h-jugada" class="tentative-area">
      <h2 id="h-jugada">{L.tentativeHeading}</h2>
      <p class="mode">
        {L.modeLabel}: <strong>{snap.modeName}</strong>
      </p>
      <p class="preview">{text ?? L.noTentative}</p>
      {snap.awaitingBlank && <BlankChooser ctl={ctl} />}
    </section>
  );
}

/** The 28 letters (CH, LL, RR and Ñ included) for a blank placed by pointer or by key. */
function BlankChooser({ ctl }: { ctl: GameController }) {
  const set = setOf(ctl.snap.value.view);
  return (
    // The chooser goes once the blank has its letter, or with Escape: the focus goes back to
    // the board rather than falling to the page's top with the button.
    <div
      role="group"
      aria-labelledby="h-comodin"
      class="blank-chooser"
      onKeyDown={(e) => leaveOnEscape(e, ctl)}
    >
      <h3 id="h-comodin">{L.blankHeading}</h3>
      {set.letters.map((l) => (
        <button
          type="button"
          key={l.label}
          onClick={() => {
            ctl.designateBlank(l.label);
            focusBoardCursor();
          }}
        >
          {l.label}
        </button>
      ))}
    </div>
  );
}

export function LastPlay({ ctl }: { ctl: GameController }) {
  const snap = ctl.snap.value;
  const view = snap.view;
  const rec = view.history[view.history.length - 1];
  return (
    <section aria-labelledby="h-ultima">
      <h2 id="h-ultima">{L.lastHeading}</h2>
      <p>{rec ? turnRecordText(view, rec, snap.verbosity === 'detallado') : L.noLast}</p>
    </section>
  );
}

export function History({ ctl }: { ctl: GameController }) {
  const view = ctl.snap.value.view;
  // G-02: who started and why comes first, as it came first in the game.
  const opening = openingDrawText(view);
  // TM-02: a clock run out, said where it happened, before the turn it ran out in; one runs
  // out between views, so a timed game's list follows the clocks' tick.
  if (view.clock) void ctl.tick.value;
  const ups = view.clock ? timeUps(view, ctl.clockNow()) : [];
  const upsBefore = (k: number) =>
    ups
      .filter((t) => t.before === k)
      .map((t) => (
        <li key={`tiempo-${t.seat}`} class="time-up">
          {timeUpText(view, t.seat)}
        </li>
      ));
  return (
    <section aria-labelledby="h-historial">
      <h2 id="h-historial">{L.historyHeading}</h2>
      {/* The log scrolls, so it takes focus: a keyboard can scroll it too. */}
      <div
        id="historial"
        role="log"
        aria-live="off"
        aria-labelledby="h-historial"
        class="history"
        tabIndex={0}
      >
        {opening && <p class="opening">{opening}</p>}
        {/* Shown in GCG; read in Spanish, as U says a move («>Ana: 8D PUEDE +22 22» read out
            is «mayor que Ana dos puntos…»). */}
        <ol>
          {view.history.map((rec, k) => [
            ...upsBefore(k),
            // Numbered as the turns go: a clock's line between them takes no number.
            <li key={rec.index} value={k + 1}>
              <span class="sr-only">{spokenLine(view, rec)}</span>
              <span aria-hidden="true">{gcgLine(view, rec)}</span>
            </li>,
          ])}
          {upsBefore(view.history.length)}
        </ol>
      </div>
    </section>
  );
}

/**
 * Escape in one of the page's text fields (chat, command line): back to the board in
 * navigation mode, said once (UX.md §3). The page's own key handler must not see the key
 * again, or it would answer Escape a second time from the board.
 */
export function Chat({
  ctl,
  lines,
  onSend,
  canSend,
  aloud,
}: {
  ctl: GameController;
  lines: Signal<readonly ChatLine[]>;
  onSend: (text: string) => void;
  canSend: boolean;
  aloud: boolean;
}) {
  const draft = useSignal('');
  const log = useRef<HTMLOListElement>(null);
  useEffect(() => {
    log.current?.lastElementChild?.scrollIntoView({ block: 'nearest' });
  }, [lines.value.length]);
  return (
    <section aria-labelledby="h-chat" class="chat">
      <h2 id="h-chat">{L.chatHeading}</h2>
      <div
        id="chat-log"
        role="log"
        aria-live={aloud ? 'polite' : 'off'}
        aria-labelledby="h-chat"
        class="chat-log"
        tabIndex={0}
      >
        <ol ref={log}>
          {lines.value.map((l, i) => (
            <li key={i}>
              <strong>{l.from}:</strong> {l.text}
            </li>
          ))}
        </ol>
      </div>
      {canSend && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            const t = draft.value.trim();
            // Every key answers (UX.md §2.1): an empty message is said, not silently dropped.
            if (!t) return ctl.notify(L.chatNothing, 'polite');
            onSend(t);
            draft.value = '';
          }}
        >
          <label for="chat-text">{L.chatLabel}</label>
          <input
            id="chat-text"
            type="text"
            maxLength={500}
            autoComplete="off"
            value={draft.value}
            onInput={(e) => (draft.value = e.currentTarget.value)}
            onKeyDown={(e) => leaveOnEscape(e, ctl)}
          />
          <button type="submit">{L.chatSend}</button>
        </form>
      )}
    </section>
  );
}

export function Actions({
  ctl,
  gameId,
  onRematch,
  rematch = null,
}: {
  ctl: GameController;
  gameId: string;
  onRematch?: () => void;
  rematch?: string | null;
}) {
  const snap = ctl.snap.value;
  const view = snap.view;
  const line = useSignal('');
  const input = useRef<HTMLInputElement>(null);
  // Opened by its key, the command line is a one-off, as «:» in the terminal's key mode (and
  // in vim): once a command has done what it asked, the focus goes back where «:» was pressed,
  // and keys are commands again. A command refused keeps the line open, its text there, for
  // the player to correct (a typo in «8H csaa»). Reached by Tab or a click instead, the field
  // is where the player chose to type every order (a text field always gets keystrokes, UX.md
  // §2.3, whatever the screen reader's mode): it stays. Where «:» was pressed, while the line
  // it opened has the focus.
  const returnTo = useRef<Element | null>(null);
  // Opened by its key, the command line starts empty, as a terminal's does: text left there
  // before an Escape would otherwise lead the next command («ct» + «marcador»). It takes the
  // focus at once, in the very keydown of «:»: a render or an effect comes later, and a key
  // typed before it (a fast typist, a slow machine) would go to the board instead («:sorteo»
  // read as S, then «orteo»).
  useEffect(() => {
    let seen = ctl.openLine.peek();
    return ctl.openLine.subscribe((n) => {
      if (n === seen) return;
      seen = n;
      line.value = '';
      const field = input.current;
      if (!field) return;
      field.value = '';
      if (document.activeElement !== field) returnTo.current = document.activeElement;
      field.focus();
    });
  }, [ctl]);
  // Before the command runs, as Escape does: its reply then comes after the name of what the
  // focus lands on, instead of being cut off by it.
  const closeLine = (): void => {
    const back = returnTo.current;
    returnTo.current = null;
    if (!back) return;
    if (back instanceof HTMLElement && back.isConnected) back.focus();
    if (document.activeElement === input.current) focusBoardCursor();
  };
  const seated = view.seat !== null;
  const over = view.phase === 'over';
  const busy = ctl.busy.value;
  const claimable = mayClaim(view);
  const buttons = useRef<HTMLDivElement>(null);
  const wasClaimable = useRef(claimable);
  // The absent player came back while the focus was on «Reclamar la partida»: the button goes,
  // and the focus goes to the one before it («Ver valor») instead of the page's top.
  useEffect(() => {
    if (wasClaimable.current && !claimable) {
      const at = document.activeElement;
      const before = buttons.current?.querySelector('button.resign')?.previousElementSibling;
      if ((!at || at === document.body) && before instanceof HTMLElement) before.focus();
    }
    wasClaimable.current = claimable;
  }, [claimable]);
  // While an action is on its way the buttons refuse clicks but stay focusable: a disabled
  // button drops the focus to the page's top, and a keyboard player would lose their place.
  const b = (label: string, run: () => void) => (
    <button type="button" onClick={() => busy || run()} aria-disabled={busy ? 'true' : undefined}>
      {label}
    </button>
  );
  return (
    <section aria-labelledby="h-acciones" class="actions">
      <h2 id="h-acciones">{L.actionsHeading}</h2>
      {seated && !over && (
        <div class="buttons" ref={buttons}>
          {b(L.actions.play, () => ctl.command('fin'))}
          {b(snap.mode === 'cambio' ? L.actions.confirmExchange : L.actions.exchange, () =>
            ctl.command('cambiar'),
          )}
          {b(passLabel(view, snap.pendingPass), () => ctl.buttonKey({ key: 'p' }))}
          {b(L.actions.challenge, () => ctl.command('impugnar'))}
          {b(L.actions.takeBack, () => ctl.command('retirar'))}
          {b(L.actions.preview, () => ctl.command('valor'))}
          {claimable && b(L.actions.claim, () => ctl.command('reclamar'))}
          <Resign ctl={ctl} />
        </div>
      )}
      <form
        class="command-line"
        onSubmit={(e) => {
          e.preventDefault();
          const t = line.value;
          // Nothing written runs nothing: the reply asks for an order, and the line waits for it.
          // A line carried out is emptied (and closed, if «:» opened it); one refused stays.
          const done = (): void => {
            // Text typed meanwhile (a move waits for the server) is the player's next order.
            if (line.value === t) line.value = '';
            closeLine();
          };
          ctl.line(t, t.trim() === '' ? undefined : done);
        }}
      >
        <label for="orden">{L.commandLabel}</label>
        <input
          id="orden"
          ref={input}
          type="text"
          autoComplete="off"
          aria-describedby="orden-ayuda"
          value={line.value}
          onInput={(e) => (line.value = e.currentTarget.value)}
          onKeyDown={(e) => leaveOnEscape(e, ctl)}
          // Left otherwise (Escape, Tab), the line is no longer the one «:» opened; a window
          // that loses the focus leaves it as it was.
          onBlur={() => document.hasFocus() && (returnTo.current = null)}
        />
        <p id="orden-ayuda" class="hint">
          {L.commandHint}
        </p>
      </form>
      {over && (
        <p>
          <a href={gcgPath(gameId)} download>
            {L.actions.download}
          </a>{' '}
          {rematch ? (
            <a href={gameHash(rematch)}>{L.actions.goToRematch}</a>
          ) : (
            seated &&
            onRematch && (
              <button type="button" onClick={onRematch}>
                {L.actions.rematch}
              </button>
            )
          )}
        </p>
      )}
    </section>
  );
}

export function Result({ view }: { view: ClientView }) {
  const end = view.result;
  const heading = useRef<HTMLHeadingElement>(null);
  const over = end !== null;
  // The game ended from a button (a pass, an acceptance, «Sí, abandonar»): the action buttons
  // are gone with the focus they held, and the result takes it instead of the page's top.
  useEffect(() => {
    const at = document.activeElement;
    if (over && (!at || at === document.body)) heading.current?.focus();
  }, [over]);
  if (!end) return null;
  const adjust = rackAdjustText(view, end);
  const why = resignationText(view);
  // No one over time (or no clock): the column would be all zeros, and a phone has no room.
  const late = end.timePenalty.some((p) => p > 0);
  const cols = [L.beforeAdjust, L.rackAdjust, ...(late ? [L.timePenalty] : []), L.final];
  return (
    <section aria-labelledby="h-resultado" class="result">
      <h2 id="h-resultado" ref={heading} tabIndex={-1}>
        {L.resultHeading}
      </h2>
      {why && <p>{why}</p>}
      <p>
        <strong>{endText(view, end)}</strong>
      </p>
      {adjust && <p>{adjust}</p>}
      {/* On a phone each row is drawn as a card (style.css); the cells name their column for
          the eye (data-label), the table stays a table for a screen reader. */}
      <table>
        <caption class="sr-only">{L.resultHeading}</caption>
        <thead>
          <tr>
            <th scope="col">{L.player}</th>
            {cols.map((c) => (
              <th scope="col" key={c}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {view.seats.map((_, i) => {
            const values = [
              String(end.before[i]),
              signed(end.rackAdjust[i] ?? 0),
              ...(late ? [end.timePenalty[i] ? `-${end.timePenalty[i]}` : '0'] : []),
              String(end.final[i]),
            ];
            return (
              <tr key={i}>
                <th scope="row">
                  {seatLabel(view, i)}
                  {end.winners.includes(i) ? ` · ${end.draw ? L.draw : L.winner}` : ''}
                </th>
                {values.map((v, k) => (
                  <td key={k} data-label={cols[k]}>
                    {v}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

const signed = (n: number): string => (n > 0 ? `+${n}` : String(n));

export function Settings({
  ctl,
  sound,
  chatAloud,
  readingRate,
}: {
  ctl: GameController;
  sound: Signal<boolean>;
  chatAloud: Signal<boolean>;
  readingRate: Signal<ReadingRate>;
}) {
  const detailed = ctl.snap.value.verbosity === 'detallado';
  // The speed paces whatever the viewer did not cause after their own play; only a computer
  // answers so fast that the hint's promise is heard to matter, so only its table says it.
  const computer = ctl.snap.value.view.seats.some((s) => s.bot);
  return (
    <section aria-labelledby="h-ajustes" class="settings">
      <h2 id="h-ajustes">{L.settingsHeading}</h2>
      <label>
        <input
          type="checkbox"
          checked={sound.value}
          onChange={(e) => (sound.value = e.currentTarget.checked)}
        />{' '}
        {L.sound}
      </label>
      <label>
        <input
          type="checkbox"
          checked={chatAloud.value}
          onChange={(e) => (chatAloud.value = e.currentTarget.checked)}
        />{' '}
        {L.chatAloud}
      </label>
      <label>
        <input
          type="checkbox"
          checked={detailed}
          onChange={(e) => {
            const on = e.currentTarget.checked;
            if (on !== detailed) ctl.command('detalle');
            saveSetting('detailed', on);
          }}
        />{' '}
        {L.detailed}
      </label>
      <label>
        {L.readingRate}{' '}
        <select
          aria-describedby={computer ? 'velocidad-ayuda' : undefined}
          onKeyDown={(e) => leaveOnEscape(e, ctl)}
          value={readingRate.value}
          onChange={(e) => (readingRate.value = e.currentTarget.value as ReadingRate)}
        >
          {(Object.keys(READING_RATES) as ReadingRate[]).map((r) => (
            <option key={r} value={r}>
              {L.readingRates[r]}
            </option>
          ))}
        </select>
      </label>
      {computer && (
        <p id="velocidad-ayuda" class="hint">
          {L.readingRateHint}
        </p>
      )}
    </section>
  );
}

export function Help({ ctl }: { ctl: GameController }) {
  const mode = ctl.snap.value.mode;
  // The help of the current mode, generated from the command table (as ? says it).
  const text = ctl.session.help().text;
  return (
    <section aria-labelledby="h-ayuda" class="help" data-mode={mode}>
      <h2 id="h-ayuda">{L.helpHeading}</h2>
      <details>
        <summary>{L.showHelp}</summary>
        <ul>
          {text.split('\n').map((l, i) => (
            <li key={i}>{l}</li>
          ))}
          {/* The page's own keys, which the terminal's command table does not have. */}
          <li>{L.rackKeys}</li>
        </ul>
      </details>
    </section>
  );
}
