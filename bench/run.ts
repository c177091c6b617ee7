/**
 * `npm run bench`: runs every suite in bench/suites (or those named on the command line),
 * prints a table and writes bench/results.json (or the file named by ATRIL_BENCH_RESULTS, so
 * that tests of this script leave a developer's results alone).
 */
import { readdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  BenchInputError,
  type BenchFigure,
  type BenchSuite,
  type CaseResult,
  baselineCase,
  measure,
} from './harness.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const args = process.argv.slice(2);
const only: string[] = [];
const options: { cgpFile?: string } = {};
for (let i = 0; i < args.length; i++) {
  const a = args[i]!;
  if (a === '--cgp-file') {
    const file = args[++i];
    if (file === undefined || file.startsWith('-')) {
      process.stderr.write('Falta el archivo tras --cgp-file.\n');
      process.exit(2);
    }
    options.cgpFile = file;
  } else if (a.startsWith('-') && a !== '--help' && a !== '-h') {
    process.stderr.write(`Opción desconocida: «${a}». Prueba npm run bench -- --help.\n`);
    process.exit(2);
  } else only.push(a);
}
const files = readdirSync(`${here}/suites`)
  .filter((f) => f.endsWith('.ts'))
  .sort();
const names = files.map((f) => f.slice(0, -3));
if (only.includes('--help') || only.includes('-h')) {
  process.stdout.write(
    `Uso: npm run bench [-- SUITE …] [--cgp-file ARCHIVO]\n\n` +
      `Mide la velocidad (medianas por operación y su proporción frente a una carga fija medida\n` +
      `en el mismo proceso) y escribe bench/results.json.\n\n` +
      `Suites: ${names.join(', ')} (todas si no se nombra ninguna).\n\n` +
      `  --cgp-file ARCHIVO  posiciones para la suite movegen, una por línea: NOMBRE y CGP\n` +
      `                      (bench/positions.cgp por omisión: las cinco de ../shared/peers)\n`,
  );
  process.exit(0);
}
const unknown = only.filter((n) => !names.includes(n));
if (unknown.length > 0) {
  process.stderr.write(`Suite desconocida: «${unknown.join('», «')}». Hay: ${names.join(', ')}.\n`);
  process.exit(2);
}

const baselineNs = measure(baselineCase);
const results: CaseResult[] = [];
const figures: (BenchFigure & { suite: string })[] = [];
const fmt = (ns: number): string =>
  ns >= 1e6
    ? `${(ns / 1e6).toFixed(2)} ms`
    : ns >= 1e3
      ? `${(ns / 1e3).toFixed(2)} µs`
      : `${ns.toFixed(1)} ns`;

for (const file of files) {
  const suite = (await import(pathToFileURL(`${here}/suites/${file}`).href)).default as BenchSuite;
  if (only.length && !only.includes(suite.name)) continue;
  process.stdout.write(`\n## ${suite.name}\n`);
  const prepared = await suite.prepare(options).catch((e: unknown) => {
    if (!(e instanceof BenchInputError)) throw e;
    process.stderr.write(`${e.message}\n`);
    process.exit(2);
  });
  const { cases, figures: figs = [] } = prepared;
  for (const f of figs) {
    figures.push({ ...f, suite: suite.name });
    process.stdout.write(`  ${f.name.padEnd(48)} ${String(f.value).padStart(12)} ${f.unit}\n`);
  }
  for (const c of cases) {
    const ns = measure(c);
    const r: CaseResult = {
      suite: suite.name,
      name: c.name,
      unit: c.unit ?? 'op',
      medianNs: ns,
      opsPerSec: 1e9 / ns,
      ratioToBaseline: ns / baselineNs,
    };
    results.push(r);
    process.stdout.write(
      `  ${c.name.padEnd(48)} ${fmt(ns).padStart(12)}/${r.unit}  ${r.opsPerSec.toFixed(0).padStart(10)}/s  ×${r.ratioToBaseline.toFixed(4)} baseline\n`,
    );
  }
}
process.stdout.write(`\nbaseline: ${fmt(baselineNs)}\n`);
writeFileSync(
  process.env.ATRIL_BENCH_RESULTS ?? `${here}/results.json`,
  JSON.stringify(
    { date: new Date().toISOString(), node: process.version, baselineNs, results, figures },
    null,
    2,
  ) + '\n',
);
