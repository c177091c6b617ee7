#!/usr/bin/env node
// `npm run bench`: runs the TypeScript benchmark suites through tsx.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const run = fileURLToPath(new URL('../bench/run.ts', import.meta.url));
const r = spawnSync(
  process.execPath,
  ['--expose-gc', '--import', 'tsx', run, ...process.argv.slice(2)],
  {
    stdio: 'inherit',
  },
);
process.exitCode = r.status ?? 1;
