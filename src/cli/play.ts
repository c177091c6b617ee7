/**
 * `atril play`: a game in the terminal against 1–3 bots or between people at one keyboard
 * (DESIGN.md §4). Single-key mode in a TTY; line mode when stdin is not a TTY or with --lineas.
 */
import {
  type ChallengeMode,
  type Rules,
  CHALLENGE_MODES,
  TOURNAMENT_CLOCK,
  rulesFromPreset,
} from '../engine/rules.js';
import { rulesErrorText, lexiconLoadErrorText } from '../play/errorText.js';
import { helpHintText, rulesText } from '../play/messages.js';
import { lexiconName, openLexicon } from '../lexicon/index.js';
import { tileSetById } from '../engine/tiles.js';
import { isSecretSeed, secretSeed } from '../engine/rng.js';
import { botFor, BOT_LEVELS } from './terminal/bots.js';
import { runKeyMode } from './terminal/keyMode.js';
import { runLineMode } from './terminal/lineMode.js';
import { LocalGame, type SeatConfig } from './terminal/localGame.js';
import {
  adoptPrivate,
  autosaveGame,
  autosaveLoaded,
  forgetPrivate,
  loadGame,
  saveGame,
} from './terminal/save.js';
import { printable } from './safeText.js';
import {
  MAX_SEED,
  namedLexiconWarning,
  parseOptions,
  seedOption,
  tileSetMismatch,
  usageError,
} from './args.js';
import { type Result, err, ok } from '../engine/result.js';
import { parseLink } from '../client/link.js';
import { botLevelSchema } from '../protocol/index.js';
import type { CreateRequest } from '../client/connection.js';
import { type OnlinePlan, runOnline } from './playOnline.js';

