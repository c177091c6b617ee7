/**
 * The table of sub-commands: each one's name, summary, and the module that holds its help and
 * entry point. Modules load only when their command runs: `atril best` must not pay for
 * loading the server (Fastify, the database drivers) just to answer one position.
 */

/** What a command's module gives: its help text and its entry point. */
export interface CommandModule {
  readonly help: string;
  readonly run: (args: string[]) => Promise<number>;
}

export interface Command {
  readonly name: string;
  readonly summary: string;
  readonly load: () => Promise<CommandModule>;
}

/** Every sub-command, in the order `atril --help` lists them. */
export const commands: readonly Command[] = [
  {
    name: 'play',
    summary: 'juega una partida en el terminal (contra el ordenador o entre personas)',
    load: async () => {
      const m = await import('./play.js');
      return { help: m.playHelp, run: m.runPlay };
    },
  },
  {
    name: 'check',
    summary: 'comprueba si unas palabras son válidas',
    load: async () => {
      const m = await import('./check.js');
      return { help: m.checkHelp, run: m.runCheck };
    },
  },
  {
    name: 'lexicon',
    summary: 'compila una lista de palabras en un léxico',
    load: async () => {
      const m = await import('./lexicon.js');
      return { help: m.lexiconHelp, run: m.runLexicon };
    },
  },
  {
    name: 'replay',
    summary: 'reproduce una partida GCG y comprueba sus puntuaciones',
    load: async () => {
      const m = await import('./replay.js');
      return { help: m.replayHelp, run: m.runReplay };
    },
  },
  {
    name: 'best',
    summary: 'las mejores jugadas para una posición CGP',
    load: async () => {
      const m = await import('./best.js');
      return { help: m.bestHelp, run: m.runBest };
    },
  },
  {
    name: 'analyze',
    summary: 'analiza una partida GCG: mejores jugadas y equidad perdida en cada turno',
    load: async () => {
      const m = await import('./analyze.js');
      return { help: m.analyzeHelp, run: m.runAnalyze };
    },
  },
  {
    name: 'endgame',
    summary: 'resuelve un final de partida (dos jugadores, con la bolsa vacía o una ficha en ella)',
    load: async () => {
      const m = await import('./endgame.js');
      return { help: m.endgameHelp, run: m.runEndgame };
    },
  },
  {
    name: 'selfplay',
    summary: 'partidas entre jugadores del ordenador, con estadísticas',
    load: async () => {
      const m = await import('./selfplay.js');
      return { help: m.selfplayHelp, run: m.runSelfplay };
    },
  },
  {
    name: 'serve',
    summary: 'arranca el servidor de partidas en línea',
    load: async () => {
      const m = await import('./serve.js');
      return { help: m.serveHelp, run: m.runServe };
    },
  },
];
