import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { CONTACT_PER_WINDOW, SENDER_NOT_VERIFIED } from '../../../src/contract/contact.ts';
import { contactApi, contactFailures } from '../../../src/contract/contact.schema.ts';
import type { RequestBody } from '../../../src/contract/endpoint.ts';
import { outbox, ticketAttachments, ticketEntries, tickets } from '../../../src/server/db/schema.ts';
import { pruneUploads } from '../../../src/server/modules/care/attachments.ts';
import { dayOf } from '../../../src/server/kernel/calendar.ts';
import { workingDayAfter } from '../../../src/server/kernel/working-days.ts';
import { deskTickets } from '../../../src/server/modules/care/integrations/tickets/index.ts';
import { forwardTickets } from '../../../src/server/modules/care/tickets.job.ts';
import { ERASED_TEXT } from '../../../src/server/modules/privacy/my-data/my-data.service.ts';
import { createMember, deleteAccount } from '../support/builders.ts';
import { send } from '../support/client.ts';
import { forEachDatabase, solveCaptcha, type TestContext } from '../support/harness.ts';

const message = {
  topic: 'My SIM or order' as const,
  name: 'Aoife Murphy',
  email: 'aoife@example.org',
  msisdn: '087 123 4567',
  message: 'My SIM has not arrived yet. Could you check where it is?',
};
const contact = async (c: TestContext, body: Record<string, unknown> = {}) =>
  send(c.app, contactApi.send, {
    body: { ...message, captcha: await solveCaptcha(c.app), ...body } as RequestBody<typeof contactApi.send>,
  });
const mailTo = (c: TestContext, to: string) => c.handle.db.select().from(outbox).where(eq(outbox.to, to));

