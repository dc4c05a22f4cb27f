import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray, lte } from 'drizzle-orm';
import type { Offer } from '../../../contract/memberships.ts';
import { classifyResult, type PaymentType } from '../../../contract/payments.ts';
import { isUniqueViolation, type Queryable } from '../../db/client.ts';
import { balances, ledger, memberships, products, storedCards } from '../../db/schema.ts';
import type { PaymentsAdapter } from '../../integrations/payments/index.ts';
import { monthOf } from '../../services/calendar.ts';
import { bulkMembershipEligible, lockedCredit, membershipOf } from '../../services/memberships.ts';
import { done, refused, type Outcome, type ServiceContext } from '../../services/outcome.ts';

type Product = typeof products.$inferSelect;
type Membership = typeof memberships.$inferSelect;
export interface MoneyContext extends ServiceContext {
  payments: PaymentsAdapter;
}

const offerOf = (p: Product): Offer => ({
  sku: p.sku, name: p.name, price_cents: p.priceCents, days: p.days, data_kb: p.dataKb, fup_kb: p.fupKb,
  mobile_minutes: p.mobileMinutes, landline_minutes: p.landlineMinutes, texts: p.texts, roaming_kb: p.roamingKb,
});

/** Memberships on sale to this member now: BDDT03 only in May (Irish time), BDDVBL00 only when eligible. */
async function onSale(db: Queryable, memberId: number, now: Date): Promise<Product[]> {
  const all = await db.select().from(products).where(eq(products.kind, 'membership')).orderBy(asc(products.priceCents), asc(products.sku));
  const may = monthOf(now).endsWith('-05');
  const bulk = all.some((p) => p.sku === 'BDDVBL00') && (await bulkMembershipEligible(db, memberId));
  return all.filter((p) => (p.sku === 'BDDT03' ? may : p.sku === 'BDDVBL00' ? bulk : true));
}

/** The SIM's current (running now) and queued memberships. */
async function membershipsOf(db: Queryable, ssn: string, now: Date) {
  const rows = await db.select().from(memberships).where(and(eq(memberships.ssn, ssn), inArray(memberships.status, ['current', 'queued'])));
  return {
    current: rows.find((m) => m.status === 'current' && m.startsAt <= now && m.endsAt > now),
    queued: rows.find((m) => m.status === 'queued'),
    /** A current row whose period is over: the renewal job has not handed it on yet. */
    ended: rows.find((m) => m.status === 'current' && m.endsAt <= now),
  };
}

const nameOf = async (db: Queryable, sku: string) => (await db.select({ name: products.name }).from(products).where(eq(products.sku, sku)))[0]?.name ?? sku;
const shape = async (db: Queryable, m: Membership, status: 'current' | 'queued') => ({
  sku: m.sku, name: await nameOf(db, m.sku), status, starts_at: m.startsAt.toISOString(), ends_at: m.endsAt.toISOString(),
});

export async function offers({ db, clock }: ServiceContext, memberId: number, ssn: string) {
  const now = clock();
  const [balance] = await db.select({ credit: balances.creditCents }).from(balances).where(eq(balances.ssn, ssn));
  if (!balance) return refused('noBalance');
  const { current, queued } = await membershipsOf(db, ssn, now);
  const addons = await db.select().from(products).where(eq(products.kind, 'addon')).orderBy(asc(products.priceCents));
  return done({
    values: (await onSale(db, memberId, now)).map(offerOf),
    current: current ? { ...(await shape(db, current, 'current')), recurrence_enabled: current.recurrenceEnabled, recurrence_sku: current.recurrenceSku } : null,
    queued: queued ? await shape(db, queued, 'queued') : null,
    credit_cents: balance.credit,
    addons: addons.map(offerOf),
  });
}

interface Split {
  credit_cents: number;
  card_cents: number;
}
type PayReasons = 'checkoutRequired' | 'cardDeclined' | 'creditChanged' | 'noBalance' | 'alreadyQueued';

/**
 * Pays `priceCents` for one cause: credit first with BALANCE_BEFORE_SC, the rest (or all, with
 * STORED_CARD) from the stored card. The SIM's credit row is locked and `check` run first; what
 * credit alone pays is applied in that same transaction. A card part is charged after it (no
 * provider call inside a transaction), then a second transaction locks again, lets `apply` check
 * and write what was bought, takes the credit and writes the cause's one ledger row; if it
 * cannot, the card is refunded.
 */
