import { and, asc, count, desc, eq, gte, ne, sql } from 'drizzle-orm';
import type { Sim } from '../../../contract/account.schema.ts';
import { dailyUsage, ledger, memberships, notifications, products, segments, sims } from '../../db/schema.ts';
import { dayOf } from '../../kernel/calendar.ts';
import { prepared, type Database } from '../../db/client.ts';
import { currentMembershipAt, bulkMembershipEligible as eligibleForBulk } from '../money/index.ts';
import { done, refused, type Outcome, type ServiceContext } from '../../kernel/outcome.ts';
import { networkHoldsBack } from '../network/index.ts';

export { balanceSummary, type BalanceOutcome } from './balance-summary.ts';

export async function segmentsOf({ db }: ServiceContext, memberId: number) {
  return db.select({ segment_type: segments.segmentType }).from(segments).where(eq(segments.memberId, memberId));
}

// The dashboard's reads on every visit (the SIMs, an activation, the notifications, the day's use,
// the purchases): each statement prepared once per database, so no SQL is built and no plan made
// per request (on the balance summary, building SQL was half of a hot read's CPU).
const ownedQuery = (db: Database) =>
  prepared(db, 'sims_owned', (d) =>
    d
      .select({ sim: sims, waiting: networkHoldsBack(sims.ssn) })
      .from(sims)
      .where(and(eq(sims.memberId, sql.placeholder('member')), ne(sims.status, 'inactive')))
      .prepare('sims_owned'),
  );
const activationQuery = (db: Database) =>
  prepared(db, 'sims_activation', (d) =>
    d
      .select({ createdAt: sims.createdAt })
      .from(sims)
      .where(and(eq(sims.memberId, sql.placeholder('member')), eq(sims.status, 'activating')))
      .orderBy(asc(sims.createdAt))
      .limit(1)
      .prepare('sims_activation'),
  );
const notificationCountsQuery = (db: Database) =>
  prepared(db, 'notification_counts', (d) =>
    d
      .select({
        total: count(),
        unread: sql<number>`count(*) filter (where not ${notifications.read})`.mapWith(Number),
      })
      .from(notifications)
      .where(eq(notifications.memberId, sql.placeholder('member')))
      .prepare('notification_counts'),
  );
const latestNotificationsQuery = (db: Database) =>
  prepared(db, 'notification_latest', (d) =>
    d
      .select()
      .from(notifications)
      .where(eq(notifications.memberId, sql.placeholder('member')))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(5)
      .prepare('notification_latest'),
  );
const periodStartQuery = (db: Database) =>
  prepared(db, 'usage_period_start', (d) =>
    d
      .select({ starts: memberships.startsAt })
      .from(memberships)
      .where(and(eq(memberships.ssn, sql.placeholder('ssn')), currentMembershipAt(sql.placeholder('now'))))
      .prepare('usage_period_start'),
  );
const dailyUsageQuery = (db: Database) =>
  prepared(db, 'usage_daily', (d) =>
    d
      .select()
      .from(dailyUsage)
      .where(and(eq(dailyUsage.ssn, sql.placeholder('ssn')), gte(dailyUsage.day, sql.placeholder('from'))))
      .orderBy(asc(dailyUsage.day))
      .prepare('usage_daily'),
  );

/** The member's SIMs in use; refused while one is still activating (spec section 7). */
export async function simsOf(
  { db }: ServiceContext,
  memberId: number,
): Promise<Outcome<Sim[], 'activationInProgress'>> {
  const rows = await ownedQuery(db).execute({ member: memberId });
  if (rows.some((r) => r.sim.status === 'activating')) return refused('activationInProgress');
  return done(
    rows.map(({ sim: s, waiting }) => ({
      ssn: s.ssn,
      msisdn: s.msisdn,
      product: s.product,
      requester: s.requester,
      blocked: s.blockedAt !== null,
      kind: s.kind,
      line_state: s.lineState,
      network_waiting: waiting,
    })),
  );
}

/**
 * A SIM activation in progress (spec section 9) and when it began: the support hint is due 15
 * minutes after that, whichever device or tab the member looks from.
 */
