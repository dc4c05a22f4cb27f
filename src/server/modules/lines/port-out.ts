import { and, eq, ne } from 'drizzle-orm';
import { formatMsisdn } from '../../../contract/format.ts';
import { sims } from '../../db/schema.ts';
import { domainEvent } from '../../kernel/events.ts';
import type { FollowUp, NumberLeaving, NumberLeft, PortOutSaid } from '../network/index.ts';
import { lineChangesTold, portOutRequested } from './line-changes.ts';
import { notify } from '../alerts/index.ts';

/** A member's number moved to another network (the SIM no longer has it): money offers the credit back. */
export const numberMovedAway = domainEvent<{
  ssn: string;
  msisdn: string;
  memberId: number | null;
  at: Date;
  said: PortOutSaid;
}>();

/** The member hears of it at once, after the event's transaction (the mail's link is made then). */
const tellNow: FollowUp = (ctx) => lineChangesTold.now(ctx);

/**
 * A number that left for another network: the SIM no longer has it; the member is told. The
 * account stays open (docs/product/network.md).
 */
export const numberLeftUs: NumberLeft = async (tx, ctx, msisdn, said = {}) => {
  const [sim] = await tx.select().from(sims).where(eq(sims.msisdn, msisdn));
  if (!sim) return { outcome: 'deadLetter', note: `no SIM has ${msisdn}` };
  const at = ctx.clock();
  await tx.update(sims).set({ msisdn: null, status: 'inactive', lineState: null }).where(eq(sims.ssn, sim.ssn));
  if (sim.memberId)
    await notify(tx, sim.memberId, at, { notice: 'portedOut', values: { number: formatMsisdn(msisdn) } });
  await numberMovedAway.emit(tx, { ssn: sim.ssn, msisdn, memberId: sim.memberId, at, said });
  return { outcome: 'applied', followUp: tellNow };
};

/**
 * Another network asked for a member's number: the member is warned with the way to say it wasn't
 * them; the port goes on (the law does not let a donor refuse it).
 */
export const numberAskedFor: NumberLeaving = async (tx, ctx, msisdn, said) => {
  const [sim] = await tx
    .select()
    .from(sims)
    .where(and(eq(sims.msisdn, msisdn), ne(sims.status, 'inactive')));
  if (!sim?.memberId) return { outcome: 'deadLetter', note: `no member's SIM has ${msisdn}` };
  await portOutRequested.emit(tx, { memberId: sim.memberId, msisdn, ssn: sim.ssn, said, at: ctx.clock() });
  return { outcome: 'applied', followUp: tellNow };
};
