/**
 * Line mode (UX.md §2.6): one command per line, plain-text answers one per line, for pipes and
 * screen readers. No cursor movement, no box drawing, no colour. End of input ends cleanly.
 */
import { createInterface } from 'node:readline';
import { Readable, type Writable } from 'node:stream';
import {
  END_HINT,
  END_OF_INPUT_TEXT,
  GOODBYE_TEXT,
  INTERRUPTED_TEXT,
  LEFT_UNFINISHED_TEXT,
  missingFileText,
  TERMINAL_HELP,
  handoverWaitText,
  seedText,
} from '../../play/messages.js';
import type { Announcement } from '../../play/types.js';
import { Driver } from './driver.js';
import type { LocalGame } from './localGame.js';
import type { SaveGame } from './save.js';
import { drawBoard, drawRack } from './render.js';
import { clip, printable } from '../safeText.js';

/** Where line mode reads and writes, and what it does with `guardar FICHERO`. */
export interface LineIo {
  /** A stream split into lines, or the lines themselves (tests pace them with a fake clock). */
  readonly input: Readable | AsyncIterable<string>;
  readonly output: Writable;
  /** Saves the game (`guardar FICHERO`, `reemplazar FICHERO`). */
  readonly save?: SaveGame;
  /** Saves an unfinished game left by end of input or `salir`; returns the sentence to print. */
  readonly autosave?: (game: LocalGame) => string;
  /**
   * Control+C, a hang-up or a kill saves an unfinished game as the end of input does, says where
   * and exits with 128 + the signal's number (the command sets it; a test running line mode in
   * its own process does not).
   */
  readonly signals?: boolean;
  /** Called once the game is over, when its end is shown (Atril forgets its private records). */
  readonly ended?: (game: LocalGame) => void;
  /** Printed once before the first turn. */
  readonly intro: string;
  /**
   * Hot-seat: hide each person's rack until an empty line says they have the keyboard (people
   * at a screen; a script piped in has nobody to hide it from).
   */
  readonly handover?: boolean;
}

