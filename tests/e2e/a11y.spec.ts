import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

// Every visitor page is checked with axe in routes.spec.ts (one visit per page); guarded screens
// are checked signed in, in their journeys. Here: the not-found page and the open menus.
for (const path of ['/no-such-page']) {
  test(`axe finds no violation on ${path}`, async ({ page }) => {
    await page.goto(path);
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
      .analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}

test('axe finds no violation with a dropdown and the mobile menu open', async ({ page, viewport }) => {
  await page.goto('/');
  if ((viewport?.width ?? 0) >= 992) await page.getByRole('button', { name: 'Why Choose Us' }).click();
  else await page.getByRole('button', { name: 'Menu' }).click();
  // axe must see the open panel, not a toggle that closed again.
  await expect(page.getByRole('link', { name: 'Benefits' }).filter({ visible: true })).toHaveCount(1);
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
});
