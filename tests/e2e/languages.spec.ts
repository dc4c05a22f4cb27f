import { expect } from '@playwright/test';
import { expectNoAxeViolations, latestMail, test, uniqueEmail } from './fixtures.ts';
import { isName, textsOf } from './texts.ts';
import { CONTENT_PAGES } from '../../src/contract/i18n/routes.ts';

/*
 * The site in Irish and Polish (docs/product/languages.md): the home page and every page's frame,
 * the switch that keeps the page and the choice, the offer of a browser's language, at both widths.
 */

test('/pl/memberships and /ga/memberships: no English left, counts in each language’s plural forms, and axe finds no violation', async ({
  page,
}) => {
  await page.goto('/memberships');
  const english = new Set(await textsOf(page));
  for (const [locale, tag, minutes, heading] of [
    ['pl', 'pl-PL', '300 minut', 'Nasze pakiety'],
    ['ga', 'ga-IE', '300 nóiméad', 'Ár mballraíochtaí'],
  ] as const) {
    await page.goto(`/${locale}/memberships`);
    await expect(page.locator('html')).toHaveAttribute('lang', tag);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    const left = (await textsOf(page)).filter((text) => english.has(text) && !isName(text));
    expect(left, `English text on /${locale}/memberships`).toEqual([]);
    await expect(page.getByRole('cell', { name: minutes, exact: true })).toBeVisible();
    await expectNoAxeViolations(page, `/${locale}/memberships`);
  }
  // The home page leads to the memberships in its language.
  await page.goto('/pl/');
  await page.getByRole('link', { name: 'Zobacz nasz pakiet' }).click();
  await expect(page).toHaveURL(/\/pl\/memberships$/);
});

for (const [locale, tag, heading, title] of [
  [
    'pl',
    'pl-PL',
    'Pakiety komórkowe, które działają dla Ciebie',
    'Strona główna | 48 - Pakiety komórkowe na kartę bez umowy',
  ],
  [
    'ga',
    'ga-IE',
    'Ballraíochtaí fón póca a oibríonn duitse',
    'Baile | 48 - Ballraíochtaí fón póca réamhíoctha gan chonradh',
  ],
] as const) {
  test(`/${locale}/ is the home page in ${tag} with no English left, and axe finds no violation`, async ({ page }) => {
    await page.goto('/');
    const english = new Set(await textsOf(page));
    const response = await page.goto(`/${locale}/`);
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', tag);
    await expect(page).toHaveTitle(title);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    const left = (await textsOf(page)).filter((text) => english.has(text) && !isName(text));
    expect(left, 'English text on the page').toEqual([]);
    // Its prices and figures are written as the language writes them.
    if (locale === 'pl') {
      await expect(page.locator('.plan__price').first()).toHaveText(/^9,99\s€\s\/ 30 dni$/);
      await expect(page.getByText(/^\d+,\d\d GB danych w roamingu w UE/)).toBeVisible();
    }
    // Each language names the others, English as the default.
    const alternates = await page
      .locator('head link[rel="alternate"][hreflang]')
      .evaluateAll((links) =>
        links.map((l) => `${l.getAttribute('hreflang')} ${new URL((l as HTMLLinkElement).href).pathname}`),
      );
    expect(alternates).toEqual(['en-IE /', 'ga-IE /ga/', 'pl-PL /pl/', 'x-default /']);
    await expectNoAxeViolations(page, `/${locale}/`);
  });
}

