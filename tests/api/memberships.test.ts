import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { membershipsFailures } from '../../src/contract/memberships.ts';
import { messages } from '../../src/contract/messages.ts';
import { balances, idempotencyKeys, ledger, memberships } from '../../src/server/db/schema.ts';
import {
  expireIdempotencyKeys,
  IDEMPOTENCY_KEEP_MS,
  IN_PROGRESS_EXPIRY_MS,
} from '../../src/server/middleware/idempotency.ts';
import { demoSsn } from '../../src/server/seed/seed.ts';
import { call, forEachDatabase, login, type Session, type TestContext } from './harness.ts';

const form = (fields: Record<string, string>) => ({
  'content-type': 'application/x-www-form-urlencoded',
  body: new URLSearchParams(fields).toString(),
});
const base = (s: Session, n: number) => `/panda/protected/users/${s.userId}/sims/${demoSsn(n)}`;

function buy(ctx: TestContext, s: Session, n: number, sku: string, paymentType = 'BALANCE_BEFORE_SC', key?: string) {
  const { body, ...headers } = form({
    recurrence_sku: sku,
    payment_type: paymentType,
    recurrence_enabled: 'false',
    check_user_cc: 'false',
  });
  return call(ctx.app, s, `${base(s, n)}/recurrence?single_topUp=true`, {
    method: 'POST',
    body,
    headers: { ...headers, ...(key ? { 'idempotency-key': key } : {}) },
  });
}

const credit = async (ctx: TestContext, n: number) =>
  (
    await ctx.handle.db
      .select()
      .from(balances)
      .where(eq(balances.ssn, demoSsn(n)))
  )[0]!.creditCents;

