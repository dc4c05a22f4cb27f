import { and, eq, ne, sql } from 'drizzle-orm';
import { ONBOARD_BUNDLE_DAYS, ONBOARD_BUNDLE_KB, ONBOARD_BUNDLE_SKU } from '../../contract/constants.ts';
import { onboardingMessages } from '../../contract/messages.ts';
import type { Database } from '../db/client.ts';
import { balances, goodyBags, members, simStock, sims } from '../db/schema.ts';
import { DAY, type Clock } from './clock.ts';

export type ActivationOutcome =
  | { status: 201; sim: { ssn: string; msisdn: string; product: string; requester: string } }
  | { status: 404 | 409; message: string };

/**
 * Links a SIM card from stock to a member (issue 4): the card leaves the stock and becomes the
 * member's active SIM with credit 0 and the onboard bundle BDEG00, all in one transaction. The
 * member row is locked first, so two activations of one member cannot both pass the one-SIM check,
 * and the stock row is deleted with RETURNING, so one card cannot be activated twice.
 */
export async function activateSim(db: Database, memberId: number, ssn: string, clock: Clock): Promise<ActivationOutcome> {
  const now = clock();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select id from ${members} where ${members.id} = ${memberId} for update`);
    const owned = await tx.select({ ssn: sims.ssn }).from(sims).where(and(eq(sims.memberId, memberId), ne(sims.status, 'inactive')));
    if (owned.length > 0) return { status: 409, message: onboardingMessages.alreadyHasSim } as const;
    const [card] = await tx.delete(simStock).where(eq(simStock.ssn, ssn)).returning();
    if (!card) {
      const [existing] = await tx.select({ ssn: sims.ssn }).from(sims).where(eq(sims.ssn, ssn));
      return existing ? ({ status: 409, message: onboardingMessages.simAlreadyActive } as const) : ({ status: 404, message: onboardingMessages.simNotFound } as const);
    }
    await tx.insert(sims).values({ ssn, memberId, msisdn: card.msisdn, product: card.product, requester: '1', status: 'active', puk: card.puk, createdAt: now });
    await tx.insert(balances).values({ ssn, creditCents: 0, updatedAt: now });
    await tx.insert(goodyBags).values({ ssn, productSku: ONBOARD_BUNDLE_SKU, maxOnboardKb: ONBOARD_BUNDLE_KB, onboardKb: ONBOARD_BUNDLE_KB, expiresAt: new Date(now.getTime() + ONBOARD_BUNDLE_DAYS * DAY) });
    return { status: 201, sim: { ssn, msisdn: card.msisdn, product: card.product, requester: '1' } } as const;
  });
}
