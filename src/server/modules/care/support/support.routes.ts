import { COMPLAINTS_PER_HOUR } from '../../../../contract/contact.ts';
import { supportApi } from '../../../../contract/support.schema.ts';
import { byMember, limitBy } from '../../../http/limiters.ts';
import { patternOf, serveAll } from '../../../http/openapi.ts';
import { router } from '../../../http/router.ts';
import * as handle from './support.handlers.ts';

/** my48 → Support: the member's tickets and complaints, raising a complaint, asking for a team lead. */
export function supportRoutes() {
  const app = router();
  app.use(
    patternOf(supportApi.raiseComplaint),
    limitBy(60 * 60_000, COMPLAINTS_PER_HOUR, byMember('support:complaints')),
  );
  serveAll(app, supportApi, handle);
  return app;
}