async function pay<T, R extends string>(
  ctx: MoneyContext,
  order: { memberId: number; ssn: string; priceCents: number; paymentType: PaymentType; kind: string; description: string; creditIn?: boolean; dataKb?: number },
  check: (tx: Queryable, now: Date) => Promise<R | null>,
  apply: (tx: Queryable, now: Date) => Promise<Outcome<T, R>>,
): Promise<Outcome<{ value: T; payment: Split; creditCents: number }, R | PayReasons>> {
  const { db, clock, payments } = ctx;
  const reference = `${order.kind}:${randomUUID()}`;

  /** Inside a transaction with the credit locked: apply, take the credit part, write the ledger row. */
  const settle = async (tx: Queryable, credit: number, split: Split, paymentId?: string) => {
    const now = clock();
    const applied = await apply(tx, now);
    if (!applied.ok) return applied;
    const delta = order.creditIn ? order.priceCents : -split.credit_cents;
    await tx.update(balances).set({ creditCents: credit + delta, updatedAt: now }).where(eq(balances.ssn, order.ssn));
    await tx.insert(ledger).values({
      ssn: order.ssn, occurredAt: now, kind: order.kind, description: order.description, creditDeltaCents: delta, cardCents: split.card_cents,
      dataDeltaKb: order.dataKb ?? 0, reference: paymentId ? `${reference}:${paymentId}` : reference,
    });
    return done({ value: applied.value, payment: split, creditCents: credit + delta });
  };

  const first = await db.transaction(async (tx) => {
    const credit = await lockedCredit(tx, order.ssn);
    if (credit === null) return refused('noBalance');
    const problem = await check(tx, clock());
    if (problem) return refused(problem);
    const creditPart = order.creditIn || order.paymentType !== 'BALANCE_BEFORE_SC' ? 0 : Math.min(credit, order.priceCents);
    const split = { credit_cents: creditPart, card_cents: order.priceCents - creditPart };
    if (split.card_cents === 0) return settle(tx, credit, split);
    return { ok: true as const, card: split };
  });
  if (!first.ok || !('card' in first)) return first;

  const split = first.card;
  const [card] = await db.select().from(storedCards).where(eq(storedCards.memberId, order.memberId));
  if (!card) return refused('checkoutRequired', { amount_cents: split.card_cents });
  const charge = await payments.chargeStoredCard(card.token, split.card_cents, reference);
  if (classifyResult(charge.code) !== 'success') return refused('cardDeclined');
  try {
    const outcome = await db.transaction(async (tx) => {
      const credit = await lockedCredit(tx, order.ssn);
      if (credit === null) return refused('noBalance');
      if (credit < split.credit_cents) return refused('creditChanged');
      return settle(tx, credit, split, charge.paymentId);
    });
    if (!outcome.ok) await payments.refund(charge.paymentId, split.card_cents);
    return outcome;
  } catch (error) {
    await payments.refund(charge.paymentId, split.card_cents);
    // Two buys of one SIM at once: the database's one-queued rule decided.
    if (isUniqueViolation(error)) return refused('alreadyQueued');
    throw error;
  }
}

/** Buys a membership: it starts now without a current one, else it is queued (one at most). */
export async function buyMembership(
  ctx: MoneyContext,
  input: { memberId: number; ssn: string; sku: string; paymentType: PaymentType; recurrence: boolean },
) {
  const product = (await onSale(ctx.db, input.memberId, ctx.clock())).find((p) => p.sku === input.sku);
  if (!product) return refused('notOnSale');
  // One queued membership at most: decided under the lock, before any payment is asked for.
  const check = async (tx: Queryable, now: Date) => ((await membershipsOf(tx, input.ssn, now)).queued ? ('alreadyQueued' as const) : null);
  return pay(ctx, { ...input, priceCents: product.priceCents, kind: 'purchase', description: product.name }, check, async (tx, now) => {
    const { current, queued, ended } = await membershipsOf(tx, input.ssn, now);
    if (queued) return refused('alreadyQueued');
    if (ended) await tx.update(memberships).set({ status: 'past' }).where(eq(memberships.id, ended.id));
    const recurrence = input.recurrence ? { enabled: true, sku: product.sku } : undefined;
    if (current && recurrence) await tx.update(memberships).set({ recurrenceEnabled: true, recurrenceSku: product.sku }).where(eq(memberships.id, current.id));
    const [row] = await tx
      .insert(memberships)
      .values(current ? membershipOf(input.ssn, product, 'queued', current.endsAt, recurrence) : membershipOf(input.ssn, product, 'current', now, recurrence))
      .returning();
    return done({ sku: product.sku, name: product.name, status: row!.status as 'current' | 'queued', starts_at: row!.startsAt.toISOString(), ends_at: row!.endsAt.toISOString() });
  });
}

/** Adds credit paid by the stored card. */
export async function addCredit(ctx: MoneyContext, input: { memberId: number; ssn: string; amountCents: number }) {
  return pay(ctx, { ...input, priceCents: input.amountCents, paymentType: 'STORED_CARD', kind: 'top-up', description: 'Credit added by card', creditIn: true }, async () => null, async (): Promise<Outcome<null, never>> => done(null));
}

/** A data add-on for the current membership (it ends with it). */
export async function buyAddon(ctx: MoneyContext, input: { memberId: number; ssn: string; sku: string; paymentType: PaymentType }) {
  const [product] = await ctx.db.select().from(products).where(and(eq(products.sku, input.sku), eq(products.kind, 'addon')));
  if (!product) return refused('notOnSale');
  const dataKb = product.dataKb ?? 0;
  const check = async (tx: Queryable, now: Date) => ((await membershipsOf(tx, input.ssn, now)).current ? null : ('needsMembership' as const));
  return pay(ctx, { ...input, priceCents: product.priceCents, kind: 'add-on', description: product.name, dataKb }, check, async (tx, now) => {
    const { current: running } = await membershipsOf(tx, input.ssn, now);
    if (!running) return refused('needsMembership');
    await tx.update(memberships).set({ addonKb: running.addonKb + dataKb }).where(eq(memberships.id, running.id));
    return done({ sku: product.sku, data_kb: dataKb });
  });
}

/** Auto-renew of the current membership: on (with a SKU on sale), changed, or off. */
export async function setRecurrence({ db, clock }: ServiceContext, memberId: number, ssn: string, change: { enabled: boolean; sku: string }) {
  const now = clock();
  if (change.enabled && !(await onSale(db, memberId, now)).some((p) => p.sku === change.sku)) return refused('notOnSale');
  const [row] = await db
    .update(memberships)
    .set(change.enabled ? { recurrenceEnabled: true, recurrenceSku: change.sku } : { recurrenceEnabled: false })
    .where(and(eq(memberships.ssn, ssn), eq(memberships.status, 'current'), lte(memberships.startsAt, now), gt(memberships.endsAt, now)))
    .returning();
  if (!row) return refused('noCurrentMembership');
  return done({ recurrence_enabled: row.recurrenceEnabled, recurrence_sku: row.recurrenceSku });
}
