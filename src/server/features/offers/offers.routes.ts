import { offersApi } from '../../../contract/offers.schema.ts';
import { limitBy, byMember } from '../../http/limiters.ts';
import { patternOf, serve } from '../../http/openapi.ts';
import { router } from '../../http/router.ts';
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
  serve(app, offersApi.promotions, handle.promotions);
  serve(app, offersApi.memberOffers, handle.memberOffers);
  serve(app, offersApi.studentCode, handle.studentCode);
  serve(app, offersApi.applyStudent, handle.applyStudent);
  serve(app, offersApi.applyFreeAllowance, handle.applyFreeAllowance);
  serve(app, offersApi.joinCampaign, handle.joinCampaign);
  serve(app, offersApi.campaignDetails, handle.campaignDetails);
  serve(app, offersApi.presaleAssociated, handle.presaleAssociated);
  serve(app, offersApi.presaleCode, handle.presaleCode);
  serve(app, offersApi.setPresaleCode, handle.setPresaleCode);
  serve(app, offersApi.feelsmug, handle.feelsmug);
  return app;
}
