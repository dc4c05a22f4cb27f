import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { accountApi } from '../../../src/contract/account.schema.ts';
import { membershipsApi, membershipsFailures } from '../../../src/contract/memberships.schema.ts';
import { messages } from '../../../src/contract/messages.ts';
import { transactionsApi } from '../../../src/contract/transactions.schema.ts';
import { balances, idempotencyKeys, ledger, memberships } from '../../../src/server/db/schema.ts';
import {
  expireIdempotencyKeys,
  IDEMPOTENCY_KEEP_MS,
  IN_PROGRESS_EXPIRY_MS,
} from '../../../src/server/middleware/idempotency.ts';
import { KB_PER_GB } from '../../../src/contract/constants.ts';
import { createMember, signIn, type BuiltMember, type MemberSpec } from '../support/builders.ts';
import { ok, refused, send } from '../support/client.ts';
import { forEachDatabase, type TestContext } from '../support/harness.ts';
import { buyMembership } from '../support/purchases.ts';

/** The members these tests need, made by builders (each test makes its own). */
const specs = {
  /** €7.50, Data Plus with auto-renew and another queued. */
  active: {
    creditCents: 750,
    membership: { sku: 'BDDT00', daysLeft: 12, usedGb: 11.25, recurrence: true, queued: 'BDDT00' },
  },
  /** €25.00 and no membership. */
  rich: { creditCents: 2500 },
  /** €0.50, Data Plus, a stored Visa ending 0000. */
  card: { creditCents: 50, storedCard: true, membership: { sku: 'BDDT00', daysLeft: 10, usedGb: 10 } },
  /** No credit and no stored card, Data Plus. */
  nocredit: { creditCents: 0, membership: { sku: 'BDDT00', daysLeft: 20, usedGb: 3 } },
} satisfies Record<string, MemberSpec>;

const sim = (m: BuiltMember) => ({ user_id: m.userId, ssn: m.ssn });

/** Buys a membership for the member's SIM (support/purchases.ts). */
const buy = (
  ctx: TestContext,
  m: BuiltMember,
  sku: string,
  pay: 'BALANCE_BEFORE_SC' | 'STORED_CARD' = 'BALANCE_BEFORE_SC',
  key?: string,
) => buyMembership(ctx, m.session, m.ssn, { sku, pay, key });

const credit = async (ctx: TestContext, m: BuiltMember) =>
  (await ctx.handle.db.select().from(balances).where(eq(balances.ssn, m.ssn)))[0]!.creditCents;

