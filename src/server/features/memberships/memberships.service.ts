import { endCardSpend, reserveCardSpend } from '../../services/spend-limit.ts';
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { classifyResult, type PaymentType } from '../../../contract/payments.ts';
import { isUniqueViolation, type Queryable } from '../../db/client.ts';
import { balances, memberships, products, storedCards } from '../../db/schema.ts';
import type { PaymentsAdapter } from '../../integrations/payments/index.ts';
import { currentMembershipAt, lockedCredit } from '../../services/memberships.ts';
import { done, refused, type Outcome, type ServiceContext } from '../../services/outcome.ts';
import {
  applyPurchase,
  membershipsOf,
  membershipsOnSale,
  offerOf,
  priceOf,
  purchaseProblem,
  settle,
  type Applied,
  type Purchase,
} from '../../services/purchases.ts';

type Membership = typeof memberships.$inferSelect;
export interface MoneyContext extends ServiceContext {
  payments: PaymentsAdapter;
}

const nameOf = async (db: Queryable, sku: string) =>
  (await db.select({ name: products.name }).from(products).where(eq(products.sku, sku)))[0]?.name ?? sku;
const shape = async (db: Queryable, m: Membership, status: 'current' | 'queued') => ({
  sku: m.sku,
  name: await nameOf(db, m.sku),
  status,
  starts_at: m.startsAt.toISOString(),
  ends_at: m.endsAt.toISOString(),
});

export async function offers({ db, clock }: ServiceContext, memberId: number, ssn: string) {
  const now = clock();
  const [balance] = await db.select({ credit: balances.creditCents }).from(balances).where(eq(balances.ssn, ssn));
  if (!balance) return refused('noBalance');
  const { current, queued } = await membershipsOf(db, ssn, now);
  const addons = await db.select().from(products).where(eq(products.kind, 'addon')).orderBy(asc(products.priceCents));
  return done({
    values: (await membershipsOnSale(db, memberId, now)).map(offerOf),
    current: current
      ? {
          ...(await shape(db, current, 'current')),
          recurrence_enabled: current.recurrenceEnabled,
          recurrence_sku: current.recurrenceSku,
        }
      : null,
    queued: queued ? await shape(db, queued, 'queued') : null,
    credit_cents: balance.credit,
    addons: addons.map(offerOf),
  });
}

export interface Split {
  credit_cents: number;
  card_cents: number;
}
type Reason =
  | 'overSpendLimit'
  | 'simBlocked'
  | 'notOnSale'
  | 'alreadyQueued'
  | 'needsMembership'
  | 'checkoutRequired'
  | 'cardDeclined'
  | 'creditChanged'
  | 'noBalance';

/**
 * Pays for a purchase on one SIM: credit first with BALANCE_BEFORE_SC, the rest (or all, with
 * STORED_CARD) from the stored card. The SIM's credit row is locked and the purchase checked
 * first; what credit alone pays is applied in that same transaction. A card part is charged after
 * it (no provider call inside a transaction), then a second transaction locks again, applies the
 * purchase, takes the credit and writes the cause's one ledger row; if it cannot, the card is
 * refunded. Without a stored card the card part is refused as `checkoutRequired` with its amount.
 */
