import { expect, type Page } from '@playwright/test';
import { expectNoAxeViolations, payByCard, test } from './fixtures.ts';

// docs/product/money.md: a new card, declined, 3-D Secure and pending payments.

test.describe.configure({ timeout: 90_000 });

async function memberships(page: Page) {
  await page.goto('/my48/memberships');
  await expect(page.getByRole('heading', { level: 2, name: 'Buy a membership' })).toBeVisible();
}

test('nocredit: a new card pays (and is saved when the member asks); declined, 3-D Secure decline and approve, and pending', async ({
  page,
  signIn,
}) => {
  test.slow();
  await signIn('nocredit');
  await memberships(page);
  // Keeping the card is asked, never assumed; auto-renew says what a saved card is for.
  const save = page.getByLabel('Save this card for next time');
  await expect(save).not.toBeChecked();
  await page.getByLabel('Renew it automatically').check();
  await expect(page.getByText('Auto-renew pays from your credit first, then from a saved card.')).toBeVisible();
  await page.getByLabel('Renew it automatically').uncheck();
  await save.check();
  await page.getByRole('button', { name: /^Buy (now|next): Data Plus €9\.99 Membership$/ }).click();
  await expect(page.getByRole('heading', { name: 'Pay €9.99' })).toBeVisible();
  await expect(page.locator('#PANDAOLTUNRG2')).toBeVisible();
  await expectNoAxeViolations(page);
  await payByCard(page, '4200 0000 0000 0000');
  await expect(page.getByRole('heading', { name: 'Payment complete' })).toBeFocused();
  await expectNoAxeViolations(page);
  await page.reload(); // the result address again: applied once
  await expect(page.getByRole('heading', { name: 'Payment complete' })).toBeVisible();
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page.getByText(/^Queued: Data Plus €9\.99 Membership/)).toBeVisible();
  await expect(page.getByLabel('Credit first, then my card ending 0000')).toBeChecked();
  await expect(save).toHaveCount(0);

  // Add credit with a new card: declined, then 3-D Secure declined and approved, then pending.
  const newCardCredit = async (amount: string) => {
    await page.goto('/my48/memberships/add-credit');
    await page.getByLabel(amount).check();
    await page.getByLabel('A new card').check();
    await page.getByRole('button', { name: `Add ${amount}` }).click();
  };
  await newCardCredit('€5.00');
  await payByCard(page, '4000 0000 0000 0002');
  await expect(page.getByRole('heading', { name: 'The payment did not go through' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('declined');

  await newCardCredit('€5.00');
  await payByCard(page, '4000 0000 0000 3220');
  await expect(page.getByRole('button', { name: 'Approve' })).toBeVisible();
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByRole('heading', { name: 'The payment did not go through' })).toBeVisible();

  await newCardCredit('€10.00');
  await payByCard(page, '4000 0000 0000 3220');
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('heading', { name: 'Payment complete' })).toBeVisible();

  await newCardCredit('€5.00');
  await payByCard(page, '4000 0000 0000 0077');
  await expect(page.getByText('Your bank is still confirming the payment.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Payment complete' })).toBeVisible({ timeout: 30_000 });
  await page.goto('/my48');
  await expect(page.getByRole('region', { name: 'Credit' })).toContainText('€15.00');
});

test('the card form formats what is typed, refuses a wrong card before sending it, and Cancel goes back', async ({
  page,
  signIn,
}) => {
  await signIn('nocredit');
  await page.goto('/my48/memberships/add-credit');
  await page.getByLabel('€5.00').check();
  await page.getByLabel('A new card').check();
  await page.getByRole('button', { name: 'Add €5.00' }).click();
  await expect(page).toHaveURL(/\/payment-gateway\/\?checkout=/);
  const number = page.getByLabel('Card number');
  const expiry = page.getByLabel('Expiry date (MM/YY)');
  await number.pressSequentially('4200000000000000');
  await expect(number).toHaveValue('4200 0000 0000 0000');
  await expiry.pressSequentially('1229');
  await expect(expiry).toHaveValue('12/29');

  // Checked before anything is sent: a mistyped number, then a month that does not exist.
  let sent = 0;
  page.on('request', (r) => void (r.url().includes('/sandbox/payments/checkouts/') && r.method() === 'POST' && sent++));
  await page.getByLabel('Street address').fill('1 Main Street');
  await page.getByLabel('Town or city').fill('Cork');
  await page.getByLabel('CVV').fill('123');
  await page.getByLabel('Name on card').fill('Test Member');
  await number.fill('4200 0000 0000 0001');
  await page.getByRole('button', { name: 'Pay €5.00' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Check the card number: it is the 13 to 19 digits on the front of the card.',
  );
  await expect(number).toBeFocused();
  await expect(number).toHaveAttribute('aria-invalid', 'true');
  await number.fill('4200 0000 0000 0000');
  await expiry.fill('13/29');
  await page.getByRole('button', { name: 'Pay €5.00' }).click();
  await expect(page.getByRole('alert')).toHaveText('Enter the expiry date as MM/YY.');
  expect(sent).toBe(0);
  await expectNoAxeViolations(page, 'the card refused before sending');

  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/my48\/memberships\/add-credit$/);
});

test('a Polish member pays by card in Polish: the payment page in their language, what is paid for said in it, and back to my48 in Polish', async ({
  page,
  openAs,
}) => {
  await openAs('nocredit', '/my48/memberships/add-credit', { language: 'pl' });
  await expect(page).toHaveURL(/\/pl\/my48\/memberships\/add-credit$/);
  await page.getByLabel(/^5,00\s€$/).check();
  await page.getByLabel('Nowa karta').check();
  await page.getByRole('button', { name: /^Doładuj 5,00\s€$/ }).click();
  await expect(page).toHaveURL(/\/pl\/payment-gateway\/\?checkout=/);
  await expect(page.getByRole('heading', { name: /^Zapłać 5,00\s€$/ })).toBeVisible();
  await expect(page.getByText(/^Doładowanie 5,00\s€$/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Anuluj' })).toHaveAttribute('href', '/pl/my48/memberships/add-credit');
  await page.getByLabel('Ulica i numer').fill('1 Main Street');
  await page.getByLabel('Miejscowość').fill('Cork');
  await page.getByLabel('Card number').fill('4000 0000 0000 0002');
  await page.getByLabel('Expiry date (MM/YY)').fill('12/30');
  await page.getByLabel('CVV').fill('123');
  await page.getByLabel('Name on card').fill('Ola Test');
  await page.getByRole('button', { name: /^Pay €/ }).click();
  // Declined: said in Polish, the provider's own words quoted as they came, marked English.
  await expect(page.getByRole('heading', { name: 'Płatność nie powiodła się' })).toBeFocused();
  const said = page.getByRole('alert');
  await expect(said).toContainText('Odpowiedź operatora płatności kartą:');
  await expect(said.locator('[lang="en-IE"]')).not.toBeEmpty();
  await expect(page.getByRole('link', { name: 'Wróć, by spróbować ponownie' })).toHaveAttribute(
    'href',
    '/pl/my48/memberships/add-credit',
  );
  await expectNoAxeViolations(page, '/pl/payment-gateway/: declined');
});
