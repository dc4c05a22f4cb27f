import { spawnSync } from 'node:child_process';

/**
 * `npm test`: every stage in turn, stopping at the first that fails, then how long each took
 * (the suite's budget is 25 minutes on a 2-core machine; the table shows where time goes).
 */
const stages: [name: string, command: string][] = [
  ['type check and lint', 'npm run check'],
  // Built before the unit and API tests: the suites that start a server serve this build.
  ['build', 'npm run build'],
  ['unit and API tests', 'npm run test:unit'],
  ['browser tests', 'npx playwright test'],
];

const seconds = (ms: number) => `${(ms / 1000).toFixed(0)} s`;
const done: [string, number, string][] = [];
const started = performance.now();
let failed = false;
for (const [name, command] of stages) {
  const t0 = performance.now();
  console.log(`\n▶ ${name}: ${command}`);
  const result = spawnSync(command, { shell: true, stdio: 'inherit' });
  const ok = result.status === 0;
  done.push([name, performance.now() - t0, ok ? 'passed' : 'FAILED']);
  if (!ok) {
    failed = true;
    break;
  }
}
console.log('\nnpm test, time per stage:');
for (const [name, ms, outcome] of done) console.log(`  ${name.padEnd(22)} ${seconds(ms).padStart(7)}  ${outcome}`);
console.log(`  ${'total'.padEnd(22)} ${seconds(performance.now() - started).padStart(7)}`);
process.exit(failed ? 1 : 0);
