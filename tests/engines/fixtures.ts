import { writeFileSync } from 'node:fs';
import { test as base, expect } from '@playwright/test';
import type { TestMember } from '../e2e/fixtures.ts';
import { firefox, webkit, type Engine, type EnginePage } from './driver.ts';
import { DESKTOP, PHONE } from '../e2e/widths.ts';

/**
 * The journeys a member makes most, in the engines Playwright's Chromium is not: WebKit (every
 * browser on an iPhone) at the phone width and Firefox at 1280. Run by Playwright's test runner (the
 * same servers, reports and retries policy as the Chromium journeys), each engine driven by its own
 * driver library (driver.ts). Every journey fails on a page error, a console error or a
 * Content-Security-Policy violation: what the page saw, and what its engine reported to the
 * sandbox's collector (/sandbox/csp-reports) while the journey ran.
 */
/** The page (the site's 404: no journey goes there) where the check of the check breaks the rules. */
export const SELF_TEST = '/engine-self-test';
export const SELF_TEST_TITLE = 'what a journey would miss is seen';

export const test = base.extend<
  {
    tab: EnginePage;
    member: (like: string, spec?: Record<string, unknown>) => Promise<TestMember>;
    /** What this engine reported to the sandbox's collector since the journey began (or since last asked). */
    policyReports: () => Promise<string[]>;
  },
  { engine: Engine }
>({
  engine: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this pattern: none here.
    async ({}, use, workerInfo) => {
      const name = workerInfo.project.name;
      const engine = name === 'webkit' ? await webkit(PHONE) : await firefox(DESKTOP);
      await use(engine);
      await engine.stop();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  policyReports: async ({ engine, baseURL }, use, testInfo) => {
    const since = new Date();
    // Each report once: one stored while a look was under way is not given again by the next look.
    const taken = new Set<string>();
    await use(async () => {
      const reports = (await (await fetch(new URL('/sandbox/csp-reports.json', baseURL))).json()) as {
        _payload: { violations: { at: string; page: string; directive: string; blocked: string; userAgent: string }[] };
      };
      const found = reports._payload.violations
        .filter((v) => engine.userAgent.test(v.userAgent) && new Date(v.at) >= since)
        // The check of the check breaks the policy on purpose, on a page of its own.
        .filter((v) => v.page !== SELF_TEST || testInfo.title.startsWith(SELF_TEST_TITLE))
        .filter((v) => {
          const key = JSON.stringify(v);
          if (taken.has(key)) return false;
          taken.add(key);
          return true;
        });
      return found.map((v) => `policy report from ${v.page}: ${v.directive} ${v.blocked}`);
    });
  },
  tab: async ({ engine, baseURL, policyReports }, use, testInfo) => {
    const tab = await engine.open(baseURL!);
    try {
      await use(tab);
      if (testInfo.status !== testInfo.expectedStatus)
        writeFileSync(testInfo.outputPath('screen.png'), await tab.screenshot());
      const seen = await tab.problems();
      expect([...seen, ...(await policyReports())], `what ${engine.name} saw`).toEqual([]);
    } finally {
      await tab.close();
    }
  },
  member: async ({ baseURL }, use) => {
    await use(async (like, spec) => {
      const res = await fetch(new URL('/sandbox/test-members', baseURL), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ like, ...(spec ? { spec } : {}) }),
      });
      expect(res.status, `a member like ${like}`).toBe(201);
      return (await res.json()) as TestMember;
    });
  },
});
