import { paymentsApi } from '../../../src/contract/payments.schema.ts';
import { ok } from './client.ts';
import type { TestContext } from './harness.ts';

/**
 * A checkout paid as a person pays it on the payment page, against the sandbox provider: the
 * checkout read through the contract, the card entered in the sandbox's widget (its own form, not
 * the portal's API), then the result address loaded, as the browser does on its return.
 */

/** The payment page's checkout: its amount, what it is for and the widget it loads. */
export const checkoutOf = async (ctx: Pick<TestContext, 'app'>, checkoutId: string) =>
  (await ok(ctx.app, paymentsApi.checkout, { params: { checkout_id: checkoutId } }))._payload;

/** The provider's id of a checkout: the sandbox widget's address names it. */
export const providerIdOf = (info: { script_url: string }) =>
  new URL(info.script_url, 'http://x').searchParams.get('checkoutId')!;

/** What a person types into the sandbox widget: a test card, or only the CVV of the saved card. */
export type SandboxCardEntry =
  { number: string; expiry?: string; cvv?: string; holder?: string } | { saved: true; cvv: string };

/** Pays a checkout in the sandbox widget (the raw answer: a redirect, or the card's refusal). */
export async function payInSandbox(ctx: Pick<TestContext, 'app'>, checkoutId: string, card: SandboxCardEntry) {
  const info = await checkoutOf(ctx, checkoutId);
  const providerId = providerIdOf(info);
  const entry = 'saved' in card ? card : { expiry: '12/30', cvv: '123', holder: 'Nuala Kenny', ...card };
  const res = await ctx.app.request(`/sandbox/payments/checkouts/${providerId}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...entry, result_url: `/payment-gateway/?checkout=${checkoutId}` }),
  });
  return { res, info, providerId };
}

/** The result address loaded (the payment applied at most once): what the payment page shows. */
export const checkoutResultOf = async (ctx: Pick<TestContext, 'app'>, checkoutId: string) =>
  (await ok(ctx.app, paymentsApi.checkoutResult, { params: { checkout_id: checkoutId } }))._payload;
