/**
 * The lexicon file: a 40-byte header followed by the KWG nodes (kwg.ts), little-endian.
 *
 * | offset | size | field |
 * |---|---|---|
 * | 0  | 8  | magic `ATRILKWG` |
 * | 8  | 4  | format version (FORMAT_VERSION) |
 * | 12 | 12 | tile set id, ASCII, NUL-padded (`spanish`) |
 * | 24 | 4  | word count |
 * | 28 | 4  | node count |
 * | 32 | 4  | checksum of the whole file, this field taken as 0 (FNV-1a over 32-bit words) |
 * | 36 | 4  | reserved, 0 |
 * | 40 | 4 × nodes | nodes |
 *
 * Loading is one read plus a view on the bytes: no parsing. The checksum and a bounds check of
 * every arc index run in one pass over the nodes (a few milliseconds), so a damaged file is
 * refused instead of answering wrongly. The checksum covers the header too (version 2): a
 * damaged word count or a Spanish graph relabelled `english` is refused like a damaged node.
 */
import type { LexiconFileError } from '../engine/errors.js';
import { type Result, err, ok } from '../engine/result.js';
import { tileSetById } from '../engine/tiles.js';
import { ARC_INDEX_MASK, MAX_NODES, type Kwg } from './kwg.js';

export const MAGIC = 'ATRILKWG';
export const FORMAT_VERSION = 2;
export const HEADER_BYTES = 40;
const ID_BYTES = 12;

/** Why a lexicon file could not be read (declared with the other codes in engine/errors.ts). */
export type { LexiconFileError };

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
const CHECKSUM_AT = 32;

/** FNV-1a state after the header's ten 32-bit words, the checksum field taken as 0. */
function headerHash(view: DataView): number {
  let h = FNV_OFFSET;
  for (let at = 0; at < HEADER_BYTES; at += 4)
    h = Math.imul(h ^ (at === CHECKSUM_AT ? 0 : view.getUint32(at, true)), FNV_PRIME);
  return h;
}

/**
 * FNV-1a over the whole file taken as 32-bit words (header with its checksum field as 0, then
 * the nodes): cheap, and any changed word changes it.
 */
export function checksum(header: DataView, nodes: Uint32Array): number {
  let h = headerHash(header);
  for (let i = 0; i < nodes.length; i++) h = Math.imul(h ^ nodes[i]!, FNV_PRIME);
  return h >>> 0;
}

const littleEndian = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

function byteSwap(nodes: Uint32Array): void {
  for (let i = 0; i < nodes.length; i++) {
    const v = nodes[i]!;
    nodes[i] = ((v & 0xff) << 24) | ((v & 0xff00) << 8) | ((v >>> 8) & 0xff00) | (v >>> 24);
  }
}

/** Serialises a graph to the file bytes. */
export function encodeKwg(kwg: Kwg): Uint8Array {
  const bytes = new Uint8Array(HEADER_BYTES + kwg.nodes.length * 4);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < MAGIC.length; i++) bytes[i] = MAGIC.charCodeAt(i);
  view.setUint32(8, FORMAT_VERSION, true);
  const id = kwg.tileSetId;
  if (id.length > ID_BYTES || !/^[\x20-\x7e]*$/.test(id)) throw new RangeError(`tile set id ${id}`);
  for (let i = 0; i < id.length; i++) bytes[12 + i] = id.charCodeAt(i);
  view.setUint32(24, kwg.wordCount, true);
  view.setUint32(28, kwg.nodes.length, true);
  view.setUint32(CHECKSUM_AT, checksum(view, kwg.nodes), true);
  const body = new Uint32Array(bytes.buffer, HEADER_BYTES, kwg.nodes.length);
  body.set(kwg.nodes);
  if (!littleEndian) byteSwap(body);
  return bytes;
}

/**
 * Reads a graph from file bytes, checking magic, version, tile set, size, checksum and that
 * every arc stays inside the node array. The nodes are a view on `bytes` when it is aligned.
 */
export function decodeKwg(bytes: Uint8Array): Result<Kwg, LexiconFileError> {
  if (bytes.length === 0) return err({ code: 'EMPTY_FILE' });
  for (let i = 0; i < MAGIC.length; i++)
    if (bytes[i] !== MAGIC.charCodeAt(i)) return err({ code: 'BAD_MAGIC' });
  if (bytes.length < HEADER_BYTES)
    return err({ code: 'TRUNCATED', expected: HEADER_BYTES, actual: bytes.length });
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint32(8, true);
  if (version !== FORMAT_VERSION)
    return err({ code: 'BAD_VERSION', version, expected: FORMAT_VERSION });
  const wordCount = view.getUint32(24, true);
  const count = view.getUint32(28, true);
  const expected = HEADER_BYTES + count * 4;
  if (bytes.length !== expected || count < 2 || count > MAX_NODES)
    return err({ code: 'TRUNCATED', expected, actual: bytes.length });
  const offset = bytes.byteOffset + HEADER_BYTES;
  const nodes =
    offset % 4 === 0 && littleEndian
      ? new Uint32Array(bytes.buffer, offset, count)
      : new Uint32Array(bytes.slice(HEADER_BYTES).buffer, 0, count);
  if (!littleEndian) byteSwap(nodes);
  let h = headerHash(view);
  let badArc = false;
  for (let i = 0; i < count; i++) {
    const v = nodes[i]!;
    h = Math.imul(h ^ v, FNV_PRIME);
    if ((v & ARC_INDEX_MASK) >= count) badArc = true;
  }
  if (h >>> 0 !== view.getUint32(CHECKSUM_AT, true)) return err({ code: 'BAD_CHECKSUM' });
  // The tile set is read only once the checksum vouches for the header.
  let tileSetId = '';
  for (let i = 12; i < 12 + ID_BYTES && bytes[i] !== 0; i++)
    tileSetId += String.fromCharCode(bytes[i]!);
  if (!tileSetById(tileSetId)) return err({ code: 'UNKNOWN_TILE_SET', tileSetId });
  if (badArc) return err({ code: 'CORRUPT_NODES' });
  return ok({ nodes, tileSetId, wordCount });
}
