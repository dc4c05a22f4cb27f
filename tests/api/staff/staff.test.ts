import { and, eq, lt, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { staffAccessApi, staffApi, staffFailures } from '../../../src/contract/staff.schema.ts';
import { ROLE_PERMISSIONS, STAFF_ROLES, type StaffRole } from '../../../src/contract/staff.ts';
import type { EndpointDef } from '../../../src/contract/endpoint.ts';
import { ledger, networkOrders, outbox, sims, staffAudit, tickets } from '../../../src/server/db/schema.ts';
import { chatReference } from '../../../src/contract/chat.ts';
import { contactApi } from '../../../src/contract/contact.schema.ts';
import { forceHours, startChat } from '../support/chat.ts';
import { createStaffSession } from '../../../src/server/seed/staff.ts';
import { SANDBOX_DEBTOR } from '../../../src/server/modules/money/index.ts';
import { creditBackApi } from '../../../src/contract/port-out-credit.schema.ts';
import { createMember, type BuiltMember } from '../support/builders.ts';
import { ok, refused, send } from '../support/client.ts';
import { portOut } from '../support/network-use.ts';
import { forEachDatabase, harnessApp, solveCaptcha, type TestContext } from '../support/harness.ts';

/**
 * The staff console's API (docs/product/staff.md): each role's powers and refusals, a reason before a
 * member is shown, limits and four eyes, every read and action audited once in a chain that holds,
 * and the member reading who opened the account.
 */
const key = () => ({ 'idempotency-key': crypto.randomUUID() });
const twentyAtOnce = <T>(f: () => Promise<T>) => Promise.all(Array.from({ length: 20 }, f));
type Staff = Awaited<ReturnType<typeof createStaffSession>> & { headers: Record<string, string> };

async function staff(c: TestContext, role: StaffRole, name?: string): Promise<Staff> {
  const made = await createStaffSession(c.handle.db, c.clock.now, role, name);
  return { ...made, headers: { cookie: made.cookie, origin: new URL(c.config.siteUrl).origin } };
}
const as = (s: Staff, extra: Record<string, string> = {}) => ({ headers: { ...s.headers, ...extra } });

/** A charge from the member's credit the tests reverse: a use at the published price, as the ledger has it. */
async function chargeOf(c: TestContext, m: BuiltMember, cents: number) {
  const [row] = await c.handle.db
    .insert(ledger)
    .values({
      ssn: m.ssn,
      occurredAt: new Date(c.clock.now.getTime() - 86_400_000),
      kind: 'usage',
      description: 'Calls in the United States',
      creditDeltaCents: -cents,
      reference: `usage:test-${crypto.randomUUID()}`,
    })
    .returning();
  return row!;
}

const creditOf = async (c: TestContext, m: BuiltMember) =>
  Number(
    (
      (await c.handle.db.execute(sql`select credit_cents from balances where ssn = ${m.ssn}`)) as unknown as {
        rows: { credit_cents: number }[];
      }
    ).rows[0]!.credit_cents,
  );
const auditOf = (c: TestContext, memberId: number) =>
  c.handle.db.select().from(staffAudit).where(eq(staffAudit.memberId, memberId)).orderBy(staffAudit.id);

/** A call of each staff endpoint with input good enough to pass validation (a member and a file that exist or not). */
function sample(e: EndpointDef, memberId: number): Parameters<typeof send>[2] {
  const params: Record<string, string> = {};
  for (const [, name] of e.path.matchAll(/\{(\w+)\}/g))
    params[name!] =
      name === 'member_id'
        ? String(memberId)
        : name === 'queue'
          ? 'requests'
          : name === 'ssn'
            ? '8935309999999999999'
            : '999999';
  const bodies: Record<string, unknown> = {
    staffTakeItem: { ref: 'request-1' },
    staffOpenMember: { reason: 'T-123456' },
    staffAddNote: { text: 'Called about a charge' },
    staffResendVerification: { reason: 'T-123456' },
    staffGoodwill: { ssn: '8935301000000000001', amount_cents: 100, reason: 'T-123456' },
    staffReverseCharge: { ledger_id: 999999, reason: 'T-123456' },
    staffDecideRequest: { decision: 'decline', note: '' },
    staffRefundReturn: { end_to_end_id: 'CB-999999-1', reason: 'AC04' },
    staffBlockLine: { reason: 'T-123456', check: 'Called back' },
    staffUnblockLine: { reason: 'T-123456', check: 'Called back' },
    staffEndNumberLock: { reason: 'T-123456', check: 'Called back' },
    staffCloseCase: { reason: 'T-123456', check: 'Called back' },
    staffRollback: { build: '2026-11-22T10-00-00-000Z-0001' },
  };
  const query: Record<string, unknown> | undefined =
    e.id === 'staffFindMembers'
      ? { q: 'nobody' }
      : e.id === 'staffAudit'
        ? { from: '2026-11-01', to: '2026-11-30' }
        : undefined;
  return { params, ...(bodies[e.id] ? { body: bodies[e.id] } : {}), ...(query ? { query } : {}) } as never;
}

forEachDatabase('staff', { seed: 'catalogue' }, (ctx) => {
  it('every staff endpoint declares a permission; each role gets exactly its powers, a member’s session and none get 401', async () => {
    const c = ctx();
    const m = await createMember(c, { creditCents: 500 });
    const endpoints = Object.values(staffApi) as EndpointDef[];
    for (const e of endpoints) {
      expect(e.path.startsWith('/panda/staff/'), e.id).toBe(true);
      expect(e.access, e.id).toBe('staff');
      expect(e.permission, `${e.id} declares no permission`).toBeDefined();
    }
    const people = Object.fromEntries(await Promise.all(STAFF_ROLES.map(async (r) => [r, await staff(c, r)] as const)));
    for (const e of endpoints) {
      // No session, and a member's session: 401, never the answer.
      expect(
        (await send(c.app, e, { ...sample(e, m.userId), headers: { origin: new URL(c.config.siteUrl).origin } }))
          .status,
        e.id,
      ).toBe(401);
      expect((await send(c.app, e, { ...sample(e, m.userId), session: m.session, ...key() })).status, e.id).toBe(401);
      for (const role of STAFF_ROLES) {
        const res = await send(c.app, e, { ...sample(e, m.userId), headers: { ...people[role]!.headers, ...key() } });
        const body = (await res.json()) as { _payload: { code?: string } };
        // Taking an item needs the console, and the queue's own permission (the sample's queue: requests).
        const may =
          ROLE_PERMISSIONS[role].includes(e.permission!) &&
          (e.id !== 'staffTakeItem' || ROLE_PERMISSIONS[role].includes('requests.decide'));
        if (may) expect(body._payload.code, `${role} ${e.id}`).not.toBe(staffFailures.notPermitted.code);
        else
          expect({ status: res.status, code: body._payload.code }, `${role} ${e.id}`).toEqual({
            status: 403,
            code: staffFailures.notPermitted.code,
          });
        expect(res.status, `${role} ${e.id}`).toBeLessThan(500);
      }
    }
    // A staff session is never a member's: the member's endpoints refuse it.
    const member = await send(c.app, staffAccessApi.whoOpened, {
      params: { user_id: m.userId },
      headers: people.admin!.headers,
    });
    expect(member.status).toBe(401);
  });

  it('an agent finds a member by number in any format with names only, opens the 360 only with a reason, and it is audited once', async () => {
    const c = ctx();
    const m = await createMember(c, { creditCents: 2500, firstname: 'Nora', lastname: 'Walsh' });
    const agent = await staff(c, 'agent');
    const international = `+353 ${m.msisdn.slice(1, 3)} ${m.msisdn.slice(3)}`;
    for (const q of [m.msisdn, international, `00353${m.msisdn.slice(1)}`, m.ssn, m.email.toUpperCase(), 'nora wal']) {
      const found = await ok(c.app, staffApi.find, { query: { q }, ...as(agent) });
      expect(
        found._payload.members.map((f) => f.member_id),
        q,
      ).toContain(m.userId);
      expect(found._payload.members[0]).not.toHaveProperty('credit_cents');
    }
    expect((await auditOf(c, m.userId)).length).toBe(0);
    // Each search is audited once, by whom, what was looked for and how many it showed.
    const searches = await c.handle.db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.action, 'searched'), eq(staffAudit.staffId, agent.person.id)));
    expect(searches.map((e) => [e.reason, e.result])).toContainEqual([`Find “${m.ssn}”`, '1 found']);
    expect(searches).toHaveLength(6);
    // No reason, or too short a reason: refused, nothing shown, nothing audited.
    for (const reason of ['', 'because', '   short   '])
      expect(
        (await send(c.app, staffApi.open, { params: { member_id: String(m.userId) }, body: { reason }, ...as(agent) }))
          .status,
      ).toBe(400);
    expect((await auditOf(c, m.userId)).length).toBe(0);
    // A message and a live chat of the member's: the 360 lists both, each a link to the desk.
    const message = await ok(c.app, contactApi.send, {
      session: m.session,
      body: {
        topic: 'Coverage',
        name: 'Nora Walsh',
        email: m.email,
        message: 'No signal in my kitchen at all.',
        captcha: await solveCaptcha(c.app),
      },
    });
    await forceHours(c.app, true);
    const chat = await startChat(c.app, { session: m.session });
    await forceHours(c.app, 'schedule');
    const open = await ok(c.app, staffApi.open, {
      params: { member_id: String(m.userId) },
      body: { reason: 'CH-4821' },
      ...as(agent),
    });
    expect(open._payload).toMatchObject({
      member_id: m.userId,
      name: 'Nora Walsh',
      lines: [{ ssn: m.ssn, credit_cents: 2500 }],
    });
    expect(JSON.stringify(open._payload)).not.toMatch(/password|puk/i);
    // What the member was told and what touched the account: the log-in the test made, and no mail body.
    expect(open._payload.security.some((e) => e.what.startsWith('Log-in'))).toBe(true);
    expect(open._payload.household).toBeNull();
    const [ticket] = await c.handle.db.select().from(tickets).where(eq(tickets.reference, message._payload.reference));
    expect(open._payload).toMatchObject({
      told: expect.any(Array),
      // The sandbox's desk: its pages (a real desk's: its agent screens, tested with the adapters).
      tickets: [{ reference: message._payload.reference, desk_url: `/sandbox/helpdesk#ticket-${ticket!.id}` }],
      chats: [{ reference: chatReference(chat.id), desk_url: `/sandbox/helpdesk/chat?chat=${chat.id}` }],
    });
    const entries = await auditOf(c, m.userId);
    expect(entries.map((e) => [e.action, e.reason, e.staffName])).toEqual([['opened', 'CH-4821', 'Aoife Byrne']]);
    await refused(
      c.app,
      staffApi.open,
      { params: { member_id: '999999' }, body: { reason: 'T-123456' }, ...as(agent) },
      staffFailures.noMember,
    );
  });

  it('a charge is reversed once within the agent’s limit: one ledger row naming it, the credit back, the member told; above the limit, a request', async () => {
    const c = ctx();
    const m = await createMember(c, { creditCents: 500 });
    const agent = await staff(c, 'agent');
    const charge = await chargeOf(c, m, 1490);
    const params = { member_id: String(m.userId) };
    const body = { ledger_id: charge.id, reason: 'T-100200 disputed calls from the US' };
    const [one, two] = await Promise.all([
      send(c.app, staffApi.reverse, { params, body, ...as(agent, key()) }),
      send(c.app, staffApi.reverse, { params, body, ...as(agent, key()) }),
    ]);
    expect([one.status, two.status].sort()).toEqual([200, 409]);
    expect(await creditOf(c, m)).toBe(500 + 1490);
    const rows = await c.handle.db
      .select()
      .from(ledger)
      .where(and(eq(ledger.ssn, m.ssn), eq(ledger.kind, 'charge-reversed')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ creditDeltaCents: 1490, reference: expect.stringMatching(/^staff:\d+$/) });
    const mails = await c.handle.db.select().from(outbox).where(eq(outbox.to, m.email));
    expect(mails.map((x) => x.subject)).toContain('48: €14.90 given back');
    // The 360 names what reversed it.
    const open = await ok(c.app, staffApi.open, { params, body: { reason: 'T-100200' }, ...as(agent) });
    expect(open._payload.ledger.find((l) => l.id === charge.id)?.reversed_by).toBe(rows[0]!.reference);
    // A bigger charge is above an agent's €20: a request, no money moved.
    const big = await chargeOf(c, m, 4500);
    const asked = await ok(c.app, staffApi.reverse, {
      params,
      body: { ledger_id: big.id, reason: 'T-100200' },
      ...as(agent, key()),
    });
    expect(asked._payload).toMatchObject({ state: 'requested' });
    expect(await creditOf(c, m)).toBe(1990);
    await refused(
      c.app,
      staffApi.reverse,
      { params, body: { ledger_id: big.id, reason: 'T-100200' }, ...as(agent, key()) },
      staffFailures.reversedAlready,
    );
    // Not a charge (a credit row) and another member's charge: refused.
    const other = await createMember(c, { creditCents: 100 });
    const theirs = await chargeOf(c, other, 100);
    await refused(
      c.app,
      staffApi.reverse,
      { params, body: { ledger_id: theirs.id, reason: 'T-100200' }, ...as(agent, key()) },
      staffFailures.noCharge,
    );
    await refused(
      c.app,
      staffApi.reverse,
      { params, body: { ledger_id: rows[0]!.id, reason: 'T-100200' }, ...as(agent, key()) },
      staffFailures.notACharge,
    );
  });

  it('goodwill above the agent’s €10 in 30 days waits; the asker may not approve it; two supervisors at once give it once', async () => {
    const c = ctx();
    const m = await createMember(c, { creditCents: 0 });
    const agent = await staff(c, 'agent');
    const supervisor = await staff(c, 'supervisor', 'Niamh Doyle');
    const supervisor2 = await staff(c, 'supervisor', 'Cathal Murphy');
    const params = { member_id: String(m.userId) };
    const give = (s: Staff, cents: number) =>
      ok(c.app, staffApi.goodwill, {
        params,
        body: { ssn: m.ssn, amount_cents: cents, reason: 'T-55501 a dropped call' },
        ...as(s, key()),
      });
    expect((await give(agent, 600))._payload).toMatchObject({ state: 'done', credit_cents: 600 });
    // €6 given: €5 more passes the €10 of 30 days.
    const waiting = (await give(agent, 500))._payload;
    expect(waiting).toMatchObject({ state: 'requested', credit_cents: null });
    expect(await creditOf(c, m)).toBe(600);
    const id = String(waiting.request_id);
    // The asker is an agent (no power to decide); a supervisor's own request is refused to them.
    expect(
      (
        await send(c.app, staffApi.decide, {
          params: { request_id: id },
          body: { decision: 'approve' },
          ...as(agent, key()),
        })
      ).status,
    ).toBe(403);
    const own = (await give(supervisor, 20_000))._payload;
    await refused(
      c.app,
      staffApi.decide,
      { params: { request_id: String(own.request_id) }, body: { decision: 'approve' }, ...as(supervisor, key()) },
      staffFailures.ownRequest,
    );
    // Two approvers at once: one credit.
    const [a, b] = await Promise.all([
      send(c.app, staffApi.decide, {
        params: { request_id: id },
        body: { decision: 'approve', note: 'ok' },
        ...as(supervisor, key()),
      }),
      send(c.app, staffApi.decide, {
        params: { request_id: id },
        body: { decision: 'approve', note: 'ok' },
        ...as(supervisor2, key()),
      }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await creditOf(c, m)).toBe(1100);
    const list = await ok(c.app, staffApi.requests, { ...as(supervisor2) });
    expect(list._payload.requests.find((r) => String(r.id) === id)).toMatchObject({ state: 'approved' });
    expect(list._payload.requests.find((r) => r.id === own.request_id)).toMatchObject({
      state: 'waiting',
      mine: false,
    });
    // The same Idempotency-Key again: the same answer, nothing moved twice.
    const k = key();
    const first = await send(c.app, staffApi.goodwill, {
      params,
      body: { ssn: m.ssn, amount_cents: 100, reason: 'T-55502' },
      ...as(supervisor, k),
    });
    const again = await send(c.app, staffApi.goodwill, {
      params,
      body: { ssn: m.ssn, amount_cents: 100, reason: 'T-55502' },
      ...as(supervisor, k),
    });
    expect(await again.text()).toBe(await first.text());
    expect(await creditOf(c, m)).toBe(1200);
    // A request not decided in 72 hours expires.
    c.clock.advance(73 * 3600_000);
    const late = await send(c.app, staffApi.decide, {
      params: { request_id: String(own.request_id) },
      body: { decision: 'approve' },
      ...as(await staff(c, 'supervisor'), key()),
    });
    expect(late.status).toBe(409);
  });

  it('finance: one makes the day’s file, another approves it, then it is sent; the maker may not approve their own', async () => {
    const c = ctx();
    const app = harnessApp(c, { config: { ...c.config, finance: { debtor: SANDBOX_DEBTOR } } });
    const m = await createMember(c, { creditCents: 750 });
    await portOut(c, m);
    const asked = await send(c.app, creditBackApi.request, {
      session: m.session,
      params: { user_id: m.userId, ssn: m.ssn },
      body: { method: 'bank', iban: 'IE29 AIBK 9311 5212 3456 78', account_name: 'Nora Walsh' },
      headers: key(),
    });
    expect(asked.status).toBe(201);
    const maker = await staff(c, 'finance', 'Sinéad Ryan');
    const checker = await staff(c, 'finance', 'Orla Walsh');
    expect((await ok(app, staffApi.refundFiles, { ...as(maker) }))._payload).toMatchObject({
      waiting: 1,
      waiting_cents: 750,
      can_make: true,
    });
    const made = await ok(app, staffApi.makeRefundFile, { ...as(maker, key()) });
    const file = made._payload.file!;
    expect(file).toMatchObject({ payments: 1, total_cents: 750, made_by: 'Sinéad Ryan', approved_by: null });
    const id = { file_id: String(file.id) };
    // Not sent, not downloaded, before a second person approved it; the maker may not approve it.
    await refused(app, staffApi.refundFileSent, { params: id, ...as(maker, key()) }, staffFailures.fileNotApproved);
    await refused(app, staffApi.refundFile, { params: id, ...as(maker) }, staffFailures.fileNotApproved);
    await refused(app, staffApi.approveRefundFile, { params: id, ...as(maker, key()) }, staffFailures.ownFile);
    const approved = await ok(app, staffApi.approveRefundFile, { params: id, ...as(checker, key()) });
    expect(approved._payload.file).toMatchObject({ approved_by: 'Orla Walsh' });
    await refused(
      app,
      staffApi.approveRefundFile,
      { params: id, ...as(checker, key()) },
      staffFailures.fileApprovedAlready,
    );
    const xml = await ok(app, staffApi.refundFile, { params: id, ...as(maker) });
    expect(xml._payload.xml).toContain('<InstdAmt Ccy="EUR">7.50</InstdAmt>');
    const sent = await ok(app, staffApi.refundFileSent, { params: id, ...as(maker, key()) });
    expect(sent._payload.message).toBe('Marked sent: 1 transfer paid.');
    await refused(app, staffApi.refundFileSent, { params: id, ...as(checker, key()) }, staffFailures.fileSentAlready);
    const actions = (await c.handle.db.select().from(staffAudit).orderBy(staffAudit.id)).map((a) => [
      a.action,
      a.staffName,
    ]);
    expect(actions).toEqual([
      ['refund-file-made', 'Sinéad Ryan'],
      ['refund-file-approved', 'Orla Walsh'],
      ['refund-file-sent', 'Sinéad Ryan'],
    ]);
  });

  it('twenty at once: one reversal, one approval, goodwill within the limit, one file made, approved, sent and returned once, one taker', async () => {
    const c = ctx();
    const app = harnessApp(c, { config: { ...c.config, finance: { debtor: SANDBOX_DEBTOR } } });
    const m = await createMember(c, { creditCents: 100 });
    const agent = await staff(c, 'agent');
    const supervisors = await Promise.all(Array.from({ length: 20 }, () => staff(c, 'supervisor')));
    const params = { member_id: String(m.userId) };
    const twenty = <T>(f: (i: number) => Promise<T>) => Promise.all(Array.from({ length: 20 }, (_, i) => f(i)));
    const statuses = (rs: Response[]) => rs.map((r) => r.status).sort();
    const charge = await chargeOf(c, m, 900);
    const reversed = await twenty(() =>
      send(app, staffApi.reverse, { params, body: { ledger_id: charge.id, reason: 'T-9001' }, ...as(agent, key()) }),
    );
    expect(statuses(reversed).filter((s) => s === 200)).toHaveLength(1);
    expect(await creditOf(c, m)).toBe(1000);
    // Goodwill of €1 twenty times by one agent: €10 in 30 days passes, the rest wait.
    const given = await twenty(() =>
      send(app, staffApi.goodwill, {
        params,
        body: { ssn: m.ssn, amount_cents: 100, reason: 'T-9002' },
        ...as(agent, key()),
      }),
    );
    const states = await Promise.all(
      given.map(async (r) => ((await r.json()) as { _payload: { state: string } })._payload.state),
    );
    expect(states.filter((x) => x === 'done')).toHaveLength(10);
    expect(await creditOf(c, m)).toBe(2000);
    const request = (await ok(app, staffApi.requests, { ...as(supervisors[0]!) }))._payload.requests.find(
      (r) => r.state === 'waiting',
    )!;
    const approved = await twenty((i) =>
      send(app, staffApi.decide, {
        params: { request_id: String(request.id) },
        body: { decision: 'approve' },
        ...as(supervisors[i]!, key()),
      }),
    );
    expect(statuses(approved).filter((s) => s === 200)).toHaveLength(1);
    expect(await creditOf(c, m)).toBe(2100);
    const took = await twenty((i) =>
      send(app, staffApi.take, {
        params: { queue: 'requests' },
        body: { ref: 'request-1' },
        ...as(supervisors[i]!, key()),
      }),
    );
    expect(statuses(took).filter((s) => s === 200)).toHaveLength(1);
    // Finance: twenty makers, twenty checkers, twenty senders, twenty returns.
    await portOut(c, m);
    expect(
      (
        await send(c.app, creditBackApi.request, {
          session: m.session,
          params: { user_id: m.userId, ssn: m.ssn },
          body: { method: 'bank', iban: 'IE29 AIBK 9311 5212 3456 78', account_name: 'Nora Walsh' },
          headers: key(),
        })
      ).status,
    ).toBe(201);
    const makers = await Promise.all(Array.from({ length: 20 }, () => staff(c, 'finance')));
    const made = await twenty((i) => send(app, staffApi.makeRefundFile, { ...as(makers[i]!, key()) }));
    const files = await Promise.all(
      made.map(async (r) => ((await r.json()) as { _payload: { file: { id: number } | null } })._payload.file),
    );
    const ids = files.filter(Boolean).map((f) => f!.id);
    expect(ids).toHaveLength(1);
    const maker = makers[files.findIndex(Boolean)]!;
    const checkers = makers.filter((x) => x !== maker);
    const id = { file_id: String(ids[0]) };
    const approvals = await Promise.all(
      checkers.map((x) => send(app, staffApi.approveRefundFile, { params: id, ...as(x, key()) })),
    );
    expect(statuses(approvals).filter((s) => s === 200)).toHaveLength(1);
    const sent = await twenty((i) => send(app, staffApi.refundFileSent, { params: id, ...as(makers[i]!, key()) }));
    expect(statuses(sent).filter((s) => s === 200)).toHaveLength(1);
    const xml = (await ok(app, staffApi.refundFile, { params: id, ...as(maker) }))._payload.xml;
    const endToEnd = /<EndToEndId>(CB-\d+-\d+)<\/EndToEndId>/.exec(xml)![1]!;
    const returned = await twenty((i) =>
      send(app, staffApi.refundReturn, { body: { end_to_end_id: endToEnd, reason: 'AC04' }, ...as(makers[i]!, key()) }),
    );
    expect(statuses(returned).filter((s) => s === 200)).toHaveLength(1);
  });

  it('fraud: a line blocked and unblocked, a number lock ended, a case closed, each once, each with the check made, the member told', async () => {
    const c = ctx();
    const m = await createMember(c, { creditCents: 100, numberLock: true, reportedChange: true });
    const fraud = await staff(c, 'fraud', 'Ciarán Nolan');
    const line = { member_id: String(m.userId), ssn: m.ssn };
    const checked = { reason: 'T-660011 reported stolen phone', check: 'Called back on the number on file' };
    // The check made is required.
    expect(
      (
        await send(c.app, staffApi.blockLine, {
          params: line,
          body: { reason: 'T-660011' } as never,
          ...as(fraud, key()),
        })
      ).status,
    ).toBe(400);
    const blocked = await twentyAtOnce(() =>
      send(c.app, staffApi.blockLine, { params: line, body: checked, ...as(fraud, key()) }),
    );
    expect(blocked.every((r) => r.status === 200)).toBe(true);
    const suspends = await c.handle.db.select().from(networkOrders).where(eq(networkOrders.line, m.ssn));
    expect(suspends.filter((o) => o.cause.startsWith('line:suspended:'))).toHaveLength(1);
    expect(
      (await auditOf(c, m.userId)).filter((a) => a.action === 'block' && a.result.includes(' blocked;')),
    ).toHaveLength(1);
    await ok(c.app, staffApi.unblockLine, { params: line, body: checked, ...as(fraud, key()) });
    const [sim] = await c.handle.db.select().from(sims).where(eq(sims.ssn, m.ssn));
    expect(sim!.blockedAt).toBeNull();
    const mails = (await c.handle.db.select().from(outbox).where(eq(outbox.to, m.email))).map((x) => x.subject);
    expect(mails).toEqual(
      expect.arrayContaining([`48: your line ${m.msisdn} is blocked`, `48: your line ${m.msisdn} is unblocked`]),
    );
    // The number lock ends at once, once.
    const ends = await twentyAtOnce(() =>
      send(c.app, staffApi.endNumberLock, {
        params: { member_id: String(m.userId) },
        body: checked,
        ...as(fraud, key()),
      }),
    );
    expect(ends.map((r) => r.status).sort()).toEqual([200, ...Array<number>(19).fill(409)]);
    // The case: in the fraud queue, closed once, gone from the queue.
    const queue = (await ok(c.app, staffApi.queues, { ...as(fraud) }))._payload.queues.find((q) => q.id === 'fraud')!;
    const item = queue.items.find((i) => i.member_id === m.userId)!;
    const caseId = item.ref.replace('case-', '');
    const closed = await twentyAtOnce(() =>
      send(c.app, staffApi.closeCase, { params: { case_id: caseId }, body: checked, ...as(fraud, key()) }),
    );
    expect(closed.map((r) => r.status).sort()).toEqual([200, ...Array<number>(19).fill(409)]);
    const after = (await ok(c.app, staffApi.queues, { ...as(fraud) }))._payload.queues.find((q) => q.id === 'fraud')!;
    expect(after.items.some((i) => i.member_id === m.userId)).toBe(false);
    // An agent has none of these powers.
    const agent = await staff(c, 'agent');
    await refused(
      c.app,
      staffApi.blockLine,
      { params: line, body: checked, ...as(agent, key()) },
      staffFailures.notPermitted,
    );
  });

  it('the audit log: append-only for the portal, its chain checked, a row changed by hand reported; an admin exports it as CSV', async () => {
    const c = ctx();
    const m = await createMember(c, { creditCents: 100 });
    const agent = await staff(c, 'agent');
    const admin = await staff(c, 'admin');
    for (const reason of ['T-1001', 'T-1002', 'T-1003'])
      await ok(c.app, staffApi.open, { params: { member_id: String(m.userId) }, body: { reason }, ...as(agent) });
    const day = c.clock.now.toISOString().slice(0, 10);
    const read = await ok(c.app, staffApi.audit, { query: { from: day, to: day, format: 'csv' }, ...as(admin) });
    expect(read._payload.chain).toMatchObject({ intact: true, broken_at: null });
    expect(read._payload.entries.filter((e) => e.member_id === m.userId).map((e) => e.reason)).toEqual([
      'T-1001',
      'T-1002',
      'T-1003',
    ]);
    expect(read._payload.csv!.split('\r\n')[0]).toBe(
      'id,at,staff_id,staff_name,staff_role,action,member_id,reason,result,prev_hash,hash',
    );
    // The portal's database role cannot change or remove a row.
    const [first] = await auditOf(c, m.userId);
    const why = (e: unknown) => String((e as { cause?: unknown }).cause ?? e);
    expect(
      await c.handle.db
        .update(staffAudit)
        .set({ reason: 'nothing to see' })
        .where(eq(staffAudit.id, first!.id))
        .then(() => 'changed', why),
    ).toMatch(/append-only/);
    expect(
      await c.handle.db
        .delete(staffAudit)
        .where(lt(staffAudit.id, first!.id + 1))
        .then(() => 'removed', why),
    ).toMatch(/append-only/);
    // Changed by hand behind the trigger's back: the chain says where it broke.
    await c.handle.db.execute(sql`alter table staff_audit disable trigger staff_audit_append_only`);
    await c.handle.db.update(staffAudit).set({ reason: 'nothing to see' }).where(eq(staffAudit.id, first!.id));
    await c.handle.db.execute(sql`alter table staff_audit enable trigger staff_audit_append_only`);
    const broken = await ok(c.app, staffApi.audit, { query: { from: day, to: day }, ...as(admin) });
    expect(broken._payload.chain).toMatchObject({ intact: false, broken_at: first!.id });
    // Reading the log is in the log: who read it, which days, how many entries.
    const watched = await c.handle.db.select().from(staffAudit).where(eq(staffAudit.staffId, admin.person.id));
    expect(watched.map((e) => [e.action, e.reason])).toEqual([
      ['audit-export', `Export ${day} to ${day}`],
      ['audit-read', `Read ${day} to ${day}`],
    ]);
  });

  it('the member reads who at 48 opened the account: the date, a first name and role, the reason, what was done', async () => {
    const c = ctx();
    const m = await createMember(c, { creditCents: 0 });
    const agent = await staff(c, 'agent', 'Aoife Byrne');
    await ok(c.app, staffApi.open, {
      params: { member_id: String(m.userId) },
      body: { reason: 'T-777001 asked about a charge' },
      ...as(agent),
    });
    await ok(c.app, staffApi.goodwill, {
      params: { member_id: String(m.userId) },
      body: { ssn: m.ssn, amount_cents: 300, reason: 'T-777001 asked about a charge' },
      ...as(agent, key()),
    });
    const mine = await ok(c.app, staffAccessApi.whoOpened, { params: { user_id: m.userId }, session: m.session });
    expect(mine._payload.entries).toEqual([
      expect.objectContaining({
        first_name: 'Aoife',
        role: 'Customer care agent',
        did: expect.stringMatching(/^Gave you goodwill credit: €3.00/),
      }),
      expect.objectContaining({
        first_name: 'Aoife',
        role: 'Customer care agent',
        reason: 'T-777001 asked about a charge',
        did: 'Opened your account',
      }),
    ]);
    const other = await createMember(c, {});
    expect(
      (await send(c.app, staffAccessApi.whoOpened, { params: { user_id: m.userId }, session: other.session })).status,
    ).toBe(403);
  });
  it('a Polish member hears of staff’s credit, a charge given back, a block, an unblock and a lock ended in Polish', async () => {
    const c = ctx();
    const m = await createMember(c, { creditCents: 500, numberLock: true, language: 'pl' });
    const agent = await staff(c, 'agent');
    const fraud = await staff(c, 'fraud');
    const params = { member_id: String(m.userId) };
    await ok(c.app, staffApi.goodwill, {
      params,
      body: { ssn: m.ssn, amount_cents: 300, reason: 'T-880011' },
      ...as(agent, key()),
    });
    const charge = await chargeOf(c, m, 150);
    await ok(c.app, staffApi.reverse, {
      params,
      body: { ledger_id: charge.id, reason: 'T-880011' },
      ...as(agent, key()),
    });
    const checked = { reason: 'T-880012', check: 'Called back on the number on file' };
    const line = { ...params, ssn: m.ssn };
    await ok(c.app, staffApi.blockLine, { params: line, body: checked, ...as(fraud, key()) });
    await ok(c.app, staffApi.unblockLine, { params: line, body: checked, ...as(fraud, key()) });
    await ok(c.app, staffApi.endNumberLock, { params, body: checked, ...as(fraud, key()) });
    const mails = await c.handle.db.select().from(outbox).where(eq(outbox.to, m.email)).orderBy(outbox.id);
    expect(mails.map((x) => x.subject)).toEqual([
      '48: dodaliśmy 3,00\u00a0€ do salda',
      '48: zwróciliśmy 1,50\u00a0€',
      `48: Twoja linia ${m.msisdn} jest zablokowana`,
      `48: Twoja linia ${m.msisdn} jest odblokowana`,
      'Blokada numeru jest wyłączona',
    ]);
    expect(mails[0]!.body).toContain('Twoje saldo wynosi teraz 8,00\u00a0€.');
    expect(mails[1]!.body).toContain('Twoje saldo wynosi teraz 9,50\u00a0€.');
    expect(mails.at(-1)!.body).toMatch(/^Cześć .+,\n\nNasz zespół wyłączył blokadę numeru/);
    for (const mail of mails) expect(mail.body).not.toMatch(/\b(Hi|your|credit)\b/);
  });
});
