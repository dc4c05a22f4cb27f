import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { classifyResult, type PaymentType } from '../../../../contract/payments.schema.ts';
import { isUniqueViolation, type Queryable } from '../../../db/client.ts';
import { storedCards } from '../../../db/schema.ts';
import type { PaymentsAdapter } from '../integrations/payments/index.ts';
import { simIsBlocked } from '../../lines/index.ts';
import { lockedCredit } from '../memberships/memberships.ts';
import { done, refused, type Outcome, type ServiceContext } from '../../../kernel/outcome.ts';
import {
  applyPurchase,
  priceOf,
  purchaseProblem,
  settle,
  type Applied,
  type Priced,
  type Purchase,
} from '../purchases/purchases.ts';
import { endCardSpend, reserveCardSpend } from './spend-limit.ts';

export interface MoneyContext extends ServiceContext {
  payments: PaymentsAdapter;
}

export interface Split {
  credit_cents: number;
  card_cents: number;
}
export type PayRefusal =
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
 * Paid by another member's SIM (a household owner for a line, docs/product/lifelines.md): `from` is the payer's
 * SIM whose credit pays and whose ledger row names the line; the line's SIM gets its own row
 * (receipts on both sides), both in one transaction. `guard` runs inside each of the payment's
 * transactions, after the locks, so a line that left meanwhile is never paid for (a card charged
 * for it is refunded).
 */
export interface PaidFor<G extends string> {
  ssn: string;
  ownerRow: string;
  lineRow: string;
  guard: (tx: Queryable) => Promise<G | null>;
  /** The caller's refusal when the paying SIM is blocked (docs/product/member-controls.md: a lost SIM pays for nothing). */
  payerBlocked: G;
  /** What else the purchase settles, written in its transaction (a household request approved by this payment). */
  then?: (tx: Queryable) => Promise<void>;
}

/**
 * Pays for a purchase on one SIM: credit first with BALANCE_BEFORE_SC, the rest (or all, with
 * STORED_CARD) from the stored card. The SIM's credit row is locked and the purchase checked
 * first; what credit alone pays is applied in that same transaction. A card part is charged after
 * it (no provider call inside a transaction), then a second transaction locks again, applies the
 * purchase, takes the credit and writes the cause's one ledger row; if it cannot, the card is
 * refunded. Without a stored card the card part is refused as `checkoutRequired` with its amount.
 * With `from`, the payer's credit and card pay (a household owner's purchase for a line).
 */
