import { expect } from '@playwright/test';
import { expectNoAxeViolations, latestMail, test, uniqueEmail } from './fixtures.ts';
import { isName, textsOf } from './texts.ts';

test('a visitor sends the contact form by keyboard, reads the reference, gets it by e-mail; an agent answers in the sandbox', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(60_000);
  const email = uniqueEmail(testInfo, 'contact');
  await page.goto('/contact-us');
  const form = page.getByRole('form', { name: 'Send us a message' });
  await expect(form).toBeVisible();
  await expectNoAxeViolations(page, 'contact form');

  // Sent empty: each field says what it needs, and nothing is sent.
  await form.getByRole('button', { name: 'Send my message' }).click();
  await expect(form.getByText('Choose what your message is about.')).toBeVisible();

  // By keyboard: topic, name, e-mail, number, message, then Enter on the button.
  await form.getByLabel('Topic').focus();
  await page.keyboard.press('ArrowDown'); // My account
  await page.keyboard.press('ArrowDown'); // Payments and credit
  await page.keyboard.press('Tab');
  await page.keyboard.type('Aoife Murphy');
  await page.keyboard.press('Tab');
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type('087 123 4567');
  await page.keyboard.press('Tab');
  await page.keyboard.type('I was charged twice for my top-up <b>yesterday</b>. Please refund one.');
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('Attachments (optional)')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(form.getByRole('button', { name: 'Send my message' })).toBeFocused();
  await page.keyboard.press('Enter');

  const sent = page.getByRole('status').filter({ hasText: 'We have your message' });
  await expect(sent).toBeVisible({ timeout: 20_000 });
  const reference = (await sent.locator('strong').textContent())!;
  expect(reference).toMatch(/^48-T-\d{6}$/);
  await expectNoAxeViolations(page, 'message sent');
  await expect(sent).toContainText(`We have e-mailed ${email} the reference.`);
  // Nobody proved the address: the mail says the reference, and nothing the visitor wrote.
  const mail = await latestMail(request, email);
  expect(mail.subject).toBe(`Your message to 48: ${reference}`);
  expect(mail.body).not.toContain('I was charged twice');

  // The agent's view shows what was written as text, marked as from no session, and an answer goes back by e-mail.
  await page.goto(`/sandbox/helpdesk?reference=${reference}`);
  const ticket = page.getByRole('region', { name: new RegExp(`^${reference}`) });
  await expect(ticket.getByText('<b>yesterday</b>', { exact: false })).toBeVisible();
  await expect(ticket.getByText('Sender not verified', { exact: false })).toBeVisible();
  await ticket.getByLabel(`Answer ${reference}`).fill('We have refunded the second top-up to your credit.');
  await ticket.getByRole('button', { name: `Send the answer to ${reference}` }).click();
  await expect(page.getByRole('region', { name: new RegExp(`^${reference}.*answered`) })).toBeVisible();
  await expect(async () =>
    expect((await latestMail(request, email)).subject).toBe(`An answer to ${reference}`),
  ).toPass();
});

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2048, 1)]);

test('"Make a complaint" with a screenshot: a disguised file is refused, a real one goes with the complaint', async ({
  page,
  request,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'complaint');
  await page.goto('/contact-us');
  const form = page.getByRole('form', { name: 'Send us a message' });
  await form.getByLabel('Topic').selectOption('Make a complaint');
  await form.getByLabel('Your name').fill('Cathal Byrne');
  await form.getByLabel('E-mail address').fill(email);
  await form.getByLabel('Your message').fill('My port-in took three weeks and nobody told me why.');
  // A page named like a picture: the server reads its content and refuses it; nothing is sent.
  const attach = form.getByLabel('Attachments (optional)');
  await attach.setInputFiles({
    name: 'screenshot.png',
    mimeType: 'image/png',
    buffer: Buffer.from('<html>not a picture</html>'),
  });
  await form.getByRole('button', { name: 'Send my message' }).click();
  await expect(form.getByRole('alert')).toHaveText('Attach a photo (JPEG, PNG, GIF or WebP) or a PDF.');
  await attach.setInputFiles({ name: 'screenshot.png', mimeType: 'image/png', buffer: PNG });
  await form.getByRole('button', { name: 'Send my message' }).click();
  const sent = page.getByRole('status').filter({ hasText: 'We have your complaint' });
  await expect(sent).toBeVisible({ timeout: 20_000 });
  await expect(sent.locator('strong')).toHaveText(/^48-C-\d{6}$/);
  await expect(sent).toContainText('within 10 working days');
  const reference = (await sent.locator('strong').textContent())!;
  expect((await latestMail(request, email)).subject).toBe(`Your complaint to 48: ${reference}`);
  await page.goto(`/sandbox/helpdesk?reference=${reference}`);
  await expect(page.getByRole('link', { name: 'screenshot.png' })).toBeVisible();
});

