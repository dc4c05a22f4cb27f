import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './tests/setup/chromium.ts';
import { freePort } from './tests/setup/free-port.ts';

// The config is evaluated again in every worker; the port chosen first travels in the env.
process.env['E2E_PORT'] ??= String(await freePort());
const port = process.env['E2E_PORT'];
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env['CI'],
  retries: 0,
  reporter: [['list']],
  timeout: 30_000,
  use: {
    baseURL,
    launchOptions: { executablePath: chromiumPath(), args: chromiumArgs },
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
    { name: 'mobile', use: { viewport: { width: 375, height: 740 }, hasTouch: true } },
  ],
  webServer: {
    command: 'npm start',
    url: `${baseURL}/`,
    env: { PORT: port, HOST: '127.0.0.1', DATABASE_URL: 'memory://', LOG_LEVEL: 'warn' },
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
