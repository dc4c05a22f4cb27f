import { domainEvent } from '../../../kernel/events.ts';
import { productRoamingKb } from '../../../../contract/roaming.ts';
import { repayAdvance } from '../advance/advance.ts';
import { changeCredit } from '../balance/credit.ts';
import { simIsBlocked } from '../../lines/index.ts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Offer } from '../../../../contract/memberships.schema.ts';
import type { Queryable } from '../../../db/client.ts';
import { ledger, memberships, products } from '../../../db/schema.ts';
import { monthOf } from '../../../kernel/calendar.ts';
import { bulkMembershipEligible, isCurrentAt, membershipOf } from '../memberships/memberships.ts';
import { done, refused, type Outcome } from '../../../kernel/outcome.ts';
import { orderNoAllowanceBar } from '../../network/index.ts';

/** A membership bought for a line (current now, or queued after the current one): in the purchase's transaction. */
export const membershipBought = domainEvent<{ ssn: string; membershipId: number; now: Date }>();

/**
 * What a member (or a gift buyer) pays for, and how it is applied to a SIM once paid: the one
 * place where a membership, credit or an add-on lands, whoever paid and however (credit, stored
 * card, a card checkout, a gift). Callers hold the SIM's credit row locked (lockedCredit).
 */
export type Purchase =
  | { kind: 'membership'; sku: string; recurrence: boolean }
  | { kind: 'credit'; amountCents: number }
  | { kind: 'addon'; sku: string };

type Product = typeof products.$inferSelect;

/** Memberships on sale to this member now: BDDT03 only in May (Irish time), BDDVBL00 only when eligible. */
export async function membershipsOnSale(db: Queryable, memberId: number | null, now: Date): Promise<Product[]> {
  const all = await db
    .select()
    .from(products)
    .where(eq(products.kind, 'membership'))
    .orderBy(asc(products.priceCents), asc(products.sku));
  const may = monthOf(now).endsWith('-05');
  const bulk =
    memberId !== null && all.some((p) => p.sku === 'BDDVBL00') && (await bulkMembershipEligible(db, memberId));
  return all.filter((p) => (p.sku === 'BDDT03' ? may : p.sku === 'BDDVBL00' ? bulk : true));
}

/** The SIM's current (running now) and queued memberships, and a current one whose period is over. */
/**
 * A product as the API offers it (memberships, add-ons, gifts): one shape wherever it is sold. Its
 * EU roaming data is the law's for a membership starting `now` (a queued one gets that of its own
 * start, never less: the caps only fall).
 */
export const offerOf = (p: Product, now: Date): Offer => ({
  sku: p.sku,
  name: p.name,
  price_cents: p.priceCents,
  days: p.days,
  data_kb: p.dataKb,
  fup_kb: p.fupKb,
  mobile_minutes: p.mobileMinutes,
  landline_minutes: p.landlineMinutes,
  texts: p.texts,
  roaming_kb: productRoamingKb(p, now),
});

export async function membershipsOf(db: Queryable, ssn: string, now: Date) {
  const rows = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.ssn, ssn), inArray(memberships.status, ['current', 'queued'])));
  return {
    current: rows.find((m) => isCurrentAt(m, now)),
    queued: rows.find((m) => m.status === 'queued'),
    /** The renewal job has not handed it on yet. */
    ended: rows.find((m) => m.status === 'current' && m.endsAt <= now),
  };
}

export interface Priced {
  priceCents: number;
  description: string;
  dataKb: number;
  /** Credit bought: the money goes into the credit instead of out of it. */
  creditIn: boolean;
}

/** The price and ledger wording of a purchase, if it is on sale to this member (null: a gift buyer). */
export async function priceOf(
  db: Queryable,
  memberId: number | null,
  purchase: Purchase,
  now: Date,
): Promise<Outcome<Priced, 'notOnSale'>> {
  if (purchase.kind === 'credit')
    return done({ priceCents: purchase.amountCents, description: 'Credit added by card', dataKb: 0, creditIn: true });
  const product =
    purchase.kind === 'membership'
      ? (await membershipsOnSale(db, memberId, now)).find((p) => p.sku === purchase.sku)
      : (
          await db
            .select()
            .from(products)
            .where(and(eq(products.sku, purchase.sku), eq(products.kind, 'addon')))
        )[0];
  if (!product) return refused('notOnSale');
  return done({
    priceCents: product.priceCents,
    description: product.name,
    dataKb: purchase.kind === 'addon' ? (product.dataKb ?? 0) : 0,
    creditIn: false,
  });
}

/** Products' names and prices by SKU, on sale or not (what a request for one says and costs). */
export async function productsNamed(q: Queryable, skus: readonly string[]) {
  if (skus.length === 0) return [];
  return q
    .select({ sku: products.sku, name: products.name, priceCents: products.priceCents })
    .from(products)
    .where(inArray(products.sku, [...skus]));
}

/** What a purchase is called in the ledger, receipts and the payment page, on sale or not. */
export async function describePurchase(
  db: Queryable,
  purchase: Purchase,
): Promise<{ description: string; dataKb: number }> {
  if (purchase.kind === 'credit') return { description: 'Credit added by card', dataKb: 0 };
  const [product] = await db.select().from(products).where(eq(products.sku, purchase.sku));
  return { description: product?.name ?? purchase.sku, dataKb: purchase.kind === 'addon' ? (product?.dataKb ?? 0) : 0 };
}

