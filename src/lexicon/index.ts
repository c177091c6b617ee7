/**
 * The lexicon module: the word graph (DAWG + GADDAG in one flat array, kwg.ts), its builder,
 * its file format, lookups and the file-system edge (io.ts).
 */
export {
  ACCEPTS_BIT,
  ARC_INDEX_MASK,
  IS_END_BIT,
  MAX_NODES,
  SEPARATOR,
  TILE_SHIFT,
  accepts,
  arcIndex,
  dawgRoot,
  gaddagRoot,
  isEnd,
  makeNode,
  popcount32,
  seek,
  siblingTileMasks,
  tile,
  type Kwg,
} from './kwg.js';
export { buildKwg, buildPackedKwg, KwgTooLargeError, MAX_BUILD_WORD_TILES } from './build.js';
export { packWords, unpackWords, type PackedWords } from './packed.js';
export { FORMAT_VERSION, decodeKwg, encodeKwg, type LexiconFileError } from './file.js';
export { Lexicon, type AnagramOptions } from './lexicon.js';
export {
  MAX_WORD_TILES,
  MIN_WORD_TILES,
  normaliseArray,
  normaliseEntries,
  normaliseJsonArray,
  summariseRejections,
  textEntries,
  type NormalisedList,
  type Rejection,
  type RejectReason,
  type RejectionSummary,
} from './wordlist.js';
export {
  buildDefaultKwg,
  defaultLexiconPath,
  defaultWordListPath,
  loadDefaultLexicon,
  loadLexicon,
  openLexicon,
  readDefaultWordList,
  readWordList,
  saveKwg,
  type LexiconLoadError,
  type Loaded,
} from './io.js';
export { guardTemporaryFiles, writeFileAtomic } from './outputFile.js';
export {
  INPUT_LIMITS,
  readInputFile,
  type InputFileError,
  type InputFileResult,
} from './inputFile.js';