for (const [locale, tag, email, password, logIn, required, wrong] of [
  [
    'pl',
    'pl-PL',
    'Adres e-mail',
    'Hasło',
    'Zaloguj się',
    ['Pole „Adres e-mail” jest wymagane', 'Pole „Hasło” jest wymagane'],
    'Adres e-mail lub hasło są nieprawidłowe.',
  ],
  [
    'ga',
    'ga-IE',
    'Seoladh ríomhphoist',
    'Pasfhocal',
    'Logáil isteach',
    ['Tá an réimse “Seoladh ríomhphoist” riachtanach', 'Tá an réimse “Pasfhocal” riachtanach'],
    'Níl an seoladh ríomhphoist nó an pasfhocal ceart.',
  ],
] as const) {
  test(`/${locale}/log-in: no English left, its problems and a refusal in ${tag}, it stays, and axe finds no violation`, async ({
    page,
  }, testInfo) => {
    await page.goto('/log-in');
    const english = new Set(await textsOf(page));
    await page.goto(`/${locale}/log-in`);
    await expect(page.locator('html')).toHaveAttribute('lang', tag);
    const left = (await textsOf(page)).filter((text) => english.has(text) && !isName(text));
    expect(left, `English text on /${locale}/log-in`).toEqual([]);
    await expectNoAxeViolations(page, `/${locale}/log-in`);
    const form = page.locator('main form');
    await form.getByRole('button', { name: logIn, exact: true }).click();
    await expect(form.locator('.field__error')).toHaveText([...required]);
    await form.getByLabel(email).fill(uniqueEmail(testInfo, `nobody-${locale}`));
    await form.getByLabel(password, { exact: true }).fill('Not-the-password-48');
    await form.getByRole('button', { name: logIn, exact: true }).click();
    await expect(form.getByRole('alert')).toHaveText(wrong);
    // A wrong password on the log-in page in any language is not a lost session: it stays.
    await expect(page).toHaveURL(new RegExp(`/${locale}/log-in$`));
    // Its link to sign up leads to the sign-up page in its language.
    await expect(form.getByRole('link', { name: /48\?/ })).toHaveAttribute('href', `/${locale}/sign-up`);
  });
}

