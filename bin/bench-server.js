#!/usr/bin/env node
// `npm run bench:server`: the server benchmark (bench/server/run.ts) through tsx.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const run = fileURLToPath(new URL('../bench/server/run.ts', import.meta.url));
const r = spawnSync(process.execPath, ['--import', 'tsx', run, ...process.argv.slice(2)], {
  stdio: 'inherit',
});
process.exitCode = r.status ?? 1;