/** Runs a game in line mode; resolves to the exit code. */
export async function runLineMode(game: LocalGame, io: LineIo): Promise<number> {
  const driver = new Driver(game, { linesOnly: true, hideRacks: io.handover ?? false });
  // Line mode never draws with escapes: whatever it prints is made printable, and each line is
  // clipped (an announcement may echo what was typed).
  const print = (text: string): void => {
    io.output.write(
      text
        .split('\n')
        .map((l) => printable(clip(l, 2000)))
        .join('\n') + '\n',
    );
  };
  const say = (a: readonly Announcement[]): void => a.forEach((x) => print(x.text));
  const rl =
    io.input instanceof Readable
      ? createInterface({ input: io.input, terminal: false, crlfDelay: Infinity })
      : undefined;
  const lines = (rl ?? (io.input as AsyncIterable<string>))[Symbol.asyncIterator]();
  // Nothing lost (issue 10, 7): a script that ends or leaves mid-game cannot be asked, so the
  // game is saved under a fresh name and the player told where.
  const leave = (): string => (io.autosave ? io.autosave(game) : LEFT_UNFINISHED_TEXT);
  // Nothing lost (issue 10, 7) when the line mode is interrupted either: Node runs this between
  // two steps of the game, never in the middle of a save.
  const onSignal = (signal: NodeJS.Signals): void => {
    const said = game.over ? GOODBYE_TEXT : `${INTERRUPTED_TEXT} ${leave()}`;
    try {
      print(said);
    } catch {
      // the terminal may already be gone
    }
    process.exit(128 + SIGNALS[signal as keyof typeof SIGNALS]);
  };
  if (io.signals) for (const name of Object.keys(SIGNALS)) process.on(name, onSignal);
  // `guardar FICHERO` (never replaces a file) or `reemplazar FICHERO` (the explicit form that
  // does), `word` being which of the two the line starts with: what to print.
  const saveLine = (save: SaveGame, word: string, text: string): string => {
    const path = text.split(/\s+/).slice(1).join(' ');
    return path ? save(game, path, word === 'reemplazar').text : missingFileText(word);
  };
  // `ayuda`'s lines for the terminal's own commands, after the core's.
  const terminalHelp = (): void => {
    for (const c of TERMINAL_HELP) print(`  ${c.names.join(', ')}: ${c.help}`);
  };
  // A clock runs out while its player thinks, between two lines: said when it does (TM-02).
  const ticker = game.timed ? setInterval(() => say(driver.clockNews()), 1000).unref() : undefined;
  print(io.intro);
  say(driver.opening());
  try {
    for (;;) {
      driver.runBots();
      const over = game.over;
      const session = over ? driver.endSession() : driver.current()!;
      if (over) {
        // The end is a moment (issue 10, 1): the last turns, the adjustments, the board and the
        // totals, then the game stays open for reading and saving until the player leaves.
        say(driver.finalWords());
        io.ended?.(game);
        print(drawBoard(session.view));
        print(seedText(game.state.seed));
        print(END_HINT);
      } else {
        const name = game.seats[game.turn]!.name;
        if (driver.hotSeat) print(`— ${name} —`);
        say(driver.catchUp());
        // Hot-seat (issue 10, item 2): the one who just played must not see the next rack.
        const handover = driver.handover();
        if (handover) {
          print(handover);
          // While the rack is hidden, what everyone at the table may see or do goes on: the
          // board, the scores, the last play, and a challenge by anyone (C-01), whoever is to
          // have the keyboard next.
          let moved = false;
          for (;;) {
            const next = await lines.next();
            if (next.done) {
              print(`${END_OF_INPUT_TEXT} ${leave()}`);
              return 0;
            }
            const text = next.value.trim();
            const first = text.split(/\s+/)[0]!.toLowerCase();
            if (first === '') break;
            if (first === 'salir') {
              print(`${GOODBYE_TEXT} ${leave()}`);
              return 0;
            }
            if (first === 'tablero') {
              print(drawBoard(session.view));
              continue;
            }
            // Saving shows no rack: it goes on while one is hidden.
            if ((first === 'guardar' || first === 'reemplazar') && io.save) {
              print(saveLine(io.save, first, text));
              continue;
            }
            const done = driver.hiddenLine(session, text);
            if (!done) print(handoverWaitText(name));
            else {
              say(done.say);
              if (first === 'ayuda') terminalHelp();
              if ((moved = done.moved)) break;
            }
          }
          if (moved) continue;
          say(driver.handedOver());
        }
        print(drawRack(session));
      }
      let moved = false;
      while (!moved) {
        const next = await lines.next();
        if (next.done) {
          if (!game.over) print(`${END_OF_INPUT_TEXT} ${leave()}`);
          return 0;
        }
        const text = next.value.trim();
        const [word = '', ...rest] = text.split(/\s+/);
        const w = word.toLowerCase();
        if (w === 'tablero') {
          print(drawBoard(session.view));
          continue;
        }
        if (w === 'salir') {
          print(game.over ? GOODBYE_TEXT : `${GOODBYE_TEXT} ${leave()}`);
          return 0;
        }
        if ((w === 'guardar' || w === 'reemplazar') && io.save) {
          print(saveLine(io.save, w, text));
          continue;
        }
        say(driver.tick(session));
        if ((w === 'impugnar' || w === 'dudar') && rest.length > 0 && !game.over) {
          const done = driver.challengeAs(session, rest.join(' '));
          say(done.say);
          moved = done.moved;
          continue;
        }
        const r = session.line(text);
        const done = driver.perform(session, r);
        say(done.say);
        if (w === 'ayuda') terminalHelp();
        moved = done.moved && !over;
      }
    }
  } finally {
    clearInterval(ticker);
    if (io.signals) for (const name of Object.keys(SIGNALS)) process.off(name, onSignal);
    rl?.close();
  }
}

/** The signals line mode answers, with their numbers for the exit status. */
const SIGNALS = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 } as const;
