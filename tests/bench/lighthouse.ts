import { spawn } from 'node:child_process';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumArgs, chromiumPath } from '../setup/chromium.ts';
import { freePort } from '../setup/free-port.ts';
import { waitFor } from './api.ts';
import { consentCookie } from '../e2e/consent-cookie.ts';

/** Every island page, Lighthouse mobile (its default: a mid-range phone on slow 4G, simulated). */
export const LIGHTHOUSE_BUDGET = { score: 95, cls: 0.02, tbtMs: 150 };
/** The island pages the design card names, and the rest of the public islands. */
export const LIGHTHOUSE_PAGES = [
  '/log-in',
  '/sign-up',
  '/coverage-checker',
  '/gift-shop',
  '/forgot-password',
  '/need-a-device',
  '/student-offer',
  '/refer',
];

export interface LighthouseFigure {
  page: string;
  score: number;
  cls: number;
  tbtMs: number;
  lcpMs: number;
}

/**
 * Lighthouse's performance category for each page, as a visitor who has made their cookie choice
 * (the consent cookie sent with every request), against the real server on loopback. The median
 * of three runs per page: Lighthouse's own advice for a figure to hold a budget to.
 */
export async function benchLighthouse(pages = LIGHTHOUSE_PAGES): Promise<LighthouseFigure[]> {
  const port = await freePort();
  const server = spawn('node', ['src/server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: 'memory://', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  const path = chromiumPath();
  const chrome = await chromeLauncher.launch({
    ...(path ? { chromePath: path } : {}),
    chromeFlags: ['--headless=new', '--no-sandbox', ...chromiumArgs],
  });
  try {
    await waitFor(`${base}/panda/health`);
    const c = consentCookie(['necessary']);
    const cookie = `${c.name}=${c.value}`;
    const figures: LighthouseFigure[] = [];
    for (const page of pages) {
      const runs: LighthouseFigure[] = [];
      for (let i = 0; i < 3; i++) {
        const result = await lighthouse(`${base}${page}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          extraHeaders: { Cookie: cookie },
        });
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`Lighthouse gave no result for ${page}`);
        runs.push({
          page,
          score: Math.round((lhr.categories['performance']?.score ?? 0) * 100),
          cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Infinity,
          tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? Infinity,
          lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Infinity,
        });
      }
      runs.sort((a, b) => a.score - b.score);
      figures.push(runs[1]!);
    }
    return figures;
  } finally {
    chrome.kill();
    server.kill('SIGTERM');
  }
}
