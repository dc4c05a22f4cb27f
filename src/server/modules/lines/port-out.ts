import { eq } from 'drizzle-orm';
import { notifications, sims } from '../../db/schema.ts';
import { domainEvent } from '../../kernel/events.ts';
import { applyNumberLeft } from '../network/index.ts';

/** A member's number moved to another network (the SIM no longer has it): money offers the credit back. */
export const numberMovedAway = domainEvent<{ ssn: string; msisdn: string; memberId: number | null; at: Date }>();

// A number that left for another network: the SIM no longer has it; the member is told. The
// account stays open (docs/product/network.md).
applyNumberLeft(async (tx, ctx, msisdn) => {
  const [sim] = await tx.select().from(sims).where(eq(sims.msisdn, msisdn));
  if (!sim) return { outcome: 'deadLetter', note: `no SIM has ${msisdn}` };
  const at = ctx.clock();
  await tx.update(sims).set({ msisdn: null, status: 'inactive', lineState: null }).where(eq(sims.ssn, sim.ssn));
  if (sim.memberId)
    await tx.insert(notifications).values({
      memberId: sim.memberId,
      title: 'Your number has moved to another network',
      body: `${msisdn} now belongs to another network, so your 48 SIM no longer works. Your account stays open: order a new SIM in my48 any time.`,
      createdAt: at,
    });
  await numberMovedAway.emit(tx, { ssn: sim.ssn, msisdn, memberId: sim.memberId, at });
  return { outcome: 'applied' };
});
