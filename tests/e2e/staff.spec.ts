import { expect, type Page } from '@playwright/test';
import { expectNoAxeViolations, signInThroughApi, staffPage, test } from './fixtures.ts';

/**
 * The staff console (docs/product/staff.md): people of 48 sign in at the sandbox's OpenID provider,
 * find a member by number with a reason, put a charge right, ask for and approve goodwill above a
 * limit; the member reads who opened the account. Finance's refund files: credit-back.spec.ts.
 */
// A staff journey signs in at the provider, acts, and checks the member's side: longer than most.
test.describe.configure({ timeout: 90_000 });

async function openMember(page: Page, number: string, reason: string) {
  await page.getByRole('link', { name: 'Find a member' }).click();
  // A number as a caller says it: +353, spaces.
  await page
    .getByLabel('Number, e-mail address, SIM serial or name')
    .fill(`+353 ${number.slice(1, 3)} ${number.slice(3)}`);
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByRole('heading', { name: '1 found' })).toBeVisible();
  await page.getByRole('link', { name: new RegExp(number) }).click();
  await page.getByLabel('Reason').fill(reason);
  await page.getByRole('button', { name: 'Open the account' }).click();
  await expect(page.getByRole('heading', { name: 'Lines' })).toBeVisible();
}

test('an agent finds a member by number with a reason, reverses a charge; the member’s credit, transactions and “who opened” show it', async ({
  page,
  member,
  browser,
  baseURL,
}) => {
  const me = await member('active');
  const agent = await staffPage(browser, baseURL, 'agent@staff.example.com');
  await expectNoAxeViolations(agent, 'the console’s work queues');
  await openMember(agent, me.msisdn, 'T-482211 disputed international calls');
  const lines = agent.getByRole('region', { name: /Each line/ });
  await expect(lines.getByText('€7.50')).toBeVisible();
  await expectNoAxeViolations(agent, 'a member’s 360');
  const charge = agent.getByLabel('Charge');
  const first = (await charge.locator('option').first().textContent()) ?? '';
  const amount = /\((€[0-9.]+)\)$/.exec(first)![1]!;
  await agent.getByRole('button', { name: 'Reverse the charge' }).click();
  await expect(agent.getByRole('status').filter({ hasText: 'given back' })).toContainText(`${amount} given back`);
  await expect(agent.getByRole('row', { name: /A charge given back by 48/ })).toBeVisible();
  // Signing out ends the session here and at the provider, which asks first.
  await agent.getByRole('button', { name: 'Sign out' }).click();
  await agent.getByRole('button', { name: 'Yes, sign me out' }).click();
  await expect(agent.getByRole('heading', { name: 'You are signed out' })).toBeVisible();
  await expectNoAxeViolations(agent, 'signed out of the console');
  await agent.goto('/staff');
  await expect(agent.getByRole('link', { name: 'Sign in' })).toBeVisible();

  await signInThroughApi(page, me.email);
  await page.goto('/my48/transactions');
  await expect(page.getByRole('cell', { name: 'A charge given back by 48' })).toBeVisible();
  await page.goto('/my48/settings/my-data');
  const who = page.getByRole('region', { name: 'Who opened your account, newest first' });
  await expect(who.getByText('T-482211 disputed international calls').first()).toBeVisible();
  await expect(who.getByText(/^Reversed a charge/)).toBeVisible();
  await expectNoAxeViolations(page, 'who at 48 opened the account');
  await agent.context().close();
});

test('an agent’s goodwill above the €10 limit waits; a supervisor approves it once', async ({
  member,
  browser,
  baseURL,
}) => {
  const me = await member('active');
  const agent = await staffPage(browser, baseURL, 'agent2@staff.example.com');
  await openMember(agent, me.msisdn, 'CH-5521 no signal for two days');
  await agent.getByLabel('Amount in euro').fill('15.00');
  await agent.getByRole('button', { name: 'Give goodwill credit' }).click();
  const said = agent.getByRole('status').filter({ hasText: 'above your limit' });
  await expect(said).toContainText('€15.00 is above your limit: request');
  const id = /request (\d+)/.exec((await said.textContent()) ?? '')![1]!;
  await agent.context().close();

  const supervisor = await staffPage(browser, baseURL, 'supervisor@staff.example.com');
  await expect(supervisor.getByRole('heading', { name: /Requests waiting for approval/ })).toBeVisible();
  await supervisor.getByRole('link', { name: 'Requests', exact: true }).click();
  await expectNoAxeViolations(supervisor, 'the requests');
  await supervisor.getByRole('button', { name: `Approve request ${id}` }).click();
  await expect(supervisor.getByRole('status').filter({ hasText: `Request ${id} approved` })).toContainText(
    '€15.00 goodwill credit given',
  );
  await expect(supervisor.getByRole('button', { name: `Approve request ${id}` })).toHaveCount(0);
  await openMember(supervisor, me.msisdn, 'Checking request approved');
  await expect(supervisor.getByRole('region', { name: /Each line/ }).getByText('€22.50')).toBeVisible();
  await supervisor.context().close();
});