export const playHelp = `Uso: atril play [--vs NIVEL…] [--jugadores NOMBRE…] [--rules PRESET] [--fichas 7|9]
                  [--meta PUNTOS] [--lexicon ARCHIVO] [--seed S] [--lineas]
                  [--impugnacion MODO] [--reloj [MINUTOS]] [--cargar FICHERO]

Una partida en el terminal contra el ordenador o entre personas con un mismo teclado.
Sin opciones: tú contra el ordenador (nivel aficionado).

  --vs NIVEL…          rivales por ordenador (1 a 3): principiante, aficionado, experto, campeon.
                       Se puede repetir («--vs aficionado --vs experto») o separar por comas.
  --jugadores NOMBRE…  las personas que juegan, por turnos en este teclado (2 a 4 en total):
                       «--jugadores Ana Luis» o «--jugadores Ana,Luis», antes o después de
                       --vs. Cada uno tiene un nombre distinto; «Tú» y los nombres de los
                       niveles están reservados.
  --rules PRESET       reglas: fise (por defecto), caja o sala.
  --fichas 7|9         fichas por atril: 9 es la variante «9 fichas» (scrabble con 7, 8 o 9).
  --meta PUNTOS        variante «Fin de línea»: gana quien llega antes a PUNTOS.
  --impugnacion MODO   single, double, penalty, automatic o void. Contra el ordenador, void
                       (la jugada no válida se rechaza y vuelves a intentarlo); entre personas,
                       la de las reglas.
  --lexicon ARCHIVO    otro léxico (compilado con «atril lexicon build»).
  --seed S             semilla de la bolsa, para repetir un reparto: un entero de 0 a
                       ${MAX_SEED}, o la que Atril dice al final de una partida. Sin
                       ella, la semilla es secreta mientras se juega (fija todos los
                       atriles) y se dice al final.
  --reloj [MINUTOS]    partida con reloj de ajedrez: MINUTOS para cada jugador (25 si no se
                       dice, la opción de torneo de la FISE). El turno de cada uno, también
                       el del ordenador, corre desde que le toca hasta que juega; una jugada
                       rechazada no para el reloj. Quien se pasa de tiempo no pierde la
                       partida: al final se le restan 10 puntos por cada minuto empezado de
                       más. «reloj» (tecla R) dice el tiempo que le queda a cada uno.
  --cargar FICHERO     sigue una partida guardada con «guardar FICHERO» (GCG); sus
                       jugadores, reglas, reloj y semilla son los del fichero. El GCG no
                       tiene sitio para el tiempo: Atril lo guarda en una línea propia,
                       «#atril-clock», que otros programas pasan por alto.
                       Mientras se juega, «guardar» no revela los atriles de los demás: el
                       fichero lleva solo los de quien guarda, sin semilla, y el registro
                       completo queda aparte, en la carpeta privada de Atril
                       (~/.local/state/atril/privado, o $ATRIL_SAVE_DIR/privado); por eso
                       --cargar sigue la partida en el ordenador y el usuario que la guardó.
                       Al terminar la partida, «guardar» escribe el registro completo.
  --lineas             modo de líneas aunque sea un terminal: una orden por línea, respuestas
                       en texto llano (cómodo con lector de pantalla).

Modo de teclas (terminal): las teclas de la sala. T turno, S marcador, C atril, 1–9 ficha,
I orden, F o Intro terminar, G cambiar, P pasar, H/V escribir, N navegar, Y valor, L palabras,
Z retirar, U última, R reloj, B bolsa, O casilla, E fila, D impugnar, X repetir, ? ayuda,
/ línea de órdenes. Mayúsculas+letra pone esa letra (en navegación, salta a ella);
Mayúsculas+1–9 (o Alt+1–9) pone la ficha n. Control+C o Control+D sale (pregunta antes si la
partida no ha terminado). Cada tecla reescribe solo lo que cambia, no el tablero entero.

Entre personas en un mismo teclado, cada uno se llama por su nombre y el atril de quien juega
queda oculto hasta que pulsa Intro («Pasa el teclado a Luis; pulsa Intro»). Mientras, sin
mostrarlo, se puede impugnar la última jugada (D, o «impugnar NOMBRE» por otra persona) y
pedir lo que todos ven («marcador», «última», «reloj»…).

Modo de líneas: «8H casa» (horizontal), «H8 casa» (vertical), «cambiar AEU», «pasar»,
«turno», «marcador», «atril», «reloj», «tablero», «guardar FICHERO», «ayuda», «salir».
En el modo de teclas, esas mismas órdenes se escriben tras «/».

En un servidor (atril serve):
  atril play --servidor URL [--vs NIVEL…] [--invitados N] [--nombre NOMBRE]
  atril play ENLACE [--nombre NOMBRE]
  atril play --servidor URL --mis-partidas

  --servidor URL       crea una partida en ese servidor (http://casa:8080): contra el
                       ordenador (--vs; sin --vs, aficionado) y con N asientos para
                       personas invitadas (--invitados, de 1 a 3); valen también --rules,
                       --fichas, --meta, --impugnacion y --reloj. Atril escribe el enlace de
                       la partida y el de cada invitación.
  ENLACE               entra en una partida por su enlace: el de una invitación
                       (http://casa:8080/#/partida/ID?invitacion=CLAVE) ocupa ese asiento;
                       el de la partida (http://casa:8080/#/partida/ID) te devuelve a tu
                       asiento, o te deja mirarla si no juegas en ella.
  --mis-partidas       lista tus partidas sin terminar en ese servidor (a quién le toca y su
                       enlace) y las últimas que terminaste, y pregunta cuál abrir: su
                       número la abre, Intro sale.
  --nombre NOMBRE      tu nombre en el servidor. Sin --nombre, el de la última vez; la
                       primera vez se pregunta.
Atril guarda tu identidad en cada servidor (una clave secreta) en
$XDG_CONFIG_HOME/atril/servidores.json (o ~/.config/atril/servidores.json), para que
vuelvas como la misma persona. Si se corta la conexión, Atril lo dice y vuelve a conectar
solo. «decir TEXTO» escribe en el chat de la partida; «enlace» repite su enlace; «salir»
deja la partida en el servidor, que sigue esperándote (--mis-partidas la encuentra).

Salida: 0 al terminar o al cerrar la entrada, 1 si no se puede conectar con el servidor o
entrar en la partida, 2 si la orden está mal escrita.`;

