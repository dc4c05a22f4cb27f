import { expect, type Page } from '@playwright/test';
import { expectNoAxeViolations, makeMember, openMy48, signInThroughApi, spaced, test } from './fixtures.ts';
import { isName, textsOf } from './texts.ts';
import { catalogue } from '../../src/server/seed/catalogue.ts';
import { SETTINGS_FRAGMENTS } from '../../src/my48/features/settings/fragments.ts';
import { SOCIAL_NETWORKS } from '../../src/contract/settings.ts';
import { PROVIDERS } from '../../src/contract/forms.ts';
import { IRISH_COUNTIES } from '../../src/contract/address-labels.ts';

/*
 * my48 in the member's language (docs/product/languages.md): a member whose language is Polish or
 * Irish is signed in, opens my48 and is taken to it in their language; the dashboard, buying an
 * add-on and the transactions say nothing in English but names (a membership's, the brand's) and
 * figures. Compared with what the same screens say in English to a member in the same state.
 */

/**
 * The products' names (the same in every language, as on the public list), the app's, and the names a
 * form offers as they are: the social networks, the networks a number moves from, the counties.
 */
const NAMES = new Set(['my48', ...catalogue.map((p) => p.name), ...SOCIAL_NETWORKS, ...PROVIDERS, ...IRISH_COUNTIES]);

/** A screen's words but names; the notifications too, written in the member's language when told. */
const screenTexts = async (page: Page) => (await textsOf(page)).filter((text) => !NAMES.has(text));

/** The settings this journey reads in each language: the household's has a journey of its own (below). */
const SETTINGS_READ = SETTINGS_FRAGMENTS.filter((f) => f !== 'household');

/** A settings fragment shown whole: its cards there and nothing of it still loading. */
async function settingsShown(page: Page) {
  await expect(page.locator('.settings__panel .card').first()).toBeVisible();
  await expect(
    page.locator('.settings__panel .loading-line, .settings__panel [role="status"]:text-matches("…$")'),
  ).toHaveCount(0);
}

/** The dashboard with its figures, the add-ons and the transactions as the member sees them. */
async function screens(page: Page, headings: { dashboard: RegExp; extras: string; topUp: string }) {
  await expect(page.getByRole('heading', { level: 1, name: headings.dashboard })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: headings.extras })).toBeVisible();
  await expect(page.locator('.alerts-list li').first()).toBeVisible();
  const dashboard = await screenTexts(page);
  await openMy48(page, headings.topUp);
  await expect(page.getByRole('button', { name: /Add-on 5 GB/ })).toBeVisible();
  const addons = await screenTexts(page);
  return { dashboard, addons };
}

const ENGLISH = { dashboard: /^Your dashboard$/, extras: 'Extras', topUp: 'Top Up', transactions: 'Transactions' };

