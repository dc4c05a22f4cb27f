import { expect } from '@playwright/test';
import { messages } from '../../src/contract/messages.ts';
import {
  expectNoAxeViolations,
  fillAddress,
  latestMail,
  payByCard,
  spareMsisdn,
  spareSsn,
  test,
  uniqueEmail,
} from './fixtures.ts';
import { necessaryOnly } from './consent-cookie.ts';
import { isName, textsOf } from './texts.ts';

// Every journey makes its members (a copy of recruiter@ has a recruit link of its own).
test.describe.configure({ timeout: 120_000 });

test('recruiter@: the link, €10 earned, 2 free SIMs left; sends one (loader, confirmation) and has 1 left', async ({
  page,
  openAs,
}) => {
  const me = await openAs('recruiter', '/my48/recruit-and-reward');
  await expect(page.getByLabel('Your recruit link')).toHaveValue(
    new RegExp(`/friend\\?affiliateId=${me.affiliateId}$`),
  );
  await expect(page.getByRole('region', { name: 'Reward earned' })).toContainText('€10.00');
  await expect(page.getByRole('region', { name: 'Free SIMs today' })).toContainText('2 of 3 left');
  await expect(page.getByRole('row', { name: /Ciara Byrne/ })).toContainText('Reward paid');
  await expect(page.getByRole('row', { name: /Liam Hogan/ })).toContainText('SIM on its way');
  // Nothing widens the page past the screen (the friends table scrolls in its box at 375 px).
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Send a free SIM' }).click();
  await expect(page).toHaveURL(/\/my48\/recruit-and-reward\/send-free-sim$/);
  await page.getByRole('button', { name: 'Send free SIM' }).click();
  await expect(page.getByText("Friend's first name is required")).toBeVisible();
  await expectNoAxeViolations(page);
  await fillAddress(page, 'Nora', 'Walsh', { line1: '7 Eyre Square', eircode: 'H91 X2Y3' });
  await page.getByRole('button', { name: 'Send free SIM' }).click();
  await expect(
    page.getByText("Your friend's free SIM is on its way to Nora Walsh, 7 Eyre Square, Galway."),
  ).toBeVisible();
  await expect(page.getByText('You can send 1 more today.', { exact: false })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Back to recruit and reward' }).click();
  await expect(page.getByRole('region', { name: 'Free SIMs today' })).toContainText('1 of 3 left');
  await expect(page.getByRole('row', { name: /Nora Walsh/ })).toContainText('SIM on its way');
});

test("mgmlimit@: the max-limit state with 'Too many mgm sims today!'", async ({ page, openAs }) => {
  await openAs('mgmlimit', '/my48/recruit-and-reward/send-free-sim');
  await expect(page.getByText(messages.tooManyMgmSims, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send free SIM' })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test("nosim@: the no-active-SIM state with 'MGM is limited to users with an active SIM'", async ({ page, openAs }) => {
  await openAs('nosim', '/my48/recruit-and-reward/send-free-sim');
  await expect(page.getByText(messages.mgmNeedsActiveSim, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send free SIM' })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('an unknown recruit link shows the page without a name', async ({ page }) => {
  await page.goto('/friend?affiliateId=Nobody4848');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('invited you to 48')).toHaveCount(0);
});

test("/pl/friend: Tomás's invitation in Polish, its links in Polish, the mates-rates form's problems and a refusal in Polish", async ({
  page,
  member,
  openAs,
}) => {
  const recruiter = await member('recruiter');
  await page.goto(`/friend?affiliateId=${recruiter.affiliateId}`);
  await expect(page.getByRole('heading', { name: 'Tomás invited you to 48' })).toBeVisible();
  const english = new Set(await textsOf(page));
  await page.goto(`/pl/friend?affiliateId=${recruiter.affiliateId}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'pl-PL');
  await expect(page.getByRole('heading', { name: 'Tomás zaprasza Cię do 48' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Dołącz przez link od: Tomás' })).toHaveAttribute('href', '/pl/sign-up');
  await expect(page.getByRole('link', { name: 'Mam konto: zaloguj się' })).toHaveAttribute('href', '/pl/log-in');
  expect((await textsOf(page)).filter((text) => english.has(text) && !isName(text))).toEqual([]);
  await expectNoAxeViolations(page, '/pl/friend');
  // Signed in: the address form in Polish; a member with a 48 SIM already is refused in Polish.
  await openAs('legacy', `/pl/friend?affiliateId=${recruiter.affiliateId}`);
  await expect(page.getByRole('heading', { name: 'Twoja karta SIM dla znajomych, od: Tomás' })).toBeVisible();
  await page.getByRole('button', { name: 'Zamów moją kartę SIM dla znajomych' }).click();
  await expect(page.getByText('Pole „Adres, wiersz 1” jest wymagane')).toBeVisible();
  await page.getByLabel('Imię').fill('Ola');
  await page.getByLabel('Nazwisko').fill('Nowak');
  await page.getByLabel('Adres, wiersz 1', { exact: true }).fill('7 Eyre Square');
  await page.getByLabel('Miejscowość').fill('Galway');
  await page.getByLabel('Hrabstwo').selectOption('Galway');
  await page.getByRole('button', { name: 'Zamów moją kartę SIM dla znajomych' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Oferta dla znajomych jest dla nowych osób, a Ty masz już kartę SIM 48. Wyślij znajomym swój własny link polecający.',
  );
  await expectNoAxeViolations(page, '/pl/friend: refused');
  // No answer at all (the connection dropped): said in Polish too, the form kept to try again.
  await page.route('**/packs/campaign/mgm', (route) => route.abort());
  await page.getByRole('button', { name: 'Zamów moją kartę SIM dla znajomych' }).click();
  await expect(page.getByRole('alert')).toHaveText('Nie udało się złożyć zamówienia. Spróbuj ponownie.');
  await expect(page.getByLabel('Imię')).toHaveValue('Ola');
});

test("a friend by Tomás's link: sign up, mates-rates SIM, activate, first membership; Tomás's reward shows", async ({
  page,
  request,
  member,
}, testInfo) => {
  test.slow();
  const email = uniqueEmail(testInfo, 'mate');
  const recruiter = await member('recruiter');
  await page.goto(`/friend?affiliateId=${recruiter.affiliateId}`);
  await expect(page.getByRole('heading', { name: 'Tomás invited you to 48' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: "Join with Tomás's link" }).click();
  await page.getByLabel('First name').fill('Róisín');
  await page.getByLabel('Last name').fill('Mate');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill('New-member-2026');
  await page.getByLabel(/I accept the terms and conditions/).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Verify your e-mail address' })).toBeVisible({ timeout: 20_000 });
  const mail = await latestMail(request, email);
  await page.getByLabel('Verification code').fill(/verification code is (\d{6})/.exec(mail.body)![1]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/sign-up-confirmed$/);
  await page.getByRole('link', { name: 'Order your mates-rates SIM' }).click();

  await expect(page.getByRole('heading', { name: 'Your mates-rates SIM, from Tomás' })).toBeVisible();
  await fillAddress(page, 'Róisín', 'Mate', { line1: '7 Eyre Square', eircode: 'H91 X2Y3' });
  const order = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/packs/campaign/mgm'));
  await page.getByRole('button', { name: 'Order my mates-rates SIM' }).click();
  // Spec section 3: the order carries the sku and ip, the customer's address kept in the encrypted ugi cookie.
  const sent = new URLSearchParams((await order).postData() ?? '');
  expect([sent.get('sku'), sent.get('ip')]).toEqual(['Kickback_Pack_N', '127.0.0.1']);
  await expect(page.getByRole('heading', { name: 'Your mates-rates SIM is on its way' })).toBeFocused();
  await expectNoAxeViolations(page);
  expect((await page.context().cookies()).map((c) => c.name)).toEqual(
    expect.arrayContaining(['ugi', 'rrfriend', 'recruiterId', 'simType']),
  );

  await page.getByRole('link', { name: 'Activate a SIM' }).click();
  const card = testInfo.project.name === 'desktop' ? 70 : 71;
  await page.getByLabel('SIM number (SSN)').fill(spareSsn(card));
  await page.getByRole('button', { name: 'Activate SIM' }).click();
  await expect(page.getByRole('heading', { name: 'Your SIM is being activated' })).toBeVisible();
  // The network switches the line on in seconds (the sandbox network): then the SIM is active.
  await expect
    .poll(
      async () => {
        const network = await page.request.get('/sandbox/network', { headers: { accept: 'application/json' } });
        const { orders } = (await network.json()) as { orders: { msisdn: string; action: string; state: string }[] };
        return orders.find((o) => o.msisdn === spareMsisdn(card) && o.action === 'add')?.state;
      },
      { timeout: 30_000 },
    )
    .toBe('completed');

  await page.goto('/my48/memberships');
  await page.getByRole('button', { name: 'Buy now: Data Plus €9.99 Membership' }).click();
  await expect(page.getByRole('heading', { name: 'Pay €9.99' })).toBeVisible();
  await payByCard(page, '4200 0000 0000 0000');
  await expect(page.getByRole('heading', { name: 'Payment complete' })).toBeVisible();

  // Tomás, in his own browser: the reward is in his transactions and on his recruit page.
  const tomas = await page.context().browser()!.newContext({
    baseURL: testInfo.project.use.baseURL!,
    viewport: page.viewportSize(),
    storageState: necessaryOnly(),
  });
  const his = await tomas.newPage();
  await his.goto('/log-in');
  await his.getByLabel('E-mail address').fill(recruiter.email);
  await his.getByLabel('Password').fill(recruiter.password);
  await his.getByRole('button', { name: 'Log in' }).click();
  await expect(his).toHaveURL(/\/my48$/);
  await his.goto('/my48/transactions');
  await expect(his.getByRole('row', { name: /Recruit and reward/ })).toHaveCount(2);
  await his.goto('/my48/recruit-and-reward');
  await expect(his.getByRole('region', { name: 'Reward earned' })).toContainText('€20.00');
  await expect(his.getByRole('row', { name: /Róisín Mate/ })).toContainText('Reward paid');
  await tomas.close();
});

test("refer a friend at /refer: the invitation is sent, the service's refusal shows as its message, the sandbox records the calls", async ({
  page,
  openAs,
}, testInfo) => {
  const me = await openAs('oneday', '/refer');
  await expect(page.getByText(/campaign 48_r(af|p)1/)).toBeVisible();
  const friend = `friend-${testInfo.project.name}@example.net`;
  await page.getByLabel("Friend's first name").fill('Aoibhe');
  await page.getByLabel("Friend's last name").fill('Kane');
  await page.getByLabel("Friend's e-mail address").fill(friend);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('Invitation sent to Aoibhe Kane.')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: friend })).toContainText('Invited');
  await expectNoAxeViolations(page);
  await page.getByLabel("Friend's e-mail address").fill(me.email);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('alert')).toHaveText("You can't refer yourself: enter your friend's e-mail address.");
  await page.goto('/sandbox/referrals');
  await expect(page.getByText('This is a sandbox')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(friend) })).toContainText(
    'POST /buyapowa/api/friends/registrations',
  );
});

test('/pl/refer: refer a friend in Polish, the form, its problems, the invitation and its state in Polish', async ({
  page,
  openAs,
}, testInfo) => {
  await page.goto('/pl/refer');
  await expect(page.getByRole('heading', { name: 'Poleć znajomego ze swojego konta' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Poleć znajomego ze swojego konta' }).getByRole('link', { name: 'Zaloguj się' }),
  ).toHaveAttribute('href', '/pl/log-in');
  await openAs('oneday', '/pl/refer', { language: 'pl' });
  await expect(page.getByText(/^\(kampania 48_r(af|p)1\)$|kampania 48_r(af|p)1/)).toBeVisible();
  await page.getByRole('button', { name: 'Wyślij zaproszenie' }).click();
  await expect(page.getByText('Pole „Imię znajomego” jest wymagane')).toBeVisible();
  const friend = `znajomy-${testInfo.project.name}@example.net`;
  await page.getByLabel('Imię znajomego').fill('Kasia');
  await page.getByLabel('Nazwisko znajomego').fill('Nowak');
  await page.getByLabel('Adres e-mail znajomego').fill(friend);
  await page.getByRole('button', { name: 'Wyślij zaproszenie' }).click();
  await expect(page.getByText('Wysłano zaproszenie do: Kasia Nowak.')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: friend })).toContainText('Zaproszono');
  await expectNoAxeViolations(page, '/pl/refer');
});