test('/pl/sign-up: no English left, its problems in Polish; joining there, the mail and its link are Polish, opened signed out too', async ({
  page,
  request,
  browser,
}, testInfo) => {
  test.slow(); // a whole journey: captcha, password hashing, the mail
  for (const locale of ['pl', 'ga']) {
    await page.goto('/sign-up');
    const english = new Set(await textsOf(page));
    await page.goto(`/${locale}/sign-up`);
    const left = (await textsOf(page)).filter((text) => english.has(text) && !isName(text));
    expect(left, `English text on /${locale}/sign-up`).toEqual([]);
  }
  await expectNoAxeViolations(page, '/ga/sign-up');
  await page.goto('/pl/sign-up');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pl-PL');
  const form = page.locator('main form');
  await form.getByLabel('Imię').fill('R2-D2!');
  await form.getByLabel('Hasło').fill('krótkie');
  await form.getByRole('button', { name: 'Załóż konto' }).click();
  await expect(
    form.getByText('Pole „Imię” może zawierać tylko litery, spacje, apostrofy, kropki i łączniki'),
  ).toBeVisible();
  await expect(form.getByText('Pole „Nazwisko” jest wymagane')).toBeVisible();
  await expect(form.getByText('Pole „Hasło” musi mieć co najmniej 10 znaków')).toBeVisible();
  await expect(form.getByText('Zaakceptuj regulamin, aby dołączyć.')).toBeVisible();

  const email = uniqueEmail(testInfo, 'polish-join');
  await form.getByLabel('Imię').fill('Ola');
  await form.getByLabel('Nazwisko').fill('Nowak');
  await form.getByLabel('Adres e-mail').fill(email);
  await form.getByLabel('Hasło').fill('Nowe-haslo-2026');
  await form.getByLabel(/Akceptuję regulamin/).check();
  await form.getByRole('button', { name: 'Załóż konto' }).click();
  await expect(page.getByRole('heading', { name: 'Potwierdź swój adres e-mail' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(`Wysłaliśmy 6-cyfrowy kod i link na adres ${email}.`)).toBeVisible();
  await expectNoAxeViolations(page, 'the Polish verification');
  const mail = await latestMail(request, email);
  expect(mail.subject).toBe('Potwierdź swój adres e-mail w 48');
  expect(mail.body).toContain('/pl/sign-up?verify=');
  await page.getByLabel('Kod weryfikacyjny').fill('12');
  await page.getByRole('button', { name: 'Potwierdź', exact: true }).click();
  await expect(page.getByText('Kod ma 6 cyfr.')).toBeVisible();
  await page.getByLabel('Kod weryfikacyjny').fill('000000' === /to (\d{6})/.exec(mail.body)![1] ? '111111' : '000000');
  await page.getByRole('button', { name: 'Potwierdź', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Ten link lub kod jest już nieważny. Poproś o nowy.');
  // The link, opened signed out (another browser): the Polish log-in first, then back to verify it.
  const link = new URL(/(https?:\S+\/pl\/sign-up\?verify=\S+)/.exec(mail.body)![1]!);
  const { baseURL, viewport, storageState } = testInfo.project.use;
  const other = await browser.newContext({ baseURL, viewport, storageState });
  const tab = await other.newPage();
  await tab.goto(link.pathname + link.search);
  await expect(tab).toHaveURL(/\/pl\/log-in$/);
  await tab.getByLabel('Adres e-mail').fill(email);
  await tab.getByLabel('Hasło', { exact: true }).fill('Nowe-haslo-2026');
  await tab.getByRole('button', { name: 'Zaloguj się', exact: true }).click();
  // Verified: the welcome in Polish, the next step and the permissions too.
  await expect(tab).toHaveURL(/\/pl\/sign-up-confirmed$/, { timeout: 20_000 });
  await expect(tab.locator('html')).toHaveAttribute('lang', 'pl-PL');
  await expect(tab.getByRole('heading', { level: 2, name: /^Witaj w 48/ })).toBeVisible();
  await expect(tab.getByText('Przygotuj kartę SIM 48: aktywacja zajmuje minutę.')).toBeVisible();
  await expect(tab.getByRole('heading', { name: 'Jak możemy informować Cię o ofertach?' })).toBeVisible();
  await tab.getByRole('button', { name: 'Zapisz moje wybory' }).click();
  await expect(tab.getByText('Twoje wybory są zapisane.')).toBeVisible();
  await expectNoAxeViolations(tab, '/pl/sign-up-confirmed');
  await other.close();
});

test('/pl/forgot-password: both steps and their problems in Polish, a refused link too', async ({ page }) => {
  await page.goto('/forgot-password');
  const english = new Set(await textsOf(page));
  await page.goto('/pl/forgot-password');
  const left = (await textsOf(page)).filter((text) => english.has(text) && !isName(text));
  expect(left, 'English text on /pl/forgot-password').toEqual([]);
  const form = page.locator('main form');
  await form.getByLabel('Adres e-mail').fill('nie-adres');
  await form.getByRole('button', { name: 'Wyślij link' }).click();
  await expect(form.getByText('Wpisz adres e-mail swojego konta, na przykład imie@example.com.')).toBeVisible();
  await form.getByLabel('Adres e-mail').fill('nikt-taki@example.com');
  await form.getByRole('button', { name: 'Wyślij link' }).click();
  await expect(
    page.getByText('Sprawdź skrzynkę odbiorczą (i folder spam). Link działa raz, przez godzinę.'),
  ).toBeVisible();
  // The link's step: the rules, then a token the server does not know, each in Polish.
  await page.goto(`/pl/forgot-password?token=${'A'.repeat(43)}`);
  await expect(page.getByRole('heading', { name: 'Wybierz nowe hasło' })).toBeVisible();
  await page.getByLabel('Nowe hasło', { exact: true }).fill('krotkie');
  await page.getByRole('button', { name: 'Ustaw nowe hasło' }).click();
  await expect(page.getByText('Pole „Nowe hasło” musi mieć co najmniej 10 znaków')).toBeVisible();
  await page.getByLabel('Nowe hasło', { exact: true }).fill('Nowe-haslo-2026');
  await page.getByLabel('Powtórz nowe hasło').fill('Inne-haslo-2026');
  await page.getByRole('button', { name: 'Ustaw nowe hasło' }).click();
  await expect(page.getByText('Oba hasła nie są takie same.')).toBeVisible();
  await page.getByLabel('Powtórz nowe hasło').fill('Nowe-haslo-2026');
  await page.getByRole('button', { name: 'Ustaw nowe hasło' }).click();
  await expect(page.getByRole('alert')).toHaveText('Ten link do zmiany hasła jest już nieważny. Poproś o nowy.');
  await expectNoAxeViolations(page, '/pl/forgot-password?token');
});

test('/pl/activate-sim: a visitor goes to the Polish log-in; a member activates in Polish, its problems too', async ({
  page,
  signIn,
}) => {
  await page.goto('/pl/activate-sim', { waitUntil: 'commit' });
  await expect(page).toHaveURL(/\/pl\/log-in$/);
  await signIn('nosim');
  await page.goto('/pl/activate-sim');
  const form = page.locator('main form');
  await expect(form.getByRole('heading', { name: 'Numer Twojej karty SIM' })).toBeVisible();
  await form.getByLabel('Numer karty SIM (SSN)').fill('123');
  await form.getByRole('button', { name: 'Aktywuj kartę SIM' }).click();
  await expect(form.getByText('Numer karty SIM ma 19 lub 20 cyfr i zaczyna się od 89.')).toBeVisible();
  await form.getByLabel('Numer karty SIM (SSN)').fill('8935301999999999999');
  await form.getByRole('button', { name: 'Aktywuj kartę SIM' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    'Nie możemy znaleźć karty SIM o tym numerze. Sprawdź numer z tyłu karty SIM.',
  );
  await expect(form.getByRole('link', { name: 'Zamów ją za darmo' })).toHaveAttribute('href', '/pl/order-free-sim');
  await expectNoAxeViolations(page, '/pl/activate-sim');
});

test('an English page that is in every language names them; one that is not names none, and the sitemap lists the three', async ({
  page,
  request,
}) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-IE');
  await expect(page.locator('head link[rel="alternate"][hreflang]')).toHaveCount(4);
  await page.goto('/blog');
  await expect(page.locator('head link[rel="alternate"][hreflang]')).toHaveCount(0);
  const sitemap = await (await request.get('/sitemap-0.xml')).text();
  expect(sitemap).toContain('<xhtml:link rel="alternate" hreflang="pl-PL" href="https://www.48.ie/pl/"/>');
  expect(sitemap).toContain('<loc>https://www.48.ie/ga/</loc>');
});

test('the switch keeps the page and the choice: an English page then opens in the chosen language until English is chosen', async ({
  page,
  context,
}) => {
  const lang = async () => (await context.cookies()).find((c) => c.name === 'lang')?.value;
  await page.goto('/pl/');
  const footer = page.getByRole('navigation', { name: 'Stopka: Język' });
  await expect(footer.getByRole('link', { name: 'Polski' })).toHaveAttribute('aria-current', 'true');
  await footer.getByRole('link', { name: 'Gaeilge' }).click();
  await expect(page).toHaveURL(/\/ga\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ballraíochtaí fón póca a oibríonn duitse');
  expect(await lang()).toBe('ga');
  // The English home now opens in Irish, before it is painted; a page in Polish stays Polish.
  await page.goto('/');
  await expect(page).toHaveURL(/\/ga\/$/);
  await page.goto('/pl/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pl-PL');
  // A page that is English only leads to the chosen language's home, and stays where it is.
  await page.goto('/blog');
  await expect(page).toHaveURL(/\/blog$/);
  await expect(
    page.getByRole('navigation', { name: 'Footer: Language' }).getByRole('link', { name: 'Polski' }),
  ).toHaveAttribute('href', '/pl/');
  // Choosing English keeps English.
  await page.goto('/ga/');
  await page.getByRole('navigation', { name: 'Buntásc: Teanga' }).getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-IE');
  expect(await lang()).toBe('en');
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-IE');
});

test('legal texts in every language: a current translation says the English text binds and leads to it; one not translated is the English, said so', async ({
  page,
  context,
  request,
}) => {
  const lang = async () => (await context.cookies()).find((c) => c.name === 'lang')?.value;
  await page.goto('/legal/terms-and-conditions');
  const english = new Set(await textsOf(page));
  // Polish, chosen with the switch: a translation of the text as it stands, from the footer.
  await page.getByRole('navigation', { name: 'Footer: Language' }).getByRole('link', { name: 'Polski' }).click();
  await expect(page).toHaveURL(/\/pl\/legal\/terms-and-conditions$/);
  expect(await lang()).toBe('pl');
  await page.goto('/pl/');
  await page
    .getByRole('navigation', { name: 'Stopka: Informacje prawne' })
    .getByRole('link', { name: 'Regulamin' })
    .click();
  await expect(page).toHaveURL(/\/pl\/legal\/terms-and-conditions$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'pl-PL');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Regulamin usług 48');
  await expect(page.getByText('Ostatnia zmiana: 1 września 2026')).toBeVisible();
  await expect(page.getByText('Wiążący jest tekst angielski.')).toBeVisible();
  expect((await textsOf(page)).filter((text) => english.has(text) && !isName(text))).toEqual([]);
  await expectNoAxeViolations(page, '/pl/legal/terms-and-conditions');
  // The English text opens in English, though Polish is the visitor's choice, and the choice stays.
  await page.getByRole('link', { name: 'Przeczytaj tekst angielski' }).click();
  await expect(page).toHaveURL(/\/legal\/terms-and-conditions$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-IE');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms and conditions of the 48 service');
  expect(new URL(page.url()).pathname).toBe('/legal/terms-and-conditions');
  expect(await lang()).toBe('pl');
  // Opened otherwise, an English page in every language still opens in the chosen one.
  await page.goto('/legal/terms-and-conditions');
  await expect(page).toHaveURL(/\/pl\/legal\/terms-and-conditions$/);

  // Irish: the cookie policy has no translation yet, so it is the English text, marked English.
  await page.goto('/ga/legal/cookie-policy');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ga-IE');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cookie policy');
  await expect(page.getByRole('heading', { level: 1 })).toHaveAttribute('lang', 'en-IE');
  await expect(page.locator('.prose')).toHaveAttribute('lang', 'en-IE');
  await expect(page.getByText('Nuashonraithe an 30 Meitheamh 2026')).toBeVisible();
  await expect(page.getByText(/^Níl an téacs seo aistrithe go fóill/)).toBeVisible();
  await expectNoAxeViolations(page, '/ga/legal/cookie-policy');

  // The list: the translated text by its Polish heading, the others by their English ones, marked so.
  await page.goto('/pl/legal');
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(['Regulaminy i zasady', 'Konkursy']);
  await expect(page.getByRole('link', { name: 'Regulamin usług 48' })).toHaveAttribute(
    'href',
    '/pl/legal/terms-and-conditions',
  );
  const privacy = page.getByRole('link', { name: 'Privacy policy' });
  await expect(privacy).toHaveAttribute('href', '/pl/legal/privacy-policy');
  await expect(privacy).toHaveAttribute('lang', 'en-IE');
  await expectNoAxeViolations(page, '/pl/legal');
  const sitemap = await (await request.get('/sitemap-0.xml')).text();
  expect(sitemap).toContain('<loc>https://www.48.ie/ga/legal/terms-and-conditions/</loc>');
});

test('/pl/sitemap: every page by its Polish heading and to its Polish page where it has one; the others in English, marked so', async ({
  page,
}) => {
  await page.goto('/pl/sitemap');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pl-PL');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mapa strony');
  await expect(page.getByRole('heading', { level: 2 })).toHaveText([
    'Strony',
    'Pomoc',
    'Opłaty',
    'Odblokuj telefon',
    'Blog',
    'Informacje prawne',
  ]);
  await expect(page.getByRole('link', { name: 'Oferta 48 dla studentów' })).toHaveAttribute(
    'href',
    '/pl/student-offer',
  );
  await expect(page.getByRole('link', { name: 'Potrzebujesz telefonu?' })).toHaveAttribute('href', '/pl/need-a-device');
  // A charges table by its translation's heading.
  const roaming = page.getByRole('link', { name: 'Opłaty za roaming', exact: true });
  await expect(roaming).toHaveAttribute('href', '/pl/charges/roaming');
  await expect(roaming).not.toHaveAttribute('lang', /./);
  // A text still English: its English page, its heading in English, marked and said so.
  const blog = page.getByRole('link', { name: 'The Safe, explained' });
  await expect(blog).toHaveAttribute('lang', 'en-IE');
  await expect(blog).toHaveAttribute('href', '/blog/what-is-the-safe');
  await expect(page.getByRole('listitem').filter({ has: blog })).toContainText('(Po angielsku)');
  await expectNoAxeViolations(page, '/pl/sitemap');
});

test('help in Polish and Irish: the topics translated, one not yet shown in English and said so, no English left outside it', async ({
  page,
}) => {
  await page.goto('/help');
  const english = new Set(await textsOf(page));
  await page.goto('/pl/help');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pl-PL');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Jak możemy pomóc?');
  await expect(page.getByRole('link', { name: 'Pierwsze kroki w 48' })).toHaveAttribute(
    'href',
    '/pl/help/getting-started',
  );
  // Roaming's topic is not translated yet: its card is English, marked so.
  const roaming = page.getByRole('link', { name: 'Using 48 abroad' });
  await expect(roaming).toHaveAttribute('href', '/pl/help/roaming');
  await expect(page.locator('article[lang="en-IE"]')).toHaveCount(1);
  expect((await textsOf(page)).filter((text) => english.has(text) && !isName(text))).toEqual([]);
  await expectNoAxeViolations(page, '/pl/help');
  await page.getByRole('link', { name: 'napisz do nas' }).last().click();
  await expect(page).toHaveURL(/\/pl\/contact-us$/);

  await page.goto('/ga/help/roaming');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ga-IE');
  await expect(page.getByRole('heading', { level: 1 })).toHaveAttribute('lang', 'en-IE');
  await expect(page.locator('.prose')).toHaveAttribute('lang', 'en-IE');
  await expect(page.locator('.alert--info')).toHaveText(
    'Níl an leathanach seo ar fáil i nGaeilge fós, mar sin tá sé i mBéarla.',
  );
  await expect(page.getByRole('link', { name: 'Cabhair' }).first()).toHaveAttribute('href', '/ga/help');
  await expectNoAxeViolations(page, '/ga/help/roaming');
  await page.goto('/ga/help/memberships');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ballraíochtaí agus athnuachan uathoibríoch');
  await expect(page.locator('.alert--info')).toHaveCount(0);
});

test('the pages that are their document alone, and the FAQs: in Polish and Irish with no English left', async ({
  page,
}) => {
  test.slow(); // ten pages in each language
  // The FAQs too: their questions are a list, translated by id.
  for (const path of [...CONTENT_PAGES.map((p) => `/${p}`), '/faqs']) {
    await page.goto(path);
    const english = new Set(await textsOf(page));
    for (const locale of ['pl', 'ga'] as const) {
      const response = await page.goto(`/${locale}${path}`);
      expect(response?.status(), `/${locale}${path}`).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', locale === 'pl' ? 'pl-PL' : 'ga-IE');
      const left = (await textsOf(page)).filter((text) => english.has(text) && !isName(text));
      expect(left, `English text on /${locale}${path}`).toEqual([]);
    }
  }
  await page.goto('/pl/customer-charter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nasza karta klienta');
  await expect(page.getByRole('link', { name: 'kodeks postępowania w sprawie reklamacji' })).toHaveAttribute(
    'href',
    '/pl/legal/code-of-practice',
  );
  await expect(page.locator('.alert--info')).toHaveCount(0);
  await expectNoAxeViolations(page, '/pl/customer-charter');
  await page.goto('/ga/about-us');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Faoi 48');
  await expectNoAxeViolations(page, '/ga/about-us');
});

test('the charges in Polish and Irish: every table’s words, the countries by their names there, the rates as the language writes euro', async ({
  page,
}) => {
  // A unit in brackets with no word ("(€)") and a rate a row lacks ("–") read the same in every language.
  const same = (text: string) => isName(text) || text === '(€)' || text === '–';
  for (const path of [
    '/charges',
    '/charges/use-in-ireland',
    '/charges/roaming',
    '/charges/international-calls',
    '/charges/other-call-charges',
    '/charges/legacy-call-charges',
  ]) {
    await page.goto(path);
    const english = new Set(await textsOf(page));
    for (const locale of ['pl', 'ga'] as const) {
      const response = await page.goto(`/${locale}${path}`);
      expect(response?.status(), `/${locale}${path}`).toBe(200);
      await expect(page.locator('.alert--info')).toHaveCount(0);
      const left = (await textsOf(page)).filter((text) => english.has(text) && !same(text));
      expect(left, `English text on /${locale}${path}`).toEqual([]);
    }
  }
  await page.goto('/pl/charges');
  await page.getByRole('link', { name: 'Opłaty za roaming' }).click();
  await expect(page).toHaveURL(/\/pl\/charges\/roaming$/);
  const table = page.getByRole('table', { name: 'Opłaty za roaming według stref' });
  await expect(table.getByRole('columnheader', { name: 'Strefa' })).toBeVisible();
  const nearby = table.getByRole('row', { name: /Strefa 2: Wielka Brytania/ });
  await expect(nearby).toContainText('Wielka Brytania, Szwajcaria, Andora, Monako, Turcja');
  await expect(nearby.getByRole('cell').first()).toHaveText('0,59 €');
  await expect(
    table
      .getByRole('row', { name: /Strefa 1/ })
      .getByRole('cell')
      .first(),
  ).toHaveText('W cenie');
  await expect(page.getByRole('link', { name: 'Opłaty', exact: true }).first()).toHaveAttribute('href', '/pl/charges');
  await expectNoAxeViolations(page, '/pl/charges/roaming');
  await page.goto('/ga/charges/international-calls');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Glaonna idirnáisiúnta ó Éirinn');
  await expect(page.getByRole('row', { name: /Crios A/ })).toContainText('Oileán Mhanann');
  await expectNoAxeViolations(page, '/ga/charges/international-calls');
});

test('the cookie details in Polish and Irish: every cookie’s purpose and lifetime, the settings opened in the language', async ({
  page,
}) => {
  await page.goto('/cookies-details');
  const english = new Set(await textsOf(page));
  // The cookies' names (in code) and who sets them (48, Google) are names.
  const names = new Set(await page.getByRole('rowheader').allTextContents());
  const same = (text: string) => isName(text) || names.has(text) || text === 'Google';
  for (const locale of ['pl', 'ga'] as const) {
    await page.goto(`/${locale}/cookies-details`);
    const left = (await textsOf(page)).filter((text) => english.has(text) && !same(text));
    expect(left, `English text on /${locale}/cookies-details`).toEqual([]);
  }
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'lang', exact: true }) });
  await expect(row.getByRole('cell').first()).toHaveText(/^An teanga a roghnaigh tú don suíomh/);
  await expect(row.getByRole('cell').last()).toHaveText('1 bhliain');
  await expectNoAxeViolations(page, '/ga/cookies-details');
  await page.goto('/pl/cookies-details');
  await expect(page.getByRole('heading', { level: 2, name: 'Pamięć sesji (session storage)' })).toBeVisible();
  await page.getByRole('button', { name: 'Zmień ustawienia plików cookie' }).click();
  const settings = page.getByRole('dialog', { name: 'Ustawienia plików cookie' });
  await expect(settings).toBeVisible();
  await expect(settings.getByRole('link', { name: 'szczegółów plików cookie' })).toHaveAttribute(
    'href',
    '/pl/cookies-details',
  );
});

