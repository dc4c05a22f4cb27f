import { expect } from '@playwright/test';
import { expectNoAxeViolations, latestMail, signInThroughApi, test } from './fixtures.ts';
import { PHONE } from './widths.ts';

/**
 * "This wasn't me" (docs/product/member-controls.md): the network says another network asked for a
 * member's number; the member opens the mail's link on their phone, with no password, and stops the line.
 */
test.use({ viewport: PHONE });

test('a member opens "This wasn\'t me" from the mail on a phone, blocks the line with one tap, and finds it blocked in my48', async ({
  page,
  member,
  request,
}) => {
  test.slow();
  const me = await member('active');
  const asked = await request.post('/sandbox/network/port-out-request', { data: { msisdn: me.msisdn } });
  expect(asked.status()).toBe(200);
  const mail = await latestMail(request, me.email);
  expect(mail.subject).toBe('Another network asked for your number: was this you?');
  const link = /\/this-wasnt-me#token=[A-Za-z0-9_-]+/.exec(mail.body)?.[0];
  expect(link, mail.body).toBeTruthy();

  await page.goto(link!);
  const form = page.getByRole('form', { name: 'Another network asked for your number' });
  await expect(form).toContainText('another network (Sandbox Mobile) asked to take your number');
  await expectNoAxeViolations(page, 'the change shown');
  await form.getByRole('button', { name: "This wasn't me: block my line" }).click();
  await expect(page.getByRole('heading', { name: 'Your line is blocked' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'your line is blocked' })).toBeVisible();
  await expect(page.getByText(/Your fraud case is 48-T-\d{6}\./)).toBeVisible();
  await expectNoAxeViolations(page, 'the change reported');

  // The link works once.
  await page.reload();
  await expect(page.getByRole('alert')).toContainText('This link has been used or has expired.');

  // Signed out everywhere: back in with the password, my48 shows the line blocked, then blocked at the network.
  await signInThroughApi(page, me.email);
  await page.goto('/my48/settings/security');
  await expect(page.getByText('Your SIM is blocked on the network: it no longer works in any phone.')).toBeVisible({
    timeout: 20_000,
  });
  await page.goto('/my48');
  await expect(page.getByRole('alert').filter({ hasText: 'Your SIM is blocked' })).toBeVisible();
});

test('a Polish member’s link opens the page in Polish: the change, the button, the case and a used link all in Polish', async ({
  page,
  member,
  request,
}) => {
  test.slow();
  const me = await member('active', { language: 'pl' });
  await request.post('/sandbox/network/port-out-request', { data: { msisdn: me.msisdn } });
  const mail = await latestMail(request, me.email);
  const link = /\/pl\/this-wasnt-me#token=[A-Za-z0-9_-]+/.exec(mail.body)?.[0];
  expect(link, mail.body).toBeTruthy();
  await page.goto(link!);
  await expect(page.locator('html')).toHaveAttribute('lang', 'pl-PL');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Czy to Ty?');
  await expect(page.getByText('Jeśli to Ty, nie musisz nic robić: możesz zamknąć tę stronę.')).toBeVisible();
  await expectNoAxeViolations(page, 'the change shown in Polish');
  await page.getByRole('button', { name: 'To nie ja: zablokuj moją linię' }).click();
  await expect(page.getByRole('heading', { name: 'Twoja linia jest zablokowana' })).toBeVisible();
  await expect(page.getByText(/^Numer Twojej sprawy o oszustwo to 48-T-\d{6}\./)).toBeVisible();
  await expect(page.getByText(/^Dziękujemy: Twoja linia jest zablokowana/)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('alert')).toContainText('Ten link został już użyty lub wygasł.');
  await expect(page.getByRole('link', { name: 'Zaloguj się do my48' })).toHaveAttribute('href', '/pl/log-in');
});
