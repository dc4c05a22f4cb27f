import { useStepUpCode } from '../../identity/index.ts';
import { and, eq, inArray } from 'drizzle-orm';
import { euro } from '../../../../contract/format.ts';
import { DEFAULT_LOCALE, type Locale } from '../../../../contract/i18n/locales.ts';
import { euroIn, message } from '../../../../contract/i18n/messages.ts';
import {
  classifyResult,
  type CardChoice,
  type PaymentResult,
  type StoredCard,
} from '../../../../contract/payments.schema.ts';
import { type CheckoutPurpose, PAYMENT_CONTAINERS, SAVE_CARD_AMOUNT_CENTS } from '../../../../contract/payments.ts';
import type { Queryable } from '../../../db/client.ts';
import { balances, checkouts, members, memberships, sims, storedCards } from '../../../db/schema.ts';
import { sendMail } from '../../../integrations/mail/index.ts';
import type { Registration } from '../integrations/payments/index.ts';
import { lockedCredit } from '../memberships/memberships.ts';
import { done, refused, type Outcome, type ServiceContext } from '../../../kernel/outcome.ts';
import { prepare, type PaymentsContext } from './checkouts.ts';
import {
  applyPurchase,
  describePurchase,
  priceOf,
  purchaseProblem,
  settle,
  type Purchase,
} from '../purchases/purchases.ts';
import { notify, sayIn } from '../../alerts/index.ts';

export type { PaymentsContext };
type Checkout = typeof checkouts.$inferSelect;

const NEXT: Record<CheckoutPurpose, string> = {
  membership: '/my48/memberships',
  addon: '/my48/addons',
  credit: '/my48/memberships/add-credit',
  'gift-membership': '/gift-shop',
  'gift-credit': '/gift-shop',
  'register-card': '/my48/settings/payment-details',
};

const purchaseOf = (c: Checkout): Purchase | null =>
  c.purpose === 'membership' || c.purpose === 'gift-membership'
    ? { kind: 'membership', sku: c.sku!, recurrence: c.recurrence }
    : c.purpose === 'addon'
      ? { kind: 'addon', sku: c.sku! }
      : c.purpose === 'credit' || c.purpose === 'gift-credit'
        ? { kind: 'credit', amountCents: c.amountCents }
        : null;

/** A card payment for what credit does not pay (membership and add-on) or for credit itself. */
export async function createCheckout(
  ctx: PaymentsContext,
  memberId: number,
  ssn: string,
  body: (
    | { purpose: 'membership'; sku: string; recurrence_enabled: boolean }
    | { purpose: 'addon'; sku: string }
    | { purpose: 'credit'; amount_cents: number }
  ) & { save_card: boolean; card: CardChoice },
) {
  const purchase: Purchase =
    body.purpose === 'credit'
      ? { kind: 'credit', amountCents: body.amount_cents }
      : body.purpose === 'addon'
        ? { kind: 'addon', sku: body.sku }
        : { kind: 'membership', sku: body.sku, recurrence: body.recurrence_enabled };
  const now = ctx.clock();
  const priced = await priceOf(ctx.db, memberId, purchase, now);
  if (!priced.ok) return priced;
  const [balance] = await ctx.db.select({ credit: balances.creditCents }).from(balances).where(eq(balances.ssn, ssn));
  if (!balance) return refused('noBalance');
  const problem = await purchaseProblem(ctx.db, ssn, purchase, now);
  if (problem) return refused(problem);
  const creditCents = priced.value.creditIn ? 0 : Math.min(balance.credit, priced.value.priceCents);
  const amountCents = priced.value.priceCents - creditCents;
  if (amountCents === 0) return refused('creditCovers');
  const stored = await storedCardOf(ctx, memberId);
  if (body.card === 'saved' && !stored) return refused('noStoredCard');
  if (body.card === 'new' && body.save_card && stored) return refused('cardAlreadySaved');
  return prepare(ctx, {
    memberId,
    ssn,
    purpose: body.purpose,
    sku: 'sku' in body ? body.sku : undefined,
    amountCents,
    creditCents,
    recurrence: body.purpose === 'membership' ? body.recurrence_enabled : false,
    saveCard: body.card === 'new' && body.save_card,
    card: body.card,
    description: priced.value.description,
  });
}

/** Saves a card; replacing a stored one needs a step-up code (docs/product/member-controls.md), used before the provider is asked. */
export async function registerCard(ctx: PaymentsContext, memberId: number, code: string | undefined) {
  const allowed = await ctx.db.transaction(async (tx) => {
    const [card] = await tx
      .select({ m: storedCards.memberId })
      .from(storedCards)
      .where(eq(storedCards.memberId, memberId));
    return card ? useStepUpCode(tx, ctx.clock, memberId, 'card', code) : done(null);
  });
  if (!allowed.ok) return allowed;
  return prepare(ctx, {
    memberId,
    ssn: null,
    purpose: 'register-card',
    amountCents: SAVE_CARD_AMOUNT_CENTS,
    saveCard: true,
    description: `Save a card (${euro(SAVE_CARD_AMOUNT_CENTS)} authorised and released at once)`,
  });
}

