import { integration, type Integration } from '../integration.ts';
import { sandboxReferrals, type ReferralsAdapter } from './index.ts';
import { referralsSandboxRoutes } from './sandbox.ts';

/** The referral service: the sandbox (recording in the database) by default. */
export const referrals: Integration<ReferralsAdapter> = integration<ReferralsAdapter>({
  create: ({ db, clock }) => sandboxReferrals(db, clock),
  sandboxRoutes: (adapter) => ('sandbox' in adapter ? referralsSandboxRoutes() : undefined),
});
