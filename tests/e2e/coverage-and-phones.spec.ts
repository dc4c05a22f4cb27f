import { expect, type Page } from '@playwright/test';
import { coverageMessages } from '../../src/contract/coverage.ts';
import { message } from '../../src/contract/i18n/messages.ts';
import { expectNoAxeViolations, test } from './fixtures.ts';
import { isName, textsOf } from './texts.ts';

// Each journey checks its screens with axe at two widths: more than the default 30 s on a busy 2-core machine.
test.describe.configure({ timeout: 60_000 });

const narrowEnough = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );

test('coverage checker, keyboard only: an Eircode, a bad one, a town from the suggestions, and "Use my location" with its failures', async ({
  page,
  request,
}) => {
  await page.goto('/coverage-checker');
  const place = page.getByRole('combobox', { name: 'Eircode or town' });
  await expect(place).toBeVisible();
  await expectNoAxeViolations(page);
  // Tab to the field from the top of the page's main content, type, Enter.
  await place.focus();
  await page.keyboard.type('d02 x285');
  await page.keyboard.press('Enter');
  const result = page.getByRole('region', { name: 'Coverage in Dublin 2 (D02 X285), Co. Dublin' });
  await expect(result).toBeVisible();
  await expect(result.getByRole('row', { name: /^5G/ })).toContainText(/Excellent|Good/);
  await expect(page.getByRole('img', { name: 'Map of Ireland marking Dublin 2, Co. Dublin' })).toBeVisible();
  await narrowEnough(page);
  await expectNoAxeViolations(page);

  await place.fill('');
  await place.focus();
  await page.keyboard.type('D02 X28');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toHaveText(coverageMessages.notEircode('D02 X28'));
  await place.fill('B12 3456');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toHaveText(coverageMessages.notEircode('B12 3456'));
  await place.fill('Q99');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toContainText('Q99');
  await place.fill('Salthill (H91, Co. Galway)');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Coverage in Galway (H91), Co. Galway' })).toBeVisible();

  // "Use my location" through the geolocation sandbox: a place, then each failure, with the form still usable.
  const setMode = (mode: string) =>
    request.post('/sandbox/geolocation', { form: { mode }, headers: { accept: 'application/json' } });
  await setMode('letterkenny');
  await place.focus();
  await page.keyboard.press('Tab'); // to "Check coverage"
  await page.keyboard.press('Tab'); // to "Use my location"
  await expect(page.getByRole('button', { name: 'Use my location' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Coverage in Letterkenny (F92), Co. Donegal' })).toBeVisible();
  // The sandbox says so where it answers (docs/architecture.md), with the way to choose its answer.
  const notice = page.getByText(coverageMessages.sandbox);
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('link', { name: 'Choose its answer' })).toHaveAttribute('href', '/sandbox/geolocation');
  await setMode('HTTP_ERROR');
  await page.getByRole('button', { name: 'Use my location' }).press('Enter');
  await expect(page.getByRole('alert')).toHaveText(coverageMessages.HTTP_ERROR);
  await expect(notice).toBeVisible();
  await setMode('HTTP_TIMEOUT');
  await page.getByRole('button', { name: 'Use my location' }).press('Enter');
  await expect(page.getByRole('alert')).toHaveText(coverageMessages.HTTP_TIMEOUT);
  await setMode('london');
  await page.getByRole('button', { name: 'Use my location' }).press('Enter');
  await expect(page.getByRole('alert')).toHaveText(coverageMessages.outsideIreland);
  await setMode('galway');
  await expectNoAxeViolations(page);
});

test('/pl/coverage-checker: the form, a result and its problems in Polish, no English left but names; "Use my location" in Polish', async ({
  page,
  request,
}) => {
  await page.goto('/coverage-checker');
  await page.getByRole('combobox', { name: 'Eircode or town' }).fill('D02 X285');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: /^Coverage in Dublin 2/ })).toBeVisible();
  const english = new Set(await textsOf(page));
  await page.goto('/pl/coverage-checker');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pl-PL');
  const place = page.getByRole('combobox', { name: 'Eircode lub miejscowość' });
  await place.fill('d02 x285');
  await page.getByRole('button', { name: 'Sprawdź zasięg' }).click();
  const result = page.getByRole('region', { name: 'Zasięg: Dublin 2 (D02 X285), hrabstwo Dublin' });
  await expect(result).toBeVisible();
  await expect(result.getByRole('columnheader')).toHaveText(['Sieć', 'Na zewnątrz', 'W budynkach']);
  await expect(result.getByRole('row', { name: /^5G/ })).toContainText(/Bardzo dobry|Dobry/);
  await expect(
    page.getByRole('img', { name: 'Mapa Irlandii z zaznaczeniem: Dublin 2, hrabstwo Dublin' }),
  ).toBeVisible();
  expect(
    (await textsOf(page)).filter((text) => english.has(text) && !isName(text) && !/^(Dublin|[2-5]G)/.test(text)),
  ).toEqual([]);
  await expectNoAxeViolations(page, '/pl/coverage-checker');
  await place.fill('D02 X28');
  await page.getByRole('button', { name: 'Sprawdź zasięg' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'D02 X28 to nieprawidłowy Eircode. Eircode ma 7 znaków: klucz trasowania, np. D02, a potem 4 litery i cyfry, np. D02 X285.',
  );
  await place.fill('Atlantyda');
  await page.getByRole('button', { name: 'Sprawdź zasięg' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Nie znaleźliśmy „Atlantyda”. Spróbuj wpisać Eircode lub pobliską miejscowość.',
  );
  const setMode = (mode: string) =>
    request.post('/sandbox/geolocation', { form: { mode }, headers: { accept: 'application/json' } });
  await setMode('HTTP_TIMEOUT');
  await page.getByRole('button', { name: 'Użyj mojej lokalizacji' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Ustalanie lokalizacji trwało zbyt długo (HTTP_TIMEOUT). Zamiast tego wpisz Eircode lub miejscowość.',
  );
  await setMode('letterkenny');
  await page.getByRole('button', { name: 'Użyj mojej lokalizacji' }).click();
  await expect(page.getByRole('region', { name: 'Zasięg: Letterkenny (F92), hrabstwo Donegal' })).toBeVisible();
  await expect(page.getByText(/^Lokalizacja testowa:/)).toBeVisible();
  await setMode('galway');
});

test('/need-a-device: the 7 cheapest phones, cheapest first, with pictures and shop links', async ({ page }) => {
  await page.goto('/need-a-device');
  const phones = page.getByRole('list').filter({ has: page.getByRole('heading', { level: 3 }) });
  await expect(phones.getByRole('listitem')).toHaveCount(7);
  const prices = (await phones.locator('.phone__price').allTextContents()).map((p) =>
    Number(p.replace(/[^0-9.]/g, '')),
  );
  expect(prices).toEqual([...prices].sort((a, b) => a - b));
  await expect(phones.getByRole('listitem').first().getByRole('heading')).toHaveText('Nokia G42');
  await expect(phones.getByRole('link', { name: /View in shop: Nokia G42/ }).first()).toHaveAttribute(
    'href',
    /^https:\/\/shop\.refurb\.example\/ie\/p\//,
  );
  await narrowEnough(page);
  await expectNoAxeViolations(page);
});

test('/pl/need-a-device and /ga/need-a-device: the cheapest phones said in the language, no English left but names', async ({
  page,
}) => {
  await page.goto('/need-a-device');
  await expect(page.getByRole('heading', { level: 3 })).toHaveCount(7);
  const english = new Set(await textsOf(page));
  const names = new Set(await page.getByRole('heading', { level: 3 }).allInnerTexts());
  await page.goto('/pl/need-a-device');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pl-PL');
  await expect(page.getByRole('heading', { name: 'Nasze najtańsze odnowione telefony' })).toBeVisible();
  const phones = page.getByRole('list').filter({ has: page.getByRole('heading', { level: 3 }) });
  await expect(phones.getByRole('listitem')).toHaveCount(7);
  await expect(phones.getByRole('link', { name: /^Zobacz w sklepie: Nokia G42, / }).first()).toBeVisible();
  // Euro as Polish writes it ("89,00 €"); the grade in Polish.
  await expect(phones.locator('.phone__price').first()).toHaveText(/^\d+,\d\d\s€$/);
  await expect(phones.locator('.phone__meta').first()).toContainText(/Doskonały|Bardzo dobry|Dobry/);
  await expect(page.getByRole('link', { name: 'Przeglądaj odnowione telefony' })).toHaveAttribute(
    'href',
    '/pl/my48/need-a-device',
  );
  const colours = new Set(
    (await phones.locator('.phone__meta').allInnerTexts()).flatMap((meta) => meta.split(' · ').slice(1, 2)),
  );
  expect(
    (await textsOf(page)).filter(
      (text) => english.has(text) && !isName(text) && !names.has(text) && !colours.has(text),
    ),
  ).toEqual([]);
  await narrowEnough(page);
  await expectNoAxeViolations(page, '/pl/need-a-device');
  await page.goto('/ga/need-a-device');
  await expect(page.getByRole('heading', { name: 'Na fóin athchóirithe is saoire atá againn' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Féach sa siopa: / }).first()).toBeVisible();
});

test('/need-a-device: a failing catalogue shows an empty list with a message, not an error page', async ({ page }) => {
  await page.route('**/refb.partner.affiliate.v1.ProductService/ListProducts', (route) =>
    route.fulfill({ status: 503, body: '{"code":"unavailable","message":"down"}' }),
  );
  await page.goto('/need-a-device');
  await expect(page.getByRole('status').filter({ hasText: message('en', 'my48.ph.unavailable') })).toBeVisible();
});

test('/my48/need-a-device: the whole catalogue in pages of 100, with category filters, sort and Load more; shop links carry the affiliate id', async ({
  page,
  signIn,
}) => {
  const me = await signIn('recruiter');
  const first = page.waitForRequest((r) => r.url().endsWith('/ListProducts'));
  await page.goto('/my48/need-a-device');
  // Spec sections 7 and 9: market ie, sort by popularity, pages of the product limit, 100.
  expect((await first).postDataJSON()).toMatchObject({
    site_market_code: 'ie',
    sort: { by: 'popularity' },
    pagination: { limit: 100 },
  });
  const items = page.locator('.phones > li');
  await expect(items).toHaveCount(48); // the whole local catalogue fits one page
  await expect(page.getByRole('button', { name: 'Load more' })).toBeHidden();
  await expect(page.getByRole('link', { name: /View in shop/ }).first()).toHaveAttribute(
    'href',
    new RegExp(`affiliate=${me.affiliateId}`),
  );
  await expectNoAxeViolations(page);
  const filtered = page.waitForRequest(
    (r) => r.url().endsWith('/ListProducts') && JSON.stringify(r.postDataJSON()).includes('foldable'),
  );
  await page.getByLabel('Category').selectOption('Foldable');
  expect((await filtered).postDataJSON()).toMatchObject({ filter: { category: ['foldable'] } });
  await expect(items).toHaveCount(2);
  for (const name of await items.getByRole('heading').allTextContents()) expect(name).toMatch(/Flip|Fold/);
  await page.getByLabel('Category').selectOption('');
  await page.getByLabel('Brand').selectOption('Google');
  await expect(items).toHaveCount(8);
  for (const name of await items.getByRole('heading').allTextContents()) expect(name).toMatch(/^Google Pixel/);
  await page.getByLabel('Sort by').selectOption('price-asc');
  await expect(items.first().getByRole('heading')).toHaveText('Google Pixel 6a');
  await page.getByLabel('Condition').selectOption('Good');
  await page.getByLabel('Brand').selectOption('Nokia');
  await page.getByLabel('Category').selectOption('Flagship');
  await expect(
    page.getByText('No phones match these choices. Try another category, brand or condition.'),
  ).toBeVisible();
  await narrowEnough(page);
  await expectNoAxeViolations(page);
});

test('/my48/need-a-device: Load more asks for the next page after the last phone shown', async ({ page, signIn }) => {
  await signIn('recruiter');
  // A partner catalogue larger than one page: the first answer says there is more.
  const asked: { pagination?: { startingAfter?: string } }[] = [];
  await page.route('**/ListProducts', async (route) => {
    const body = route.request().postDataJSON() as { pagination?: { startingAfter?: string } };
    asked.push(body);
    const answer = (await (await route.fetch()).json()) as { products: { id: string }[]; has_more: boolean };
    if (!body.pagination?.startingAfter)
      return route.fulfill({ json: { products: answer.products.slice(0, 30), has_more: true } });
    return route.fulfill({ json: answer });
  });
  await page.goto('/my48/need-a-device');
  const items = page.locator('.phones > li');
  await expect(items).toHaveCount(30);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect.poll(() => asked.length).toBe(2);
  expect(asked[1]!.pagination?.startingAfter).toBeTruthy();
  await expect(items.nth(30)).toBeVisible();
});