export async function storedCardOf({ db }: ServiceContext, memberId: number): Promise<StoredCard | null> {
  const [card] = await db.select().from(storedCards).where(eq(storedCards.memberId, memberId));
  return card ? { brand: card.brand, last4: card.last4, expiry: card.expiry } : null;
}

/** Removes the stored card, with a step-up code (docs/product/member-controls.md). */
export async function removeCard({ db, clock }: ServiceContext, memberId: number, code: string | undefined) {
  return db.transaction(async (tx) => {
    const allowed = await useStepUpCode(tx, clock, memberId, 'card', code);
    if (!allowed.ok) return allowed;
    await tx.delete(storedCards).where(eq(storedCards.memberId, memberId));
    return done(null);
  });
}

export async function checkoutInfo({ db, payments }: PaymentsContext, id: string, language: Locale = DEFAULT_LOCALE) {
  const [c] = await db.select().from(checkouts).where(eq(checkouts.id, id));
  if (!c) return refused('noSuchCheckout');
  return done({
    checkout_id: c.id,
    purpose: c.purpose,
    description: await describe(db, c, language),
    amount_cents: c.amountCents,
    state: c.state,
    // Spec section 9: register a card, pay with the saved card, or a new payment: exactly what the member chose.
    container:
      c.purpose === 'register-card'
        ? PAYMENT_CONTAINERS.registerCard
        : c.card === 'saved'
          ? PAYMENT_CONTAINERS.savedCard
          : PAYMENT_CONTAINERS.newPayment,
    script_url: payments.widgetScriptUrl(c.providerId),
  });
}

/** What a checkout pays for, in `language` (a membership or an add-on by its name, as it is). */
async function describe(db: Queryable, c: Checkout, language: Locale): Promise<string> {
  if (c.purpose === 'register-card')
    return message(language, 'checkout.saveCard', { amount: euroIn(language, SAVE_CARD_AMOUNT_CENTS) });
  const credit = c.purpose.endsWith('credit');
  let what = credit
    ? message(language, 'checkout.credit', { amount: euroIn(language, c.amountCents) })
    : (await describePurchase(db, purchaseOf(c)!)).description;
  if (!credit && c.creditCents > 0)
    what = message(language, 'checkout.partly', { what, credit: euroIn(language, c.creditCents) });
  return c.purpose.startsWith('gift-') ? message(language, 'checkout.gift', { what }) : what;
}

class NotApplied extends Error {}

/**
 * The result of a checkout, looked up with the provider (never taken from the browser), and what
 * it paid for applied exactly once: the checkout moves to 'applied' in the same transaction that
 * applies the purchase and writes its ledger row (cause checkout:<id>), so loading the result
 * address again, or twice at once, finds it applied and changes nothing. A payment that cannot be
 * applied any more (a membership was queued meanwhile) is refunded and reported as failed.
 */