test('the help desk’s sign-in in Polish: signed out to the Polish log-in and on to the help desk; the desk away said in Polish', async ({
  page,
  member,
}) => {
  const { email, password } = await member('active', { language: 'pl' });
  await page.goto('/pl/my48/log-in');
  await expect(page).toHaveURL(/\/pl\/log-in$/);
  const form = page.locator('main form');
  await form.getByLabel('Adres e-mail').fill(email);
  await form.getByLabel('Hasło', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Zaloguj się', exact: true }).click();
  await expect(page).toHaveURL(/\/sandbox\/helpdesk\/access\/jwt\?jwt=/);
  // Signed in, with the help desk not answering: the page stays and says so in its language.
  await page.route('**/panda/protected/users/*/sso', (route) => route.fulfill({ status: 503, body: '' }));
  await page.goto('/pl/my48/log-in');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pl-PL');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Przenosimy Cię do działu pomocy');
  await expect(page.getByRole('status')).toHaveText('Dział pomocy jest teraz niedostępny. Spróbuj ponownie później.');
  await expect(page).toHaveTitle(/Logowanie do działu pomocy/);
  await expectNoAxeViolations(page, '/pl/my48/log-in');
});

test('my48 in Polish says a failure nothing explains in Polish: alerts not saved when no answer comes', async ({
  page,
  openAs,
}) => {
  await openAs('active', '/pl/my48/settings/alerts', { language: 'pl' });
  await expect(page.getByRole('button', { name: 'Zapisz alerty' })).toBeVisible();
  await page.route('**/alerts/settings', (route) =>
    route.request().method() === 'PUT' ? route.abort() : route.fallback(),
  );
  await page.getByRole('button', { name: 'Zapisz alerty' }).click();
  await expect(page.getByText('Coś poszło nie tak. Spróbuj ponownie.')).toBeVisible();
});

