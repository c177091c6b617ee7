/**
 * The entrance (issue 12, item 3): a quick game against the computer, a room with friends and
 * its invitation links, the open rooms to join or watch, the player's unfinished games and
 * their last finished ones.
 */
import { type Signal, useSignal } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import { type LobbyGame, type MyGame, botLevelSchema } from '../../protocol/messages.js';
import { L } from '../labels.js';
import { speak } from '../live.js';
import { describeGame, describeMine, mineStatus, yours } from '../../play/lobbyText.js';
import { forgetInvites, saveInvites } from '../identity.js';
import { waitingInvites } from '../../client/invites.js';
import { InviteLinks, inviteFieldId, useInviteFocus } from '../InviteLinks.js';
import { gameHash, routeOf } from '../route.js';
import {
  type ChallengeMode,
  type CreateRequest,
  type Created,
  type FieldProblem,
  type Level,
  type Preset,
  quickGame,
  roomRequest,
} from './requests.js';

export interface LobbyProps {
  readonly open: Signal<readonly LobbyGame[]>;
  readonly mine: Signal<readonly MyGame[]>;
  /** The player's finished games, the last to end first. */
  readonly finished: Signal<readonly MyGame[]>;
  /** Creates a game; resolves with it, or with null after saying why not. */
  readonly create: (req: CreateRequest) => Promise<Created | null>;
  /**
   * The player stays here after making a room for invited friends: creating it seated them at
   * its table, and a player in the lobby is away from it (the others may claim on their turn).
   */
  readonly stayAway: (gameId: string) => void;
  readonly onRefresh: () => void;
}

// The room form's number fields by what they hold.
const FIELD_IDS = { clock: 'reloj', target: 'objetivo' } as const;

function go(hash: string): void {
  location.hash = hash;
}