forEachDatabase('contact', { seed: 'catalogue' }, (ctx) => {
  it('a visitor’s message opens a ticket: its reference at once, and by e-mail (the reference only: nobody proved the address)', async () => {
    const c = ctx();
    const res = await contact(c);
    expect(res.status).toBe(201);
    const { reference, kind } = (await res.json())._payload;
    expect(kind).toBe('ticket');
    expect(reference).toMatch(/^48-T-\d{6}$/);
    const [ticket] = await c.handle.db.select().from(tickets).where(eq(tickets.reference, reference));
    expect(ticket).toMatchObject({
      topic: 'My SIM or order',
      state: 'open',
      email: 'aoife@example.org',
      msisdn: '0871234567',
    });
    const entries = await c.handle.db.select().from(ticketEntries).where(eq(ticketEntries.ticketId, ticket!.id));
    expect(entries.map((e) => [e.author, e.body])).toEqual([['customer', message.message]]);
    const [mail] = await mailTo(c, 'aoife@example.org');
    expect(mail!.subject).toBe(`Your message to 48: ${reference}`);
    expect(mail!.body).toContain(reference);
    expect(mail!.body).not.toContain(message.message);
    expect(mail!.body).not.toContain('Number: 087 123 4567');
    // A second message gets a reference of its own.
    const second = (await (await contact(c)).json())._payload.reference;
    expect(second).not.toBe(reference);
  });

  it('"Make a complaint" opens a complaint (48-C-…), mailed with the time to respond and the code of practice', async () => {
    const c = ctx();
    const res = await contact(c, { topic: 'Make a complaint', msisdn: '' });
    const { reference, kind } = (await res.json())._payload;
    expect([res.status, kind]).toEqual([201, 'complaint']);
    expect(reference).toMatch(/^48-C-\d{6}$/);
    const [mail] = await mailTo(c, 'aoife@example.org');
    expect(mail!.subject).toBe(`Your complaint to 48: ${reference}`);
    expect(mail!.body).toContain('within 10 working days');
    expect(mail!.body).toContain(`${c.config.siteUrl}/legal/code-of-practice`);
  });

  it('"An accessibility barrier" (the accessibility statement’s form) opens a ticket answered within 5 working days, by the day its mail names', async () => {
    const c = ctx();
    // Sunday 22 November 2026: the fifth working day after it is Friday 27 November.
    const res = await contact(c, { topic: 'An accessibility barrier', msisdn: '' });
    const answer = (await res.json())._payload;
    expect([res.status, answer.kind, answer.due_on]).toEqual([201, 'ticket', workingDayAfter(dayOf(c.clock.now), 5)]);
    expect(answer.due_on).toBe('2026-11-27');
    const [ticket] = await c.handle.db.select().from(tickets).where(eq(tickets.reference, answer.reference));
    expect(ticket).toMatchObject({ kind: 'ticket', topic: 'An accessibility barrier', dueOn: '2026-11-27' });
    const [mail] = await mailTo(c, 'aoife@example.org');
    expect(mail!.body).toContain('by Friday 27 November 2026 (within 5 working days)');
    // Other messages promise no day.
    expect((await (await contact(c)).json())._payload.due_on).toBeNull();
  });

  it('bad input gets the field’s message and a 400; a failed captcha too; nothing is kept or mailed', async () => {
    const c = ctx();
    const cases: [Record<string, unknown>, string][] = [
      [{ topic: 'Free stuff' }, 'Choose what your message is about.'],
      [{ message: 'Help' }, 'Tell us a little more: at least 10 characters.'],
      [{ msisdn: '12345' }, 'Enter an Irish mobile number like 087 123 4567.'],
      [{ email: 'not-an-address' }, 'email must be an e-mail address'],
    ];
    for (const [body, text] of cases) {
      const res = await contact(c, body);
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      if (text) expect((await res.json())._payload.message).toContain(text);
    }
    // Every send counts against the address's limit (five here), refused or not.
    const forged = await contact(c, { captcha: 'forged' });
    expect([forged.status, (await forged.json())._payload.message]).toEqual([
      400,
      contactFailures.captchaFailed.message,
    ]);
    expect(await c.handle.db.select().from(tickets)).toEqual([]);
    expect(await mailTo(c, 'aoife@example.org')).toEqual([]);
  });

  it('a visitor writing from the Polish page is answered in Polish, then and later; the desk reads English; a language we do not speak is a 400', async () => {
    const c = ctx();
    const res = await contact(c, { topic: 'Make a complaint', msisdn: '', language: 'pl' });
    const { reference } = (await res.json())._payload;
    expect(res.status).toBe(201);
    const [ticket] = await c.handle.db.select().from(tickets).where(eq(tickets.reference, reference));
    expect(ticket!.language).toBe('pl');
    const [mail] = await mailTo(c, 'aoife@example.org');
    expect(mail!.subject).toBe(`Twoja reklamacja do 48: ${reference}`);
    expect(mail!.body).toMatch(/^Dzień dobry,/);
    expect(mail!.body).toContain(`${c.config.siteUrl}/pl/legal/code-of-practice`);
    // What the help desk keeps is English, as ever.
    const entries = await c.handle.db.select().from(ticketEntries).where(eq(ticketEntries.ticketId, ticket!.id));
    expect(entries.find((e) => e.author === 'portal')!.body).toMatch(/^We have your complaint/);
    // An agent's answer to a message, later, is mailed in Polish too.
    const asked = await contact(c, { email: 'ola@example.org', language: 'pl' });
    const { reference: ref } = (await asked.json())._payload;
    const [question] = await c.handle.db.select().from(tickets).where(eq(tickets.reference, ref));
    await c.app.request(`/sandbox/helpdesk/tickets/${question!.id}/answer`, {
      method: 'POST',
      body: new URLSearchParams({ body: 'We have refunded the difference to your credit.' }),
    });
    expect((await mailTo(c, 'ola@example.org')).map((m) => m.subject)).toEqual([
      `Twoja wiadomość do 48: ${ref}`,
      `Odpowiedź na ${ref}`,
    ]);
    // A message sent with no language is in the visitor's chosen one (the lang cookie), else English.
    const byCookie = await send(c.app, contactApi.send, {
      body: { ...message, email: 'ciaran@example.org', captcha: await solveCaptcha(c.app) },
      headers: { cookie: 'lang=ga' },
    });
    expect(byCookie.status).toBe(201);
    expect((await mailTo(c, 'ciaran@example.org'))[0]!.subject).not.toMatch(/^Your message/);
    // A language the portal does not speak: a 400, nothing kept.
    const before = (await c.handle.db.select().from(tickets)).length;
    const refused = await contact(c, { email: 'x@example.org', language: 'de' });
    expect(refused.status).toBe(400);
    expect((await refused.json())._payload.message).toContain('language must be en, ga or pl');
    expect(await c.handle.db.select().from(tickets)).toHaveLength(before);
  });

  it('a refusal is said in the visitor’s chosen language; its code stays', async () => {
    const c = ctx();
    const res = await send(c.app, contactApi.send, {
      body: { ...message, captcha: 'forged' },
      headers: { cookie: 'lang=pl' },
    });
    expect(res.status).toBe(400);
    expect((await res.json())._payload).toMatchObject({
      code: contactFailures.captchaFailed.code,
      message: 'Nie udało się potwierdzić, że jesteś człowiekiem. Spróbuj ponownie.',
    });
  });

  it(`at most ${CONTACT_PER_WINDOW} messages from one address in the window, then 429`, async () => {
    const c = ctx();
    for (let i = 0; i < CONTACT_PER_WINDOW; i++) expect((await contact(c)).status).toBe(201);
    expect((await contact(c)).status).toBe(429);
    expect(await c.handle.db.select().from(tickets)).toHaveLength(CONTACT_PER_WINDOW);
  });

  it('an agent answers in the sandbox help desk: HTML shown as text, the answer kept and mailed with the reference', async () => {
    const c = ctx();
    const sneaky = '<script>alert(1)</script> <img src=x onerror=alert(2)> my bill is wrong';
    const { reference } = (await (await contact(c, { message: sneaky })).json())._payload;
    const desk = await (await c.app.request('/sandbox/helpdesk')).text();
    expect(desk).toContain(reference);
    expect(desk).not.toContain('<script>alert(1)');
    expect(desk).not.toContain('<img src=x');
    expect(desk).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    const [ticket] = await c.handle.db.select().from(tickets).where(eq(tickets.reference, reference));
    const answer = await c.app.request(`/sandbox/helpdesk/tickets/${ticket!.id}/answer`, {
      method: 'POST',
      body: new URLSearchParams({ body: 'We have refunded the difference to your credit.' }),
    });
    expect(answer.status).toBe(303);
    const [after] = await c.handle.db.select().from(tickets).where(eq(tickets.id, ticket!.id));
    expect(after!.state).toBe('answered');
    const mails = await mailTo(c, 'aoife@example.org');
    expect(mails.map((m) => m.subject)).toContain(`An answer to ${reference}`);
    expect(
      (
        await c.app.request('/sandbox/helpdesk/tickets/999999/answer', {
          method: 'POST',
          body: new URLSearchParams({ body: 'x' }),
        })
      ).status,
    ).toBe(404);
  });

  it('tickets are handed to the help desk’s tickets API once; one it does not take waits for the next turn', async () => {
    const c = ctx();
    const { reference } = (await (await contact(c)).json())._payload;
    const sent: { url: string; auth: string; body: { ticket: Record<string, unknown> } }[] = [];
    const desk = (status: number) =>
      deskTickets({ url: 'https://desk.example/', token: 'desk-token' }, async (url, init) => {
        sent.push({
          url: String(url),
          auth: (init?.headers as Record<string, string>)['authorization']!,
          body: JSON.parse(String(init?.body)),
        });
        return new Response('{}', { status });
      });
    const turn = (status: number) => forwardTickets({ db: c.handle.db, clock: () => c.clock.now }, desk(status));
    expect(await turn(503)).toBe(0);
    expect(await turn(201)).toBe(1);
    expect(await turn(201)).toBe(0);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.url).toBe('https://desk.example/api/v2/tickets.json');
    expect(sent[1]!.auth).toBe('Bearer desk-token');
    expect(sent[1]!.body.ticket).toMatchObject({
      external_id: reference,
      subject: `${reference}: My SIM or order`,
      // A visitor's: the agent reads first that nobody proved who sent it.
      comment: { body: `${SENDER_NOT_VERIFIED}\n\n${message.message}` },
      requester: { name: 'Aoife Murphy', email: 'aoife@example.org' },
    });
    expect(sent[1]!.body.ticket['tags']).toEqual(['ticket', 'sender_not_verified', 'msisdn_0871234567']);
  });

  it('attachments: images and PDF by their content, 5 MB each, once each, within the hour; kept with the ticket and shown to the agent', async () => {
    const c = ctx();
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(1500, 7)]);
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(300, 32)]);
    const up = (bytes: Buffer, filename: string, type = 'application/octet-stream') =>
      c.app.request(`/panda/public/contact/attachments?filename=${encodeURIComponent(filename)}`, {
        method: 'POST',
        headers: { 'content-type': type },
        body: new Uint8Array(bytes),
      });
    const refusal = async (res: Response) => [res.status, (await res.json())._payload.code];
    // Named and typed as an image or a PDF, but not one by its content: refused.
    expect(await refusal(await up(Buffer.from('<script>alert(1)</script>'), 'invoice.pdf', 'application/pdf'))).toEqual(
      [415, contactFailures.notImageOrPdf.code],
    );
    expect(await refusal(await up(Buffer.from('MZ\x90\x00 a program'), 'photo.png', 'image/png'))).toEqual([
      415,
      contactFailures.notImageOrPdf.code,
    ]);
    expect(await refusal(await up(Buffer.alloc(0), 'empty.png'))).toEqual([400, contactFailures.empty.code]);
    const tooBig = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(5 * 1024 * 1024, 32)]);
    expect(await refusal(await up(tooBig, 'big.pdf'))).toEqual([413, contactFailures.tooBig.code]);
    expect(await c.handle.db.select().from(ticketAttachments)).toEqual([]);

    const photo = (await (await up(png, '../../etc/receipt.png')).json())._payload;
    expect(photo).toMatchObject({ filename: 'receipt.png', type: 'image/png', size: png.length });
    const letter = (await (await up(pdf, 'letter.pdf', 'text/plain')).json())._payload;
    expect(letter.type).toBe('application/pdf');
    const res = await contact(c, { attachments: [photo.id, letter.id] });
    expect(res.status).toBe(201);
    const { reference } = (await res.json())._payload;
    const [ticket] = await c.handle.db.select().from(tickets).where(eq(tickets.reference, reference));
    const joined = await c.handle.db
      .select({ filename: ticketAttachments.filename })
      .from(ticketAttachments)
      .where(eq(ticketAttachments.ticketId, ticket!.id));
    expect(joined.map((a) => a.filename).sort()).toEqual(['letter.pdf', 'receipt.png']);
    // An attachment goes with one message: sent again, the message is refused and nothing is kept.
    const again = await contact(c, { attachments: [photo.id] });
    expect(await refusal(again)).toEqual([400, contactFailures.attachmentGone.code]);
    expect(await c.handle.db.select().from(tickets)).toHaveLength(1);
    expect((await contact(c, { attachments: [1, 2, 3, 4].map(() => photo.id) })).status).toBe(400);

    // The agent sees and downloads it, as the type its content showed, never inline.
    const desk = await (await c.app.request(`/sandbox/helpdesk?reference=${reference}`)).text();
    const link = /href="(\/sandbox\/helpdesk\/attachments\/\d+)" download>receipt\.png<\/a>/.exec(desk);
    expect(link).toBeTruthy();
    const file = await c.app.request(link![1]!);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('content-disposition')).toContain('attachment; filename="receipt.png"');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await file.arrayBuffer()).equals(png)).toBe(true);

    // The help desk gets each file as an upload, and the ticket names the tokens.
    const calls: { url: string; type: string | null }[] = [];
    const deskApi = deskTickets({ url: 'https://desk.example', token: 't' }, async (url, init) => {
      calls.push({ url: String(url), type: new Headers(init?.headers).get('content-type') });
      if (String(url).includes('uploads.json'))
        return Response.json({ upload: { token: `tok-${calls.length}` } }, { status: 201 });
      calls.push({ url: String(init?.body), type: null });
      return Response.json({ ticket: { id: 77 } }, { status: 201 });
    });
    expect(await forwardTickets({ db: c.handle.db, clock: () => c.clock.now }, deskApi)).toBe(1);
    expect(calls[0]).toEqual({
      url: 'https://desk.example/api/v2/uploads.json?filename=receipt.png',
      type: 'image/png',
    });
    expect(calls[1]!.type).toBe('application/pdf');
    expect(JSON.parse(calls[3]!.url).ticket.comment.uploads).toEqual(['tok-1', 'tok-2']);

    // An upload no message claimed goes after an hour; one that was claimed stays.
    const stray = (await (await up(png, 'stray.png')).json())._payload;
    c.clock.advance(61 * 60_000);
    expect(await refusal(await contact(c, { attachments: [stray.id] }))).toEqual([
      400,
      contactFailures.attachmentGone.code,
    ]);
    expect(await pruneUploads({ db: c.handle.db, clock: () => c.clock.now })).toBe(1);
    expect(await c.handle.db.select({ id: ticketAttachments.id }).from(ticketAttachments)).toHaveLength(2);
  });

  it('a member who deletes their account: their tickets are kept, the reference standing for their name and address, their words gone', async () => {
    const c = ctx();
    const m = await createMember(c, {});
    const { reference } = (await (await contact(c, { email: m.email })).json())._payload;
    const gone = await deleteAccount(c, m);
    expect(gone.status).toBe(200);
    const [kept] = await c.handle.db.select().from(tickets).where(eq(tickets.reference, reference));
    expect(kept).toMatchObject({ name: reference, email: '', msisdn: null });
    const entries = await c.handle.db.select().from(ticketEntries).where(eq(ticketEntries.ticketId, kept!.id));
    expect(entries[0]!.body).toBe(ERASED_TEXT);
  });
});
