/**
 * Line mode (UX.md §2.6) for a game on a server: the same commands and plain-text answers as a
 * local game, one per line, while what happens at the table (the other seats' plays, chat, the
 * connection dropping and coming back) is printed as it arrives.
 */
import type { Writable } from 'node:stream';
import type { ConnectionEvent } from '../../client/connection.js';
import type { Announcement } from '../../play/types.js';
import type { TermInput } from './keys.js';
import { clip, printable } from '../safeText.js';
import { type News, ONLINE_COMMANDS, type OnlineTable } from './onlineTable.js';
import { drawBoard, drawRack } from './render.js';

/**
 * What the online terminal waits for: a line typed (line mode), a key (key mode), the end of
 * input, or news from the connection.
 */
export type OnlineInput =
  | { readonly kind: 'line'; readonly text: string }
  | { readonly kind: 'term'; readonly input: TermInput }
  | { readonly kind: 'eof' }
  | { readonly kind: 'event'; readonly event: ConnectionEvent }
  /** The wait after a reconnection is over: who came back meanwhile (`OnlineTable.settle`). */
  | { readonly kind: 'settle' }
  /** A second has passed in a timed game: a clock may have run out (`OnlineTable.tick`). */
  | { readonly kind: 'tick' };

/** A queue that the input and the connection fill and the loop empties in order. */
export class Inbox<T> {
  private readonly items: T[] = [];
  private waiting: ((t: T) => void) | undefined;

  push(t: T): void {
    const w = this.waiting;
    if (w) {
      this.waiting = undefined;
      w(t);
    } else this.items.push(t);
  }

  next(): Promise<T> {
    const t = this.items.shift();
    if (t !== undefined) return Promise.resolve(t);
    return new Promise((resolve) => (this.waiting = resolve));
  }
}

/** What the table says of news that is not the player's input: the connection's, or time's. */
export function newsOf(
  table: OnlineTable,
  input: Extract<OnlineInput, { kind: 'event' | 'settle' | 'tick' }>,
): News {
  if (input.kind === 'event') return table.event(input.event);
  return input.kind === 'settle' ? table.settle() : table.tick();
}

/** Runs a game on a server in line mode; resolves to the exit code. */
export async function runOnlineLines(
  table: OnlineTable,
  inbox: Inbox<OnlineInput>,
  output: Writable,
  intro: readonly string[],
): Promise<number> {
  const print = (text: string): void => {
    output.write(
      text
        .split('\n')
        .map((l) => printable(clip(l, 2000)))
        .join('\n') + '\n',
    );
  };
  const say = (a: readonly Announcement[]): void => a.forEach((x) => print(x.text));
  const goodbye = (): string =>
    table.over
      ? 'Hasta luego.'
      : `Hasta luego. La partida sigue en el servidor; para volver: atril play ${table.link}`;
  const showEnd = (): void => {
    print(drawBoard(table.view));
    print(table.endHint);
  };

  intro.forEach(print);
  table.opening().forEach(print);
  if (table.over) showEnd();
  else if (table.view.seat !== null) print(drawRack(table.session));
  try {
    for (;;) {
      const input = await inbox.next();
      if (input.kind === 'eof') {
        print(table.over ? 'Fin de la entrada.' : `Fin de la entrada. ${goodbye()}`);
        return 0;
      }
      if (input.kind === 'term') continue;
      if (input.kind === 'event' || input.kind === 'settle' || input.kind === 'tick') {
        const news = newsOf(table, input);
        news.say.forEach(print);
        if (news.fatal) return 1;
        if (news.ended) showEnd();
        else if (news.redraw && table.myTurn && news.say.length > 0) print(drawRack(table.session));
        continue;
      }
      const text = input.text.trim();
      const [word = '', ...rest] = text.split(/\s+/);
      const w = word.toLowerCase();
      if (w === 'salir') {
        print(goodbye());
        return 0;
      }
      if (w === 'abandonar') {
        say(await table.resign());
        continue;
      }
      table.otherOrder();
      if (w === 'reclamar') {
        say(await table.claim());
        continue;
      }
      if (w === 'tablero') print(drawBoard(table.view));
      else if (w === 'enlace') table.links().forEach(print);
      else if (w === 'revancha') {
        const said = table.rematch();
        if (said) print(said);
      } else if (w === 'decir') {
        const refused = table.chat(rest.join(' '));
        if (refused) print(refused);
      } else if (w === 'guardar' || w === 'reemplazar')
        print('La partida se guarda en el servidor: vuelve a ella con «enlace».');
      else {
        say(await table.perform(table.session.line(text)));
        if (w === 'ayuda')
          for (const c of ONLINE_COMMANDS) print(`  ${c.names.join(', ')}: ${c.help}`);
      }
    }
  } finally {
    table.conn.close();
  }
}