export function Lobby(p: LobbyProps) {
  const level = useSignal<Level>('aficionado');
  const quickPreset = useSignal<Preset>('fise');
  const seats = useSignal(2);
  const preset = useSignal<Preset>('fise');
  const challenge = useSignal<ChallengeMode | 'preset'>('preset');
  const clock = useSignal('');
  const rack9 = useSignal(false);
  const target = useSignal('');
  const openRoom = useSignal(false);
  const created = useSignal<Created | null>(null);
  // A number field of the room form that does not hold what it asks for, and why.
  const problem = useSignal<{ field: FieldProblem['field']; text: string } | null>(null);

  // A field marked wrong names its message, so that a screen reader reads it with the field.
  const invalidProps = (field: FieldProblem['field']) =>
    problem.value?.field === field
      ? { 'aria-invalid': true, 'aria-describedby': `${FIELD_IDS[field]}-error` }
      : {};

  // The game link that last had the focus: when its line goes from under the focus (one of the
  // player's games ended and left «Salas abiertas» and «Mis partidas»), the focus goes to the
  // same game in «Partidas terminadas», or to the heading of the open rooms, instead of falling
  // to the page.
  const focused = useRef<{ link: Element; gameId: string } | null>(null);
  useEffect(() => {
    const seen = (e: FocusEvent): void => {
      const link = e.target instanceof Element ? e.target.closest('a[href^="#/partida/"]') : null;
      const r = link ? routeOf(link.getAttribute('href')!) : null;
      focused.current = link && r?.page === 'game' ? { link, gameId: r.gameId } : null;
    };
    document.addEventListener('focusin', seen);
    return () => document.removeEventListener('focusin', seen);
  }, []);
  useEffect(() => {
    const f = focused.current;
    const active = document.activeElement;
    if (!f || f.link.isConnected || (active && active !== document.body)) return;
    const again = document.querySelector<HTMLElement>(
      `#mis-partidas a[href="${gameHash(f.gameId)}"], #terminadas a[href="${gameHash(f.gameId)}"]`,
    );
    (again ?? document.getElementById('h-abiertas'))?.focus();
  });

  // The room just made: the links of its seats still waiting (a friend who sat down takes
  // theirs, and the links are forgotten once all have).
  const made = created.value;
  const listed = made ? p.mine.value.find((g) => g.gameId === made.gameId) : undefined;
  const pending =
    made && listed ? waitingInvites(made.inviteTokens, listed) : (made?.inviteTokens ?? []);
  useEffect(() => {
    if (made && listed && pending.length === 0) forgetInvites(made.gameId);
  }, [made, listed, pending.length]);
  useInviteFocus('invitaciones-sala', () => document.getElementById('ir-a-la-sala')?.focus());

  const presetSelect = (id: string, sig: Signal<Preset>) => (
    <label for={id}>
      {L.preset}
      <select
        id={id}
        value={sig.value}
        onChange={(e) => (sig.value = e.currentTarget.value as Preset)}
      >
        {(['fise', 'caja', 'sala'] as const).map((k) => (
          <option key={k} value={k}>
            {L.presets[k]}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <>
      <section aria-labelledby="h-rapida">
        <h2 id="h-rapida">{L.quickHeading}</h2>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void p.create(quickGame(level.value, quickPreset.value)).then((g) => {
              if (g) go(gameHash(g.gameId));
            });
          }}
        >
          <label for="nivel">
            {L.level}
            <select
              id="nivel"
              value={level.value}
              onChange={(e) => (level.value = e.currentTarget.value as Level)}
            >
              {botLevelSchema.options.map((k) => (
                <option key={k} value={k}>
                  {L.levels[k]}
                </option>
              ))}
            </select>
          </label>
          {presetSelect('reglas-rapida', quickPreset)}
          <button type="submit">{L.playBot}</button>
        </form>
      </section>

      <section aria-labelledby="h-sala">
        <h2 id="h-sala">{L.roomHeading}</h2>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            const req = roomRequest({
              seats: seats.value,
              preset: preset.value,
              challenge: challenge.value,
              clock: clock.value,
              rack9: rack9.value,
              target: target.value,
              openRoom: openRoom.value,
            });
            if (!req.ok) {
              const { field, min, max } = req.error;
              const text = (field === 'clock' ? L.clockInvalid : L.targetInvalid)(min, max);
              problem.value = { field, text };
              speak(text, 'assertive');
              document.getElementById(FIELD_IDS[field])?.focus();
              return;
            }
            problem.value = null;
            void p.create(req.value).then((g) => {
              created.value = g;
              if (!g) return;
              if (g.inviteTokens.length === 0) {
                go(gameHash(g.gameId));
                return;
              }
              saveInvites(g.gameId, g.inviteTokens);
              p.stayAway(g.gameId);
              // Said, and the first link focused, ready to copy: the button pressed stays
              // where it was and nothing else would tell a screen-reader user it worked.
              speak(L.roomCreated(g.inviteTokens.length));
              setTimeout(() =>
                document.getElementById(inviteFieldId(g.inviteTokens[0]!.seat))?.focus(),
              );
            });
          }}
        >
          <label for="asientos">
            {L.seats}
            <select
              id="asientos"
              value={String(seats.value)}
              onChange={(e) => (seats.value = Number(e.currentTarget.value))}
            >
              {[2, 3, 4].map((n) => (
                <option key={n} value={String(n)}>
                  {n}
                </option>
              ))}
            </select>
          </label>
          {presetSelect('reglas-sala', preset)}
          <label for="impugnacion">
            {L.challenge}
            <select
              id="impugnacion"
              value={challenge.value}
              onChange={(e) =>
                (challenge.value = e.currentTarget.value as ChallengeMode | 'preset')
              }
            >
              {(['preset', 'single', 'double', 'penalty', 'automatic', 'void'] as const).map(
                (k) => (
                  <option key={k} value={k}>
                    {L.challengeModes[k]}
                  </option>
                ),
              )}
            </select>
          </label>
          <label for="reloj">
            {L.clock}
            <input
              id="reloj"
              type="text"
              inputMode="numeric"
              autoComplete="off"
              value={clock.value}
              onInput={(e) => (clock.value = e.currentTarget.value)}
              {...invalidProps('clock')}
            />
          </label>
          {problem.value?.field === 'clock' && (
            <p id="reloj-error" class="hint error">
              {problem.value.text}
            </p>
          )}
          <label for="objetivo">
            {L.target}
            <input
              id="objetivo"
              type="text"
              inputMode="numeric"
              autoComplete="off"
              value={target.value}
              onInput={(e) => (target.value = e.currentTarget.value)}
              {...invalidProps('target')}
            />
          </label>
          {problem.value?.field === 'target' && (
            <p id="objetivo-error" class="hint error">
              {problem.value.text}
            </p>
          )}
          <label class="check">
            <input
              type="checkbox"
              checked={rack9.value}
              onChange={(e) => (rack9.value = e.currentTarget.checked)}
            />
            {L.rack9}
          </label>
          <label class="check">
            <input
              type="checkbox"
              checked={openRoom.value}
              onChange={(e) => (openRoom.value = e.currentTarget.checked)}
            />
            {L.openRoom}
          </label>
          <button type="submit">{L.createRoom}</button>
        </form>
        {made && made.inviteTokens.length > 0 && (
          <div id="invitaciones-sala" class="invite" aria-labelledby="h-invitaciones" role="group">
            <h3 id="h-invitaciones">{L.inviteHeading}</h3>
            {pending.length > 0 ? (
              <InviteLinks gameId={made.gameId} tokens={pending} />
            ) : (
              <p>{L.allArrived}</p>
            )}
            <p>
              <a id="ir-a-la-sala" href={gameHash(made.gameId)}>
                {L.goToGame}
              </a>
            </p>
          </div>
        )}
      </section>

      <section aria-labelledby="h-abiertas">
        <h2 id="h-abiertas" tabIndex={-1}>
          {L.openHeading}
        </h2>
        {p.open.value.length === 0 ? (
          <p>{L.noOpen}</p>
        ) : (
          <ul class="rooms">
            {p.open.value.map((g) => {
              const free = g.seats.findIndex((s) => s.free);
              // A room the player already sits in is theirs to go back to, not to join again.
              const seated = p.mine.value.some((m) => m.gameId === g.gameId);
              return (
                <li key={g.gameId}>
                  <span>{describeGame(g)}</span>
                  {seated ? (
                    <a href={gameHash(g.gameId)} aria-label={`${L.resume}: ${describeGame(g)}`}>
                      {L.resume}
                    </a>
                  ) : (
                    free >= 0 && (
                      <a
                        href={gameHash(g.gameId, free)}
                        aria-label={`${L.join}: ${describeGame(g)}`}
                      >
                        {L.join}
                      </a>
                    )
                  )}
                  {!seated && (
                    <a href={gameHash(g.gameId)} aria-label={`${L.watch}: ${describeGame(g)}`}>
                      {L.watch}
                    </a>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <section id="mis-partidas" aria-labelledby="h-mias">
        <h2 id="h-mias">{L.mineHeading}</h2>
        <MyGameList games={p.mine.value} empty={L.noMine} />
        <button type="button" onClick={p.onRefresh}>
          {L.refresh}
        </button>
      </section>

      <section id="terminadas" aria-labelledby="h-terminadas">
        <h2 id="h-terminadas">{L.finishedHeading}</h2>
        <MyGameList games={p.finished.value} empty={L.noFinished} />
      </section>
    </>
  );
}

// The player's games, each with where it stands and the link to it: «Seguir», or «Ver» once over.
function MyGameList({ games, empty }: { games: readonly MyGame[]; empty: string }) {
  if (games.length === 0) return <p>{empty}</p>;
  return (
    <ul class="rooms">
      {games.map((g) => {
        const action = g.phase === 'over' ? L.seeEnded : L.resume;
        return (
          <li key={g.gameId}>
            <span>
              {describeGame(g)}
              {mineStatus(g) !== null && ' · '}
              {yours(g) ? <strong class="yours">{mineStatus(g)}</strong> : mineStatus(g)}
            </span>
            <a href={gameHash(g.gameId)} aria-label={`${action}: ${describeMine(g)}`}>
              {action}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