export async function activationOf(
  { db }: ServiceContext,
  memberId: number,
): Promise<{ activating: boolean; since: string | null }> {
  const [sim] = await activationQuery(db).execute({ member: memberId });
  return sim ? { activating: true, since: sim.createdAt.toISOString() } : { activating: false, since: null };
}

export async function notificationSummary({ db }: ServiceContext, memberId: number) {
  // The counts by the database and the five newest through the (member, time, id) index: a member's
  // notifications only grow, and none of them but these five need to leave it.
  const [[counts], rows] = await Promise.all([
    notificationCountsQuery(db).execute({ member: memberId }),
    latestNotificationsQuery(db).execute({ member: memberId }),
  ]);
  const latest = rows.map((n) => ({
    id: n.id,
    title: n.title,
    body: n.body,
    read: n.read,
    created_at: n.createdAt.toISOString(),
  }));
  return { unread: counts?.unread ?? 0, total: counts?.total ?? 0, latest };
}

/** The bulk membership (BDDVBL00) rule lives with the other membership rules. */
export const bulkMembershipEligible = ({ db }: ServiceContext, memberId: number) => eligibleForBulk(db, memberId);

// Prepared as the reads above. The last purchase of each of the member's SIMs is read newest first along the ledger's (ssn, time)
// index and stops at the first (a member's ledger rows lie on as many pages as rows).
const lastPurchaseQuery = (db: Database) =>
  prepared(db, 'purchase_last', (d) => {
    const last = d
      .select({ date: ledger.occurredAt, description: ledger.description, amount: ledger.creditDeltaCents })
      .from(ledger)
      .where(and(eq(ledger.ssn, sims.ssn), eq(ledger.kind, 'purchase')))
      .orderBy(desc(ledger.occurredAt))
      .limit(1)
      .as('last');
    return d
      .select({ date: last.date, description: last.description, amount: last.amount })
      .from(sims)
      .innerJoinLateral(last, sql`true`)
      .where(eq(sims.memberId, sql.placeholder('member')))
      .orderBy(desc(last.date))
      .limit(1)
      .prepare('purchase_last');
  });
const currentMembershipQuery = (db: Database) =>
  prepared(db, 'purchase_current', (d) =>
    d
      .select({
        sku: memberships.sku,
        name: products.name,
        price: products.priceCents,
        starts: memberships.startsAt,
        ends: memberships.endsAt,
      })
      .from(memberships)
      .innerJoin(sims, eq(sims.ssn, memberships.ssn))
      .innerJoin(products, eq(products.sku, memberships.sku))
      .where(and(eq(sims.memberId, sql.placeholder('member')), currentMembershipAt(sql.placeholder('now'))))
      .prepare('purchase_current'),
  );

export async function purchaseDetails({ db, clock }: ServiceContext, memberId: number) {
  const [[last], [current]] = await Promise.all([
    lastPurchaseQuery(db).execute({ member: memberId }),
    currentMembershipQuery(db).execute({ member: memberId, now: clock().toISOString() }),
  ]);
  return {
    has_purchased: Boolean(last),
    last_purchase: last ? { date: last.date.toISOString(), description: last.description, amount: last.amount } : null,
    current_membership: current
      ? {
          sku: current.sku,
          name: current.name,
          price_cents: current.price,
          starts_at: current.starts.toISOString(),
          ends_at: current.ends.toISOString(),
        }
      : null,
  };
}

/** Daily use since the current membership began, oldest first (none without a membership). */
export async function dailyUsageOf({ db, clock }: ServiceContext, ssn: string) {
  const [current] = await periodStartQuery(db).execute({ ssn, now: clock().toISOString() });
  if (!current) return [];
  const rows = await dailyUsageQuery(db).execute({ ssn, from: dayOf(current.starts) });
  return rows.map((r) => ({ day: r.day, data_kb: r.dataKb, minutes: r.minutes, texts: r.texts }));
}

/** The SIM's PUK (ownership of the SIM is checked before the handler runs). */
export async function pukOf({ db }: ServiceContext, ssn: string): Promise<string> {
  const [sim] = await db.select({ puk: sims.puk }).from(sims).where(eq(sims.ssn, ssn));
  return sim!.puk;
}
