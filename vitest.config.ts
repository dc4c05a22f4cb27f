/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

// Unit tests sit beside the code they test (src/**/*.test.ts); API tests live in tests/api.
export default getViteConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'tests/api/**/*.test.ts', 'tests/build/**/*.test.ts', 'tests/bench/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
