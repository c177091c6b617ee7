/**
 * Single-key mode (UX.md §2.6): raw terminal input, the same keys as the web client. The screen
 * shows the board (cursor in [ ], this turn's tiles marked +), the scores, the rack, the mode and
 * what the core said; after each key only what changed is rewritten (screen.ts), so a screen
 * reader reads the reply, not the board again. `/` or `:` opens a command line at the bottom.
 * In a hot-seat game the next person's rack stays hidden until they press Intro.
 */
import type { Readable, Writable } from 'node:stream';
import { squareName } from '../../engine/notation/coords.js';
import {
  BOARD_ABOVE_TEXT,
  COMMAND_LINE_CLOSED_TEXT,
  END_HINT,
  GOODBYE_TEXT,
  GOODBYE_UNFINISHED_TEXT,
  NOT_SAVED_TEXT,
  QUIT_QUESTION_TEXT,
  STILL_PLAYING_TEXT,
  TERMINAL_HELP,
  handoverWaitText,
  missingFileText,
  replaceQuestionText,
  seedText,
} from '../../play/messages.js';
import type { Session } from '../../play/session.js';
import type { Announcement } from '../../play/types.js';
import { Driver } from './driver.js';
import { KeyQueue, restoreOnSignal } from './keys.js';
import type { LocalGame } from './localGame.js';
import type { SaveGame } from './save.js';
import { drawBoard, drawRack, drawStatus } from './render.js';
import { Screen } from './screen.js';

/** Where key mode reads and writes. */
export interface KeyIo {
  readonly input: Readable & { setRawMode?: (raw: boolean) => unknown; isTTY?: boolean };
  readonly output: Writable;
  readonly save?: SaveGame;
  /** Saves an unfinished game when the input ends (nobody left to ask); returns the sentence. */
  readonly autosave?: (game: LocalGame) => string;
  /** Called once the game is over, when its end is shown (Atril forgets its private records). */
  readonly ended?: (game: LocalGame) => void;
  readonly intro: string;
  readonly color: boolean;
}

/** `ayuda`'s lines for the terminal's own commands, after the core's. */
function terminalHelp(): string[] {
  return TERMINAL_HELP.map((c) => `  ${c.names.join(', ')}: ${c.help}`);
}

