import type { paymentsApi } from './payments.schema.ts';
import { route } from './endpoint.ts';

/** The payment page's calls: routes typed by their endpoints, in a zod-free file (the page loads no zod). */
export const gatewayRoutes = {
  checkout: route<typeof paymentsApi.checkout>('get', '/panda/public/checkouts/{checkout_id}'),
  checkoutResult: route<typeof paymentsApi.checkoutResult>('post', '/panda/public/checkouts/{checkout_id}/result'),
  reportError: route<typeof paymentsApi.reportError>('post', '/payment/error'),
};
