/**
 * The layering of DESIGN.md §1: each module may import only the modules listed for it,
 * and nothing may form a cycle.
 */
const allowed = {
  engine: [],
  lexicon: ['engine'],
  ai: ['engine', 'lexicon'],
  protocol: ['engine'],
  play: ['engine', 'protocol'],
  server: ['engine', 'lexicon', 'ai', 'protocol'],
  web: ['engine', 'protocol', 'play'],
  cli: ['engine', 'lexicon', 'ai', 'protocol', 'play', 'server'],
};
const modules = Object.keys(allowed);

module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
    ...modules.map((m) => ({
      name: `layering-${m}`,
      comment: `src/${m} may import only: ${allowed[m].join(', ') || 'nothing outside itself'}`,
      severity: 'error',
      from: { path: `^src/${m}/` },
      to: {
        path: `^src/(${modules.filter((o) => o !== m && !allowed[m].includes(o)).join('|')})/`,
      },
    })),
    {
      name: 'engine-is-pure',
      comment: 'The engine uses no Node or npm modules (DESIGN.md §1)',
      severity: 'error',
      from: { path: '^src/engine/' },
      to: { dependencyTypes: ['core', 'npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-no-pkg'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '\\.test\\.ts$' },
  },
};
