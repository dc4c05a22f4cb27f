import { myDataApi } from '../../../../contract/my-data.schema.ts';
import { serveAll } from '../../../http/openapi.ts';
import { router } from '../../../http/router.ts';
import * as handle from './my-data.handlers.ts';

/** Settings → my data: the export and account deletion (docs/product/member-controls.md). */
export function myDataRoutes() {
  const app = router();
  serveAll(app, myDataApi, handle);
  return app;
}
