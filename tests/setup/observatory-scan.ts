/**
 * Mozilla's HTTP Observatory scanner (@mdn/mdn-http-observatory) over a host and paths, run as its
 * own process so NODE_EXTRA_CA_CERTS (the test certificate) is read at start, as the scanner's own
 * command line does with Mozilla's bundle. Prints JSON: the scanner's `scan()` of the host's home
 * page, and each path graded as `scan()` grades (its `scan()` takes no path: the retrieval is asked
 * for the path, then the same tests, modifiers, extra-credit rule and grade, the home page's result
 * compared with `scan()`'s to show it is the same).
 *
 * Usage: node tests/setup/observatory-scan.ts <host> <path>...
 */
import { existsSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

// The package fetches Chromium's HSTS preload list in its install script, which allowScripts keeps
// from running (no network at install): an empty list, as no test host is preloaded.
const packageDir = dirname(createRequire(import.meta.url).resolve('@mdn/mdn-http-observatory/package.json'));
const preload = join(packageDir, 'conf', 'hsts-preload.json');
if (!existsSync(preload)) writeFileSync(preload, '{}');

const { scan } = await import('@mdn/mdn-http-observatory');
const { retrieve } = await import('@mdn/mdn-http-observatory/src/retriever/retriever.js');
const { ALL_TESTS } = await import('@mdn/mdn-http-observatory/src/constants.js');
const { MINIMUM_SCORE_FOR_EXTRA_CREDIT } = await import('@mdn/mdn-http-observatory/src/grader/charts.js');
const { getGradeForScore, getScoreModifier } = await import('@mdn/mdn-http-observatory/src/grader/grader.js');

/** The body of the scanner's scan() from its retrieval on, for any path. */
async function gradePath(host: string, path: string) {
  const r = await retrieve(host, { path });
  if (!r.responses.auto) throw new Error(`${path}: the site seems to be down`);
  const results = ALL_TESTS.map((test) => test(r));
  let withExtraCredit = 100;
  let uncurved = 100;
  for (const result of results) {
    if (!result.result) continue;
    const modifier = getScoreModifier(result.result);
    withExtraCredit += modifier;
    if (modifier < 0) uncurved += modifier;
  }
  const final = getGradeForScore(uncurved >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? withExtraCredit : uncurved);
  return {
    path,
    status: r.responses.auto.status,
    grade: final.grade,
    score: final.score,
    tests: Object.fromEntries(results.map((t) => [t.constructor.name, t.result])),
  };
}

const [host, ...paths] = process.argv.slice(2);
const home = await scan(host!);
const graded = [];
for (const path of paths) graded.push(await gradePath(host!, path));
console.log(
  JSON.stringify({
    scan: {
      grade: home.scan.grade,
      score: home.scan.score,
      tests: Object.fromEntries(Object.entries(home.tests).map(([name, t]) => [name, t.result])),
    },
    paths: graded,
  }),
);
