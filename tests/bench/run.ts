import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { weighPage } from './js-weight.ts';
import { benchMy48, MY48_BUDGET } from './my48.ts';

// Budgets (issue: foundation). A page with no island may load at most 10 KB gzip of JavaScript.
const NO_ISLAND_BUDGET = 10 * 1024;

const dist = 'dist';
if (!process.argv.includes('--no-build')) {
  const build = spawnSync('npx', ['astro', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const pages = readdirSync(dist, { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile() && e.name.endsWith('.html'))
  .map((e) => relative(dist, join(e.parentPath, e.name)).split(sep).join('/'))
  .sort();

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`.padStart(9);
let failures = 0;
console.log(`${'page'.padEnd(48)} ${'island'.padEnd(6)} ${'JS'.padStart(9)} ${'gzip'.padStart(9)}`);
for (const file of pages) {
  const w = weighPage(dist, file);
  const over = !w.hasIsland && w.gzipBytes > NO_ISLAND_BUDGET;
  if (over) failures++;
  console.log(`${w.page.padEnd(48)} ${(w.hasIsland ? 'yes' : 'no').padEnd(6)} ${kb(w.bytes)} ${kb(w.gzipBytes)}${over ? '  OVER BUDGET (10 KB gzip without an island)' : ''}`);
}
console.log(`\n${pages.length} pages; ${failures} over budget.`);

// The account app, measured in Chromium: what /my48 loads after the log-in click until the
// dashboard shows, and how long that takes (printed, not asserted: it depends on the machine).
const my48 = await benchMy48();
const my48Over = my48.gzipBytes > MY48_BUDGET;
console.log(`\n/my48 JavaScript from the log-in click to the dashboard: ${kb(my48.gzipBytes).trim()} gzip in ${my48.files} files${my48Over ? `  OVER BUDGET (${MY48_BUDGET / 1024} KB)` : ` (budget ${MY48_BUDGET / 1024} KB)`}`);
console.log(`log-in click → dashboard shown: median ${Math.round(my48.medianMs)} ms of ${my48.runs.length} runs (${my48.runs.map((r) => Math.round(r)).join(', ')})`);
process.exit(failures > 0 || my48Over ? 1 : 0);
