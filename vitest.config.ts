import { configDefaults, defineConfig } from 'vitest/config';

/** The server's tests that drive thousands of operations or whole server processes under load. */
const LOAD_TESTS = [
  'test/simulation/simulation.test.ts',
  'test/crash-under-load.test.ts',
  'test/several-servers.test.ts',
];

/** The test of the boundary rules (.dependency-cruiser.mjs); it runs the rules, not the server. */
const BOUNDARIES_TEST = 'test/boundaries.test.ts';

/** Unit and API tests of every workspace; `npm run test:api` runs only the server's (server, server-load). */
export default defineConfig({
  // Workspace packages resolve to their TypeScript sources (the "source" export condition).
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
  test: {
    // Every core: Vitest's default leaves one for itself (one file at a time on a 2-core CI machine),
    // yet it only waits on the workers, and most files spend their time in their own database.
    maxWorkers: '100%',
    projects: [
      {
        extends: true,
        test: { name: 'contracts', root: 'packages/contracts', include: ['src/**/*.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...LOAD_TESTS, BOUNDARIES_TEST],
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The long runs under load (docs/architecture.md, "Proof under load"): the seeded simulation,
        // the crashes under load and the several servers. Run with the API suite on both databases;
        // the rerun on the next Node LTS in .ci/run leaves them out (`--project '!server-load'`).
        extends: true,
        test: {
          name: 'server-load',
          root: 'apps/server',
          include: LOAD_TESTS,
          testTimeout: 20 * 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        // The boundary rules of `npm run check` (docs/architecture.md, "Boundaries"): no database, so
        // not in the API suite that runs again on PostgreSQL.
        extends: true,
        test: { name: 'boundaries', root: 'apps/server', include: [BOUNDARIES_TEST], testTimeout: 240_000 },
      },
      {
        extends: true,
        resolve: { alias: { '@': new URL('./apps/web/src', import.meta.url).pathname } },
        test: { name: 'web', root: 'apps/web', include: ['src/**/*.test.ts'] },
      },
      {
        // Component tests: a DOM (jsdom), Testing Library, and the API answered by MSW (src/test/).
        extends: true,
        resolve: { alias: { '@': new URL('./apps/web/src', import.meta.url).pathname } },
        test: {
          name: 'web-dom',
          root: 'apps/web',
          include: ['src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['src/test/setup.ts'],
          // A person's pace: typing, dialogs that close after 2-3 s, on a shared 2-core machine.
          testTimeout: 15_000,
        },
      },
    ],
  },
});
