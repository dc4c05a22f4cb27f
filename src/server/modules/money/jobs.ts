import type { PaymentsAdapter } from './integrations/payments/index.ts';
import type { ServiceContext } from '../../kernel/outcome.ts';
import type { MinuteJob } from '../../jobs/minute-job.ts';
import { runAlerts } from './memberships/alerts.job.ts';
import { giveBackCardRefunds } from './purchases/refunds.ts';
import { runRenewals } from './memberships/renewals.job.ts';
import { makeDailyRefundFile, type Debtor } from './credit-back/transfers.ts';

/** Money's jobs of the minute: memberships renewed or ended, card refunds given back, the day's file of credit-back transfers, the alerts a membership raises. */
export const moneyJobs = {
  renewals: { key: 'renewals', said: 'renewals', run: (ctx) => runRenewals(ctx) },
  cardRefunds: {
    key: 'cardRefunds',
    said: 'card refunds given back',
    run: (ctx) => giveBackCardRefunds(ctx, ctx.payments),
  },
  refundFile: {
    key: 'refundFile',
    said: 'credit-back transfers put in the day’s SEPA file',
    run: async (ctx) => (await makeDailyRefundFile(ctx.db, ctx.clock, ctx.refundDebtor))?.payments ?? 0,
  },
  alerts: { key: 'alerts', said: 'alerts raised', run: (ctx) => runAlerts(ctx) },
} satisfies Record<
  string,
  MinuteJob<ServiceContext & { payments: PaymentsAdapter; refundDebtor?: Debtor | undefined }>
>;
