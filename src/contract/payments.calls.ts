import { route } from './endpoint.ts';
import type { paymentsApi } from './payments.schema.ts';

/** The payments calls a light page makes, typed by their endpoints: zod-free, so the page carries no schema library. */
export const paymentsRoutes = {
  checkout: route<typeof paymentsApi.checkout>('get', '/panda/public/checkouts/{checkout_id}'),
  checkoutResult: route<typeof paymentsApi.checkoutResult>('post', '/panda/public/checkouts/{checkout_id}/result'),
  reportError: route<typeof paymentsApi.reportError>('post', '/payment/error'),
};
