#!/usr/bin/env node
// `npm run bench:web`: measures the built web client (bench/web.ts) through tsx.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const run = fileURLToPath(new URL('../bench/web.ts', import.meta.url));
const r = spawnSync(process.execPath, ['--import', 'tsx', run, ...process.argv.slice(2)], {
  stdio: 'inherit',
});
process.exitCode = r.status ?? 1;
