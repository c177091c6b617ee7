/**
 * The page: the live regions (always present), the name asked once, then the lobby or a game
 * by the address after the `#`. Each route talks to the server through the one connection.
 */
import { type Signal, signal, useSignal } from '@preact/signals';
import type { Ref } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { type Connection, PRESENCE_UNSURE_MS } from '../client/connection.js';
import { MAX_NAME_LENGTH, nameSchema } from '../protocol/messages.js';
import type { LobbyGame, MyGame } from '../protocol/messages.js';
import { onlineErrorText } from '../play/errorText.js';
import { setOf } from '../play/view.js';
import { focusBoardCursor, focusMovesTo } from './game/Board.js';
import { GameController } from './game/controller.js';
import { GamePage } from './game/GamePage.js';
import type { ChatLine } from './game/Panels.js';
import {
  READING_RATES,
  loadSettings,
  saveRack,
  saveSetting,
  savedInvites,
  savedName,
  savedRack,
} from './identity.js';
import { waitingInvites } from '../client/invites.js';
import { L } from './labels.js';
import { LiveRegions, assertiveRegion, pacedSpeech, politeRegion, speak, unsay } from './live.js';
import { usePageHeading } from './heading.js';
import { Lobby } from './lobby/Lobby.js';
import { type MineChange, mineChanged, mineRelisted, newlySeated, seatedAs } from './lobby/mine.js';
import { connection, linkText, place, rename } from './net.js';
import { type Route, gameHash, routeKey, routeOf } from './route.js';
import { playCue } from './sound.js';

/** How long the lobby gathers news into one message (see `pacedSpeech`). */
const LOBBY_NEWS_MS = 250;

const route = signal<Route>(routeOf(location.hash));
window.addEventListener('hashchange', () => {
  route.value = routeOf(location.hash);
});
const name = signal<string | null>(savedName());
const settings = loadSettings();
const sound = signal(settings.sound);
sound.subscribe((on) => saveSetting('sound', on));
const chatAloud = signal(settings.chatAloud);
chatAloud.subscribe((on) => saveSetting('chatAloud', on));
const readingRate = signal(settings.readingRate);
readingRate.subscribe((rate) => saveSetting('readingRate', rate));

export function App() {
  const r = route.value;
  return (
    <>
      <LiveRegions />
      {name.value === null ? (
        <NameForm invited={r.page === 'game' && r.invite !== undefined} />
      ) : r.page === 'lobby' ? (
        <LobbyRoute name={name.value} unknown={r.unknown} />
      ) : (
        // Keyed by the whole address: another invitation (or seat) for the same game is asked
        // for again, not answered with what the last one got.
        <GameRoute key={routeKey(r)} name={name.value} route={r} />
      )}
    </>
  );
}

/**
 * The display name, asked once (issue 12, item 2); someone who came by an invitation link is
 * told that the game waits for them.
 */
function NameForm({ invited }: { invited: boolean }) {
  const heading = usePageHeading(L.appTitle);
  const draft = useSignal('');
  const problem = useSignal('');
  return (
    <main class="lobby">
      <h1 ref={heading} tabIndex={-1}>
        {L.appTitle}
      </h1>
      <p>{invited ? L.invitedTagline : L.tagline}</p>
      <section aria-labelledby="h-nombre">
        <h2 id="h-nombre">{L.nameHeading}</h2>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            const n = checkedName(draft, problem);
            if (n === null) return;
            name.value = n;
            // The focus goes to the next page's heading; this says the name was taken.
            speak(L.hello(n), 'polite');
          }}
        >
          <NameField id="nombre" label={L.nameLabel} draft={draft} problem={problem} />
          <button type="submit">{L.nameSave}</button>
        </form>
      </section>
    </main>
  );
}

