import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Sim } from '../../../../contract/account.schema.ts';
import { FREE_SIM_SKU } from '../../../../contract/constants.ts';
import { orders, sims } from '../../../db/schema.ts';
import { done, refused, type Outcome, type ServiceContext } from '../../../kernel/outcome.ts';
import { ON_THE_WAY, recordDelivery } from '../orders.ts';
import { lockMember, takeCardFromStock } from '../stock.ts';
import { domainEvent } from '../../../kernel/events.ts';
import { orderActivation } from '../line-orders.ts';

/** A SIM taken from stock and activated by a member, with the order it was sent by (if any): in the activation's transaction. */
export const simActivated = domainEvent<{ memberId: number; ssn: string; orderId: number | null; now: Date }>();

/**
 * Links a SIM card from stock to a member: the card leaves the stock and becomes the
 * member's active SIM with credit 0 and the onboard bundle BDEG00 (money's, when told the SIM is activated), all in one transaction. The
 * member row is locked first, so two activations of one member cannot both pass the one-SIM check.
 */
export async function activateSim(
  { db, clock }: ServiceContext,
  memberId: number,
  ssn: string,
): Promise<Outcome<Sim, 'alreadyHasSim' | 'simNotFound' | 'simAlreadyActive'>> {
  const now = clock();
  return db.transaction(async (tx) => {
    await lockMember(tx, memberId);
    const owned = await tx
      .select({ ssn: sims.ssn })
      .from(sims)
      .where(and(eq(sims.memberId, memberId), ne(sims.status, 'inactive')));
    if (owned.length > 0) return refused('alreadyHasSim');
    const taken = await takeCardFromStock(tx, ssn);
    if (!taken.ok) return taken;
    const card = taken.value;
    await tx.insert(sims).values({
      ssn,
      memberId,
      msisdn: card.msisdn,
      product: card.product,
      requester: '1',
      // Activating until the network has added the line (docs/product/network.md): the order goes with the SIM.
      status: 'activating',
      lineState: null,
      puk: card.puk,
      createdAt: now,
    });
    await orderActivation(tx, clock, { ssn, msisdn: card.msisdn, kind: 'physical' });
    // Money opens its balance and onboard bundle; who sent the card hears of it (community's rule).
    await simActivated.emit(tx, { memberId, ssn, orderId: card.orderId, now });
    // A SIM in the member's hands has arrived: a free SIM still on its way in our records is delivered.
    const onTheWay = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.memberId, memberId), eq(orders.sku, FREE_SIM_SKU), inArray(orders.status, ON_THE_WAY)));
    for (const o of onTheWay) await recordDelivery(tx, o.id, { deliveredAt: now });
    return done({
      ssn,
      msisdn: card.msisdn,
      product: card.product,
      requester: '1',
      blocked: false,
      kind: 'physical' as const,
      line_state: null,
      network_waiting: false,
    });
  });
}
