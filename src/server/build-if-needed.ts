import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const sources = ['src', 'content', 'public', 'astro.config.mjs', 'package.json'];

// The server's own code is not part of the site.
const ignored = new Set(['src/server']);

function newestMtime(path: string): number {
  if (ignored.has(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, name)));
  return newest;
}

/**
 * `npm start` serves DIST_DIR (dist/ by default); build it first when it is missing or older than any source,
 * so a fresh clone and an edited tree both start with what the sources say.
 */
export function buildIfNeeded(distDir: string): void {
  const stamp = join(distDir, '404.html');
  if (existsSync(stamp)) {
    const built = statSync(stamp).mtimeMs;
    if (sources.filter((s) => existsSync(s)).every((s) => newestMtime(s) <= built)) return;
  }
  console.log('Building the site (dist/ is missing or older than the sources)…');
  // Into the folder that will be served (astro.config.mjs reads ASTRO_OUT_DIR), not always ./dist. Always a
  // production build: started from vitest (NODE_ENV=test) it bundled React's development build, 60 % heavier.
  const result = spawnSync('npx', ['astro', 'build'], {
    stdio: 'inherit',
    env: { ...process.env, ASTRO_OUT_DIR: distDir, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('astro build failed');
}
