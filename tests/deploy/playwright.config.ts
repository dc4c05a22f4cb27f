import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../setup/chromium.ts';
import { SITE_URL } from '../../scripts/deploy-local/deploy-local.ts';

/** The deployment test (tests/deploy/run.ts brings the stack up first): one browser, one journey after another. */
export default defineConfig({
  testDir: '.',
  testMatch: 'deployment.spec.ts',
  workers: 1,
  // The whole stack (two instances, Varnish, nginx, PostgreSQL, stand-ins) shares the CI machine: a journey that
  // fails once under its load is tried again, and the list reporter names it flaky, so it is seen, not hidden.
  retries: 1,
  timeout: 180_000,
  reporter: [['list']],
  use: {
    baseURL: SITE_URL,
    // nginx's and the stand-ins' certificates come from deploy:local's own authority.
    ignoreHTTPSErrors: true,
    launchOptions: { executablePath: chromiumPath(), args: chromiumArgs },
  },
});
