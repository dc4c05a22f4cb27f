import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { lineChangesApi, lineChangesFailures, lineChangesMessages } from '../../../src/contract/line-changes.schema.ts';
import { securityApi } from '../../../src/contract/security.schema.ts';
import { simSettingsApi } from '../../../src/contract/sim-settings.schema.ts';
import * as schema from '../../../src/server/db/schema.ts';
import { forwardTickets } from '../../../src/server/modules/care/tickets.job.ts';
import type { TicketForDesk } from '../../../src/server/modules/care/integrations/tickets/index.ts';
import { tellLineChanges } from '../../../src/server/modules/controls/line-changes/line-changes.service.ts';
import { numberLeft } from '../../../src/server/modules/network/index.ts';
import { BUILT_PASSWORD, createMember, signIn, type BuiltMember } from '../support/builders.ts';
import { ok, refused, send } from '../support/client.ts';
import { sendNetworkEvent } from '../support/network-use.ts';
import { forEachDatabase, stepUpCode, type TestContext } from '../support/harness.ts';

/**
 * "This wasn't me" (docs/product/member-controls.md): a change of SIM, a port-out asked for and one
 * done are mailed at once with a single-use link for 7 days; pressing it blocks the line at the
 * network, ends every session, and opens an urgent fraud case whose forwarding signs the member out
 * of the help desk.
 */

const mailsTo = (c: TestContext, m: BuiltMember) =>
  c.handle.db.select().from(schema.outbox).where(eq(schema.outbox.to, m.email)).orderBy(schema.outbox.id);

/** The token of the newest "was this you?" mail to the member. */
async function linkToken(c: TestContext, m: BuiltMember) {
  const mails = (await mailsTo(c, m)).filter((o) => o.subject.endsWith('was this you?'));
  const body = mails.at(-1)?.body ?? '';
  const link = /https:\/\/www\.48\.ie\/this-wasnt-me#token=([A-Za-z0-9_-]+)/.exec(body);
  expect(link, body).not.toBeNull();
  return link![1]!;
}

async function toEsim(c: TestContext, m: BuiltMember) {
  const code = await stepUpCode(c, m.session, 'sim');
  const res = await send(c.app, simSettingsApi.changeToEsim, {
    session: m.session,
    params: { user_id: m.userId, ssn: m.ssn },
    body: { password: BUILT_PASSWORD },
    stepUpCode: code,
  });
  expect(res.status).toBe(201);
  return (await res.json())._payload.sim.ssn as string;
}

/** A signed TMF638 event about the member's line to the network listener. */
async function lineEvent(
  c: TestContext,
  m: BuiltMember,
  eventType: string,
  state: string,
  chars: Record<string, string>,
) {
  const body = JSON.stringify({
    eventId: `${eventType}-${m.ssn}-${state}`,
    eventTime: c.clock.now.toISOString(),
    eventType,
    event: {
      service: {
        id: `svc-${m.ssn}`,
        state,
        serviceSpecification: { id: 'mobileLine' },
        serviceCharacteristic: [
          { name: 'msisdn', value: `353${m.msisdn.slice(1)}` },
          ...Object.entries(chars).map(([name, value]) => ({ name, value })),
        ],
      },
    },
  });
  const res = await sendNetworkEvent(c, body);
  expect(res.status).toBe(200);
}

const report = (c: TestContext, token: string) => send(c.app, lineChangesApi.report, { body: { token } });
const sessionWorks = async (c: TestContext, m: BuiltMember) =>
  (await send(c.app, securityApi.spendLimit, { session: m.session, params: { user_id: m.userId } })).status === 200;

