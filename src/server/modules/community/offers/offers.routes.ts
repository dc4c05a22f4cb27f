import { offersApi } from '../../../../contract/offers.schema.ts';
import { limitBy, byMember } from '../../../http/limiters.ts';
import { patternOf, serveAll } from '../../../http/openapi.ts';
import { router } from '../../../http/router.ts';
import * as handle from './offers.handlers.ts';

/**
 * Offers and campaigns. Codes a person types (student, presale, feelsmug) are limited per member
 * to 10 wrong tries an hour, so nobody walks the code space.
 */
export function offersRoutes() {
  const app = router();
  const guesses = (name: string) => limitBy(60 * 60_000, 10, byMember(`offers:${name}`), true);
  app.use(patternOf(offersApi.setPresaleCode), guesses('presale'));
  app.use(patternOf(offersApi.feelsmug), guesses('feelsmug'));
  app.use(patternOf(offersApi.studentCode), limitBy(60 * 60_000, 5, byMember('offers:student-code')));
  serveAll(app, offersApi, handle);
  return app;
}
