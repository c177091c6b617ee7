/**
 * Single-key mode (UX.md §2.6) for a game on a server: the keys of a local game, the board,
 * rack, scores and mode redrawn after each key and whenever the table changes, and what
 * happened (the other seats' plays, chat, the connection lost and back) under the board.
 * `/` or `:` opens the command line, where «decir TEXTO» chats.
 */
import type { Writable } from 'node:stream';
import { squareName } from '../../engine/notation/coords.js';
import { KeyQueue, restoreOnSignal } from './keys.js';
import { type Inbox, type OnlineInput, newsOf } from './onlineLines.js';
import { type OnlineTable } from './onlineTable.js';
import { drawBoard, drawRack, drawStatus } from './render.js';

/** Where online key mode reads and writes. */
export interface OnlineKeyIo {
  readonly input: NodeJS.ReadStream;
  readonly output: Writable;
  readonly intro: readonly string[];
  readonly color: boolean;
}

const CLEAR = '\x1b[H\x1b[2J';

/** Runs a game on a server in single-key mode; resolves to the exit code. */
export async function runOnlineKeys(
  table: OnlineTable,
  inbox: Inbox<OnlineInput>,
  io: OnlineKeyIo,
): Promise<number> {
  const queue = new KeyQueue();
  const onData = (d: Buffer | string): void => queue.push(d.toString());
  const onEnd = (): void => queue.end();
  // Keys join the connection's news in one queue, in the order they come.
  void (async () => {
    for (;;) {
      const input = await queue.next();
      inbox.push({ kind: 'term', input });
      if (input.kind === 'eof') return;
    }
  })();
  io.input.setRawMode(true);
  // A hang-up would leave the terminal raw (Node itself puts it back only on SIGTERM and
  // SIGINT): put it back before going, and exit with the signal's code either way.
  const stopSignals = restoreOnSignal(io.input);
  io.input.on('data', onData);
  io.input.on('end', onEnd);
  io.input.resume();

  let messages: string[] = [...io.intro, ...table.opening()];
  let line: string | undefined;
  const session = table.session;
  const draw = (): void => {
    const view = table.view;
    const parts = [CLEAR + drawBoard(view, { color: io.color, session }), drawStatus(view)];
    if (view.seat !== null) {
      parts.push(drawRack(session));
      parts.push(`${session.state.modeName()} · cursor ${squareName(session.cursor)}`);
    }
    parts.push('', ...messages);
    if (line !== undefined) parts.push(`> ${line}`);
    io.output.write(parts.join('\n') + '\n');
  };
  const goodbye = (): string =>
    table.over
      ? 'Hasta luego.'
      : `Hasta luego. La partida sigue en el servidor; para volver: atril play ${table.link}`;

  if (table.over) messages.push(table.endHint);
  draw();
  try {
    for (;;) {
      const item = await inbox.next();
      if (item.kind === 'event' || item.kind === 'settle' || item.kind === 'tick') {
        const news = newsOf(table, item);
        if (news.say.length === 0 && !news.redraw) continue;
        messages = [...messages, ...news.say];
        if (news.ended) messages.push(table.endHint);
        draw();
        if (news.fatal) return 1;
        continue;
      }
      if (item.kind !== 'term') continue;
      const input = item.input;
      // Leaving loses nothing: the game stays on the server, and its link brings the player back.
      if (input.kind === 'eof' || input.kind === 'quit') {
        io.output.write(`\n${goodbye()}\n`);
        return 0;
      }
      const k = input.key;
      messages = [];
      if (line === undefined) {
        const r = session.key(k);
        messages = (await table.perform(r)).map((a) => a.text);
        if (r.openCommandLine) line = '';
        else table.otherOrder();
      } else if (k.key === 'Escape') {
        line = undefined;
        messages = ['Línea de órdenes cerrada.'];
      } else if (k.key === 'Backspace') line = line.slice(0, -1);
      else if (k.key === 'Enter') {
        const text = line.trim();
        line = undefined;
        const [word = '', ...rest] = text.split(/\s+/);
        const w = word.toLowerCase();
        if (w === 'salir') {
          io.output.write(`\n${goodbye()}\n`);
          return 0;
        }
        if (w !== 'abandonar') table.otherOrder();
        if (w === 'abandonar') messages = (await table.resign()).map((a) => a.text);
        else if (w === 'reclamar') messages = (await table.claim()).map((a) => a.text);
        else if (w === 'tablero') messages = ['El tablero está arriba.'];
        else if (w === 'enlace') messages = table.links();
        else if (w === 'revancha') {
          const said = table.rematch();
          if (said) messages = [said];
        } else if (w === 'decir') {
          const refused = table.chat(rest.join(' '));
          if (refused) messages = [refused];
        } else messages = (await table.perform(session.line(text))).map((a) => a.text);
      } else if (k.key.length === 1) line += k.key;
      draw();
    }
  } finally {
    table.conn.close();
    stopSignals();
    io.input.off('data', onData);
    io.input.off('end', onEnd);
    io.input.setRawMode(false);
    io.input.pause();
  }
}
