import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { test } from './fixtures.ts';

/**
 * The public islands are rendered by Astro at build and hydrated by React DOM; /my48 is
 * one client-only React island. These checks fail if an island ships without its HTML, if one is
 * client-only again, or if any page loads Preact.
 */

const PUBLIC_ISLANDS = [
  'log-in',
  'sign-up',
  'coverage-checker',
  'gift-shop',
  'forgot-password',
  'activate-sim',
  'order-free-sim',
  'orders',
  'friend',
  'refer',
  'campaign',
  'claim-campaign-vouchers',
  'feelsmug',
  'student-offer',
  'need-a-device',
  'payment-gateway',
  'sign-up-confirmed',
  'marketing-permissions',
  'contact-us',
];
/** The design card's four, and the contact form: their form and fields are in the HTML before any script runs. */
const FORMS: Record<string, string[]> = {
  'log-in': ['username', 'password'],
  'sign-up': ['firstname', 'lastname', 'email', 'password', 'terms'],
  'coverage-checker': ['place'],
  'gift-shop': ['msisdn', 'gift'],
  'contact-us': ['topic', 'name', 'email', 'msisdn'],
};

const islandsOf = (html: string) =>
  [...html.matchAll(/<astro-island\b([^>]*)>([\s\S]*?)<\/astro-island>/g)].map((m) => ({ attrs: m[1]!, inner: m[2]! }));

// eslint-disable-next-line no-empty-pattern
test('every public island is in the built HTML, rendered at build, not client-only; no page loads Preact', async ({}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'file check, one run is enough');
  for (const name of PUBLIC_ISLANDS) {
    const html = readFileSync(join('dist', name, 'index.html'), 'utf8');
    const islands = islandsOf(html);
    expect(islands, `${name} has its island`).toHaveLength(1);
    const [{ attrs, inner }] = islands as [{ attrs: string; inner: string }];
    expect(attrs, `${name} is hydrated, not client-only`).not.toMatch(/client="only"/);
    expect(attrs, `${name} is hydrated by React`).toMatch(/renderer-url="[^"]*client[^"]*\.js"/);
    expect(
      inner.replace(/<!--[\s\S]*?-->/g, '').trim().length,
      `${name} has its HTML inside astro-island`,
    ).toBeGreaterThan(40);
    for (const field of FORMS[name] ?? [])
      expect(inner, `${name} has the field ${field} in its HTML`).toMatch(
        new RegExp(`<(input|select)[^>]*name="${field}"`),
      );
    if (FORMS[name]) expect(inner, `${name} has its form in the HTML`).toMatch(/<form\b/);
  }
  const my48 = islandsOf(readFileSync(join('dist', 'my48', 'index.html'), 'utf8'));
  expect(my48[0]?.attrs, '/my48 is one client-only island').toMatch(/client="only"/);
  // Preact's runtime announces itself in its options hooks and its name; React DOM's does not contain either.
  const scripts = readdirSync('dist/_astro').filter((f) => f.endsWith('.js'));
  expect(
    scripts.some((f) => readFileSync(join('dist/_astro', f), 'utf8').includes('react-dom')),
    'React DOM is shipped',
  ).toBe(true);
  for (const f of scripts)
    expect(readFileSync(join('dist/_astro', f), 'utf8'), `${f} is not Preact`).not.toMatch(
      /preact|__PREACT_DEVTOOLS__/i,
    );
});

// eslint-disable-next-line no-empty-pattern
test('a page ships the styles of what it shows: my48 screens, the hero and the cookie table only where they are', async ({}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the build is the same for every viewport');
  const stylesOf = (path: string) =>
    [...readFileSync(join('dist', path, 'index.html'), 'utf8').matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)]
      .map((m) => m[1])
      .join('');
  const own: [where: string, selector: string][] = [
    ['my48', '.my48__tabs'],
    ['my48', '.household__figures'],
    ['my48', '.passkeys__item'],
    ['my48', '.tile__figure'],
    ['', '.hero__badge'],
    ['cookies-details', '.cookie-table'],
    ['log-in', '.carousel__dots'],
  ];
  for (const [where, selector] of own) {
    expect(stylesOf(where), `${selector} on /${where}`).toContain(selector);
    for (const other of ['', 'help', 'log-in', 'gift-shop', 'cookies-details'].filter((p) => p !== where))
      expect(stylesOf(other), `${selector} is not on /${other}`).not.toContain(selector);
  }
  // The shared pieces are everywhere, my48 included.
  for (const path of ['', 'my48']) expect(stylesOf(path)).toContain('.navbar__inner');
});

