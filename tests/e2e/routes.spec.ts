import { expect, test } from '@playwright/test';
import { guardedPages, visitorPages } from '../fixtures/routes.ts';
import { expectNoAxeViolations } from './fixtures.ts';

const titleFormat = / \| 48 - Prepaid mobile memberships with no contract$/;

for (const path of guardedPages) {
  // The frame is served as it is (a CDN needs no rewrites); the guard runs in the browser.
  test(`${path} is served (200) with one heading, the title format and its meta tags`, async ({ request }) => {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    // An island's fallback is also kept in a <template> for Astro; a template is not part of the page.
    const html = (await response.text()).replace(/<template[\s\S]*?<\/template>/g, '');
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(html).toMatch(/<title>[^<]+ \| 48 - Prepaid mobile memberships with no contract<\/title>/);
    if (path !== '/log-out') expect(html).toMatch(/<meta name="description" content="[^"]{3,}"/);
    // Installable from any page (docs/product/phone.md): the manifest is linked from every page's head.
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
  });
}

// One visit per page checks what a visitor and a search engine get, and axe (WCAG 2.2 AA and best
// practice) on it: one page load for both keeps the suite quick on a small machine. The pages are
// visited in a few groups, each in one browser page: a fresh browser context per page cost about
// 0.7 s of CPU on the 2-core CI machine (measured: 30 pages in 29 s on one page, 49 s with a context
// each), and these pages keep no state between visits but the consent cookie every visitor has.
const GROUPS = 8;
const groups = Array.from({ length: GROUPS }, (_, i) => visitorPages.filter((_, j) => j % GROUPS === i));
for (const [i, paths] of groups.entries()) {
  test(`visitor pages, group ${i + 1} of ${GROUPS} (${paths.join(', ')}): 200, one heading, title, meta tags, and axe finds no violation`, async ({
    page,
  }) => {
    // axe over a long legal page can take a while on a busy two-core machine.
    test.setTimeout(20_000 * paths.length);
    for (const path of paths)
      await test.step(path, async () => {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(200);
        await expect(page.getByRole('heading', { level: 1 }), path).toHaveCount(1);
        await expect(page.getByRole('heading', { level: 1 }), path).not.toBeEmpty();
        await expect(page, path).toHaveTitle(titleFormat);
        await expect(page.locator('meta[name="description"]'), path).toHaveAttribute('content', /\S{3,}/);
        await expect(page.locator('meta[name="keywords"]'), path).toHaveAttribute('content', /\S{2,}/);
        await expect(page.locator('head link[rel="manifest"]'), path).toHaveAttribute('href', '/manifest.webmanifest');
        await expectNoAxeViolations(page, path);
      });
  });
}

test('the log-out page has the spec title and empty keywords and description', async ({ request }) => {
  // The page moves on to / at once, so its document is read as served.
  const html = await (await request.get('/log-out')).text();
  expect(html).toContain('<title>Logout | 48 - Prepaid mobile memberships with no contract</title>');
  // Astro writes an empty attribute as `content`; both spellings mean the empty string.
  expect(html).toMatch(/<meta name="description" content(="")?>/);
  expect(html).toMatch(/<meta name="keywords" content(="")?>/);
});

