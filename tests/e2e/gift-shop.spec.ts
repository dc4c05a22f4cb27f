import { expect } from '@playwright/test';
import { expectNoAxeViolations, latestMail, payByCard, spaced, test } from './fixtures.ts';
import { textsOf } from './texts.ts';

// docs/product/money.md: the gift shop for visitors.

test.describe.configure({ timeout: 90_000 });

test('gift shop: a visitor gifts a membership and a top-up; the numbers are checked with the spec’s messages', async ({
  page,
  member,
}) => {
  test.slow();
  const giftee = await member('giftee');
  const activating = await member('activating');
  await page.goto('/gift-shop');
  const number = page.getByLabel('Their 48 number');
  await expectNoAxeViolations(page);
  for (const [typed, message] of [
    ['12345', "That doesn't look like a valid number - please check and try again."],
    ['0879999999', "We can't link a membership to this number - please double-check and try another."],
  ]) {
    await number.fill(typed!);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert')).toHaveText(message!);
  }
  await number.fill(activating.msisdn);
  await page.getByLabel('A top-up (credit)').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText("This number can't receive a top-up.");

  await number.fill(spaced(giftee.msisdn));
  await page.getByLabel('A membership').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Choose a membership' })).toBeFocused();
  await page.getByLabel('All Data €12.99 Membership, €12.99').check();
  await page.getByLabel('Your e-mail address').fill('buyer@example.com');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Pay by card' }).click();
  await payByCard(page, '4200 0000 0000 0000');
  await expect(page.getByRole('heading', { name: 'Payment complete' })).toBeVisible();
  await expect(page.getByText('Gift: All Data €12.99 Membership')).toBeVisible();

  await page.goto('/gift-shop');
  await page.getByLabel('Their 48 number').fill(giftee.msisdn);
  await page.getByLabel('A top-up (credit)').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('€20.00 credit').check();
  await page.getByLabel('Your e-mail address').fill('buyer@example.com');
  await page.getByRole('button', { name: 'Pay by card' }).click();
  await payByCard(page, '4200 0000 0000 0000');
  await expect(page.getByRole('heading', { name: 'Payment complete' })).toBeVisible();
  await expect(page.getByText('Gift: €20.00 credit')).toBeVisible();
});

test('/pl/gift-shop: a visitor gifts in Polish, the number refused in Polish, the memberships by their Polish names and euro as Polish writes it; the payment page and the receipt in Polish', async ({
  page,
  member,
  request,
}) => {
  const giftee = await member('giftee');
  await page.goto('/pl/gift-shop');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pl-PL');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Podaruj pakiet');
  const number = page.getByLabel('Numer w 48');
  await number.fill('12345');
  await page.getByRole('button', { name: 'Dalej' }).click();
  await expect(page.getByRole('alert')).toHaveText('To nie wygląda na prawidłowy numer - sprawdź i spróbuj ponownie.');
  await number.fill(giftee.msisdn);
  await page.getByLabel('Pakiet', { exact: true }).check();
  await page.getByRole('button', { name: 'Dalej' }).click();
  await expect(page.getByRole('heading', { name: 'Wybierz pakiet' })).toBeFocused();
  await expect(page.getByLabel(/^Pakiet All Data za 12,99\s€, 12,99\s€$/)).toBeVisible();
  await page.getByRole('button', { name: 'Zmień' }).click();
  await number.fill(giftee.msisdn);
  await page.getByLabel('Doładowanie (saldo)').check();
  await page.getByRole('button', { name: 'Dalej' }).click();
  await expect(page.getByRole('heading', { name: 'Wybierz doładowanie' })).toBeFocused();
  await expect(page.getByLabel(/^20,00\s€ doładowania$/)).toBeVisible();
  await page.getByRole('button', { name: 'Zapłać kartą' }).click();
  await expect(page.getByText('Pole „Twój adres e-mail” jest wymagane')).toBeVisible();
  await expectNoAxeViolations(page, '/pl/gift-shop');

  // The payment page in Polish (the provider's widget asked for Polish; the sandbox's own is English, marked so).
  await page.getByLabel(/^20,00\s€ doładowania$/).check();
  await page.getByLabel('Twój adres e-mail').fill('kupujaca@example.com');
  await page.getByRole('button', { name: 'Zapłać kartą' }).click();
  await expect(page).toHaveURL(/\/pl\/payment-gateway\/\?checkout=/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'pl-PL');
  await expect(page.getByRole('heading', { name: /^Zapłać 20,00\s€$/ })).toBeVisible();
  await expect(page.getByText(/^Prezent: Doładowanie 20,00\s€$/)).toBeVisible();
  await expect(page.getByText('*Do uwierzytelnienia płatności potrzebny jest prawidłowy adres')).toBeVisible();
  await expect(page.locator('[data-sandbox-widget]')).toHaveAttribute('lang', 'en-IE');
  expect(await page.evaluate(() => (window as { wpwlOptions?: { locale?: string } }).wpwlOptions?.locale)).toBe('pl');
  await expect(page.getByRole('link', { name: 'Anuluj' })).toHaveAttribute('href', '/pl/gift-shop');
  const english = ['Billing address', 'Street address', 'Town or city', 'Cancel', 'Secure payment'];
  expect((await textsOf(page)).filter((text) => english.includes(text))).toEqual([]);
  await expectNoAxeViolations(page, '/pl/payment-gateway/');
  await page.getByLabel('Ulica i numer').fill('1 Main Street');
  await page.getByLabel('Miejscowość').fill('Cork');
  await page.getByLabel('Card number').fill('4200 0000 0000 0000');
  await page.getByLabel('Expiry date (MM/YY)').fill('12/30');
  await page.getByLabel('CVV').fill('123');
  await page.getByLabel('Name on card').fill('Ola Test');
  await page.getByRole('button', { name: /^Pay €/ }).click();
  await expect(page.getByRole('heading', { name: 'Płatność zakończona' })).toBeVisible();
  await expect(page).toHaveURL(/\/pl\/payment-gateway\/\?checkout=.*resourcePath=/);
  await expect(page.getByRole('link', { name: 'Dalej' })).toHaveAttribute('href', '/pl/gift-shop');
  const receipt = await latestMail(request, 'kupujaca@example.com');
  expect(receipt.subject).toBe('Potwierdzenie Twojego prezentu w 48');
  expect(receipt.body).toMatch(/^Dziękujemy za prezent\./);
});
