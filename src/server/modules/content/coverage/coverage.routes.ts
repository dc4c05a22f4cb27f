import { coverageApi } from '../../../../contract/coverage.schema.ts';
import { serveAll } from '../../../http/openapi.ts';
import { router } from '../../../http/router.ts';
import * as handle from './coverage.handlers.ts';

/** The coverage checker's one server call: where the visitor's connection is. */
export function coverageRoutes() {
  const app = router();
  serveAll(app, coverageApi, handle);
  return app;
}
