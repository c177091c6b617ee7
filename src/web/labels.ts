/**
 * Every Spanish word the page itself shows (headings, labels, buttons). What the game says —
 * plays, errors, help — comes from src/play (messages.ts, errorText.ts) like the terminal's.
 */
import { LEVEL_NAMES, PRESET_NAMES, othersOf } from '../play/lobbyText.js';
import { spokenList, waitingSeatName } from '../play/messages.js';
import { MAX_NAME_LENGTH, type MyGame } from '../protocol/messages.js';
import type { ClientView } from '../protocol/view.js';

export const L = {
  appTitle: 'Atril',
  /** The browser tab's title for a page whose main heading is `heading`. */
  pageTitle: (heading: string) =>
    heading === 'Atril' ? 'Atril: Scrabble en español' : `${heading} · Atril`,
  tagline: 'Scrabble en español, con ratón, con el dedo o solo con el teclado.',
  invitedTagline:
    'Te han invitado a una partida de Scrabble: escribe tu nombre y te sentarás en ella.',
  skipToGame: 'Ir al tablero',
  // Identity
  nameHeading: '¿Cómo te llamas?',
  nameLabel: 'Tu nombre',
  nameSave: 'Guardar nombre',
  nameHint: `Es el nombre que verán los demás jugadores (hasta ${MAX_NAME_LENGTH} caracteres). Se recuerda en este navegador.`,
  nameChange: 'Cambiar de nombre',
  nameNew: 'Tu nuevo nombre',
  nameCancel: 'Cancelar',
  renamed: (name: string) => `Ahora te llamas ${name}.`,
  nameInvalid: `Escribe un nombre de 1 a ${MAX_NAME_LENGTH} caracteres.`,
  // Said as the name grows past the limit, and kept as the field's hint while it is too long.
  nameTooLong: (n: number) =>
    `Caben ${MAX_NAME_LENGTH} caracteres y el nombre tiene ${n}: ${
      n - MAX_NAME_LENGTH === 1 ? 'sobra 1' : `sobran ${n - MAX_NAME_LENGTH}`
    }.`,
  hello: (name: string) => `Hola, ${name}.`,
  unknownAddress: (address: string) =>
    `La dirección «${address}» no es de ninguna partida (¿se cortó el enlace al copiarlo?): estás en la entrada.`,
  // Lobby
  quickHeading: 'Partida rápida contra el ordenador',
  level: 'Nivel',
  levels: LEVEL_NAMES,
  // Post-game review (issue 13 §5)
  review: {
    heading: 'Revisión de la partida',
    intro:
      'Cada jugada junto a la mejor que se podía hacer según el ordenador (por equidad: los ' +
      'puntos más el valor de las fichas que quedan en el atril) y los puntos que se dejaron.',
    show: 'Ver la revisión',
    loading: 'Preparando la revisión de la partida…',
    ready: (n: number) =>
      `Revisión lista: ${n} ${n === 1 ? 'jugada analizada' : 'jugadas analizadas'}.`,
    movesCaption: 'Jugada a jugada',
    notationKey: '(minúsculas: comodín; punto: ficha que ya estaba)',
    turn: 'N.º',
    player: 'Jugador',
    played: 'Jugada hecha',
    score: 'Puntos',
    best: 'Mejor alternativa (puntos)',
    equity: 'Equidad',
    lost: 'Puntos perdidos',
    wasBest: 'La jugada hecha era la mejor',
    notInLexicon: '(no está en el léxico)',
    withdrawn: '(retirada tras impugnarla)',
    pass: 'Pasar',
    exchange: (tiles: string) => `Cambiar ${tiles}`,
    summaryCaption: 'Resumen por jugador',
    turns: 'Jugadas analizadas',
    totalLost: 'Total perdido',
    worst: 'Errores más caros',
    noMistakes: 'Ninguno',
    mistake: (turn: number, move: string, lost: string) => `jugada ${turn}, ${move} (−${lost})`,
    skipped: (n: number) =>
      `${n} ${n === 1 ? 'jugada queda' : 'jugadas quedan'} sin analizar (no consta el atril).`,
  },
  preset: 'Reglas',
  presets: PRESET_NAMES,
  playBot: 'Jugar contra el ordenador',
  roomHeading: 'Sala con amigos',
  seats: 'Jugadores',
  challenge: 'Impugnación',
  challengeModes: {
    preset: 'La de las reglas elegidas',
    single: 'Simple (impugnación fallida sin castigo)',
    double: 'Doble (quien falla pierde turno)',
    penalty: 'Con penalización de puntos',
    automatic: 'Automática (se comprueba al jugar)',
    void: 'Sin impugnación: la jugada no válida se rechaza',
  },
  clock: 'Reloj (minutos por jugador, vacío = sin reloj)',
  rack9: 'Atril de 9 fichas',
  target: 'Puntos para ganar (vacío = partida completa)',
  clockInvalid: (min: number, max: number) =>
    `El reloj necesita un número entero de minutos, de ${min} a ${max}, o nada para jugar sin reloj.`,
  targetInvalid: (min: number, max: number) =>
    `Los puntos para ganar necesitan un número entero, de ${min} a ${max.toLocaleString('es-ES')}, o nada para la partida completa.`,
  openRoom: 'Sala abierta: cualquiera puede sentarse desde la lista de salas',
  roomCreated: (links: number) =>
    links === 1
      ? 'Sala creada. Comparte el enlace de invitación: ya está en el campo con el foco.'
      : `Sala creada. Comparte los ${links} enlaces de invitación: el primero tiene el foco.`,
  createRoom: 'Crear sala',
  inviteHeading: 'Invitaciones',
  allArrived: 'Ya han llegado todos los invitados.',
  // Said on arriving at the table of a room made here whose seats wait for their invitees.
  invitesAtTable: (n: number) =>
    n === 1
      ? 'Su enlace de invitación está en la sección «Invitaciones».'
      : 'Sus enlaces de invitación están en la sección «Invitaciones».',
  // At the table of a room made here, while seats wait for their invitees.
  invitesHint: (n: number) =>
    n === 1
      ? 'Falta un invitado por llegar: comparte este enlace, que le da su asiento.'
      : 'Faltan invitados por llegar: comparte con cada uno su enlace, que le da su asiento.',
  inviteLink: (seat: number) => `Enlace para invitar (asiento ${seat + 1})`,
  copy: 'Copiar enlace',
  copyLink: (seat: number) => `Copiar enlace del asiento ${seat + 1}`,
  copied: (seat: number) => `Enlace del asiento ${seat + 1} copiado.`,
  copyByHand:
    'Este navegador no deja copiar desde la página: el enlace está seleccionado, cópialo con Control+C.',
  goToGame: 'Ir a la partida',
  // Several at once in one message: a second one set in the same moment would replace it.
  arrivedInRoom: (names: readonly string[]) =>
    `${spokenList(names)} ${
      names.length === 1 ? 'ha llegado' : 'han llegado'
    } a tu sala. Tu partida está en «Mis partidas».`,
  openHeading: 'Salas abiertas',
  noOpen: 'No hay salas abiertas ahora mismo.',
  join: 'Unirse',
  watch: 'Mirar',
  mineHeading: 'Mis partidas',
  noMine: 'No tienes partidas sin terminar.',
  resume: 'Seguir',
  // After a game of the player's ended while they waited in the lobby (lobby/mine.ts).
  endedUnheard: (g: MyGame) =>
    `Tu partida con ${spokenList(othersOf(g))} ha terminado mientras se había cortado la conexión: ábrela con «Ver» para saber cómo.`,
  inFinished: 'Puedes verla en «Partidas terminadas».',
  finishedHeading: 'Partidas terminadas',
  noFinished: 'Aún no has terminado ninguna partida.',
  seeEnded: 'Ver',
  refresh: 'Actualizar',
  refreshed: (n: number) =>
    n === 0
      ? 'Lista actualizada: no tienes partidas sin terminar.'
      : `Lista actualizada: ${n === 1 ? 'una partida' : `${n} partidas`} sin terminar.`,
  // Game page
  gameTitle: (names: readonly string[]) => `Partida: ${names.join(' contra ')}`,
  watching: 'Estás mirando la partida.',
  // After a seat refused from an invitation or the lobby: the game is there to be watched.
  watchGame: 'Mirar la partida',
  watchInstead: 'Puedes mirarla con el enlace «Mirar la partida».',
  backToLobby: 'Volver a la entrada',
  loading: 'Cargando la partida…',
  rematchArrived: 'Revancha: una partida nueva, con los mismos asientos.',
  rematchExists: 'Esta partida ya tiene revancha: el enlace «Ir a la revancha» lleva a ella.',
  // Someone else asked for the rematch while the player was on the old game's page: it stays.
  rematchAsked: (by: string) =>
    `${by} ha pedido la revancha: el enlace «Ir a la revancha», bajo «Acciones», lleva a ella.`,
  // The same, heard in the lobby, as «ha llegado a tu sala» is.
  rematchInLobby: (by: string) =>
    `${by} ha pedido la revancha. La nueva partida está en «Mis partidas».`,
  rematchWhileReading:
    'Los demás han empezado la revancha: el enlace «Ir a la revancha», bajo «Acciones», lleva a ella.',
  scoresHeading: 'Marcador',
  you: 'Tú',
  turnMark: 'juega ahora',
  botMark: 'ordenador',
  bag: (n: number) => `Bolsa: ${n} ${n === 1 ? 'ficha' : 'fichas'}`,
  unseenHeading: 'Fichas no vistas',
  rackHeading: 'Atril',
  rackLabel: 'Atril',
  rackEmpty: 'Atril vacío.',
  rackKeys:
    'En el atril: las flechas, Inicio y Fin recorren las fichas; Intro o Espacio sobre una ficha es Mayúsculas más su número; Escape vuelve al tablero.',
  orderLabel: 'Orden del atril',
  nextOrder: 'Cambiar el orden',
  boardHeading: 'Tablero',
  boardLabel: 'Tablero, 15 por 15',
  cornerHeader: 'Fila',
  lastMark: 'última jugada',
  tentativeHeading: 'Jugada en curso',
  noTentative: 'Todavía no has puesto fichas en este turno.',
  blankHeading: 'Letra del comodín',
  lastHeading: 'Última jugada',
  noLast: 'Todavía no se ha jugado.',
  historyHeading: 'Historial',
  chatHeading: 'Chat',
  chatLabel: 'Mensaje',
  chatSend: 'Enviar',
  chatEmpty: 'Sin mensajes.',
  chatNothing: 'No has escrito ningún mensaje: escríbelo y pulsa Intro para enviarlo.',
  actionsHeading: 'Acciones',
  actions: {
    play: 'Jugar',
    exchange: 'Cambiar',
    confirmExchange: 'Confirmar el cambio',
    pass: 'Pasar',
    confirmPass: 'Confirmar el pase',
    accept: 'Aceptar la jugada',
    confirmAccept: 'Confirmar: aceptar la jugada',
    challenge: 'Impugnar',
    takeBack: 'Devolver fichas',
    preview: 'Ver valor',
    rematch: 'Revancha',
    goToRematch: 'Ir a la revancha',
    download: 'Descargar la partida (GCG)',
    claim: 'Reclamar la partida',
  },
  /** How the page claims a game, as the claimable seat's sentence says it. */
  claimHow: 'botón «Reclamar la partida», en «Acciones», u orden «reclamar»',
  resign: {
    button: 'Abandonar',
    question: '¿Abandonar la partida?',
    explain: 'La partida termina ahora y la pierdes. Los demás verán que has abandonado.',
    yes: 'Sí, abandonar',
    no: 'No, seguir jugando',
  },
  commandLabel: 'Orden',
  commandHint: 'Escribe una orden (turno, marcador, 8H casa, cambiar AEU…) y pulsa Intro.',
  settingsHeading: 'Ajustes',
  sound: 'Sonidos (tu turno, error, poco tiempo)',
  detailed: 'Mensajes detallados',
  chatAloud: 'Leer el chat en cuanto llega',
  readingRate: 'Velocidad de tu lector de pantalla',
  readingRates: {
    lenta: 'Lenta',
    normal: 'Normal',
    rapida: 'Rápida',
    'muy-rapida': 'Muy rápida',
  },
  readingRateHint:
    'La respuesta rápida del ordenador espera a que tu lector termine de leer tu jugada.',
  helpHeading: 'Ayuda',
  modeLabel: 'Modo',
  resultHeading: 'Resultado',
  player: 'Jugador',
  beforeAdjust: 'Antes de los ajustes',
  timePenalty: 'Penalización por tiempo',
  showHelp: 'Ver las teclas del modo actual',
  rackAdjust: 'Ajustes por fichas en el atril',
  final: 'Puntuación final',
  winner: 'Gana',
  draw: 'Empate',
  connection: 'Conexión',
} as const;

/**
 * A seat as the page's lists and tables name it (scoreboard, result, review): the viewer's own
 * as «Tú (Ana)», which says both who it is and that it is them; a seat still waiting for its
 * player by its number.
 */
export function seatLabel(view: ClientView, seat: number): string {
  const s = view.seats[seat];
  if (seat === view.seat) return `${L.you} (${s?.name ?? ''})`;
  return s?.name || waitingSeatName(seat, s?.open);
}
