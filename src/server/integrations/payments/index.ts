import { randomUUID } from 'node:crypto';

/**
 * Card payments (money.md): one adapter, the payment sandbox by default, the real provider when
 * PAYMENT_* settings are present. Services call it outside any database transaction; amounts
 * are euro cents; the card number never reaches this server (the provider holds it behind a
 * registration token).
 */
export interface ChargeResult {
  /** The provider's payment id (for a refund and the ledger). */
  paymentId: string;
  /** The provider's result code (spec section 9) and its description. */
  code: string;
  description: string;
}

export interface PaymentsAdapter {
  /** Charges a stored card (its registration token); `reference` is ours, the same one on a retry. */
  chargeStoredCard(token: string, amountCents: number, reference: string): Promise<ChargeResult>;
  /** Gives a captured payment back (used when what it paid for could not be applied). */
  refund(paymentId: string, amountCents: number): Promise<void>;
}

/**
 * The sandbox's test cards (money.md): a stored card's token names its test card, so charging it
 * has the card's outcome. "Test payment: no real card is charged."
 */
export const SANDBOX_CARDS: Record<string, { code: string; description: string; brand: string; threeDs?: boolean }> = {
  '4200000000000000': { code: '000.000.000', description: 'Transaction succeeded', brand: 'VISA' },
  '4000000000003220': { code: '000.000.000', description: 'Transaction succeeded', brand: 'VISA', threeDs: true },
  '4000000000000002': { code: '800.100.151', description: 'Transaction declined (invalid card)', brand: 'VISA' },
  '4000000000000077': { code: '000.200.000', description: 'Transaction pending', brand: 'VISA' },
};

/** The registration token the sandbox gives a test card (a real provider's token is opaque). */
export const sandboxToken = (cardNumber: string) => `sbx.${Buffer.from(cardNumber).toString('base64url')}`;
const cardOfToken = (token: string) => (token.startsWith('sbx.') ? Buffer.from(token.slice(4), 'base64url').toString() : '');

export function sandboxPayments(): PaymentsAdapter {
  // One charge per reference, as a provider deduplicates by merchant reference.
  const charges = new Map<string, ChargeResult>();
  return {
    async chargeStoredCard(token, amountCents, reference) {
      const seen = charges.get(reference);
      if (seen) return seen;
      const card = SANDBOX_CARDS[cardOfToken(token)];
      const result = card && amountCents > 0
        ? // A stored charge of the pending test card settles at once (its 10-second delay is the widget's).
          { paymentId: `sbx-pay-${randomUUID()}`, code: card.code === '000.200.000' ? '000.000.000' : card.code, description: card.description }
        : { paymentId: `sbx-pay-${randomUUID()}`, code: '100.100.101', description: 'Invalid card or registration' };
      charges.set(reference, result);
      return result;
    },
    async refund() {
      /* the sandbox keeps no money */
    },
  };
}