forEachDatabase('memberships', (ctx) => {
  it('lists what the SIM may buy: BDDT03 only in May, BDDVBL00 only when eligible, with current, queued and add-ons', async () => {
    const s = await login(ctx().app, 'active@example.com');
    const res = await call(ctx().app, s, `${base(s, 1)}/memberships/allowed`);
    expect(res.status).toBe(200);
    const { _payload } = await res.json();
    const skus = _payload.values.map((v: { sku: string }) => v.sku);
    expect(skus).toEqual(expect.arrayContaining(['BDDT00', 'BDDV00', 'BDDVBL00']));
    expect(skus).not.toContain('BDDT03');
    expect(_payload.current).toMatchObject({ sku: 'BDDT00', status: 'current', recurrence_enabled: true });
    expect(_payload.queued).toMatchObject({ sku: 'BDDT00', status: 'queued' });
    expect(_payload.credit_cents).toBe(750);
    expect(_payload.addons.map((a: { sku: string; price_cents: number }) => [a.sku, a.price_cents])).toEqual([
      ['BDAO05', 500],
      ['BDAO10', 800],
    ]);

    ctx().clock.now = new Date('2027-05-10T10:00:00Z');
    const later = await login(ctx().app, 'active@example.com');
    const may = (
      await (await call(ctx().app, later, `${base(later, 1)}/memberships/allowed`)).json()
    )._payload.values.map((v: { sku: string }) => v.sku);
    expect(may).toContain('BDDT03');
  });

  it('rich: with credit the first starts now, the second is queued, a third is refused; €5.02 left; one ledger row each', async () => {
    const s = await login(ctx().app, 'rich@example.com');
    const first = await buy(ctx(), s, 19, 'BDDT00');
    expect(first.status).toBe(201);
    const one = (await first.json())._payload;
    expect(one.membership).toMatchObject({ sku: 'BDDT00', status: 'current' });
    expect(one.payment).toEqual({ credit_cents: 999, card_cents: 0 });
    const second = await buy(ctx(), s, 19, 'BDDT00');
    expect(second.status).toBe(201);
    expect((await second.json())._payload.membership).toMatchObject({
      status: 'queued',
      starts_at: one.membership.ends_at,
    });
    const third = await buy(ctx(), s, 19, 'BDDT00');
    expect(third.status).toBe(409);
    expect((await third.json())._payload.message).toBe(membershipsFailures.alreadyQueued.message);
    expect(await credit(ctx(), 19)).toBe(502);
    const rows = await ctx()
      .handle.db.select()
      .from(ledger)
      .where(and(eq(ledger.ssn, demoSsn(19)), eq(ledger.kind, 'purchase')));
    expect(rows.filter((r) => r.reference?.startsWith('purchase:')).map((r) => r.creditDeltaCents)).toEqual([
      -999, -999,
    ]);
  });

  it('20 purchases at once never overdraw credit nor queue two memberships', async () => {
    const s = await login(ctx().app, 'rich@example.com');
    const answers = await Promise.all(Array.from({ length: 20 }, () => buy(ctx(), s, 19, 'BDDT00')));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((st) => st === 201)).toHaveLength(2);
    expect(statuses.every((st) => st === 201 || st === 409)).toBe(true);
    expect(await credit(ctx(), 19)).toBe(502);
    const rows = await ctx()
      .handle.db.select()
      .from(memberships)
      .where(eq(memberships.ssn, demoSsn(19)));
    expect(rows.filter((m) => m.status === 'current')).toHaveLength(1);
    expect(rows.filter((m) => m.status === 'queued')).toHaveLength(1);
    const paid = await ctx()
      .handle.db.select()
      .from(ledger)
      .where(and(eq(ledger.ssn, demoSsn(19)), eq(ledger.kind, 'purchase')));
    expect(paid.filter((r) => r.reference?.startsWith('purchase:'))).toHaveLength(2);
  });

  it('card: credit then the stored card (€0.50 + €9.49), queued behind the current one', async () => {
    const s = await login(ctx().app, 'card@example.com');
    const res = await buy(ctx(), s, 18, 'BDDT00');
    expect(res.status).toBe(201);
    const { _payload } = await res.json();
    expect(_payload.payment).toEqual({ credit_cents: 50, card_cents: 949 });
    expect(_payload.membership.status).toBe('queued');
    expect(await credit(ctx(), 18)).toBe(0);
    const [row] = await ctx()
      .handle.db.select()
      .from(ledger)
      .where(and(eq(ledger.ssn, demoSsn(18)), eq(ledger.kind, 'purchase'), eq(ledger.cardCents, 949)));
    expect(row).toMatchObject({ creditDeltaCents: -50, cardCents: 949 });
  });

  it('nocredit: without a stored card the answer is 402 with the amount for the card, and nothing moves', async () => {
    const s = await login(ctx().app, 'nocredit@example.com');
    const res = await buy(ctx(), s, 20, 'BDDT00');
    expect(res.status).toBe(402);
    expect((await res.json())._payload.checkout_required).toEqual({ amount_cents: 999 });
    const queued = await ctx()
      .handle.db.select()
      .from(memberships)
      .where(and(eq(memberships.ssn, demoSsn(20)), eq(memberships.status, 'queued')));
    expect(queued).toHaveLength(0);
    const credited = await call(ctx().app, s, `${base(s, 20)}/credit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ amount_cents: 1000 }),
    });
    expect(credited.status).toBe(402);
    expect((await credited.json())._payload.checkout_required).toEqual({ amount_cents: 1000 });
  });

  it('refuses what is not on sale and bad bodies with 4xx and a message', async () => {
    const s = await login(ctx().app, 'rich@example.com');
    expect((await buy(ctx(), s, 19, 'BDDT03')).status).toBe(409);
    expect((await buy(ctx(), s, 19, 'BDEG00')).status).toBe(409);
    expect((await buy(ctx(), s, 19, '<script>')).status).toBe(400);
    expect((await buy(ctx(), s, 19, 'BDDT00', 'CASH')).status).toBe(400);
    const badAmount = await call(ctx().app, s, `${base(s, 19)}/credit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ amount_cents: 700 }),
    });
    expect(badAmount.status).toBe(400);
    expect(await credit(ctx(), 19)).toBe(2500);
  });

  it('an Idempotency-Key replays the first answer and moves nothing; the same key for another request is 422', async () => {
    const s = await login(ctx().app, 'rich@example.com');
    const first = await buy(ctx(), s, 19, 'BDDT00', 'BALANCE_BEFORE_SC', 'buy-once-0001');
    const again = await buy(ctx(), s, 19, 'BDDT00', 'BALANCE_BEFORE_SC', 'buy-once-0001');
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(await first.json());
    expect(await credit(ctx(), 19)).toBe(1501);
    expect((await buy(ctx(), s, 19, 'BDDV00', 'BALANCE_BEFORE_SC', 'buy-once-0001')).status).toBe(422);
    expect((await buy(ctx(), s, 19, 'BDDT00', 'BALANCE_BEFORE_SC', 'short')).status).toBe(400);
  });

  it('a key left in progress by a crash answers 409 until it expires, then a retry runs once; keys go after 24 hours (issue 26)', async () => {
    const c = ctx();
    const s = await login(c.app, 'rich@example.com');
    // The first request with this key: the server stopped before answering (the key is left in progress).
    const first = await buy(c, s, 19, 'BDDT00', 'BALANCE_BEFORE_SC', 'crashed-0001');
    expect(first.status).toBe(201);
    await c.handle.db
      .update(idempotencyKeys)
      .set({ status: null, body: null })
      .where(eq(idempotencyKeys.key, 'crashed-0001'));
    await c.handle.db.delete(memberships).where(eq(memberships.ssn, demoSsn(19)));
    expect((await buy(c, s, 19, 'BDDT00', 'BALANCE_BEFORE_SC', 'crashed-0001')).status).toBe(409);
    c.clock.advance(IN_PROGRESS_EXPIRY_MS);
    const retries = await Promise.all([1, 2].map(() => buy(c, s, 19, 'BDDT00', 'BALANCE_BEFORE_SC', 'crashed-0001')));
    expect(retries.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(
      await c.handle.db
        .select()
        .from(memberships)
        .where(eq(memberships.ssn, demoSsn(19))),
    ).toHaveLength(1);
    // A day later the key is gone.
    c.clock.advance(IDEMPOTENCY_KEEP_MS + 1000);
    expect(await expireIdempotencyKeys({ db: c.handle.db, clock: () => c.clock.now })).toBeGreaterThan(0);
    expect(
      await c.handle.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'crashed-0001')),
    ).toHaveLength(0);
  });

  it('auto-renew on, changed and off; refused without a current membership', async () => {
    const s = await login(ctx().app, 'card@example.com');
    const on = form({
      recurrence_sku: 'BDDT00',
      payment_type: 'STORED_CARD',
      recurrence_enabled: 'true',
      check_user_cc: 'true',
    });
    const res = await call(ctx().app, s, `${base(s, 18)}/recurrence`, {
      method: 'POST',
      body: on.body,
      headers: { 'content-type': on['content-type'] },
    });
    expect(res.status).toBe(200);
    expect((await res.json())._payload).toEqual({ recurrence_enabled: true, recurrence_sku: 'BDDT00' });
    const change = form({ recurrence_sku: 'BDDV00' });
    const changed = await call(ctx().app, s, `${base(s, 18)}/recurrence`, {
      method: 'PUT',
      body: change.body,
      headers: { 'content-type': change['content-type'] },
    });
    expect((await changed.json())._payload).toEqual({ recurrence_enabled: true, recurrence_sku: 'BDDV00' });
    const off = await call(ctx().app, s, `${base(s, 18)}/recurrence`, {
      method: 'DELETE',
      body: change.body,
      headers: { 'content-type': change['content-type'] },
    });
    expect((await off.json())._payload.recurrence_enabled).toBe(false);

    const rich = await login(ctx().app, 'rich@example.com');
    const none = await call(ctx().app, rich, `${base(rich, 19)}/recurrence`, {
      method: 'POST',
      body: on.body,
      headers: { 'content-type': on['content-type'] },
    });
    expect(none.status).toBe(409);
    expect((await none.json())._payload.message).toBe(messages.noCurrentMembership);
  });

  it('add credit with the stored card; an add-on takes credit first, needs a membership, and counts in max_data', async () => {
    const s = await login(ctx().app, 'card@example.com');
    const topUp = await call(ctx().app, s, `${base(s, 18)}/credit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ amount_cents: 1000, payment_type: 'STORED_CARD' }),
    });
    expect(topUp.status).toBe(201);
    expect((await topUp.json())._payload).toEqual({
      credit_cents: 1050,
      payment: { credit_cents: 0, card_cents: 1000 },
    });
    const before = (await (await call(ctx().app, s, `${base(s, 18)}/balance/summary/current`)).json())._payload
      .current_month_balance_summary;
    const addon = await call(ctx().app, s, `${base(s, 18)}/addons`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sku: 'BDAO05' }),
    });
    expect(addon.status).toBe(201);
    expect((await addon.json())._payload.payment).toEqual({ credit_cents: 500, card_cents: 0 });
    const after = (await (await call(ctx().app, s, `${base(s, 18)}/balance/summary/current`)).json())._payload
      .current_month_balance_summary;
    expect(after.max_data - before.max_data).toBe(5 * 1_048_576);
    expect(after.left_membership_data).toBe(before.left_membership_data);
    expect(after.main).toBe(550);

    const rich = await login(ctx().app, 'rich@example.com');
    const refused = await call(ctx().app, rich, `${base(rich, 19)}/addons`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sku: 'BDAO10' }),
    });
    expect(refused.status).toBe(409);
    expect((await refused.json())._payload.message).toBe(membershipsFailures.needsMembership.message);
  });

  it('transactions show purchases with what credit and card paid', async () => {
    const s = await login(ctx().app, 'card@example.com');
    await buy(ctx(), s, 18, 'BDDT00');
    const { _payload } = await (
      await call(ctx().app, s, `/panda/protected/users/${s.userId}/transactions?limit=1`)
    ).json();
    expect(_payload.values[0]).toMatchObject({
      description: 'Data Plus €9.99 Membership',
      amount: -50,
      card_amount: 949,
    });
  });

  it('cannot buy for another member’s SIM', async () => {
    const s = await login(ctx().app, 'rich@example.com');
    const res = await call(
      ctx().app,
      s,
      `/panda/protected/users/${s.userId}/sims/${demoSsn(18)}/recurrence?single_topUp=true`,
      {
        method: 'POST',
        ...form({ recurrence_sku: 'BDDT00' }),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
    );
    expect(res.status).toBe(403);
  });
});
