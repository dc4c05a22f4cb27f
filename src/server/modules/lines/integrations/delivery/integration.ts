import { credential, httpsUrl, integration, type Integration, settings } from '../../../../integrations/integration.ts';
import { carrierDelivery, sandboxDelivery, type DeliveryAdapter } from './index.ts';
import { deliverySandboxRoutes } from './sandbox.ts';

/** The carrier's tracking API for SIM orders (both settings), or the sandbox at /sandbox/delivery. */
export const deliverySettings = settings({
  shape: {
    DELIVERY_API_URL: httpsUrl(),
    DELIVERY_API_TOKEN: credential(),
  },
  service: ['DELIVERY_API_URL', 'DELIVERY_API_TOKEN'],
  adapter: (s, { clock }): DeliveryAdapter =>
    s.DELIVERY_API_URL && s.DELIVERY_API_TOKEN
      ? carrierDelivery({ url: s.DELIVERY_API_URL, token: s.DELIVERY_API_TOKEN })
      : sandboxDelivery(clock),
});

/** The carrier of SIM orders: the sandbox by default. */
export const delivery: Integration<DeliveryAdapter> = integration<DeliveryAdapter>({
  create: ({ clock }) => sandboxDelivery(clock),
  sandboxRoutes: (adapter) => ('sandbox' in adapter ? deliverySandboxRoutes() : undefined),
});
