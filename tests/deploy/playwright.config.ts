import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../setup/chromium.ts';
import { SITE_URL } from '../../scripts/deploy-local/deploy-local.ts';

/** The deployment test (tests/deploy/run.ts brings the stack up first): one browser, one journey after another. */
export default defineConfig({
  testDir: '.',
  testMatch: 'deployment.spec.ts',
  workers: 1,
  retries: 0,
  timeout: 180_000,
  reporter: [['list']],
  use: {
    baseURL: SITE_URL,
    // nginx's and the stand-ins' certificates come from deploy:local's own authority.
    ignoreHTTPSErrors: true,
    launchOptions: { executablePath: chromiumPath(), args: chromiumArgs },
  },
});