function LobbyRoute({ name: who, unknown }: { name: string; unknown?: string | undefined }) {
  const heading = usePageHeading(L.appTitle);
  const unknownText = unknown === undefined ? '' : L.unknownAddress(readable(unknown));
  useEffect(() => {
    if (unknownText) speak(unknownText, 'assertive');
  }, [unknownText]);
  const open = useSignal<readonly LobbyGame[]>([]);
  const mine = useSignal<readonly MyGame[]>([]);
  const finished = useSignal<readonly MyGame[]>([]);
  const [conn, setConn] = useState<Connection | null>(null);
  // «Actualizar» was pressed: the list that answers it is said aloud.
  const refreshAsked = useRef(false);
  useEffect(() => {
    let stop = (): void => {};
    // The connection this effect subscribed: after a new name the next one is another.
    let got: Connection | null = null;
    let gone = false;
    // Two games changing at once arrive as two frames some milliseconds apart.
    const news = pacedSpeech(LOBBY_NEWS_MS, () => READING_RATES[readingRate.value]);
    const tell = (change: MineChange): void => {
      mine.value = change.mine;
      finished.value = change.finished;
      const priority = change.news?.assertive ? 'assertive' : 'polite';
      for (const part of change.news?.parts ?? []) news(part, priority);
    };
    connection(who).then(
      (c) => {
        if (gone) return;
        got = c;
        setConn(c);
        stop = c.listen((e) => {
          // Back after a drop: the games that ended meanwhile are not in the lobby any more.
          if (e.type === 'status' && e.status === 'back') c.listMyGames();
          else if (e.type === 'lobby') {
            open.value = e.games.filter((g) => g.phase !== 'over');
            // Again after a reconnection: the turns that came meanwhile are said.
            tell(mineChanged({ mine: mine.value, finished: finished.value }, e.games));
          } else if (e.type === 'lobbyGame') {
            const before = open.value.find((g) => g.gameId === e.game.gameId);
            const rest = open.value.filter((g) => g.gameId !== e.game.gameId);
            open.value = e.game.phase === 'over' ? rest : [e.game, ...rest];
            // Someone sat down in the player's own room: a screen-reader user waiting here
            // would not hear the list change.
            const own = mine.value.find((g) => g.gameId === e.game.gameId);
            const seated = before && own ? newlySeated(before, e.game, own.seat) : [];
            if (seated.length > 0) news(L.arrivedInRoom(seated), 'assertive');
            tell(mineChanged({ mine: mine.value, finished: finished.value }, [e.game]));
            // A seat in the player's name that this page does not know of: a room made, or a
            // seat taken, in another tab. The server says whose it is.
            if (!own && e.game.phase !== 'over' && seatedAs(e.game, who) && !seatedAs(before, who))
              c.listMyGames();
          } else if (e.type === 'rematch' && e.by !== undefined) {
            // Another player of a finished game asked for its rematch, which holds a seat for
            // this one too: said as «ha llegado a tu sala» is, and listed under «Mis partidas».
            news(L.rematchInLobby(e.by), 'assertive');
            c.listMyGames();
          } else if (e.type === 'myGames') {
            // «Actualizar» asked for the lists as they are, and hears how many; any other
            // answer (a reconnection, a room made in another tab) says the games that ended
            // unheard, while the connection was down.
            if (refreshAsked.current) {
              mine.value = e.games;
              finished.value = e.finished;
              speak(L.refreshed(e.games.length));
            } else
              tell(
                mineRelisted(
                  { mine: mine.value, finished: finished.value },
                  { mine: e.games, finished: e.finished },
                ),
              );
            refreshAsked.current = false;
          }
        });
        c.subscribeLobby();
        c.listMyGames();
      },
      () => {},
    );
    return () => {
      gone = true;
      stop();
      got?.unsubscribeLobby();
    };
  }, [who]);
  return (
    <main class="lobby">
      <h1 ref={heading} tabIndex={-1}>
        {L.appTitle}
      </h1>
      <NameChange who={who} />
      {unknownText && <p class="status warn">{unknownText}</p>}
      <p id="conexion" class={linkText.value ? 'status warn' : 'status'}>
        {linkText.value}
      </p>
      <Lobby
        open={open}
        mine={mine}
        finished={finished}
        onRefresh={() => {
          refreshAsked.current = conn?.listMyGames() ?? false;
          if (!refreshAsked.current) speak(onlineErrorText('OFFLINE'), 'assertive');
        }}
        stayAway={(gameId) =>
          void connection(who).then(
            (c) => c.leave(gameId),
            () => {},
          )
        }
        create={async (req) => {
          try {
            const c = await connection(who);
            const made = await c.create(req);
            // The new room is the player's: «Mis partidas» lists it, and a seat taken there is
            // said (above).
            c.listMyGames();
            return made;
          } catch (e) {
            const { code = 'SERVER_ERROR', data } = e as {
              code?: string;
              data?: Readonly<Record<string, unknown>>;
            };
            speak(onlineErrorText(code, data), 'assertive');
            return null;
          }
        }}
      />
    </main>
  );
}

