import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { COMPLAINTS_PER_HOUR } from '../../../src/contract/contact.ts';
import { requestFailures } from '../../../src/contract/common-failures.ts';
import { helpdeskFailures } from '../../../src/contract/helpdesk.schema.ts';
import { contactApi } from '../../../src/contract/contact.schema.ts';
import { settingsApi } from '../../../src/contract/settings.schema.ts';
import { supportApi, supportFailures, supportMessages } from '../../../src/contract/support.schema.ts';
import { members, outbox, ticketEntries, tickets } from '../../../src/server/db/schema.ts';
import { deskTickets, type TicketForDesk } from '../../../src/server/modules/care/integrations/tickets/index.ts';
import { forwardTickets } from '../../../src/server/modules/care/tickets.job.ts';
import { entryIn, pruneTickets, treatUnansweredAsComplaints } from '../../../src/server/modules/care/tickets.ts';
import { describedContactPreferencesOf } from '../../../src/server/modules/identity/index.ts';
import { createMember, deleteAccount, signIn, type BuiltMember } from '../support/builders.ts';
import { ok, refused, send } from '../support/client.ts';
import { forEachDatabase, solveCaptcha, TEST_HELPDESK_WEBHOOK_SECRET, type TestContext } from '../support/harness.ts';

const DAY = 86_400_000;
const complaintText = 'I was charged twice for my membership this month. Please refund the second payment.';

const raise = (c: TestContext, m: BuiltMember, body: Record<string, unknown> = {}) =>
  send(c.app, supportApi.raiseComplaint, {
    session: m.session,
    params: { user_id: m.userId },
    body: { message: complaintText, ...body } as never,
  });
const list = async (c: TestContext, m: BuiltMember) =>
  (await ok(c.app, supportApi.tickets, { session: m.session, params: { user_id: m.userId } }))._payload.values;
const timelineOf = async (c: TestContext, m: BuiltMember, reference: string) =>
  (await ok(c.app, supportApi.ticket, { session: m.session, params: { user_id: m.userId, reference } }))._payload;
const mailsTo = (c: TestContext, to: string) => c.handle.db.select().from(outbox).where(eq(outbox.to, to));
const idOf = async (c: TestContext, reference: string) =>
  (await c.handle.db.select().from(tickets).where(eq(tickets.reference, reference)))[0]!.id;
/** An agent's step in the sandbox help desk, as its forms send it. */
const agent = (c: TestContext, id: number, step: string, fields: Record<string, string> = {}) =>
  c.app.request(`/sandbox/helpdesk/tickets/${id}/${step}`, { method: 'POST', body: new URLSearchParams(fields) });
/** Moves the clock to an Irish day (10:00 UTC) and signs the member in again (the session idled out). */
async function onDay(c: TestContext, m: BuiltMember, day: string): Promise<BuiltMember> {
  c.clock.now = new Date(`${day}T10:00:00Z`);
  return { ...m, session: await signIn(c, m) };
}

