import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import pino from 'pino';
import { expect, it } from 'vitest';
import { SENDER_NOT_VERIFIED } from '../../../src/contract/contact.ts';
import { contactApi } from '../../../src/contract/contact.schema.ts';
import type { RequestBody } from '../../../src/contract/endpoint.ts';
import { helpdeskApi, helpdeskFailures } from '../../../src/contract/helpdesk.schema.ts';
import { signUpApi, signUpFailures } from '../../../src/contract/sign-up.schema.ts';
import { supportApi } from '../../../src/contract/support.schema.ts';
import { createApp } from '../../../src/server/app.ts';
import { withoutAddresses } from '../../../src/server/middleware/context.ts';
import { members, outbox, ticketAttachments, ticketEntries, tickets } from '../../../src/server/db/schema.ts';
import { ERASED_TEXT } from '../../../src/server/modules/privacy/my-data/my-data.service.ts';
import { bodyField } from '../../../src/server/http/limiters.ts';
import type { TicketForDesk } from '../../../src/server/modules/care/integrations/tickets/index.ts';
import { forwardTickets } from '../../../src/server/modules/care/tickets.job.ts';
import { createMember, deleteAccount, type BuiltMember } from '../support/builders.ts';
import { ok, refused, send } from '../support/client.ts';
import { forEachDatabase, signUpMember, solveCaptcha, type Session, type TestContext } from '../support/harness.ts';

/** The app with its log lines kept (pino at info, each line as written), to read what the access log says. */
function appLogging(c: TestContext) {
  const lines: string[] = [];
  const logger = pino(
    { level: 'info' },
    new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    }),
  );
  return { app: createApp({ db: c.handle.db, config: c.config, clock: () => c.clock.now, logger }), lines };
}

/**
 * Identity is trusted only once proven (docs/security.md): a ticket joins an account only from that
 * account's signed-in session, the help desk signs in only a verified address, and what goes to an
 * address nobody proved carries nothing a stranger wrote. Each test reproduces a finding of a review.
 */
const text = 'My bill is wrong, see https://evil.example/pay-here to sort it out at once.';
const contact = async (c: TestContext, body: Record<string, unknown>, session?: Session) =>
  send(c.app, contactApi.send, {
    ...(session ? { session } : {}),
    body: {
      topic: 'My account',
      name: 'Somebody',
      message: text,
      captcha: await solveCaptcha(c.app),
      ...body,
    } as RequestBody<typeof contactApi.send>,
  });
const mailsTo = (c: TestContext, to: string) => c.handle.db.select().from(outbox).where(eq(outbox.to, to));
const listOf = async (c: TestContext, m: { session: Session; userId: number }) =>
  (await ok(c.app, supportApi.tickets, { session: m.session, params: { user_id: m.userId } }))._payload.values;
const me = (s: Session) => ({ user_id: s.userId });

