import { expect } from '@playwright/test';
import { messages } from '../../src/contract/messages.ts';
import { myDataMessages } from '../../src/contract/my-data.schema.ts';
import {
  DEMO_PASSWORD,
  enterStepUpCode,
  expectNoAxeViolations,
  latestMail,
  logIn,
  test,
  uniqueEmail,
  workerKeepsFigures,
} from './fixtures.ts';

// docs/product/member-controls.md, demo members 31 to 33: alerts, receipts, spend limit, lost SIM, eSIM, port-in, my data.

test('controls: the 80 % data alert and the renewal reminder are in the notifications; alerts are switched in settings', async ({
  page,
  signIn,
}) => {
  const me = await signIn('controls');
  // The network reports a use (the member has 25.5 GB of 30 used already): the alerts are looked for
  // at once, as the minute's job would (a member made just now has not met it yet).
  const usage = await page.request.post('/sandbox/usage', { data: { msisdn: me.msisdn, data_mb: 1 } });
  expect(usage.status()).toBe(200);
  await page.goto('/my48');
  const notes = page.getByRole('region', { name: /^Notifications/ });
  await expect(notes).toContainText('You have used 80 % of your data');
  await expect(notes).toContainText('Your membership renews soon');
  await expect(notes).toContainText('€2.00 from your credit, then €7.99 from the card ending ····5454');
  // Announced as new once a visit (the dashboardNotification cookie), not on every return.
  await expect(notes.getByRole('heading', { level: 2 })).toHaveText(/^Notifications \(\d+ new\)$/);
  await expect(notes.getByText('New', { exact: true }).first()).toBeVisible();
  await expect
    .poll(async () => (await page.context().cookies()).some((c) => c.name === 'dashboardNotification'))
    .toBe(true);
  await page.reload();
  await expect(notes).toContainText('Your membership renews soon');
  await expect(notes.getByRole('heading', { level: 2 })).toHaveText('Notifications');
  await expect(notes.getByText('New', { exact: true })).toHaveCount(0);
  await notes.getByRole('link', { name: 'Choose your alerts' }).click();
  await expect(page.getByRole('heading', { name: 'Alerts', level: 2 })).toBeVisible();
  await expectNoAxeViolations(page);
  const data100 = page.getByRole('group', { name: 'Data used up' });
  await data100.getByRole('checkbox', { name: 'By e-mail' }).uncheck();
  await page.getByRole('button', { name: 'Save my alerts' }).click();
  await expect(page.getByText('Your alert choices are saved.')).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('group', { name: 'Data used up' }).getByRole('checkbox', { name: 'By e-mail' }),
  ).not.toBeChecked();
  await expect(
    page.getByRole('group', { name: 'Data used up' }).getByRole('checkbox', { name: 'In the app' }),
  ).toBeChecked();
  await expect(page.getByRole('region', { name: 'Recent alerts' })).toContainText('You have used 80 % of your data');
});

test('controls: a receipt for the card payment, with VAT and the card, linked from the transactions; print hides the menus', async ({
  page,
  openAs,
}) => {
  test.slow();
  await openAs('controls', '/my48/transactions');
  // The card payment of 20 days ago, a page or two back: the row whose "By card" cell is €9.99.
  const paidByCard = page.getByRole('row').filter({ has: page.getByRole('cell', { name: '€9.99', exact: true }) });
  await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();
  // Each page's rows arrive after its number shows: give them a moment before going older.
  const onThisPage = () =>
    paidByCard
      .first()
      .waitFor({ timeout: 5_000 })
      .then(
        () => true,
        () => false,
      );
  for (let i = 0; i < 6 && !(await onThisPage()); i++) {
    await page.getByRole('button', { name: 'Older' }).click();
    await expect(page.getByText(/^Page \d+ of \d+$/)).toHaveText(new RegExp(`^Page ${i + 2} of`));
  }
  await paidByCard.getByRole('link', { name: 'Data Plus €9.99 Membership (receipt)' }).click();
  await expect(page).toHaveURL(/\/my48\/transactions\/\d+$/);
  const receipt = page.getByRole('article', { name: /^Receipt \d+$/ });
  await expect(receipt.getByRole('row', { name: /VAT at 23 %/ })).toContainText('€1.87');
  await expect(receipt.getByRole('row', { name: /Total paid/ })).toContainText('€9.99');
  await expect(receipt).toContainText('Mastercard •••• 5454: €9.99');
  await expect(receipt).toContainText('48 Mobile Limited');
  await expectNoAxeViolations(page);
  // The address works on its own (a reload, a bookmark).
  await page.reload();
  await expect(receipt.getByRole('row', { name: /VAT at 23 %/ })).toContainText('€1.87');
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: 'my48' })).toBeHidden();
  await expect(receipt.getByRole('button', { name: 'Print or save as PDF' })).toBeHidden();
  await expect(receipt.getByText(/^48 Mobile Limited, /)).toBeVisible();
});