forEachDatabase('this wasn’t me', { seed: 'catalogue', rateLimit: undefined }, (ctx) => {
  it('an eSIM change is mailed with the link; twenty presses at once block the line once, end every session and open one urgent fraud case', async () => {
    const c = ctx();
    const m = await createMember(c, { firstname: 'Orla' });
    const other = await signIn(c, m);
    const esim = await toEsim(c, m);

    const mail = (await mailsTo(c, m)).at(-1)!;
    expect(mail.subject).toBe('Your number moved to an eSIM: was this you?');
    expect(mail.body).toMatch(/On 22 November at 10:00 your number 08\d \d{3} \d{4} moved to an eSIM\./);
    expect(mail.body).toContain('The link works once, for 7 days.');
    const token = await linkToken(c, m);
    // The mail keeps the token; the database only its hash.
    const [kept] = await c.handle.db.select().from(schema.lineChanges).where(eq(schema.lineChanges.memberId, m.userId));
    expect(kept).toMatchObject({ kind: 'esim', ssn: esim, msisdn: m.msisdn, reportedAt: null });
    expect(kept!.tokenHash).not.toContain(token);

    // Reading the link changes nothing (a mail scanner may open it).
    const seen = await ok(c.app, lineChangesApi.change, { body: { token } });
    expect(seen._payload).toMatchObject({ kind: 'esim', msisdn: m.msisdn, title: 'Your number moved to an eSIM' });
    expect(await sessionWorks(c, m)).toBe(true);

    const answers = await Promise.all(Array.from({ length: 20 }, () => report(c, token)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, ...Array<number>(19).fill(410)]);
    const won = await answers.find((r) => r.status === 200)!.json();
    expect(won._payload).toMatchObject({ line_blocked: true, message: lineChangesMessages.reported });
    expect(won._payload.reference).toMatch(/^48-T-\d{6}$/);

    const [sim] = await c.handle.db.select().from(schema.sims).where(eq(schema.sims.ssn, esim));
    expect(sim!.blockedAt).not.toBeNull();
    // Suspended at the network after the swap on its way: one order, for the eSIM's line.
    const suspends = await c.handle.db
      .select()
      .from(schema.networkOrders)
      .where(and(eq(schema.networkOrders.line, esim), eq(schema.networkOrders.service, 'mobileLine')));
    expect(suspends.filter((o) => o.cause.startsWith('line:suspended:'))).toHaveLength(1);
    expect(await sessionWorks(c, m)).toBe(false);
    expect((await send(c.app, securityApi.spendLimit, { session: other, params: { user_id: m.userId } })).status).toBe(
      401,
    );
    const cases = await c.handle.db.select().from(schema.tickets).where(eq(schema.tickets.memberId, m.userId));
    expect(cases.map((t) => [t.origin, t.state, t.reference])).toEqual([['fraud', 'open', won._payload.reference]]);
    const [note] = await c.handle.db
      .select()
      .from(schema.notifications)
      .where(eq(schema.notifications.title, "You told us a change to your line wasn't you"));
    expect(note?.memberId).toBe(m.userId);
    expect(note!.body).toContain('my48 → Lost SIM → Unblock');
    expect((await mailsTo(c, m)).at(-1)!.subject).toBe(`We have stopped your line: ${won._payload.reference}`);

    // Used: the link answers nothing more, read or pressed.
    await refused(c.app, lineChangesApi.change, { body: { token } }, lineChangesFailures.linkGone);
    await refused(c.app, lineChangesApi.report, { body: { token } }, lineChangesFailures.linkGone);

    // The help desk takes the case urgent, after signing the member out of it.
    const steps: string[] = [];
    const handed: TicketForDesk[] = [];
    await forwardTickets(
      { db: c.handle.db, clock: () => c.clock.now },
      {
        forward: async (t) => (steps.push(`forward ${t.reference}`), handed.push(t), { deskId: 'z1' }),
        escalate: async () => {},
        signOut: async (email) => void steps.push(`sign out ${email}`),
        linkTo: () => null,
      },
    );
    const mine = handed.find((t) => t.reference === won._payload.reference)!;
    expect(mine).toMatchObject({ urgent: true, senderVerified: true, email: m.email, msisdn: m.msisdn });
    expect(mine.message).toContain('moved to an eSIM');
    expect(steps.indexOf(`sign out ${m.email}`)).toBe(steps.indexOf(`forward ${won._payload.reference}`) - 1);

    // The way back: log in, a code to the member's address, unblock as for a lost SIM.
    const back = await signIn(c, m);
    const code = await stepUpCode(c, back, 'unblock');
    const unblocked = await send(c.app, securityApi.unblockSim, {
      session: back,
      params: { user_id: m.userId, ssn: esim },
      stepUpCode: code,
    });
    expect(unblocked.status).toBe(200);
  });

  it('in the member’s language: a Polish member’s mail, its link working the same, and what they are told once they report it', async () => {
    const c = ctx();
    const m = await createMember(c, { firstname: 'Zofia', language: 'pl' });
    await toEsim(c, m);
    const mail = (await mailsTo(c, m)).at(-1)!;
    expect(mail.subject).toBe('Twój numer przeniesiono na eSIM: czy to Ty?');
    expect(mail.body).toMatch(
      /^Cześć Zofia,\n\nDnia 22 listopada 10:00 Twój numer 08\d \d{3} \d{4} został przeniesiony na eSIM\./,
    );
    expect(mail.body).toContain('Link działa raz, przez 7 dni.');
    // The link is to the page in Polish, and the page reads the change in Polish.
    const token = /https:\/\/www\.48\.ie\/pl\/this-wasnt-me#token=([A-Za-z0-9_-]+)/.exec(mail.body)![1]!;
    const seen = (await ok(c.app, lineChangesApi.change, { body: { token } }))._payload;
    expect(seen.title).not.toMatch(/[Yy]our|moved/);
    expect(seen.what).toMatch(/^Dnia 22 listopada 10:00 Twój numer/);
    const reported = await report(c, token);
    expect(reported.status).toBe(200);
    const answer = (await reported.json())._payload;
    expect(answer.message).toBe(
      'Dziękujemy: Twoja linia jest zablokowana, a wszystkie urządzenia są wylogowane z my48. Nasz zespół ds. oszustw skontaktuje się z Tobą.',
    );
    expect(answer.change.what).toMatch(/^Dnia 22 listopada/);
    // The desk's case stays English, as it reads it.
    const [fraud] = await c.handle.db
      .select()
      .from(schema.ticketEntries)
      .innerJoin(schema.tickets, eq(schema.tickets.id, schema.ticketEntries.ticketId))
      .where(eq(schema.tickets.reference, answer.reference));
    expect(fraud!.ticket_entries.body).toMatch(/^The member says this change to 08\d/);
    const stopped = (await mailsTo(c, m)).at(-1)!;
    expect(stopped.subject).toMatch(/^Zatrzymaliśmy Twoją linię: /);
    expect(stopped.body).toContain('Zablokowaliśmy 08');
    const [note] = await c.handle.db
      .select()
      .from(schema.notifications)
      .where(
        and(
          eq(schema.notifications.memberId, m.userId),
          eq(schema.notifications.title, 'Zgłoszono nam, że zmiana na Twojej linii nie była Twoja'),
        ),
      );
    expect(note!.body).toMatch(/^Dnia 22 listopada 10:00 Twój numer .* Zablokowaliśmy .* Numer Twojej sprawy: /);
  });

  it('a link works for 7 days, and a bad one is refused', async () => {
    const c = ctx();
    const m = await createMember(c);
    await toEsim(c, m);
    const token = await linkToken(c, m);
    c.clock.advance(7 * 24 * 3600_000 + 60_000);
    await refused(c.app, lineChangesApi.change, { body: { token } }, lineChangesFailures.linkGone);
    await refused(c.app, lineChangesApi.report, { body: { token } }, lineChangesFailures.linkGone);
    const blocked = await c.handle.db.select().from(schema.sims).where(eq(schema.sims.memberId, m.userId));
    expect(blocked.filter((s) => s.blockedAt !== null)).toEqual([]);
    const bad = await send(c.app, lineChangesApi.report, { body: { token: 'short' } });
    expect(bad.status).toBe(400);
  });

  it('a port-out another network asks for is mailed, never refused; pressing the link blocks the line', async () => {
    const c = ctx();
    const m = await createMember(c);
    await lineEvent(c, m, 'ServiceAttributeValueChangeEvent', 'active', {
      portingState: 'portOutRequested',
      recipientOperator: 'Other Mobile',
      portDate: '2026-11-25',
    });
    const mail = (await mailsTo(c, m)).at(-1)!;
    expect(mail.subject).toBe('Another network asked for your number: was this you?');
    expect(mail.body).toContain('another network (Other Mobile) asked to take your number');
    expect(mail.body).toContain('on 25 November');
    const [sim] = await c.handle.db.select().from(schema.sims).where(eq(schema.sims.ssn, m.ssn));
    expect(sim).toMatchObject({ status: 'active', msisdn: m.msisdn, blockedAt: null });
    const res = await report(c, await linkToken(c, m));
    expect(res.status).toBe(200);
    expect((await res.json())._payload.line_blocked).toBe(true);
    const [after] = await c.handle.db.select().from(schema.sims).where(eq(schema.sims.ssn, m.ssn));
    expect(after!.blockedAt).not.toBeNull();
  });

  it('a port-out done is reported to the desk as fraud with what the network said of it', async () => {
    const c = ctx();
    const m = await createMember(c);
    await lineEvent(c, m, 'ServiceStateChangeEvent', 'terminated', {
      terminationReason: 'portedOut',
      recipientOperator: 'Other Mobile',
    });
    expect((await mailsTo(c, m)).at(-1)!.subject).toBe('Your number moved to another network: was this you?');
    const res = await report(c, await linkToken(c, m));
    expect(res.status).toBe(200);
    const answer = (await res.json())._payload;
    expect(answer).toMatchObject({ line_blocked: false, message: lineChangesMessages.reportedGone });
    const [fraud] = await c.handle.db
      .select()
      .from(schema.ticketEntries)
      .innerJoin(schema.tickets, eq(schema.tickets.id, schema.ticketEntries.ticketId))
      .where(eq(schema.tickets.reference, answer.reference));
    expect(fraud!.tickets.origin).toBe('fraud');
    expect(fraud!.ticket_entries.body).toContain('The network taking the number: Other Mobile.');
    expect(fraud!.ticket_entries.body).toContain("The network's reason: portedOut.");
    expect(await sessionWorks(c, m)).toBe(false);
  });

  it('a change whose telling was left behind is told once by the minute’s job', async () => {
    const c = ctx();
    const m = await createMember(c);
    // Applied without the request's telling at once (a crash right after the commit).
    await c.handle.db.transaction((tx) => numberLeft(tx, { clock: () => c.clock.now }, m.msisdn, {}));
    const subjects = async () => (await mailsTo(c, m)).map((o) => o.subject).filter((s) => s.endsWith('was this you?'));
    expect(await subjects()).toEqual([]);
    const tell = () =>
      tellLineChanges({ db: c.handle.db, clock: () => c.clock.now, siteUrl: 'https://www.48.ie', pushOrigins: [] });
    expect(await tell()).toBe(1);
    expect(await tell()).toBe(0);
    expect(await subjects()).toEqual(['Your number moved to another network: was this you?']);
  });
});
