import { expect, test } from '@playwright/test';

/** phone.md "Installable": the manifest and its icons, linked from every page (routes.spec.ts checks each page's link). */
test('the install manifest: served as application/manifest+json with the names, start, scope, display, colours and icons of phone.md', async ({
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
