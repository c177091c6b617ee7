/**
 * The lexicon module: the word graph (DAWG + GADDAG in one flat array, kwg.ts), its builder,
 * its file format, lookups and the file-system edge (io.ts).
 */
export { type Kwg } from './kwg.js';
export { buildKwg, buildPackedKwg, KwgTooLargeError } from './build.js';
export { unpackWords, type PackedWords } from './packed.js';
export { decodeKwg, encodeKwg, type LexiconFileError } from './file.js';
export { Lexicon, type AnagramOptions } from './lexicon.js';
export {
  MAX_WORD_TILES,
  MIN_WORD_TILES,
  normaliseJsonArray,
  summariseRejections,
  type NormalisedList,
  type Rejection,
  type RejectReason,
  type RejectionSummary,
} from './wordlist.js';
export {
  defaultLexiconPath,
  defaultWordListPath,
  lexiconName,
  loadDefaultLexicon,
  loadLexicon,
  openLexicon,
  readDefaultWordList,
  readWordList,
  saveKwg,
  type LexiconLoadError,
  type Loaded,
} from './io.js';
export {
  NOT_REGULAR_FILE,
  guardTemporaryFiles,
  refusedTarget,
  writeFileAtomic,
} from './outputFile.js';
export {
  INPUT_LIMITS,
  readInputFile,
  type InputFileError,
  type InputFileResult,
} from './inputFile.js';
