#!/usr/bin/env node
// Entry point of the `atril` command: the compiled CLI lives in dist/ (built by `npm install`).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const main = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));
if (!existsSync(main)) {
  console.error('Atril no está compilado: ejecuta «npm install» (o «npm run build») primero.');
  process.exit(2);
}
// A reader that stops early (`atril best … | head`) closes the pipe: stop quietly, as other
// command-line tools do, instead of dying on EPIPE.
process.stdout.on('error', (err) => {
  if (err.code === 'EPIPE') process.exit(0);
  throw err;
});
const { run } = await import(main);
process.exitCode = await run(process.argv.slice(2));
