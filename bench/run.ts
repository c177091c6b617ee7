/**
 * `npm run bench`: runs every suite in bench/suites (or those named on the command line),
 * prints a table and writes bench/results.json.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  type BenchFigure,
  type BenchSuite,
  type CaseResult,
  baselineCase,
  measure,
} from './harness.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const only = process.argv.slice(2);
const files = readdirSync(`${here}/suites`)
  .filter((f) => f.endsWith('.ts'))
  .sort();
const names = files.map((f) => f.slice(0, -3));
if (only.includes('--help') || only.includes('-h')) {
  process.stdout.write(
    `Uso: npm run bench [-- SUITE …]\n\n` +
      `Mide la velocidad (medianas por operación y su proporción frente a una carga fija medida\n` +
      `en el mismo proceso) y escribe bench/results.json.\n\n` +
      `Suites: ${names.join(', ')} (todas si no se nombra ninguna).\n`,
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
  const { cases, figures: figs = [] } = await suite.prepare();
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
  `${here}/results.json`,
  JSON.stringify(
    { date: new Date().toISOString(), node: process.version, baselineNs, results, figures },
    null,
    2,
  ) + '\n',
);