/** Whether the SIM can take the purchase now: one queued membership at most; an add-on needs a current membership. */
export async function purchaseProblem(
  db: Queryable,
  ssn: string,
  purchase: Purchase,
  now: Date,
): Promise<'simBlocked' | 'alreadyQueued' | 'needsMembership' | null> {
  if (await simIsBlocked(db, ssn)) return 'simBlocked';
  if (purchase.kind === 'credit') return null;
  const { current, queued } = await membershipsOf(db, ssn, now);
  if (purchase.kind === 'membership') return queued ? 'alreadyQueued' : null;
  return current ? null : 'needsMembership';
}

export type Applied =
  | { kind: 'membership'; sku: string; name: string; status: 'current' | 'queued'; starts_at: string; ends_at: string }
  | { kind: 'credit' }
  | { kind: 'addon'; sku: string; data_kb: number };

/**
 * Puts what was bought on the SIM: a membership starts now, or queued behind the current one; an
 * add-on joins the current one. `reference` is the cause of its ledger row: when the purchase
 * starts data again on the network, the order names it, so a refusal refunds it (modules/money/refunds.ts).
 */
export async function applyPurchase(
  tx: Queryable,
  ssn: string,
  purchase: Purchase,
  now: Date,
  reference?: string,
): Promise<Outcome<Applied, 'simBlocked' | 'alreadyQueued' | 'needsMembership' | 'notOnSale'>> {
  const problem = await purchaseProblem(tx, ssn, purchase, now);
  if (problem) return refused(problem);
  if (purchase.kind === 'credit') return done({ kind: 'credit' });
  const [product] = await tx.select().from(products).where(eq(products.sku, purchase.sku));
  if (!product) return refused('notOnSale');
  const { current, ended } = await membershipsOf(tx, ssn, now);
  if (purchase.kind === 'addon') {
    await tx
      .update(memberships)
      .set({ addonKb: current!.addonKb + (product.dataKb ?? 0) })
      .where(eq(memberships.id, current!.id));
    await orderNoAllowanceBar(tx, () => now, ssn, false, reference && { kind: 'addon', reference });
    return done({ kind: 'addon', sku: product.sku, data_kb: product.dataKb ?? 0 });
  }
  if (ended) await tx.update(memberships).set({ status: 'past' }).where(eq(memberships.id, ended.id));
  const recurrence = purchase.recurrence ? { enabled: true, sku: product.sku } : undefined;
  if (current && recurrence)
    await tx
      .update(memberships)
      .set({ recurrenceEnabled: true, recurrenceSku: product.sku })
      .where(eq(memberships.id, current.id));
  const [row] = await tx
    .insert(memberships)
    .values(
      current
        ? membershipOf(ssn, product, 'queued', current.endsAt, recurrence)
        : membershipOf(ssn, product, 'current', now, recurrence),
    )
    .returning();
  // Allowance again: data stopped for want of it starts on the network.
  if (!current) await orderNoAllowanceBar(tx, () => now, ssn, false, reference && { kind: 'membership', reference });
  // Who follows a new membership hears of it (a recruiter's reward, a referral confirmed: community's rules).
  await membershipBought.emit(tx, { ssn, membershipId: row!.id, now });
  return done({
    kind: 'membership',
    sku: product.sku,
    name: product.name,
    status: row!.status as 'current' | 'queued',
    starts_at: row!.startsAt.toISOString(),
    ends_at: row!.endsAt.toISOString(),
  });
}

/** Moves the money of one cause: the credit part out (or the credit bought in) and its one ledger row. */
export async function settle(
  tx: Queryable,
  m: {
    ssn: string;
    priced: Priced;
    creditCents: number;
    cardCents: number;
    kind: string;
    reference: string;
    now: Date;
    card?: { brand: string; last4: string } | undefined;
    /** The provider's payment that took the card part (a refund names it). */
    paymentId?: string | undefined;
  },
): Promise<number> {
  const delta = m.priced.creditIn ? m.priced.priceCents : -m.creditCents;
  const credit = await changeCredit(tx, m.ssn, delta, m.now);
  await tx.insert(ledger).values({
    ssn: m.ssn,
    occurredAt: m.now,
    kind: m.kind,
    description: m.priced.description,
    creditDeltaCents: delta,
    cardCents: m.cardCents,
    dataDeltaKb: m.priced.dataKb,
    reference: m.reference,
    // The receipt names the card that paid (brand and last four, never more).
    ...(m.card && m.cardCents > 0 ? { cardBrand: m.card.brand, cardLast4: m.card.last4 } : {}),
    ...(m.paymentId && m.cardCents > 0 ? { paymentId: m.paymentId } : {}),
  });
  // Credit that comes in repays a top-up advance first (docs/product/lifelines.md), in this transaction.
  const repaid = delta > 0 ? await repayAdvance(tx, m.ssn, m.now, m.reference) : 0;
  return credit - repaid;
}
