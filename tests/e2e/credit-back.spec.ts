import { expect } from '@playwright/test';
import { expectNoAxeViolations, signInThroughApi, spaced, staffPage, test } from './fixtures.ts';

// The member's request, then two people of finance signing in at the provider: longer than most journeys.
test.describe.configure({ timeout: 90_000 });

/** docs/product/money.md "Credit back": a member whose number moved away asks for the credit by transfer; two people of finance make and approve the day's file in the staff console. */
test('a member whose number left asks for €7.50 back by bank transfer, sees it requested, then paid once finance sends the file', async ({
  page,
  member,
  browser,
  baseURL,
}) => {
  const me = await member('movedaway');
  await signInThroughApi(page, me.email);
  await page.goto('/my48');
  await expect(page.getByText('You have no active SIM yet.')).toBeVisible();
  // Where the member lands: the credit to claim, with its amount.
  await expect(page.getByText(`${spaced(me.msisdn)} moved to another network with €7.50 of credit.`)).toBeVisible();
  await page.getByRole('link', { name: 'Ask for €7.50 back' }).click();
  await expect(page.getByRole('heading', { name: 'Your credit back' })).toBeVisible();
  const number = page.getByRole('region', { name: spaced(me.msisdn) });
  await expect(number.getByRole('status').first()).toContainText('You have €7.50 of credit: ask for it back.');
  await expectNoAxeViolations(page, 'the credit back');
  await expect(number.getByText('By bank transfer')).toBeVisible();
  // A mistyped IBAN is refused with a clear message, and nothing leaves the credit.
  await number.getByLabel('IBAN').fill('IE29 AIBK 9311 5212 3456 79');
  await number.getByLabel('Name on the account').fill('Méabh Daly');
  await number.getByRole('button', { name: 'Ask for €7.50 back' }).click();
  await expect(number.getByRole('alert')).toContainText("That IBAN isn't right.");
  await number.getByLabel('Name on the account').fill('Meabh Daly');
  await number.getByLabel('IBAN').fill('IE29 AIBK 9311 5212 3456 78');
  await number.getByRole('button', { name: 'Ask for €7.50 back' }).click();
  await expect(number.getByText(/You asked for €7.50 back by bank transfer to IE29 •••• 5678/)).toBeVisible();
  await expectNoAxeViolations(page, 'the credit asked for');

  // Finance makes the file in the staff console; another person of finance approves it and marks it sent.
  const maker = await staffPage(browser, baseURL, 'finance@staff.example.com');
  await maker.getByRole('link', { name: 'Refund files' }).click();
  await expectNoAxeViolations(maker, 'the refund files');
  await maker.getByRole('button', { name: 'Make a file of the waiting transfers now' }).click();
  // After 06:00 the minute's job makes the day's file by itself: it may have taken the transfer first.
  await expect(maker.getByRole('status').filter({ hasText: /made|No transfer/ })).toContainText(
    /File 48-CB-\d{8}-[0-9a-f]{12} made: \d+ transfers?\. Another person of finance approves it\.|No transfer was waiting\./,
  );
  const made = /File (48-CB-\d{8}-[0-9a-f]{12}) made/.exec(
    (await maker
      .getByRole('status')
      .filter({ hasText: /made|No transfer/ })
      .textContent()) ?? '',
  )?.[1];
  // The maker may not approve their own file.
  const own = maker.getByRole('row', { name: /Sinéad Ryan/ });
  if (await own.count()) await expect(own.first().getByText('Waits for another person')).toBeVisible();
  await maker.context().close();
  const checker = await staffPage(browser, baseURL, 'finance2@staff.example.com');
  await checker.getByRole('link', { name: 'Refund files' }).click();
  // The file the maker made, else the first waiting (the minute's job may have made it), then that
  // same file marked sent: another journey's file on this server is never touched.
  const approve = made
    ? checker.getByRole('button', { name: `Approve ${made}`, exact: true })
    : checker.getByRole('button', { name: /^Approve 48-CB-/ }).first();
  const file = ((await approve.textContent()) ?? '').trim().slice('Approve '.length);
  await approve.click();
  await expect(checker.getByRole('status').filter({ hasText: 'approved' })).toContainText(
    `File ${file} approved: it may be sent to the bank.`,
  );
  await checker.getByRole('button', { name: `Mark ${file} sent`, exact: true }).click();
  await expect(checker.getByRole('status').filter({ hasText: 'Marked sent' })).toContainText(
    /Marked sent: \d+ transfers? paid\./,
  );
  await checker.context().close();

  await page.reload();
  await expect(
    page.getByRole('region', { name: spaced(me.msisdn) }).getByText(/€7.50 was paid back by bank transfer/),
  ).toBeVisible();
});
