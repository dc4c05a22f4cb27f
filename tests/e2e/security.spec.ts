import { expect } from '@playwright/test';
import { messages } from '../../src/contract/messages.ts';
import { DEMO_PASSWORD, enterStepUpCode, expectNoAxeViolations, latestMail, test, uniqueEmail } from './fixtures.ts';

// docs/product/member-controls.md: the card spend limit, a lost SIM and its eSIM, the e-mail address.

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

test('a block the network holds back: the member reads that we wait for the network, then that it is blocked there', async ({
  page,
  openAs,
  request,
}) => {
  test.slow();
  const me = await openAs('lost', '/my48/settings/security');
  await page.getByRole('button', { name: 'Report lost or stolen' }).click();
  await page.getByRole('dialog', { name: 'Block your SIM?' }).getByRole('button', { name: 'Block my SIM' }).click();
  // The network (the sandbox's operator, here) holds the suspend back as soon as it has it.
  let held = false;
  await expect(async () => {
    const { orders } = (await (
      await request.get('/sandbox/network', { headers: { accept: 'application/json' } })
    ).json()) as { orders: { id: string; msisdn: string | null; service: string; state: string }[] };
    const suspend = orders.find((o) => o.msisdn === me.msisdn && o.service === 'mobileLine');
    expect(suspend).toBeDefined();
    if (!held) held = (await request.post(`/sandbox/network/orders/${suspend!.id}/hold`)).ok();
    expect(held).toBe(true);
  }).toPass({ intervals: [100], timeout: 15_000 });
  await expect(
    page.getByText(
      'Your SIM is blocked here; waiting for the network to block it. We keep asking: nothing for you to do.',
    ),
  ).toBeVisible({ timeout: 20_000 });
  await expectNoAxeViolations(page);
  const { orders } = (await (
    await request.get('/sandbox/network', { headers: { accept: 'application/json' } })
  ).json()) as { orders: { id: string; msisdn: string | null; state: string }[] };
  const suspend = orders.find((o) => o.msisdn === me.msisdn && o.state === 'held')!;
  expect((await request.post(`/sandbox/network/orders/${suspend.id}/release`)).ok()).toBe(true);
  await expect(page.getByText('Your SIM is blocked on the network: it no longer works in any phone.')).toBeVisible({
    timeout: 20_000,
  });
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
  // One message, whose state follows the network: blocked here at once, then on the network once the
  // sandbox network has suspended the line (seconds); the report button does not come back meanwhile.
  const lost = page.getByRole('region', { name: 'Lost or stolen SIM' });
  await expect(lost.getByRole('status').first()).toHaveText('Your SIM is blocked here; blocking it on the network…');
  await expect(lost.getByRole('button', { name: 'Report lost or stolen' })).toBeHidden();
  await expect(lost.getByRole('status').first()).toHaveText(
    'Your SIM is blocked on the network: it no longer works in any phone. Nobody can buy anything or move data with it.',
    { timeout: 20_000 },
  );
  await expect(lost.locator('.alert')).toHaveCount(1);
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
  // It waits for the network as blocking does: "works again" only once the line is back.
  await expect(lost.getByRole('status').first()).toHaveText('Unblocking on the network…');
  await expect(lost.getByRole('button', { name: 'Report lost or stolen' })).toBeHidden();
  await expect(lost.getByRole('status').first()).toHaveText('Your SIM is unblocked and works again.', {
    timeout: 20_000,
  });
  await expect(lost.getByRole('button', { name: 'Report lost or stolen' })).toBeVisible();
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

test('the number lock: on with a code; asked off, it holds for 24 hours and says until when; kept on without a code', async ({
  page,
  openAs,
  request,
}) => {
  const me = await openAs('active', '/my48/settings/security');
  const lock = page.getByRole('region', { name: 'Number lock' });
  await expect(lock.getByRole('status').first()).toHaveText('Your number lock is off.');
  const on = lock.getByRole('form', { name: 'Switch the lock on' });
  await enterStepUpCode(page, request, me.email, on);
  await on.getByRole('button', { name: 'Switch the lock on' }).click();
  await expect(lock.getByText(/^Your number lock is on \(since /)).toBeVisible();
  const off = lock.getByRole('form', { name: 'Switch the lock off' });
  await expect(off.getByText(/It goes off 24 hours after you ask/)).toBeVisible();
  await enterStepUpCode(page, request, me.email, off);
  await off.getByRole('button', { name: 'Switch the lock off' }).click();
  await expect(lock.getByText(/^Your number lock goes off on .+\. Until then it holds/)).toBeVisible();
  expect((await latestMail(request, me.email)).subject).toMatch(/^Your number lock goes off on /);
  await expectNoAxeViolations(page, 'the lock going off');
  await lock.getByRole('button', { name: 'Keep it on' }).click();
  await expect(lock.getByText('Your number lock stays on.')).toBeVisible();
  await expect(lock.getByText(/^Your number lock is on \(since /)).toBeVisible();
  await expect(lock.getByRole('form', { name: 'Switch the lock off' })).toBeVisible();
});