/** The name typed in `draft`, trimmed, or null after saying what is wrong with it. */
function checkedName(draft: Signal<string>, problem: Signal<string>): string | null {
  const n = draft.value.trim();
  if (nameSchema.safeParse(n).success) {
    nameRightAgain(problem);
    return n;
  }
  const text = n.length > MAX_NAME_LENGTH ? L.nameTooLong(n.length) : L.nameInvalid;
  problem.value = text;
  speak(text, 'assertive');
  saidWrong = text;
  return null;
}

// What the assertive region was last given about a name field, to take back once it is right.
let saidWrong = '';

/**
 * The name is fine now (typed right, or the form given up): what was said wrong with it goes,
 * from the hint and from the assertive region, where a screen reader would still find it.
 */
function nameRightAgain(problem: Signal<string>): void {
  if (problem.value === '') return;
  problem.value = '';
  unsay(saidWrong);
}

/**
 * The name typed has grown past MAX_NAME_LENGTH: the field keeps every character (a
 * `maxlength` would drop the extra ones while a screen reader still echoes each key typed), and
 * says so once as it crosses the limit; the hint counts what is left to remove.
 */
function nameTyped(p: { draft: Signal<string>; problem: Signal<string> }, value: string): void {
  const before = p.draft.value.trim().length;
  p.draft.value = value;
  const n = value.trim().length;
  if (n > MAX_NAME_LENGTH) {
    p.problem.value = L.nameTooLong(n);
    if (before <= MAX_NAME_LENGTH) {
      speak(p.problem.value, 'assertive');
      saidWrong = p.problem.value;
    }
  } else if (nameSchema.safeParse(value.trim()).success) nameRightAgain(p.problem);
}

/** A name field with its label and its hint, which gives way to what is wrong (`problem`). */
function NameField(p: {
  id: string;
  label: string;
  draft: Signal<string>;
  problem: Signal<string>;
  field?: Ref<HTMLInputElement>;
  onEscape?: () => void;
}) {
  return (
    <>
      <label for={p.id}>{p.label}</label>
      <input
        id={p.id}
        ref={p.field}
        type="text"
        autoComplete="nickname"
        aria-describedby={`${p.id}-ayuda`}
        aria-invalid={p.problem.value ? true : undefined}
        value={p.draft.value}
        onInput={(e) => nameTyped(p, e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') p.onEscape?.();
        }}
      />
      <p id={`${p.id}-ayuda`} class="hint">
        {p.problem.value || L.nameHint}
      </p>
    </>
  );
}

/**
 * «Hola, Ana.» and «Cambiar de nombre»: the new name is said hello with again, and the server
 * renames the player everywhere they sit. Escape or «Cancelar» leaves the name as it was.
 */
