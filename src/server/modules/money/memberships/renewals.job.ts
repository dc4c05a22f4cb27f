import { and, eq, lte } from 'drizzle-orm';
import { classifyResult } from '../../../../contract/payments.schema.ts';
import { isUniqueViolation } from '../../../db/client.ts';
import { changeCredit } from '../balance/credit.ts';
import { ledger, members, memberships, products, sims, storedCards } from '../../../db/schema.ts';
import type { PaymentsAdapter } from '../integrations/payments/index.ts';
import { lockedCredit, membershipOf } from './memberships.ts';
import { orderNoAllowanceBar } from '../../network/index.ts';
import { euro } from '../../../../contract/format.ts';
import { endCardSpend, reserveCardSpend } from '../payments/spend-limit.ts';
import { raiseAlert } from '../../alerts/index.ts';
import type { ServiceContext } from '../../../kernel/outcome.ts';

type Membership = typeof memberships.$inferSelect;
export interface RenewalContext extends ServiceContext {
  payments: PaymentsAdapter;
}
export type RenewalResult = 'handed-over' | 'renewed' | 'ended' | 'lapsed';

/** The cause of one renewal: one per SIM and period, whichever server instance gets there. */
const causeOf = (m: Membership) => `renewal:${m.ssn}:${m.endsAt.toISOString()}`;

/** Carry-over data not yet used, and data carried over in this membership (docs/product/flexible-data.md), move into the next membership (docs/product/money.md). */
const carriedKb = (m: Membership) => Math.max(0, m.carryoverKb - m.carryoverUsedKb) + m.carryForwardKb;

/**
 * Every membership whose period is over (docs/product/money.md, "Renewal"): a queued membership takes over;
 * else with auto-renew the SKU is bought again, credit first and then the stored card; when that
 * fails the SIM has no membership and the member is told in the app and by e-mail. Safe with
 * several instances (each membership row is taken with SKIP LOCKED, each renewal has one ledger
 * cause) and idempotent: a second run finds nothing due. A server that was down catches up at start.
 */
export async function runRenewals(ctx: RenewalContext): Promise<Record<RenewalResult, number>> {
  const due = await ctx.db
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.status, 'current'), lte(memberships.endsAt, ctx.clock())));
  const counts: Record<RenewalResult, number> = { 'handed-over': 0, renewed: 0, ended: 0, lapsed: 0 };
  // Several renewals at once, each its own transaction on its own connection (a card renewal waits
  // for the provider meanwhile): 10,000 due at the turn of a busy minute are done within it. The
  // first failure stops the workers taking more; what they had in hand finishes, then it is thrown.
  const queue = due.map((d) => d.id);
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    for (let id = queue.shift(); id !== undefined && !failure; id = queue.shift()) {
      try {
        const result = await renewOne(ctx, id);
        if (result) counts[result] += 1;
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(RENEWAL_WORKERS, queue.length) }, worker));
  if (failure) throw failure.error;
  return counts;
}

/** Renewals in flight at once: below the serving pool's ten connections, so members' requests still get one. */
export const RENEWAL_WORKERS = 6;

