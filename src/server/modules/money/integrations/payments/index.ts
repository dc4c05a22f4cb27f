import { randomUUID } from 'node:crypto';

/**
 * Card payments (docs/product/money.md): one adapter, the payment sandbox by default, the real provider when
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

export interface Registration {
  token: string;
  brand: string;
  last4: string;
  /** MM/YY */
  expiry: string;
}

export interface CheckoutResult {
  code: string;
  description: string;
  /** The provider's payment id (refunds and reversals name it); the checkout id when the provider has none. */
  paymentId?: string;
  /** The card, when it was to be saved (or registered) and the provider registered it. */
  registration?: Registration;
  /** The card that paid: brand and last four digits (receipts). */
  card?: { brand: string; last4: string };
}

export interface PaymentsAdapter {
  /** Origins the payment page must allow (its widget script, frames and form posts); none for the sandbox, which is ours. */
  origins: string[];
  /** Prepares a checkout: a payment (optionally saving the card) or a card registration (an authorisation released at once). */
  prepareCheckout(input: {
    amountCents: number;
    description: string;
    reference: string;
    mode: 'payment' | 'register';
    saveCard: boolean;
    savedCardToken?: string | undefined;
  }): Promise<{ providerId: string }>;
  /** The widget script of a checkout, loaded by /payment-gateway/ only. */
  widgetScriptUrl(providerId: string): string;
  /** The checkout's result, looked up with the provider (never taken from the browser). */
  checkoutResult(providerId: string): Promise<CheckoutResult>;
  /** Charges a stored card (its registration token); `reference` is ours, the same one on a retry. */
  chargeStoredCard(token: string, amountCents: number, reference: string): Promise<ChargeResult>;
  /**
   * Gives a captured payment back (used when what it paid for could not be applied); `reference` is
   * ours, the same on a retry, so whether it was given can be asked. Throws when the provider refused.
   */
  refund(paymentId: string, amountCents: number, reference: string): Promise<void>;
  /** Whether a refund under our `reference` was given (asked before giving one again after a stop). */
  refundGiven(reference: string): Promise<boolean>;
}

/**
 * The sandbox's test cards (docs/product/money.md): a stored card's token names its test card, so charging it
 * has the card's outcome. "Test payment: no real card is charged."
 */
export const SANDBOX_CARDS: Record<string, { code: string; description: string; brand: string; threeDs?: boolean }> = {
  '4200000000000000': { code: '000.000.000', description: 'Transaction succeeded', brand: 'VISA' },
  '5454545454545454': { code: '000.000.000', description: 'Transaction succeeded', brand: 'MASTER' },
  '4000000000003220': { code: '000.000.000', description: 'Transaction succeeded', brand: 'VISA', threeDs: true },
  '4000000000000002': { code: '800.100.151', description: 'Transaction declined (invalid card)', brand: 'VISA' },
  '4000000000000077': { code: '000.200.000', description: 'Transaction pending', brand: 'VISA' },
};

/** The registration token the sandbox gives a test card (a real provider's token is opaque). */
export const sandboxToken = (cardNumber: string) => `sbx.${Buffer.from(cardNumber).toString('base64url')}`;
const cardOfToken = (token: string) =>
  token.startsWith('sbx.') ? Buffer.from(token.slice(4), 'base64url').toString() : '';

/** A checkout as the sandbox keeps it (in memory: the sandbox serves one process). */
export interface SandboxCheckout {
  amountCents: number;
  description: string;
  mode: 'payment' | 'register';
  saveCard: boolean;
  /** The member's saved card, offered by the widget (PANDAOLTREG2): its test card number stays in the sandbox. */
  saved?: { number: string; brand: string; last4: string };
  /** Set once a card was entered (and, for the 3-D Secure card, the challenge answered). */
  result?: CheckoutResult & { settlesAt?: number };
  /** The 3-D Secure card waits for the challenge. */
  challenge?: Registration;
}

export interface SandboxPayments extends PaymentsAdapter {
  sandbox: true;
  checkouts: Map<string, SandboxCheckout>;
  /** The refunds asked for, in order (the sandbox keeps no money; this is what a provider would have given back). */
  refunds: { paymentId: string; amountCents: number; reference: string }[];
  now: () => number;
}

export function sandboxPayments(now: () => number = Date.now): SandboxPayments {
  // One charge per reference, as a provider deduplicates by merchant reference.
  const charges = new Map<string, ChargeResult>();
  const checkouts = new Map<string, SandboxCheckout>();
  const refunds: SandboxPayments['refunds'] = [];
  return {
    sandbox: true,
    checkouts,
    refunds,
    now,
    origins: [],
    async prepareCheckout({ amountCents, description, mode, saveCard, savedCardToken }) {
      const providerId = `sbx-${randomUUID()}`;
      const number = savedCardToken ? cardOfToken(savedCardToken) : '';
      const card = SANDBOX_CARDS[number];
      checkouts.set(providerId, {
        amountCents,
        description,
        mode,
        saveCard,
        ...(card ? { saved: { number, brand: card.brand, last4: number.slice(-4) } } : {}),
      });
      return { providerId };
    },
    widgetScriptUrl: (providerId) => `/sandbox/payments/widget.js?checkoutId=${encodeURIComponent(providerId)}`,
    async checkoutResult(providerId) {
      const checkout = checkouts.get(providerId);
      if (!checkout?.result) return { code: '200.300.404', description: 'No payment was made for this checkout' };
      const { settlesAt, ...result } = checkout.result;
      // The pending test card settles as a success 10 seconds later (docs/product/money.md).
      if (settlesAt !== undefined)
        return now() >= settlesAt ? { ...result, code: '000.000.000', description: 'Transaction succeeded' } : result;
      return result;
    },
    async chargeStoredCard(token, amountCents, reference) {
      const seen = charges.get(reference);
      if (seen) return seen;
      const card = SANDBOX_CARDS[cardOfToken(token)];
      const result =
        card && amountCents > 0
          ? // A stored charge of the pending test card settles at once (its 10-second delay is the widget's).
            {
              paymentId: `sbx-pay-${randomUUID()}`,
              code: card.code === '000.200.000' ? '000.000.000' : card.code,
              description: card.description,
            }
          : { paymentId: `sbx-pay-${randomUUID()}`, code: '100.100.101', description: 'Invalid card or registration' };
      charges.set(reference, result);
      return result;
    },
    async refund(paymentId, amountCents, reference) {
      refunds.push({ paymentId, amountCents, reference });
    },
    refundGiven: async (reference) => refunds.some((r) => r.reference === reference),
  };
}
