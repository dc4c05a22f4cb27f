/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

// Unit tests sit beside the code they test (src/**/*.test.ts); API tests live in tests/api.
export default getViteConfig({
  test: {
    include: [
      'src/**/*.test.{ts,tsx}',
      'tests/api/**/*.test.ts',
      'tests/build/**/*.test.ts',
      'tests/bench/**/*.test.ts',
    ],
    // The embedded database migrated once for the run (each API file starts from a copy), and the
    // site built once for the files that start a server.
    globalSetup: ['tests/setup/pglite-template.ts', 'tests/setup/built-site.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Vitest's default is one worker less than the CPUs: on the 2-core CI machine, one file at a time.
    // API files each open a database of their own (api_<file>), so two run side by side safely.
    maxWorkers: 2,
  },
});
