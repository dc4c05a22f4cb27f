import { and, asc, desc, eq, gte, ne, sql } from 'drizzle-orm';
import type { Allowance, BalanceSummary, Sim } from '../../../contract/account.ts';
import { dailyUsage, ledger, memberships, notifications, products, segments, sims } from '../../db/schema.ts';
import { batched } from '../../db/batch.ts';
import { prepared, type Database } from '../../db/client.ts';
import { dayOf } from '../../services/calendar.ts';
import { unusedOf } from '../../services/flexible-data.ts';
import {
  currentMembershipAt,
  bulkMembershipEligible as eligibleForBulk,
  isCurrentAt,
} from '../../services/memberships.ts';
import { DAY } from '../../services/clock.ts';
import { done, refused, type Outcome, type ServiceContext } from '../../services/outcome.ts';

export type BalanceOutcome = Outcome<BalanceSummary, 'notYourSim' | 'billingUnavailable' | 'accountDetailsMissing'>;

const allowance = (max: number | null, used: number): Allowance => ({
  max,
  used,
  left: max === null ? null : Math.max(0, max - used),
});
const daysUntil = (end: Date, now: Date) => Math.max(0, Math.ceil((end.getTime() - now.getTime()) / DAY));

// One statement (drizzle's relational query, prepared once) for every summary asked for at the
// same moment (db/batch.ts): the SIMs with their balance, Safe, memberships and their products,
// goody bags and data spotted to them. The dashboard asks for this on every visit, so it costs a
// share of one round trip and no SQL building per request.
const summaryQuery = (db: Database) =>
  prepared(db, 'balance_summary', (d) =>
    d.query.sims
      .findMany({
        where: (s) => sql`${s.ssn} = any(${sql.placeholder('ssns')}::text[])`,
        columns: { ssn: true, memberId: true, billingStatus: true },
        with: {
          balance: { columns: { creditCents: true } },
          vault: { columns: { balanceKb: true } },
          memberships: {
            with: { product: { columns: { name: true, fupKb: true } } },
            orderBy: (m, { desc }) => desc(m.startsAt),
          },
          // Live at the earliest moment of the batch; each request keeps those live at its own moment.
          goodyBags: {
            where: (b, { gt }) => gt(b.expiresAt, sql.placeholder('since')),
            orderBy: (b, { asc }) => asc(b.expiresAt),
          },
          borrowed: {
            where: (l, { and, isNull, gt }) => and(isNull(l.returnedAt), gt(l.endsAt, sql.placeholder('since'))),
            columns: { dataKb: true, usedKb: true, endsAt: true },
          },
        },
      })
      .prepare('balance_summary'),
  );
type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaryQuery>['execute']>>[number];

async function loadSummaries(
  db: Database,
  keys: readonly { ssn: string; now: Date }[],
): Promise<(SummaryRow | undefined)[]> {
  const since = new Date(Math.min(...keys.map((k) => k.now.getTime())));
  const rows = await summaryQuery(db).execute({
    ssns: [...new Set(keys.map((k) => k.ssn))],
    since: since.toISOString(),
  });
  const bySsn = new Map(rows.map((r) => [r.ssn, r]));
  return keys.map((k) => bySsn.get(k.ssn));
}

/**
 * The current month's balance summary of one SIM (spec section 3), with the failure outcomes
 * of section 8: the billing platform not answering, or no account details.
 */
