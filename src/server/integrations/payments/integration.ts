import { integration, type Integration } from '../integration.ts';
import { sandboxPayments, type PaymentsAdapter, type SandboxPayments } from './index.ts';
import { paymentsSandboxRoutes } from './sandbox.ts';

/** Card payments: the sandbox widget by default (main.ts passes the provider when configured). */
export const payments: Integration<PaymentsAdapter> = integration<PaymentsAdapter>({
  create: () => sandboxPayments(),
  sandboxRoutes: (adapter) => ('sandbox' in adapter ? paymentsSandboxRoutes(adapter as SandboxPayments) : undefined),
});
