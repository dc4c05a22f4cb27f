import { and, desc, eq } from 'drizzle-orm';
import type { Sim } from '../../../contract/account.ts';
import { SEGMENT_PORTIN } from '../../../contract/constants.ts';
import type { Order } from '../../../contract/orders.ts';
import type { PortIn } from '../../../contract/sim-settings.ts';
import { isUniqueViolation } from '../../db/client.ts';
import { balances, dailyUsage, donations, flexiActions, goodyBags, ledger, members, memberships, portInRequests, segments, sims, spotLoans, vaults } from '../../db/schema.ts';
import { placeOrder, type Address } from '../../services/orders.ts';
import { done, refused, type Outcome, type ServiceContext } from '../../services/outcome.ts';
import { verifyPassword } from '../../services/passwords.ts';
import { lockMember, takeCardFromStock } from '../../services/stock.ts';

const portInOf = (r: typeof portInRequests.$inferSelect): PortIn => ({
  id: r.id, msisdn: r.msisdn, current_provider: r.provider, account_type: r.accountType, status: r.status, created_at: r.createdAt.toISOString(),
});

export async function openPortIn({ db }: ServiceContext, memberId: number): Promise<PortIn | null> {
  const [row] = await db.select().from(portInRequests).where(and(eq(portInRequests.memberId, memberId), eq(portInRequests.status, 'requested'))).orderBy(desc(portInRequests.id));
  return row ? portInOf(row) : null;
}

/**
 * A port-in request (issue 5, spec section 4 "Port-in"): the request and the PORTIN_IN_PROGRESS
 * segment are written together; a second open request is refused by the database.
 */
export async function requestPortIn(
  { db, clock }: ServiceContext,
  memberId: number,
  ssn: string,
  body: { msisdn: string; current_provider: string; account_type: 'prepay' | 'bill_pay'; account_number?: string | undefined },
): Promise<Outcome<PortIn, 'numberAlreadyWith48' | 'portInOpen'>> {
  const [taken] = await db.select({ ssn: sims.ssn }).from(sims).where(eq(sims.msisdn, body.msisdn));
  if (taken) return refused('numberAlreadyWith48');
  try {
    return await db.transaction(async (tx) => {
      const [request] = await tx
        .insert(portInRequests)
        .values({ memberId, ssn, msisdn: body.msisdn, provider: body.current_provider, accountType: body.account_type, accountNumber: body.account_number || null, createdAt: clock() })
        .returning();
      await tx.insert(segments).values({ memberId, segmentType: SEGMENT_PORTIN }).onConflictDoNothing();
      return done(portInOf(request!));
    });
  } catch (error) {
    if (isUniqueViolation(error)) return refused('portInOpen');
    throw error;
  }
}

/** A replacement for an active SIM (status SIM_REORDERED); one may be on its way at a time. */
export async function reorderSim(
  ctx: ServiceContext,
  memberId: number,
  ssn: string,
  body: Address & { reason: string },
): Promise<Outcome<Order, 'noActiveSim' | 'replacementOnItsWay'>> {
  const [sim] = await ctx.db.select({ status: sims.status, product: sims.product }).from(sims).where(eq(sims.ssn, ssn));
  if (sim?.status !== 'active') return refused('noActiveSim');
  const placed = await placeOrder(ctx, { memberId, sku: sim.product, status: 'SIM_REORDERED', shippingType: `REPLACEMENT:${body.reason}`, address: body });
  return placed.ok ? done(placed.value) : refused('replacementOnItsWay');
}

/**
 * Change my SIM: the member's number, credit, memberships and history move to a new card from
 * stock, after the password is confirmed. One transaction: the card leaves the stock once, the
 * old card ends inactive, and nothing is half-moved if any step fails.
 */
export async function changeSim(
  { db, clock }: ServiceContext,
  memberId: number,
  oldSsn: string,
  newSsn: string,
  password: string,
): Promise<Outcome<Sim, 'wrongPassword' | 'noActiveSim' | 'simNotFound' | 'simAlreadyActive'>> {
  const [member] = await db.select().from(members).where(eq(members.id, memberId));
  if (!member || !(await verifyPassword(password, member.passwordHash))) return refused('wrongPassword');
  return db.transaction(async (tx) => {
    await lockMember(tx, memberId);
    const [old] = await tx.select().from(sims).where(and(eq(sims.ssn, oldSsn), eq(sims.memberId, memberId), eq(sims.status, 'active')));
    if (!old) return refused('noActiveSim');
    const taken = await takeCardFromStock(tx, newSsn);
    if (!taken.ok) return taken;
    const card = taken.value;
    await tx.insert(sims).values({ ssn: newSsn, memberId, msisdn: null, product: card.product, requester: old.requester, status: 'active', puk: card.puk, billingStatus: old.billingStatus, createdAt: clock() });
    for (const table of [balances, memberships, goodyBags, ledger, dailyUsage, flexiActions, portInRequests, vaults, donations]) {
      await tx.update(table).set({ ssn: newSsn }).where(eq(table.ssn, oldSsn));
    }
    // Spot me loans follow the SIM on both sides: what was lent comes back to the new card.
    await tx.update(spotLoans).set({ lenderSsn: newSsn }).where(eq(spotLoans.lenderSsn, oldSsn));
    await tx.update(spotLoans).set({ borrowerSsn: newSsn }).where(eq(spotLoans.borrowerSsn, oldSsn));
    await tx.update(sims).set({ msisdn: null, status: 'inactive' }).where(eq(sims.ssn, oldSsn));
    await tx.update(sims).set({ msisdn: old.msisdn }).where(eq(sims.ssn, newSsn));
    return done({ ssn: newSsn, msisdn: old.msisdn, product: card.product, requester: '1' });
  });
}