test('the unlocking guides in Polish and Irish: the networks by their names, every guide translated, no English left', async ({
  page,
}) => {
  const networks = ['Vodafone', 'Three', 'eir', 'Tesco Mobile', 'Virgin Media', 'GoMo'];
  await page.goto('/unlock-your-phone');
  const english = new Set(await textsOf(page));
  await page.goto('/pl/unlock-your-phone');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Odblokuj telefon i przenieś go do 48');
  expect(
    (await textsOf(page)).filter((text) => english.has(text) && !isName(text) && !networks.includes(text)),
  ).toEqual([]);
  await expectNoAxeViolations(page, '/pl/unlock-your-phone');
  await page.getByRole('link', { name: 'Vodafone' }).click();
  await expect(page).toHaveURL(/\/pl\/unlock-your-phone\/vodafone$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Odblokuj telefon z sieci Vodafone');
  await expect(page.getByRole('link', { name: 'Odblokuj telefon' }).first()).toHaveAttribute(
    'href',
    '/pl/unlock-your-phone',
  );
  await expect(page.locator('.alert--info')).toHaveCount(0);
  await page.goto('/ga/unlock-your-phone/faq');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ceisteanna faoi dhíghlasáil');
  await expectNoAxeViolations(page, '/ga/unlock-your-phone/faq');
});

test('the header offers the other two languages on a wide screen, the mobile menu all three on a phone', async ({
  page,
  viewport,
}) => {
  await page.goto('/pl/');
  if ((viewport?.width ?? 0) >= 992) {
    const header = page.getByRole('navigation', { name: 'Język', exact: true });
    await expect(header.getByRole('link')).toHaveText(['English', 'Gaeilge']);
  } else {
    await page.getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Język (wersja mobilna)' });
    await expect(menu.getByRole('link')).toHaveText(['English', 'Gaeilge', 'Polski']);
    await menu.getByRole('link', { name: 'Gaeilge' }).click();
    await expect(page).toHaveURL(/\/ga\/$/);
  }
});

test.describe('a browser that asks for Polish first', () => {
  test.use({ locale: 'pl-PL' });

  test('is offered Polish once a tab, in Polish, and never moved there', async ({ page, context }) => {
    await page.goto('/');
    const offer = page.getByRole('region', { name: 'Język' });
    await expect(offer).toBeVisible();
    await expect(offer).toContainText('Ta strona jest dostępna również po polsku.');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-IE');
    await expectNoAxeViolations(page, 'the offer');
    // Once a tab: the next English page does not ask again.
    await page.reload();
    await expect(page.getByRole('region', { name: 'Język' })).toBeHidden();
    // In a new tab it asks again; declining keeps English, and it never asks again.
    const other = await context.newPage();
    await other.goto('/');
    await other.getByRole('button', { name: 'Zostań przy angielskim' }).click();
    await expect(other.getByRole('region', { name: 'Język' })).toBeHidden();
    expect((await context.cookies()).find((c) => c.name === 'lang')?.value).toBe('en');
    const third = await context.newPage();
    await third.goto('/');
    await expect(third.locator('html')).toHaveAttribute('lang', 'en-IE');
    await expect(third.getByRole('region', { name: 'Język' })).toBeHidden();
  });

  test('following the offer opens the page in Polish and keeps the choice', async ({ page, context }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Czytaj po polsku' }).click();
    await expect(page).toHaveURL(/\/pl\/$/);
    expect((await context.cookies()).find((c) => c.name === 'lang')?.value).toBe('pl');
  });
});

test.describe('a first visit in Polish', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('asks for cookies in Polish, and the settings speak Polish', async ({ page }) => {
    await page.goto('/pl/');
    const bar = page.getByRole('dialog', { name: 'Pliki cookie w 48' });
    await expect(bar).toBeVisible();
    await expect(bar).toHaveAttribute('lang', 'pl-PL');
    await expect(bar.getByRole('link', { name: 'Szczegóły plików cookie' })).toHaveAttribute(
      'href',
      '/pl/cookies-details',
    );
    await bar.getByRole('button', { name: 'Wybierz' }).click();
    await expect(page.getByRole('dialog', { name: 'Ustawienia plików cookie' })).toBeVisible();
    await page.getByRole('button', { name: 'Tylko niezbędne' }).filter({ visible: true }).first().click();
    await expect(page.getByRole('dialog', { name: 'Ustawienia plików cookie' })).toBeHidden();
  });
});

test('/translations says what each language lacks, from the build: pages with no document, no missing message', async ({
  page,
}) => {
  await page.goto('/translations');
  for (const name of ['Gaeilge', 'Polski']) {
    const section = page.getByRole('region', { name });
    await expect(section.getByRole('link', { name: 'The 48 blog' })).toHaveAttribute('href', '/blog');
    await expect(section.getByRole('link', { name: 'Our customer charter' })).toHaveCount(0);
    await expect(section.getByRole('link', { name: 'Roaming charges' })).toHaveCount(0);
    await expect(section.getByRole('link', { name: 'Mobile memberships that work for you' })).toHaveCount(0);
    await expect(section).toContainText('None: every message is translated.');
  }
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expectNoAxeViolations(page, '/translations');
});
