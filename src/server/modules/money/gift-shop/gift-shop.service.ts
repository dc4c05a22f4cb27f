import { and, eq } from 'drizzle-orm';
import { CREDIT_AMOUNTS_CENTS } from '../../../../contract/constants.ts';
import type { Locale } from '../../../../contract/i18n/locales.ts';
import { irishMobileRule } from '../../../../contract/forms.schema.ts';
import { balances, sims } from '../../../db/schema.ts';
import { prepare, type PaymentsContext } from '../payments/checkouts.ts';
import { done, refused, type Outcome, type ServiceContext } from '../../../kernel/outcome.ts';
import { membershipsOf, membershipsOnSale, offerOf } from '../purchases/purchases.ts';

type Gift = 'membership' | 'credit';
type Refusal = 'invalidNumber' | 'cannotLinkMembership' | 'cannotTopUp';

export async function giftOffers({ db, clock }: ServiceContext) {
  const now = clock();
  const memberships = await membershipsOnSale(db, null, now);
  return {
    memberships: memberships.map((p) => offerOf(p, now)),
    credit_amounts: [...CREDIT_AMOUNTS_CENTS],
  };
}

/**
 * Spec section 5: not an Irish mobile number; a membership only for an active 48 SIM without a
 * queued membership; credit only for an active SIM that holds credit. The answer never says whose
 * number it is, or why exactly it cannot take the gift.
 */
export async function recipient(
  { db, clock }: ServiceContext,
  typed: string,
  gift: Gift,
): Promise<Outcome<string, Refusal>> {
  const number = irishMobileRule.safeParse(typed);
  if (!number.success) return refused('invalidNumber');
  const [sim] = await db.select({ ssn: sims.ssn, status: sims.status }).from(sims).where(eq(sims.msisdn, number.data));
  if (gift === 'credit') {
    if (!sim || sim.status !== 'active') return refused('cannotTopUp');
    const [balance] = await db
      .select({ ssn: balances.ssn })
      .from(balances)
      .where(and(eq(balances.ssn, sim.ssn)));
    return balance ? done(sim.ssn) : refused('cannotTopUp');
  }
  if (!sim || sim.status !== 'active') return refused('cannotLinkMembership');
  const { queued } = await membershipsOf(db, sim.ssn, clock());
  return queued ? refused('cannotLinkMembership') : done(sim.ssn);
}

/** A visitor's gift has no member, so no spend limit applies: the checkout is always prepared. */
function unwrap(prepared: Awaited<ReturnType<typeof prepare>>) {
  if (!prepared.ok) throw new Error('a gift checkout has no spend limit');
  return done(prepared.value);
}

export async function orderGift(
  ctx: PaymentsContext,
  order:
    | { gift: 'membership'; msisdn: string; sku: string; buyer_email: string; language: Locale }
    | { gift: 'credit'; msisdn: string; amount_cents: number; buyer_email: string; language: Locale },
): Promise<Outcome<{ checkout_id: string; amount_cents: number; url: string }, Refusal | 'notOnSale'>> {
  const to = await recipient(ctx, order.msisdn, order.gift);
  if (!to.ok) return to;
  if (order.gift === 'credit') {
    return unwrap(
      await prepare(ctx, {
        memberId: null,
        ssn: to.value,
        purpose: 'gift-credit',
        amountCents: order.amount_cents,
        saveCard: false,
        buyerEmail: order.buyer_email,
        buyerLanguage: order.language,
        description: 'Gift of credit',
      }),
    );
  }
  const product = (await membershipsOnSale(ctx.db, null, ctx.clock())).find((p) => p.sku === order.sku);
  if (!product) return refused('notOnSale');
  return unwrap(
    await prepare(ctx, {
      memberId: null,
      ssn: to.value,
      purpose: 'gift-membership',
      sku: product.sku,
      amountCents: product.priceCents,
      saveCard: false,
      buyerEmail: order.buyer_email,
      buyerLanguage: order.language,
      description: `Gift: ${product.name}`,
    }),
  );
}
