import { expect, test } from '@playwright/test';
import { features } from '../../src/my48/features.ts';
import { catalogues } from '../../src/contract/i18n/messages.ts';
import { expectNoAxeViolations, test as myTest } from './fixtures.ts';

/** docs/product/phone.md "Installable": the manifest and its icons, linked from every page (routes.spec.ts checks each page's link). */
test('the install manifest: served as application/manifest+json with the names, start, scope, display, colours and icons of docs/product/phone.md', async ({
  request,
}) => {
  const res = await request.get('/manifest.webmanifest');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await res.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    scope: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string; type: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({
    name: '48',
    short_name: '48',
    start_url: '/my48',
    scope: '/',
    display: 'standalone',
    theme_color: expect.stringMatching(/^#[0-9a-f]{6}$/i),
    background_color: expect.stringMatching(/^#[0-9a-f]{6}$/i),
  });
  const sizes = manifest.icons.map((i) => i.sizes);
  expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(manifest.icons.some((i) => i.purpose?.split(' ').includes('maskable'))).toBe(true);
  // Each icon is a PNG of the size it says (width and height from the PNG header).
  for (const icon of manifest.icons) {
    const png = await request.get(icon.src);
    expect(png.status(), icon.src).toBe(200);
    expect(png.headers()['content-type'], icon.src).toBe('image/png');
    const body = await png.body();
    expect(body.subarray(1, 4).toString(), icon.src).toBe('PNG');
    expect(`${body.readUInt32BE(16)}x${body.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
  }
});

test('a content page links the manifest and loads no script for it', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto('/help/roaming');
  await expect(page.locator('head link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  expect(scripts.filter((s) => /manifest|pwa|sw\b|workbox/i.test(s))).toEqual([]);
});

/** A phone-sized member area (docs/product/phone.md): each screen starts with its heading; the menu is a bar at the bottom. */
myTest.describe('my48 on a phone', () => {
  myTest(
    'every my48 screen’s heading is within the first 150 px at 375 px; the side menu stays on wide screens',
    async ({ page, signIn, viewport }) => {
      myTest.setTimeout(90_000);
      const phone = (viewport?.width ?? 1280) < 768;
      await signIn('active');
      for (const f of features) {
        await page.goto(f.path);
        const heading = page.getByRole('heading', { level: 1, name: catalogues.en[f.heading] });
        await expect(heading, f.path).toBeVisible();
        if (phone) {
          const box = await heading.boundingBox();
          expect(
            box!.y + box!.height,
            `${f.path}: the heading ends ${Math.round(box!.y + box!.height)} px down`,
          ).toBeLessThanOrEqual(150);
        }
      }
      const nav = page.getByRole('navigation', { name: 'my48' });
      await expect(nav).toHaveCount(1);
      if (phone) {
        // Four tabs and More; the side menu's entries are under More.
        await expect(nav.getByRole('link')).toHaveText(['Home', 'Plans', 'Top Up', 'Flexi data']);
        await expect(nav.getByRole('button', { name: 'More' })).toBeVisible();
        const bar = await nav.boundingBox();
        expect(bar!.y + bar!.height).toBeGreaterThan((viewport?.height ?? 0) - 2);
        // Five tabs of one width, each an icon over its label, none smaller than 44 × 44 px.
        const tabs = await nav.locator('.my48__tabs > li > *').evaluateAll((els) =>
          els.map((el) => ({
            ...(el.getBoundingClientRect().toJSON() as { width: number; height: number }),
            icon: el.querySelector('svg') !== null,
          })),
        );
        expect(tabs).toHaveLength(5);
        for (const t of tabs) {
          expect(t.icon).toBe(true);
          expect(t.height).toBeGreaterThanOrEqual(44);
          expect(Math.abs(t.width - tabs[0]!.width)).toBeLessThan(1);
        }
        expect(tabs[0]!.width).toBeGreaterThanOrEqual(44);
      } else {
        await expect(nav.getByRole('link', { name: 'Settings', exact: true })).toBeVisible();
        await expect(nav.getByRole('button', { name: 'More' })).toHaveCount(0);
      }
    },
  );

  myTest(
    'by keyboard on a phone: the bar after the screen, More opens and closes with Escape, axe finds nothing',
    async ({ page, openAs, viewport }) => {
      myTest.skip((viewport?.width ?? 1280) >= 768, 'the bar is the phone-sized menu');
      await openAs('active', '/my48/transactions');
      await expect(page.getByRole('heading', { level: 1, name: 'Your transactions' })).toBeVisible();
      const nav = page.getByRole('navigation', { name: 'my48' });
      const more = nav.getByRole('button', { name: 'More' });
      // The screen's own links come before the bar's (the bar is last in the page, as on screen).
      const order = await page.evaluate(() => {
        const main = document.querySelector('.my48__screen');
        const bar = document.querySelector('.my48__bar');
        return main && bar ? main.compareDocumentPosition(bar) & Node.DOCUMENT_POSITION_FOLLOWING : 0;
      });
      expect(order).toBeTruthy();
      await more.focus();
      await page.keyboard.press('Enter');
      await expect(more).toHaveAttribute('aria-expanded', 'true');
      const settings = nav.getByRole('link', { name: 'Settings', exact: true });
      await expect(settings).toBeVisible();
      await expectNoAxeViolations(page, 'More open');
      await page.keyboard.press('Escape');
      await expect(more).toHaveAttribute('aria-expanded', 'false');
      await expect(settings).toBeHidden();
      await expect(more).toBeFocused();
      // Open again and go: the list closes on the new screen, its heading focused.
      await page.keyboard.press('Enter');
      await settings.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeFocused();
      await expect(more).toHaveAttribute('aria-expanded', 'false');
      await expectNoAxeViolations(page, 'settings');

      // On the dashboard (a tab of its own), opening More leaves one tab looking chosen: More.
      await page.goto('/my48');
      await more.click();
      await expect(more).toHaveAttribute('aria-expanded', 'true');
      const chosen = await nav
        .locator('.my48__tabs > li > *')
        .evaluateAll((els) =>
          els.filter((el) => getComputedStyle(el).boxShadow !== 'none').map((el) => el.textContent),
        );
      expect(chosen).toEqual(['More']);
    },
  );
});
