import { expect } from '@playwright/test';
import { CONSENT_COOKIE } from '../../src/lib/consent.ts';
import { LANG_COOKIE } from '../../src/contract/i18n/locales.ts';
import { cookieNames, expectNoAxeViolations, logIn, test } from './fixtures.ts';

test('log-out: the server session ends, every cookie and all local storage but splash go, and the member is at /', async ({
  page,
  openAs,
}) => {
  test.slow(); // a whole journey: captcha, password hashing and several screens
  const me = await openAs('unlimited', '/my48');
  await expect(page.getByRole('heading', { level: 1, name: 'Your dashboard' })).toBeVisible();
  await page.evaluate(() => {
    localStorage.setItem('splash', 'seen');
    localStorage.setItem('refferedUser', 'someone');
    localStorage.setItem('recruiterURL', '/recruit-and-reward');
    localStorage.setItem('marketingCarouselFlag', 'true');
  });
  const auth = (await page.context().cookies()).find((c) => c.name === 'authCode')!.value;
  const logout = page.waitForResponse('**/panda/protected/logout/users');
  await page.goto('/log-out');
  expect((await logout).status()).toBe(200);
  await expect(page).toHaveURL(/\/$/);
  // The cookie choice and the language are the device's: kept, so the banner does not come back
  // (ADR 019) and the site stays in the member's language (the log-in set it; docs/product/languages.md).
  expect(await cookieNames(page)).toEqual([LANG_COOKIE]);
  expect((await page.context().cookies()).map((c) => c.name).sort()).toEqual([CONSENT_COOKIE, LANG_COOKIE].sort());
  expect(await page.evaluate(() => Object.keys(localStorage))).toEqual(['splash']);
  expect(await page.evaluate(() => localStorage.getItem('splash'))).toBe('seen');
  // The header back-button flag is reset, and the my48 root is remembered as the last URLs.
  expect(
    await page.evaluate(() => [
      sessionStorage.getItem('headerBackButtonClicked'),
      sessionStorage.getItem('lastLoggedInUrl'),
      sessionStorage.getItem('lastFlexibleUrl'),
    ]),
  ).toEqual(['false', '/my48', '/my48']);
  await expect(page.getByRole('link', { name: 'Sign in' }).filter({ visible: true })).toBeVisible();
  await expectNoAxeViolations(page);
  const res = await page.request.get('/panda/protected/users/2/segments', {
    headers: { 'x-gg-auth': auth, 'x-gg-transaction': 't' },
  });
  expect(res.status()).toBe(401);
  // Logging in again goes to the remembered my48 root.
  await logIn(page, me.email);
  await expect(page).toHaveURL(/\/my48$/);
});

test('the log-out page signed out still lands on / without a server call', async ({ page }) => {
  let called = false;
  page.on('request', (r) => (r.url().includes('/logout/') ? (called = true) : undefined));
  await page.goto('/log-out');
  await expect(page).toHaveURL(/\/$/);
  expect(called).toBe(false);
});

test('forgot password end to end: request, the e-mail, the link, a new password, log in with it', async ({
  page,
  request,
}, testInfo) => {
  test.slow(); // a whole journey: captcha, password hashing and several screens
  // A member of its own, so no other test meets the changed password.
  const email = `reset-${testInfo.project.name}-${Date.now().toString(36)}@example.com`;
  const { solveChallenge } = await import('altcha-lib/v1');
  const { _payload } = await (await request.get('/panda/public/captcha')).json();
  const { algorithm, challenge, maxnumber, salt, signature } = _payload.challenge;
  const solution = await solveChallenge(challenge, salt, algorithm, maxnumber).promise;
  const captcha = Buffer.from(
    JSON.stringify({ algorithm, challenge, number: solution!.number, salt, signature }),
  ).toString('base64');
  const created = await request.post('/panda/public/users', {
    data: { email, password: 'First-password-1', firstname: 'Cian', lastname: 'Byrne', captcha },
  });
  expect(created.status()).toBe(201);
  await request.get('/panda/protected/logout/users', {
    headers: { 'x-gg-auth': created.headers()['x-gg-auth']!, 'x-gg-transaction': 't' },
  });

  await page.goto('/log-in');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expectNoAxeViolations(page);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(
    page.getByText('If an account uses that address, we have sent it a link to set a new password.'),
  ).toBeVisible();

  let link = '';
  await expect(async () => {
    const { _payload: mails } = await (await request.get('/sandbox/mail.json')).json();
    const mail = mails.values.find(
      (m: { to: string; subject: string }) => m.to === email && m.subject === 'Set a new password for 48',
    );
    link = /(\/forgot-password\?token=\S+)/.exec(mail.body)![1]!;
  }).toPass({ timeout: 10_000 });
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('Second-password-2');
  await page.getByLabel('New password again').fill('Second-password-3');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('The two passwords are not the same.')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('New password again').fill('Second-password-2');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Your new password is set. Log in with it.')).toBeVisible();
  // The link works once.
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('Third-password-3');
  await page.getByLabel('New password again').fill('Third-password-3');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toHaveText('That reset link is not valid any more. Ask for a new one.');

  await logIn(page, email, 'First-password-1');
  await expect(page.getByRole('alert')).toHaveText('The e-mail address or password is not right.');
  await logIn(page, email, 'Second-password-2', '');
  // Not verified yet: the log-in sends the member to verify.
  await expect(page).toHaveURL(/\/sign-up$/);
});
