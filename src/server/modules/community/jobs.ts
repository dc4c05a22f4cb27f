import type { ReferralsAdapter } from './integrations/referrals/index.ts';
import type { ServiceContext } from '../../kernel/outcome.ts';
import type { MinuteJob } from '../../jobs/minute-job.ts';
import { sendReferralOutbox } from './referrals.ts';

/** The community's jobs of the minute: the referral service told what its outbox holds. */
export const communityJobs = {
  referralCalls: {
    key: 'referralCalls',
    said: 'referral service told',
    run: async (ctx) => (ctx.referrals ? sendReferralOutbox(ctx, ctx.referrals) : undefined),
  },
} satisfies Record<string, MinuteJob<ServiceContext & { referrals?: ReferralsAdapter }>>;
