import { referralsApi } from '../../../contract/referrals.schema.ts';
import { serve } from '../../http/openapi.ts';
import { router } from '../../http/router.ts';
import * as handle from './referrals.handlers.ts';

/** Referrals through the referral service: our own four calls (spec section 7) and the registration of a friend. */
export function referralsRoutes() {
  const app = router();
  serve(app, referralsApi.list, handle.list);
  serve(app, referralsApi.refer, handle.refer);
  serve(app, referralsApi.recordOrder, handle.recordOrder);
  serve(app, referralsApi.reconcile, handle.reconcile);
  serve(app, referralsApi.publicRead, handle.publicRead);
  return app;
}
