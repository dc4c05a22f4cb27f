import { networkApi } from '../../../contract/network.schema.ts';
import { patternOf, serve } from '../../http/openapi.ts';
import { router } from '../../http/router.ts';
import { listener, signedByNetwork, tmfListener } from './network.handlers.ts';

/** The mobile network's events (docs/product/network.md): signed, checked before the body is parsed. */
export function networkRoutes() {
  const app = router();
  app.use(patternOf(networkApi.listener), signedByNetwork);
  app.use(patternOf(networkApi.tmfListener), signedByNetwork);
  serve(app, networkApi.listener, listener);
  serve(app, networkApi.tmfListener, tmfListener);
  return app;
}
