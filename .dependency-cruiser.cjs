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
  client: ['engine', 'protocol'],
  server: ['engine', 'lexicon', 'ai', 'protocol'],
  web: ['engine', 'protocol', 'play', 'client'],
  cli: ['engine', 'lexicon', 'ai', 'protocol', 'play', 'server', 'client'],
};
const modules = Object.keys(allowed);
/** Dependencies from outside the repository: Node's own modules and npm packages. */
const external = ['core', 'npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-no-pkg'];

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
      name: 'testing-helpers-not-shipped',
      comment: 'Test helpers (src/**/testing/) are left out of the build: only tests import them',
      severity: 'error',
      from: { path: '^src/', pathNot: '/testing/' },
      to: { path: '^src/.*/testing/' },
    },
    {
      name: 'engine-is-pure',
      comment: 'The engine uses no Node or npm modules (DESIGN.md §1)',
      severity: 'error',
      from: { path: '^src/engine/' },
      to: { dependencyTypes: external },
    },
    {
      name: 'play-is-pure',
      comment: 'The interaction core uses no Node or npm modules: it runs in the browser too',
      severity: 'error',
      from: { path: '^src/play/' },
      to: { dependencyTypes: external },
    },
    {
      name: 'client-is-pure',
      comment:
        'The protocol client uses no Node or npm modules: it runs in the browser too, and is given its WebSocket class',
      severity: 'error',
      from: { path: '^src/client/' },
      to: { dependencyTypes: external },
    },
    {
      name: 'protocol-is-pure',
      comment: 'The protocol uses no Node modules and no npm module but zod (its schemas)',
      severity: 'error',
      from: { path: '^src/protocol/' },
      to: { dependencyTypes: external, pathNot: '(^|/)node_modules/zod/' },
    },
    {
      name: 'protocol-engine-types-only',
      comment: 'The protocol may import engine types only (DESIGN.md §1)',
      severity: 'error',
      from: { path: '^src/protocol/' },
      to: { path: '^src/engine/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'play-protocol-types-only',
      comment: 'The interaction core may import protocol types only (DESIGN.md §1)',
      severity: 'error',
      from: { path: '^src/play/' },
      to: { path: '^src/protocol/', dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '\\.test\\.ts$' },
  },
};
