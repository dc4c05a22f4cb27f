import { receiptsApi, transactionsApi } from '../../../../contract/transactions.schema.ts';
import { serve } from '../../../http/openapi.ts';
import { router } from '../../../http/router.ts';
import { list, receipt } from './transactions.handlers.ts';

export function transactionsRoutes() {
  const app = router();
  serve(app, transactionsApi.list, list);
  serve(app, receiptsApi.receipt, receipt);
  return app;
}
