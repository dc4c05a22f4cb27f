import { expect } from '@playwright/test';
import { offersFailures } from '../../src/contract/offers.schema.ts';
import { expectNoAxeViolations, latestMail, test } from './fixtures.ts';
import { isName, textsOf } from './texts.ts';

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

test('/pl/student-offer: the offer, its form, rules and refusals in Polish, no English left but names; the colleges named as they are', async ({
  page,
  openAs,
  request,
}) => {
  await page.goto('/student-offer');
  await expect(page.getByText('This offer ended on')).toBeVisible();
  const english = new Set(await textsOf(page));
  const colleges = new Set(await page.getByRole('cell').allInnerTexts());
  await page.goto('/pl/student-offer');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pl-PL');
  // The offer's own words are the content's Polish translation; its end day in the same form as English.
  await expect(page.getByRole('heading', { name: 'Powrót do szkoły' })).toBeVisible();
  await expect(page.getByText('Ta oferta skończyła się 06.10.21.', { exact: false })).toBeVisible();
  const signInFirst = page.getByRole('region', { name: 'Odbierz ofertę dla studentów' });
  await expect(signInFirst.getByRole('link', { name: 'Zaloguj się' })).toHaveAttribute('href', '/pl/log-in');
  await expect(signInFirst.getByRole('link', { name: 'Dołącz do 48' })).toHaveAttribute('href', '/pl/sign-up');
  await expect(page.getByRole('columnheader')).toHaveText(['Uczelnia', 'Końcówka adresu e-mail']);
  expect((await textsOf(page)).filter((text) => english.has(text) && !isName(text) && !colleges.has(text))).toEqual([]);
  await expectNoAxeViolations(page, '/pl/student-offer');

  await openAs('portin', '/pl/student-offer');
  const address = page.getByLabel('Uczelniany adres e-mail');
  await page.getByRole('button', { name: 'Wyślij mi kod' }).click();
  await expect(page.getByText('Wpisz swój uczelniany adres e-mail.')).toBeVisible();
  await address.fill('not an address');
  await page.getByRole('button', { name: 'Wyślij mi kod' }).click();
  await expect(page.getByText('To nie wygląda na adres e-mail.')).toBeVisible();
  await expect(page.getByText('Będzie ważny przez 10 minut.', { exact: false })).toBeVisible();
  await address.fill('me@gmail.com');
  await page.getByRole('button', { name: 'Wyślij mi kod' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Nie znamy takiego adresu uczelni. Użyj adresu e-mail uczelni z listy.',
  );
  await address.fill('niamh.pl@tcd.ie');
  await page.getByRole('button', { name: 'Wyślij mi kod' }).click();
  await expect(page.getByRole('heading', { name: 'Wpisz kod' })).toBeFocused();
  await expect(page.getByText('Wysłaliśmy kod na adres niamh.pl@tcd.ie.')).toBeVisible();
  await page.getByLabel('Kod z e-maila').fill('12');
  await page.getByRole('button', { name: 'Zastosuj ofertę' }).click();
  await expect(page.getByText('Kod to 6 cyfr z e-maila.')).toBeVisible();
  await expectNoAxeViolations(page, '/pl/student-offer: the code');
  const code = /(\d{6})/.exec((await latestMail(request, 'niamh.pl@tcd.ie')).body)![1]!;
  await page.getByLabel('Kod z e-maila').fill(code);
  await page.getByRole('button', { name: 'Zastosuj ofertę' }).click();
  await expect(page.getByRole('heading', { name: 'Twoja oferta dla studentów została zastosowana' })).toBeVisible();
  await expect(
    page.getByText(/^Na Twojej karcie SIM jest 20 GB dodatkowych danych do \d\d\.\d\d\.\d\d\.$/),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Zobacz w swoim panelu' })).toHaveAttribute('href', '/pl/my48');
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

test('/pl/claim-campaign-vouchers and /pl/feelsmug: a voucher and a goody bag claimed in Polish, no English left but names', async ({
  page,
  openAs,
}) => {
  await page.goto('/claim-campaign-vouchers');
  const english = new Set(await textsOf(page));
  await page.goto('/pl/claim-campaign-vouchers');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pl-PL');
  await expect(page.getByRole('heading', { name: 'Odbierz darmowy tydzień na siłowni od Pulse Gyms' })).toBeVisible();
  expect((await textsOf(page)).filter((text) => english.has(text) && !isName(text))).toEqual([]);
  await expectNoAxeViolations(page, '/pl/claim-campaign-vouchers');
  await openAs('legacy', '/pl/claim-campaign-vouchers');
  await expect(page.getByRole('heading', { name: 'Pulse Gyms: darmowy tydzień na siłowni' })).toBeVisible();
  await page.getByRole('button', { name: 'Odbierz mój voucher' }).click();
  await expect(page.getByLabel(/^Kod vouchera PULSE-\d{4}$/)).toBeVisible();
  await expect(page.getByText('Pokaż go lub wpisz w Pulse Gyms. Jest tylko Twój i działa raz.')).toBeVisible();

  await page.goto('/pl/feelsmug');
  await expect(page.getByRole('heading', { name: 'Wpisz kod z kubka' })).toBeVisible();
  await page.getByRole('button', { name: 'Odbierz mój pakiet prezentowy' }).click();
  await expect(page.getByText('Wpisz kod z kubka.', { exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: 'Kod z kubka' }).fill('NOPE 1');
  await page.getByRole('button', { name: 'Odbierz mój pakiet prezentowy' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'To nie jest kod feelsmug. Sprawdź kod na kubku i spróbuj ponownie.',
  );
  await page.getByRole('textbox', { name: 'Kod z kubka' }).fill('smug 1002');
  await page.getByRole('button', { name: 'Odbierz mój pakiet prezentowy' }).click();
  await expect(
    page.getByText(/^Miłego korzystania! .+ jest na Twojej karcie SIM do \d\d\.\d\d\.\d\d\.$/),
  ).toBeVisible();
  await expectNoAxeViolations(page, '/pl/feelsmug');
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
