import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { creditRoamingKb } from '../../../contract/roaming.ts';
import { irishMonthOf } from '../../../contract/irish-time.ts';
import { balances, goodyBags, memberships, products, roamingMonths, sims, spotLoans, vaults } from '../../db/schema.ts';
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

// One statement for every summary asked for at the same moment (db/batch.ts), prepared once: a row
// per SIM with its balance, Safe, its one current membership (a unique index keeps it one) and that
// membership's product, when its one queued membership starts, the newest past membership's SKU, and
// the goody bags and spotted data live at the earliest moment of the batch (each request keeps those
// live at its own moment). Flat columns rather than the relational query's JSON: the dashboard asks
// for this on every visit, and every membership a SIM ever had, built into JSON by the database and
// parsed by the server, was work that grew with a member's years (docs/performance.md).
const queuedMembership = alias(memberships, 'queued');
// The current membership's columns the summary reads: all but its id, its SIM (the row's) and the
// alerts job's bookkeeping. The first one (its SKU) is never null, so a SIM without one reads null.
const {
  id: _id,
  ssn: _ssn,
  dataAlertedPercent: _alerted,
  dataAlertLevel: _level,
  reminded: _reminded,
  cardChecked: _card,
  ...currentColumns
} = getTableColumns(memberships);
const summaryQuery = (db: Database) =>
  prepared(db, 'balance_summary', (d) =>
    d
      .select({
        ssn: sims.ssn,
        memberId: sims.memberId,
        billingStatus: sims.billingStatus,
        balance: { creditCents: balances.creditCents },
        safeKb: vaults.balanceKb,
        current: currentColumns,
        product: { name: products.name, fupKb: products.fupKb },
        queuedStartsAt: queuedMembership.startsAt,
        previousSku: sql<
          string | null
        >`(select p.sku from ${memberships} p where p.ssn = ${sims.ssn} and p.status = 'past' order by p.starts_at desc limit 1)`,
        goodyBags: sql<
          BagRow[]
        >`coalesce((select json_agg(json_build_array(g.product_sku, g.max_onboard_kb, g.onboard_kb, g.expires_at) order by g.expires_at)
          from ${goodyBags} g where g.ssn = ${sims.ssn} and g.expires_at > ${sql.placeholder('since')}), '[]'::json)`,
        borrowed: sql<LoanRow[]>`coalesce((select json_agg(json_build_array(l.data_kb, l.used_kb, l.ends_at))
          from ${spotLoans} l where l.borrower_ssn = ${sims.ssn} and l.returned_at is null and l.ends_at > ${sql.placeholder('since')}), '[]'::json)`,
      })
      .from(sims)
      .leftJoin(balances, eq(balances.ssn, sims.ssn))
      .leftJoin(vaults, eq(vaults.ssn, sims.ssn))
      .leftJoin(memberships, and(eq(memberships.ssn, sims.ssn), eq(memberships.status, 'current')))
      .leftJoin(products, eq(products.sku, memberships.sku))
      .leftJoin(queuedMembership, and(eq(queuedMembership.ssn, sims.ssn), eq(queuedMembership.status, 'queued')))
      .where(sql`${sims.ssn} = any(${sql.placeholder('ssns')}::text[])`)
      .prepare('balance_summary'),
  );
/** A goody bag as the statement lists it: its product, its data and what is left of it (KB), when it expires. */
type BagRow = [productSku: string, maxOnboardKb: number, onboardKb: number, expiresAt: string];
/** Data spotted to the SIM: lent and used (KB), and when the loan ends. */
type LoanRow = [dataKb: number, usedKb: number, endsAt: string];
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

  const m = sim.current && isCurrentAt(sim.current, now) ? sim.current : undefined;
  const bags = sim.goodyBags
    .map(([productSku, maxOnboardKb, onboardKb, expiresAt]) => ({
      productSku,
      maxOnboardKb,
      onboardKb,
      expiresAt: new Date(expiresAt),
    }))
    .filter((b) => b.expiresAt > now);

  const unlimited = m ? m.dataMaxKb === null : false;
  const membershipLeft = m ? unusedOf(m) : null;
  const carryoverLeft = m ? m.carryoverKb - m.carryoverUsedKb : 0;
  // Spotted data (lent by a friend with Spot me) counts while it runs, beside carry-over and add-ons.
  const spotted = m
    ? sim.borrowed
        .map(([dataKb, usedKb, endsAt]) => ({ dataKb, usedKb, endsAt: new Date(endsAt) }))
        .filter((l) => l.endsAt > now)
    : [];
  const spottedKb = spotted.reduce((sum, l) => sum + l.dataKb, 0);
  const spottedUsedKb = spotted.reduce((sum, l) => sum + l.usedKb, 0);
  const maxData = m
    ? m.dataMaxKb === null
      ? null
      : m.dataMaxKb + m.dataInKb - m.dataOutKb + m.carryoverKb + m.addonKb + spottedKb
    : 0;
  const usedData = m ? m.dataUsedKb + m.carryoverUsedKb + m.addonUsedKb + spottedUsedKb : 0;

  return done({
    is_current_membership: Boolean(m),
    main: balance.creditCents,
    previous_SKU: sim.previousSku,
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
    queued_membership_start_date: sim.queuedStartsAt ? sim.queuedStartsAt.toISOString() : null,
    have_queued_membership: sim.queuedStartsAt !== null,
    expiry_date: m ? m.endsAt.toISOString() : null,
    product_SKU: m?.sku ?? null,
    recurrence_enabled: m?.recurrenceEnabled ?? false,
    membership_recurrence_sku: m?.recurrenceSku ?? null,
    current_membership: m ? (sim.product?.name ?? null) : null,
    is_unlimited: unlimited,
    max_fup_data: m?.fupMaxKb ?? null,
    used_fup_data: m ? m.fupUsedKb : 0,
    left_fup_data: m?.fupMaxKb != null ? Math.max(0, m.fupMaxKb - m.fupUsedKb) : null,
    max_membership_fup_data: m ? (sim.product?.fupKb ?? null) : null,
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
    safe_data: sim.safeKb ?? 0,
    carry_forward_data: m ? m.carryForwardKb : 0,
  });
}