function usage(message: string): number {
  return usageError('play', message);
}

/** Default minutes per player of `--reloj` (TM-01: the FISE tournament clock). */
const CLOCK_MINUTES = TOURNAMENT_CLOCK.minutesPerPlayer;
/** The longest clock accepted, so that a typo is caught rather than played for days. */
const MAX_CLOCK_MINUTES = 600;

/**
 * `--reloj` takes an optional value, which `parseArgs` cannot express: a bare `--reloj` becomes
 * `--reloj=25`, and the word after it, unless it is another option, is its value.
 */
function clockArgs(args: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') {
      out.push(...args.slice(i));
      break;
    }
    if (a !== '--reloj') out.push(a);
    else {
      const next = args[i + 1];
      if (next !== undefined && !next.startsWith('--')) {
        out.push(`--reloj=${next}`);
        i++;
      } else out.push(`--reloj=${CLOCK_MINUTES}`);
    }
  }
  return out;
}

/** The options that take a list of words: `--vs experto aficionado`, `--jugadores Ana Luis`. */
const LIST_OPTIONS = ['--vs', '--jugadores'];

/**
 * `--jugadores Ana Luis --vs experto`: each word after a list option, up to the next option,
 * belongs to that list, wherever the option stands. `parseArgs` keeps only the first word, so
 * the others are rewritten as `--jugadores=Luis` before it runs.
 */
function listArgs(args: readonly string[]): string[] {
  const out: string[] = [];
  let list: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') {
      out.push(...args.slice(i));
      break;
    }
    if (a.startsWith('-')) {
      list = LIST_OPTIONS.find((o) => a === o || a.startsWith(`${o}=`));
      out.push(a);
      // `--vs` followed by its value: the value is the option's own, not an extra word.
      if (list && a === list && i + 1 < args.length && !args[i + 1]!.startsWith('-'))
        out.push(args[++i]!);
    } else if (list) out.push(`${list}=${a}`);
    else out.push(a);
  }
  return out;
}

/** "Ana,Luis" or "Ana, Luis": the names or levels of one list word, without empty ones. */
function splitList(text: string): string[] {
  return text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
}

/**
 * Why the people's names cannot be used, if they cannot: at one keyboard everyone is called by
 * name, so two people with the same name, "Tú" (the word for the viewer) or a bot's name would
 * make the turn and score lines ambiguous.
 */
function nameProblem(people: readonly string[], levels: readonly string[]): string | undefined {
  const key = (n: string): string =>
    n
      .toLowerCase()
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '');
  const reserved = new Set(['tu', 'yo', 'ordenador', ...levels]);
  const seen = new Set<string>();
  for (const name of people) {
    const k = key(name);
    if (reserved.has(k) || /^(principiante|aficionado|experto)( \d+)?$/.test(k))
      return `El nombre «${name}» está reservado; elige otro para --jugadores.`;
    if (seen.has(k)) return `Dos jugadores no pueden llamarse igual: «${name}».`;
    if (name.length > 40)
      return `El nombre «${name.slice(0, 40)}…» es demasiado largo (40 letras como mucho).`;
    seen.add(k);
  }
  return undefined;
}

/** The variants of the command line: `--fichas 9` (V-01) and `--meta PUNTOS` (Fin de línea). */
function variantsOf(
  fichas: string | undefined,
  meta: string | undefined,
): Result<{ rackSize?: number; targetScore?: number }, string> {
  const out: { rackSize?: number; targetScore?: number } = {};
  if (fichas !== undefined) {
    if (fichas.trim() !== '7' && fichas.trim() !== '9')
      return err(`Fichas por atril no válidas: «${fichas}». Escribe --fichas 7 o --fichas 9.`);
    out.rackSize = Number(fichas.trim());
  }
  if (meta !== undefined) {
    const t = meta.trim();
    const n = /^\d+$/.test(t) ? Number(t) : NaN;
    if (!(n >= 1 && n <= 100_000))
      return err(
        `Meta no válida: «${meta}». Escribe los puntos con los que se gana, entre 1 y 100000, por ejemplo --meta 300.`,
      );
    out.targetScore = n;
  }
  return ok(out);
}

