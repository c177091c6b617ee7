/**
 * `npm run bench:web`: what the web client costs a player (issue 12).
 *
 * - JavaScript shipped: every .js file in dist/web, gzipped, against the 150 KB budget.
 * - The lexicon is never sent: no .kwg, no large file, no word list in the bundle, and in a
 *   real game no HTTP response or WebSocket message anywhere near a lexicon's size.
 * - Key press to announcement: in a game against the computer in headless Chromium, the time
 *   from a command key's keydown to the polite live region's change, both taken in the page
 *   with performance.now() (the keydown in the capture phase, the change by a
 *   MutationObserver), p50 and p99 over many presses.
 *
 * Prints a table, writes bench/web-results.json, and exits 1 when a budget is broken.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { launchChromium, newPlayer } from '../test/browser/browser.js';
import { enterName, focusBoard, startComputerGame } from '../test/browser/flows.js';
import { press } from '../test/browser/keys.js';
import { Announcer } from '../test/browser/liveRegions.js';
import { startServer, WEB_DIST } from '../test/browser/server.js';
import {
  javascript,
  JS_BUDGET_BYTES,
  LARGEST_FILE_BYTES,
  LEXICON_LEAK_FRACTION,
  lexiconWordsIn,
  shippedFiles,
} from '../test/browser/shipped.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  process.stdout.write(
    `Uso: npm run bench:web [-- --pulsaciones N]\n\n` +
      `Mide el cliente web construido (dist/web): JavaScript enviado comprimido con gzip (límite\n` +
      `150 KB), que el léxico nunca llega al navegador, y el tiempo de una tecla a su anuncio\n` +
      `(p50 y p99) en una partida real en Chromium. Escribe bench/web-results.json.\n`,
  );
  process.exit(0);
}
const countArg = args.indexOf('--pulsaciones');
const PRESSES = countArg >= 0 ? Number(args[countArg + 1]) : 300;
if (!Number.isInteger(PRESSES) || PRESSES < 10) {
  process.stderr.write('--pulsaciones necesita un número entero de 10 o más.\n');
  process.exit(2);
}

const kb = (n: number): string => `${(n / 1024).toFixed(1)} KB`;
const failures: string[] = [];

// 1. What is shipped.
const files = shippedFiles(WEB_DIST);
const js = javascript(files);
const jsGzip = js.reduce((s, f) => s + f.gzipBytes, 0);
process.stdout.write(`\n## JavaScript enviado (dist/web)\n`);
for (const f of js)
  process.stdout.write(
    `  ${f.path.padEnd(48)} ${kb(f.bytes).padStart(10)} ${kb(f.gzipBytes).padStart(10)} gzip\n`,
  );
process.stdout.write(
  `  ${'total'.padEnd(48)} ${''.padStart(10)} ${kb(jsGzip).padStart(10)} gzip (límite ${kb(JS_BUDGET_BYTES)})\n`,
);
if (jsGzip > JS_BUDGET_BYTES)
  failures.push(`JavaScript gzipped ${kb(jsGzip)} > ${kb(JS_BUDGET_BYTES)}`);

// 2. The lexicon stays on the server.
const kwg = files.filter((f) => /\.kwg$/i.test(f.path));
const large = files.filter((f) => f.bytes > LARGEST_FILE_BYTES);
const words = lexiconWordsIn(WEB_DIST, files);
process.stdout.write(`\n## El léxico no se envía\n`);
process.stdout.write(`  ficheros .kwg en dist/web: ${kwg.length}\n`);
process.stdout.write(`  ficheros de más de ${kb(LARGEST_FILE_BYTES)}: ${large.length}\n`);
process.stdout.write(
  `  palabras del léxico en el paquete: ${words.found} de ${words.sampled} (${words.examples.join(', ')})\n`,
);
if (kwg.length) failures.push(`.kwg shipped: ${kwg.map((f) => f.path).join(', ')}`);
if (large.length) failures.push(`large files shipped: ${large.map((f) => f.path).join(', ')}`);
if (words.found / words.sampled >= LEXICON_LEAK_FRACTION)
  failures.push(`lexicon words in the bundle: ${words.found}/${words.sampled}`);

// 3. A real game: what crosses the network, and key to announcement.
const server = await startServer();
const browser = await launchChromium();
let latencies: number[] = [];
let largestResponse = { url: '', bytes: 0 };
let largestFrame = 0;
const kwgRequests: string[] = [];
try {
  const context = await newPlayer(browser);
  const page = await context.newPage();
  page.on('request', (r) => {
    if (/\.kwg(\?|$)/i.test(r.url())) kwgRequests.push(r.url());
  });
  page.on('response', (r) => {
    void r.body().then(
      (b) => {
        if (b.length > largestResponse.bytes) largestResponse = { url: r.url(), bytes: b.length };
      },
      () => undefined,
    );
  });
  page.on('websocket', (ws) => {
    ws.on('framereceived', (f) => {
      largestFrame = Math.max(
        largestFrame,
        typeof f.payload === 'string' ? Buffer.byteLength(f.payload) : f.payload.length,
      );
    });
  });
  await page.goto(server.url);
  await enterName(page, 'Banco');
  await startComputerGame(page);
  await focusBoard(page);
  const heard = new Announcer(page);
  // Commands that only read: each answer differs from the one before, so every press changes
  // the region even if the page does not re-announce a repeated sentence.
  const cycle = ['KeyT', 'KeyS', 'KeyC', 'Digit1'];
  const firstKey = (await heard.keydowns()).length;
  for (let i = 0; i < PRESSES; i++) await heard.after(() => press(page, cycle[i % cycle.length]!));
  const keys = (await heard.keydowns()).slice(firstKey);
  const said = (await heard.all()).filter((a) => a.region === 'polite');
  latencies = keys.map((k, i) => {
    const next = keys[i + 1]?.at ?? Infinity;
    const answer = said.find((a) => a.at >= k.at && a.at < next);
    if (!answer) throw new Error(`no announcement for press ${i} (${k.code})`);
    return answer.at - k.at;
  });
  await context.close();
} finally {
  await browser.close();
  await server.stop();
}
latencies.sort((a, b) => a - b);
const pct = (p: number): number =>
  latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!;
process.stdout.write(`  peticiones .kwg: ${kwgRequests.length}\n`);
process.stdout.write(
  `  respuesta HTTP más grande: ${kb(largestResponse.bytes)} (${largestResponse.url})\n`,
);
process.stdout.write(`  mensaje WebSocket más grande: ${kb(largestFrame)}\n`);
if (kwgRequests.length) failures.push(`.kwg requested: ${kwgRequests.join(', ')}`);
if (largestResponse.bytes > LARGEST_FILE_BYTES)
  failures.push(`response of ${kb(largestResponse.bytes)}: ${largestResponse.url}`);
if (largestFrame > LARGEST_FILE_BYTES) failures.push(`WebSocket message of ${kb(largestFrame)}`);

process.stdout.write(`\n## De la tecla al anuncio (${latencies.length} pulsaciones: T, S, C, 1)\n`);
process.stdout.write(
  `  p50 ${pct(50).toFixed(2)} ms · p99 ${pct(99).toFixed(2)} ms · máx ${latencies.at(-1)!.toFixed(2)} ms\n`,
);

const figures = [
  { name: 'JavaScript shipped, gzipped', value: jsGzip, unit: 'bytes' },
  { name: 'JavaScript budget, gzipped', value: JS_BUDGET_BYTES, unit: 'bytes' },
  { name: 'lexicon words found in bundle', value: words.found, unit: `of ${words.sampled}` },
  { name: 'largest HTTP response', value: largestResponse.bytes, unit: 'bytes' },
  { name: 'largest WebSocket message', value: largestFrame, unit: 'bytes' },
  { name: 'key to announcement p50', value: Number(pct(50).toFixed(3)), unit: 'ms' },
  { name: 'key to announcement p99', value: Number(pct(99).toFixed(3)), unit: 'ms' },
];
writeFileSync(
  `${here}/web-results.json`,
  JSON.stringify(
    {
      date: new Date().toISOString(),
      node: process.version,
      presses: latencies.length,
      files: js,
      figures,
      failures,
    },
    null,
    2,
  ) + '\n',
);
if (failures.length) {
  process.stderr.write(`\nFuera de límite:\n  ${failures.join('\n  ')}\n`);
  process.exitCode = 1;
}