export async function pay<G extends string = never>(
  ctx: MoneyContext,
  order: { memberId: number; ssn: string; purchase: Purchase; paymentType: PaymentType; from?: PaidFor<G> },
): Promise<Outcome<{ applied: Applied; payment: Split; creditCents: number }, PayRefusal | G>> {
  const { db, clock, payments } = ctx;
  // Paid by someone else (a household owner): the line's auto-renew and renewal product stay its own
  // member's choice; nobody can switch on renewals that the line then pays.
  const purchase: Purchase =
    order.from && order.purchase.kind === 'membership' ? { ...order.purchase, recurrence: false } : order.purchase;
  const priced = await priceOf(db, order.memberId, purchase, clock());
  if (!priced.ok) return priced;
  const price = priced.value;
  const from = order.from;
  const kind = from ? 'household' : { membership: 'purchase', credit: 'top-up', addon: 'add-on' }[purchase.kind];
  const reference = `${kind}:${randomUUID()}`;
  /** The SIM whose credit pays: the payer's own, or the owner's for a line. */
  const payer = from?.ssn ?? order.ssn;

  // Both SIMs' credit rows, locked in one order (by ssn) so two payments between the same SIMs never deadlock;
  // the answer is each SIM's credit by ssn (one row when the payer's SIM is the one that gets the purchase).
  const lock = async (tx: Queryable): Promise<Outcome<Map<string, number>, 'noBalance' | G>> => {
    const credits = new Map<string, number>();
    for (const ssn of [...new Set([payer, order.ssn])].sort()) {
      const credit = await lockedCredit(tx, ssn);
      if (credit === null) return refused('noBalance');
      credits.set(ssn, credit);
    }
    // docs/product/member-controls.md: a SIM reported lost or stolen pays for nothing, for itself (purchaseProblem) or another.
    if (from && (await simIsBlocked(tx, from.ssn))) return refused(from.payerBlocked);
    const guarded = from ? await from.guard(tx) : null;
    if (guarded) return refused(guarded);
    return done(credits);
  };

  const finish = async (
    tx: Queryable,
    split: Split,
    cause: string,
    card?: { brand: string; last4: string; paymentId: string },
  ) => {
    const now = clock();
    const applied = await applyPurchase(tx, order.ssn, purchase, now, cause);
    if (!applied.ok) return applied;
    // The payment's one ledger row: the split between credit and card, for the cause.
    const payFrom = (ssn: string, priced: Priced) =>
      settle(tx, {
        ssn,
        priced,
        creditCents: split.credit_cents,
        cardCents: split.card_cents,
        kind,
        reference: cause,
        now,
        card,
        paymentId: card?.paymentId,
      });
    if (!from) return done({ applied: applied.value, payment: split, creditCents: await payFrom(order.ssn, price) });
    // The owner pays (credit out, card), the line receives (a membership, or credit that repays an advance first).
    const paid: Priced = { ...price, creditIn: false, dataKb: 0, description: `${price.description} ${from.ownerRow}` };
    const creditCents = await payFrom(payer, paid);
    await settle(tx, {
      ssn: order.ssn,
      priced: { ...price, description: `${price.description}, ${from.lineRow}` },
      creditCents: 0,
      cardCents: 0,
      kind: 'household-paid',
      reference: `${cause}:line`,
      now,
    });
    if (from.then) await from.then(tx);
    return done({ applied: applied.value, payment: split, creditCents });
  };

  const payerOwnsCredit = !price.creditIn || Boolean(from);
  const first = await db.transaction(async (tx) => {
    const locked = await lock(tx);
    if (!locked.ok) return locked;
    const credit = locked.value.get(payer)!;
    const problem = await purchaseProblem(tx, order.ssn, purchase, clock());
    if (problem) return refused(problem);
    const creditPart =
      !payerOwnsCredit || order.paymentType !== 'BALANCE_BEFORE_SC' ? 0 : Math.min(credit, price.priceCents);
    const split = { credit_cents: creditPart, card_cents: price.priceCents - creditPart };
    if (split.card_cents === 0) return finish(tx, split, reference);
    const [card] = await tx
      .select({ token: storedCards.token, brand: storedCards.brand, last4: storedCards.last4 })
      .from(storedCards)
      .where(eq(storedCards.memberId, order.memberId));
    if (!card) return refused('checkoutRequired', { amount_cents: split.card_cents });
    // The monthly limit is checked, and the amount held, before the provider is asked.
    const over = await reserveCardSpend(tx, {
      memberId: order.memberId,
      ssn: payer,
      purpose: purchase.kind,
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
      const locked = await lock(tx);
      if (!locked.ok) return locked;
      if (locked.value.get(payer)! < split.credit_cents) return refused('creditChanged');
      const done = await finish(tx, split, `${reference}:${charge.paymentId}`, {
        ...first.paidWith,
        paymentId: charge.paymentId,
      });
      if (done.ok) await endCardSpend(tx, reference, 'applied', clock());
      return done;
    });
    if (!outcome.ok) await refundCharge(ctx, charge.paymentId, split.card_cents, reference);
    return outcome;
  } catch (error) {
    // Not applied (the database refused it, or went away): no charge stands without its purchase.
    await refundCharge(ctx, charge.paymentId, split.card_cents, reference);
    // Two buys of one SIM at once: the database's one-queued rule decided.
    if (isUniqueViolation(error)) return refused('alreadyQueued');
    throw error;
  }
}

/**
 * A card charged for a purchase that was not applied is refunded first, then the held spend is
 * released: the refund needs only the provider, so it happens even when the database has just
 * gone away (the hold then stays until the database is back and is not counted after its month).
 */
async function refundCharge(ctx: MoneyContext, paymentId: string, cents: number, reference: string): Promise<void> {
  await ctx.payments.refund(paymentId, cents, `refund:${reference}`);
  try {
    await endCardSpend(ctx.db, reference, 'failed', ctx.clock());
  } catch {
    /* the database is out of reach: the refund above is what mattered to the member */
  }
}
