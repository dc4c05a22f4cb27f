import { expect, type Page } from '@playwright/test';
import { flexiFailures, flexiMessages } from '../../src/contract/flexi-data.schema.ts';
import { expectNoAxeViolations, spaced, test } from './fixtures.ts';

// Every journey makes its member, a copy of the demo member meant for it (docs/product/demo-accounts.md, members 24 to 28).
test.describe.configure({ timeout: 90_000 });

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const dialog = (page: Page) => page.getByRole('dialog');

async function openFlexi(page: Page, fragment = '') {
  await page.goto(`/my48/flexi-data${fragment}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Your data now' })).toBeVisible();
}

test('carryover by keyboard: flexi@ carries 20.00 GB over, is asked for a membership by the end date, Ok goes home', async ({
  page,
  signIn,
}) => {
  await signIn('flexi');
  await openFlexi(page, '#carryover');
  const carry = section(page, 'Carryover');
  // The fragment brings the section into view and gives it the focus.
  await expect(carry).toBeFocused();
  await expect(carry.getByText('You have 20.00 GB unused.')).toBeVisible();
  await expectNoAxeViolations(page);
  await carry.focus();
  await page.keyboard.press('Tab');
  await expect(carry.getByRole('button', { name: 'Carry over 20.00 GB' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog(page).getByRole('heading', { name: 'Carry over 20.00 GB?' })).toBeVisible();
  await expectNoAxeViolations(page);
  await expect(dialog(page).getByRole('button', { name: 'Yes, carry it over' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog(page).getByText('20.00 GB is now in the hands of future you.')).toBeVisible();
  await expect(dialog(page).getByText(/you need a membership by \d\d\.\d\d\.\d\d/)).toBeVisible();
  await expect(dialog(page).getByRole('link', { name: 'Buy Membership' })).toHaveAttribute('href', '/my48/memberships');
  await expectNoAxeViolations(page);
  await dialog(page).getByRole('link', { name: 'Ok' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/my48$/);
  // The dashboard shows the data kept for the next membership beside carry-over.
  await expect(page.getByText('20.00 GB kept for your next membership')).toBeVisible();
  // Back on the screen, the month's action is used: carryover, save and donate say so.
  await openFlexi(page);
  await expect(section(page, 'Carryover').getByText(flexiMessages.alreadyCarriedOver)).toBeVisible();
  await expect(section(page, 'Donate').getByText(flexiMessages.alreadyCarriedOver)).toBeVisible();
  await expect(section(page, 'The Safe').getByText(flexiMessages.alreadyCarriedOver)).toBeVisible();
  await page.goto('/my48/transactions');
  await expect(page.getByRole('row', { name: /Carryover: 20 GB kept for your next membership/ })).toContainText(
    '−20.00 GB',
  );
});

test('The Safe by keyboard: vault@ sees 3.00 GB, unlocks 2 GB and 1.00 GB is left; the dashboard agrees', async ({
  page,
  openAs,
}) => {
  await openAs('vault', '/my48');
  await expect(page.getByText('3.00 GB Open The Safe')).toBeVisible();
  await page.getByRole('link', { name: 'Open The Safe' }).focus();
  await page.keyboard.press('Enter');
  const safe = section(page, 'The Safe');
  await expect(safe).toBeFocused();
  await expect(safe.getByText('The Safe holds 3.00 GB.')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
  await expectNoAxeViolations(page);
  const amount = safe.getByLabel('Amount to unlock');
  await amount.focus();
  await page.keyboard.press('ArrowDown');
  await expect(amount).toHaveValue('2');
  await expect(safe.getByText('The Safe will hold 1.00 GB and you will have 7.00 GB unused.')).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(safe.getByRole('button', { name: 'Unlock' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog(page).getByRole('heading', { name: 'Unlock 2 GB from The Safe?' })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(dialog(page).getByText('2 GB is in your membership now. The Safe holds 1.00 GB.')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(dialog(page)).toHaveCount(0);
  await expect(safe.getByText('The Safe holds 1.00 GB.')).toBeVisible();
  await expect(section(page, 'Carryover').getByText('You have 7.00 GB unused.')).toBeVisible();
  // The amount chooser offers no more than there is.
  await expect(safe.getByLabel('Amount to unlock').locator('option')).toHaveText(['1 GB']);
  await expect(safe.getByLabel('Amount to save').locator('option')).toHaveCount(7);

  // The Add-on section buys an add-on (vault@'s €5.00 credit pays for 5 GB).
  const addons = section(page, 'Add-on');
  await expect(addons.getByText('You have 0.00 GB of add-on data in this membership.')).toBeVisible();
  await addons.getByRole('button', { name: 'Buy Add-on 5 GB' }).click();
  await expect(dialog(page)).toContainText('5 GB added to your membership.');
  await dialog(page).getByRole('button', { name: 'OK' }).click();
  await expect(addons.getByText('You have 5.00 GB of add-on data in this membership.')).toBeVisible();
});

test('donate: donor@ gives 2 GB once; the list shows it first and the 2019 donation in euro', async ({
  page,
  signIn,
}) => {
  await signIn('donor');
  await openFlexi(page, '#donate');
  const donate = section(page, 'Donate');
  await expect(donate.getByText('02.11.19: €2.00')).toBeVisible();
  await donate.getByLabel('Amount to donate').selectOption('2');
  await expect(donate.getByText('You will have 8.00 GB unused.')).toBeVisible();
  await donate.getByRole('button', { name: 'Donate' }).click();
  await expect(dialog(page).getByRole('heading', { name: 'Donate 2 GB?' })).toBeVisible();
  await dialog(page).getByRole('button', { name: 'Yes, donate it' }).click();
  await expect(dialog(page).getByText('Thank you! You donated 2 GB to members in need.')).toBeVisible();
  await dialog(page).getByRole('button', { name: 'Ok' }).click();
  await expect(donate.getByText(flexiMessages.alreadyDonated)).toBeVisible();
  await expect(donate.getByRole('listitem').first()).toHaveText(/: 2\.00 GB$/);
  await expect(donate.getByRole('listitem')).toHaveCount(3);
  await expectNoAxeViolations(page);
});

test('swap and spot me: swapper@ swaps 1 GB for 100 minutes, then spots 2 GB to a friend for 3 days', async ({
  page,
  signIn,
  member,
}) => {
  await signIn('swapper');
  const friend = spaced((await member('giftee')).msisdn);
  await openFlexi(page, '#swap');
  const swap = section(page, 'Swap');
  await expect(swap.getByText('You have 10.00 GB unused and 300 landline minutes left.')).toBeVisible();
  await expect(swap.getByText('You will have 9.00 GB unused and 400 landline minutes left.')).toBeVisible();
  await swap.getByRole('button', { name: 'Swap' }).click();
  await dialog(page).getByRole('button', { name: 'Yes, swap it' }).click();
  await expect(
    dialog(page).getByText('You swapped 1 GB for 100 landline minutes. You have 400 landline minutes left.'),
  ).toBeVisible();
  await dialog(page).getByRole('button', { name: 'Ok' }).click();
  await expect(swap.getByText('You have 9.00 GB unused and 400 landline minutes left.')).toBeVisible();

  const spot = section(page, 'Spot me');
  await spot.getByLabel("Friend's 48 number").fill('087 100 00');
  await spot.getByLabel('For how many days').fill('0');
  await spot.getByRole('button', { name: 'Spot data' }).click();
  await expect(spot.getByText('Enter an Irish mobile number like 087 123 4567.')).toBeVisible();
  await expect(spot.getByText('Spot me lends for at least 1 day.')).toBeVisible();
  await expectNoAxeViolations(page);
  await spot.getByLabel("Friend's 48 number").fill('0879999999');
  await spot.getByLabel('For how many days').fill('3');
  await spot.getByRole('button', { name: 'Spot data' }).click();
  await dialog(page).getByRole('button', { name: 'Yes, spot it' }).click();
  await expect(spot.getByRole('alert')).toHaveText(flexiFailures.spotme.notAMember.message);
  await spot.getByLabel("Friend's 48 number").fill(friend);
  await spot.getByLabel('Amount').selectOption('2');
  await spot.getByRole('button', { name: 'Spot data' }).click();
  await expect(dialog(page).getByRole('heading', { name: `Spot 2 GB to ${friend}?` })).toBeVisible();
  await dialog(page).getByRole('button', { name: 'Yes, spot it' }).click();
  await expect(
    dialog(page).getByText(new RegExp(`^You spotted 2 GB to ${friend} until \\d\\d\\.\\d\\d\\.\\d\\d\\.$`)),
  ).toBeVisible();
  await dialog(page).getByRole('button', { name: 'Ok' }).click();
  await expect(spot.getByRole('list', { name: 'Data you have spotted' })).toContainText(`2.00 GB to ${friend}`);
});

test('share: sharer@ cannot share with itself, shares 3 GB, and then has too little for anything', async ({
  page,
  signIn,
  member,
}) => {
  const me = await signIn('sharer');
  const friend = (await member('giftee')).msisdn;
  await openFlexi(page, '#share');
  const share = section(page, 'Share');
  await share.getByLabel("Friend's 48 number").fill(me.msisdn);
  await share.getByRole('button', { name: 'Share data' }).click();
  await dialog(page).getByRole('button', { name: 'Yes, share it' }).click();
  await expect(share.getByRole('alert')).toHaveText(flexiFailures.share.toSelf.message);
  await share.getByLabel("Friend's 48 number").fill(friend);
  await expect(share.getByLabel('Amount').locator('option')).toHaveText(['1 GB', '2 GB', '3 GB']);
  await share.getByLabel('Amount').selectOption('3');
  await expect(share.getByText('You will have 0.00 GB unused.')).toBeVisible();
  await share.getByRole('button', { name: 'Share data' }).click();
  await dialog(page).getByRole('button', { name: 'Yes, share it' }).click();
  await expect(dialog(page).getByText(`You shared 3 GB with ${spaced(friend)}.`)).toBeVisible();
  await dialog(page).getByRole('button', { name: 'Ok' }).click();
  await expect(share.getByText(flexiFailures.share.lowBalance.message)).toBeVisible();
  await expect(section(page, 'Carryover').getByText(flexiMessages.carryoverLowBalance)).toBeVisible();
  await expectNoAxeViolations(page);
});

const outcomes: [string, string][] = [
  ['lowbalance', flexiMessages.carryoverLowBalance],
  ['unlimited', flexiMessages.carryoverNotAvailable],
  ['carriedover', flexiMessages.alreadyCarriedOver],
  ['onboard', flexiMessages.noMembership],
];
for (const [like, message] of outcomes) {
  test(`carryover outcome of a member like ${like}@: '${message}'`, async ({ page, signIn }) => {
    await signIn(like);
    await openFlexi(page, '#carryover');
    await expect(section(page, 'Carryover').getByText(message, { exact: true })).toBeVisible();
    await expect(section(page, 'Carryover').getByRole('button')).toHaveCount(0);
    if (like === 'unlimited') await expectNoAxeViolations(page);
  });
}

test("unavailable@: the Safe balance cannot be read, no Safe action is offered, and a carryover says 'Backend error in performing carryOver'", async ({
  page,
  signIn,
}) => {
  await signIn('unavailable');
  await openFlexi(page);
  const safe = section(page, 'The Safe');
  await expect(safe.getByRole('alert')).toHaveText(flexiMessages.safeUnavailable);
  await expect(safe.getByRole('button')).toHaveCount(0);
  await expectNoAxeViolations(page);
  const carry = section(page, 'Carryover');
  await carry.getByRole('button', { name: 'Carry over 25.00 GB' }).click();
  await dialog(page).getByRole('button', { name: 'Yes, carry it over' }).click();
  await expect(carry.getByRole('alert')).toHaveText(flexiMessages.carryoverBackendError);
  await expect(carry.getByText('You have 25.00 GB unused.')).toBeVisible();
});

test('the memberships page carries the flexi-data fragments; each leads to its section', async ({ page, openAs }) => {
  await openAs('vault', '/my48/memberships#the-safe');
  const fragments = page.getByRole('region', { name: 'Flexible data' });
  await expect(fragments).toBeVisible();
  for (const id of ['flexi-data', 'data-switch-up', 'the-safe', 'carryover', 'donate', 'swap', 'spot-me', 'share']) {
    await expect(page.locator(`#${id}`)).toHaveCount(1);
  }
  await expect(page.locator('#the-safe')).toBeFocused();
  await fragments.getByRole('link', { name: 'Spot me' }).click();
  await expect(page).toHaveURL(/\/my48\/flexi-data#spot-me$/);
  await expect(section(page, 'Spot me')).toBeFocused();
  await expectNoAxeViolations(page);
});
