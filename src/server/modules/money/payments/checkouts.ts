import { randomUUID } from 'node:crypto';
import type { CardChoice } from '../../../../contract/payments.schema.ts';
import type { CheckoutPurpose } from '../../../../contract/payments.ts';
import type { Locale } from '../../../../contract/i18n/locales.ts';
import { eq } from 'drizzle-orm';
import { checkouts, storedCards } from '../../../db/schema.ts';
import type { PaymentsAdapter } from '../integrations/payments/index.ts';
import { done, type Outcome, type ServiceContext } from '../../../kernel/outcome.ts';
import { spendLimitProblem } from './spend-limit.ts';
import { lockMember } from '../../lines/index.ts';

export interface PaymentsContext extends ServiceContext {
  payments: PaymentsAdapter;
}

export interface Prepared {
  checkout_id: string;
  amount_cents: number;
  url: string;
}

/**
 * Prepares a card payment. The checkout is first kept (reserved) in a transaction that locks the
 * member and checks their monthly spend limit, so two payments at once are counted one after the
 * other and a payment over the limit is refused before the provider is asked; then the provider
 * prepares it (outside any transaction) and the reservation gets the provider's id.
 */
export async function prepare(
  { db, clock, payments }: PaymentsContext,
  c: {
    memberId: number | null;
    ssn: string | null;
    purpose: CheckoutPurpose;
    sku?: string | undefined;
    amountCents: number;
    creditCents?: number;
    recurrence?: boolean;
    saveCard: boolean;
    card?: CardChoice;
    buyerEmail?: string;
    /** The language of the page a gift is bought on (its receipt's). */
    buyerLanguage?: Locale;
    description: string;
  },
): Promise<Outcome<Prepared, 'overSpendLimit'>> {
  const id = randomUUID();
  const reserved = await db.transaction(async (tx) => {
    if (c.memberId !== null && c.purpose !== 'register-card') {
      await lockMember(tx, c.memberId);
      const problem = await spendLimitProblem(tx, c.memberId, c.amountCents, clock());
      if (problem) return problem;
    }
    await tx.insert(checkouts).values({
      id,
      memberId: c.memberId,
      ssn: c.ssn,
      purpose: c.purpose,
      sku: c.sku ?? null,
      amountCents: c.amountCents,
      creditCents: c.creditCents ?? 0,
      recurrence: c.recurrence ?? false,
      saveCard: c.saveCard,
      card: c.card ?? 'new',
      buyerEmail: c.buyerEmail ?? null,
      buyerLanguage: c.buyerLanguage ?? 'en',
      providerId: `reserved:${id}`,
      createdAt: clock(),
    });
    return null;
  });
  if (reserved) return reserved;
  // The stored card goes to the provider only when the member chose it: "a new card" never offers it.
  const [saved] =
    c.memberId !== null && c.purpose !== 'register-card' && c.card === 'saved'
      ? await db.select({ token: storedCards.token }).from(storedCards).where(eq(storedCards.memberId, c.memberId))
      : [];
  try {
    const { providerId } = await payments.prepareCheckout({
      amountCents: c.amountCents,
      description: c.description,
      reference: `checkout:${id}`,
      mode: c.purpose === 'register-card' ? 'register' : 'payment',
      saveCard: c.saveCard,
      savedCardToken: saved?.token,
    });
    await db.update(checkouts).set({ providerId }).where(eq(checkouts.id, id));
  } catch (error) {
    // The provider did not prepare it: the reservation no longer holds any amount.
    await db
      .update(checkouts)
      .set({ state: 'failed', resultDescription: 'The payment provider did not answer.' })
      .where(eq(checkouts.id, id));
    throw error;
  }
  return done({ checkout_id: id, amount_cents: c.amountCents, url: `/payment-gateway/?checkout=${id}` });
}
