import { mkdirSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A folder for test builds inside the project. Astro puts a build's prerender chunks beside an
 * out dir that is within the working directory, but in one shared ./.astro/.prerender for any
 * other: two builds at once (test files run side by side) would then delete each other's chunks.
 */
export function buildWorkDir(prefix: string): string {
  const parent = join('node_modules', '.cache', 'test-builds');
  mkdirSync(parent, { recursive: true });
  return mkdtempSync(join(parent, prefix));
}
