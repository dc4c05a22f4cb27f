import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { flexiDataApi, flexiFailures } from '../../../src/contract/flexi-data.schema.ts';
import { householdRequestFailures, householdRequestsApi } from '../../../src/contract/household-requests.schema.ts';
import { householdApi, householdFailures } from '../../../src/contract/household.schema.ts';
import * as schema from '../../../src/server/db/schema.ts';
import { expireRequests } from '../../../src/server/modules/household/household.requests.ts';
import { createMember, signIn, type BuiltMember } from '../support/builders.ts';
import { ok, refused, send } from '../support/client.ts';
import { joinHousehold } from '../support/household.ts';
import { forEachDatabase, type TestContext } from '../support/harness.ts';

/**
 * Requests a line makes of its household (docs/product/lifelines.md "Requests"): asked from the line's
 * my48, told at once to the owner and managers, approved (paid as the purchase, once however often
 * pressed) or declined with a note, expired after 24 hours; at most 3 open a line. And an under-18
 * line's data kept within its household.
 */
const withPlan = { membership: { sku: 'BDDT00', daysLeft: 12, usedGb: 1 } } as const;
const key = () => ({ 'idempotency-key': crypto.randomUUID() });
const user = (m: BuiltMember) => ({ user_id: m.userId });

async function family(c: TestContext, ownerCredit = 5000) {
  const owner = await createMember(c, { ...withPlan, creditCents: ownerCredit, firstname: 'Fiona', lastname: 'Byrne' });
  const teen = await createMember(c, { ...withPlan, creditCents: 0, firstname: 'Aoife', lastname: 'Byrne' });
  const manager = await createMember(c, { ...withPlan, firstname: 'Cian', lastname: 'Byrne' });
  await joinHousehold(c, owner, teen);
  await joinHousehold(c, owner, manager);
  await ok(c.app, householdApi.setRole, {
    session: owner.session,
    params: { ...user(owner), ssn: manager.ssn },
    body: { role: 'manager' },
  });
  return { owner, teen, manager };
}

const ask = (c: TestContext, line: BuiltMember, body: Record<string, unknown>) =>
  send(c.app, householdRequestsApi.ask, {
    session: line.session,
    params: { ...user(line), ssn: line.ssn },
    body: body as never,
  });

const approve = (c: TestContext, runner: BuiltMember, id: number, payment_type = 'BALANCE_BEFORE_SC') =>
  send(c.app, householdRequestsApi.approve, {
    session: runner.session,
    params: { ...user(runner), id: String(id) },
    body: { from_ssn: runner.ssn, payment_type: payment_type as 'BALANCE_BEFORE_SC' },
    headers: key(),
  });

const alertsOf = (c: TestContext, m: BuiltMember, cause: string) =>
  c.handle.db
    .select()
    .from(schema.alerts)
    .where(and(eq(schema.alerts.memberId, m.userId), eq(schema.alerts.cause, cause as 'householdRequest')));

const creditOf = async (c: TestContext, m: BuiltMember) =>
  Number((await c.handle.db.select().from(schema.balances).where(eq(schema.balances.ssn, m.ssn)))[0]!.creditCents);

const addonKbOf = async (c: TestContext, m: BuiltMember) =>
  Number(
    (
      await c.handle.db
        .select()
        .from(schema.memberships)
        .where(and(eq(schema.memberships.ssn, m.ssn), eq(schema.memberships.status, 'current')))
    )[0]!.addonKb,
  );

