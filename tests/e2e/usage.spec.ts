import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { expect, type Page } from '@playwright/test';
import { expectNoAxeViolations, test } from './fixtures.ts';

// docs/product/money.md "Where credit goes": a member with use sees it as charts with a one-line
// summary, the same figures as a table, a bar's day leading to its transactions, their money by kind,
// and an export for a spreadsheet; at 320 px nothing is cut.

test('Usage: the charts, a table a click away, a day to its transactions, money by kind, a CSV and a statement', async ({
  page,
  openAs,
}) => {
  test.slow();
  // traveller: a €9.99 membership and €20.00 of credit, in France. In the United States, 2 MB of data: €9.98 from credit.
  const me = await openAs('traveller', '/my48/usage');
  const report = await page.request.post('/sandbox/usage', { data: { msisdn: me.msisdn, country: 'US', data_mb: 2 } });
  expect(report.status()).toBe(200);
  await page.reload();

  await expect(page.getByRole('heading', { name: 'Where your data and credit go', level: 1 })).toBeVisible();
  await expect(page.getByText(/your data lasts/)).toBeVisible();
  const days = page.getByRole('group', { name: 'Data by day this period' });
  const bars = days.getByRole('button');
  expect(await bars.count()).toBeGreaterThan(1);
  await expect(page.locator('#usage-days-summary')).toContainText('in the');

  // The newest day, chosen by a tap: its figure and the way to its transactions.
  const today = bars.last();
  const name = (await today.getAttribute('aria-label'))!;
  await today.click();
  await expect(today).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('.usage-detail').first()).toContainText(name.split(':')[0]!);

  // By keyboard: the arrows move the choice to the day before.
  await today.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(bars.nth((await bars.count()) - 2)).toHaveAttribute('aria-pressed', 'true');
  await expect(bars.nth((await bars.count()) - 2)).toBeFocused();
  await page.keyboard.press('End');
  await expect(today).toHaveAttribute('aria-pressed', 'true');

  // The same figures as a real table.
  const dayCount = await bars.count();
  const card = page.getByRole('region', { name: 'Data by day this period' });
  await card.getByRole('button', { name: 'Show as a table' }).click();
  const table = page.getByRole('table', { name: 'Data by day this period' });
  await expect(table.getByRole('row')).toHaveCount(dayCount + 1);
  await expect(table.getByRole('row', { name: new RegExp(name.split(':')[0]!) })).toBeVisible();
  await card.getByRole('button', { name: 'Show as a chart' }).click();

  // Money by kind this month: the roaming in North America beside the membership and what came in.
  const money = page.getByRole('region', { name: 'Where your money went' });
  const spent = money.getByRole('table', { name: /^Spent in / });
  await expect(spent.getByRole('row', { name: /Roaming in Zone 3 \(North America\)/ })).toContainText('€9.98');
  await expectNoAxeViolations(page);

  // The day's transactions, from the chart.
  await days.getByRole('button').last().click();
  await page.getByRole('link', { name: 'See this day’s transactions' }).click();
  await expect(page).toHaveURL(/\/my48\/transactions\?from=\d{4}-\d\d-\d\d&to=\d{4}-\d\d-\d\d/);
  await expect(page.getByText(/^Showing .* only\./)).toBeVisible();
  await expect(page.getByRole('table', { name: /^Transactions, newest first/ })).toContainText(
    'Data abroad: United States',
  );

  // The export: a CSV that a parser reads back, with the charge in euro with two decimals.
  await page.goto('/my48/usage');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download transactions (CSV)' }).click();
  const file = await (await download).path();
  const text = readFileSync(file, 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const rows = parse(text, { bom: true, columns: true }) as Record<string, string>[];
  expect(rows.find((r) => r['Description'] === 'Data abroad: United States')).toMatchObject({
    'Credit (EUR)': '-9.98',
  });

  // The printable statement: the member's name, number and the period.
  await page.getByRole('link', { name: 'Printable statement' }).click();
  await expect(page).toHaveURL(/\/my48\/usage\/statement\?from=/);
  const statement = page.getByRole('article', { name: /^Statement, / });
  await expect(statement).toContainText('Data abroad: United States');
  await expect(statement.getByRole('button', { name: 'Print this statement' })).toBeVisible();
  await expectNoAxeViolations(page);
});

/** Cells and controls past the screen's right edge, and table regions that scroll sideways (WCAG 1.4.10). */
const offScreen = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return {
      page: document.documentElement.scrollWidth - width,
      out: [...document.querySelectorAll('td, th, svg, button, a')]
        .filter((e) => e.getClientRects().length > 0 && e.getBoundingClientRect().right > width + 1)
        .map((e) => (e.textContent ?? '').trim().slice(0, 40)),
      scrolling: [...document.querySelectorAll('.table-wrap')]
        .filter((r) => r.scrollWidth > r.clientWidth + 1)
        .map((r) => r.getAttribute('aria-label') ?? ''),
    };
  });

test('Usage at 320 px: every chart and table inside the screen, nothing cut', async ({ page, openAs }) => {
  await page.setViewportSize({ width: 320, height: 740 });
  await openAs('traveller', '/my48/usage');
  await expect(page.getByRole('group', { name: 'Data by day this period' })).toBeVisible();
  const over = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return {
      page: document.documentElement.scrollWidth - width,
      out: [...document.querySelectorAll('svg, table, .usage-export button, .usage-export a')]
        .filter((e) => e.getBoundingClientRect().right > width + 1)
        .map((e) => e.outerHTML.slice(0, 60)),
    };
  });
  expect(over).toEqual({ page: 0, out: [] });
  // The same figures as tables, and the statement: every cell on the screen, no table scrolling sideways.
  const asTable = page.getByRole('button', { name: 'Show as a table' });
  await expect(asTable).toHaveCount(3);
  for (let left = 3; left > 0; left--) {
    await asTable.first().click();
    await expect(asTable).toHaveCount(left - 1);
  }
  expect(await offScreen(page)).toEqual({ page: 0, out: [], scrolling: [] });
  await page.getByRole('link', { name: 'Printable statement' }).click();
  await expect(page.getByRole('article', { name: /^Statement, / })).toBeVisible();
  expect(await offScreen(page)).toEqual({ page: 0, out: [], scrolling: [] });
  await page.goBack();
  await page.getByRole('radio', { name: 'Calls' }).check();
  await expect(page.getByRole('group', { name: 'Calls by day this period' })).toBeVisible();
  await expectNoAxeViolations(page);
});
