import { roamingApi } from '../../../contract/roaming.schema.ts';
import { serveAll } from '../../http/openapi.ts';
import { router } from '../../http/router.ts';
import * as handle from './roaming.handlers.ts';

/** my48 → Roaming (docs/product/roaming.md): the use abroad the network's feed reports (modules/roaming/roaming.ts), the cap and going on. */
export function roamingRoutes() {
  const app = router();
  serveAll(app, roamingApi, handle);
  return app;
}