/** Runs a game in single-key mode; resolves to the exit code. */
export async function runKeyMode(game: LocalGame, io: KeyIo): Promise<number> {
  const driver = new Driver(game);
  const queue = new KeyQueue();
  const onData = (d: Buffer | string): void => queue.push(d.toString());
  const onEnd = (): void => queue.end();
  io.input.setRawMode?.(true);
  // A hang-up (the terminal window closed, an ssh link dropped) or a kill would leave the
  // terminal raw; put it back before going (SIGKILL cannot be caught). Nobody is left to ask,
  // so an unfinished game is saved as at the end of input (issue 10, item 7).
  const stopSignals = restoreOnSignal(io.input, {
    output: io.output,
    text: () => {
      const saved = !game.over && io.autosave ? ` ${io.autosave(game)}` : '';
      return `\n${saved ? GOODBYE_TEXT + saved : goodbye()}\n`;
    },
  });
  io.input.on('data', onData);
  io.input.on('end', onEnd);
  io.input.resume();
  const screen = new Screen(io.output);
  const onResize = (): void => screen.invalidate();
  io.output.on('resize', onResize);
  let messages: string[] = [io.intro, ...driver.opening().map((a) => a.text)];
  // Hot-seat: the person on turn whose rack stays hidden until they press Intro.
  let hidden: string | undefined;
  // A question waiting for its S: leave the unfinished game, or replace an existing file.
  let confirm: { kind: 'quit' } | { kind: 'replace'; path: string } | undefined;
  let line: string | undefined;

  const draw = (session: Session | undefined): void => {
    // A clock that ran out meanwhile (TM-02) came before what is shown now.
    const late = session && hidden === undefined ? driver.tick(session) : [];
    if (late.length > 0) messages = [...late.map((a) => a.text), ...messages];
    // findIndex gives -1, not undefined, when every seat is a bot: then seat 0's view.
    const human = driver.sessions.findIndex((s) => s);
    const view = session?.view ?? game.viewOf(human >= 0 ? human : 0);
    const shown = hidden === undefined ? session : undefined;
    const top = drawBoard(view, { color: io.color, ...(shown ? { session: shown } : {}) }).split(
      '\n',
    );
    top.push(drawStatus(view, driver.hotSeat));
    if (shown) {
      top.push(drawRack(shown));
      const who = driver.hotSeat ? `${game.seats[driver.seatOf(shown)]!.name} · ` : '';
      top.push(`${who}${shown.state.modeName()} · cursor ${squareName(shown.cursor)}`);
    } else top.push('', ''); // the same height, so that the next frame is drawn by difference
    const bottom = ['', ...messages.flatMap((m) => m.split('\n'))];
    if (line !== undefined) bottom.push(`> ${line}`);
    screen.draw(top, bottom);
  };
  // A clock runs out while its player thinks, between two keys: said when it does (TM-02),
  // under what is shown already.
  const ticker = game.timed
    ? setInterval(() => {
        const late = driver.clockNews();
        if (late.length === 0) return;
        messages = [...messages, ...late.map((a) => a.text)];
        draw(driver.current());
      }, 1000).unref()
    : undefined;
  const goodbye = (): string => (game.over ? GOODBYE_TEXT : GOODBYE_UNFINISHED_TEXT);
  const show = (said: readonly Announcement[]): void => {
    messages = said.map((a) => a.text);
  };

  try {
    for (;;) {
      driver.runBots();
      const over = game.over;
      // The end is a moment (issue 10, 1): the last turns, the adjustments and the totals under
      // the final board, then the game stays open for reading and saving until the player leaves.
      const session = over ? driver.endSession() : driver.current()!;
      const news = over
        ? [...driver.finalWords().map((a) => a.text), seedText(game.state.seed), END_HINT]
        : [];
      if (over) io.ended?.(game);
      else news.push(...driver.catchUp().map((a) => a.text));
      messages = [...messages, ...news];
      // Hot-seat (issue 10, item 2): the one who just played must not see the next rack.
      const handover = over ? undefined : driver.handover();
      // A challenge made while a rack is hidden may move the turn on: the rack hidden, if any,
      // is then the new turn's.
      hidden = handover ? game.seats[game.turn]!.name : undefined;
      if (handover) messages.push(handover);
      draw(session);
      messages = [];
      let moved = false;
      while (!moved) {
        const input = await queue.next();
        if (input.kind === 'eof') {
          const saved = !game.over && io.autosave ? ` ${io.autosave(game)}` : '';
          io.output.write(`\n${saved ? GOODBYE_TEXT + saved : goodbye()}\n`);
          return 0;
        }
        // Nothing lost (issue 10, 7): leaving an unfinished game, or replacing a file, is asked.
        if (confirm) {
          const yes = input.kind === 'quit' || input.key.key.toLowerCase() === 's';
          const asked = confirm;
          confirm = undefined;
          if (asked.kind === 'quit' && yes) {
            io.output.write(`\n${goodbye()}\n`);
            return 0;
          }
          if (asked.kind === 'replace' && yes && io.save)
            messages = [io.save(game, asked.path, true).text];
          else messages = [asked.kind === 'quit' ? STILL_PLAYING_TEXT : NOT_SAVED_TEXT];
          draw(session);
          continue;
        }
        if (input.kind === 'quit') {
          if (game.over) {
            io.output.write(`\n${goodbye()}\n`);
            return 0;
          }
          confirm = { kind: 'quit' };
          messages = [QUIT_QUESTION_TEXT];
          draw(session);
          continue;
        }
        const k = input.key;
        // While a rack is hidden, what shows nothing of it goes on as in line mode: a challenge
        // (C-01), by D or by name on the command line, and what everyone at the table may read.
        if (hidden !== undefined && line === undefined) {
          if (k.key === 'Enter') {
            hidden = undefined;
            show(driver.handedOver());
          } else {
            const done = driver.hiddenKey(session, k);
            if (!done) messages = [handoverWaitText(hidden)];
            else {
              show(done.say);
              if (done.openCommandLine) line = '';
              moved = done.moved;
            }
          }
          if (!moved) draw(session);
          continue;
        }
        if (line !== undefined) {
          if (k.key === 'Escape') {
            line = undefined;
            show([{ text: COMMAND_LINE_CLOSED_TEXT, category: 'prompt', priority: 'polite' }]);
          } else if (k.key === 'Backspace') line = line.slice(0, -1);
          else if (k.key === 'Enter') {
            const text = line.trim();
            line = undefined;
            const [word = '', ...rest] = text.split(/\s+/);
            const w = word.toLowerCase();
            if (w === 'salir' && game.over) {
              io.output.write(`\n${goodbye()}\n`);
              return 0;
            }
            if (w === 'salir') {
              confirm = { kind: 'quit' };
              messages = [QUIT_QUESTION_TEXT];
            } else if (w === 'tablero') messages = [BOARD_ABOVE_TEXT];
            // Saving shows no rack on the screen: it goes on while one is hidden (the question
            // to leave suggests it).
            else if ((w === 'guardar' || w === 'reemplazar') && io.save) {
              const path = rest.join(' ');
              const saved = path ? io.save(game, path, w === 'reemplazar') : undefined;
              if (saved?.exists) {
                confirm = { kind: 'replace', path };
                messages = [replaceQuestionText(path)];
              } else messages = [saved ? saved.text : missingFileText(w)];
            } else if (hidden !== undefined) {
              const done = driver.hiddenLine(session, text);
              if (done) show(done.say);
              else messages = [handoverWaitText(hidden)];
              if (done && w === 'ayuda') messages.push(...terminalHelp());
              moved = done?.moved ?? false;
            } else if ((w === 'impugnar' || w === 'dudar') && rest.length > 0 && !over) {
              const late = driver.tick(session);
              const done = driver.challengeAs(session, rest.join(' '));
              show([...late, ...done.say]);
              moved = done.moved;
            } else {
              const late = driver.tick(session);
              const done = driver.perform(session, session.line(text));
              show([...late, ...done.say]);
              if (w === 'ayuda') messages.push(...terminalHelp());
              moved = done.moved && !over;
            }
          } else if (k.key.length === 1) line += k.key;
          if (!moved) draw(session);
          continue;
        }
        const late = driver.tick(session);
        const r = session.key(k);
        const done = driver.perform(session, r);
        show([...late, ...done.say]);
        if (r.openCommandLine) line = '';
        moved = done.moved && !over;
        if (!moved) draw(session);
      }
    }
  } finally {
    clearInterval(ticker);
    stopSignals();
    io.output.off('resize', onResize);
    io.input.off('data', onData);
    io.input.off('end', onEnd);
    io.input.setRawMode?.(false);
    io.input.pause();
  }
}