export async function balanceSummary(
  { db, clock }: ServiceContext,
  memberId: number,
  ssn: string,
): Promise<BalanceOutcome> {
  const now = clock();
  const row = await batched(db, 'balance_summary', loadSummaries).load({ ssn, now });
  const sim = row?.memberId === memberId ? row : undefined;
  if (!sim) return refused('notYourSim');
  if (sim.billingStatus === 'unavailable') return refused('billingUnavailable');
  const balance = sim.balance;
  if (!balance) return refused('accountDetailsMissing');

  const rows = sim.memberships.map(({ product, ...m }) => ({ m, product }));
  const current = rows.find((r) => isCurrentAt(r.m, now));
  const queued = rows.find((r) => r.m.status === 'queued');
  const previous = rows.find((r) => r.m.status === 'past');
  const bags = sim.goodyBags.filter((b) => b.expiresAt > now);

  const m = current?.m;
  const unlimited = m ? m.dataMaxKb === null : false;
  const membershipLeft = m ? unusedOf(m) : null;
  const carryoverLeft = m ? m.carryoverKb - m.carryoverUsedKb : 0;
  // Spotted data (lent by a friend with Spot me) counts while it runs, beside carry-over and add-ons.
  const spotted = m ? sim.borrowed.filter((l) => l.endsAt > now) : [];
  const spottedKb = spotted.reduce((sum, l) => sum + l.dataKb, 0);
  const spottedUsedKb = spotted.reduce((sum, l) => sum + l.usedKb, 0);
  const maxData = m
    ? m.dataMaxKb === null
      ? null
      : m.dataMaxKb + m.dataInKb - m.dataOutKb + m.carryoverKb + m.addonKb + spottedKb
    : 0;
  const usedData = m ? m.dataUsedKb + m.carryoverUsedKb + spottedUsedKb : 0;

  return done({
    is_current_membership: Boolean(current),
    main: balance.creditCents,
    previous_SKU: previous?.m.sku ?? null,
    goodybags_summary: {
      goodyBags: bags.map((b) => ({
        product_sku: b.productSku,
        max_onboard_data: b.maxOnboardKb,
        onboard_data: b.onboardKb,
        days_left_for_expiry: daysUntil(b.expiresAt, now),
      })),
    },
    max_membership_data: m ? m.dataMaxKb : 0,
    max_data: maxData,
    used_data: usedData,
    left_data: maxData === null ? null : Math.max(0, maxData - usedData),
    left_membership_data: m ? membershipLeft : 0,
    queued_membership_start_date: queued ? queued.m.startsAt.toISOString() : null,
    have_queued_membership: Boolean(queued),
    expiry_date: m ? m.endsAt.toISOString() : null,
    product_SKU: m?.sku ?? null,
    recurrence_enabled: m?.recurrenceEnabled ?? false,
    membership_recurrence_sku: m?.recurrenceSku ?? null,
    current_membership: current?.product.name ?? null,
    is_unlimited: unlimited,
    max_fup_data: m?.fupMaxKb ?? null,
    used_fup_data: m ? m.fupUsedKb : 0,
    left_fup_data: m?.fupMaxKb != null ? Math.max(0, m.fupMaxKb - m.fupUsedKb) : null,
    max_membership_fup_data: current?.product.fupKb ?? null,
    mobile_minutes: m ? allowance(m.mobileMinutesMax, m.mobileMinutesUsed) : allowance(0, 0),
    minutes: m ? allowance(m.landlineMinutesMax, m.landlineMinutesUsed) : allowance(0, 0),
    text: m ? allowance(m.textsMax, m.textsUsed) : allowance(0, 0),
    roaming_data: m ? allowance(m.roamingMaxKb, m.roamingUsedKb) : allowance(0, 0),
    days_left: m ? daysUntil(m.endsAt, now) : 0,
    carryover_data: carryoverLeft,
    addon_data: m ? m.addonKb : 0,
    spotted_data: spottedKb - spottedUsedKb,
    safe_data: sim.vault?.balanceKb ?? 0,
    carry_forward_data: m ? m.carryForwardKb : 0,
  });
}

export async function segmentsOf({ db }: ServiceContext, memberId: number) {
  return db.select({ segment_type: segments.segmentType }).from(segments).where(eq(segments.memberId, memberId));
}

/** The member's SIMs in use; refused while one is still activating (spec section 7). */
export async function simsOf(
  { db }: ServiceContext,
  memberId: number,
): Promise<Outcome<Sim[], 'activationInProgress'>> {
  const rows = await db
    .select()
    .from(sims)
    .where(and(eq(sims.memberId, memberId), ne(sims.status, 'inactive')));
  if (rows.some((s) => s.status === 'activating')) return refused('activationInProgress');
  return done(
    rows.map((s) => ({
      ssn: s.ssn,
      msisdn: s.msisdn,
      product: s.product,
      requester: s.requester,
      blocked: s.blockedAt !== null,
      kind: s.kind,
    })),
  );
}

export async function notificationSummary({ db }: ServiceContext, memberId: number) {
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.memberId, memberId))
    .orderBy(desc(notifications.createdAt));
  const latest = rows
    .slice(0, 5)
    .map((n) => ({ id: n.id, title: n.title, body: n.body, read: n.read, created_at: n.createdAt.toISOString() }));
  return { unread: rows.filter((n) => !n.read).length, total: rows.length, latest };
}

/** The bulk membership (BDDVBL00) rule lives with the other membership rules. */
export const bulkMembershipEligible = ({ db }: ServiceContext, memberId: number) => eligibleForBulk(db, memberId);

export async function purchaseDetails({ db, clock }: ServiceContext, memberId: number) {
  const [last] = await db
    .select({ date: ledger.occurredAt, description: ledger.description, amount: ledger.creditDeltaCents })
    .from(ledger)
    .innerJoin(sims, eq(sims.ssn, ledger.ssn))
    .where(and(eq(sims.memberId, memberId), eq(ledger.kind, 'purchase')))
    .orderBy(desc(ledger.occurredAt))
    .limit(1);
  const [current] = await db
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
    .where(and(eq(sims.memberId, memberId), currentMembershipAt(clock())));
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
  const [current] = await db
    .select({ starts: memberships.startsAt })
    .from(memberships)
    .where(and(eq(memberships.ssn, ssn), currentMembershipAt(clock())));
  if (!current) return [];
  const rows = await db
    .select()
    .from(dailyUsage)
    .where(and(eq(dailyUsage.ssn, ssn), gte(dailyUsage.day, dayOf(current.starts))))
    .orderBy(asc(dailyUsage.day));
  return rows.map((r) => ({ day: r.day, data_kb: r.dataKb, minutes: r.minutes, texts: r.texts }));
}

/** The SIM's PUK (ownership of the SIM is checked before the handler runs). */
export async function pukOf({ db }: ServiceContext, ssn: string): Promise<string> {
  const [sim] = await db.select({ puk: sims.puk }).from(sims).where(eq(sims.ssn, ssn));
  return sim!.puk;
}