test('the log-in, sign-up, coverage and gift-shop forms show before any script runs, and React DOM owns them after', async ({
  browser,
  baseURL,
}) => {
  // No JavaScript: the build's HTML alone shows each form.
  const still = await browser.newContext({ javaScriptEnabled: false, baseURL: baseURL! });
  const bare = await still.newPage();
  for (const name of Object.keys(FORMS)) {
    await bare.goto(`/${name}`);
    for (const field of FORMS[name]!)
      await expect(bare.locator(`astro-island [name="${field}"]`).first()).toBeVisible();
    // Sent without a script, the fields go in the request's body, never in the address.
    await expect(bare.locator('astro-island form').first()).toHaveAttribute('method', 'post');
  }
  await still.close();

  const page = await browser.newPage({ baseURL: baseURL! });
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /hydrat|#418|#423|#425|did not match/i.test(m.text())) problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  for (const name of Object.keys(FORMS)) {
    await page.goto(`/${name}`);
    const submit = page.locator('astro-island button[type="submit"]').first();
    // Live from the first paint (an early submit is held, then made: useEarlySubmit); React takes it over.
    await expect(submit).toBeEnabled();
    await submit.scrollIntoViewIfNeeded();
    await expect
      .poll(() => submit.evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactFiber$'))), {
        message: `${name}: the button belongs to React DOM after hydration`,
      })
      .toBe(true);
  }
  expect(problems, 'no hydration mismatch').toEqual([]);
  await page.close();
});

/** Holds back a page's island code until `release` is called: the page as a slow phone first has it. */
async function holdIslandCode(page: Page, island: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(new RegExp(`/_astro/${island}\\.[^/]+\\.js$`), async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('a form sent before its island has hydrated is acted on once it has, and never sends its fields in the address', async ({
  page,
  member,
}) => {
  // The coverage checker: an Eircode typed, Enter, and only then the island's code.
  let release = await holdIslandCode(page, 'CoverageChecker');
  await page.goto('/coverage-checker', { waitUntil: 'commit' });
  const place = page.getByRole('combobox', { name: 'Eircode or town' });
  await place.fill('D02 X285');
  await place.press('Enter');
  await expect(page).toHaveURL(/\/coverage-checker\/?$/);
  release();
  await expect(page.getByRole('region', { name: /^Coverage in .*D02/ })).toBeVisible();
  await expect(place).toHaveValue('D02 X285');

  // The log-in: e-mail and password typed and sent early sign the member in once the island is live.
  const { email, password } = await member('active');
  release = await holdIslandCode(page, 'LogIn');
  const addresses: string[] = [];
  page.on('request', (r) => addresses.push(r.url()));
  await page.goto('/log-in', { waitUntil: 'commit' });
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page).toHaveURL(/\/log-in\/?$/);
  release();
  await expect(page).toHaveURL(/\/my48/);
  expect(addresses.filter((a) => a.includes(encodeURIComponent(password)) || a.includes('password='))).toEqual([]);
});

/** The page as first painted, its island's code held back (so no guard runs): the build's form is there, unseen. */
async function expectFormUnseenBeforeTheGuard(page: Page, path: string, island: string) {
  const code = new RegExp(`/_astro/${island}\\.[^/]+\\.js$`);
  await page.route(code, (route) => route.abort());
  await page.goto(path);
  await expect(page.locator('astro-island form')).toBeAttached();
  await expect(page.locator('astro-island form')).toBeHidden();
  await page.unroute(code);
}

test('a signed-in member never sees the log-in form; a visitor never sees a member page; my48 runs on React DOM', async ({
  page,
  signIn,
}) => {
  // A visitor on a member page: the build's form is unseen until the guard sends them to log in.
  await expectFormUnseenBeforeTheGuard(page, '/activate-sim', 'ActivateSim');
  // The guard may send them on before the page's load event: the navigation is waited for by its URL.
  await page.goto('/activate-sim', { waitUntil: 'commit' });
  await expect(page).toHaveURL(/\/log-in/);
  await signIn('active');
  // The build's log-in form is hidden from a member from the first paint.
  await expectFormUnseenBeforeTheGuard(page, '/log-in', 'LogIn');
  // With its code, the guard sends the member home (perhaps before the load event, as above).
  await page.goto('/log-in', { waitUntil: 'commit' });
  await expect(page).toHaveURL((u) => u.pathname === '/');
  await page.goto('/my48');
  const meter = page.getByRole('region', { name: 'Data', exact: true }).getByRole('meter');
  await expect(meter).toBeVisible();
  expect(await meter.evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactFiber$')))).toBe(true);
});