async function renewOne(ctx: RenewalContext, id: number): Promise<RenewalResult | null> {
  const { db, clock } = ctx;
  const plan = await db.transaction(async (tx) => {
    const now = clock();
    const [m] = await tx
      .select()
      .from(memberships)
      .where(and(eq(memberships.id, id), eq(memberships.status, 'current'), lte(memberships.endsAt, now)))
      .for('update', { skipLocked: true });
    if (!m) return null; // done already, or another instance has it
    const [queued] = await tx
      .select()
      .from(memberships)
      .where(and(eq(memberships.ssn, m.ssn), eq(memberships.status, 'queued')));
    await tx.update(memberships).set({ status: 'past' }).where(eq(memberships.id, m.id));
    if (queued) {
      await tx
        .update(memberships)
        .set({
          status: 'current',
          carryoverKb: queued.carryoverKb + carriedKb(m),
          recurrenceEnabled: m.recurrenceEnabled,
          recurrenceSku: m.recurrenceSku,
        })
        .where(eq(memberships.id, queued.id));
      return { result: 'handed-over' as const };
    }
    if (!m.recurrenceEnabled) return { result: 'ended' as const };
    const [product] = await tx
      .select()
      .from(products)
      .where(eq(products.sku, m.recurrenceSku ?? m.sku));
    const credit = await lockedCredit(tx, m.ssn);
    if (!product || credit === null) return { result: 'lapse' as const, m };
    if (credit >= product.priceCents) {
      await renewInto(tx, m, product, { creditCents: product.priceCents, cardCents: 0, reference: causeOf(m) }, now);
      return { result: 'renewed' as const };
    }
    // The card pays the rest, outside this transaction; the membership stays ended meanwhile.
    return { result: 'card' as const, m, product, creditCents: credit };
  });
  if (!plan) return null;
  if (plan.result === 'handed-over' || plan.result === 'ended' || plan.result === 'renewed') return plan.result;
  if (plan.result === 'lapse') return lapse(ctx, plan.m);

  const { m, product, creditCents } = plan;
  const cardCents = product.priceCents - creditCents;
  const [owner] = await db.select({ memberId: sims.memberId }).from(sims).where(eq(sims.ssn, m.ssn));
  const [card] = owner ? await db.select().from(storedCards).where(eq(storedCards.memberId, owner.memberId)) : [];
  if (!card || !owner) return lapse(ctx, m);
  // The member's monthly card limit holds for renewals too, checked (and the amount held) before the provider is asked.
  const hold = `hold:${causeOf(m)}`;
  const over = await db.transaction((tx) =>
    reserveCardSpend(tx, {
      memberId: owner.memberId,
      ssn: m.ssn,
      purpose: 'membership',
      cents: cardCents,
      reference: hold,
      now: clock(),
    }),
  );
  if (over)
    return lapse(
      ctx,
      m,
      `it would pass your monthly card spending limit of ${euro(Number(over.detail?.['limitCents']))}`,
    );
  const charge = await ctx.payments.chargeStoredCard(card.token, cardCents, causeOf(m));
  if (classifyResult(charge.code) !== 'success') {
    await endCardSpend(db, hold, 'failed', clock());
    return lapse(ctx, m, 'the card was declined');
  }
  try {
    const renewed = await db.transaction(async (tx) => {
      const credit = await lockedCredit(tx, m.ssn);
      if (credit === null || credit < creditCents) return false;
      await renewInto(
        tx,
        m,
        product,
        { creditCents, cardCents, reference: causeOf(m), card, paymentId: charge.paymentId },
        clock(),
      );
      await endCardSpend(tx, hold, 'applied', clock());
      return true;
    });
    if (renewed) return 'renewed';
    await endCardSpend(db, hold, 'failed', clock());
  } catch (error) {
    // Not applied (renewed already by another run, or the database went away): the charge is given
    // back first, since that needs only the provider; then the hold, if the database answers.
    await ctx.payments.refund(charge.paymentId, cardCents, `refund:${causeOf(m)}`);
    await endCardSpend(db, hold, 'failed', clock()).catch(() => undefined);
    if (!isUniqueViolation(error)) throw error;
    return null;
  }
  // The credit moved meanwhile, so nothing was applied for this charge: it is given back.
  await ctx.payments.refund(charge.paymentId, cardCents, `refund:${causeOf(m)}`);
  return lapse(ctx, m);
}

type Tx = Parameters<Parameters<ServiceContext['db']['transaction']>[0]>[0];

async function renewInto(
  tx: Tx,
  m: Membership,
  product: typeof products.$inferSelect,
  paid: {
    creditCents: number;
    cardCents: number;
    reference: string;
    card?: { brand: string; last4: string };
    paymentId?: string;
  },
  now: Date,
) {
  await tx.insert(ledger).values({
    ssn: m.ssn,
    occurredAt: now,
    kind: 'renewal',
    description: `${product.name} (renewed)`,
    creditDeltaCents: -paid.creditCents,
    cardCents: paid.cardCents,
    reference: paid.reference,
    ...(paid.card && paid.cardCents > 0 ? { cardBrand: paid.card.brand, cardLast4: paid.card.last4 } : {}),
    ...(paid.paymentId && paid.cardCents > 0 ? { paymentId: paid.paymentId } : {}),
  });
  await changeCredit(tx, m.ssn, -paid.creditCents, now);
  await tx.insert(memberships).values({
    ...membershipOf(m.ssn, product, 'current', now, { enabled: true, sku: product.sku }),
    carryoverKb: carriedKb(m),
  });
  // A new period's allowance: data stopped for want of it starts on the network.
  await orderNoAllowanceBar(tx, () => now, m.ssn, false, { kind: 'membership', reference: paid.reference });
}

/** No membership any more: the member hears of it in the app and by e-mail, once per period. */
async function lapse(ctx: RenewalContext, m: Membership, why?: string): Promise<RenewalResult> {
  await ctx.db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ id: members.id, email: members.email, firstname: members.firstname })
      .from(members)
      .innerJoin(sims, eq(sims.memberId, members.id))
      .where(eq(sims.ssn, m.ssn));
    if (!owner) return;
    // An alert like the others (docs/product/member-controls.md): switchable, once per period.
    await raiseAlert(tx, ctx.clock, {
      memberId: owner.id,
      cause: 'renewalFailed',
      key: `${m.ssn}:${m.endsAt.toISOString()}`,
      notice: 'renewalFailed',
      values: { why: why ? { say: 'notice.aside', values: { what: why } } : '' },
    });
  });
  return 'lapsed';
}
