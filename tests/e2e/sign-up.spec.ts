import { expect, type Page } from '@playwright/test';
import {
  cookieNames,
  expectNoAxeViolations,
  fillAddress,
  latestMail,
  logIn,
  spareSsn,
  test,
  uniqueEmail,
} from './fixtures.ts';

const PASSWORD = 'New-member-2026';

async function fillSignUp(page: Page, email: string) {
  await page.getByLabel('First name').fill('Saoirse');
  await page.getByLabel('Last name').fill("O'Neill");
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByLabel(/I accept the terms and conditions/).check();
  await page.getByRole('button', { name: 'Create account' }).click();
}

const codeOf = (body: string) => /verification code is (\d{6})/.exec(body)![1]!;

test('sign up, verify with the code, activate a SIM, sign out and sign in again', async ({
  page,
  request,
}, testInfo) => {
  test.slow(); // a whole journey: captcha, password hashing and several screens
  const email = uniqueEmail(testInfo, 'journey');
  await page.goto('/sign-up');
  await expectNoAxeViolations(page);
  await fillSignUp(page, email);
  await expect(page.getByRole('heading', { name: 'Verify your e-mail address' })).toBeVisible({ timeout: 20_000 });
  expect(await cookieNames(page)).toEqual(expect.arrayContaining(['authCode', 'signupVerification']));
  await expectNoAxeViolations(page);
  const mail = await latestMail(request, email);
  expect(mail.subject).toBe('Verify your e-mail address for 48');
  // A wrong code first: the server's message, nothing verified.
  await page.getByLabel('Verification code').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText('That link or code is not valid any more. Ask for a new one.');
  await page.getByLabel('Verification code').fill(codeOf(mail.body));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/sign-up-confirmed$/);
  expect(await cookieNames(page)).not.toContain('signupVerification');
  await expect(page.getByRole('heading', { name: 'Welcome to 48, Saoirse' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'How may we tell you about offers?' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Activate your SIM' }).click();
  await expect(page).toHaveURL(/\/activate-sim$/);
  await expectNoAxeViolations(page);
  await page.getByLabel('SIM number (SSN)').fill('8935301999999999999');
  await page.getByRole('button', { name: 'Activate SIM' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    "We can't find a SIM with that number. Check the number on the back of your SIM card.",
  );
  await page.getByLabel('SIM number (SSN)').fill('123');
  await page.getByRole('button', { name: 'Activate SIM' }).click();
  await expect(page.getByText('The SIM number has 19 or 20 digits and starts with 89.')).toBeVisible();
  await page.getByLabel('SIM number (SSN)').fill(spareSsn(11));
  await page.getByRole('button', { name: 'Activate SIM' }).click();
  await expect(page.getByRole('heading', { name: 'Your SIM is being activated' })).toBeVisible();
  await expect(page.getByText('087 200 0011')).toBeVisible();
  await expectNoAxeViolations(page);
  // my48 waits for the network to switch the line on (the sandbox network, seconds), then shows the account.
  await page.getByRole('link', { name: 'Go to my48' }).click();
  await expect(page.getByRole('region', { name: 'Credit', exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("One moment please. We're retrieving your account data.")).toHaveCount(0);

  await page.getByRole('link', { name: 'Sign out' }).filter({ visible: true }).first().click();
  await expect(page).toHaveURL(/\/$/);
  // Only the member's language stays, the device's choice (docs/product/languages.md).
  expect(await cookieNames(page)).toEqual(['lang']);

  await logIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/my48$/);
});

test('verify with the link from the e-mail', async ({ page, request }, testInfo) => {
  test.slow(); // a whole journey: captcha, password hashing and several screens
  const email = uniqueEmail(testInfo, 'link');
  await page.goto('/sign-up');
  await fillSignUp(page, email);
  await expect(page.getByRole('heading', { name: 'Verify your e-mail address' })).toBeVisible({ timeout: 20_000 });
  const link = /(http\S+\/sign-up\?verify=\S+)/.exec((await latestMail(request, email)).body)![1]!;
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page).toHaveURL(/\/sign-up-confirmed$/);
});

test('a new code, and another e-mail address, can be asked for', async ({ page, request }, testInfo) => {
  test.slow(); // a whole journey: captcha, password hashing and several screens
  const email = uniqueEmail(testInfo, 'resend');
  const other = uniqueEmail(testInfo, 'other');
  await page.goto('/sign-up');
  await fillSignUp(page, email);
  await expect(page.getByRole('heading', { name: 'Verify your e-mail address' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Use another e-mail address' }).click();
  await page.getByLabel('New e-mail address').fill(other);
  await page.getByRole('button', { name: 'Send the code there' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `We have sent a new code and link to ${other}.` }),
  ).toBeVisible();
  await page.getByLabel('Verification code').fill(codeOf((await latestMail(request, other)).body));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/sign-up-confirmed$/);
});

test('sign-up checks every field before calling, and refuses a taken address', async ({ page, member }) => {
  await page.goto('/sign-up');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await expect(page.getByText('E-mail address is required')).toBeVisible();
  await expect(page.getByText('Please accept the terms and conditions to join.')).toBeVisible();
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Password must be at least 10 characters')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto('/sign-up');
  await fillSignUp(page, (await member('active')).email.toUpperCase());
  await expect(page.getByRole('alert')).toHaveText(
    'An account with this e-mail address already exists. Log in, or reset your password.',
    { timeout: 20_000 },
  );
});

test('the sign-up guard: a verified, signed-in member is sent home', async ({ page, openAs }) => {
  await openAs('active', '/sign-up');
  await expect(page).toHaveURL(/\/$/);
});

test('order a free SIM: /sign-up?fromStore=false → account → verify → address → SIM_ORDERED in /orders', async ({
  page,
  request,
}, testInfo) => {
  test.slow(); // a whole journey: captcha, password hashing and several screens
  const email = uniqueEmail(testInfo, 'freesim');
  await page.goto('/free-sim');
  await page.getByRole('link', { name: 'Order a free SIM' }).first().click();
  await expect(page).toHaveURL(/\/sign-up\?fromStore=false$/);
  await fillSignUp(page, email);
  await expect(page.getByRole('heading', { name: 'Verify your e-mail address' })).toBeVisible({ timeout: 20_000 });
  await page.getByLabel('Verification code').fill(codeOf((await latestMail(request, email)).body));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/sign-up-confirmed\?fromStore=false$/);
  await page.getByRole('link', { name: 'Order your free SIM' }).click();
  await expect(page).toHaveURL(/\/order-free-sim$/);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Order my free SIM' }).click();
  await expect(page.getByText('Address line 1 is required')).toBeVisible();
  await expect(page.getByText('County must be a county of Ireland')).toBeVisible();
  await fillAddress(page, 'Saoirse', "O'Neill", { line1: '4 Shop Street', eircode: 'h91 x2y3' });
  await page.getByRole('button', { name: 'Order my free SIM' }).click();
  await expect(page.getByRole('heading', { name: 'Your free SIM is on its way' })).toBeVisible({ timeout: 20_000 });
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'See your orders' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  const row = page.getByRole('row', { name: /Free 48 SIM/ });
  await expect(row).toContainText('Ordered');
  await expect(row).toContainText('4 Shop Street, Galway, Co. Galway');
  await expectNoAxeViolations(page);
  // A second free SIM while the first is on its way: the server says no.
  await page.goto('/order-free-sim');
  await fillAddress(page, 'Saoirse', "O'Neill", { line1: '4 Shop Street' });
  await page.getByRole('button', { name: 'Order my free SIM' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'You already have a free SIM on its way. You can order another once it has arrived.',
    { timeout: 20_000 },
  );
});

test('/pl/order-free-sim: a Polish member orders a free SIM in Polish, its problems, the order in their list and a second one refused in Polish', async ({
  page,
  openAs,
}) => {
  test.slow();
  const orderInPolish = async () => {
    await page.getByLabel('Imię').fill('Ola');
    await page.getByLabel('Nazwisko').fill('Nowak');
    await page.getByLabel('Adres, wiersz 1', { exact: true }).fill('4 Shop Street');
    await page.getByLabel('Miejscowość').fill('Galway');
    await page.getByLabel('Hrabstwo').selectOption('Galway');
    await page.getByRole('button', { name: 'Zamów darmową kartę SIM' }).click();
  };
  await openAs('nosim', '/order-free-sim', { language: 'pl' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Zamów darmową kartę SIM');
  await expectNoAxeViolations(page, '/pl/order-free-sim');
  await page.getByRole('button', { name: 'Zamów darmową kartę SIM' }).click();
  await expect(page.getByText('Pole „Adres, wiersz 1” jest wymagane')).toBeVisible();
  await expect(page.getByText('Pole „Hrabstwo” musi być hrabstwem Irlandii')).toBeVisible();
  await orderInPolish();
  await expect(page.getByRole('heading', { name: 'Twoja darmowa karta SIM jest w drodze' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText('Wyślemy ją na adres 4 Shop Street, Galway, hrabstwo Galway')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Przejdź do my48' })).toHaveAttribute('href', '/pl/my48');
  // The orders in Polish: what, where it stands, each step with its date as Polish writes it.
  await page.getByRole('link', { name: 'Zobacz swoje zamówienia' }).click();
  await expect(page).toHaveURL(/\/pl\/orders$/);
  const row = page.getByRole('row', { name: /Darmowa karta SIM 48/ });
  await expect(row).toContainText('Zamówiona');
  await expect(row).toContainText(/Zamówiona: \d{1,2} [a-ząćęłńóśźż]+ 2026, \d\d:\d\d/);
  await expect(row).toContainText('Wysłana: jeszcze nie');
  await expect(row).toContainText('4 Shop Street, Galway, hrabstwo Galway');
  await expectNoAxeViolations(page, '/pl/orders');
  await page.goto('/pl/order-free-sim');
  await orderInPolish();
  await expect(page.getByRole('alert')).toHaveText(
    'Darmowa karta SIM jest już w drodze do Ciebie. Kolejną możesz zamówić, gdy dotrze.',
    { timeout: 20_000 },
  );
});

for (const path of [
  '/sign-up-confirmed',
  '/activate-sim',
  '/order-free-sim',
  '/orders',
  '/marketing-permissions',
  '/my48',
]) {
  test(`${path} is guarded: signed out, it goes to /log-in and comes back after`, async ({ page, member }) => {
    await page.goto(path);
    await expect(page).toHaveURL(/\/log-in$/);
    await logIn(page, (await member('carriedover')).email, undefined, '');
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  });
}
