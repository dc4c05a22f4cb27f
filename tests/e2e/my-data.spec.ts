import { expect } from '@playwright/test';
import { myDataMessages } from '../../src/contract/my-data.schema.ts';
import { DEMO_PASSWORD, enterStepUpCode, expectNoAxeViolations, logIn, test, workerKeepsFigures } from './fixtures.ts';

// docs/product/member-controls.md: a member's data, downloaded, and the account deleted.

test('leaver: downloads their data, then deletes the account with a code; the address is free again', async ({
  page,
  signIn,
  request,
}) => {
  test.slow();
  const me = await signIn('leaver');
  // The dashboard first: the service worker keeps its figures (docs/product/phone.md), which the deletion must forget.
  await page.goto('/my48');
  await workerKeepsFigures(page);
  await page.goto('/my48/settings/my-data');
  await expectNoAxeViolations(page);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^48-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await (await import('node:fs/promises')).readFile((await file.path())!, 'utf8')) as {
    tables: Record<string, Record<string, unknown>[]>;
  };
  expect(data.tables['members']![0]).toMatchObject({ email: me.email });
  expect(JSON.stringify(data)).not.toContain('password_hash');

  const form = page.getByRole('form', { name: 'Delete your account' });
  await form.getByLabel('Password').fill(DEMO_PASSWORD);
  await form.getByLabel('Type DELETE').fill('delete');
  await form.getByRole('button', { name: 'Delete my account' }).click();
  await expect(form.getByText('Type DELETE to confirm.')).toBeVisible();
  await form.getByLabel('Type DELETE').fill('DELETE');
  await enterStepUpCode(page, request, me.email, form);
  await form.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText(myDataMessages.deleted)).toBeVisible();
  expect(await page.evaluate(() => caches.has('48-member'))).toBe(false);
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  // Let the home page arrive first: a navigation to /log-in started meanwhile would be aborted by it.
  await page.waitForURL((url) => url.pathname === '/');
  await logIn(page, me.email);
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/log-in/);
});
