/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

/**
 * Three projects, one run (`npm run test:unit`; one of them: `vitest run --project api`):
 * - unit: beside the code it tests (src/**\/*.test.ts), in Node, no server; a module's rules on an
 *   embedded database of their own (PGlite) where they are rules over the database;
 * - api: tests/api, the API over PGlite and PostgreSQL: one folder per server module (one file a
 *   feature), reliability/ (concurrency, crashes, limits, signatures, what production needs) and
 *   support/ (the harness, the member builders, the typed client);
 * - build: tests/build and tests/bench, the built site, the docs, the boundaries and the budgets' weights.
 */
export default getViteConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Vitest's default is one worker less than the CPUs: on the 2-core CI machine, one file at a time.
    // API files each open a database of their own (api_<file>), so two run side by side safely.
    maxWorkers: 2,
    // The 20 slowest tests after every run (tests/setup/slowest.ts), beside the usual report.
    reporters: ['default', './tests/setup/slowest-vitest.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}'],
          // my48's words, as its English shell gives them (src/my48/speech.ts).
          setupFiles: ['src/my48/testing/english-speech.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          // The embedded database migrated once for the run (each API file starts from a copy), and the
          // site built once for the files that start a server.
          globalSetup: ['tests/setup/pglite-template.ts', 'tests/setup/built-site.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'build',
          include: ['tests/build/**/*.test.ts', 'tests/bench/**/*.test.ts'],
          globalSetup: ['tests/setup/built-site.ts'],
        },
      },
    ],
  },
});
