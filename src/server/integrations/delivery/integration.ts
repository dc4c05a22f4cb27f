import { integration, type Integration } from '../integration.ts';
import { sandboxDelivery, type DeliveryAdapter } from './index.ts';
import { deliverySandboxRoutes } from './sandbox.ts';

/** The carrier of SIM orders: the sandbox by default (main.ts passes the carrier when DELIVERY_API_URL is set). */
export const delivery: Integration<DeliveryAdapter> = integration<DeliveryAdapter>({
  create: ({ clock }) => sandboxDelivery(clock),
  sandboxRoutes: (adapter) => ('sandbox' in adapter ? deliverySandboxRoutes() : undefined),
});