export async function pay(
  ctx: MoneyContext,
  order: { memberId: number; ssn: string; purchase: Purchase; paymentType: PaymentType },
): Promise<Outcome<{ applied: Applied; payment: Split; creditCents: number }, Reason>> {
  const { db, clock, payments } = ctx;
  const priced = await priceOf(db, order.memberId, order.purchase, clock());
  if (!priced.ok) return priced;
  const price = priced.value;
  const kind = { membership: 'purchase', credit: 'top-up', addon: 'add-on' }[order.purchase.kind];
  const reference = `${kind}:${randomUUID()}`;

  const finish = async (
    tx: Queryable,
    credit: number,
    split: Split,
    cause: string,
    card?: { brand: string; last4: string },
  ) => {
    const now = clock();
    const applied = await applyPurchase(tx, order.ssn, order.purchase, now);
    if (!applied.ok) return applied;
    const creditCents = await settle(tx, {
      ssn: order.ssn,
      credit,
      priced: price,
      creditCents: split.credit_cents,
      cardCents: split.card_cents,
      kind,
      reference: cause,
      now,
      card,
    });
    return done({ applied: applied.value, payment: split, creditCents });
  };

  const first = await db.transaction(async (tx) => {
    const credit = await lockedCredit(tx, order.ssn);
    if (credit === null) return refused('noBalance');
    const problem = await purchaseProblem(tx, order.ssn, order.purchase, clock());
    if (problem) return refused(problem);
    const creditPart =
      price.creditIn || order.paymentType !== 'BALANCE_BEFORE_SC' ? 0 : Math.min(credit, price.priceCents);
    const split = { credit_cents: creditPart, card_cents: price.priceCents - creditPart };
    if (split.card_cents === 0) return finish(tx, credit, split, reference);
    const [card] = await tx
      .select({ token: storedCards.token, brand: storedCards.brand, last4: storedCards.last4 })
      .from(storedCards)
      .where(eq(storedCards.memberId, order.memberId));
    if (!card) return refused('checkoutRequired', { amount_cents: split.card_cents });
    // The monthly limit is checked, and the amount held, before the provider is asked.
    const over = await reserveCardSpend(tx, {
      memberId: order.memberId,
      ssn: order.ssn,
      purpose: order.purchase.kind,
      cents: split.card_cents,
      reference,
      now: clock(),
    });
    if (over) return over;
    return { ok: true as const, card: split, token: card.token, paidWith: { brand: card.brand, last4: card.last4 } };
  });
  if (!first.ok || !('card' in first)) return first;

  const split = first.card;
  const charge = await payments.chargeStoredCard(first.token, split.card_cents, reference);
  if (classifyResult(charge.code) !== 'success') {
    await endCardSpend(db, reference, 'failed', clock());
    return refused('cardDeclined');
  }
  try {
    const outcome = await db.transaction(async (tx) => {
      const credit = await lockedCredit(tx, order.ssn);
      if (credit === null) return refused('noBalance');
      if (credit < split.credit_cents) return refused('creditChanged');
      const done = await finish(tx, credit, split, `${reference}:${charge.paymentId}`, first.paidWith);
      if (done.ok) await endCardSpend(tx, reference, 'applied', clock());
      return done;
    });
    if (!outcome.ok) {
      await endCardSpend(db, reference, 'failed', clock());
      await payments.refund(charge.paymentId, split.card_cents);
    }
    return outcome;
  } catch (error) {
    await endCardSpend(db, reference, 'failed', clock());
    await payments.refund(charge.paymentId, split.card_cents);
    // Two buys of one SIM at once: the database's one-queued rule decided.
    if (isUniqueViolation(error)) return refused('alreadyQueued');
    throw error;
  }
}

/** Auto-renew of the current membership: on (with a SKU on sale), changed, or off. */
export async function setRecurrence(
  { db, clock }: ServiceContext,
  memberId: number,
  ssn: string,
  change: { enabled: boolean; sku: string },
) {
  const now = clock();
  if (change.enabled && !(await membershipsOnSale(db, memberId, now)).some((p) => p.sku === change.sku))
    return refused('notOnSale');
  const [row] = await db
    .update(memberships)
    .set(change.enabled ? { recurrenceEnabled: true, recurrenceSku: change.sku } : { recurrenceEnabled: false })
    .where(and(eq(memberships.ssn, ssn), currentMembershipAt(now)))
    .returning();
  if (!row) return refused('noCurrentMembership');
  return done({ recurrence_enabled: row.recurrenceEnabled, recurrence_sku: row.recurrenceSku });
}
