import { spawnSync } from 'node:child_process';

/**
 * `npm run test:deploy`: brings the reference deployment up with `npm run deploy:local` (the
 * portal's image built again from this checkout), runs tests/deploy/deployment.spec.ts against
 * https://localhost:8443, and takes it down again whatever happened, its data with it.
 */
const step = (name: string, args: string[]) => {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, args, { stdio: 'inherit' });
  console.log(
    `test:deploy: ${name} ${r.status === 0 ? 'done' : 'FAILED'} in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
  );
  return r.status === 0;
};
const deployLocal = 'scripts/deploy-local/deploy-local.ts';
// From nothing: whatever an earlier run left is taken down first.
step('clean', [deployLocal, 'down', '--volumes']);
let ok = step('up', [deployLocal, '--rebuild']);
if (ok)
  ok = step('deployment test', [
    'node_modules/@playwright/test/cli.js',
    'test',
    '-c',
    'tests/deploy/playwright.config.ts',
  ]);
if (!ok)
  spawnSync(
    'sh',
    [
      '-c',
      'podman ps -a --format "{{.Names}} {{.Status}}"; for c in $(podman ps -a --format "{{.Names}}" | grep portal48); do echo "== $c"; podman logs --tail 30 $c; done',
    ],
    { stdio: 'inherit', env: process.env },
  );
const down = step('down', [deployLocal, 'down', '--volumes']);
process.exit(ok && down ? 0 : 1);