export async function checkoutResult(
  ctx: PaymentsContext,
  id: string,
): Promise<Outcome<PaymentResult, 'noSuchCheckout'>> {
  const { db, clock, payments } = ctx;
  const [c] = await db.select().from(checkouts).where(eq(checkouts.id, id));
  if (!c) return refused('noSuchCheckout');
  const answer = (state: PaymentResult['state'], code: string, description: string) =>
    done({ state, code, description, purpose: c.purpose, next: NEXT[c.purpose] });
  if (c.state === 'applied')
    return answer('success', c.resultCode ?? '000.000.000', c.resultDescription ?? 'Transaction succeeded');
  if (c.state === 'failed') return answer('failure', c.resultCode ?? '', c.resultDescription ?? 'The payment failed.');

  const result = await payments.checkoutResult(c.providerId);
  const kind = classifyResult(result.code);
  if (kind === 'pending') {
    await db
      .update(checkouts)
      .set({ state: 'pending', resultCode: result.code, resultDescription: result.description })
      .where(and(eq(checkouts.id, id), eq(checkouts.state, 'open')));
    return answer('pending', result.code, result.description);
  }
  if (kind === 'failure') {
    // No payment yet (the result address opened before paying) is not a failure to remember.
    if (result.code !== '200.300.404')
      await db
        .update(checkouts)
        .set({ state: 'failed', resultCode: result.code, resultDescription: result.description })
        .where(and(eq(checkouts.id, id), inArray(checkouts.state, ['open', 'pending'])));
    return answer('failure', result.code, result.description);
  }
  try {
    await db.transaction(async (tx) => {
      const now = clock();
      const [taken] = await tx
        .update(checkouts)
        .set({ state: 'applied', appliedAt: now, resultCode: result.code, resultDescription: result.description })
        .where(and(eq(checkouts.id, id), inArray(checkouts.state, ['open', 'pending'])))
        .returning();
      if (!taken) return; // applied by another load of the result address
      if (c.memberId !== null && result.registration && (c.saveCard || c.purpose === 'register-card'))
        await keepCard(tx, c.memberId, result.registration, now, c.purpose === 'register-card');
      const purchase = purchaseOf(c);
      if (!purchase || !c.ssn) return;
      const credit = await lockedCredit(tx, c.ssn);
      if (credit === null || credit < c.creditCents) throw new NotApplied('credit');
      const applied = await applyPurchase(tx, c.ssn, purchase, now, `checkout:${c.id}`);
      if (!applied.ok) throw new NotApplied(applied.reason);
      const named = await describePurchase(tx, purchase);
      const gift = c.purpose.startsWith('gift-');
      await settle(tx, {
        ssn: c.ssn,
        creditCents: c.creditCents,
        cardCents: c.amountCents,
        kind: gift
          ? 'gift'
          : purchase.kind === 'membership'
            ? 'purchase'
            : purchase.kind === 'credit'
              ? 'top-up'
              : 'add-on',
        reference: `checkout:${c.id}`,
        now,
        card: result.card,
        paymentId: result.paymentId ?? c.providerId,
        priced: {
          priceCents: purchase.kind === 'credit' ? c.amountCents : c.amountCents + c.creditCents,
          description: `${gift ? 'Gift: ' : ''}${named.description}`,
          dataKb: named.dataKb,
          creditIn: purchase.kind === 'credit',
        },
      });
      if (gift) await tellAboutGift(tx, ctx, c, named.description);
    });
  } catch (error) {
    if (!(error instanceof NotApplied)) throw error;
    await db
      .update(checkouts)
      .set({
        state: 'failed',
        resultCode: result.code,
        resultDescription: 'What this paid for could not be applied any more; the payment is refunded.',
      })
      .where(eq(checkouts.id, id));
    await payments.refund(result.paymentId ?? c.providerId, c.amountCents, `refund:checkout:${c.id}`);
    return answer(
      'failure',
      result.code,
      'What this paid for could not be applied any more (a membership was queued meanwhile, or your credit changed). The payment is refunded.',
    );
  }
  // A card registration is an authorisation only: released at once (docs/product/money.md).
  if (c.purpose === 'register-card')
    await payments.refund(result.paymentId ?? c.providerId, c.amountCents, `release:checkout:${c.id}`);
  return answer('success', result.code, result.description);
}

/**
 * Keeps the card the provider registered. Only "Save a card" (its code asked first) replaces a saved
 * one; a payment's "save this card" keeps it only where none was saved meanwhile.
 */
async function keepCard(tx: Queryable, memberId: number, card: Registration, now: Date, replace: boolean) {
  const values = { token: card.token, brand: card.brand, last4: card.last4, expiry: card.expiry, createdAt: now };
  const insert = tx.insert(storedCards).values({ memberId, ...values });
  const kept = await (
    replace
      ? insert.onConflictDoUpdate({ target: storedCards.memberId, set: values })
      : insert.onConflictDoNothing({ target: storedCards.memberId })
  ).returning({ memberId: storedCards.memberId });
  if (kept.length === 0) return;
  // The alerts job checks the new card against the end of each renewing membership.
  await tx
    .update(memberships)
    .set({ cardChecked: false })
    .where(
      and(
        eq(memberships.status, 'current'),
        inArray(memberships.ssn, tx.select({ ssn: sims.ssn }).from(sims).where(eq(sims.memberId, memberId))),
      ),
    );
}

/** The recipient hears of the gift in the app; the buyer gets a receipt by e-mail. */
async function tellAboutGift(tx: Queryable, ctx: PaymentsContext, c: Checkout, what: string) {
  const [recipient] = await tx
    .select({ id: members.id })
    .from(members)
    .innerJoin(sims, eq(sims.memberId, members.id))
    .where(eq(sims.ssn, c.ssn!));
  const gift =
    c.purpose === 'gift-credit'
      ? { say: 'notice.giftCredit' as const, values: { amount: { euro: c.amountCents } } }
      : what;
  if (recipient) await notify(tx, recipient.id, ctx.clock(), { notice: 'gift', values: { gift } });
  // The buyer is a visitor of the gift shop: the receipt is in the language of the page they bought on.
  if (c.buyerEmail) {
    const language = c.buyerLanguage;
    await sendMail(tx, ctx.clock, {
      to: c.buyerEmail,
      subject: message(language, 'mail.giftReceipt.subject'),
      body: message(language, 'mail.giftReceipt.body', {
        gift: sayIn(language, gift),
        amount: euroIn(language, c.amountCents),
        reference: c.id,
      }),
    });
  }
}
