import { classifyResult } from '../../../../../contract/payments.schema.ts';
import type { ChargeResult, CheckoutResult, PaymentsAdapter } from './index.ts';

/**
 * The real card provider: a hosted-widget API of the COPYandPAY kind (docs/product/money.md). Used when all of
 * PAYMENT_BASE_URL, PAYMENT_ENTITY_ID and PAYMENT_ACCESS_TOKEN are set. Amounts go as euro with
 * two decimals; the access token stays on the server; no card data passes through here.
 */
export interface ProviderConfig {
  baseUrl: string;
  entityId: string;
  accessToken: string;
}

type Fetch = typeof fetch;
interface Answer {
  id?: string;
  registrationId?: string;
  paymentBrand?: string;
  result?: { code?: string; description?: string };
  card?: { last4Digits?: string; expiryMonth?: string; expiryYear?: string };
  paymentType?: string;
  /** A transaction search's finds. */
  payments?: Answer[];
}

const amount = (cents: number) => (cents / 100).toFixed(2);

export function providerPayments(config: ProviderConfig, fetcher: Fetch = fetch): PaymentsAdapter {
  const base = config.baseUrl.replace(/\/$/, '');
  async function request(method: 'GET' | 'POST', path: string, form?: Record<string, string>): Promise<Answer> {
    const url = new URL(`${base}${path}`);
    if (method === 'GET') url.searchParams.set('entityId', config.entityId);
    const res = await fetcher(url, {
      method,
      headers: {
        authorization: `Bearer ${config.accessToken}`,
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { body: new URLSearchParams({ entityId: config.entityId, ...form }).toString() } : {}),
      signal: AbortSignal.timeout(15_000),
    });
    const answer = (await res.json().catch(() => ({}))) as Answer;
    if (!answer.result?.code) throw new Error(`payment provider answered ${res.status} without a result`);
    return answer;
  }
  const outcome = (a: Answer) => ({ code: a.result?.code ?? '', description: a.result?.description ?? '' });

  return {
    origins: [new URL(base).origin],
    async prepareCheckout({ amountCents, reference, mode, saveCard, savedCardToken }) {
      const a = await request('POST', '/v1/checkouts', {
        amount: amount(amountCents),
        currency: 'EUR',
        paymentType: mode === 'register' ? 'PA' : 'DB',
        merchantTransactionId: reference,
        ...(saveCard || mode === 'register' ? { createRegistration: 'true' } : {}),
        // The widget offers the saved card (with its CVV) beside a new one.
        ...(savedCardToken ? { 'registrations[0].id': savedCardToken } : {}),
      });
      if (!a.id) throw new Error('payment provider prepared no checkout');
      return { providerId: a.id };
    },
    widgetScriptUrl: (providerId) => `${base}/v1/paymentWidgets.js?checkoutId=${encodeURIComponent(providerId)}`,
    async checkoutResult(providerId): Promise<CheckoutResult> {
      const a = await request('GET', `/v1/checkouts/${encodeURIComponent(providerId)}/payment`);
      const card = a.card;
      return {
        ...outcome(a),
        ...(a.id ? { paymentId: a.id } : {}),
        ...(card?.last4Digits ? { card: { brand: a.paymentBrand ?? 'CARD', last4: card.last4Digits } } : {}),
        ...(a.registrationId && card?.last4Digits && card.expiryMonth && card.expiryYear
          ? {
              registration: {
                token: a.registrationId,
                brand: a.paymentBrand ?? 'CARD',
                last4: card.last4Digits,
                expiry: `${card.expiryMonth}/${card.expiryYear.slice(-2)}`,
              },
            }
          : {}),
      };
    },
    async chargeStoredCard(token, amountCents, reference): Promise<ChargeResult> {
      const a = await request('POST', `/v1/registrations/${encodeURIComponent(token)}/payments`, {
        amount: amount(amountCents),
        currency: 'EUR',
        paymentType: 'DB',
        merchantTransactionId: reference,
        'standingInstruction.mode': 'REPEATED',
        'standingInstruction.type': 'UNSCHEDULED',
        'standingInstruction.source': 'MIT',
      });
      return { paymentId: a.id ?? '', ...outcome(a) };
    },
    async refund(paymentId, amountCents, reference) {
      const a = await request('POST', `/v1/payments/${encodeURIComponent(paymentId)}`, {
        amount: amount(amountCents),
        currency: 'EUR',
        paymentType: 'RF',
        merchantTransactionId: reference,
      });
      // A refused refund answers 200 with a failure code: not given, said as an error (retried later).
      if (classifyResult(a.result?.code ?? '') === 'failure')
        throw new Error(`refund refused: ${a.result?.code} ${a.result?.description ?? ''}`.trim());
    },
    async refundGiven(reference) {
      // The provider's transaction search by our reference: a refund there, not refused, was given.
      const url = `/v1/query?merchantTransactionId=${encodeURIComponent(reference)}`;
      const found = (await request('GET', url)).payments ?? [];
      return found.some((p) => p.paymentType === 'RF' && classifyResult(p.result?.code ?? '') !== 'failure');
    },
  };
}
