import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo-48-pass';

/** Logs in through the form, as a member does; the caller asserts where it leads. */
export async function logIn(page: Page, email: string, password = DEMO_PASSWORD, path = '/log-in'): Promise<void> {
  if (path) await page.goto(path);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** An address no other test (or width) uses. */
export function uniqueEmail(testInfo: TestInfo, name: string): string {
  return `${name}-${testInfo.project.name}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}@example.com`;
}

/** The newest mail to an address, from the sandbox outbox (waits for it to arrive). */
export async function latestMail(request: APIRequestContext, to: string): Promise<{ subject: string; body: string }> {
  let found: { subject: string; body: string } | undefined;
  await expect(async () => {
    const { _payload } = (await (await request.get('/sandbox/mail.json')).json()) as { _payload: { values: { to: string; subject: string; body: string }[] } };
    found = _payload.values.find((m) => m.to.toLowerCase() === to.toLowerCase());
    expect(found).toBeTruthy();
  }).toPass({ timeout: 10_000 });
  return found!;
}

/** axe with the WCAG 2.2 AA and best-practice rules: no violation on what the page shows now. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  // From the top: scrolled down, the sticky navbar covers whatever passes under it, which axe's
  // target-size rule reports as obscured links (a reload restores the scroll position).
  await page.evaluate(() => window.scrollTo(0, 0));
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} (${(n.failureSummary ?? '').split('\n').slice(1, 3).join(' ').trim()})`).join(', ')}`)).toEqual([]);
}

export async function cookieNames(page: Page): Promise<string[]> {
  return (await page.context().cookies()).map((c) => c.name).sort();
}

/** Unused SIM cards of the seed (src/server/db/seed.ts spareSsn); each test uses its own. */
export const spareSsn = (n: number) => `8935301000000100${String(n).padStart(3, '0')}`;
