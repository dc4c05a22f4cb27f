import { referralsApi } from '../../../../contract/referrals.schema.ts';
import { serveAll } from '../../../http/openapi.ts';
import { router } from '../../../http/router.ts';
import * as handle from './referrals.handlers.ts';

/** Referrals through the referral service: our own four calls (spec section 7) and the registration of a friend. */
export function referralsRoutes() {
  const app = router();
  serveAll(app, referralsApi, handle);
  return app;
}
