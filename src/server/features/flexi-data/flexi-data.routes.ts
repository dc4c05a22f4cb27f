import { flexiDataApi } from '../../../contract/flexi-data.schema.ts';
import { serve } from '../../http/openapi.ts';
import { router } from '../../http/router.ts';
import * as handle from './flexi-data.handlers.ts';

/** Flexible data (docs/product/flexible-data.md); every call that moves data takes an Idempotency-Key, so a retry moves nothing twice. */
export function flexiDataRoutes() {
  const app = router();
  serve(app, flexiDataApi.overview, handle.overview);
  serve(app, flexiDataApi.donations, handle.donations);
  serve(app, flexiDataApi.safe, handle.safe);
  serve(app, flexiDataApi.carryover, handle.carryover);
  serve(app, flexiDataApi.donate, handle.donate);
  serve(app, flexiDataApi.save, handle.save);
  serve(app, flexiDataApi.unlock, handle.unlock);
  serve(app, flexiDataApi.swap, handle.swap);
  serve(app, flexiDataApi.spotme, handle.spotme);
  serve(app, flexiDataApi.share, handle.share);
  return app;
}