test('/need-a-phone redirects to /need-a-device, with or without its slash, the query kept', async ({
  page,
  request,
}) => {
  await page.goto('/need-a-phone?utm_source=flyer');
  await expect(page).toHaveURL(/\/need-a-device\?utm_source=flyer$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Need a phone?' })).toBeVisible();
  const slashed = await request.get('/need-a-phone/?ref=x', { maxRedirects: 0 });
  expect([slashed.status(), slashed.headers()['location']]).toEqual([301, '/need-a-device?ref=x']);
});

test('/android and /iphone redirect to the app-store listings, with or without a slash', async ({ request }) => {
  for (const path of ['/android', '/android/']) {
    const android = await request.get(path, { maxRedirects: 0 });
    expect(android.status(), path).toBe(301);
    expect(android.headers()['location']).toMatch(/^https:\/\/play\.google\.com\/store\/apps\//);
  }
  for (const path of ['/iphone', '/iphone/']) {
    const iphone = await request.get(path, { maxRedirects: 0 });
    expect(iphone.status(), path).toBe(301);
    expect(iphone.headers()['location']).toMatch(/^https:\/\/apps\.apple\.com\//);
  }
});

test('/payment-gateway always carries a trailing slash, query kept', async ({ request, page }) => {
  const bare = await request.get('/payment-gateway?id=abc', { maxRedirects: 0 });
  expect(bare.status()).toBe(308);
  expect(bare.headers()['location']).toBe('/payment-gateway/?id=abc');
  await page.goto('/payment-gateway');
  await expect(page).toHaveURL(/\/payment-gateway\/$/);
});

for (const path of ['/no-such-page', '/help/no-such-topic', '/blog/nope/deeper', '/404']) {
  test(`${path} shows the not-found page with status 404`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });
}

test('a path that tries to leave the site folder gets the not-found page', async ({ request }) => {
  const response = await request.get('/%2e%2e/package.json');
  expect(response.status()).toBe(404);
  expect(await response.text()).toContain('Page not found');
});

test('the logo links home and the footer is on every page', async ({ page }) => {
  await page.goto('/help/roaming');
  await expect(page.getByRole('link', { name: '48 home' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('contentinfo')).toBeVisible();
});

test('the customer charter (from the CMS) is linked from the footer and from the code of practice', async ({
  page,
}) => {
  await page.goto('/legal/code-of-practice');
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Customer charter' })).toHaveAttribute(
    'href',
    '/customer-charter',
  );
  await page.getByRole('main').getByRole('link', { name: 'customer charter' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Our customer charter' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'code of practice for complaints' })).toHaveAttribute(
    'href',
    '/legal/code-of-practice',
  );
});

test('main takes the footer-less style everywhere but /my48 exactly', async ({ request }) => {
  expect(await (await request.get('/my48')).text()).toMatch(/<main id="main" class="main"/);
  expect(await (await request.get('/help')).text()).toMatch(/<main id="main" class="main main--footerless"/);
});

test('the memberships page lists the plans from content with prices in euro', async ({ page }) => {
  await page.goto('/memberships');
  await expect(page.getByRole('heading', { level: 2, name: 'All Data €12.99 Membership' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Data Plus €9.99 Membership' })).toBeVisible();
  const row = page.getByRole('row', { name: /All Data €12\.99 Membership/ });
  await expect(row).toContainText('€12.99 / 30 days');
  await expect(row).toContainText('Unlimited (fair usage 120 GB)');
});

test('a charges page shows its rate table by country zone', async ({ page }) => {
  await page.goto('/charges/roaming');
  const zone = page.getByRole('row', { name: /Zone 3: North America/ });
  await expect(zone).toContainText('United States');
  await expect(zone).toContainText('€4.99');
  await expect(page.getByRole('row', { name: /Zone 1: EU and EEA/ })).toContainText('Included');
});

test('the sitemap page and sitemap.xml list the public pages', async ({ page, request }) => {
  await page.goto('/sitemap');
  await expect(page.getByRole('link', { name: 'Using 48 abroad' })).toHaveAttribute('href', '/help/roaming');
  const xml = await request.get('/sitemap.xml');
  expect(xml.status()).toBe(200);
  expect(xml.headers()['content-type']).toContain('xml');
  const index = await xml.text();
  const child = /<loc>[^<]*\/(sitemap-0\.xml)<\/loc>/.exec(index)?.[1];
  expect(child).toBe('sitemap-0.xml');
  const urls = await (await request.get(`/${child}`)).text();
  expect(urls).toContain('/help/roaming');
  expect(urls).toContain('/legal/privacy-policy');
  expect(urls).not.toContain('/my48');
});

test('pages run under the server’s Content-Security-Policy with no violation', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content.Security.Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  for (const path of ['/', '/help/roaming', '/memberships']) {
    const response = await page.goto(path);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self' 'sha256-");
  }
  // The navbar script ran: its dropdown opens.
  await page
    .getByRole('button', { name: /Why Choose Us|Menu/ })
    .first()
    .click();
  expect(violations).toEqual([]);
});
