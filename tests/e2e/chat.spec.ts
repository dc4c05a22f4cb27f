import { expect, type APIRequestContext } from '@playwright/test';
import { expectNoAxeViolations, latestMail, test } from './fixtures.ts';
import { DESKTOP, PHONE } from './widths.ts';

/**
 * Live chat (docs/product/customer-care.md, "Live chat"), at 1280 and 375 px: its dialog is the whole
 * screen on a phone. The hours are forced through the sandbox's switch, which is the server's own:
 * these journeys take turns, and only the one at 1280 closes chat (on its own server: the WebKit and
 * Firefox journeys chat on the phone-sized one).
 */
test.describe.configure({ mode: 'serial' });

const hours = (request: APIRequestContext, open: boolean) =>
  request.post('/sandbox/helpdesk/chat/hours', { data: { open } });

test('out of hours, a visitor on a help page is told when chat opens and sent to the contact form', async ({
  page,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'closes chat on its server: only where no other journey chats');
  await hours(request, false);
  await page.goto('/help/roaming');
  // The button is a link: the help page carries no script for it; the chat loads on its own page.
  await page.getByRole('link', { name: 'Chat with us' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/chat$/);
  const chat = page.getByRole('region', { name: 'Chat with 48' });
  await expect(chat.getByRole('status')).toContainText(/Chat is closed now\. Chat opens at 9:00 (today|tomorrow)/);
  await expectNoAxeViolations(page, 'chat closed');
  // The same at a phone's width (this journey runs on one server only, above).
  await page.setViewportSize(PHONE);
  await expectNoAxeViolations(page, 'chat closed at 375 px');
  await page.setViewportSize(DESKTOP);
  // Close goes back to the page the visitor came from.
  await chat.getByRole('button', { name: 'Close the chat' }).click();
  await expect(page).toHaveURL(/\/help\/roaming$/);
  await page.getByRole('link', { name: 'Chat with us' }).click();
  await chat.getByRole('link', { name: 'Send us a message instead' }).click();
  await expect(page).toHaveURL(/\/contact-us$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('a member chats with the sandbox agent from my48 → Support by keyboard, live, and keeps the transcript', async ({
  page,
  request,
  context,
  openAs,
}) => {
  test.setTimeout(90_000);
  await hours(request, true);
  const m = await openAs('active', '/my48/support');
  // The keyboard only: the button, then what the dialog puts in focus.
  const launch = page.getByRole('button', { name: 'Chat with us' });
  await launch.focus();
  await page.keyboard.press('Enter');
  const chat = page.getByRole('dialog', { name: 'Chat with 48' });
  await expect(chat.getByRole('button', { name: 'Start chat' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(chat.getByRole('status')).toContainText(/in the queue/);
  const message = chat.getByLabel('Your message');
  await expect(message).toBeFocused();
  await expectNoAxeViolations(page, 'chat waiting');
  await page.keyboard.type('Hello, my data stopped working');
  await page.keyboard.press('Enter');
  const log = chat.getByRole('log', { name: 'Conversation' });
  await expect(log).toContainText('You: Hello, my data stopped working');
  await expect(message).toHaveValue('');

  // The agent, in the sandbox console: the member's chat is signed in; take it, answer.
  const agent = await context.newPage();
  await agent.goto('/sandbox/helpdesk/chat');
  const item = agent.getByRole('listitem').filter({ hasText: m.email });
  await expect(item).toContainText('signed in to my48');
  await item.getByRole('button', { name: /^Take 48-L-/ }).click();
  await agent.getByLabel('Answer as Aoife').fill('Hi, I have reset your data session. <b>Try now</b>');
  await agent.getByRole('button', { name: 'Send' }).click();
  // It arrives without a reload, as text.
  await expect(log).toContainText('Aoife: Hi, I have reset your data session. <b>Try now</b>', { timeout: 5000 });
  await expect(chat.getByRole('status')).toHaveText('You are chatting with Aoife.');
  await expectNoAxeViolations(page, 'chat talking');

  await chat.getByRole('button', { name: 'End chat' }).focus();
  await page.keyboard.press('Enter');
  await expect(chat.getByRole('status')).toHaveText('The chat has ended.');
  // The rating: the first star's radio has the focus; arrows choose, Tab to the button, Enter. Each
  // choice is a target of at least 44 × 44 px.
  await expect(chat.getByRole('radio', { name: '1' })).toBeFocused();
  for (const box of await chat
    .locator('.chat__rating label')
    .evaluateAll((labels) =>
      labels.map((l) => l.getBoundingClientRect().toJSON() as { width: number; height: number }),
    )) {
    expect(box.width).toBeGreaterThanOrEqual(44);
    expect(box.height).toBeGreaterThanOrEqual(44);
  }
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
  await expect(chat.getByRole('radio', { name: '5' })).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(chat.getByRole('button', { name: 'Send rating' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(chat).toContainText('you rated this chat 5 out of 5');
  const downloading = page.waitForEvent('download');
  await chat.getByRole('button', { name: 'Download the transcript' }).focus();
  await page.keyboard.press('Enter');
  const file = await (await downloading).path();
  const { readFile } = await import('node:fs/promises');
  const transcript = await readFile(file, 'utf8');
  expect(transcript).toContain('You: Hello, my data stopped working');
  expect(transcript).toContain('Aoife: Hi, I have reset your data session.');
  await expectNoAxeViolations(page, 'chat ended');
  const mail = await latestMail(request, m.email);
  expect(mail.subject).toMatch(/^Your chat with 48: 48-L-\d{6}$/);
  const reference = mail.subject.slice(-11);

  await page.keyboard.press('Escape');
  await expect(launch).toBeFocused();
  await expect(page.getByRole('region', { name: 'Talk to a person now' })).toContainText(`${reference}: chat on`);
});

test('a visitor starts a chat with a name and an address (the captcha solved unseen), leaves a message, and is mailed only the reference', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(60_000);
  await hours(request, true);
  const email = `chat-visitor-${testInfo.project.name}-${Date.now()}@example.org`;
  await page.goto('/chat');
  const chat = page.getByRole('region', { name: 'Chat with 48' });
  // Why the address is asked for, beside the promise not to mail the transcript.
  await expect(chat).toContainText(
    'We ask for your e-mail address only to answer you by e-mail if the chat ends before a person from our team joins it',
  );
  await chat.getByLabel('Your name').fill('Claim your prize at win.example');
  await chat.getByLabel('Your e-mail address').fill(email);
  await chat.getByRole('button', { name: 'Start chat' }).click();
  await expect(chat.getByRole('status')).toContainText(/in the queue/);
  await chat.getByLabel('Your message').fill('Is my order on its way?');
  await chat.getByRole('button', { name: 'Send' }).click();
  await expect(chat.getByRole('log', { name: 'Conversation' })).toContainText('You: Is my order on its way?');
  await chat.getByRole('button', { name: 'Leave a message instead' }).click();
  await chat.getByLabel('Anything to add? (optional)').fill('Please write back to me');
  await chat.getByRole('button', { name: 'Send as a message' }).click();
  await expect(chat).toContainText(/48-T-\d{6}/);
  await expectNoAxeViolations(page, 'chat left as a message');
  const mail = await latestMail(request, email);
  expect(mail.subject).toMatch(/^Your message to 48: 48-T-\d{6}$/);
  expect(mail.body.startsWith('Hello,')).toBe(true);
  expect(mail.body).not.toContain('win.example');
  expect(mail.body).not.toContain('Please write back');
});
