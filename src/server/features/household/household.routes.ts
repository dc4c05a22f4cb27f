import { householdApi } from '../../../contract/household.schema.ts';
import { INVITES_PER_MEMBER_PER_HOUR, INVITES_PER_NUMBER_PER_HOUR } from '../../../contract/household.ts';
import { bodyField, byMember, limitBy } from '../../http/limiters.ts';
import { irishMobileRule } from '../../../contract/forms.schema.ts';
import { patternOf, serve } from '../../http/openapi.ts';
import { router } from '../../http/router.ts';
import * as handle from './household.handlers.ts';

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
  serve(app, householdApi.household, handle.household);
  serve(app, householdApi.lines, handle.lines);
  serve(app, householdApi.line, handle.line);
  serve(app, householdApi.invite, handle.invite);
  serve(app, householdApi.cancel, handle.cancel);
  serve(app, householdApi.accept, handle.accept);
  serve(app, householdApi.decline, handle.decline);
  serve(app, householdApi.remove, handle.remove);
  serve(app, householdApi.leave, handle.leave);
  serve(app, householdApi.buyMembership, handle.buyMembership);
  serve(app, householdApi.addCredit, handle.addCredit);
  serve(app, householdApi.setSpendLimit, handle.setSpendLimit);
  return app;
}