forEachDatabase('household requests', (ctx) => {
  it('a line asks for an add-on: the owner and managers are told, the owner approves and pays once, the data arrives, the line is told', async () => {
    const c = ctx();
    const { owner, teen, manager } = await family(c);
    const asked = await ask(c, teen, { kind: 'addon', sku: 'BDAO05' });
    expect(asked.status).toBe(201);
    const { _payload: request } = (await asked.json()) as { _payload: { id: number; what: string; state: string } };
    expect(request).toMatchObject({ what: 'Add-on 5 GB', state: 'open', price_cents: 500 });
    // Told at once, in the app and by e-mail (and push, from the alert), as each chose.
    for (const runner of [owner, manager]) {
      const [alert] = await alertsOf(c, runner, 'householdRequest');
      expect(alert).toMatchObject({ title: 'Aoife Byrne asks: Add-on 5 GB' });
      const mails = await c.handle.db.select().from(schema.outbox).where(eq(schema.outbox.to, runner.email));
      expect(mails.some((m) => m.subject === '48: Aoife Byrne asks: Add-on 5 GB')).toBe(true);
    }
    // Each side sees it; only those who run the household may answer, only the line may withdraw.
    const { _payload: ownerView } = await ok(c.app, householdApi.household, {
      session: owner.session,
      params: user(owner),
    });
    expect(ownerView.requests[0]).toMatchObject({
      id: request.id,
      name: 'Aoife Byrne',
      can: { answer: true, withdraw: false },
    });
    const { _payload: lineView } = await ok(c.app, householdApi.household, {
      session: teen.session,
      params: user(teen),
    });
    expect(lineView.requests[0]).toMatchObject({ id: request.id, can: { answer: false, withdraw: true } });
    // The line cannot approve its own; a stranger's owner sees no such request.
    expect((await approve(c, teen, request.id)).status).toBe(404);
    const stranger = await createMember(c, { ...withPlan, creditCents: 5000 });
    expect((await approve(c, stranger, request.id)).status).toBe(404);

    const before = { owner: await creditOf(c, owner), addon: await addonKbOf(c, teen) };
    const approved = await approve(c, owner, request.id);
    expect(approved.status).toBe(200);
    const { _payload: answer } = (await approved.json()) as { _payload: { state: string; message: string } };
    expect(answer).toMatchObject({ state: 'approved', answered_by: 'Fiona Byrne' });
    expect(answer.message).toBe('Approved: Add-on 5 GB for Aoife Byrne.');
    expect(await creditOf(c, owner)).toBe(before.owner - 500);
    expect(await addonKbOf(c, teen)).toBe(before.addon + 5 * 1024 * 1024);
    const [told] = await alertsOf(c, teen, 'householdAnswer');
    expect(told).toMatchObject({
      title: 'Your request was approved',
      body: 'Fiona Byrne approved your request: Add-on 5 GB.',
    });
    // Pressed again (or by the manager): answered already, nothing paid.
    await refused(
      c.app,
      householdRequestsApi.approve,
      {
        session: manager.session,
        params: { ...user(manager), id: String(request.id) },
        body: { from_ssn: manager.ssn, payment_type: 'BALANCE_BEFORE_SC' },
        headers: key(),
      },
      householdRequestFailures.answered,
    );
    expect(await creditOf(c, owner)).toBe(before.owner - 500);
  });

  it('declined with a note, withdrawn, at most three open, expired after 24 hours: each state told and seen', async () => {
    const c = ctx();
    const { owner, teen, manager } = await family(c);
    const ids: number[] = [];
    for (const body of [
      { kind: 'credit', amount_cents: 1000 },
      { kind: 'roaming' },
      { kind: 'membership', sku: 'BDDT00' },
    ]) {
      const r = await ask(c, teen, body);
      expect(r.status).toBe(201);
      ids.push(((await r.json()) as { _payload: { id: number } })._payload.id);
    }
    // A fourth waits for an answer; bad input says why.
    expect((await ask(c, teen, { kind: 'credit', amount_cents: 1000 })).status).toBe(409);
    await refused(
      c.app,
      householdRequestsApi.ask,
      {
        session: teen.session,
        params: { ...user(teen), ssn: teen.ssn },
        body: { kind: 'credit', amount_cents: 1000 },
      },
      householdRequestFailures.tooManyOpen,
    );
    expect((await ask(c, teen, { kind: 'credit', amount_cents: 700 })).status).toBe(400);
    // A member who is not a line has nobody to ask.
    expect((await ask(c, owner, { kind: 'roaming' })).status).toBe(404);

    const { _payload: declined } = await ok(c.app, householdRequestsApi.decline, {
      session: manager.session,
      params: { ...user(manager), id: String(ids[0]) },
      body: { note: 'Not this week, love' },
    });
    expect(declined).toMatchObject({ state: 'declined', note: 'Not this week, love', answered_by: 'Cian Byrne' });
    const [told] = await alertsOf(c, teen, 'householdAnswer');
    expect(told!.body).toBe('Cian Byrne declined your request: €10.00 credit. “Not this week, love”');
    expect((await approve(c, owner, ids[0]!)).status).toBe(409);
    const long = await send(c.app, householdRequestsApi.decline, {
      session: owner.session,
      params: { ...user(owner), id: String(ids[1]) },
      body: { note: 'x'.repeat(141) },
    });
    expect(long.status).toBe(400);

    const { _payload: withdrawn } = await ok(c.app, householdRequestsApi.withdraw, {
      session: teen.session,
      params: { ...user(teen), id: String(ids[1]) },
    });
    expect(withdrawn.state).toBe('withdrawn');
    // The owner cannot withdraw the line's request.
    expect(
      (
        await send(c.app, householdRequestsApi.withdraw, {
          session: owner.session,
          params: { ...user(owner), id: String(ids[2]) },
        })
      ).status,
    ).toBe(404);

    // 24 hours on, the last expires: approving it says so; the job ends it and tells the line, once.
    c.clock.advance(24 * 60 * 60_000 + 1000);
    const fresh = { ...owner, session: await signIn(c, owner) };
    await refused(
      c.app,
      householdRequestsApi.approve,
      {
        session: fresh.session,
        params: { ...user(fresh), id: String(ids[2]) },
        body: { from_ssn: fresh.ssn, payment_type: 'BALANCE_BEFORE_SC' },
        headers: key(),
      },
      householdRequestFailures.expired,
    );
    expect(await expireRequests({ db: c.handle.db, clock: () => c.clock.now })).toBe(1);
    expect(await expireRequests({ db: c.handle.db, clock: () => c.clock.now })).toBe(0);
    const expiredAlerts = (await alertsOf(c, teen, 'householdAnswer')).filter(
      (a) => a.title === 'Your request expired',
    );
    expect(expiredAlerts).toHaveLength(1);
    const [row] = await c.handle.db
      .select()
      .from(schema.householdRequests)
      .where(eq(schema.householdRequests.id, ids[2]!));
    expect(row).toMatchObject({ state: 'expired', seat: null });
  });

  it('approving pays as the approver: no credit and no card refused and left open; roaming and a higher cap are set; leaving ends what is open', async () => {
    const c = ctx();
    const { owner, teen } = await family(c, 0);
    const credit = (await (await ask(c, teen, { kind: 'credit', amount_cents: 2000 })).json()) as {
      _payload: { id: number };
    };
    const r = await approve(c, owner, credit._payload.id);
    expect(r.status).toBe(402);
    const [open] = await c.handle.db
      .select()
      .from(schema.householdRequests)
      .where(eq(schema.householdRequests.id, credit._payload.id));
    expect(open).toMatchObject({ state: 'open', approvingUntil: null });
    expect(await creditOf(c, teen)).toBe(0);

    // A higher cap needs a cap; approving sets it with who did it.
    await refused(
      c.app,
      householdRequestsApi.ask,
      {
        session: teen.session,
        params: { ...user(teen), ssn: teen.ssn },
        body: { kind: 'dataCap', gb: 5 },
      },
      householdRequestFailures.noCap,
    );
    await ok(c.app, householdApi.setDataCap, {
      session: owner.session,
      params: { ...user(owner), ssn: teen.ssn },
      body: { gb: 3 },
    });
    expect((await ask(c, teen, { kind: 'dataCap', gb: 3 })).status).toBe(409);
    const cap = (await (await ask(c, teen, { kind: 'dataCap', gb: 10 })).json()) as { _payload: { id: number } };
    expect((await approve(c, owner, cap._payload.id)).status).toBe(200);
    const { _payload: controls } = await ok(c.app, householdApi.controls, {
      session: teen.session,
      params: { ...user(teen), ssn: teen.ssn },
    });
    expect(controls.data_cap.gb).toBe(10);
    expect(controls.history[0]).toMatchObject({ actor: 'Fiona Byrne', text: 'capped data at 10 GB a period.' });

    const roaming = (await (await ask(c, teen, { kind: 'roaming' })).json()) as { _payload: { id: number } };
    expect((await approve(c, owner, roaming._payload.id)).status).toBe(200);
    const [month] = await c.handle.db.select().from(schema.roamingMonths).where(eq(schema.roamingMonths.ssn, teen.ssn));
    expect(month?.continued).toBe(true);

    // Leaving takes what is open with it: nobody approves it after.
    await ok(c.app, householdApi.leave, { session: teen.session, params: { ...user(teen), ssn: teen.ssn } });
    const [gone] = await c.handle.db
      .select()
      .from(schema.householdRequests)
      .where(eq(schema.householdRequests.id, credit._payload.id));
    expect(gone!.state).toBe('withdrawn');
    expect((await approve(c, owner, credit._payload.id)).status).toBe(404);
  });

  it('asking is limited: asked and withdrawn in a loop, those who run the household are told once an hour, and a day holds ten asks', async () => {
    const c = ctx();
    const { owner, teen, manager } = await family(c);
    const round = async () => {
      const r = await ask(c, teen, { kind: 'credit', amount_cents: 500 });
      expect(r.status).toBe(201);
      const { id } = ((await r.json()) as { _payload: { id: number } })._payload;
      await ok(c.app, householdRequestsApi.withdraw, {
        session: teen.session,
        params: { ...user(teen), id: String(id) },
      });
    };
    for (let i = 0; i < 6; i++) await round();
    expect(await alertsOf(c, owner, 'householdRequest')).toHaveLength(1);
    expect(await alertsOf(c, manager, 'householdRequest')).toHaveLength(1);
    const mails = await c.handle.db.select().from(schema.outbox).where(eq(schema.outbox.to, owner.email));
    expect(mails.filter((m) => m.subject.includes('asks:'))).toHaveLength(1);
    // An hour on, a new ask is told again; the tenth of the day is the last.
    c.clock.advance(61 * 60_000);
    const line = { ...teen, session: await signIn(c, teen) };
    const again = async () => {
      const r = await ask(c, line, { kind: 'credit', amount_cents: 500 });
      expect(r.status).toBe(201);
      const { id } = ((await r.json()) as { _payload: { id: number } })._payload;
      await ok(c.app, householdRequestsApi.withdraw, {
        session: line.session,
        params: { ...user(line), id: String(id) },
      });
    };
    for (let i = 0; i < 4; i++) await again();
    expect(await alertsOf(c, owner, 'householdRequest')).toHaveLength(2);
    await refused(
      c.app,
      householdRequestsApi.ask,
      { session: line.session, params: { ...user(line), ssn: line.ssn }, body: { kind: 'roaming' } },
      householdRequestFailures.tooManyAsks,
    );
    // A day after the first asks, the line may ask again.
    c.clock.advance(23 * 3_600_000);
    const next = { ...teen, session: await signIn(c, teen) };
    expect((await ask(c, next, { kind: 'roaming' })).status).toBe(201);
  });

  it('20 approvals, declines and asks at once: one answer each, paid once, three open at most', async () => {
    const c = ctx();
    const { owner, teen, manager } = await family(c);
    const id = (
      (await (await ask(c, teen, { kind: 'credit', amount_cents: 500 })).json()) as { _payload: { id: number } }
    )._payload.id;
    const payers = async () => (await creditOf(c, owner)) + (await creditOf(c, manager));
    const before = await payers();
    const statuses = (
      await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          i % 4 === 3
            ? send(c.app, householdRequestsApi.decline, {
                session: manager.session,
                params: { ...user(manager), id: String(id) },
                body: {},
              })
            : approve(c, i % 2 ? manager : owner, id),
        ),
      )
    ).map((r) => r.status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    const [row] = await c.handle.db.select().from(schema.householdRequests).where(eq(schema.householdRequests.id, id));
    // Approved (by the owner or the manager: one of them paid €5, once, and the line got €5) or declined (nothing moved).
    const approved = row!.state === 'approved';
    expect(row!.state).toBe(approved ? 'approved' : 'declined');
    expect(before - (await payers())).toBe(approved ? 500 : 0);
    expect(await creditOf(c, teen)).toBe(approved ? 500 : 0);
    const lineRows = await c.handle.db
      .select()
      .from(schema.ledger)
      .where(and(eq(schema.ledger.ssn, teen.ssn), eq(schema.ledger.kind, 'household-paid')));
    expect(lineRows).toHaveLength(row!.state === 'approved' ? 1 : 0);
    // Twenty asks at once: three open, the rest told to wait.
    const asks = (await Promise.all(Array.from({ length: 20 }, () => ask(c, teen, { kind: 'roaming' })))).map(
      (r) => r.status,
    );
    expect(asks.filter((s) => s >= 500)).toEqual([]);
    expect(asks.filter((s) => s === 201)).toHaveLength(3);
    // Twenty withdrawals of one at once: one withdraws it, the others are told it is answered.
    const { _payload: open } = await ok(c.app, householdApi.household, { session: teen.session, params: user(teen) });
    const mine = open.requests.find((r) => r.state === 'open')!;
    const withdrawals = (
      await Promise.all(
        Array.from({ length: 20 }, () =>
          send(c.app, householdRequestsApi.withdraw, {
            session: teen.session,
            params: { ...user(teen), id: String(mine.id) },
          }),
        ),
      )
    ).map((r) => r.status);
    expect(withdrawals.filter((s) => s === 200)).toHaveLength(1);
    expect(withdrawals.filter((s) => s !== 200 && s !== 409)).toEqual([]);
  });

  it('an under-18 line whose household keeps its data within: spot me and share go between its lines, not outside; leaving lifts it', async () => {
    const c = ctx();
    const { owner, teen, manager } = await family(c);
    const outsider = await createMember(c, withPlan);
    const params = { ...user(owner), ssn: teen.ssn };
    // Only for a line marked under 18.
    expect(
      (await send(c.app, householdApi.setSharing, { session: owner.session, params, body: { outside: false } })).status,
    ).toBe(403);
    await ok(c.app, householdApi.setUnder18, { session: owner.session, params, body: { under_18: true } });
    await ok(c.app, householdApi.answerUnder18, {
      session: teen.session,
      params: { ...user(teen), ssn: teen.ssn },
      body: { accept: true },
    });
    // Twenty presses at once (owner and manager): one change, one line of history.
    const presses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        send(c.app, householdApi.setSharing, {
          session: i % 2 ? manager.session : owner.session,
          params: { ...user(i % 2 ? manager : owner), ssn: teen.ssn },
          body: { outside: false },
        }),
      ),
    );
    expect(presses.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
    const { _payload: set } = await ok(c.app, householdApi.controls, { session: owner.session, params });
    expect(set.sharing_outside).toBe(false);
    expect(set.history.filter((h) => h.text === 'kept the line’s data within the household.')).toHaveLength(1);
    // The line cannot change it.
    expect(
      (
        await send(c.app, householdApi.setSharing, {
          session: teen.session,
          params: { ...user(teen), ssn: teen.ssn },
          body: { outside: true },
        })
      ).status,
    ).toBe(404);
    const share = (from: BuiltMember, to: BuiltMember) =>
      send(c.app, flexiDataApi.share, {
        session: from.session,
        params: { ...user(from), ssn: from.ssn },
        body: { msisdn: to.msisdn, amount_gb: 1 },
        headers: key(),
      });
    await refused(
      c.app,
      flexiDataApi.share,
      {
        session: teen.session,
        params: { ...user(teen), ssn: teen.ssn },
        body: { msisdn: outsider.msisdn, amount_gb: 1 },
        headers: key(),
      },
      flexiFailures.share.householdOnly,
    );
    expect((await share(outsider, teen)).status).toBe(403);
    // Within the household, no friend request and no bar.
    expect((await share(teen, manager)).status).toBe(201);
    expect((await share(manager, teen)).status).toBe(201);
    // Leaving (an under-18 line asks; the owner lets it go) lifts what the household set.
    await refused(
      c.app,
      householdApi.leave,
      { session: teen.session, params: { ...user(teen), ssn: teen.ssn } },
      householdFailures.under18Leave,
    );
    const asked = await ask(c, teen, { kind: 'leave' });
    expect(asked.status).toBe(201);
    expect((await approve(c, owner, ((await asked.json()) as { _payload: { id: number } })._payload.id)).status).toBe(
      200,
    );
    expect((await share(outsider, teen)).status).toBe(201);
  });
});
