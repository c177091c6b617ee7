/** «Mis partidas» kept live from the lobby's updates (lobby/mine.ts). */
import { describe, expect, it } from 'vitest';
import type { LobbyGame, MyGame } from '../../protocol/messages.js';
import { lobbyGame } from '../../protocol/testing/lobby.js';
import { describeMine, yours } from '../../play/lobbyText.js';
import { L } from '../labels.js';
import {
  type MineNews,
  type MyLists,
  mineChanged,
  mineRelisted,
  newlySeated,
  seatedAs,
} from './mine.js';

// What a screen reader hears of some news: its sentences in one message.
const heard = (n: MineNews | null) => n && { text: n.parts.join(' '), assertive: n.assertive };

// Ana (seat 0) and Bea (seat 1): Bea to play, 10 to 12, version 5. The lobby's frame for it
// (the lobby is everyone's: no seat).
const update = (over: Partial<LobbyGame> = {}): LobbyGame =>
  lobbyGame({
    seats: [
      { name: 'Ana', bot: null, free: false },
      { name: 'Bea', bot: null, free: false },
    ],
    turn: 1,
    scores: [10, 12],
    version: 5,
    ...over,
  });

// The same game as «Mis partidas» lists it for Ana.
const listed = (over: Partial<LobbyGame> = {}): MyGame => ({ ...update(over), seat: 0 });

// The player's lists: these unfinished games, and these finished.
const lists = (mine: readonly MyGame[], finished: readonly MyGame[] = []): MyLists => ({
  mine,
  finished,
});

