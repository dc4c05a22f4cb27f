import { and, eq, sql } from 'drizzle-orm';
import { creditRoamingKb } from '../../../contract/roaming.ts';
import { irishMonthOf } from '../../../contract/irish-time.ts';
import { roamingMonths } from '../../db/schema.ts';
import type { Allowance, BalanceSummary } from '../../../contract/account.schema.ts';
import { batched } from '../../db/batch.ts';
import { prepared, type Database } from '../../db/client.ts';
import { DAY } from '../../kernel/clock.ts';
import { unusedOf } from '../flexi-data/index.ts';
import { isCurrentAt } from '../money/index.ts';
import { done, refused, type Outcome, type ServiceContext } from '../../kernel/outcome.ts';

/*
 * The balance summary of one SIM (spec section 3): the dashboard's figures, and the household
 * owner's view of a line (docs/product/lifelines.md) from the same code, so a line's "data left" is never
 * derived twice.
 */

export type BalanceOutcome = Outcome<BalanceSummary, 'notYourSim' | 'billingUnavailable' | 'accountDetailsMissing'>;

const allowance = (max: number | null, used: number): Allowance => ({
  max,
  used,
  left: max === null ? null : Math.max(0, max - used),
});
const daysUntil = (end: Date, now: Date) => Math.max(0, Math.ceil((end.getTime() - now.getTime()) / DAY));

/** The SIM's row of the summary's statement, as drizzle's relational query names it. */
const OUTER_SIM = sql.raw('"sims"."ssn"');

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
          // What the summary shows: the current and queued memberships and the last one past, not the
          // whole history (a member who renews every month for years keeps every month of it). The last
          // one past is asked of the outer SIM's row ("sims", the name drizzle's relational query gives
          // it; a column object here would be renamed to the membership's), so PostgreSQL finds it once
          // per SIM (an InitPlan) rather than once per membership.
          memberships: {
            where: (m, { ne, or, eq }) =>
              or(
                ne(m.status, 'past'),
                eq(
                  m.id,
                  sql`(select p.id from memberships p where p.ssn = ${OUTER_SIM} and p.status = 'past' order by p.starts_at desc limit 1)`,
                ),
              ),
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

/** Credit only: the month's EU allowance as the roaming screen has it (an extra read only for a SIM with no membership). */
async function creditRoaming(db: Database, ssn: string, creditCents: number, now: Date): Promise<Allowance> {
  const [month] = await db
    .select({ max: roamingMonths.creditAllowanceKb, used: roamingMonths.creditUsedKb })
    .from(roamingMonths)
    .where(and(eq(roamingMonths.ssn, ssn), eq(roamingMonths.month, irishMonthOf(now))));
  return allowance(month?.max ?? creditRoamingKb(creditCents, now), month?.used ?? 0);
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
  const usedData = m ? m.dataUsedKb + m.carryoverUsedKb + m.addonUsedKb + spottedUsedKb : 0;

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
    // The EU roaming data of the membership (fixed when it started), or with no membership the law's
    // figure for the credit: the one taken when roaming began this month, else the credit's now (docs/product/roaming.md).
    roaming_data: m
      ? allowance(m.roamingMaxKb, m.roamingUsedKb)
      : await creditRoaming(db, ssn, balance.creditCents, now),
    days_left: m ? daysUntil(m.endsAt, now) : 0,
    carryover_data: carryoverLeft,
    addon_data: m ? m.addonKb : 0,
    spotted_data: spottedKb - spottedUsedKb,
    safe_data: sim.vault?.balanceKb ?? 0,
    carry_forward_data: m ? m.carryForwardKb : 0,
  });
}
