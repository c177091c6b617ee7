/**
 * Child process of the lexicon bench: builds the default lexicon once (read the list, normalise,
 * build the graph, encode the file) and prints its figures as JSON. Run apart so that its peak
 * memory (maxRSS) is the build's own.
 */
import { readFileSync } from 'node:fs';
import { SPANISH } from '../src/engine/tiles.js';
import {
  buildPackedKwg,
  defaultWordListPath,
  encodeKwg,
  normaliseJsonArray,
} from '../src/lexicon/index.js';

const baseRss = process.resourceUsage().maxRSS;
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const list = normaliseJsonArray(SPANISH, readFileSync(defaultWordListPath()));
const t1 = performance.now();
const kwg = buildPackedKwg(list.words, SPANISH);
const bytes = encodeKwg(kwg);
const t2 = performance.now();
const cpu = process.cpuUsage(cpu0);
process.stdout.write(
  JSON.stringify({
    readMs: t1 - t0,
    buildMs: t2 - t1,
    totalMs: t2 - t0,
    cpuMs: (cpu.user + cpu.system) / 1000,
    baseRssKb: baseRss,
    maxRssKb: process.resourceUsage().maxRSS,
    nodes: kwg.nodes.length,
    words: kwg.wordCount,
    fileBytes: bytes.length,
  }) + '\n',
);