/**
 * The challenge mode of `--impugnacion MODO`, or the Spanish reason it is not one. Without the
 * option, a game against the computer voids invalid words (UX.md §3) and any other game keeps
 * its preset's mode (undefined).
 */
function challengeOf(
  text: string | undefined,
  vsComputer: boolean,
): Result<ChallengeMode | undefined, string> {
  if (text === undefined) return ok(vsComputer ? 'void' : undefined);
  const m = text.toLowerCase() as ChallengeMode;
  if (!CHALLENGE_MODES.includes(m))
    return err(`Modo de impugnación desconocido: «${text}». Modos: ${CHALLENGE_MODES.join(', ')}.`);
  return ok(m);
}

/** The clock of `--reloj MINUTOS` (TM-01/TM-02), or the Spanish reason it is not valid. */
function clockOf(text: string): Result<NonNullable<Rules['clock']>, string> {
  const t = text.trim();
  const n = /^\d+$/.test(t) ? Number(t) : NaN;
  if (!(n >= 1 && n <= MAX_CLOCK_MINUTES))
    return err(
      `Minutos de reloj no válidos: «${text}». Escribe un número entero de minutos por ` +
        `jugador entre 1 y ${MAX_CLOCK_MINUTES}, por ejemplo --reloj ${CLOCK_MINUTES}.`,
    );
  return ok({ minutesPerPlayer: n, penaltyPerMinute: TOURNAMENT_CLOCK.penaltyPerMinute });
}

/**
 * The bag's seed of `--seed S`, or the sentence that refuses it: a number by the rule of every
 * `--seed` (`seedOption`), or a seed Atril drew and said at the end of a game (`seedText`), so
 * that the deal it promises can be played again. A number stays the decimal text it always was
 * here (the generator hashes text and numbers apart), so `--seed 7` deals what it dealt before.
 */
function playSeed(text: string): Result<string, string> {
  const lower = text.toLowerCase();
  if (isSecretSeed(lower)) return ok(lower);
  const n = seedOption(text, 0);
  return typeof n === 'number' ? ok(String(n)) : err(n);
}

