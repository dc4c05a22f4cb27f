import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './tests/setup/chromium.ts';
import { freePort } from './tests/setup/free-port.ts';
import { makeCertificate } from './tests/setup/push-service.ts';
import { necessaryOnly } from './tests/e2e/consent-cookie.ts';
import { DESKTOP, ONE_WIDTH_FILES, PHONE } from './tests/e2e/widths.ts';

// The config is evaluated again in every worker; the ports chosen first travel in the env.
// Every test logs in from 127.0.0.1, so the per-address log-in limit is lifted for the test servers.
// Each width gets a server (and an in-memory database) of its own, so journeys that change a
// demo member's state (a first log-in, an activation) run once per width without meeting.
process.env['E2E_PORT'] ??= String(await freePort());
process.env['E2E_PORT_MOBILE'] ??= String(await freePort());
if (process.env['E2E_PORT_MOBILE'] === process.env['E2E_PORT'])
  process.env['E2E_PORT_MOBILE'] = String(Number(process.env['E2E_PORT']) + 1);
const ports = { desktop: process.env['E2E_PORT'], mobile: process.env['E2E_PORT_MOBILE'] };

// A stand-in push service (phone.md, tests/setup/push-service.ts) on https with a certificate made
// here; the portal's servers trust it (NODE_EXTRA_CA_CERTS) and may send to it (PUSH_ENDPOINT_ORIGINS).
process.env['E2E_PUSH_PORT'] ??= String(await freePort());
process.env['E2E_PUSH_TLS'] ??= JSON.stringify(makeCertificate());
const pushTls = JSON.parse(process.env['E2E_PUSH_TLS']) as { cert: string; key: string };
export const PUSH_ORIGIN = `https://localhost:${process.env['E2E_PUSH_PORT']}`;
process.env['E2E_PUSH_ORIGIN'] = PUSH_ORIGIN;
const url = (port: string) => `http://127.0.0.1:${port}`;

const server = (port: string) => ({
  command: 'npm start',
  url: `${url(port)}/`,
  env: {
    PORT: port,
    HOST: '127.0.0.1',
    DATABASE_URL: 'memory://',
    LOG_LEVEL: 'warn',
    CAPTCHA_MAX_NUMBER: '20000',
    LOGIN_RATE_LIMIT_PER_IP: '100000',
    // Each journey makes the member it needs (tests/e2e/fixtures.ts `member`).
    TEST_MEMBERS: 'true',
    PUBLIC_GTM_ID: 'GTM-E2E0001',
    PUSH_ENDPOINT_ORIGINS: PUSH_ORIGIN,
    // The sandbox network's orders complete in half a second (2 s by default): the journeys that wait for it finish sooner.
    NETWORK_SANDBOX_DELAY_MS: '500',
    NODE_EXTRA_CA_CERTS: pushTls.cert,
  },
  reuseExistingServer: false,
  timeout: 180_000,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
});

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env['CI'],
  retries: 0,
  // The 20 slowest tests after every run (tests/setup/slowest.ts), beside the list.
  reporter: [['list'], ['./tests/setup/slowest-playwright.ts']],
  timeout: 30_000,
  // Log-ins hash passwords on a small shared machine: give answers a little longer than the default 5 s.
  expect: { timeout: 10_000 },
  use: {
    launchOptions: { executablePath: chromiumPath(), args: chromiumArgs },
    // A trace records every action of every test, failing or not: about a sixth of the suite's time
    // on the 2-core CI machine (measured: 117 s with, 101 s without, on the routes and my48 files).
    // A failure keeps its screenshot; E2E_TRACE=1 records traces again to look into one.
    trace: process.env['E2E_TRACE'] ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    // WebKit at the phone width and Firefox at 1280, driven by their own drivers (tests/engines).
    // WebKitGTK's MiniBrowser now and then never answers a new session (seen once in about 300 runs of its
    // journeys here: the journey timed out "setting up tab", and passed alone at once): one more try, in WebKit only.
    { name: 'webkit', testDir: 'tests/engines', retries: 1, use: { baseURL: url(ports.mobile) } },
    // On the phone-sized server too: the desktop one is where the Chromium journeys force chat's hours closed.
    { name: 'firefox', testDir: 'tests/engines', use: { baseURL: url(ports.mobile) } },
    // Every journey starts as a visitor who chose "necessary only"; consent.spec.ts starts without a choice.
    {
      name: 'desktop',
      use: { baseURL: url(ports.desktop), viewport: DESKTOP, storageState: necessaryOnly() },
    },
    {
      name: 'mobile',
      // Journeys that are the same at every width run at 1280 only and check 375 from there (tests/e2e/widths.ts).
      testIgnore: ONE_WIDTH_FILES.map((file) => `**/${file}`),
      use: {
        baseURL: url(ports.mobile),
        viewport: PHONE,
        hasTouch: true,
        storageState: necessaryOnly(),
      },
    },
  ],
  // Started one after the other: the first builds the site if it is stale, the second finds it built.
  webServer: [
    server(ports.desktop),
    server(ports.mobile),
    {
      command: `"${process.execPath}" tests/setup/push-service-main.ts`,
      url: `${PUSH_ORIGIN}/`,
      ignoreHTTPSErrors: true,
      env: { PORT: process.env['E2E_PUSH_PORT'], TLS_CERT: pushTls.cert, TLS_KEY: pushTls.key },
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
    },
  ],
});