test('controls: a monthly card limit; a card payment over it is refused naming the limit and what is left', async ({
  page,
  openAs,
}) => {
  await openAs('controls', '/my48/settings/security');
  await expect(page.getByRole('status').filter({ hasText: 'No limit is set' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('Monthly limit (€)').fill('4');
  await page.getByRole('button', { name: 'Save my limit' }).click();
  await expect(page.getByText('The limit is at least €5.00.')).toBeVisible();
  await page.getByLabel('Monthly limit (€)').fill('5');
  await page.getByRole('button', { name: 'Save my limit' }).click();
  await expect(page.getByText('Your card spending is limited to €5.00 a month.')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Your limit is €5.00 a month' })).toBeVisible();
  await page.goto('/my48/memberships/add-credit');
  await page.getByRole('radio', { name: '€10.00' }).check();
  await page.getByRole('button', { name: /^Add €10\.00/ }).click();
  await expect(page.getByRole('alert')).toContainText(
    /would pass your monthly card spending limit of €5\.00: you can spend €\d+\.\d\d more by card this month/,
  );
  await page.goto('/my48/settings/security');
  await page.getByRole('button', { name: 'Remove the limit' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'No limit is set' })).toBeVisible();
});

test('lost: blocking shows on the dashboard and stops purchases; unblocked with a code; then an eSIM with its QR code', async ({
  page,
  openAs,
  request,
}) => {
  test.slow();
  const me = await openAs('lost', '/my48/settings/security');
  await page.getByRole('button', { name: 'Report lost or stolen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Block your SIM?' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Block my SIM' }).click();
  await expect(page.getByText('Your SIM is blocked. Nobody can buy anything')).toBeVisible();
  // Blocked here at once; on the network once the sandbox network has suspended the line (seconds).
  await expect(page.getByText('Your SIM is blocked here; blocking it on the network…')).toBeVisible();
  await expect(page.getByText('Your SIM is blocked on the network: it no longer works in any phone.')).toBeVisible({
    timeout: 20_000,
  });
  await expectNoAxeViolations(page);

  await page.goto('/my48');
  const banner = page.getByRole('alert').filter({ hasText: 'Your SIM is blocked' });
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Change to an eSIM' })).toBeVisible();
  await page.goto('/my48/addons');
  await page.getByRole('button', { name: 'Buy Add-on 5 GB' }).click();
  await expect(page.getByText(messages.simBlocked).first()).toBeVisible();

  await page.goto('/my48/settings/security');
  const unblock = page.getByRole('form', { name: 'Found it? Unblock your SIM' });
  await enterStepUpCode(page, request, me.email, unblock);
  await unblock.getByRole('button', { name: 'Unblock my SIM' }).click();
  await expect(page.getByText('Your SIM is unblocked and works again.').first()).toBeVisible();
  await page.goto('/my48');
  await expect(page.getByRole('alert').filter({ hasText: 'Your SIM is blocked' })).toBeHidden();

  await page.goto('/my48/settings/change-my-sim#esim');
  const esim = page.getByRole('form', { name: 'Change to an eSIM' });
  await esim.getByLabel('Your password').fill(DEMO_PASSWORD);
  await enterStepUpCode(page, request, me.email, esim);
  await esim.getByRole('button', { name: 'Change to an eSIM' }).click();
  // The network makes the profile (the sandbox network, in seconds): its code comes with the completed order.
  await expect(page.getByRole('heading', { name: 'Making your eSIM' })).toBeFocused();
  await expectNoAxeViolations(page);
  await expect(page.getByRole('heading', { name: 'Your eSIM is ready' })).toBeFocused({ timeout: 30_000 });
  await expect(page.getByRole('img', { name: /QR code of your eSIM activation code/ })).toBeVisible();
  await expect(page.locator('code')).toHaveText(/^LPA:1\$smdp\.esim\.48\.ie\$[0-9A-F-]+$/);
  await expectNoAxeViolations(page);
});

test('e-mail address: asked with the password and a code, it changes only when the link mailed to the new address is opened', async ({
  page,
  openAs,
  request,
}, testInfo) => {
  test.slow();
  const me = await openAs('active', '/my48/settings/security');
  const newEmail = uniqueEmail(testInfo, 'moved');
  await expect(page.getByText(`You log in with ${me.email}.`)).toBeVisible();
  const form = page.getByRole('form', { name: 'Change your e-mail address' });
  await form.getByLabel('New e-mail address').fill(newEmail);
  await form.getByLabel('Password').fill(me.password);
  await enterStepUpCode(page, request, me.email, form);
  await form.getByRole('button', { name: 'Change my e-mail address' }).click();
  await expect(form.getByText(`Nearly there: we have sent a link and a code to ${newEmail}.`)).toBeVisible();
  // Nothing changed yet: the confirmation form waits for the code; the old address was told.
  await expect(page.getByRole('form', { name: `Confirm ${newEmail}` })).toBeVisible();
  await expect(page.getByText(`You log in with ${me.email}.`)).toBeVisible();
  await expectNoAxeViolations(page);
  expect((await latestMail(request, me.email)).subject).toBe('A new e-mail address was asked for your 48 account');
  // The link from the new mailbox confirms it, and leaves the address bar without its token.
  const link = /(http\S+confirm-email=\S+)/.exec((await latestMail(request, newEmail)).body)![1]!;
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByText(`Your e-mail address is now ${newEmail}. Use it to log in.`)).toBeVisible();
  await expect(page).toHaveURL(/\/my48\/settings\/security$/);
  await expect(page.getByText(`You log in with ${newEmail}.`)).toBeVisible();
  expect((await latestMail(request, me.email)).subject).toBe('Your 48 e-mail address was changed');
});

test('port-in: the timeline moves on as the network reports its order', async ({ page, openAs, browser }) => {
  await openAs('controls', '/my48/settings/move-your-number');
  await page.getByLabel('Number to move').fill('086 765 4321');
  await page.getByLabel('Current network').selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Move my number' }).click();
  const timeline = page.getByRole('region', { name: /^Moving 086 765 4321 from / });
  await expect(timeline.getByRole('listitem').first()).toContainText('Request sent');
  await expect(page.getByText(/^Next: your old network checks the number/)).toBeVisible();
  await expectNoAxeViolations(page);
  // The network takes the order, names the day (today, in the sandbox network) and moves the number, a step every few seconds.
  const operator = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const network = await operator.newPage();
  await network.goto('/sandbox/network');
  await expect(network.getByRole('listitem').filter({ hasText: 'portIn add for 0867654321' })).toBeVisible();
  await expectNoAxeViolations(network);
  await operator.close();
  await expect
    .poll(
      async () => {
        await page.reload();
        return timeline.locator('li[aria-current="step"]').textContent();
      },
      { timeout: 30_000 },
    )
    .toMatch(/Number moved to 48/);
  await expect(page.getByText(/^Done: your number works on your 48 SIM/)).toBeVisible();
  await expect(timeline).toContainText(/Your number moves on \w+day/);
});

test('leaver: downloads their data, then deletes the account with a code; the address is free again', async ({
  page,
  signIn,
  request,
}) => {
  test.slow();
  const me = await signIn('leaver');
  // The dashboard first: the service worker keeps its figures (docs/product/phone.md), which the deletion must forget.
  await page.goto('/my48');
  await workerKeepsFigures(page);
  await page.goto('/my48/settings/my-data');
  await expectNoAxeViolations(page);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^48-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await (await import('node:fs/promises')).readFile((await file.path())!, 'utf8')) as {
    tables: Record<string, Record<string, unknown>[]>;
  };
  expect(data.tables['members']![0]).toMatchObject({ email: me.email });
  expect(JSON.stringify(data)).not.toContain('password_hash');

  const form = page.getByRole('form', { name: 'Delete your account' });
  await form.getByLabel('Password').fill(DEMO_PASSWORD);
  await form.getByLabel('Type DELETE').fill('delete');
  await form.getByRole('button', { name: 'Delete my account' }).click();
  await expect(form.getByText('Type DELETE to confirm.')).toBeVisible();
  await form.getByLabel('Type DELETE').fill('DELETE');
  await enterStepUpCode(page, request, me.email, form);
  await form.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText(myDataMessages.deleted)).toBeVisible();
  expect(await page.evaluate(() => caches.has('48-member'))).toBe(false);
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  // Let the home page arrive first: a navigation to /log-in started meanwhile would be aborted by it.
  await page.waitForURL((url) => url.pathname === '/');
  await logIn(page, me.email);
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/log-in/);
});