describe('mineChanged', () => {
  it('says when the turn comes to the player, and the line says so', () => {
    const { mine, news } = mineChanged(lists([listed()]), [
      update({ turn: 0, scores: [10, 30], version: 6 }),
    ]);
    expect(heard(news)).toEqual({
      text: 'Te toca en tu partida con Bea: si no vas a la mesa, a los 2 minutos pueden reclamártela.',
      assertive: false,
    });
    expect(mine[0]).toMatchObject({ turn: 0, scores: [10, 30], version: 6, seat: 0 });
    expect(describeMine(mine[0]!)).toBe('Ana, Bea · FISE (torneo) · te toca');
  });

  it('a game that ends while the player waits (a resignation, a claim, the last tile) is said, and moves to the finished ones', () => {
    const claimed = { winners: [1], resigned: 0, claimedBy: 1 };
    const before = listed({ gameId: 'g0', phase: 'over', turn: null, version: 9 });
    const { mine, finished, news } = mineChanged(lists([listed()], [before]), [
      update({ turn: null, phase: 'over', scores: [10, 12], version: 6, end: claimed }),
    ]);
    expect(heard(news)).toEqual({
      text: 'Ha terminado tu partida con Bea. Bea reclama la partida: la pierdes por no estar en la mesa en tu turno. Gana Bea: Tú 10, Bea 12. Puedes verla en «Partidas terminadas».',
      assertive: true,
    });
    expect(mine).toEqual([]);
    expect(finished.map((g) => g.gameId)).toEqual(['g1', 'g0']);
    expect(describeMine(finished[0]!)).toBe(
      'Ana, Bea · FISE (torneo) · terminada (te la reclamó Bea), gana Bea: Tú 10, Bea 12',
    );
    // Said once: the same end again is no news.
    expect(
      mineChanged(lists(mine, finished), [
        update({ turn: null, phase: 'over', version: 6, end: claimed }),
      ]).news,
    ).toBeNull();
  });

  it('E-07: the end says why (a resignation, a claim) and who won, whatever the scores say', () => {
    const over = (end: LobbyGame['end'], scores = [30, 12]): MyGame => ({
      ...update({ turn: null, phase: 'over', scores, version: 6, end }),
      seat: 0,
    });
    const said = (g: MyGame): string | undefined =>
      heard(mineChanged(lists([listed()]), [g]).news)?.text.replace(/ Puedes verla.*$/, '');
    expect(said(over({ winners: [0], resigned: 1, claimedBy: null }))).toBe(
      'Ha terminado tu partida con Bea. Bea abandona. Has ganado: Tú 30, Bea 12.',
    );
    expect(said(over({ winners: [1], resigned: 0, claimedBy: 1 }))).toBe(
      'Ha terminado tu partida con Bea. Bea reclama la partida: la pierdes por no estar en la mesa en tu turno. Gana Bea: Tú 30, Bea 12.',
    );
    expect(describeMine(over({ winners: [0], resigned: 1, claimedBy: null }))).toBe(
      'Ana, Bea · FISE (torneo) · terminada (Bea abandonó), has ganado: Tú 30, Bea 12',
    );
    expect(said(over({ winners: [0], resigned: null, claimedBy: null }))).toBe(
      'Ha terminado tu partida con Bea. Has ganado: Tú 30, Bea 12.',
    );
    expect(said(over({ winners: [0, 1], resigned: null, claimedBy: null }, [20, 20]))).toBe(
      'Ha terminado tu partida con Bea. Empate: Tú 20, Bea 20.',
    );
    // Three at the table: Bea claims it from Cris; Ana and Bea share the win.
    const three: MyGame = {
      ...update({
        seats: [
          { name: 'Ana', bot: null, free: false },
          { name: 'Bea', bot: null, free: false },
          { name: 'Cris', bot: null, free: false },
        ],
        turn: null,
        phase: 'over',
        scores: [20, 20, 5],
        version: 6,
        end: { winners: [0, 1], resigned: 2, claimedBy: 1 },
      }),
      seat: 0,
    };
    expect(said(three)).toBe(
      'Ha terminado tu partida con Bea y Cris. Bea reclama la partida: Cris la pierde por no estar en la mesa en su turno. Empate entre tú y Bea: Tú 20, Bea 20, Cris 5.',
    );
    expect(describeMine(three)).toBe(
      'Ana, Bea, Cris · FISE (torneo) · terminada (Bea se la reclamó a Cris), empate entre tú y Bea: Tú 20, Bea 20, Cris 5',
    );
    // From a server that does not say how it ended: the scores alone.
    expect(said(over(undefined))).toBe('Ha terminado tu partida con Bea. Tú 30, Bea 12.');
  });

  it('nothing to say when the turn passes between others, or stays the player’s', () => {
    const three = (turn: number, version: number): Partial<LobbyGame> => ({
      seats: [
        { name: 'Ana', bot: null, free: false },
        { name: 'Bea', bot: null, free: false },
        { name: 'Aficionado', bot: 'aficionado', free: false },
      ],
      scores: [0, 0, 0],
      turn,
      version,
    });
    const { mine, news } = mineChanged(lists([listed(three(1, 5))]), [update(three(2, 6))]);
    expect(news).toBeNull();
    expect(describeMine(mine[0]!)).toBe(
      'Ana, Bea, Aficionado · FISE (torneo) · turno de Aficionado',
    );
    // A challenge decided on the player's own turn keeps it theirs: not said again.
    expect(
      mineChanged(lists([listed({ turn: 0 })]), [update({ turn: 0, version: 6 })]).news,
    ).toBeNull();
  });

  it('the whole lobby again after a reconnection: what changed meanwhile in one message', () => {
    const other = (over: Partial<LobbyGame>) => update({ gameId: 'g2', ...over });
    const mine = [listed(), { ...other({ turn: 0, version: 3 }), seat: 1 }];
    const { news } = mineChanged(lists(mine), [
      update({ turn: 0, version: 6 }),
      other({ turn: 1, version: 4 }),
      update({ gameId: 'g3', turn: 0 }),
    ]);
    expect(heard(news)).toEqual({
      text: 'Te toca en tu partida con Bea: si no vas a la mesa, a los 2 minutos pueden reclamártela. Te toca en tu partida con Ana: si no vas a la mesa, a los 2 minutos pueden reclamártela.',
      assertive: false,
    });
  });

  it('E-06: when the last play of the game waits for the player, the turn is to accept or challenge it', () => {
    const { mine, news } = mineChanged(lists([listed()]), [
      update({ turn: 0, phase: 'final-challenge', version: 6 }),
    ]);
    expect(heard(news)?.text).toBe(
      'En tu partida con Bea, te toca aceptar o impugnar la última jugada: si no vas a la mesa, a los 2 minutos pueden reclamártela.',
    );
    expect(describeMine(mine[0]!)).toBe(
      'Ana, Bea · FISE (torneo) · te toca aceptar o impugnar la última jugada',
    );
    expect(yours(mine[0]!)).toBe(true);
    expect(yours(listed())).toBe(false);
  });

  it('against the computer alone nobody can claim: the turn is said without the warning', () => {
    const bot = (turn: number, version: number): Partial<LobbyGame> => ({
      seats: [
        { name: 'Ana', bot: null, free: false },
        { name: 'Aficionado', bot: 'aficionado', free: false },
      ],
      turn,
      version,
    });
    expect(heard(mineChanged(lists([listed(bot(1, 5))]), [update(bot(0, 6))]).news)?.text).toBe(
      'Te toca en tu partida con Aficionado.',
    );
  });

  it('a room that fills on the player’s turn: the turn is news then, not while the room waited', () => {
    const seats = (bea: string): Partial<LobbyGame> => ({
      seats: [
        { name: 'Ana', bot: null, free: false },
        { name: bea, bot: null, free: false },
      ],
      turn: 0,
      scores: [0, 0],
    });
    const waiting = listed({ ...seats(''), version: 1 });
    expect(mineChanged(lists([waiting]), [update({ ...seats(''), version: 1 })]).news).toBeNull();
    expect(
      heard(mineChanged(lists([waiting]), [update({ ...seats('Bea'), version: 1 })]).news),
    ).toEqual({
      text: 'Te toca en tu partida con Bea: si no vas a la mesa, a los 2 minutos pueden reclamártela.',
      assertive: false,
    });
  });

  it('a room still waiting for its players says so, not whose turn it is', () => {
    const waiting = listed({
      seats: [
        { name: 'Ana', bot: null, free: false },
        { name: '', bot: null, free: false },
        { name: '', bot: null, free: true },
      ],
      scores: [0, 0, 0],
      turn: 0,
    });
    expect(describeMine(waiting)).toBe(
      'Ana, Invitado (asiento 2), asiento libre · FISE (torneo) · faltan jugadores',
    );
  });

  it('an update older than the listing, or of a game not the player’s, changes nothing', () => {
    const mine = lists([listed()]);
    expect(mineChanged(mine, [update({ turn: 0, version: 4 })])).toEqual({ ...mine, news: null });
    expect(mineChanged(mine, [{ ...update({ turn: 0, version: 9 }), gameId: 'g2' }])).toEqual({
      ...mine,
      news: null,
    });
  });
});

