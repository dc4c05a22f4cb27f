import { writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../tests/setup/chromium.ts';

/**
 * The install icons of docs/product/phone.md (public/icons), drawn from the favicon's design by Chromium, so
 * they can be made again the same way: `node scripts/icons.ts`. The maskable one fills its square
 * and keeps the mark inside the central 80 % (the safe zone a launcher's mask leaves visible).
 */
const GREEN = '#00c16e';
const INK = '#101418';
const mark = (
  size: number,
  maskable: boolean,
) => `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 48 48">
  <rect width="48" height="48" rx="${maskable ? 0 : 12}" fill="${GREEN}"/>
  <text x="24" y="${maskable ? 30.5 : 32}" text-anchor="middle" font-family="Arial, sans-serif" font-size="${maskable ? 17 : 22}" font-weight="800" fill="${INK}">48</text>
</svg>`;

const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
const page = await browser.newPage();
for (const [name, size, maskable] of [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['icon-maskable-512.png', 512, true],
] as const) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(`<html><body style="margin:0;background:transparent">${mark(size, maskable)}</body></html>`);
  writeFileSync(
    new URL(`../public/icons/${name}`, import.meta.url),
    await page.locator('svg').screenshot({ omitBackground: true }),
  );
}
await browser.close();
