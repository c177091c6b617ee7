#!/usr/bin/env node
// Entry point of the `atril` command: the compiled CLI lives in dist/ (built by `npm install`).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const main = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));
if (!existsSync(main)) {
  console.error('Atril no está compilado: ejecuta «npm install» (o «npm run build») primero.');
  process.exit(2);
}
// A reader that stops early (`atril best … | head`) closes the pipe: the rest of the output is
// dropped quietly instead of dying on EPIPE, and the command still ends with its own exit
// status, so `atril replay partida.gcg | head` fails (1 or 2) when the replay does.
process.stdout.on('error', (err) => {
  if (err.code === 'EPIPE' || err.code === 'ERR_STREAM_DESTROYED') return;
  throw err;
});
const { run } = await import(main);
process.exitCode = await run(process.argv.slice(2));
