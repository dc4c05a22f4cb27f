/**
 * The community module's face: all that other modules, the app and the jobs may use of it.
 *
 * Community and offers (docs/product/community-and-offers.md): recruit-and-reward, referrals,
 * offers. It follows other domains by their events (listeners.ts).
 */
import './listeners.ts';
export { offersRoutes } from './offers/offers.routes.ts';
export { recruitRoutes } from './recruit/recruit.routes.ts';
export { payloadOf } from './referrals.ts';
export { referralsRoutes } from './referrals/referrals.routes.ts';
export { communityJobs } from './jobs.ts';
export type { ReferralsAdapter } from './integrations/referrals/index.ts';
export { referrals, referralsSettings } from './integrations/referrals/integration.ts';
