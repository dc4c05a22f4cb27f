import { expect } from '@playwright/test';
import { offersFailures } from '../../src/contract/offers.schema.ts';
import { expectNoAxeViolations, latestMail, test } from './fixtures.ts';

// Each journey checks its screens with axe at two widths: more than the default 30 s on a busy 2-core machine.
test.describe.configure({ timeout: 60_000 });

test('student offer: back to school has ended; a code to a college address applies the offer once', async ({
  page,
  openAs,
  request,
}) => {
  await page.goto('/student-offer');
  await expect(page.getByText('This offer ended on')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in' }).first()).toBeVisible();
  await expectNoAxeViolations(page);
  await openAs('portin', '/student-offer');
  await page.getByLabel('College e-mail address').fill('me@gmail.com');
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page.getByRole('alert')).toHaveText(offersFailures.notStudentDomain.message);
  await page.getByLabel('College e-mail address').fill('saoirse@tcd.ie');
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page.getByRole('heading', { name: 'Enter your code' })).toBeFocused();
  await expectNoAxeViolations(page);
  await page.getByLabel('Code from the e-mail').fill('12');
  await page.getByRole('button', { name: 'Apply the offer' }).click();
  await expect(page.getByText('The code is the 6 digits from the e-mail.')).toBeVisible();
  const code = /code is (\d{6})/.exec((await latestMail(request, 'saoirse@tcd.ie')).body)![1]!;
  await page.getByLabel('Code from the e-mail').fill(code);
  await page.getByRole('button', { name: 'Apply the offer' }).click();
  await expect(page.getByRole('heading', { name: 'Your student offer is applied' })).toBeVisible();
  await expect(page.getByText('20 GB of extra data is on your SIM')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.reload();
  await expect(page.getByText(/Your student offer is applied \(saoirse@tcd\.ie/)).toBeVisible();
});

test('a partner voucher: claimed once, the same code on return', async ({ page, openAs }) => {
  await page.goto('/claim-campaign-vouchers');
  await expect(page.getByRole('heading', { name: 'Claim a free week at the gym from Pulse Gyms' })).toBeVisible();
  await openAs('legacy', '/claim-campaign-vouchers');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Claim my voucher' }).click();
  const voucher = page.locator('.voucher');
  await expect(voucher).toHaveText(/^PULSE-\d{4}$/);
  const code = await voucher.textContent();
  await expectNoAxeViolations(page);
  await page.reload();
  await expect(page.locator('.voucher')).toHaveText(code!);
  await expect(page.getByRole('button', { name: 'Claim my voucher' })).toBeHidden();
  // The other campaign is claimed on its own page.
  await page.goto('/campaign');
  await expect(page.getByRole('button', { name: 'Claim my voucher' })).toBeVisible();
});

test('feelsmug: the code from the cup gives a goody bag once', async ({ page, openAs }) => {
  await openAs('oneday', '/feelsmug');
  await page.getByRole('button', { name: 'Get my goody bag' }).click();
  await expect(page.getByText('Enter the code from your cup.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Code from your cup' }).fill('smug 1001');
  await page.getByRole('button', { name: 'Get my goody bag' }).click();
  await expect(page.getByText(/Enjoy! feelsmug goody bag: 2 GB is on your SIM until/)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('textbox', { name: 'Code from your cup' }).fill('SMUG-1001');
  await page.getByRole('button', { name: 'Get my goody bag' }).click();
  await expect(page.getByRole('alert')).toHaveText(offersFailures.smugUsed.message);
  await page.goto('/my48');
  await expect(page.getByText(/2(\.00)? GB left of 2(\.00)? GB, 7 days to use it/)).toBeVisible();
});

test('my48 offers: the free month shows as ended, a presale code is added once and shown again', async ({
  page,
  openAs,
}) => {
  await openAs('activating', '/my48/offers');
  await expect(page.getByRole('heading', { name: 'Offers', level: 1 })).toBeVisible();
  // The promo window of the spec (2024-02-15 to 2024-04-15) is long over: no claim button.
  await expect(page.getByText('This offer ran from 15.02.24 to 15.04.24 and has ended.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Claim my free month' })).toBeHidden();
  await expectNoAxeViolations(page);
  const field = page.getByRole('textbox', { name: 'Presale code' });
  await field.fill('NOPE-1');
  await page.getByRole('button', { name: 'Add my presale code' }).click();
  await expect(page.getByRole('alert')).toHaveText(offersFailures.unknownPresaleCode.message);
  await field.fill('long 2040');
  await page.getByRole('button', { name: 'Add my presale code' }).click();
  await expect(page.locator('.voucher')).toHaveText('LONG-2040');
  await expect(field).toBeHidden();
  await expectNoAxeViolations(page);
  await page.reload();
  await expect(page.locator('.voucher')).toHaveText('LONG-2040');
  await expect(page.getByRole('main').getByRole('link', { name: 'Student offer' })).toHaveAttribute(
    'href',
    '/student-offer',
  );
});
