import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { consume, type BenchSuite } from '../harness.js';
import { parseCgp } from '../../src/engine/notation/cgp.js';
import { parseGcg, writeGcg } from '../../src/engine/notation/gcg.js';
import { replayRecord } from '../../src/engine/notation/recordAudit.js';
import { gcgDir } from '../../test/gcg-dir.js';

// A real Spanish record (26 events, digraph tiles, a withdrawal) from the GCG fixtures.
const FILE = 'ropita_gcg_sample.gcg';
const CGP =
  '15/15/15/15/15/15/15/3JAEZAS6/4N10/4A10/4R10/4C10/3DOÑEGUIl4/4S10/4O10/4S10 ' +
  '?DDHPTT/ACEILOQ 60/138 0 lex FILE2017;';

const suite: BenchSuite = {
  name: 'notation',
  prepare: async () => {
    const bytes = new Uint8Array(readFileSync(join(gcgDir(), FILE)));
    const parsed = parseGcg(bytes);
    if (!parsed.ok) throw new Error(`${FILE}: ${parsed.error.code}`);
    const { record, lines } = parsed.value;
    return {
      figures: [
        { name: `${FILE} size`, value: bytes.length, unit: 'bytes' },
        { name: `${FILE} events`, value: record.events.length, unit: 'events' },
      ],
      cases: [
        {
          name: 'parse a GCG file (bytes → record)',
          unit: 'file',
          run: () => consume(parseGcg(bytes)),
        },
        {
          name: 'replay a whole record (26 events, scores checked)',
          unit: 'game',
          run: () => consume(replayRecord(record, { lines })),
        },
        { name: 'write a record as GCG text', unit: 'file', run: () => consume(writeGcg(record)) },
        {
          name: 'parse a CGP position (mid-game)',
          unit: 'position',
          run: () => consume(parseCgp(CGP)),
        },
      ],
    };
  },
};
export default suite;
