import { credential, httpsUrl, integration, type Integration, settings } from '../../../../integrations/integration.ts';
import { sandboxReferrals, serviceReferrals, type ReferralsAdapter } from './index.ts';
import { referralsSandboxRoutes } from './sandbox.ts';

/** The referral service (all three settings), or the sandbox that records its calls in the database. */
export const referralsSettings = settings({
  shape: {
    REFERRAL_DOMAIN: httpsUrl(),
    REFERRAL_TOKEN: credential(),
    REFERRAL_SIGNATURE: credential(),
  },
  service: ['REFERRAL_DOMAIN', 'REFERRAL_TOKEN', 'REFERRAL_SIGNATURE'],
  adapter: (s, { db, clock }): ReferralsAdapter =>
    s.REFERRAL_DOMAIN && s.REFERRAL_TOKEN && s.REFERRAL_SIGNATURE
      ? serviceReferrals({ domain: s.REFERRAL_DOMAIN, token: s.REFERRAL_TOKEN, signature: s.REFERRAL_SIGNATURE })
      : sandboxReferrals(db, clock),
});

export const referrals: Integration<ReferralsAdapter> = integration<ReferralsAdapter>({
  create: ({ db, clock }) => sandboxReferrals(db, clock),
  sandboxRoutes: (adapter) => ('sandbox' in adapter ? referralsSandboxRoutes() : undefined),
});
