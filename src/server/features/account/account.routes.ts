import { accountApi } from '../../../contract/account.schema.ts';
import { serve } from '../../http/openapi.ts';
import { router } from '../../http/router.ts';
import * as handle from './account.handlers.ts';

/** The account as the dashboard reads it. */
export function accountRoutes() {
  const app = router();
  serve(app, accountApi.segments, handle.segments);
  serve(app, accountApi.simsOwned, handle.simsOwned);
  serve(app, accountApi.activation, handle.activation);
  serve(app, accountApi.balanceSummary, handle.balanceSummary);
  serve(app, accountApi.notificationSummary, handle.notificationSummary);
  serve(app, accountApi.legacyStatus, handle.legacyStatus);
  serve(app, accountApi.bulkEligibility, handle.bulkEligibility);
  serve(app, accountApi.purchaseDetails, handle.purchaseDetails);
  serve(app, accountApi.dailyUsage, handle.dailyUsage);
  serve(app, accountApi.puk, handle.puk);
  return app;
}
