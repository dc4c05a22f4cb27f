import type { DeliveryAdapter } from './integrations/delivery/index.ts';
import type { ServiceContext } from '../../kernel/outcome.ts';
import type { MinuteJob } from '../../jobs/minute-job.ts';
import { runDeliveries } from './deliveries.job.ts';

/** Lines' jobs of the minute: SIM orders moved on as the carrier reports them. */
export const linesJobs = {
  deliveries: {
    key: 'orders',
    said: 'SIM orders moved on by the carrier',
    run: async (ctx) => (ctx.delivery ? runDeliveries(ctx, ctx.delivery) : undefined),
  },
} satisfies Record<string, MinuteJob<ServiceContext & { delivery?: DeliveryAdapter }>>;