/** Runs `atril play`. */
export async function runPlay(args: string[]): Promise<number> {
  const argv = listArgs(clockArgs(args));
  const opts = parseOptions({
    args: argv,
    allowPositionals: true,
    options: {
      vs: { type: 'string', multiple: true },
      jugadores: { type: 'string', multiple: true },
      rules: { type: 'string' },
      lexicon: { type: 'string' },
      seed: { type: 'string' },
      lineas: { type: 'boolean' },
      impugnacion: { type: 'string' },
      cargar: { type: 'string' },
      reloj: { type: 'string' },
      fichas: { type: 'string' },
      meta: { type: 'string' },
      servidor: { type: 'string' },
      nombre: { type: 'string' },
      invitados: { type: 'string' },
      'mis-partidas': { type: 'boolean' },
    },
  });
  if (!opts.ok) return usage(opts.error);
  const { values, positionals: rest } = opts.value;
  if (values.servidor !== undefined || (rest.length === 1 && /^[a-z]+:\/\//i.test(rest[0]!))) {
    const plan = onlinePlan(values, rest);
    return plan.ok ? runOnline(plan.value) : usage(plan.error);
  }
  if (values.nombre !== undefined || values.invitados !== undefined)
    return usage('--nombre y --invitados son para jugar en un servidor: añade --servidor URL.');
  if (values['mis-partidas'])
    return usage('--mis-partidas lista tus partidas de un servidor: añade --servidor URL.');
  if (values.cargar !== undefined) {
    if (
      values.vs ||
      values.jugadores ||
      values.rules ||
      values.seed !== undefined ||
      values.impugnacion ||
      values.fichas !== undefined ||
      values.meta !== undefined ||
      values.reloj !== undefined
    )
      return usage(
        'Con --cargar, los jugadores, las reglas, el reloj y la semilla vienen del fichero.',
      );
    return resume(values.cargar, values.lexicon, values.lineas ?? false);
  }
  if (rest.length) return usage(`Argumento inesperado: «${rest[0]}».`);
  const vsList = (values.vs ?? []).flatMap(splitList);
  const people = (values.jugadores ?? []).flatMap(splitList).map(printable);
  const levels = vsList.map((v) => v.toLowerCase());
  for (const l of levels)
    if (!BOT_LEVELS.includes(l))
      return usage(`Nivel desconocido: «${l}». Niveles: ${BOT_LEVELS.join(', ')}.`);
  if (levels.length === 0 && people.length === 0) levels.push('aficionado');
  const humans = people.length ? people : levels.length ? ['Tú'] : [];
  if (levels.length === 0 && humans.length < 2)
    return usage('Entre personas hacen falta al menos dos jugadores: --jugadores Ana,Luis.');
  if (humans.length + levels.length > 4) return usage('Como mucho pueden jugar 4.');
  if (humans.length + levels.length < 2) return usage('Hacen falta al menos dos jugadores.');
  const badName = nameProblem(people, levels);
  if (badName) return usage(badName);
  const variants = variantsOf(values.fichas, values.meta);
  if (!variants.ok) return usage(variants.error);
  const chosenSeed = values.seed === undefined ? undefined : playSeed(values.seed);
  if (chosenSeed && !chosenSeed.ok) return usage(chosenSeed.error);

  const preset = (values.rules ?? 'fise').toLowerCase();
  const challenge = challengeOf(values.impugnacion, levels.length > 0);
  if (!challenge.ok) return usage(challenge.error);
  const reloj = values.reloj === undefined ? null : clockOf(values.reloj);
  if (reloj && !reloj.ok) return usage(reloj.error);
  const clock = reloj && reloj.value;
  const built = rulesFromPreset(preset, {
    ...variants.value,
    ...(challenge.value ? { challengeMode: challenge.value } : {}),
    ...(clock ? { clock } : {}),
  });
  if (!built.ok) return usage(rulesErrorText(built.error));
  const rules = built.value;

  const lex = openLexicon(values.lexicon);
  if (!lex.ok) {
    process.stderr.write(lexiconLoadErrorText(lex.error) + '\n');
    return 2;
  }
  const set = tileSetById(rules.tileSet)!;
  if (lex.value.set.id !== set.id) return usage(tileSetMismatch(lex.value.set, set));
  const seed = chosenSeed ? chosenSeed.value : secretSeed();
  const seats: SeatConfig[] = humans.map((name) => ({ name }));
  const botNames = new Map<string, number>();
  for (const level of levels) {
    const play = botFor(level, lex.value, seed);
    if (!play) return usage(`Nivel desconocido: «${level}».`);
    const n = (botNames.get(level) ?? 0) + 1;
    botNames.set(level, n);
    const base = level === 'campeon' ? 'Campeón' : level[0]!.toUpperCase() + level.slice(1);
    seats.push({ name: n > 1 ? `${base} ${n}` : base, bot: { level, play } });
  }
  const game = new LocalGame(seats, lex.value, rules, seed, {
    lexicon: lexiconName(values.lexicon),
  });
  const rivals = seats.map((s) => (s.bot ? `${s.name} (ordenador)` : s.name)).join(', ');
  const intro = [
    `Partida de Scrabble. Jugadores: ${rivals}. ${rulesText(rules)}`,
    ...(clock ? [overtimeRule(clock)] : []),
    // A seed drawn at random is a secret while the game goes on: it fixes every rack and the
    // bag's order (issue 10, items 6 and 9). It is said at the end, to replay the same deal.
    ...(chosenSeed ? [`Semilla ${seed}.`] : []),
  ].join(' ');

  return start(game, intro, values.lineas ?? false);
}

function start(
  game: LocalGame,
  intro: string,
  lineas: boolean,
  autosave: (game: LocalGame) => string = autosaveGame,
): Promise<number> {
  const lineMode = lineas || !process.stdin.isTTY;
  const io = {
    input: process.stdin,
    output: process.stdout,
    intro: `${intro} ${helpHintText(lineMode)}`,
    save: saveGame,
    autosave,
    ended: forgetPrivate,
  };
  if (lineMode) return runLineMode(game, { ...io, signals: true, handover: process.stdin.isTTY });
  return runKeyMode(game, { ...io, color: !process.env.NO_COLOR && process.stdout.isTTY === true });
}

async function resume(path: string, lexicon: string | undefined, lineas: boolean): Promise<number> {
  const lex = openLexicon(lexicon);
  if (!lex.ok) {
    process.stderr.write(lexiconLoadErrorText(lex.error) + '\n');
    return 2;
  }
  const read = loadGame(path, lex.value);
  if (!read.ok) {
    process.stderr.write(read.error + '\n');
    return 2;
  }
  const loaded = read.value;
  const set = tileSetById(loaded.state.rules.tileSet)!;
  if (lex.value.set.id !== set.id) return usage(tileSetMismatch(lex.value.set, set));
  // A game the record says was played with another word list, resumed with the default one:
  // said, as `atril analyze` says it.
  const named = namedLexiconWarning('la partida', loaded.lexicon, lexicon);
  if (named) process.stderr.write(named + '\n');
  const seats: SeatConfig[] = [];
  for (let i = 0; i < loaded.names.length; i++) {
    const level = loaded.bots[i];
    const name = printable(loaded.names[i]!);
    if (level === undefined) {
      seats.push({ name });
      continue;
    }
    const play = botFor(level, lex.value, String(loaded.state.seed));
    if (!play) return usage(`Nivel desconocido en «${path}»: «${level}».`);
    seats.push({ name, bot: { level, play } });
  }
  // Saved again, the game names the lexicon it goes on with.
  const game = new LocalGame(seats, lex.value, loaded.state, undefined, {
    turnMs: loaded.turnMs,
    lexicon: lexiconName(lexicon),
  });
  if (game.over) {
    process.stderr.write(`La partida de «${path}» ya ha terminado.\n`);
    return 2;
  }
  // Its private full record goes once this game is over (issue 10, item 9).
  if (loaded.privateId !== undefined) adoptPrivate(game, loaded.privateId);
  const clock = loaded.state.rules.clock;
  const clockNote = !clock
    ? ''
    : loaded.clockLost
      ? `Reloj de ${clock.minutesPerPlayer} minutos por jugador; el fichero no guarda el tiempo gastado, así que los relojes empiezan de cero. `
      : `Reloj de ${clock.minutesPerPlayer} minutos por jugador, con el tiempo gastado hasta guardar. `;
  const turns = game.state.events.filter(
    (e) => e.kind === 'play' || e.kind === 'exchange' || e.kind === 'pass' || e.kind === 'rejected',
  ).length;
  const intro =
    `Partida de «${path}», ${turns === 1 ? '1 turno jugado' : `${turns} turnos jugados`}. ${clockNote}`.trimEnd();
  return start(game, intro, lineas, autosaveLoaded(game, path));
}

/** The options of `atril play` as they can be given for a game on a server. */
interface PlayValues {
  vs?: string[];
  jugadores?: string[];
  rules?: string;
  lexicon?: string;
  seed?: string;
  lineas?: boolean;
  impugnacion?: string;
  cargar?: string;
  reloj?: string;
  fichas?: string;
  meta?: string;
  servidor?: string;
  nombre?: string;
  invitados?: string;
  'mis-partidas'?: boolean;
}

/** Server bot levels: the protocol's list (every level, the champion included). */
const SERVER_BOTS = botLevelSchema.options;

/**
 * `--servidor URL` or a link: what to do on the server — join the linked game, or create one
 * with the bots, invited seats and rules of the options — or the Spanish reason it cannot be.
 */
function onlinePlan(values: PlayValues, rest: readonly string[]): Result<OnlinePlan, string> {
  if (rest.length > 1 || (rest.length === 1 && values.servidor !== undefined))
    return err(`Argumento inesperado: «${rest[values.servidor !== undefined ? 0 : 1]}».`);
  const text = values.servidor ?? rest[0]!;
  const link = parseLink(text);
  if (!link)
    return err(
      `No entiendo la dirección «${printable(text)}»: escribe la del servidor (http://casa:8080) o el enlace de una partida.`,
    );
  if (
    values.jugadores ||
    values.seed !== undefined ||
    values.lexicon !== undefined ||
    values.cargar !== undefined
  )
    return err('En un servidor no valen --jugadores, --seed, --lexicon ni --cargar.');
  const base = {
    server: link.server,
    lineas: values.lineas ?? false,
    ...(values.nombre !== undefined && { name: values.nombre.trim() }),
  };
  const creating =
    values.vs ||
    values.invitados !== undefined ||
    values.rules !== undefined ||
    values.fichas !== undefined ||
    values.meta !== undefined ||
    values.impugnacion !== undefined ||
    values.reloj !== undefined;
  if (values['mis-partidas']) {
    if (link.gameId !== undefined || creating)
      return err(
        '--mis-partidas solo necesita la dirección del servidor: ni enlace de partida, ni rivales, ni reglas.',
      );
    return ok({ ...base, listMine: true });
  }
  if (link.gameId !== undefined) {
    if (creating)
      return err(
        'Para entrar por un enlace no hacen falta rivales ni reglas: las tiene la partida.',
      );
    return ok({
      ...base,
      gameId: link.gameId,
      ...(link.seatToken !== undefined && { seatToken: link.seatToken }),
    });
  }
  const levels = (values.vs ?? []).flatMap(splitList).map((l) => l.toLowerCase());
  for (const l of levels)
    if (!(SERVER_BOTS as readonly string[]).includes(l))
      return err(`Nivel desconocido en el servidor: «${l}». Niveles: ${SERVER_BOTS.join(', ')}.`);
  let invited = 0;
  if (values.invitados !== undefined) {
    invited = /^[1-3]$/.test(values.invitados.trim()) ? Number(values.invitados.trim()) : NaN;
    if (Number.isNaN(invited))
      return err(`--invitados necesita un número de 1 a 3, no «${values.invitados}».`);
  }
  if (levels.length === 0 && invited === 0) levels.push('aficionado');
  if (1 + invited + levels.length > 4) return err('Como mucho pueden jugar 4.');
  const variants = variantsOf(values.fichas, values.meta);
  if (!variants.ok) return err(variants.error);
  const preset = (values.rules ?? 'fise').toLowerCase();
  if (preset !== 'fise' && preset !== 'caja' && preset !== 'sala')
    return err(`Reglas desconocidas: «${values.rules}». Reglas: fise, caja, sala.`);
  const challenge = challengeOf(values.impugnacion, invited === 0);
  if (!challenge.ok) return err(challenge.error);
  const reloj = values.reloj === undefined ? undefined : clockOf(values.reloj);
  if (reloj && !reloj.ok) return err(reloj.error);
  if (reloj && reloj.value.minutesPerPlayer > 180)
    return err('En un servidor el reloj es de 180 minutos como mucho.');
  const create: CreateRequest = {
    preset,
    seats: [
      'open',
      ...Array<'invite'>(invited).fill('invite'),
      ...levels.map((bot) => ({ bot: bot as (typeof SERVER_BOTS)[number] })),
    ],
    ...(Object.keys(variants.value).length > 0 && { variants: variants.value }),
    ...(challenge.value !== undefined && { challengeMode: challenge.value }),
    ...(reloj && { clockMinutes: reloj.value.minutesPerPlayer }),
  };
  return ok({ ...base, create });
}

/** TM-02 in a sentence: "Cada minuto empezado de más resta 10 puntos al final." */
function overtimeRule(clock: NonNullable<Rules['clock']>): string {
  return `Cada minuto empezado de más resta ${clock.penaltyPerMinute} puntos al final.`;
}
