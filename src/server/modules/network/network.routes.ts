import { networkApi } from '../../../contract/network.schema.ts';
import { patternOf, serve } from '../../http/openapi.ts';
import { router } from '../../http/router.ts';
import { listener, signedByNetwork } from './network.handlers.ts';

/** The mobile network's events (docs/product/network.md): signed, checked before the body is parsed. */
export function networkRoutes() {
  const app = router();
  app.use(patternOf(networkApi.listener), signedByNetwork);
  serve(app, networkApi.listener, listener);
  return app;
}
