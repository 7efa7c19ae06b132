/**
 * The boundaries of the code (docs/architecture.md, "Boundaries"), checked by `npm run boundaries`
 * (part of `npm run check`); apps/server/test/boundaries.test.ts shows each rule failing on a
 * deliberate violation. Paths are resolved files, so an import by alias (`@/features/…`) or by a
 * relative path is caught alike.
 *
 * @type {import('dependency-cruiser').IConfiguration}
 */
export default {
  forbidden: [
    {
      name: 'web-feature-to-feature',
      comment:
        'A web feature imports only itself and the shared code (components, hooks, lib): app/ joins features, ' +
        'for instance by filling a slot one feature leaves for another.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/([^/]+)/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-shared-to-feature',
      comment: 'components/, hooks/ and lib/ sit below the features: they import none.',
      severity: 'error',
      from: { path: '^apps/web/src/(components|hooks|lib)/' },
      to: { path: '^apps/web/src/features/' },
    },
    {
      name: 'server-module-entry',
      comment:
        "A module (modules/<context>/<module>/) is reached through its index.ts: another module's other files " +
        '(service, mapper, helpers) are its insides, free to change.',
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+/[^/]+)/' },
      to: {
        path: '^apps/server/src/modules/',
        pathNot: ['^apps/server/src/modules/$1/', '^apps/server/src/modules/[^/]+/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'server-app-module-entry',
      comment:
        'The rest of the server (app.ts, routes, jobs, plugins, demo, lib) reaches a module through its index.ts too.',
      severity: 'error',
      from: { path: '^apps/server/src/', pathNot: '^apps/server/src/modules/' },
      to: { path: '^apps/server/src/modules/', pathNot: '^apps/server/src/modules/[^/]+/[^/]+/index\\.ts$' },
    },
    {
      name: 'server-repository-private',
      comment:
        'A repository is private to its module: its index.ts does not hand it out, so another module reaches the ' +
        "owner's tables through the owner's service.",
      severity: 'error',
      from: { path: '^apps/server/src/modules/[^/]+/[^/]+/index\\.ts$' },
      to: { path: '\\.repository\\.ts$' },
    },
    {
      name: 'no-cycle',
      comment:
        'No import circle between files, at run time or through types only (`import type` counts): where two ' +
        'pieces need each other, one side is inverted.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'module-cycle',
      comment:
        'No circle between server modules either, even when the files involved differ (deposits → ' +
        'investments → deposits through other files).',
      severity: 'error',
      scope: 'folder',
      from: { path: '^apps/server/src/modules/[^/]+/[^/]+' },
      to: { path: '^apps/server/src/modules/[^/]+/[^/]+', circular: true },
    },
    {
      name: 'contracts-to-app',
      comment: 'The contracts are shared by the server and the web: they import neither.',
      severity: 'error',
      from: { path: '^packages/contracts/' },
      to: { path: '^apps/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // The server's tests reach into any module to set a scene (a repository, a fixture): they are not part
    // of the module graph. The web's tests are, since they should import what their feature imports.
    exclude: { path: ['(^|/)(dist|node_modules)/', '^apps/server/test/', '^apps/server/src/.*\\.test\\.ts$'] },
    // Type-only imports are dependencies too: a circle through types still ties two modules together.
    tsPreCompilationDeps: true,
    // The web's `@/` alias (tsconfig.depcruise.json; apps/web/tsconfig.json has the same).
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: {
      // Workspace packages resolve to their TypeScript sources, as in vitest.config.ts.
      conditionNames: ['source', 'import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
    },
  },
};
