import { randomUUID } from 'node:crypto';
import type { CheckoutPurpose } from '../../contract/payments.ts';
import { eq } from 'drizzle-orm';
import { checkouts, storedCards } from '../db/schema.ts';
import type { PaymentsAdapter } from '../integrations/payments/index.ts';
import type { ServiceContext } from './outcome.ts';

export interface PaymentsContext extends ServiceContext {
  payments: PaymentsAdapter;
}

/** Prepares the checkout with the provider, then keeps it (the provider call is outside any transaction). */
export async function prepare(
  { db, clock, payments }: PaymentsContext,
  c: { memberId: number | null; ssn: string | null; purpose: CheckoutPurpose; sku?: string | undefined; amountCents: number; creditCents?: number; recurrence?: boolean; saveCard: boolean; buyerEmail?: string; description: string },
) {
  const id = randomUUID();
  const [saved] = c.memberId !== null && c.purpose !== 'register-card' ? await db.select({ token: storedCards.token }).from(storedCards).where(eq(storedCards.memberId, c.memberId)) : [];
  const { providerId } = await payments.prepareCheckout({
    amountCents: c.amountCents, description: c.description, reference: `checkout:${id}`, mode: c.purpose === 'register-card' ? 'register' : 'payment', saveCard: c.saveCard,
    savedCardToken: saved?.token,
  });
  await db.insert(checkouts).values({
    id, memberId: c.memberId, ssn: c.ssn, purpose: c.purpose, sku: c.sku ?? null, amountCents: c.amountCents, creditCents: c.creditCents ?? 0,
    recurrence: c.recurrence ?? false, saveCard: c.saveCard, buyerEmail: c.buyerEmail ?? null, providerId, createdAt: clock(),
  });
  return { checkout_id: id, amount_cents: c.amountCents, url: `/payment-gateway/?checkout=${id}` };
}