function NameChange({ who }: { who: string }) {
  const editing = useSignal(false);
  const draft = useSignal(who);
  const problem = useSignal('');
  const change = useRef<HTMLButtonElement>(null);
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (editing.value) field.current?.focus();
  }, [editing.value]);
  const close = () => {
    editing.value = false;
    nameRightAgain(problem);
    // The button comes back on the next paint; the focus goes back to it.
    setTimeout(() => change.current?.focus(), 0);
  };
  if (!editing.value)
    return (
      <p>
        {L.hello(who)}{' '}
        <button
          type="button"
          ref={change}
          onClick={() => {
            draft.value = who;
            editing.value = true;
          }}
        >
          {L.nameChange}
        </button>
      </p>
    );
  return (
    <form
      class="rename"
      onSubmit={(e) => {
        e.preventDefault();
        const n = checkedName(draft, problem);
        if (n === null) return;
        if (n === who) return close();
        rename(n).then(
          () => {
            name.value = n;
            speak(L.renamed(n));
            close();
          },
          // The connection's own message (unreachable, refused) has been said.
          () => {},
        );
      }}
    >
      <NameField
        id="nombre-nuevo"
        label={L.nameNew}
        draft={draft}
        problem={problem}
        field={field}
        onEscape={close}
      />
      <button type="submit">{L.nameSave}</button>{' '}
      <button type="button" onClick={close}>
        {L.nameCancel}
      </button>
    </form>
  );
}

// An address as the player typed or pasted it (the browser shows «%20» for a space).
function readable(hash: string): string {
  try {
    return decodeURIComponent(hash);
  } catch {
    return hash;
  }
}

type GameRouteProps = { name: string; route: Extract<Route, { page: 'game' }> };

// The game a rematch is taking the player to, so that its page says so on arrival, and whether
// another player asked for it (said as an event the player did not cause).
let arrivingByRematch: { gameId: string; theirs: boolean } | undefined;

