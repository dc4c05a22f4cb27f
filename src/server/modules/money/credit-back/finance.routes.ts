import { router } from '../../../http/router.ts';
import { sandboxRefunds } from './credit-back.handlers.ts';

/** The sandbox's page of credit-back transfers (`/sandbox/refunds`): the latest file as the bank would get it. */
export function financeRoutes() {
  const app = router();
  app.get('/sandbox/refunds', sandboxRefunds);
  return app;
}
