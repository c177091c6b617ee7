/** The table of sub-commands: each one's name, summary, help text and entry point. */
import { checkHelp, runCheck } from './check.js';
import { lexiconHelp, runLexicon } from './lexicon.js';
import { replayHelp, runReplay } from './replay.js';
import { playHelp, runPlay } from './play.js';
import { bestHelp, runBest } from './best.js';
import { runSelfplay, selfplayHelp } from './selfplay.js';
import { runServe, serveHelp } from './serve.js';
import { endgameHelp, runEndgame } from './endgame.js';
import { analyzeHelp, runAnalyze } from './analyze.js';

export interface Command {
  readonly name: string;
  readonly summary: string;
  readonly help: string;
  readonly run: (args: string[]) => Promise<number>;
}

/** Every sub-command, in the order `atril --help` lists them. */
export const commands: readonly Command[] = [
  {
    name: 'play',
    summary: 'juega una partida en el terminal (contra el ordenador o entre personas)',
    help: playHelp,
    run: runPlay,
  },
  {
    name: 'check',
    summary: 'comprueba si unas palabras son válidas',
    help: checkHelp,
    run: runCheck,
  },
  {
    name: 'lexicon',
    summary: 'compila una lista de palabras en un léxico',
    help: lexiconHelp,
    run: runLexicon,
  },
  {
    name: 'replay',
    summary: 'reproduce una partida GCG y comprueba sus puntuaciones',
    help: replayHelp,
    run: runReplay,
  },
  {
    name: 'best',
    summary: 'las mejores jugadas para una posición CGP',
    help: bestHelp,
    run: runBest,
  },
  {
    name: 'analyze',
    summary: 'analiza una partida GCG: mejores jugadas y equidad perdida en cada turno',
    help: analyzeHelp,
    run: runAnalyze,
  },
  {
    name: 'endgame',
    summary: 'resuelve un final de partida (bolsa vacía, dos jugadores)',
    help: endgameHelp,
    run: runEndgame,
  },
  {
    name: 'selfplay',
    summary: 'partidas entre jugadores del ordenador, con estadísticas',
    help: selfplayHelp,
    run: runSelfplay,
  },
  {
    name: 'serve',
    summary: 'arranca el servidor de partidas en línea',
    help: serveHelp,
    run: runServe,
  },
];
