import { and, eq, isNotNull, ne } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { orders, portInRequests, sims } from '../../db/schema.ts';
import type { MemberErased } from '../identity/index.ts';
import { orderLineDeletion } from './line-orders.ts';

/**
 * A deleted account's lines (in the deletion's transaction): port-in requests go; orders keep what
 * was sent (stock, accounting) without the name and address; the SIMs stay for the amounts hanging
 * on them, without the number: it goes back to the network, whose line is deleted (mobileLine
 * delete, docs/product/network.md) after what was ordered for it.
 */
export async function forgetLinesOf(
  tx: Queryable,
  { member, now, clock }: Pick<MemberErased, 'member' | 'now' | 'clock'>,
) {
  const id = member.id;
  await tx.delete(portInRequests).where(eq(portInRequests.memberId, id));
  await tx
    .update(orders)
    .set({ firstname: '', lastname: '', line1: '', line2: null, city: '', county: '', postcode: null, ip: null })
    .where(eq(orders.memberId, id));
  const lines = await tx
    .select({ ssn: sims.ssn, msisdn: sims.msisdn })
    .from(sims)
    .where(and(eq(sims.memberId, id), isNotNull(sims.msisdn), ne(sims.status, 'inactive')));
  for (const line of lines) await orderLineDeletion(tx, clock, { ssn: line.ssn, msisdn: line.msisdn! }, now);
  await tx
    .update(sims)
    .set({
      msisdn: null,
      status: 'inactive',
      puk: '',
      blockedAt: null,
      kind: 'physical',
      esimActivationCode: null,
      lineState: null,
    })
    .where(eq(sims.memberId, id));
}
