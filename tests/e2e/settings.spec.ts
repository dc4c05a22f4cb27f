import { expect } from '@playwright/test';
import { expectNoAxeViolations, openDashboard, openMy48, test } from './fixtures.ts';

// my48's settings: the member's details and permissions, and the screens that need a SIM.

test('settings: the name and the permissions survive a reload; settings reopens the last fragment', async ({
  page,
}) => {
  // Two axe passes, each at two widths: 34 s on a loaded 2-core machine, as the other screens' journeys.
  test.setTimeout(60_000);
  await openDashboard(page, 'legacy');
  await page.goto('/my48/settings/my-details');
  await expect(page.getByLabel('First name')).toHaveValue('Pádraig');
  await expectNoAxeViolations(page);
  await page.getByLabel('Last name').fill('');
  await page.getByRole('button', { name: 'Save my name' }).click();
  await expect(page.getByText('Last name is required')).toBeVisible();
  await page.getByLabel('Last name').fill('Fitzgerald-Ó Sé');
  await page.getByRole('button', { name: 'Save my name' }).click();
  await expect(page.getByText('Your name is saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Last name')).toHaveValue('Fitzgerald-Ó Sé');

  await page.getByRole('link', { name: 'Marketing permissions' }).click();
  await expect(page).toHaveURL(/\/my48\/settings\/permissions$/);
  await page.getByLabel('Preferred social network').selectOption('TikTok');
  await page.getByLabel('Post').check();
  await page.getByRole('button', { name: 'Save my choices' }).click();
  await expect(page.getByText('Your choices are saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Preferred social network')).toHaveValue('TikTok');
  await expect(page.getByLabel('Post')).toBeChecked();
  await expectNoAxeViolations(page);

  // Away and back: settings opens on the fragment last used.
  await openMy48(page, 'Dashboard');
  await expect(page).toHaveURL(/\/my48$/);
  await page.goto('/my48/settings');
  await expect(page.getByRole('heading', { level: 2, name: 'Marketing permissions' })).toBeVisible();
});

test('the other settings screens and an empty transaction list pass axe; settings reopens the last one', async ({
  page,
}) => {
  test.slow(); // five screens, each checked by axe
  await openDashboard(page, 'nosim');
  await expect(page.getByText('You have no active SIM yet.')).toBeVisible();
  await openMy48(page, 'Transactions');
  await expect(page.getByText('No transactions yet.')).toBeVisible();
  for (const [fragment, heading] of [
    ['change-password', 'Change password'],
    ['payment-details', 'Payment details'],
    ['about-us', 'About 48'],
    ['reorder-sim', 'Replacement SIM'],
  ]) {
    await page.goto(`/my48/settings/${fragment}`);
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    if (fragment === 'payment-details') await expect(page.getByText('You have no stored card.')).toBeVisible();
    await expectNoAxeViolations(page);
  }
  await expect(page.getByText('You need an active SIM for this.')).toBeVisible();
  await openMy48(page, 'Settings');
  await expect(page.getByRole('heading', { level: 2, name: 'Replacement SIM' })).toBeVisible();
});

test('a member chooses Polish for our messages: saved, my48 opens in it and stays, and the next refusal speaks Polish', async ({
  page,
}) => {
  await openDashboard(page, 'legacy');
  await page.goto('/my48/settings/my-details');
  const language = page.getByRole('group', { name: 'The language of our messages to you' });
  await expect(language.getByRole('radio', { name: 'English' })).toBeChecked();
  await language.getByRole('radio', { name: 'Polski' }).check();
  await page.getByRole('button', { name: 'Save my language' }).click();
  // my48 speaks it at once: the same screen opens in Polish (docs/product/languages.md).
  await expect(page).toHaveURL(/\/pl\/my48\/settings\/my-details$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Ustawienia' })).toBeVisible();
  await expectNoAxeViolations(page);
  // The screen in Polish too: its heading, the form and what it is saved as.
  await expect(page.getByRole('heading', { level: 2, name: 'Moje dane' })).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('group', { name: 'Język naszych wiadomości do Ciebie' }).getByRole('radio', { name: 'Polski' }),
  ).toBeChecked();
  // The server's answer to a wrong current password, in the member's language (the screen shows it as
  // sent). The English address opens in Polish: the device keeps the member's choice.
  await page.goto('/my48/settings/change-password');
  await expect(page).toHaveURL(/\/pl\/my48\/settings\/change-password$/);
  // The form's own rule first, in Polish: the two new passwords differ.
  await page.getByLabel('Obecne hasło').fill('Not-the-password-1');
  await page.getByLabel('Nowe hasło', { exact: true }).fill('Another-pass-48');
  await page.getByLabel('Powtórz nowe hasło').fill('Another-pass-49');
  await page.getByRole('button', { name: 'Zmień hasło' }).click();
  await expect(page.getByText('Nowe hasła nie są takie same.')).toBeVisible();
  await page.getByLabel('Powtórz nowe hasło').fill('Another-pass-48');
  await page.getByRole('button', { name: 'Zmień hasło' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Obecne hasło jest nieprawidłowe.' })).toBeVisible();
});
