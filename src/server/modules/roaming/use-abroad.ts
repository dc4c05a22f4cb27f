import { eq } from 'drizzle-orm';
import { sims } from '../../db/schema.ts';
import { monthOf } from '../../kernel/calendar.ts';
import { sendAlertPushes } from '../alerts/index.ts';
import { claimUse, priceListOf, rateUse, reportedAgain } from '../money/index.ts';
import { orderDataBar, type CountAbroad } from '../network/index.ts';
import { recordUseAbroad } from './roaming.ts';

/**
 * A use abroad (docs/product/roaming.md), by country with the roaming notices and the cap, which,
 * once reached, bars data abroad on the network, and paid from credit past what it draws on at the
 * published prices (docs/product/money.md); a notice raised is pushed at once.
 */
export const usedAbroad: CountAbroad = async (tx, ctx, use, eventId) => {
  const [sim] = await tx
    .select({ ssn: sims.ssn, memberId: sims.memberId })
    .from(sims)
    .where(eq(sims.msisdn, use.msisdn));
  if (!sim) return { outcome: 'deadLetter', note: `no SIM has ${use.msisdn}` };
  // Before its id is claimed: a use no member's line can count is a dead letter, and claims nothing.
  if (!sim.memberId) return { outcome: 'deadLetter', note: `${use.msisdn} has no member` };
  const prices = priceListOf(await ctx.rating.charges());
  // A usage id counted before (a resend, a later rating): nothing counted again, its price corrected once.
  if (!(await claimUse(tx, { usageId: use.usageId, ssn: sim.ssn, eventId }, ctx.clock()))) {
    return reportedAgain(tx, ctx.clock, {
      usageId: use.usageId,
      ssn: sim.ssn,
      eventId,
      cents: ctx.rating.byNetwork ? use.networkCents : null,
      description: rateUse(use, prices).description,
      useKind: rateUse(use, prices).useKind,
      at: use.at,
    });
  }
  const recorded = await recordUseAbroad(
    tx,
    () => use.at,
    sim.ssn,
    { country: use.country, dataKb: use.dataKb, minutes: use.minutes, texts: use.texts },
    {
      usageId: use.usageId,
      rated: rateUse(use, prices),
      fixedCents: ctx.rating.byNetwork ? use.networkCents : null,
      prices,
    },
  );
  if (!recorded) return { outcome: 'deadLetter', note: `${use.msisdn} has no member` };
  // The cap reached: data abroad stops on the network, once for the month.
  if (recorded.stopped && !recorded.refused)
    await orderDataBar(tx, ctx.clock, { ssn: sim.ssn, msisdn: use.msisdn }, true, 'roamingCap', monthOf(use.at));
  const { noticed, chargedCents, memberId, ...usage } = recorded;
  return {
    outcome: 'applied',
    usage: { ...usage, charged_cents: chargedCents },
    ...(noticed
      ? {
          // This member's notices only: the request that raised them pushes them, the job the rest.
          followUp: ({ db, clock, push, pushOrigins }) =>
            sendAlertPushes({ db, clock }, push, pushOrigins, [memberId]).then(() => undefined),
        }
      : {}),
  };
};