test('a signed-in member’s message joins their account: the reference in my48 → Support, the copy to their own address', async ({
  page,
  request,
  signIn,
}) => {
  const { email } = await signIn('active');
  await page.goto('/contact-us');
  const form = page.getByRole('form', { name: 'Send us a message' });
  await form.getByLabel('Topic').selectOption('My account');
  await form.getByLabel('Your name').fill('Member Writing');
  await form.getByLabel('E-mail address').fill(email);
  await form.getByLabel('Your message').fill('Can you tell me when my membership renews next?');
  await form.getByRole('button', { name: 'Send my message' }).click();
  const sent = page.getByRole('status').filter({ hasText: 'We have your message' });
  await expect(sent).toBeVisible({ timeout: 20_000 });
  await expect(sent).toContainText('and a copy of your message. You can follow it in my48 → Support.');
  const reference = (await sent.locator('strong').textContent())!;
  expect((await latestMail(request, email)).body).toContain('Can you tell me when my membership renews next?');
  await page.goto('/my48/support');
  await expect(page.getByText(reference).first()).toBeVisible();
});

test('the accessibility statement: what meets WCAG 2.2 AA and what does not, where to complain, and its form reports a barrier as a ticket answered within 5 working days', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(60_000);
  const email = uniqueEmail(testInfo, 'barrier');
  await page.goto('/legal/accessibility');
  await expect(page.getByRole('heading', { name: 'What does not yet meet the standard' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'www.comreg.ie' })).toHaveAttribute('href', 'https://www.comreg.ie');
  const form = page.getByRole('form', { name: 'Report a barrier' });
  await expect(form.getByLabel('Topic')).toHaveValue('An accessibility barrier');
  await expectNoAxeViolations(page, 'accessibility statement');
  await form.getByLabel('Your name').fill('Seán Byrne');
  await form.getByLabel('E-mail address').fill(email);
  await form
    .getByLabel('Your message')
    .fill('On the Usage screen my screen reader does not read the bars of the chart.');
  await form.getByRole('button', { name: 'Send my message' }).click();
  const sent = page.getByRole('status').filter({ hasText: 'We have your message' });
  await expect(sent).toBeVisible({ timeout: 20_000 });
  await expect(sent).toContainText('(within 5 working days)');
  const reference = (await sent.locator('strong').textContent())!;
  const mail = await latestMail(request, email);
  expect(mail.subject).toBe(`Your message to 48: ${reference}`);
  expect(mail.body).toContain('(within 5 working days)');
});

test('/pl/contact-us: no English left but the chat’s name, its problems in Polish, a complaint sent in Polish and mailed in Polish; the Irish accessibility statement’s form in Irish', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  await page.goto('/contact-us');
  const english = new Set(await textsOf(page));
  await page.goto('/pl/contact-us');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pl-PL');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kontakt');
  const form = page.getByRole('form', { name: 'Napisz do nas' });
  await expect(form).toBeVisible();
  expect((await textsOf(page)).filter((text) => english.has(text) && !isName(text))).toEqual([]);
  await expectNoAxeViolations(page, '/pl/contact-us');
  // The chat is in English, and the page says so.
  await expect(page.getByText(/Czat na żywo z naszym zespołem, po angielsku/)).toBeVisible();

  await form.getByRole('button', { name: 'Wyślij wiadomość' }).click();
  await expect(form.getByText('Wybierz, czego dotyczy wiadomość.')).toBeVisible();
  const email = uniqueEmail(testInfo, 'kontakt');
  await form.getByLabel('Temat').selectOption({ label: 'Złóż reklamację' });
  await form.getByLabel('Imię i nazwisko').fill('Ola Nowak');
  await form.getByLabel('Adres e-mail').fill(email);
  await form.getByLabel('Twoja wiadomość').fill('Krótko');
  await form.getByRole('button', { name: 'Wyślij wiadomość' }).click();
  await expect(form.getByText('Napisz trochę więcej: co najmniej 10 znaków.')).toBeVisible();
  await form.getByLabel('Twoja wiadomość').fill('Dwa razy pobrano opłatę za doładowanie. Proszę o zwrot jednej.');
  await form.getByRole('button', { name: 'Wyślij wiadomość' }).click();
  const sent = page.getByRole('status').filter({ hasText: 'Mamy Twoją reklamację' });
  await expect(sent).toBeVisible({ timeout: 20_000 });
  await expect(sent).toContainText(`Wysłaliśmy numer sprawy na adres ${email}.`);
  await expect(sent).toContainText('Odpowiemy w ciągu 10 dni roboczych');
  const reference = (await sent.locator('strong').textContent())!;
  expect(reference).toMatch(/^48-C-\d{6}$/);
  await expectNoAxeViolations(page, 'complaint sent in Polish');
  const mail = await latestMail(request, email);
  expect(mail.subject).toBe(`Twoja reklamacja do 48: ${reference}`);
  expect(mail.body).toContain('/pl/legal/code-of-practice');

  // The accessibility statement in Irish: its text English (not yet translated), its form Irish.
  await page.goto('/ga/legal/accessibility');
  const barrier = page.getByRole('form', { name: 'Tuairiscigh bacainn' });
  await expect(barrier.getByLabel('Ábhar')).toHaveValue('An accessibility barrier');
  await expect(barrier.getByLabel('Ábhar').locator('option:checked')).toHaveText('Bacainn inrochtaineachta');
  await expect(barrier.getByRole('button', { name: 'Seol mo theachtaireacht' })).toBeVisible();
  await expectNoAxeViolations(page, '/ga/legal/accessibility');
});