describe('mineRelisted and seatedAs', () => {
  it('a list the player did not ask for takes the server’s lists, and says the games that ended unheard', () => {
    const ended = listed({ phase: 'over', turn: null, version: 6 });
    const other = { ...update({ gameId: 'g2' }), seat: 0 };
    expect(mineRelisted(lists([], [ended]), lists([other], [ended]))).toEqual({
      ...lists([other], [ended]),
      news: null,
    });
    // Listed here as running, among the finished by the server: it ended while the connection
    // was down, and the server says how.
    const resigned = listed({
      phase: 'over',
      turn: null,
      version: 7,
      end: { winners: [0], resigned: 1, claimedBy: null },
    });
    const back = mineRelisted(lists([listed(), other]), lists([other], [resigned]));
    expect(back.mine).toEqual([other]);
    expect(back.finished).toEqual([resigned]);
    expect(heard(back.news)).toEqual({
      text: 'Ha terminado tu partida con Bea. Bea abandona. Has ganado: Tú 10, Bea 12. Puedes verla en «Partidas terminadas».',
      assertive: true,
    });
    // Listed by the server in neither list (more than ten ended since): how is not known here.
    const { mine, finished, news } = mineRelisted(lists([listed(), other]), lists([other]));
    expect(mine).toEqual([other]);
    expect(finished.map((g) => [g.gameId, g.phase])).toEqual([['g1', 'over']]);
    expect(describeMine(finished[0]!)).toBe('Ana, Bea · FISE (torneo) · terminada');
    expect(heard(news)).toEqual({
      text: 'Tu partida con Bea ha terminado mientras se había cortado la conexión: ábrela con «Ver» para saber cómo. Puedes verla en «Partidas terminadas».',
      assertive: true,
    });
  });

  it('a seat in the player’s name: a person’s, not a bot’s', () => {
    expect(seatedAs(update(), 'Bea')).toBe(true);
    expect(seatedAs(update(), 'Cris')).toBe(false);
    expect(seatedAs(undefined, 'Bea')).toBe(false);
    const bot = update({
      seats: [{ name: 'Bea', bot: 'experto', free: false }, ...update().seats],
    });
    expect(seatedAs(bot, 'Bea')).toBe(true);
    expect(
      seatedAs(
        update({
          seats: [
            { name: 'Bea', bot: 'experto', free: false },
            { name: 'Ana', bot: null, free: false },
          ],
        }),
        'Bea',
      ),
    ).toBe(false);
  });
});

describe('newlySeated', () => {
  it('names the people who sat down since the last listing, not the viewer nor a bot', () => {
    const before = lobbyGame({
      seats: [
        { name: 'Ana', bot: null, free: false },
        { name: '', bot: null, free: false },
        { name: '', bot: null, free: true },
        { name: 'Aficionado', bot: 'aficionado', free: false },
      ],
    });
    const after = lobbyGame({
      seats: [
        { name: 'Ana', bot: null, free: false },
        { name: 'Beto', bot: null, free: false },
        { name: 'Cris', bot: null, free: false },
        { name: 'Aficionado', bot: 'aficionado', free: false },
      ],
    });
    expect(newlySeated(before, after, 0)).toEqual(['Beto', 'Cris']);
    // Beto's own page hears only Cris.
    expect(newlySeated(before, after, 1)).toEqual(['Cris']);
    expect(newlySeated(after, after, 0)).toEqual([]);
    // Said in one message: two set at once, the second would replace the first.
    expect(L.arrivedInRoom(newlySeated(before, after, 0))).toBe(
      'Beto y Cris han llegado a tu sala. Tu partida está en «Mis partidas».',
    );
    expect(L.arrivedInRoom(['Cris'])).toBe(
      'Cris ha llegado a tu sala. Tu partida está en «Mis partidas».',
    );
  });
});
