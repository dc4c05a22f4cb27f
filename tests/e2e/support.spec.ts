import { expect, type Page } from '@playwright/test';
import { expectNoAxeViolations, latestMail, test } from './fixtures.ts';

/** The sandbox help desk's section for one ticket. */
async function deskFor(page: Page, reference: string) {
  await page.goto(`/sandbox/helpdesk?reference=${reference}`);
  return page.getByRole('region', { name: new RegExp(`^${reference}`) });
}

test('a member raises a complaint by keyboard, an agent updates and responds, the member reads it with the ComReg card', async ({
  page,
  request,
  openAs,
}) => {
  test.setTimeout(90_000);
  const m = await openAs('cousin', '/my48/support');
  const form = page.getByRole('form', { name: 'Raise a complaint' });
  await expect(form).toBeVisible();
  await expect(page.getByText('Nothing yet.')).toBeVisible();
  await expectNoAxeViolations(page, 'support, empty');

  // Sent empty: the message says what it needs; nothing is sent.
  await form.getByRole('button', { name: 'Send my complaint' }).click();
  await expect(form.getByText('Tell us a little more: at least 10 characters.')).toBeVisible();

  // By keyboard: the number, the complaint, then Enter on the button.
  await form.getByLabel('Mobile number (optional)').focus();
  await page.keyboard.type('087 100 0039');
  await page.keyboard.press('Tab');
  await page.keyboard.type('My data stopped working on Tuesday although I had 10 GB left.');
  await page.keyboard.press('Tab');
  await expect(form.getByRole('button', { name: 'Send my complaint' })).toBeFocused();
  await page.keyboard.press('Enter');

  const sent = page.getByRole('status').filter({ hasText: 'We have your complaint' });
  await expect(sent).toBeVisible({ timeout: 20_000 });
  const reference = (await sent.locator('strong').textContent())!;
  expect(reference).toMatch(/^48-C-\d{6}$/);
  await expect(sent).toContainText('We respond by');
  await expectNoAxeViolations(page, 'complaint sent');
  expect((await latestMail(request, m.email)).subject).toBe(`Your complaint to 48: ${reference}`);
  const item = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: new RegExp(reference) }) });
  await expect(item).toContainText('Acknowledged: our response is due by');

  // The agent, in the sandbox help desk: an update with a new date, then the response.
  let desk = await deskFor(page, reference);
  await desk.getByLabel(`Update on ${reference}`).fill('We are checking the mast near you.');
  const due = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  await desk.getByLabel('New date for the response').fill(due);
  await desk.getByRole('button', { name: `Send an update on ${reference}` }).click();
  desk = page.getByRole('region', { name: new RegExp(`^${reference}.*\\(update\\)`) });
  await expect(desk).toBeVisible();
  await desk.getByLabel(`Response to ${reference}`).fill('A fault at the mast, now fixed. We added 5 GB to your SIM.');
  await desk.getByRole('button', { name: `Send the response to ${reference}` }).click();
  await expect(page.getByRole('region', { name: new RegExp(`^${reference}.*\\(response\\)`) })).toBeVisible();
  await expect(async () =>
    expect((await latestMail(request, m.email)).subject).toBe(`Our response to your complaint: ${reference}`),
  ).toPass();

  // The member's timeline: every step, the response, ComReg's card with the reference.
  await page.goto(`/my48/support/${reference}`);
  const timeline = page.getByRole('list').filter({ hasText: 'Acknowledged' });
  await expect(timeline.getByRole('heading', { level: 3 })).toHaveText([
    'Received',
    'Acknowledged',
    /^Update: we now respond by /,
    'Response',
  ]);
  await expect(timeline).toContainText('A fault at the mast, now fixed.');
  const card = page.getByRole('complementary', { name: 'Not happy with our answer?' });
  await expect(card).toContainText(reference);
  await expect(card).toContainText('01 804 9600');
  await expectNoAxeViolations(page, 'timeline with the ComReg card');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download this record' }).click();
  expect((await download).suggestedFilename()).toBe(`48-${reference}.txt`);
});

test('complaint@: overdue with the ComReg card; a team lead asked for by keyboard', async ({
  page,
  request,
  openAs,
}) => {
  const m = await openAs('complaint', '/my48/support');
  const item = page.getByRole('listitem').filter({ hasText: /^48-C-/ });
  await expect(item).toContainText('is late');
  await expect(item.getByRole('complementary', { name: 'Not happy with our answer?' })).toBeVisible();
  await expectNoAxeViolations(page, 'overdue complaint');
  await item.getByRole('link', { name: /open its timeline/ }).click();
  const escalate = page.getByRole('form', { name: 'Ask for a team lead' });
  await escalate.getByLabel('What you would like the team lead to know (optional)').focus();
  await page.keyboard.type('Two weeks and no refund yet.');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByText('A team lead has your complaint now.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Escalated to a team lead' })).toBeVisible();
  await expect(async () =>
    expect((await latestMail(request, m.email)).subject).toMatch(/^Your complaint is with a team lead: 48-C-/),
  ).toPass();
});

test('settings → how we contact you: saved, and shown to the agent with the next complaint', async ({
  page,
  openAs,
}) => {
  await openAs('cousin', '/my48/settings/how-we-contact-you');
  const form = page.getByRole('form', { name: 'What makes it easier for you' });
  await form.getByLabel('Large print in what we post to you').check();
  await form.getByLabel('No phone calls').check();
  await form.getByLabel("Representative's name").fill('Siobhán Walsh');
  await form.getByRole('button', { name: 'Save how we contact you' }).click();
  // Half a representative: the relationship is asked for.
  await expect(
    form.getByText("Give your representative's name and how they are related to you, or neither."),
  ).toBeVisible();
  await form.getByLabel('Their relationship to you').fill('daughter');
  await form.getByRole('button', { name: 'Save how we contact you' }).click();
  await expect(form.getByText('Saved. Our team sees this')).toBeVisible();
  await expectNoAxeViolations(page, 'how we contact you');

  await page.goto('/my48/support');
  const raise = page.getByRole('form', { name: 'Raise a complaint' });
  await raise.getByLabel('Your complaint').fill('Nobody answers when I ring about my bill.');
  await raise.getByRole('button', { name: 'Send my complaint' }).click();
  const reference = (await page
    .getByRole('status')
    .filter({ hasText: 'We have your complaint' })
    .locator('strong')
    .textContent())!;
  const desk = await deskFor(page, reference);
  await expect(desk).toContainText(
    'How to contact them: Large print; No phone calls; Representative: Siobhán Walsh (daughter)',
  );
});
