import { spawn } from 'node:child_process';

/**
 * `npm run check`: the type checks, the lint, the import-cycle rule and the formatting, in two lanes
 * side by side. Each tool runs on one core; one after the other they took 57 s on the 2-core CI
 * machine, two lanes about half. Each command's output is printed whole when it ends, so the lanes
 * never interleave; the run fails when any command fails, after both lanes have finished.
 */
const lanes: string[][] = [
  ['astro check', 'tsc --noEmit -p src/worker/tsconfig.json', `"${process.execPath}" scripts/check-cycles.ts`],
  ['eslint .', 'prettier --check .'],
];

function run(command: string): Promise<boolean> {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('close', (code) => {
      const ok = code === 0;
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      process.stdout.write(`\n${ok ? '✓' : '✗'} ${command} (${seconds} s)\n`);
      if (!ok || process.env['CHECK_VERBOSE']) process.stdout.write(Buffer.concat(output));
      resolve(ok);
    });
  });
}

async function lane(commands: string[]): Promise<boolean> {
  let ok = true;
  // A lane goes on past a failure: every problem of the tree is shown in one run.
  for (const command of commands) ok = (await run(command)) && ok;
  return ok;
}

const results = await Promise.all(lanes.map(lane));
process.exit(results.every(Boolean) ? 0 : 1);
