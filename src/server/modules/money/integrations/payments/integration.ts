import { credential, httpsUrl, integration, type Integration, settings } from '../../../../integrations/integration.ts';
import { sandboxPayments, type PaymentsAdapter, type SandboxPayments } from './index.ts';
import { providerPayments } from './provider.ts';
import { paymentsSandboxRoutes } from './sandbox.ts';

/** Card payments: the card provider (all three settings), or the sandbox widget. */
export const paymentsSettings = settings({
  shape: {
    PAYMENT_BASE_URL: httpsUrl(),
    PAYMENT_ENTITY_ID: credential(),
    PAYMENT_ACCESS_TOKEN: credential(),
  },
  service: ['PAYMENT_BASE_URL', 'PAYMENT_ENTITY_ID', 'PAYMENT_ACCESS_TOKEN'],
  adapter: (s): PaymentsAdapter =>
    s.PAYMENT_BASE_URL && s.PAYMENT_ENTITY_ID && s.PAYMENT_ACCESS_TOKEN
      ? providerPayments({
          baseUrl: s.PAYMENT_BASE_URL,
          entityId: s.PAYMENT_ENTITY_ID,
          accessToken: s.PAYMENT_ACCESS_TOKEN,
        })
      : sandboxPayments(),
});

export const payments: Integration<PaymentsAdapter> = integration<PaymentsAdapter>({
  create: () => sandboxPayments(),
  sandboxRoutes: (adapter) => ('sandbox' in adapter ? paymentsSandboxRoutes(adapter as SandboxPayments) : undefined),
});
