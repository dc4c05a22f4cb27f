import { expect, type Page } from '@playwright/test';
import { consentCookie } from './consent-cookie.ts';
import { DEMO_PASSWORD, expectNoAxeViolations, logIn, test } from './fixtures.ts';

/**
 * Passkeys (docs/product/phone.md) in Chromium with its virtual authenticator (CDP WebAuthn domain), on
 * localhost: WebAuthn refuses an IP address as relying party, and the development server's
 * relying party is the request's own hostname.
 */
async function onLocalhost(page: Page, baseURL: string | undefined): Promise<string> {
  const local = baseURL!.replace('127.0.0.1', 'localhost');
  await page.context().addCookies([consentCookie(['necessary'], 'localhost')]);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return local;
}

test('a member adds a passkey in settings, signs out, signs in with it, and removes it', async ({
  page,
  baseURL,
  member,
}) => {
  test.setTimeout(60_000);
  const local = await onLocalhost(page, baseURL);
  await logIn(page, (await member('unlimited')).email, DEMO_PASSWORD, `${local}/log-in`);
  await expect(page).toHaveURL(/\/my48/, { timeout: 20_000 });
  await expect(page.locator('input[name="username"]')).toHaveCount(0);
  await page.goto(`${local}/my48/settings/security`);
  const section = page.getByRole('region', { name: 'Passkeys' });
  await expect(section.getByText('You have no passkeys yet.')).toBeVisible();
  await expectNoAxeViolations(page, 'security with passkeys');

  // Without the password (or a code), nothing is asked of the device.
  const add = section.getByRole('form', { name: 'Add a passkey on this device' });
  await add.getByLabel('Name of this passkey').fill('Test phone');
  await add.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(add.getByText('Enter your password, or the 6-digit code from the e-mail.')).toBeVisible();
  await add.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await add.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(add.getByRole('status').filter({ hasText: 'Your passkey is added.' })).toBeVisible();
  await expect(section.getByText('Test phone')).toBeVisible();
  await expect(section.getByText(/Added \d{1,2} [A-Z][a-z]+ \d{4} · not used yet/)).toBeVisible();

  // Signed out, the log-in page offers the passkey; the e-mail field asks the browser for its suggestions.
  await page.goto(`${local}/log-out`);
  await page.waitForURL(`${local}/`);
  await page.goto(`${local}/log-in`);
  await expect(page.getByLabel('E-mail address')).toHaveAttribute('autocomplete', 'username webauthn');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  // The branches of a log-in: unlimited@ is a returning member, so straight to the dashboard.
  // The dashboard's heading is the sign that it is there: a navigation's load event can wait on
  // a slow lazy chunk under a loaded machine.
  await expect(page).toHaveURL(/\/my48$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Your dashboard' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Credit' })).toBeVisible();

  await page.goto(`${local}/my48/settings/security`);
  await expect(section.getByText(/last used \d{1,2} [A-Z][a-z]+ \d{4}/)).toBeVisible();
  await section.getByRole('button', { name: 'Remove Test phone' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove Test phone?' });
  await dialog.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await expectNoAxeViolations(page, 'remove dialog');
  await dialog.getByRole('button', { name: 'Remove this passkey' }).click();
  await expect(section.getByRole('status').filter({ hasText: 'The passkey is removed' })).toBeVisible();
  await expect(section.getByText('You have no passkeys yet.')).toBeVisible();

  // The device still holds it, but it signs in no more.
  await page.goto(`${local}/log-out`);
  await page.waitForURL(`${local}/`);
  await page.goto(`${local}/log-in`);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('alert')).toContainText('That passkey could not sign you in.');
});