forEachDatabase('memberships', { seed: 'catalogue' }, (ctx) => {
  it('lists what the SIM may buy: BDDT03 only in May, BDDVBL00 only when eligible, with current, queued and add-ons', async () => {
    const active = await createMember(ctx(), specs.active);
    const { _payload } = await ok(ctx().app, membershipsApi.allowed, {
      session: active.session,
      params: sim(active),
    });
    const skus = _payload.values.map((v) => v.sku);
    expect(skus).toEqual(expect.arrayContaining(['BDDT00', 'BDDV00', 'BDDVBL00']));
    expect(skus).not.toContain('BDDT03');
    expect(_payload.current).toMatchObject({ sku: 'BDDT00', status: 'current', recurrence_enabled: true });
    expect(_payload.queued).toMatchObject({ sku: 'BDDT00', status: 'queued' });
    expect(_payload.credit_cents).toBe(750);
    expect(_payload.addons.map((a) => [a.sku, a.price_cents])).toEqual([
      ['BDAO05', 500],
      ['BDAO10', 800],
    ]);
    // Without a membership ever bought, the bulk membership is not offered.
    const rich = await createMember(ctx(), specs.rich);
    const first = await ok(ctx().app, membershipsApi.allowed, { session: rich.session, params: sim(rich) });
    expect(first._payload.values.map((v) => v.sku)).not.toContain('BDDVBL00');

    ctx().clock.now = new Date('2027-05-10T10:00:00Z');
    const later = { ...active, session: await signIn(ctx(), active) };
    const may = await ok(ctx().app, membershipsApi.allowed, { session: later.session, params: sim(later) });
    expect(may._payload.values.map((v) => v.sku)).toContain('BDDT03');
  });

  it('rich: with credit the first starts now, the second is queued, a third is refused; €5.02 left; one ledger row each', async () => {
    const rich = await createMember(ctx(), specs.rich);
    const first = await buy(ctx(), rich, 'BDDT00');
    expect(first.status).toBe(201);
    const one = (await first.json())._payload;
    expect(one.membership).toMatchObject({ sku: 'BDDT00', status: 'current' });
    expect(one.payment).toEqual({ credit_cents: 999, card_cents: 0 });
    const second = await buy(ctx(), rich, 'BDDT00');
    expect(second.status).toBe(201);
    expect((await second.json())._payload.membership).toMatchObject({
      status: 'queued',
      starts_at: one.membership.ends_at,
    });
    const third = await buy(ctx(), rich, 'BDDT00');
    expect(third.status).toBe(409);
    const body = (await third.json())._payload;
    expect(body).toEqual({
      message: membershipsFailures.alreadyQueued.message,
      code: membershipsFailures.alreadyQueued.code,
    });
    expect(await credit(ctx(), rich)).toBe(502);
    const rows = await ctx()
      .handle.db.select()
      .from(ledger)
      .where(and(eq(ledger.ssn, rich.ssn), eq(ledger.kind, 'purchase')));
    expect(rows.filter((r) => r.reference?.startsWith('purchase:')).map((r) => r.creditDeltaCents)).toEqual([
      -999, -999,
    ]);
  });

  it('20 purchases at once never overdraw credit nor queue two memberships', async () => {
    const rich = await createMember(ctx(), specs.rich);
    const answers = await Promise.all(Array.from({ length: 20 }, () => buy(ctx(), rich, 'BDDT00')));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((st) => st === 201)).toHaveLength(2);
    expect(statuses.every((st) => st === 201 || st === 409)).toBe(true);
    expect(await credit(ctx(), rich)).toBe(502);
    const rows = await ctx().handle.db.select().from(memberships).where(eq(memberships.ssn, rich.ssn));
    expect(rows.filter((m) => m.status === 'current')).toHaveLength(1);
    expect(rows.filter((m) => m.status === 'queued')).toHaveLength(1);
    const paid = await ctx()
      .handle.db.select()
      .from(ledger)
      .where(and(eq(ledger.ssn, rich.ssn), eq(ledger.kind, 'purchase')));
    expect(paid.filter((r) => r.reference?.startsWith('purchase:'))).toHaveLength(2);
  });

  it('card: credit then the stored card (€0.50 + €9.49), queued behind the current one', async () => {
    const card = await createMember(ctx(), specs.card);
    const res = await buy(ctx(), card, 'BDDT00');
    expect(res.status).toBe(201);
    const { _payload } = await res.json();
    expect(_payload.payment).toEqual({ credit_cents: 50, card_cents: 949 });
    expect(_payload.membership.status).toBe('queued');
    expect(await credit(ctx(), card)).toBe(0);
    const [row] = await ctx()
      .handle.db.select()
      .from(ledger)
      .where(and(eq(ledger.ssn, card.ssn), eq(ledger.kind, 'purchase'), eq(ledger.cardCents, 949)));
    expect(row).toMatchObject({ creditDeltaCents: -50, cardCents: 949 });
  });

  it('nocredit: without a stored card the answer is 402 with the amount for the card, and nothing moves', async () => {
    const nocredit = await createMember(ctx(), specs.nocredit);
    const res = await buy(ctx(), nocredit, 'BDDT00');
    expect(res.status).toBe(402);
    const body = (await res.json())._payload;
    expect(body.checkout_required).toEqual({ amount_cents: 999 });
    expect(body.code).toBe(membershipsFailures.checkoutRequired.code);
    const queued = await ctx()
      .handle.db.select()
      .from(memberships)
      .where(and(eq(memberships.ssn, nocredit.ssn), eq(memberships.status, 'queued')));
    expect(queued).toHaveLength(0);
    const credited = await send(ctx().app, membershipsApi.addCredit, {
      session: nocredit.session,
      params: sim(nocredit),
      body: { amount_cents: 1000 },
    });
    expect(credited.status).toBe(402);
    expect((await credited.json())._payload.checkout_required).toEqual({ amount_cents: 1000 });
  });

  it('refuses what is not on sale and bad bodies with 4xx and a message', async () => {
    const rich = await createMember(ctx(), specs.rich);
    expect((await buy(ctx(), rich, 'BDDT03')).status).toBe(409);
    expect((await buy(ctx(), rich, 'BDEG00')).status).toBe(409);
    expect((await buy(ctx(), rich, '<script>')).status).toBe(400);
    expect((await buy(ctx(), rich, 'BDDT00', 'CASH' as never)).status).toBe(400);
    const badAmount = await send(ctx().app, membershipsApi.addCredit, {
      session: rich.session,
      params: sim(rich),
      body: { amount_cents: 700 } as never,
    });
    expect(badAmount.status).toBe(400);
    expect(await credit(ctx(), rich)).toBe(2500);
  });

  it('an Idempotency-Key replays the first answer and moves nothing; the same key for another request is 422', async () => {
    const rich = await createMember(ctx(), specs.rich);
    const first = await buy(ctx(), rich, 'BDDT00', 'BALANCE_BEFORE_SC', 'buy-once-0001');
    const again = await buy(ctx(), rich, 'BDDT00', 'BALANCE_BEFORE_SC', 'buy-once-0001');
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(await first.json());
    expect(await credit(ctx(), rich)).toBe(1501);
    expect((await buy(ctx(), rich, 'BDDV00', 'BALANCE_BEFORE_SC', 'buy-once-0001')).status).toBe(422);
    expect((await buy(ctx(), rich, 'BDDT00', 'BALANCE_BEFORE_SC', 'short')).status).toBe(400);
  });

  it('a key left in progress by a crash answers 409 until it expires, then a retry runs once; keys go after 24 hours', async () => {
    const c = ctx();
    const rich = await createMember(c, specs.rich);
    // The first request with this key: the server stopped before answering (the key is left in progress).
    const first = await buy(c, rich, 'BDDT00', 'BALANCE_BEFORE_SC', 'crashed-0001');
    expect(first.status).toBe(201);
    await c.handle.db
      .update(idempotencyKeys)
      .set({ status: null, body: null })
      .where(eq(idempotencyKeys.key, 'crashed-0001'));
    await c.handle.db.delete(memberships).where(eq(memberships.ssn, rich.ssn));
    expect((await buy(c, rich, 'BDDT00', 'BALANCE_BEFORE_SC', 'crashed-0001')).status).toBe(409);
    c.clock.advance(IN_PROGRESS_EXPIRY_MS);
    const retries = await Promise.all([1, 2].map(() => buy(c, rich, 'BDDT00', 'BALANCE_BEFORE_SC', 'crashed-0001')));
    expect(retries.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await c.handle.db.select().from(memberships).where(eq(memberships.ssn, rich.ssn))).toHaveLength(1);
    // A day later the key is gone.
    c.clock.advance(IDEMPOTENCY_KEEP_MS + 1000);
    expect(await expireIdempotencyKeys({ db: c.handle.db, clock: () => c.clock.now })).toBeGreaterThan(0);
    expect(
      await c.handle.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'crashed-0001')),
    ).toHaveLength(0);
  });

  it('auto-renew on, changed and off; refused without a current membership', async () => {
    const card = await createMember(ctx(), specs.card);
    const on = {
      recurrence_sku: 'BDDT00',
      payment_type: 'STORED_CARD',
      recurrence_enabled: 'true',
      check_user_cc: 'true',
    } as const;
    const res = await ok(ctx().app, membershipsApi.recurrence, {
      session: card.session,
      params: sim(card),
      body: on,
    });
    expect(res._payload).toEqual({ recurrence_enabled: true, recurrence_sku: 'BDDT00' });
    const changed = await ok(ctx().app, membershipsApi.changeRecurrence, {
      session: card.session,
      params: sim(card),
      body: { recurrence_sku: 'BDDV00' },
    });
    expect(changed._payload).toEqual({ recurrence_enabled: true, recurrence_sku: 'BDDV00' });
    const off = await ok(ctx().app, membershipsApi.stopRecurrence, {
      session: card.session,
      params: sim(card),
      body: { recurrence_sku: 'BDDV00' },
    });
    expect(off._payload.recurrence_enabled).toBe(false);

    const rich = await createMember(ctx(), specs.rich);
    const { message } = await refused(
      ctx().app,
      membershipsApi.recurrence,
      { session: rich.session, params: sim(rich), body: on },
      membershipsFailures.noCurrentMembership,
    );
    expect(message).toBe(messages.noCurrentMembership);
  });

  it('add credit with the stored card; an add-on takes credit first, needs a membership, and counts in max_data', async () => {
    const card = await createMember(ctx(), specs.card);
    const topUp = await ok(ctx().app, membershipsApi.addCredit, {
      session: card.session,
      params: sim(card),
      body: { amount_cents: 1000, payment_type: 'STORED_CARD' },
    });
    expect(topUp._payload).toEqual({
      credit_cents: 1050,
      payment: { credit_cents: 0, card_cents: 1000 },
    });
    const summary = async () =>
      (await ok(ctx().app, accountApi.balanceSummary, { session: card.session, params: sim(card) }))._payload
        .current_month_balance_summary;
    const before = await summary();
    const addon = await ok(ctx().app, membershipsApi.buyAddon, {
      session: card.session,
      params: sim(card),
      body: { sku: 'BDAO05' },
    });
    expect(addon._payload.payment).toEqual({ credit_cents: 500, card_cents: 0 });
    const after = await summary();
    expect(after.max_data! - before.max_data!).toBe(5 * KB_PER_GB);
    expect(after.left_membership_data).toBe(before.left_membership_data);
    expect(after.main).toBe(550);

    const rich = await createMember(ctx(), specs.rich);
    await refused(
      ctx().app,
      membershipsApi.buyAddon,
      { session: rich.session, params: sim(rich), body: { sku: 'BDAO10' } },
      { ...membershipsFailures.needsMembership },
    );
  });

  it('transactions show purchases with what credit and card paid', async () => {
    const card = await createMember(ctx(), specs.card);
    await buy(ctx(), card, 'BDDT00');
    const { _payload } = await ok(ctx().app, transactionsApi.list, {
      session: card.session,
      params: { user_id: card.userId },
      query: { limit: 1 },
    });
    expect(_payload.values[0]).toMatchObject({
      description: 'Data Plus €9.99 Membership',
      amount: -50,
      card_amount: 949,
    });
  });

  it('cannot buy for another member’s SIM', async () => {
    const rich = await createMember(ctx(), specs.rich);
    const card = await createMember(ctx(), specs.card);
    const res = await buy(ctx(), { ...rich, ssn: card.ssn }, 'BDDT00');
    expect(res.status).toBe(403);
  });
});