forEachDatabase('identity', { seed: 'catalogue' }, (ctx) => {
  it('a visitor’s message joins no account: not the address’s owner’s, and not an account signed up with it later', async () => {
    const c = ctx();
    const victim = await createMember(c, { email: 'siobhan@example.org' });
    // A visitor writes as a member's address, in another case: not listed in the member's Support.
    const first = (await (await contact(c, { email: 'SIOBHAN@example.org' })).json())._payload;
    expect(first).toMatchObject({ kind: 'ticket', copied: false, email: 'SIOBHAN@example.org' });
    expect(await listOf(c, victim)).toEqual([]);
    // Someone writes in as someone@; an attacker signs up with that address (signed in at once, unverified):
    // the address's next message from no session joins nobody, and the earlier one stays no one's.
    await contact(c, { email: 'someone@example.org' });
    const attacker = await signUpMember(c, 'someone@example.org');
    await contact(c, { email: 'someone@example.org', message: 'Here is my new PIN and my address, please update.' });
    expect(await listOf(c, { session: attacker, userId: attacker.userId })).toEqual([]);
    const rows = await c.handle.db.select().from(tickets);
    expect(rows.map((t) => t.memberId)).toEqual([null, null, null]);
  });

  it('a member’s message from their signed-in session joins their account and is answered at the account’s address', async () => {
    const c = ctx();
    const m = await createMember(c, { email: 'niamh@example.org' });
    const res = await contact(c, { email: 'someone-else@example.org' }, m.session);
    expect(res.status).toBe(201);
    const sent = (await res.json())._payload;
    expect(sent).toMatchObject({ kind: 'ticket', copied: true, email: 'niamh@example.org' });
    expect((await listOf(c, m)).map((t) => t.reference)).toEqual([sent.reference]);
    expect(await mailsTo(c, 'someone-else@example.org')).toEqual([]);
    const [mail] = await mailsTo(c, 'niamh@example.org');
    expect(mail!.body).toContain(text);
    // A session without its XSRF token is no session here: the message is a visitor's.
    const { 'x-xsrf-token': _dropped, ...noXsrf } = m.session.headers;
    const visitor = await contact(c, { email: 'niamh@example.org' }, { ...m.session, headers: noXsrf });
    expect(((await visitor.json()) as { _payload: { copied: boolean } })._payload.copied).toBe(false);
    expect(await listOf(c, m)).toHaveLength(1);
  });

  it('a copy to an address nobody proved says the reference and how to follow it, nothing the sender wrote', async () => {
    const c = ctx();
    const { reference } = (await (await contact(c, { email: 'target@example.org' })).json())._payload;
    const complaint = (await (await contact(c, { email: 'target@example.org', topic: 'Make a complaint' })).json())
      ._payload;
    const mails = await mailsTo(c, 'target@example.org');
    expect(mails.map((m) => m.subject)).toEqual([
      `Your message to 48: ${reference}`,
      `Your complaint to 48: ${complaint.reference}`,
    ]);
    for (const mail of mails) {
      expect(mail.body).toContain(mail.subject.split(': ')[1]!);
      expect(mail.body).not.toContain('evil.example');
      expect(mail.body).not.toContain('My bill is wrong');
      expect(mail.body).not.toContain('my48 → Support');
    }
  });

  it('the agent reads "sender not verified" above a visitor’s message, and gets no account data with it', async () => {
    const c = ctx();
    const m = await createMember(c, {
      email: 'aine@example.org',
      contactPreferences: { noPhoneCalls: true },
    });
    await contact(c, { email: 'aine@example.org' });
    await contact(c, { email: 'aine@example.org' }, m.session);
    const forwarded: TicketForDesk[] = [];
    await forwardTickets(
      { db: c.handle.db, clock: () => c.clock.now },
      {
        async forward(t) {
          forwarded.push(t);
          return { deskId: null };
        },
        async escalate() {},
        async signOut() {},
        linkTo: () => null,
      },
      async () => 'By phone, in the evening',
    );
    expect(forwarded.map((t) => [t.email, t.senderVerified, t.contactPreferences])).toEqual([
      ['aine@example.org', false, null],
      ['aine@example.org', true, 'By phone, in the evening'],
    ]);
    const desk = await (await c.app.request('/sandbox/helpdesk')).text();
    expect(desk.split(SENDER_NOT_VERIFIED)).toHaveLength(2);
  });

  it('help-desk sign-on only for a verified address', async () => {
    const c = ctx();
    // Whoever signs up with a victim's address is signed in at once, unverified: the desk refuses them.
    const s = await signUpMember(c, 'victim@example.org');
    await refused(c.app, helpdeskApi.sso, { session: s, params: me(s) }, helpdeskFailures.unverified);
    const [mail] = await mailsTo(c, 'victim@example.org');
    const code = /verification code is ([0-9]{6})/.exec(mail!.body)![1]!;
    await ok(c.app, signUpApi.verifyEmail, {
      session: s,
      params: { ...me(s), token: code },
      query: { force: 'true' },
    });
    const { _payload } = await ok(c.app, helpdeskApi.sso, { session: s, params: me(s) });
    expect(JSON.parse(Buffer.from(_payload.sso.split('.')[1]!, 'base64url').toString()).email).toBe(
      'victim@example.org',
    );
  });

  it('a Polish member whose address is not proved is refused the help desk in Polish', async () => {
    const c = ctx();
    const m = await createMember(c, { language: 'pl' });
    await c.handle.db.update(members).set({ isVerified: false }).where(eq(members.id, m.userId));
    await refused(
      c.app,
      helpdeskApi.sso,
      { session: m.session, params: { user_id: m.userId } },
      {
        ...helpdeskFailures.unverified,
        message: 'Najpierw potwierdź swój adres e-mail: dział pomocy rozpoznaje Cię po nim.',
      },
    );
  });

  it('a verified address is not changed by asking for a verification mail to another one', async () => {
    const c = ctx();
    const m = await createMember(c);
    await refused(
      c.app,
      signUpApi.sendVerification,
      { session: m.session, params: { user_id: m.userId }, body: { email: 'elsewhere@example.org' } },
      signUpFailures.verifiedAlready,
    );
    const [row] = await c.handle.db.select().from(members).where(eq(members.id, m.userId));
    expect([row!.email, row!.isVerified]).toEqual([m.email, true]);
    // A new account, unverified, still corrects the address it signed up with.
    const s = await signUpMember(c, 'typo@exmaple.org');
    expect(
      (
        await send(c.app, signUpApi.sendVerification, {
          session: s,
          params: me(s),
          body: { email: 'typo@example.org' },
        })
      ).status,
    ).toBe(200);
  });

  it('an attachment’s kept name tells the truth: the extension of its bytes, no format characters, no dots only', async () => {
    const c = ctx();
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;');
    const pdf = Buffer.from('%PDF-1.7\n%%EOF\n');
    const up = async (bytes: Buffer, filename: string) =>
      (
        (await (
          await c.app.request(`/panda/public/contact/attachments?filename=${encodeURIComponent(filename)}`, {
            method: 'POST',
            headers: { 'content-type': 'application/octet-stream' },
            body: new Uint8Array(bytes),
          })
        ).json()) as { _payload: { filename: string } }
      )._payload.filename;
    expect(await up(gif, 'report.html')).toBe('report.gif');
    expect(await up(pdf, 'invoice\u202efdp.exe')).toBe('invoicefdp.pdf');
    expect(await up(gif, '..')).toBe('attachment.gif');
    const kept = await c.handle.db.select({ filename: ticketAttachments.filename }).from(ticketAttachments);
    expect(kept.map((k) => k.filename).sort()).toEqual(['attachment.gif', 'invoicefdp.pdf', 'report.gif']);
  });

  it('deleting an account: its questions and those from its proven address in any case lose the words and files; complaints keep theirs; the reference stays', async () => {
    const c = ctx();
    const m: BuiltMember = await createMember(c, { email: 'ronan@example.org' });
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    const upload = (
      (await (
        await c.app.request('/panda/public/contact/attachments?filename=meter.png', { method: 'POST', body: png })
      ).json()) as { _payload: { id: string } }
    )._payload.id;
    const before = (await (await contact(c, { email: 'RONAN@example.org', attachments: [upload] })).json())._payload;
    const own = (await (await contact(c, { email: m.email }, m.session)).json())._payload;
    const complaint = (await (await contact(c, { email: m.email, topic: 'Make a complaint' }, m.session)).json())
      ._payload;
    // An unverified account deleted erases nobody's: a visitor's message from its address stays whole.
    const stranger = await createMember(c, { email: 'maeve@example.org', verified: false });
    const hers = (await (await contact(c, { email: 'maeve@example.org' })).json())._payload;
    expect((await deleteAccount(c, m)).status).toBe(200);
    expect((await deleteAccount(c, stranger)).status).toBe(200);
    for (const reference of [before.reference, own.reference]) {
      const [t] = await c.handle.db.select().from(tickets).where(eq(tickets.reference, reference));
      expect(t).toMatchObject({ name: reference, email: '', memberId: null });
      const entries = await c.handle.db.select().from(ticketEntries).where(eq(ticketEntries.ticketId, t!.id));
      expect(entries.filter((e) => e.author === 'customer').map((e) => e.body)).toEqual([ERASED_TEXT]);
    }
    expect(await c.handle.db.select().from(ticketAttachments)).toEqual([]);
    // A complaint is a record the complaints code keeps a year after closing: pseudonymised, its text kept.
    const [record] = await c.handle.db.select().from(tickets).where(eq(tickets.reference, complaint.reference));
    expect(record).toMatchObject({ name: complaint.reference, email: '', memberId: null, kind: 'complaint' });
    const [said] = await c.handle.db.select().from(ticketEntries).where(eq(ticketEntries.ticketId, record!.id));
    expect(said!.body).toBe(text);
    const [kept] = await c.handle.db.select().from(tickets).where(eq(tickets.reference, hers.reference));
    expect(kept!.email).toBe('maeve@example.org');
    const [keptEntry] = await c.handle.db.select().from(ticketEntries).where(eq(ticketEntries.ticketId, kept!.id));
    expect(keptEntry!.body).toBe(text);
  });

  it('no e-mail address in the access log, a request’s path or an error report’s URL', async () => {
    const c = ctx();
    const { app, lines } = appLogging(c);
    await app.request('/panda/public/users/authentication-removed/ciara%40example.org');
    await app.request('/panda/public/users/authentication-removed/ciara@example.org');
    expect(lines.some((l) => l.includes('"path":"/panda/public/users/authentication-removed/[email]"'))).toBe(true);
    expect(lines.join('\n')).not.toMatch(/ciara/i);
    expect(withoutAddresses('https://www.48.ie/x?email=a%40b.ie&next=/my48')).toBe(
      'https://www.48.ie/x?email=[email]&next=/my48',
    );
  });

  it('the access log names a member’s transaction (x-gg-transaction) beside the request id, and no overlong one', async () => {
    const c = ctx();
    const { app, lines } = appLogging(c);
    const m = await createMember(c, {});
    const path = `/panda/protected/users/${m.userId}/flexidata/getislegacyuser`;
    expect((await app.request(path, { headers: m.session.headers })).status).toBe(200);
    const access = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l['msg'] === 'request');
    expect(access.at(-1)).toMatchObject({ path, status: 200, transaction: m.session.headers['x-gg-transaction'] });
    expect(access.at(-1)!['requestId']).toEqual(expect.any(String));
    await app.request(path, { headers: { ...m.session.headers, 'x-gg-transaction': 'x'.repeat(257) } });
    const refusedLine = lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l['msg'] === 'request')
      .at(-1)!;
    expect(refusedLine).toMatchObject({ status: 401 });
    expect(refusedLine).not.toHaveProperty('transaction');
  });

  it('rate-limit keys read the body of every JSON type the validators take', async () => {
    const probe = new Hono();
    probe.post('/', async (c) => c.text(await bodyField(c, 'username')));
    for (const type of ['application/json', 'application/vnd.api+json', 'application/x+json; charset=utf-8'])
      expect(
        await (
          await probe.request('/', {
            method: 'POST',
            headers: { 'content-type': type },
            body: JSON.stringify({ username: ' Orla@Example.org ' }),
          })
        ).text(),
      ).toBe('orla@example.org');
  });
});
