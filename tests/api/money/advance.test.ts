import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { advanceApi } from '../../../src/contract/advance.schema.ts';
import { advanceFailures, advanceMessages } from '../../../src/contract/advance.calls.ts';
import { membershipsApi } from '../../../src/contract/memberships.schema.ts';
import { giftShopApi } from '../../../src/contract/gift-shop.schema.ts';
import { securityApi } from '../../../src/contract/security.schema.ts';
import { advances, balances, ledger } from '../../../src/server/db/schema.ts';
import { createMember, type BuiltMember, type MemberSpec } from '../support/builders.ts';
import { ok, refused, send } from '../support/client.ts';
import { checkoutResultOf, payInSandbox } from '../support/checkouts.ts';
import { forEachDatabase, type TestContext } from '../support/harness.ts';

/**
 * The top-up advance (docs/product/lifelines.md): who may (each condition at its edge), €5.00 now for €5.50
 * owed, one outstanding per SIM whatever races, and every later credit repaying first.
 */
/** Eligible: 30+ days, two card payments in 90 days, credit under €2.00, a membership. */
const eligible = {
  creditCents: 40,
  simAgeDays: 120,
  storedCard: true,
  cardPayments: [
    { sku: 'BDDT00', daysAgo: 10 },
    { sku: 'BDDT00', daysAgo: 40 },
  ],
  membership: { sku: 'BDDT00', daysLeft: 12, usedGb: 5 },
} satisfies MemberSpec;

const params = (m: BuiltMember) => ({ user_id: m.userId, ssn: m.ssn });
const stateOf = async (c: TestContext, m: BuiltMember) =>
  (await ok(c.app, advanceApi.state, { session: m.session, params: params(m) }))._payload;
const creditOf = async (c: TestContext, m: BuiltMember) =>
  (await c.handle.db.select().from(balances).where(eq(balances.ssn, m.ssn)))[0]!.creditCents;
const owedOf = async (c: TestContext, m: BuiltMember) =>
  (await c.handle.db.select().from(advances).where(eq(advances.ssn, m.ssn))).reduce((a, r) => a + r.owedCents, 0);
/** The ledger's repayment rows of a member's SIM (one per cause). */
const repaymentsOf = (c: TestContext, m: BuiltMember) =>
  c.handle.db
    .select()
    .from(ledger)
    .where(and(eq(ledger.ssn, m.ssn), eq(ledger.kind, 'advance-repayment')));
const take = (c: TestContext, m: BuiltMember) =>
  send(c.app, advanceApi.take, {
    session: m.session,
    params: params(m),
    headers: { 'idempotency-key': crypto.randomUUID() },
  });

