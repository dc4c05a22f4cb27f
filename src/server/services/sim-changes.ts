import { and, eq, sql } from 'drizzle-orm';
import { SEGMENT_PORTIN } from '../../contract/constants.ts';
import { accountMessages, onboardingMessages } from '../../contract/messages.ts';
import { type Database, isUniqueViolation } from '../db/client.ts';
import { balances, dailyUsage, flexiActions, goodyBags, ledger, memberships, members, portInRequests, segments, simStock, sims } from '../db/schema.ts';
import type { Clock } from './clock.ts';
import { verifyPassword } from './passwords.ts';

type Failure = { status: 400 | 404 | 409; message: string };


/**
 * A port-in request (issue 5, spec section 4 "Port-in"): the request and the PORTIN_IN_PROGRESS
 * segment are written together; a second open request is refused by the database.
 */
export async function requestPortIn(
  db: Database,
  memberId: number,
  ssn: string,
  body: { msisdn: string; current_provider: string; account_type: 'prepay' | 'bill_pay'; account_number?: string | undefined },
  clock: Clock,
): Promise<{ status: 201; request: typeof portInRequests.$inferSelect } | Failure> {
  const [taken] = await db.select({ ssn: sims.ssn }).from(sims).where(eq(sims.msisdn, body.msisdn));
  if (taken) return { status: 409, message: onboardingMessages.numberAlreadyWith48 };
  try {
    return await db.transaction(async (tx) => {
      const [request] = await tx
        .insert(portInRequests)
        .values({ memberId, ssn, msisdn: body.msisdn, provider: body.current_provider, accountType: body.account_type, accountNumber: body.account_number || null, createdAt: clock() })
        .returning();
      await tx.insert(segments).values({ memberId, segmentType: SEGMENT_PORTIN }).onConflictDoNothing();
      return { status: 201 as const, request: request! };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { status: 409, message: onboardingMessages.portInOpen };
    throw error;
  }
}

/**
 * Change my SIM: the member's number, credit, memberships and history move to a new card from
 * stock, after the password is confirmed. One transaction: the card leaves the stock once, the
 * old card ends inactive, and nothing is half-moved if any step fails.
 */
export async function changeSim(db: Database, memberId: number, oldSsn: string, newSsn: string, password: string, clock: Clock): Promise<{ status: 200; ssn: string; msisdn: string | null; product: string } | Failure> {
  const [member] = await db.select().from(members).where(eq(members.id, memberId));
  if (!member || !(await verifyPassword(password, member.passwordHash))) return { status: 400, message: accountMessages.wrongCurrentPassword };
  return db.transaction(async (tx) => {
    await tx.execute(sql`select id from ${members} where ${members.id} = ${memberId} for update`);
    const [old] = await tx.select().from(sims).where(and(eq(sims.ssn, oldSsn), eq(sims.memberId, memberId), eq(sims.status, 'active')));
    if (!old) return { status: 409 as const, message: onboardingMessages.noActiveSim };
    const [card] = await tx.delete(simStock).where(eq(simStock.ssn, newSsn)).returning();
    if (!card) {
      const [existing] = await tx.select({ ssn: sims.ssn }).from(sims).where(eq(sims.ssn, newSsn));
      return existing ? { status: 409 as const, message: onboardingMessages.simAlreadyActive } : { status: 404 as const, message: onboardingMessages.simNotFound };
    }
    await tx.insert(sims).values({ ssn: newSsn, memberId, msisdn: null, product: card.product, requester: old.requester, status: 'active', puk: card.puk, billingStatus: old.billingStatus, createdAt: clock() });
    for (const table of [balances, memberships, goodyBags, ledger, dailyUsage, flexiActions, portInRequests]) {
      await tx.update(table).set({ ssn: newSsn }).where(eq(table.ssn, oldSsn));
    }
    await tx.update(sims).set({ msisdn: null, status: 'inactive' }).where(eq(sims.ssn, oldSsn));
    await tx.update(sims).set({ msisdn: old.msisdn }).where(eq(sims.ssn, newSsn));
    return { status: 200 as const, ssn: newSsn, msisdn: old.msisdn, product: card.product };
  });
}
