/**
 * One game on the page: the areas of UX.md §2.5 in heading order, and the keyboard routed to
 * the session from anywhere on the page but text fields.
 */
import { type Signal, useSignal } from '@preact/signals';
import { useEffect, useMemo } from 'preact/hooks';
import { waitingSeatName } from '../../play/messages.js';
import { usePageHeading } from '../heading.js';
import { type ReadingRate, forgetInvites, savedInvites } from '../identity.js';
import { waitingInvites } from '../../client/invites.js';
import { InviteLinks, useInviteFocus } from '../InviteLinks.js';
import { L } from '../labels.js';
import { Board, focusBoardCursor } from './Board.js';
import type { GameController } from './controller.js';
import { focusKind, keyInput } from './keys.js';
import {
  Actions,
  Chat,
  type ChatLine,
  Help,
  History,
  LastPlay,
  Result,
  Scores,
  Settings,
  Tentative,
} from './Panels.js';
import { Rack } from './Rack.js';
import { Review } from './Review.js';

export interface GamePageProps {
  readonly ctl: GameController;
  readonly gameId: string;
  readonly chat: Signal<readonly ChatLine[]>;
  readonly onChat: (text: string) => void;
  /** The connection's state in words; empty when connected. */
  readonly status: Signal<string>;
  readonly sound: Signal<boolean>;
  readonly chatAloud: Signal<boolean>;
  readonly readingRate: Signal<ReadingRate>;
  readonly onRematch?: () => void;
  /** The game's rematch, when it had one already as the page opened. */
  readonly rematch?: string | null;
}

export function GamePage(p: GamePageProps) {
  const { ctl } = p;
  const picked = useSignal<number | null>(null);
  const view = ctl.snap.value.view;

  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      const input = keyInput(e, focusKind(document.activeElement));
      if (!input) return;
      // Keys the page answers are its own: no scrolling on arrows, no browser help on F1.
      e.preventDefault();
      picked.value = null;
      ctl.key(input);
    };
    document.addEventListener('keydown', onKey);
    const timer = setInterval(() => ctl.onTick(), 1000);
    return () => {
      document.removeEventListener('keydown', onKey);
      clearInterval(timer);
    };
  }, [ctl]);

  // The links of a room this browser made, for its seats still waiting for their invitees;
  // forgotten once none waits.
  const invites = useMemo(() => savedInvites(p.gameId), [p.gameId]);
  const waiting = waitingInvites(invites, view);
  useEffect(() => {
    if (invites.length > 0 && waiting.length === 0) forgetInvites(p.gameId);
  }, [invites, waiting.length, p.gameId]);
  useInviteFocus('invitaciones', focusBoardCursor);

  const names = view.seats.map((s, i) =>
    i === view.seat ? L.you : s.name || waitingSeatName(i, s.open),
  );
  // The board takes the focus on arrival (App.tsx); the heading only names the tab.
  const heading = usePageHeading(L.gameTitle(names), false);
  return (
    <main class="game" aria-labelledby="h-partida">
      <header class="game-head">
        <h1 id="h-partida" ref={heading} tabIndex={-1}>
          {L.gameTitle(names)}
        </h1>
        <p class="nav">
          <a href="#/">{L.backToLobby}</a>
        </p>
        <p id="conexion" class={p.status.value ? 'status warn' : 'status'}>
          {p.status.value}
        </p>
        {view.seat === null && <p class="watching">{L.watching}</p>}
        <p class="latest" aria-hidden="true">
          {ctl.latest.value?.text}
        </p>
      </header>
      <Result view={view} />
      {view.phase === 'over' && <Review gameId={p.gameId} view={view} />}
      <div class="game-grid">
        <div class="area-scores">
          <Scores ctl={ctl} />
        </div>
        {view.seat !== null && (
          <section aria-labelledby="h-atril" class="area-rack">
            <h2 id="h-atril">{L.rackHeading}</h2>
            <Rack ctl={ctl} picked={picked} />
          </section>
        )}
        <section aria-labelledby="h-tablero" class="area-board">
          <h2 id="h-tablero" class="sr-only-desktop">
            {L.boardHeading}
          </h2>
          <Board ctl={ctl} picked={picked} />
        </section>
        <div class="area-side">
          {view.seat !== null && waiting.length > 0 && (
            <section id="invitaciones" aria-labelledby="h-invitaciones" class="invite">
              <h2 id="h-invitaciones">{L.inviteHeading}</h2>
              <p>{L.invitesHint(waiting.length)}</p>
              <InviteLinks gameId={p.gameId} tokens={waiting} />
            </section>
          )}
          {view.seat !== null && <Tentative ctl={ctl} />}
          <LastPlay ctl={ctl} />
          <History ctl={ctl} />
          <Chat
            ctl={ctl}
            lines={p.chat}
            onSend={p.onChat}
            canSend={true}
            aloud={p.chatAloud.value}
          />
          <Actions
            ctl={ctl}
            gameId={p.gameId}
            onRematch={p.onRematch}
            rematch={p.rematch ?? null}
          />
          <Settings ctl={ctl} sound={p.sound} chatAloud={p.chatAloud} readingRate={p.readingRate} />
          <Help ctl={ctl} />
        </div>
      </div>
    </main>
  );
}