forEachDatabase('advance', { seed: 'catalogue' }, (ctx) => {
  it('eligibility at each edge: 29 vs 30 days, €1.99 vs €2.00, one vs two payments, 91 days, blocked', async () => {
    const c = ctx();
    const cases: [MemberSpec, keyof typeof advanceFailures | null][] = [
      [eligible, null],
      [{ ...eligible, simAgeDays: 30 }, null],
      [{ ...eligible, simAgeDays: 29 }, 'simTooNew'],
      [{ ...eligible, creditCents: 199 }, null],
      [{ ...eligible, creditCents: 200 }, 'enoughCredit'],
      [{ ...eligible, cardPayments: [{ sku: 'BDDT00', daysAgo: 10 }] }, 'fewPayments'],
      [
        {
          ...eligible,
          cardPayments: [
            { sku: 'BDDT00', daysAgo: 10 },
            { sku: 'BDDT00', daysAgo: 91 },
          ],
        },
        'fewPayments',
      ],
      [
        {
          ...eligible,
          cardPayments: [
            { sku: 'BDDT00', daysAgo: 10 },
            { sku: 'BDDT00', daysAgo: 89 },
          ],
        },
        null,
      ],
      [{ ...eligible, advance: { owedCents: 550, daysAgo: 3 } }, 'outstanding'],
      [{ ...eligible, advance: { owedCents: 0, daysAgo: 30 } }, null],
    ];
    for (const [spec, reason] of cases) {
      const m = await createMember(c, spec);
      const state = await stateOf(c, m);
      const said = JSON.stringify({
        simAgeDays: spec.simAgeDays,
        credit: spec.creditCents,
        pays: spec.cardPayments?.length,
      });
      expect(state.reason, said).toBe(reason ? advanceFailures[reason].code : null);
      expect(state.eligible, said).toBe(reason === null);
      expect(state.message, said).toBe(reason ? advanceFailures[reason].message : null);
    }
    // Blocked (lost or stolen): said, and refused.
    const lost = await createMember(c, eligible);
    await ok(c.app, securityApi.blockSim, { session: lost.session, params: params(lost) });
    expect((await stateOf(c, lost)).reason).toBe(advanceFailures.simBlocked.code);
    await refused(c.app, advanceApi.take, { session: lost.session, params: params(lost) }, advanceFailures.simBlocked);
    // Not eligible: the POST refuses with the same condition, and moves nothing.
    const rich = await createMember(c, { ...eligible, creditCents: 200 });
    await refused(
      c.app,
      advanceApi.take,
      { session: rich.session, params: params(rich) },
      advanceFailures.enoughCredit,
    );
    expect(await creditOf(c, rich)).toBe(200);
  });

  it('€5.00 now, €5.50 owed, one ledger row naming the fee; then owed is its own figure and no second advance', async () => {
    const c = ctx();
    const m = await createMember(c, eligible);
    const res = await take(c, m);
    expect(res.status).toBe(201);
    expect(((await res.json()) as { _payload: unknown })._payload).toEqual({
      credit_cents: 540,
      owed_cents: 550,
      message: advanceMessages.taken,
    });
    expect(await creditOf(c, m)).toBe(540);
    expect(await stateOf(c, m)).toMatchObject({
      eligible: false,
      reason: advanceFailures.outstanding.code,
      owed_cents: 550,
    });
    const rows = await c.handle.db
      .select()
      .from(ledger)
      .where(and(eq(ledger.ssn, m.ssn), eq(ledger.kind, 'advance')));
    expect(rows).toEqual([
      expect.objectContaining({
        creditDeltaCents: 500,
        cardCents: 0,
        description: 'Top-up advance (fee €0.50; €5.50 to repay)',
      }),
    ]);
    await refused(c.app, advanceApi.take, { session: m.session, params: params(m) }, advanceFailures.outstanding);
    // Another member's SIM: not theirs to ask about.
    const other = await createMember(c, eligible);
    expect(
      (await send(c.app, advanceApi.state, { session: other.session, params: params(m) })).status,
    ).toBeGreaterThanOrEqual(403);
  });

  it('20 advances at once → one', async () => {
    const c = ctx();
    const m = await createMember(c, eligible);
    const statuses = (await Promise.all(Array.from({ length: 20 }, () => take(c, m)))).map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 201).every((s) => s === 409)).toBe(true);
    expect(await c.handle.db.select().from(advances).where(eq(advances.ssn, m.ssn))).toHaveLength(1);
    expect(await creditOf(c, m)).toBe(540);
  });

  it('a top-up smaller than what is owed repays part; the next repays the rest; credit never below zero', async () => {
    const c = ctx();
    const m = await createMember(c, { ...eligible, creditCents: 0, advance: { owedCents: 550, daysAgo: 2 } });
    const topUp = async (amount: 500 | 1000) =>
      ok(c.app, membershipsApi.addCredit, {
        session: m.session,
        params: params(m),
        body: { amount_cents: amount, payment_type: 'STORED_CARD' },
        headers: { 'idempotency-key': crypto.randomUUID() },
      });
    await topUp(500);
    expect(await creditOf(c, m)).toBe(0);
    expect(await owedOf(c, m)).toBe(50);
    expect((await stateOf(c, m)).owed_cents).toBe(50);
    await topUp(1000);
    expect(await creditOf(c, m)).toBe(950);
    expect(await owedOf(c, m)).toBe(0);
    const repayments = await repaymentsOf(c, m);
    expect(repayments.map((r) => [r.creditDeltaCents, r.description])).toEqual([
      [-500, 'Top-up advance repaid in part (€0.50 still owed)'],
      [-50, 'Top-up advance repaid'],
    ]);
    // Each repayment is its own cause: its row names the top-up that paid it.
    expect(new Set(repayments.map((r) => r.reference)).size).toBe(2);
    const [row] = await c.handle.db.select().from(advances).where(eq(advances.ssn, m.ssn));
    expect(row!.repaidAt).not.toBeNull();
  });

  it('a gift of credit repays first, one repayment row for the gift', async () => {
    const c = ctx();
    const m = await createMember(c, { ...eligible, creditCents: 10, advance: { owedCents: 550, daysAgo: 1 } });
    const { checkout_id } = (
      await ok(c.app, giftShopApi.order, {
        body: { gift: 'credit', msisdn: m.msisdn, amount_cents: 1000, buyer_email: 'aunt@example.com' },
      })
    )._payload;
    await payInSandbox(c, checkout_id, { number: '4200000000000000', holder: 'An Aunt' });
    await checkoutResultOf(c, checkout_id);
    expect(await creditOf(c, m)).toBe(10 + 1000 - 550);
    expect(await owedOf(c, m)).toBe(0);
    const rows = await repaymentsOf(c, m);
    expect(rows.map((r) => [r.creditDeltaCents, r.reference])).toEqual([
      [-550, expect.stringMatching(/:repaid:checkout:/)],
    ]);
  });

  it('owing@: a €10 top-up leaves €4.50 credit and nothing owed', async () => {
    const c = ctx();
    const m = await createMember(c, { ...eligible, creditCents: 0, advance: { owedCents: 550, daysAgo: 5 } });
    await ok(c.app, membershipsApi.addCredit, {
      session: m.session,
      params: params(m),
      body: { amount_cents: 1000, payment_type: 'STORED_CARD' },
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect(await creditOf(c, m)).toBe(450);
    expect((await stateOf(c, m)).owed_cents).toBe(0);
  });
});
