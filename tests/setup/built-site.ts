import { buildIfNeeded } from '../../src/server/build-if-needed.ts';

/**
 * Vitest's global setup: the site built once, before any test file starts a server (tests/bench/api.ts
 * `startServer`). A server builds dist/ itself when it is missing or stale, and two test files starting
 * servers at once would then build into one folder together, and one of the builds would fail.
 */
export default function setup() {
  buildIfNeeded('dist');
}
