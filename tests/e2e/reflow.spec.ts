import { expect, type Page } from '@playwright/test';
import { expectNoAxeViolations, test } from './fixtures.ts';

/**
 * WCAG 1.4.10 Reflow: at 320 and 375 px every figure of every table on the site is on the screen,
 * and no table scrolls sideways (on a phone a table is one card per row: global.css `table.cards`).
 * WebKit checks the same at 375 (tests/engines/journeys.spec.ts).
 */

/** The table cells whose box leaves the viewport, and the table regions that scroll sideways. */
const outside = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const cells = [...document.querySelectorAll('table tbody td, table tbody th')].filter((c) => {
      const box = c.getBoundingClientRect();
      return box.width > 0 && box.height > 0;
    });
    return {
      cells: cells.length,
      out: cells
        .filter((c) => {
          const box = c.getBoundingClientRect();
          return box.right > width + 1 || box.left < -1;
        })
        .map((c) => (c.textContent ?? '').trim().slice(0, 40)),
      scrolling: [...document.querySelectorAll('.table-wrap')]
        .filter((r) => r.scrollWidth > r.clientWidth + 1)
        .map((r) => r.getAttribute('aria-label') ?? r.id),
      page: document.documentElement.scrollWidth - width,
    };
  });

async function fits(page: Page, path: string, opened?: (page: Page) => Promise<void>) {
  for (const width of [320, 375]) {
    await page.setViewportSize({ width, height: 740 });
    await page.goto(path);
    await opened?.(page);
    await expect(page.locator('table tbody tr').first()).toBeVisible();
    const seen = await outside(page);
    expect(seen.cells, `${path} at ${width}: cells`).toBeGreaterThan(0);
    expect(seen.out, `${path} at ${width}: cells off the screen`).toEqual([]);
    expect(seen.scrolling, `${path} at ${width}: tables that scroll sideways`).toEqual([]);
    expect(seen.page, `${path} at ${width}: the page scrolls sideways`).toBeLessThanOrEqual(0);
  }
}

test('the public tables fit a phone: memberships, charges, colleges, cookies', async ({ page }) => {
  for (const path of [
    '/memberships',
    '/charges/international-calls',
    '/charges/roaming',
    '/student-offer',
    '/cookies-details',
  ])
    await fits(page, path);
  await expectNoAxeViolations(page, 'the cookies at 375');
});

test('a member’s tables fit a phone: transactions, recruits, roaming by country, orders, daily use', async ({
  page,
  signIn,
}) => {
  await signIn('active');
  await fits(page, '/my48/transactions');
  await expectNoAxeViolations(page, 'the transactions at 375');
  await fits(page, '/my48', async (p) => {
    await p.getByText('Show the figures').click();
  });
  await signIn('recruiter');
  await fits(page, '/my48/recruit-and-reward');
  await signIn('traveller');
  await fits(page, '/my48/roaming');
  await signIn('parcel');
  await fits(page, '/orders');
});
