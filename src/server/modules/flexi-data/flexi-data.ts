import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { sims, spotLoans, vaults, type memberships } from '../../db/schema.ts';

type Membership = typeof memberships.$inferSelect;

/**
 * Flexible-data figures more than one feature reads (the balance summary, the flexi-data screen,
 * the scheduled return of spotted data): own data left, spotted data, The Safe.
 */

/** Own data left in a membership (left_membership_data): max + in - used - out; null when the data is unlimited. */
export const unusedOf = (m: Pick<Membership, 'dataMaxKb' | 'dataInKb' | 'dataUsedKb' | 'dataOutKb'>): number | null =>
  m.dataMaxKb === null ? null : Math.max(0, m.dataMaxKb + m.dataInKb - m.dataUsedKb - m.dataOutKb);

/** Spotted data a SIM has borrowed that is still running, soonest end first. */
export async function spottedTo(db: Queryable, ssn: string, now: Date) {
  return db
    .select({ loan: spotLoans, lender: sims.msisdn })
    .from(spotLoans)
    .innerJoin(sims, eq(sims.ssn, spotLoans.lenderSsn))
    .where(and(eq(spotLoans.borrowerSsn, ssn), isNull(spotLoans.returnedAt), gt(spotLoans.endsAt, now)))
    .orderBy(asc(spotLoans.endsAt));
}

/** The Safe's balance of a SIM (0 when nothing was ever saved). */
export async function safeKbOf(db: Queryable, ssn: string): Promise<number> {
  const [vault] = await db.select({ balance: vaults.balanceKb }).from(vaults).where(eq(vaults.ssn, ssn));
  return vault?.balance ?? 0;
}

/** Adds data to a SIM's Safe (its row made on first use), inside the caller's transaction; answers the new balance. */
export async function intoSafe(tx: Queryable, ssn: string, kb: number, now: Date): Promise<number> {
  const [row] = await tx
    .insert(vaults)
    .values({ ssn, balanceKb: kb, updatedAt: now })
    .onConflictDoUpdate({ target: vaults.ssn, set: { balanceKb: sql`${vaults.balanceKb} + ${kb}`, updatedAt: now } })
    .returning({ balance: vaults.balanceKb });
  return row!.balance;
}