for (const [locale, tag, words] of [
  [
    'pl',
    'pl-PL',
    {
      dashboard: /^Twój pulpit$/,
      extras: 'Dodatki',
      topUp: 'Doładuj',
      transactions: 'Transakcje',
      buy: 'Kup Add-on 5 GB',
      done: 'Dodano 5 GB do Twojego pakietu.',
      ok: 'OK',
      caption: /^Transakcje, od najnowszych: strona 1 z \d+$/,
      credit: '2,50 €',
      current: 'Bieżący pakiet',
      receipt: /^Paragon \d+$/,
      total: /Zapłacono łącznie/,
      price: '5,00 €',
      details: 'Moje dane',
    },
  ],
  [
    'ga',
    'ga-IE',
    {
      dashboard: /^Do dheais$/,
      extras: 'Rudaí breise',
      topUp: 'Breiseáin',
      transactions: 'Idirbhearta',
      buy: 'Ceannaigh Add-on 5 GB',
      done: 'Cuireadh 5 GB le do bhallraíocht.',
      ok: 'Ceart go leor',
      caption: /^Idirbhearta, an ceann is nuaí ar dtús: leathanach 1 as \d+$/,
      credit: '€2.50',
      current: 'Ballraíocht reatha',
      receipt: /^Admháil \d+$/,
      total: /Iomlán íoctha/,
      price: '€5.00',
      details: 'Mo shonraí',
    },
  ],
] as const) {
  test(`my48 in ${tag}: the dashboard, buying an add-on and the transactions, with no English left`, async ({
    page,
    request,
  }) => {
    // Some twenty screens read twice, each through axe: 70 to 85 s on two cores, beside another journey.
    test.setTimeout(180_000);
    // What the screens say in English, to a member in the same state.
    const english = await makeMember(request, 'active');
    await signInThroughApi(page, english.email, english.password);
    await page.goto('/my48');
    const inEnglish = await screens(page, ENGLISH);
    await openMy48(page, ENGLISH.transactions);
    await expect(page.getByText(/^Transactions, newest first: page 1 of \d+$/)).toBeVisible();
    const englishTransactions = new Set(await screenTexts(page));
    await openMy48(page, 'Memberships');
    await expect(page.getByRole('heading', { level: 2, name: 'Current membership' })).toBeVisible();
    const englishMemberships = await screenTexts(page);
    const englishSettings: string[] = [];
    for (const fragment of SETTINGS_READ) {
      await page.goto(`/my48/settings/${fragment}`);
      await settingsShown(page);
      englishSettings.push(...(await screenTexts(page)));
    }
    const englishTexts = new Set([
      ...inEnglish.dashboard,
      ...inEnglish.addons,
      ...englishTransactions,
      ...englishMemberships,
      ...englishSettings,
    ]);
    // A word of the language spelled as an English one is no English left: Polish "Data" is the date.
    const own = new Set<string>(locale === 'pl' ? ['Data', 'E-mail'] : ['Post']);
    // A browser without the language's dates (Chromium has no Irish ones) writes them as Irish
    // English does, "18 Nov" (docs/product/languages.md): a known gap of the browser, not of ours.
    const datesOwn = await page.evaluate((t) => Intl.DateTimeFormat.supportedLocalesOf([t]).length > 0, tag);
    const isDate = (text: string) => !datesOwn && /^\d{1,2} [A-Z][a-z]{2,3}$/.test(text);
    const englishLeft = (texts: string[]) =>
      texts.filter((text) => englishTexts.has(text) && !isName(text) && !own.has(text) && !isDate(text));

    // The member whose language it is: the log-in keeps it, and /my48 opens in it.
    const member = await makeMember(request, 'active', { language: locale });
    await signInThroughApi(page, member.email, member.password);
    await page.goto('/my48');
    await expect(page).toHaveURL(new RegExp(`/${locale}/my48$`));
    await expect(page.locator('html')).toHaveAttribute('lang', tag);
    await expect(page.getByRole('heading', { level: 1, name: words.dashboard })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: words.extras })).toBeVisible();
    await expect(page.locator('.alerts-list li').first()).toBeVisible();
    expect(englishLeft(await screenTexts(page)), `English on /${locale}/my48`).toEqual([]);
    await expectNoAxeViolations(page, `/${locale}/my48`);

    // An add-on bought in the language: paid from the credit (€7.50 → €2.50), said in it.
    await openMy48(page, words.topUp);
    await expect(page).toHaveURL(new RegExp(`/${locale}/my48/addons$`));
    await expect(page.getByRole('button', { name: words.buy })).toBeVisible();
    expect(englishLeft(await screenTexts(page)), `English on /${locale}/my48/addons`).toEqual([]);
    await expectNoAxeViolations(page, `/${locale}/my48/addons`);
    await page.getByRole('button', { name: words.buy }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(words.done);
    await dialog.getByRole('button', { name: words.ok }).click();

    // The transactions: the add-on first, the kinds of movement in the language, names as they are.
    await openMy48(page, words.transactions);
    await expect(page).toHaveURL(new RegExp(`/${locale}/my48/transactions$`));
    await expect(page.getByText(words.caption)).toBeVisible();
    await expect(page.getByRole('row').nth(1)).toContainText('Add-on 5 GB');
    expect(englishLeft(await screenTexts(page)), `English on /${locale}/my48/transactions`).toEqual([]);
    await expectNoAxeViolations(page, `/${locale}/my48/transactions`);
    // Its receipt, in the language: what it was, VAT, how it was paid.
    await page.getByRole('row').nth(1).getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/my48/transactions/\\d+$`));
    await expect(page.getByRole('heading', { level: 2, name: words.receipt })).toBeVisible();
    await expect(page.getByRole('row', { name: words.total })).toContainText(words.price);
    await expectNoAxeViolations(page, `/${locale}/my48/transactions/<id>`);

    // The memberships: what can be bought, how to pay, auto-renew and the flexible data.
    await page.goto(`/${locale}/my48/memberships`);
    await expect(page.getByRole('heading', { level: 2, name: words.current })).toBeVisible();
    expect(englishLeft(await screenTexts(page)), `English on /${locale}/my48/memberships`).toEqual([]);
    await expectNoAxeViolations(page, `/${locale}/my48/memberships`);
    // The settings, each fragment (the household's below).
    for (const fragment of SETTINGS_READ) {
      await page.goto(`/${locale}/my48/settings/${fragment}`);
      await settingsShown(page);
      if (fragment === 'my-details')
        await expect(page.getByRole('heading', { level: 2, name: words.details })).toBeVisible();
      expect(englishLeft(await screenTexts(page)), `English on /${locale}/my48/settings/${fragment}`).toEqual([]);
      await expectNoAxeViolations(page, `/${locale}/my48/settings/${fragment}`);
    }
    // The credit the add-on left, on the dashboard in the language's way of writing euro.
    await page.goto(`/${locale}/my48`);
    await expect(page.locator('#tile-credit + .tile__figure')).toHaveText(words.credit);
  });
}

test('credit back in pl-PL: the offer, the form with its rules, a refusal and the request, in Polish', async ({
  page,
  request,
}) => {
  const member = await makeMember(request, 'movedaway', { language: 'pl' });
  await signInThroughApi(page, member.email, member.password);
  await page.goto('/my48/credit-back');
  await expect(page).toHaveURL(/\/pl\/my48\/credit-back$/);
  const number = page.getByRole('region', { name: spaced(member.msisdn) });
  await expect(number.getByRole('status').first()).toContainText('Masz 7,50 € na koncie: poproś o zwrot.');
  await expect(number.getByText('Przelewem bankowym')).toBeVisible();
  await expectNoAxeViolations(page, '/pl/my48/credit-back');
  // The form's own rule, then the server's refusal, both in Polish.
  await number.getByRole('button', { name: 'Poproś o zwrot 7,50 €' }).click();
  await expect(number.getByText('Wpisz numer IBAN swojego konta.')).toBeVisible();
  await number.getByLabel('IBAN').fill('IE29 AIBK 9311 5212 3456 79');
  await number.getByLabel('Właściciel konta').fill('Meabh Daly');
  await number.getByRole('button', { name: 'Poproś o zwrot 7,50 €' }).click();
  await expect(number.getByRole('alert')).toContainText('Ten numer IBAN jest nieprawidłowy.');
  await number.getByLabel('IBAN').fill('IE29 AIBK 9311 5212 3456 78');
  await number.getByRole('button', { name: 'Poproś o zwrot 7,50 €' }).click();
  await expect(number.getByText(/poprosiłeś lub poprosiłaś o zwrot 7,50\s€ przelewem na IE29 •••• 5678/)).toBeVisible();
});

test('roaming in pl-PL: where the SIM is, the EU allowance, the month by country and the notices, in Polish', async ({
  page,
  request,
}) => {
  // What the screen says in English to a traveller in the same state.
  const english = await makeMember(request, 'traveller');
  await signInThroughApi(page, english.email, english.password);
  await page.goto('/my48/roaming');
  await expect(page.getByRole('region', { name: 'Where you are' })).toContainText('France, Zone 1: EU and EEA');
  const englishTexts = new Set(await screenTexts(page));

  const member = await makeMember(request, 'traveller', { language: 'pl' });
  await signInThroughApi(page, member.email, member.password);
  await page.goto('/my48/roaming');
  await expect(page).toHaveURL(/\/pl\/my48\/roaming$/);
  const where = page.getByRole('region', { name: 'Gdzie jesteś' });
  await expect(where).toContainText('Francja, Strefa 1: UE i EOG');
  const eu = page.getByRole('region', { name: 'Dane w roamingu w UE' });
  await expect(eu).toContainText('11,76 GB z 14,76 GB zostało');
  await expect(page.getByRole('meter', { name: 'Pozostałe dane w roamingu w UE' })).toHaveAttribute(
    'aria-valuetext',
    'Zostało 11,76 GB z 14,76 GB',
  );
  const notices = page.getByRole('region', { name: 'Wiadomości, które Ci wysłaliśmy' });
  await expect(notices).toContainText('Witamy! Francja: roaming jak w domu');
  const left = (await screenTexts(page)).filter((text) => englishTexts.has(text) && !isName(text));
  expect(left, 'English on /pl/my48/roaming').toEqual([]);
  await expectNoAxeViolations(page, '/pl/my48/roaming');

  // The network reports use in Spain: its arrival notice is written in Polish too.
  expect(
    (
      await page.request.post('/sandbox/usage', { data: { msisdn: member.msisdn, country: 'ES', data_mb: 512 } })
    ).status(),
  ).toBe(200);
  await page.reload();
  await expect(where).toContainText('Hiszpania, Strefa 1: UE i EOG');
  await expect(notices).toContainText('Witamy! Hiszpania: roaming jak w domu');
});

test('usage and the statement in pl-PL: the charts, their tables, money by kind and the statement, in Polish', async ({
  page,
  openAs,
}) => {
  test.slow();
  // What the screens say in English to a traveller in the same state.
  await openAs('traveller', '/my48/usage');
  await expect(page.getByRole('group', { name: 'Data by day this period' })).toBeVisible();
  const englishUsage = new Set(await screenTexts(page));
  await page.getByRole('link', { name: 'Printable statement' }).click();
  await expect(page.getByRole('article', { name: /^Statement, / })).toBeVisible();
  const englishStatement = new Set(await screenTexts(page));

  const member = await openAs('traveller', '/my48/usage', { language: 'pl' });
  await expect(page).toHaveURL(/\/pl\/my48\/usage$/);
  const report = await page.request.post('/sandbox/usage', {
    data: { msisdn: member.msisdn, country: 'US', data_mb: 2 },
  });
  expect(report.status()).toBe(200);
  await page.reload();
  const days = page.getByRole('group', { name: 'Dane dziennie w tym okresie' });
  await expect(days.getByRole('button').last()).toHaveAccessibleName(
    /^[a-ząćęłńóśźż]+, \d+ [a-ząćęłńóśźż]+: \d+,\d\d GB$/,
  );
  await expect(page.locator('#usage-days-summary')).toContainText('w ciągu');
  const money = page.getByRole('region', { name: 'Na co poszły Twoje pieniądze' });
  await expect(
    money.getByRole('table', { name: /^Wydano: / }).getByRole('row', { name: /Roaming w strefie 3/ }),
  ).toContainText(/9,98\s€/);
  // Calls instead of data: the chart, its table and the plural of minutes in Polish.
  await page.getByRole('radio', { name: 'Połączenia' }).check();
  const calls = page.getByRole('region', { name: 'Połączenia dziennie w tym okresie' });
  await calls.getByRole('button', { name: 'Pokaż jako tabelę' }).click();
  await expect(calls.getByRole('table')).toContainText(/\d+ minut/);
  const usageLeft = (await screenTexts(page)).filter((text) => englishUsage.has(text) && !isName(text));
  expect(usageLeft, 'English on /pl/my48/usage').toEqual([]);
  await expectNoAxeViolations(page, '/pl/my48/usage');

  // The printable statement: the kinds of movement and the columns in Polish.
  await page.getByRole('link', { name: 'Wyciąg do wydruku' }).click();
  await expect(page).toHaveURL(/\/pl\/my48\/usage\/statement\?from=/);
  const statement = page.getByRole('article', { name: /^Wyciąg, od \d+ [a-ząćęłńóśźż]+ \d{4} do / });
  await expect(statement).toContainText('Dane za granicą: Stany Zjednoczone');
  await expect(statement.getByRole('button', { name: 'Drukuj ten wyciąg' })).toBeVisible();
  // The traveller's name is the same in both; nothing else may be.
  const name = await statement.locator('.statement__who dd').first().innerText();
  const statementLeft = (await screenTexts(page)).filter(
    (text) => englishStatement.has(text) && !isName(text) && text !== name,
  );
  expect(statementLeft, 'English on /pl/my48/usage/statement').toEqual([]);
  await expectNoAxeViolations(page, '/pl/my48/usage/statement');
});

test('flexi data in pl-PL: a swap asked and done, a loan refused by the form’s rules and the server’s, in Polish', async ({
  page,
  openAs,
}) => {
  test.slow();
  // What the screen says in English to a member in the same state.
  await openAs('swapper', '/my48/flexi-data');
  await expect(page.getByRole('heading', { level: 2, name: 'Your data now' })).toBeVisible();
  const english = new Set(await screenTexts(page));

  await openAs('swapper', '/my48/flexi-data', { language: 'pl' });
  await expect(page).toHaveURL(/\/pl\/my48\/flexi-data$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Twoje dane teraz' })).toBeVisible();
  const left = (await screenTexts(page)).filter((text) => english.has(text) && !isName(text));
  expect(left, 'English on /pl/my48/flexi-data').toEqual([]);
  await expectNoAxeViolations(page, '/pl/my48/flexi-data');

  const swap = page.getByRole('region', { name: 'Zamiana', exact: true });
  await expect(swap.getByText('Masz 10,00 GB niewykorzystanych danych i 300 minut na stacjonarne.')).toBeVisible();
  await swap.getByRole('button', { name: 'Zamień' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Zamienić 1 GB na 100 minut na stacjonarne?' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Tak, zamień' }).click();
  await expect(
    dialog.getByText('Zamieniono 1 GB na minuty na stacjonarne: 100. Zostaje Ci 400 minut na stacjonarne.'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(swap.getByText('Masz 9,00 GB niewykorzystanych danych i 400 minut na stacjonarne.')).toBeVisible();

  const spot = page.getByRole('region', { name: 'Pożycz', exact: true });
  await spot.getByLabel('Numer znajomego w 48').fill('087 100 00');
  await spot.getByLabel('Na ile dni').fill('0');
  await spot.getByRole('button', { name: 'Pożycz dane' }).click();
  await expect(spot.getByText('Wpisz irlandzki numer komórkowy, np. 087 123 4567.')).toBeVisible();
  await expect(spot.getByText('Pożyczasz na co najmniej 1 dzień.')).toBeVisible();
  await spot.getByLabel('Numer znajomego w 48').fill('0879999999');
  await spot.getByLabel('Na ile dni').fill('3');
  await spot.getByRole('button', { name: 'Pożycz dane' }).click();
  await dialog.getByRole('button', { name: 'Tak, pożycz' }).click();
  await expect(spot.getByRole('alert')).toHaveText(
    'Nie możemy wysłać danych na ten numer - musi należeć do aktywnego członka 48 z pakietem.',
  );
  // The swap's line in the transactions, in Polish.
  await page.goto('/pl/my48/transactions');
  await expect(page.getByRole('table', { name: /^Transakcje/ })).toContainText(
    'Zamieniono 1 GB na minuty na stacjonarne: 100',
  );
});

test('recruit and reward in pl-PL: the link, the rewards, the friends and a free SIM sent, in Polish', async ({
  page,
  openAs,
}) => {
  test.slow();
  await openAs('recruiter', '/my48/recruit-and-reward');
  await expect(page.getByRole('region', { name: 'Reward earned' })).toBeVisible();
  const english = new Set(await screenTexts(page));

  await openAs('recruiter', '/my48/recruit-and-reward', { language: 'pl' });
  await expect(page).toHaveURL(/\/pl\/my48\/recruit-and-reward$/);
  await expect(page.getByRole('region', { name: 'Zdobyte nagrody' })).toContainText('10,00 €');
  await expect(page.getByRole('region', { name: 'Darmowe karty SIM dziś' })).toContainText('Zostało 2 z 3');
  await expect(page.getByRole('row', { name: /Ciara Byrne/ })).toContainText('Nagroda wypłacona');
  // The friends' names are the same in both; nothing else may be.
  const friends = new Set(await page.locator('tbody tr td:first-child').allInnerTexts());
  const left = (await screenTexts(page)).filter((text) => english.has(text) && !isName(text) && !friends.has(text));
  expect(left, 'English on /pl/my48/recruit-and-reward').toEqual([]);
  await expectNoAxeViolations(page, '/pl/my48/recruit-and-reward');

  await page.getByRole('link', { name: 'Wyślij darmową kartę SIM' }).click();
  await expect(page).toHaveURL(/\/pl\/my48\/recruit-and-reward\/send-free-sim$/);
  await page.getByRole('button', { name: 'Wyślij darmową kartę SIM' }).click();
  await expect(page.getByText('Pole „Imię znajomego” jest wymagane')).toBeVisible();
  await page.getByLabel('Imię znajomego').fill('Nora');
  await page.getByLabel('Nazwisko znajomego').fill('Walsh');
  await page.getByLabel('Adres, wiersz 1').fill('7 Eyre Square');
  await page.getByLabel('Miejscowość').fill('Galway');
  await page.getByLabel('Hrabstwo').selectOption('Galway');
  await page.getByLabel('Eircode (opcjonalnie)').fill('H91');
  await page.getByRole('button', { name: 'Wyślij darmową kartę SIM' }).click();
  await expect(page.getByText('Wpisz Eircode, np. D02 X285, albo zostaw puste.')).toBeVisible();
  await expectNoAxeViolations(page, '/pl/my48/recruit-and-reward/send-free-sim');
  await page.getByLabel('Eircode (opcjonalnie)').fill('H91 X2Y3');
  await page.getByRole('button', { name: 'Wyślij darmową kartę SIM' }).click();
  await expect(
    page.getByText('Darmowa karta SIM dla znajomego jest w drodze: Nora Walsh, 7 Eyre Square, Galway.'),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Wróć do „Poleć i zyskaj”' }).click();
  await expect(page.getByRole('region', { name: 'Darmowe karty SIM dziś' })).toContainText('Zostało 1 z 3');
});

test('phones in pl-PL: the filters, the cards and their shop links, in Polish', async ({ page, openAs }) => {
  await openAs('recruiter', '/my48/need-a-device');
  await expect(page.locator('.phones > li')).toHaveCount(48);
  const english = new Set(await screenTexts(page));

  await openAs('recruiter', '/my48/need-a-device', { language: 'pl' });
  await expect(page).toHaveURL(/\/pl\/my48\/need-a-device$/);
  const items = page.locator('.phones > li');
  await expect(items).toHaveCount(48);
  await expect(
    page.getByRole('link', { name: /^Zobacz w sklepie: .+ \(otwiera się w nowej karcie\)$/ }).first(),
  ).toBeVisible();
  await expect(items.first().locator('.phone__price')).toHaveText(/^\d+,\d\d\s€$/);
  // The phones' names and colours are the partner's; nothing else may be English.
  const names = new Set([
    ...(await items.getByRole('heading').allTextContents()),
    ...(await page.locator('#phones-brand option').allTextContents()),
  ]);
  const left = (await screenTexts(page)).filter((text) => english.has(text) && !isName(text) && !names.has(text));
  expect(left, 'English on /pl/my48/need-a-device').toEqual([]);
  await page.getByLabel('Kategoria').selectOption('Składane');
  await expect(items).toHaveCount(2);
  await page.getByLabel('Stan').selectOption('Dobry');
  await page.getByLabel('Marka').selectOption('Nokia');
  await page.getByLabel('Kategoria').selectOption('Flagowe');
  await expect(
    page.getByText('Żaden telefon nie pasuje do tych wyborów. Spróbuj innej kategorii, marki lub stanu.'),
  ).toBeVisible();
  await expectNoAxeViolations(page, '/pl/my48/need-a-device');
});

test('offers in pl-PL: the free month, a presale code refused and added, the other offers, in Polish', async ({
  page,
  openAs,
}) => {
  await openAs('activating', '/my48/offers');
  await expect(page.getByText('This offer ran from 15.02.24 to 15.04.24 and has ended.')).toBeVisible();
  const english = new Set(await screenTexts(page));

  await openAs('activating', '/my48/offers', { language: 'pl' });
  await expect(page).toHaveURL(/\/pl\/my48\/offers$/);
  await expect(page.getByText('Oferta trwała od 15.02.24 do 15.04.24 i już się skończyła.')).toBeVisible();
  // The offer's own heading and text are the content's, in its Polish translation.
  await expect(page.getByRole('heading', { name: 'Miesiąc za darmo' })).toBeVisible();
  await expect(page.locator('#free-month')).not.toHaveAttribute('lang');
  // The partners' names are names.
  const content = new Set(await page.getByRole('region', { name: 'Więcej ofert' }).getByRole('link').allInnerTexts());
  const left = (await screenTexts(page)).filter((text) => english.has(text) && !isName(text) && !content.has(text));
  expect(left, 'English on /pl/my48/offers').toEqual([]);
  const field = page.getByRole('textbox', { name: 'Kod przedsprzedaży' });
  await field.fill('NOPE-1');
  await page.getByRole('button', { name: 'Dodaj mój kod przedsprzedaży' }).click();
  await expect(page.getByRole('alert')).toHaveText('To nie jest kod przedsprzedaży. Sprawdź go i spróbuj ponownie.');
  await field.fill('long 2037');
  await page.getByRole('button', { name: 'Dodaj mój kod przedsprzedaży' }).click();
  await expect(page.locator('.voucher')).toHaveText('LONG-2037');
  await expectNoAxeViolations(page, '/pl/my48/offers');
});

test('security, alerts and my data in pl-PL: a spend limit, a SIM blocked, alerts saved, a deletion refused, in Polish', async ({
  page,
  openAs,
}) => {
  // Each fragment's words are checked beside English's with the dashboard's journey; here, what they do.
  await openAs('active', '/my48/settings/security', { language: 'pl' });
  await expect(page).toHaveURL(/\/pl\/my48\/settings\/security$/);

  // The spend limit: the form's rules and its answer in Polish.
  await page.goto('/pl/my48/settings/security');
  await expect(page.getByRole('heading', { name: 'Blokada numeru' })).toBeVisible();
  await expect(page.getByText('Blokada numeru jest wyłączona.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Klucze dostępu' })).toBeVisible();
  await expect(page.getByText(/^Limit nie jest ustawiony\./)).toBeVisible();
  const limit = page.getByLabel('Limit miesięczny (€)');
  await limit.fill('abc');
  await page.getByRole('button', { name: 'Zapisz limit' }).click();
  await expect(page.getByText('Wpisz kwotę w euro, np. 20 albo 20,50.')).toBeVisible();
  await limit.fill('2');
  await page.getByRole('button', { name: 'Zapisz limit' }).click();
  await expect(page.getByText(/^Limit wynosi co najmniej 5,00\s€\.$/)).toBeVisible();
  await limit.fill('20');
  await page.getByRole('button', { name: 'Zapisz limit' }).click();
  await expect(page.getByText(/^Twoje wydatki kartą są ograniczone do 20,00\s€ miesięcznie\.$/)).toBeVisible();
  await expect(page.getByText(/^Twój limit to 20,00\s€ miesięcznie:/)).toBeVisible();

  // A SIM reported lost: the dialog, the block and what follows, in Polish.
  await page.getByRole('button', { name: 'Zgłoś zgubienie lub kradzież' }).click();
  const dialog = page.getByRole('dialog', { name: 'Zablokować kartę SIM?' });
  await expectNoAxeViolations(page, '/pl/my48/settings/security (block dialog)');
  await dialog.getByRole('button', { name: 'Zablokuj kartę SIM' }).click();
  await expect(page.getByRole('status').filter({ hasText: /Twoja karta SIM jest zablokowana/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Znalazł się? Odblokuj kartę SIM' })).toBeVisible();
  await page.getByRole('button', { name: 'Odblokuj kartę SIM' }).click();
  await expect(page.getByText('Wpisz 6-cyfrowy kod bezpieczeństwa z e-maila.')).toBeVisible();

  // Alerts saved; the account's deletion refused by its rules, in Polish.
  await page.goto('/pl/my48/settings/alerts');
  await page.getByRole('button', { name: 'Zapisz alerty' }).click();
  await expect(page.getByText('Twoje ustawienia alertów są zapisane.')).toBeVisible();
  await page.goto('/pl/my48/settings/my-data');
  await page.getByRole('button', { name: 'Usuń moje konto' }).click();
  await expect(page.getByText('Wpisz hasło.')).toBeVisible();
  await expect(page.getByText('Wpisz DELETE, aby potwierdzić.')).toBeVisible();

  // A replacement SIM: the reasons and the address in Polish, its rules, then ordered.
  await page.goto('/pl/my48/settings/reorder-sim');
  await page.getByRole('button', { name: 'Zamów zastępczą kartę SIM' }).click();
  await expect(page.getByText('Pole „Adres, wiersz 1” jest wymagane')).toBeVisible();
  await expectNoAxeViolations(page, '/pl/my48/settings/reorder-sim (its rules)');
  await page.getByLabel('Powód').selectOption({ label: 'Uszkodzona' });
  await page.getByLabel('Imię', { exact: true }).fill('Marta');
  await page.getByLabel('Nazwisko').fill('Nowak');
  await page.getByLabel('Adres, wiersz 1').fill('7 Eyre Square');
  await page.getByLabel('Miejscowość').fill('Galway');
  await page.getByLabel('Hrabstwo').selectOption('Galway');
  await page.getByRole('button', { name: 'Zamów zastępczą kartę SIM' }).click();
  await expect(page.getByText('Zastępcza karta SIM jest w drodze na adres: 7 Eyre Square, Galway.')).toBeVisible();
});

test('the first log-in’s marketing permissions in pl-PL: no English left, saved, then my48 in Polish', async ({
  page,
  openAs,
}) => {
  await openAs('active', '/marketing-permissions');
  await expect(page.getByRole('button', { name: 'Save and continue' })).toBeVisible();
  const english = new Set(await screenTexts(page));
  await openAs('active', '/pl/marketing-permissions', { language: 'pl' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'pl-PL');
  await expect(page.getByRole('heading', { name: 'Jak możemy informować Cię o ofertach?' })).toBeVisible();
  const left = (await screenTexts(page)).filter((text) => english.has(text) && !isName(text) && text !== 'E-mail');
  expect(left, 'English on /pl/marketing-permissions').toEqual([]);
  await expectNoAxeViolations(page, '/pl/marketing-permissions');
  await page.getByLabel('SMS').check();
  await page.getByRole('button', { name: 'Zapisz i przejdź dalej' }).click();
  await expect(page).toHaveURL(/\/pl\/my48$/);
});

test('the household in pl-PL: the lines, the data by day, the invitation’s rule and a line’s filters, in Polish', async ({
  page,
  openAs,
}) => {
  test.slow();
  // What the screen says in English to an owner in the same state.
  await openAs('family', '/my48/household');
  await expect(page.getByRole('heading', { level: 2, name: 'Data by day, each line' })).toBeVisible();
  const english = new Set(await screenTexts(page));

  await openAs('family', '/my48/household', { language: 'pl' });
  await expect(page.getByRole('heading', { level: 2, name: 'Twoje linie (2 z 4)' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Dane dzień po dniu, każda linia' })).toBeVisible();
  // The lines' members are named as they are, in both.
  const names = (await page.locator('.household__line h3').allInnerTexts()).map((t) => t.split(' · ')[0]!);
  const named = (text: string) => names.some((name) => text.startsWith(name));
  // "GB", the charts' unit, is the same in both.
  const left = (await screenTexts(page)).filter(
    (text) => english.has(text) && !isName(text) && !named(text) && text !== 'GB',
  );
  expect(left, 'English on /pl/my48/household').toEqual([]);
  await expectNoAxeViolations(page, '/pl/my48/household');
  await expect(page.getByText(/^Od \d+ [a-ząćęłńóśźż]+: /)).toContainText(/\d+,\d\d GB/);

  // The invitation's own rules, in Polish.
  const invite = page.getByRole('form', { name: 'Zaproś linię' });
  await invite.getByLabel('Numer komórkowy linii').fill('0871');
  await invite.getByRole('button', { name: 'Wyślij zaproszenie' }).click();
  await expect(invite.getByText('Wpisz irlandzki numer komórkowy, np. 087 123 4567.')).toBeVisible();

  // A line's filters: asked, switching at the network, then on, all said in Polish.
  const [first] = names;
  await page.getByRole('button', { name: `Wstrzymanie i filtry: ${first}` }).click();
  const dialog = page.getByRole('dialog', { name: `Wstrzymanie i filtry: ${first}` });
  await expect(dialog.getByText(`${first}: nic nie jest wstrzymane.`)).toBeVisible();
  await expect(dialog.getByText('Jeszcze nic się nie zmieniło.')).toBeVisible();
  await expectNoAxeViolations(page, 'the line’s controls in Polish');
  await dialog.getByRole('button', { name: 'Włącz: Filtr treści dla dorosłych' }).click();
  await expect(dialog.getByText('Filtr treści dla dorosłych: włączone')).toBeVisible({ timeout: 15_000 });
  await expect(dialog.getByText('Włączanie w sieci…')).toHaveCount(0, { timeout: 15_000 });
  // Its history in Polish: who (a name, or the network) and what, the network's confirmation too.
  await expect(
    dialog.getByRole('listitem').filter({ hasText: ': włączenie: filtr treści dla dorosłych.' }),
  ).toBeVisible();
  await expect(
    dialog.getByRole('listitem').filter({ hasText: 'Sieć: potwierdzenie: filtr treści dla dorosłych: włączone.' }),
  ).toBeVisible();
});

test('Settings → Household in ga-IE: no household yet, the own line’s filters switched, in Irish', async ({
  page,
  openAs,
}) => {
  await openAs('active', '/my48/settings/household');
  await expect(page.getByText("You're not in a household.", { exact: false })).toBeVisible();
  const english = new Set(await screenTexts(page));
  const me = await openAs('active', '/my48/settings/household', { language: 'ga' });
  await expect(page.getByText('Níl tú i dteaghlach.', { exact: false })).toBeVisible();
  await settingsShown(page);
  const left = (await screenTexts(page)).filter((text) => english.has(text) && !isName(text));
  expect(left, 'English on /ga/my48/settings/household').toEqual([]);
  const own = page.getByRole('region', { name: `Scagairí agus coscanna ar ${spaced(me.msisdn)}` });
  await own.getByRole('button', { name: 'Cuir ar siúl: Scagaire ábhair do dhaoine fásta' }).click();
  await expect(own.getByText('Scagaire ábhair do dhaoine fásta: ar siúl')).toBeVisible({ timeout: 15_000 });
  await expect(own.getByText('Á chur ar siúl ag an líonra…')).toHaveCount(0, { timeout: 15_000 });
  await expectNoAxeViolations(page, '/ga/my48/settings/household');
});

test('support in pl-PL: the list with a late complaint and ComReg, a complaint raised by its rules, a team lead asked for, in Polish', async ({
  page,
  openAs,
}) => {
  test.slow();
  // What the screen says in English to a member in the same state.
  await openAs('complaint', '/my48/support');
  await expect(page.getByRole('listitem').filter({ hasText: /^48-C-/ })).toContainText('is late');
  const english = new Set(await screenTexts(page));

  await openAs('complaint', '/my48/support', { language: 'pl' });
  const item = page.getByRole('listitem').filter({ hasText: /^48-C-/ });
  await expect(item).toContainText('jest spóźniona');
  await expect(item.getByRole('complementary', { name: 'Nie odpowiada Ci nasza odpowiedź?' })).toBeVisible();
  const late = /48-C-\d{6}/.exec(await item.innerText())![0];
  // References, ComReg's name and address are the same in both.
  const same = (text: string) =>
    /^48-[CT]-\d{6}/.test(text) || /ComReg|Abbey|Irish Life|Dublin|comreg\.ie|01 804/.test(text);
  const left = (await screenTexts(page)).filter((text) => english.has(text) && !isName(text) && !same(text));
  expect(left, 'English on /pl/my48/support').toEqual([]);
  await expectNoAxeViolations(page, '/pl/my48/support');

  // A complaint: too short for the rule, then sent, its reference and what happens next in Polish.
  const form = page.getByRole('form', { name: 'Złóż reklamację' });
  await form.getByLabel('Twoja reklamacja').fill('Za krótko');
  await form.getByRole('button', { name: 'Wyślij reklamację' }).click();
  await expect(form.getByText('Napisz trochę więcej: co najmniej 10 znaków.')).toBeVisible();
  await form.getByLabel('Twoja reklamacja').fill('Od tygodnia nie działa mi internet w domu.');
  await form.getByRole('button', { name: 'Wyślij reklamację' }).click();
  const sent = page.getByRole('status').filter({ hasText: 'Mamy Twoją reklamację' });
  await expect(sent).toContainText('Numer sprawy:');
  await expect(sent).toContainText(/Odpowiemy do \d+ [a-ząćęłńóśźż]+ \d{4}/);

  // The late complaint's timeline (the list shows the new one too): a team lead asked for, in Polish.
  await expect(page.getByRole('listitem').filter({ hasText: /^48-C-/ })).toHaveCount(2);
  await page.getByRole('link', { name: new RegExp(`^${late}.*otwórz historię sprawy`) }).click();
  await expect(page).toHaveURL(new RegExp(`/pl/my48/support/${late}$`));
  const escalate = page.getByRole('form', { name: 'Poproś o kierownika zespołu' });
  await escalate.getByLabel('Co chcesz przekazać kierownikowi zespołu (opcjonalnie)').fill('Dwa tygodnie bez zwrotu.');
  await escalate.getByRole('button', { name: 'Poproś o kierownika zespołu' }).click();
  await expect(page.getByText('Twoją reklamacją zajmuje się teraz kierownik zespołu.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Przekazana kierownikowi zespołu' })).toBeVisible();
  await expectNoAxeViolations(page, '/pl/my48/support/<reference>');
});