function GameRoute({ name: who, route: r }: GameRouteProps) {
  const [ctl, setCtl] = useState<GameController | null>(null);
  const [conn, setConn] = useState<Connection | null>(null);
  const problem = useSignal('');
  // The seat asked for is someone else's, or not to be had: the game may still be watched.
  const mayWatch = useSignal(false);
  const chat = useMemo(() => signal<readonly ChatLine[]>([]), [r.gameId]);
  // The rematch of a game that was already over on arrival: offered as a link, not followed.
  const rematch = useSignal<string | null>(null);
  const askedRematch = useRef(false);
  useEffect(() => {
    rematch.value = null;
    askedRematch.current = false;
    let stop = (): void => {};
    // What the game's controller still holds back is not said on the page that comes next.
    let closeGame = (): void => {};
    const mounted = { live: true };
    void (async () => {
      try {
        const c = await connection(who);
        const view = await c.join(r.gameId, {
          ...(r.invite ? { seatToken: r.invite } : {}),
          ...(r.seat !== undefined ? { seat: r.seat } : {}),
        });
        if (!mounted.live) return;
        place.value = view.seat === null ? 'watch' : 'seat';
        const overOnArrival = view.phase === 'over';
        // The seat is the player's now: the token or seat number has done its work.
        if (r.invite || r.seat !== undefined) history.replaceState(null, '', gameHash(r.gameId));
        const g = new GameController(
          view,
          { act: (a) => c.act(r.gameId, a) },
          {
            sound: (s) => sound.value && playCue(s),
            verbosity: loadSettings().detailed ? 'detallado' : 'breve',
            order: loadSettings().rackOrder,
            regions: { polite: politeRegion, assertive: assertiveRegion },
            focusFollowsCursor: focusMovesTo,
            readingRate: () => READING_RATES[readingRate.value],
          },
        );
        stop = c.listen((e) => {
          if (e.type === 'view' && e.gameId === r.gameId) g.update(e.view);
          else if (e.type === 'status' && e.status === 'back')
            g.session.reconnected(PRESENCE_UNSURE_MS);
          else if (e.type === 'chat' && e.gameId === r.gameId)
            chat.value = [...chat.value, { from: e.from, text: e.text, at: e.at }];
          else if (e.type === 'rematch' && e.gameId === r.gameId) {
            // Coming back to an old game (its record, its review) must not be taken away to
            // its rematch, nor must a player reading the review when another asks for one (a
            // change of page they did not ask for); a rematch made while the players are at the
            // table takes them there.
            const reading = document.activeElement?.closest('section.review') != null;
            if ((overOnArrival || reading) && !askedRematch.current) {
              // Made just now by another player (`by`): news the player did not cause. Else
              // the game had it already, said as the page's state on arrival.
              if (rematch.value !== e.newGameId) {
                if (e.by !== undefined) g.notify(L.rematchAsked(e.by), 'assertive');
                else g.notify(overOnArrival ? L.rematchExists : L.rematchWhileReading, 'polite');
              }
              rematch.value = e.newGameId;
            } else {
              arrivingByRematch = { gameId: e.newGameId, theirs: !askedRematch.current };
              location.hash = gameHash(e.newGameId);
            }
          } else if (e.type === 'error' && e.gameId === r.gameId)
            g.notify(
              onlineErrorText(e.error.code, e.error.data ?? {}, setOf(g.view)),
              'assertive',
              'error',
            );
        });
        // The rack as the player laid it out, and its order (I), survive a reload.
        const kept = savedRack(r.gameId);
        if (kept) g.arrange(kept);
        // Written when they change here: another tab's game keeps its own order until I is
        // pressed there.
        let layout = '';
        let order = g.snap.value.order;
        const stopKeeping = g.snap.subscribe((s) => {
          const slots = JSON.stringify(g.session.state.slots);
          if (s.view.rack !== null && slots !== layout) {
            layout = slots;
            saveRack(r.gameId, g.session.state.slots);
          }
          if (s.order !== order) {
            order = s.order;
            saveSetting('rackOrder', order);
          }
        });
        closeGame = () => {
          stopKeeping();
          g.close();
        };
        setConn(c);
        setCtl(g);
        // Arriving says whose turn it is, as T does (after the rematch that brought them).
        const byRematch = arrivingByRematch?.gameId === r.gameId ? arrivingByRematch : undefined;
        if (byRematch) arrivingByRematch = undefined;
        // A room made here still waiting for friends: its links are at the table.
        const invites = view.seat === null ? [] : waitingInvites(savedInvites(r.gameId), view);
        g.arrive(
          byRematch ? L.rematchArrived : undefined,
          byRematch?.theirs,
          invites.length > 0 ? L.invitesAtTable(invites.length) : undefined,
        );
        queueMicrotask(focusBoardCursor);
      } catch (e) {
        const { code = 'SERVER_ERROR', data } = e as {
          code?: string;
          data?: Readonly<Record<string, unknown>>;
        };
        // With its data: a seat refusal names the seat («Ya ocupas el asiento 1…»).
        problem.value = onlineErrorText(code, data);
        mayWatch.value = code === 'SEAT_TAKEN' || code === 'SEAT_NOT_OPEN';
        speak(mayWatch.value ? `${problem.value} ${L.watchInstead}` : problem.value, 'assertive');
      }
    })();
    return () => {
      mounted.live = false;
      place.value = 'lobby';
      stop();
      closeGame();
      void connection(who).then(
        (c) => c.leave(r.gameId),
        () => {},
      );
    };
  }, [r.gameId]);

  if (!ctl || !conn)
    return <GameLoading problem={problem.value} watch={mayWatch.value ? r.gameId : null} />;
  return (
    <GamePage
      ctl={ctl}
      gameId={r.gameId}
      chat={chat}
      onChat={(text) => {
        if (!conn.chat(r.gameId, text)) speak(onlineErrorText('OFFLINE'), 'assertive');
      }}
      status={linkText}
      sound={sound}
      chatAloud={chatAloud}
      readingRate={readingRate}
      rematch={rematch.value}
      onRematch={() => {
        askedRematch.current = true;
        conn.rematch(r.gameId);
      }}
    />
  );
}

/**
 * The game page before the server's first view, or the reason there is none; `watch`, a game
 * whose seat was refused, is offered to watch as the lobby offers it («Mirar»).
 */
function GameLoading({ problem, watch }: { problem: string; watch: string | null }) {
  const heading = usePageHeading(L.appTitle);
  return (
    <main class="game">
      <h1 ref={heading} tabIndex={-1}>
        {L.appTitle}
      </h1>
      <p>{problem || L.loading}</p>
      {problem && watch !== null && (
        <p>
          <a href={gameHash(watch)}>{L.watchGame}</a>
        </p>
      )}
      <p>
        <a href="#/">{L.backToLobby}</a>
      </p>
    </main>
  );
}
