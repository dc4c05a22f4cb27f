import { map } from 'nanostores';
import type { Answer } from '../../contract/endpoint.ts';
import { gatewayRoutes as routes } from '../../contract/payments.calls.ts';
import type { paymentsApi, PaymentResult } from '../../contract/payments.schema.ts';
import { call, errorMessage } from '../../lib/http.ts';
import type { Locale } from '../../contract/i18n/locales.ts';

type Checkout = Answer<typeof paymentsApi.checkout>['_payload'];

export interface GatewayState {
  step: 'loading' | 'form' | 'checking' | 'result' | 'error';
  checkout?: Checkout | undefined;
  result?: PaymentResult | undefined;
  error?: string | undefined;
}

export const $gateway = map<GatewayState>({ step: 'loading' });

/** What the store says when a step fails, in the page's language (the page's words). */
export interface GatewayFailures {
  incomplete: string;
  loadFailed: string;
  checkFailed: string;
}

const POLL_MS = 2000;
const POLL_LIMIT = 45;

/**
 * /payment-gateway/?checkout=ID (in the page's language: `language`): the checkout's summary and the provider's widget; back from the
 * provider (resourcePath in the address), the result is asked of our server, which looks it up
 * with the provider and applies the payment once. A pending result is asked again every 2 s.
 */
export async function openGateway(search: string, language: Locale, failures: GatewayFailures): Promise<void> {
  const params = new URLSearchParams(search);
  const id = params.get('checkout') ?? '';
  if (!/^[0-9a-f-]{36}$/.test(id)) return $gateway.set({ step: 'error', error: failures.incomplete });
  try {
    const { _payload: checkout } = await call(routes.checkout, { params: { checkout_id: id }, query: { language } });
    const returned = params.has('resourcePath') || checkout.state !== 'open';
    $gateway.set({ step: returned ? 'checking' : 'form', checkout });
    if (returned) await checkResult(id, failures);
  } catch (error) {
    $gateway.set({ step: 'error', error: errorMessage(error, failures.loadFailed) });
  }
}

async function checkResult(id: string, failures: GatewayFailures, attempt = 0): Promise<void> {
  try {
    const { _payload: result } = await call(routes.checkoutResult, { params: { checkout_id: id } });
    if (result.state === 'pending' && attempt < POLL_LIMIT) {
      $gateway.set({ ...$gateway.get(), step: 'checking', result });
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      return checkResult(id, failures, attempt + 1);
    }
    $gateway.set({ ...$gateway.get(), step: 'result', result });
  } catch (error) {
    void reportPaymentError('validate', 'error', errorMessage(error));
    $gateway.set({
      ...$gateway.get(),
      step: 'error',
      error: errorMessage(error, failures.checkFailed),
    });
  }
}

/** Spec section 9: 3-D Secure errors are reported, without any card data. */
export async function reportPaymentError(
  step: 'init' | 'setup' | 'continue' | 'validate',
  result: 'failure' | 'error',
  message: string,
): Promise<void> {
  try {
    await call(routes.reportError, { body: { step, result, message: message.slice(0, 500) } });
  } catch {
    /* nothing more to do */
  }
}
