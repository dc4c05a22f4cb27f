import { householdApi } from '../../../contract/household.schema.ts';
import { INVITES_PER_MEMBER_PER_HOUR, INVITES_PER_NUMBER_PER_HOUR } from '../../../contract/household.ts';
import { bodyField, byMember, limitBy } from '../../http/limiters.ts';
import { irishMobileRule } from '../../../contract/forms.schema.ts';
import { patternOf, serveAll } from '../../http/openapi.ts';
import { router } from '../../http/router.ts';
import * as handle from './household.handlers.ts';
import * as handleRequests from './household.requests.handlers.ts';
import { householdRequestsApi } from '../../../contract/household-requests.schema.ts';

/** Household lines (docs/product/lifelines.md): the household, invitations, lines, and the owner's purchases for a line (money: Idempotency-Key). */
const HOUR = 60 * 60_000;

/** The number as the invitation reads it (087…, also when written +353 87… or 00353…): one count per number. */
const numberOf = (raw: string) => {
  const parsed = irishMobileRule.safeParse(raw);
  return parsed.success ? parsed.data : raw;
};

export function householdRoutes() {
  const app = router();
  // Each invitation mails its number's member: a member cannot flood anyone, nor anyone one member.
  app.use(patternOf(householdApi.invite), limitBy(HOUR, INVITES_PER_MEMBER_PER_HOUR, byMember('household-invite')));
  app.use(
    patternOf(householdApi.invite),
    limitBy(
      HOUR,
      INVITES_PER_NUMBER_PER_HOUR,
      async (c) => `household-invite:to:${numberOf(await bodyField(c, 'msisdn'))}`,
    ),
  );
  serveAll(app, householdApi, handle);
  serveAll(app, householdRequestsApi, handleRequests);
  return app;
}