forEachDatabase('support', { seed: 'catalogue' }, (ctx) => {
  it('a member raises a complaint: the reference at once, acknowledged, due on working day 10, mailed with a copy', async () => {
    const c = ctx();
    const m = await createMember(c, { firstname: 'Clodagh', lastname: 'Byrne' });
    const res = await raise(c, m, { msisdn: '087 123 4567' });
    expect(res.status).toBe(201);
    const { reference, due_on } = (await res.json())._payload;
    expect(reference).toMatch(/^48-C-\d{6}$/);
    // Received Sunday 22 November 2026: day 1 is Monday 23, day 10 Friday 4 December.
    expect(due_on).toBe('2026-12-04');
    const [listed] = await list(c, m);
    expect(listed).toMatchObject({
      reference,
      kind: 'complaint',
      state: 'acknowledged',
      due_on: '2026-12-04',
      overdue: false,
      comreg: false,
      can_escalate: true,
    });
    const t = await timelineOf(c, m, reference);
    expect(t.entries.map((e) => [e.kind, e.author])).toEqual([
      ['received', 'customer'],
      ['acknowledged', 'portal'],
    ]);
    expect(t.entries[0]!.body).toBe(complaintText);
    expect(t.entries[1]!.body).toContain('answers by Friday 4 December 2026');
    const [mail] = await mailsTo(c, m.email);
    expect(mail!.subject).toBe(`Your complaint to 48: ${reference}`);
    expect(mail!.body).toContain('Hi Clodagh Byrne');
    expect(mail!.body).toContain(complaintText);
    expect(mail!.body).toContain('Number: 087 123 4567');
    expect(mail!.body).toContain(`${c.config.siteUrl}/legal/code-of-practice`);
  });

  it('an account that never proved its address is mailed the reference only: no name, nothing it wrote', async () => {
    const c = ctx();
    const m = await createMember(c, { firstname: 'Claim your prize', lastname: 'at win.example' });
    await c.handle.db.update(members).set({ isVerified: false }).where(eq(members.id, m.userId));
    const { reference } = (
      await (await raise(c, m, { message: 'Visit win.example now to collect your winnings today.' })).json()
    )._payload;
    await ok(c.app, supportApi.escalate, {
      session: m.session,
      params: { user_id: m.userId, reference },
      body: { reason: 'Send your bank details to win.example' },
    });
    const mails = await mailsTo(c, m.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Your complaint to 48: ${reference}`,
      `Your complaint is with a team lead: ${reference}`,
    ]);
    for (const mail of mails) {
      expect(mail.body.startsWith('Hello,\n')).toBe(true);
      expect(mail.body).toContain(reference);
      expect(mail.body).not.toContain('win.example');
      expect(mail.body).not.toContain('Claim your prize');
    }
  });

  it('deadlines count Irish working days: across Christmas and New Year, and across Easter', async () => {
    const c = ctx();
    let m = await createMember(c);
    // Friday 18 December 2026: Christmas (Fri 25), St Stephen's (Sat 26, so Mon 28) and New Year's Day are off.
    m = await onDay(c, m, '2026-12-18');
    expect((await (await raise(c, m)).json())._payload.due_on).toBe('2027-01-06');
    // Wednesday 24 March 2027: Easter Monday is 29 March (Good Friday is a working day).
    m = await onDay(c, m, '2027-03-24');
    expect((await (await raise(c, m)).json())._payload.due_on).toBe('2027-04-08');
  });

  it('the ComReg card from working day 10 unresolved, late the day after its due day; after a response at once', async () => {
    const c = ctx();
    let m = await createMember(c);
    const { reference } = (await (await raise(c, m)).json())._payload;
    m = await onDay(c, m, '2026-12-03'); // working day 9
    expect(await list(c, m)).toMatchObject([{ comreg: false, overdue: false }]);
    m = await onDay(c, m, '2026-12-04'); // working day 10, the due day
    expect(await list(c, m)).toMatchObject([{ comreg: true, overdue: false }]);
    m = await onDay(c, m, '2026-12-07');
    expect(await list(c, m)).toMatchObject([{ comreg: true, overdue: true }]);
    // Another, responded to on its second day: the card, and nothing late.
    const second = (await (await raise(c, m)).json())._payload.reference;
    m = await onDay(c, m, '2026-12-08');
    expect((await agent(c, await idOf(c, second), 'response', { body: 'We refunded the payment.' })).status).toBe(303);
    const answered = (await list(c, m)).find((t) => t.reference === second)!;
    expect(answered).toMatchObject({ state: 'response', comreg: true, overdue: false });
    expect((await timelineOf(c, m, reference)).comreg).toBe(true);
  });

  it('an agent updates with a new date, responds and closes: each step in the timeline and mailed, ComReg in the last two', async () => {
    const c = ctx();
    const m = await createMember(c);
    const { reference } = (await (await raise(c, m)).json())._payload;
    const id = await idOf(c, reference);
    // An update needs a date after today; a complaint is not "answered" like a ticket.
    expect((await agent(c, id, 'update', { body: 'We are waiting for the bank.', due_on: '2026-11-22' })).status).toBe(
      400,
    );
    expect((await agent(c, id, 'answer', { body: 'Done.' })).status).toBe(400);
    expect((await agent(c, id, 'update', { body: 'We are waiting for the bank.', due_on: '2026-12-11' })).status).toBe(
      303,
    );
    let t = await timelineOf(c, m, reference);
    expect(t).toMatchObject({ state: 'update', due_on: '2026-12-11' });
    expect(t.entries.at(-1)).toMatchObject({ kind: 'update', author: 'agent', due_on: '2026-12-11' });
    expect((await agent(c, id, 'response', { body: 'The bank has returned your €9.99.' })).status).toBe(303);
    expect((await agent(c, id, 'close')).status).toBe(303);
    t = await timelineOf(c, m, reference);
    expect(t.entries.map((e) => e.kind)).toEqual(['received', 'acknowledged', 'update', 'response', 'closed']);
    expect(t).toMatchObject({ state: 'closed', comreg: true, can_escalate: false });
    const subjects = (await mailsTo(c, m.email)).map((mail) => mail.subject);
    expect(subjects).toEqual([
      `Your complaint to 48: ${reference}`,
      `An update on your complaint: ${reference}`,
      `Our response to your complaint: ${reference}`,
      `We have closed ${reference}`,
    ]);
    const mails = await mailsTo(c, m.email);
    expect(mails[1]!.body).toContain('We will respond by Friday 11 December 2026');
    expect(mails[2]!.body).toContain('Commission for Communications Regulation (ComReg), quoting');
    expect(mails[2]!.body).toContain('01 804 9600');
    // Closed: nothing more is taken.
    expect((await agent(c, id, 'response', { body: 'More.' })).status).toBe(409);
  });

  it('a Polish member’s complaint is mailed in Polish at each step; the portal’s entries on their timeline read in Polish, the desk’s record stays English', async () => {
    const c = ctx();
    const m = await createMember(c, { firstname: 'Marta', language: 'pl' });
    const { reference } = (await (await raise(c, m, { msisdn: '087 123 4567' })).json())._payload;
    const id = await idOf(c, reference);
    expect((await agent(c, id, 'update', { body: 'Czekamy na bank.', due_on: '2026-12-11' })).status).toBe(303);
    const toLead = await ok(c.app, supportApi.escalate, {
      session: m.session,
      params: { user_id: m.userId, reference },
      body: { reason: 'Nikt do mnie nie oddzwonił.' },
    });
    // The answers in Polish too: the escalation's, and a second one refused.
    expect(toLead._payload.message).toBe(
      'Twoją reklamacją zajmuje się teraz kierownik zespołu. Wysłaliśmy Ci kopię e-mailem.',
    );
    await refused(
      c.app,
      supportApi.escalate,
      { session: m.session, params: { user_id: m.userId, reference }, body: { reason: '' } },
      { ...supportFailures.already, message: 'Kierownik zespołu już zajmuje się tą reklamacją.' },
    );
    expect((await agent(c, id, 'close')).status).toBe(303);
    const mails = await mailsTo(c, m.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Twoja reklamacja do 48: ${reference}`,
      `Informacja o Twojej reklamacji: ${reference}`,
      `Twoją reklamacją zajmuje się kierownik zespołu: ${reference}`,
      `Zamknęliśmy sprawę ${reference}`,
    ]);
    const [acknowledged, update, escalated, closed] = mails.map((mail) => mail.body);
    expect(acknowledged).toContain(`Cześć Marta Member,\n\nMamy Twoją reklamację. Jej numer to ${reference}:`);
    expect(acknowledged).toContain('odpowie do 4 grudnia 2026 (w ciągu 10 dni roboczych)');
    expect(acknowledged).toContain('Możesz ją śledzić w my48 → Pomoc.');
    expect(acknowledged).toContain('Numer: 087 123 4567\nCo napisałeś lub napisałaś:\n');
    expect(update).toContain('Czekamy na bank.\n\nOdpowiemy do 11 grudnia 2026.');
    expect(escalated).toContain('Ma ją teraz, razem z tym, co napisałeś lub napisałaś:\nNikt do mnie nie oddzwonił.');
    expect(closed).toContain(`Zamknęliśmy Twoją reklamację ${reference}.`);
    expect(closed).toContain('możesz przekazać reklamację do Commission for Communications Regulation (ComReg)');
    for (const body of mails.map((mail) => mail.body)) expect(body).not.toMatch(/\b(Hi|We|your|reference)\b/);
    const t = await timelineOf(c, m, reference);
    expect(t.entries[1]!.body).toBe(
      `Mamy Twoją reklamację. Jej numer to ${reference}: podaj go, jeśli znów skontaktujesz się z nami w tej sprawie.\n` +
        acknowledged!.split('\n').find((line) => line.startsWith('Co dalej:')),
    );
    expect(t.entries[1]!.body).toContain('do 4 grudnia 2026 (w ciągu 10 dni roboczych)');
    // What people wrote stays as written: the agent's update, the member's own words.
    expect(t.entries.map((e) => e.body)).toContain('Czekamy na bank.');
    const [kept] = await c.handle.db
      .select()
      .from(ticketEntries)
      .where(and(eq(ticketEntries.ticketId, id), eq(ticketEntries.kind, 'acknowledged')));
    expect(kept!.body).toMatch(/^We have your complaint\. Your reference is/);
  });

  it('a team lead on request: once, mailed, passed to the help desk once; not for a ticket, a closed complaint or another member', async () => {
    const c = ctx();
    const m = await createMember(c);
    const other = await createMember(c);
    const { reference } = (await (await raise(c, m)).json())._payload;
    const escalate = (who: BuiltMember, ref: string) =>
      send(c.app, supportApi.escalate, {
        session: who.session,
        params: { user_id: who.userId, reference: ref },
        body: { reason: 'Nobody has called me back.' },
      });
    await refused(
      c.app,
      supportApi.escalate,
      { session: other.session, params: { user_id: other.userId, reference }, body: { reason: '' } },
      supportFailures.notFound,
    );
    const first = await escalate(m, reference);
    expect([first.status, (await first.json())._payload.message]).toEqual([200, supportMessages.escalated]);
    await refused(
      c.app,
      supportApi.escalate,
      { session: m.session, params: { user_id: m.userId, reference }, body: { reason: '' } },
      supportFailures.already,
    );
    const t = await timelineOf(c, m, reference);
    expect(t).toMatchObject({ state: 'escalated', can_escalate: false });
    expect(t.entries.at(-1)).toMatchObject({
      kind: 'escalated',
      author: 'customer',
      body: 'Nobody has called me back.',
    });
    expect((await mailsTo(c, m.email)).map((mail) => mail.subject)).toContain(
      `Your complaint is with a team lead: ${reference}`,
    );
    // The help desk: the ticket handed over (its id kept), then the escalation, once.
    const calls: { method: string; url: string; body: Record<string, unknown> }[] = [];
    const desk = deskTickets({ url: 'https://desk.example', token: 't' }, async (url, init) => {
      calls.push({ method: init!.method!, url: String(url), body: JSON.parse(String(init!.body)) });
      return Response.json({ ticket: { id: 9001 } }, { status: init!.method === 'POST' ? 201 : 200 });
    });
    const turn = () => forwardTickets({ db: c.handle.db, clock: () => c.clock.now }, desk);
    expect(await turn()).toBe(2);
    expect(await turn()).toBe(0);
    expect(calls.map((x) => `${x.method} ${x.url}`)).toEqual([
      'POST https://desk.example/api/v2/tickets.json',
      'PUT https://desk.example/api/v2/tickets/9001.json',
    ]);
    expect(calls[1]!.body).toMatchObject({ ticket: { priority: 'urgent', additional_tags: ['escalated'] } });
    // A ticket from the contact form is not a complaint; a closed complaint has had its answer.
    const ticket = await send(c.app, contactApi.send, {
      session: m.session,
      body: {
        topic: 'Coverage',
        name: 'Someone',
        email: m.email,
        message: 'No signal in my kitchen at all.',
        captcha: await solveCaptcha(c.app),
      },
    });
    const ticketRef = (await ticket.json())._payload.reference;
    await refused(
      c.app,
      supportApi.escalate,
      { session: m.session, params: { user_id: m.userId, reference: ticketRef }, body: { reason: '' } },
      supportFailures.notComplaint,
    );
    const closed = (await (await raise(c, m)).json())._payload.reference;
    await agent(c, await idOf(c, closed), 'close');
    await refused(
      c.app,
      supportApi.escalate,
      { session: m.session, params: { user_id: m.userId, reference: closed }, body: { reason: '' } },
      supportFailures.closed,
    );
  });

  it('the list holds the member’s own: a contact-form message from their signed-in session joins it; another member’s is 404', async () => {
    const c = ctx();
    const m = await createMember(c);
    const other = await createMember(c);
    const { reference } = (await (await raise(c, m)).json())._payload;
    await send(c.app, contactApi.send, {
      session: m.session,
      body: {
        topic: 'My account',
        name: 'Built Member',
        email: m.email.toUpperCase(),
        message: 'How do I change my e-mail address?',
        captcha: await solveCaptcha(c.app),
      },
    });
    const mine = await list(c, m);
    expect(mine.map((t) => [t.kind, t.state])).toEqual([
      ['ticket', 'open'],
      ['complaint', 'acknowledged'],
    ]);
    expect(await list(c, other)).toEqual([]);
    await refused(
      c.app,
      supportApi.ticket,
      { session: other.session, params: { user_id: other.userId, reference } },
      supportFailures.notFound,
    );
    const bad = await send(c.app, supportApi.ticket, {
      session: m.session,
      params: { user_id: m.userId, reference: 'nope' },
    });
    expect(bad.status).toBe(400);
  });

  it('a message unanswered on working day 2 becomes a complaint of the same number, acknowledged and mailed; an answered one does not', async () => {
    const c = ctx();
    let m = await createMember(c);
    const message = async (text: string) =>
      (
        await (
          await send(c.app, contactApi.send, {
            session: m.session,
            body: {
              topic: 'Coverage',
              name: 'Built Member',
              email: m.email,
              message: text,
              captcha: await solveCaptcha(c.app),
            },
          })
        ).json()
      )._payload.reference as string;
    const waiting = await message('No signal in my kitchen since Friday.');
    const answered = await message('How do I turn on roaming for France?');
    expect((await agent(c, await idOf(c, answered), 'answer', { body: 'It is on already.' })).status).toBe(303);
    const jobs = { db: c.handle.db, clock: () => c.clock.now };
    m = await onDay(c, m, '2026-11-23'); // working day 1
    expect(await treatUnansweredAsComplaints(jobs, c.config.siteUrl)).toBe(0);
    m = await onDay(c, m, '2026-11-24'); // working day 2
    expect(await treatUnansweredAsComplaints(jobs, c.config.siteUrl)).toBe(1);
    expect(await treatUnansweredAsComplaints(jobs, c.config.siteUrl)).toBe(0);
    const complaint = waiting.replace('48-T-', '48-C-');
    const mine = await list(c, m);
    expect(mine.find((t) => t.reference === complaint)).toMatchObject({
      kind: 'complaint',
      state: 'acknowledged',
      due_on: '2026-12-04',
      topic: 'Coverage',
    });
    expect(mine.find((t) => t.reference === answered)).toMatchObject({ kind: 'ticket', state: 'answered' });
    const t = await timelineOf(c, m, complaint);
    expect(t.entries.map((e) => e.kind)).toEqual(['message', 'acknowledged']);
    expect(t.entries[1]!.body).toContain(`Your message ${waiting} was not resolved within 2 working days`);
    const mail = (await mailsTo(c, m.email)).find((x) => x.subject === `Your message is now a complaint: ${complaint}`);
    expect(mail!.body).toContain(`${c.config.siteUrl}/legal/code-of-practice`);
    // Handed to the help desk again, as a complaint.
    const [row] = await c.handle.db.select().from(tickets).where(eq(tickets.reference, complaint));
    expect(row!.forwardedAt).toBeNull();
    // Its words are kept beside the English record: a Polish reader reads the whole entry in Polish.
    const [entry] = await c.handle.db
      .select()
      .from(ticketEntries)
      .where(and(eq(ticketEntries.ticketId, row!.id), eq(ticketEntries.kind, 'acknowledged')));
    const polish = entryIn('pl', entry!);
    expect(polish).toContain(`Twoja wiadomość ${waiting} nie została załatwiona w ciągu 2 dni roboczych`);
    expect(polish).toContain(`Mamy Twoją reklamację. Jej numer to ${complaint}:`);
    expect(polish).not.toMatch(/\b(We|your|reference)\b/);
  });

  it('bad input is a 400 with the field’s message, nothing kept; at most a few complaints an hour', async () => {
    const c = ctx();
    const m = await createMember(c);
    for (const [body, text] of [
      [{ message: 'Bad' }, 'Tell us a little more: at least 10 characters.'],
      [{ message: 'x'.repeat(5001) }, 'Keep it under 5000 characters.'],
      [{ msisdn: '12345' }, 'Enter an Irish mobile number like 087 123 4567.'],
    ] as const) {
      const res = await raise(c, m, body);
      expect(res.status).toBe(400);
      expect((await res.json())._payload.message).toContain(text);
    }
    expect(await c.handle.db.select().from(tickets)).toEqual([]);
    for (let i = 0; i < COMPLAINTS_PER_HOUR - 3; i++) expect((await raise(c, m)).status).toBe(201);
    expect((await raise(c, m)).status).toBe(429);
  });

  it('kept a year after closing, pseudonymised when the account is deleted, then removed', async () => {
    const c = ctx();
    const m = await createMember(c);
    const { reference } = (await (await raise(c, m)).json())._payload;
    const gone = await deleteAccount(c, m);
    expect(gone.status).toBe(200);
    const [kept] = await c.handle.db.select().from(tickets).where(eq(tickets.reference, reference));
    expect(kept).toMatchObject({ name: reference, email: '', memberId: null, kind: 'complaint' });
    // The agent still responds and closes it (no one to mail); a year after closing it goes.
    expect((await agent(c, kept!.id, 'response', { body: 'Refunded.' })).status).toBe(303);
    expect((await agent(c, kept!.id, 'close')).status).toBe(303);
    const jobs = { db: c.handle.db, clock: () => c.clock.now };
    c.clock.advance(364 * DAY);
    expect(await pruneTickets(jobs)).toBe(0);
    c.clock.advance(2 * DAY);
    expect(await pruneTickets(jobs)).toBe(1);
    expect(await c.handle.db.select().from(tickets).where(eq(tickets.reference, reference))).toEqual([]);
  });

  it("the help desk's webhook: signed steps only, each comment once, the same rules as the sandbox's", async () => {
    const c = ctx();
    const m = await createMember(c);
    const { reference } = (await (await raise(c, m)).json())._payload;
    const post = (event: Record<string, unknown>, sign: { secret?: string; at?: Date } = {}) => {
      const body = JSON.stringify(event);
      const timestamp = (sign.at ?? c.clock.now).toISOString();
      const signature = createHmac('sha256', sign.secret ?? secret)
        .update(timestamp + body)
        .digest('base64');
      return c.app.request('/panda/public/helpdesk/events', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-zendesk-webhook-signature': signature,
          'x-zendesk-webhook-signature-timestamp': timestamp,
        },
        body,
      });
    };
    const secret = TEST_HELPDESK_WEBHOOK_SECRET;
    const response = { external_id: reference, comment_id: '501', step: 'response', body: 'We refunded €9.99.' };
    const status = async (res: Response | Promise<Response>) => {
      const r = await res;
      return [r.status, ((await r.json()) as { _payload: { code?: string } })._payload.code];
    };
    // Not configured: the webhook is not there (404), nothing recorded.
    delete c.config.helpdeskWebhookSecret;
    try {
      expect(await status(post(response))).toEqual([404, requestFailures.notFound.code]);
    } finally {
      c.config.helpdeskWebhookSecret = secret;
    }
    {
      expect(await status(post(response, { secret: 'someone-elses-secret-0000' }))).toEqual([
        401,
        helpdeskFailures.badSignature.code,
      ]);
      expect(await status(post(response, { at: new Date(c.clock.now.getTime() - 10 * 60_000) }))).toEqual([
        401,
        helpdeskFailures.badSignature.code,
      ]);
      expect(await status(post({ ...response, external_id: '48-C-999999' }))).toEqual([
        404,
        helpdeskFailures.unknown.code,
      ]);
      expect(await status(post({ ...response, step: 'update', comment_id: '500' }))).toEqual([
        422,
        helpdeskFailures.badDate.code,
      ]);
      expect(await status(post({ ...response, step: 'answer' }))).toEqual([422, helpdeskFailures.notForThisKind.code]);
      expect((await post({ ...response, step: 'later' })).status).toBe(400);
      expect((await post(response)).status).toBe(200);
      expect((await post(response)).status).toBe(200); // the desk sent it twice
      const t = await timelineOf(c, m, reference);
      expect(t.entries.filter((e) => e.kind === 'response').map((e) => e.body)).toEqual(['We refunded €9.99.']);
      expect(t).toMatchObject({ state: 'response', comreg: true });
      expect((await mailsTo(c, m.email)).filter((mail) => mail.subject.startsWith('Our response'))).toHaveLength(1);
    }
  });

  it('how we contact you: saved, checked, shown to the agent and handed to the help desk with every ticket', async () => {
    const c = ctx();
    const m = await createMember(c);
    const params = { user_id: m.userId };
    expect((await ok(c.app, settingsApi.contactPreferences, { session: m.session, params }))._payload).toEqual({
      large_print: false,
      no_phone_calls: false,
      email_only: false,
      representative_name: null,
      representative_relationship: null,
      notes: null,
    });
    const put = (body: Record<string, unknown>) =>
      send(c.app, settingsApi.saveContactPreferences, {
        session: m.session,
        params,
        body: { large_print: false, no_phone_calls: false, email_only: false, ...body } as never,
      });
    const halfRep = await put({ representative_name: 'Siobhán Byrne' });
    expect(halfRep.status).toBe(400);
    expect((await halfRep.json())._payload.message).toContain('or neither');
    expect((await put({ notes: 'x'.repeat(501) })).status).toBe(400);
    const saved = await put({
      large_print: true,
      no_phone_calls: true,
      representative_name: 'Siobhán Byrne',
      representative_relationship: 'daughter',
      notes: '<b>Hard of hearing</b>',
    });
    expect(saved.status).toBe(200);
    const { reference } = (await (await raise(c, m)).json())._payload;
    const desk = await (await c.app.request(`/sandbox/helpdesk?reference=${reference}`)).text();
    expect(desk).toContain(
      'Large print; No phone calls; Representative: Siobhán Byrne (daughter); Note: &lt;b&gt;Hard of hearing&lt;/b&gt;',
    );
    const handed: TicketForDesk[] = [];
    await forwardTickets(
      { db: c.handle.db, clock: () => c.clock.now },
      {
        forward: async (t) => (handed.push(t), { deskId: null }),
        escalate: async () => {},
        signOut: async () => {},
        linkTo: () => null,
      },
      (id) => describedContactPreferencesOf(c.handle.db, id),
    );
    expect(handed[0]!.contactPreferences).toBe(
      'Large print; No phone calls; Representative: Siobhán Byrne (daughter); Note: <b>Hard of hearing</b>',
    );
    expect(handed[0]!.dueOn).toBe('2026-12-04');
  });
});
