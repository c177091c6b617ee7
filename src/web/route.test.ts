/** The page's addresses: lobby, game, invitation and open-seat links (after the #). */
import { describe, expect, it } from 'vitest';
import { gameHash, inviteUrl, routeKey, routeOf } from './route.js';

describe('routes', () => {
  it('reads the lobby, a game, an invitation and an open seat', () => {
    expect(routeOf('')).toEqual({ page: 'lobby' });
    expect(routeOf('#/')).toEqual({ page: 'lobby' });
    expect(routeOf('#/partida/abc123')).toEqual({ page: 'game', gameId: 'abc123' });
    expect(routeOf('#/partida/abc123?invitacion=t%2Bk')).toEqual({
      page: 'game',
      gameId: 'abc123',
      invite: 't+k',
    });
    expect(routeOf('#/partida/abc123?asiento=2')).toEqual({
      page: 'game',
      gameId: 'abc123',
      seat: 1,
    });
  });

  it('writes links that read back the same', () => {
    const url = inviteUrl('http://casa:8080', 'g1', 'tok/en');
    expect(url).toBe('http://casa:8080/#/partida/g1?invitacion=tok%2Fen');
    expect(routeOf(new URL(url).hash)).toEqual({ page: 'game', gameId: 'g1', invite: 'tok/en' });
    expect(routeOf(gameHash('g1', 3))).toEqual({ page: 'game', gameId: 'g1', seat: 3 });
  });

  it('takes anything else for the lobby, keeping the address it could not read', () => {
    expect(routeOf('#')).toEqual({ page: 'lobby' });
    expect(routeOf('#/partida/')).toEqual({ page: 'lobby', unknown: '#/partida/' });
    expect(routeOf('#/otra')).toEqual({ page: 'lobby', unknown: '#/otra' });
    // A game link cut or mistyped when it was copied.
    expect(routeOf('#/partida/abc 123')).toEqual({ page: 'lobby', unknown: '#/partida/abc 123' });
  });

  it('tells two invitations, or two seats, for the same game apart (the page asks again)', () => {
    const key = (hash: string) => routeKey(routeOf(hash));
    expect(key('#/partida/g1?invitacion=a')).not.toBe(key('#/partida/g1?invitacion=b'));
    expect(key('#/partida/g1?asiento=2')).not.toBe(key('#/partida/g1?asiento=3'));
    expect(key('#/partida/g1?invitacion=a')).not.toBe(key('#/partida/g1'));
    expect(key('#/partida/g1')).toBe(key('#/partida/g1/'));
    expect(key('#/')).toBe(key('#/otra'));
  });
});
