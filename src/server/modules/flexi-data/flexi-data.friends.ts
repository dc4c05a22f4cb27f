import { eq } from 'drizzle-orm';
import { formatMsisdn, gbLabel } from '../../../contract/format.ts';
import { sims, spotLoans } from '../../db/schema.ts';
import { DAY } from '../../kernel/clock.ts';
import { type ServiceContext } from '../../kernel/outcome.ts';
import { moveOut } from './flexi-data.service.ts';
import { changeMembership, recordMove } from '../money/index.ts';

/** Data for another member (docs/product/flexible-data.md): Spot me lends it for some days, Share gives it for good. */

export async function spotMe(
  ctx: ServiceContext,
  ssn: string,
  order: { msisdn: string; amount_gb: number; days: number },
) {
  const [mine] = await ctx.db.select({ msisdn: sims.msisdn }).from(sims).where(eq(sims.ssn, ssn));
  return moveOut(ctx, {
    ssn,
    action: 'spotme',
    amountGb: order.amount_gb,
    to: order.msisdn,
    describe: (kb, to) =>
      `Spot me: ${gbLabel(kb)} lent to ${formatMsisdn(to ?? '')} for ${order.days} ${order.days === 1 ? 'day' : 'days'}`,
    apply: async (tx, _m, kb, cause, now, recipient) => {
      const endsAt = new Date(now.getTime() + order.days * DAY);
      await tx
        .insert(spotLoans)
        .values({ lenderSsn: ssn, borrowerSsn: recipient!.m.ssn, dataKb: kb, startsAt: now, endsAt });
      await recordMove(tx, {
        ssn: recipient!.m.ssn,
        at: now,
        kind: 'flexi',
        dataDeltaKb: kb,
        reference: `${cause}:to`,
        description: `Spot me: ${gbLabel(kb)} from ${formatMsisdn(mine?.msisdn ?? '')} until ${endsAt.toISOString().slice(0, 10)}`,
      });
      return { msisdn: recipient!.msisdn, data_kb: kb, ends_at: endsAt.toISOString() };
    },
  });
}

export async function share(ctx: ServiceContext, ssn: string, order: { msisdn: string; amount_gb: number }) {
  const [mine] = await ctx.db.select({ msisdn: sims.msisdn }).from(sims).where(eq(sims.ssn, ssn));
  return moveOut(ctx, {
    ssn,
    action: 'share',
    amountGb: order.amount_gb,
    to: order.msisdn,
    describe: (kb, to) => `Shared ${gbLabel(kb)} with ${formatMsisdn(to ?? '')}`,
    apply: async (tx, _m, kb, cause, now, recipient) => {
      const theirs = recipient!.m;
      await changeMembership(tx, theirs.id, { dataInKb: kb });
      await recordMove(tx, {
        ssn: theirs.ssn,
        at: now,
        kind: 'flexi',
        dataDeltaKb: kb,
        reference: `${cause}:to`,
        description: `${gbLabel(kb)} shared with you by ${formatMsisdn(mine?.msisdn ?? '')}`,
      });
      return { msisdn: recipient!.msisdn, data_kb: kb };
    },
  });
}
