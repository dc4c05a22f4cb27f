import { productRoamingKb } from '../../../../contract/roaming.ts';
import { and, count, eq, gt, lte, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import type { products } from '../../../db/schema.ts';
import { balances, memberships, sims } from '../../../db/schema.ts';
import { DAY } from '../../../kernel/clock.ts';

type Product = typeof products.$inferSelect;

/**
 * The current-membership rule, written once: status 'current' and starts ≤ now < ends.
 * A 'current' row whose period is over is ended (the renewal job has not handed it on yet), not current.
 * `now` may be a prepared statement's placeholder (given as an ISO string when it runs).
 */
export function currentMembershipAt(now: Date | Placeholder): SQL {
  return and(eq(memberships.status, 'current'), inPeriodAt(now))!;
}
/**
 * The period half of the rule: starts ≤ now < ends. For a query whose status test must be said as
 * a partial index says it (literals, so the planner can use the index: modules/money/alerts.job.ts).
 */
export function inPeriodAt(now: Date | Placeholder): SQL {
  return and(lte(memberships.startsAt, now), gt(memberships.endsAt, now))!;
}
/**
 * The SIM's current membership period and the data used in it (its own, carried over and add-ons):
 * what a household's cap on the line is held to.
 */
export async function periodUseOf(
  q: Queryable,
  ssn: string,
  now: Date,
): Promise<{ id: number; usedKb: number } | null> {
  const [m] = await q
    .select({
      id: memberships.id,
      used: memberships.dataUsedKb,
      carried: memberships.carryoverUsedKb,
      addon: memberships.addonUsedKb,
    })
    .from(memberships)
    .where(and(eq(memberships.ssn, ssn), currentMembershipAt(now)))
    .limit(1);
  return m ? { id: m.id, usedKb: Number(m.used) + Number(m.carried) + Number(m.addon) } : null;
}

/** The same rule over a row already read. */
export function isCurrentAt(m: { status: string; startsAt: Date; endsAt: Date }, now: Date): boolean {
  return m.status === 'current' && m.startsAt <= now && m.endsAt > now;
}

/** The bulk membership (BDDVBL00) needs an active SIM with credit details and a membership bought before. */
export async function bulkMembershipEligible(db: Queryable, memberId: number): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(sims)
    .innerJoin(balances, eq(balances.ssn, sims.ssn))
    .innerJoin(memberships, eq(memberships.ssn, sims.ssn))
    .where(and(eq(sims.memberId, memberId), eq(sims.status, 'active')));
  return (row?.n ?? 0) > 0;
}

/** A new membership row of a product: its allowances copied, nothing used, the period from `startsAt`. */
export function membershipOf(
  ssn: string,
  p: Product,
  status: 'current' | 'queued',
  startsAt: Date,
  recurrence?: { enabled: boolean; sku: string | null },
) {
  return {
    ssn,
    sku: p.sku,
    status,
    startsAt,
    endsAt: new Date(startsAt.getTime() + p.days * DAY),
    recurrenceEnabled: recurrence?.enabled ?? false,
    recurrenceSku: recurrence?.sku ?? null,
    dataMaxKb: p.dataKb,
    fupMaxKb: p.fupKb,
    // The law's EU allowance of the day it starts (docs/product/roaming.md), fixed for the membership's life.
    roamingMaxKb: productRoamingKb(p, startsAt),
    mobileMinutesMax: p.mobileMinutes,
    landlineMinutesMax: p.landlineMinutes,
    textsMax: p.texts,
  } satisfies typeof memberships.$inferInsert;
}

/** Credit of a SIM, its row locked for the rest of the transaction (money moves one at a time per SIM). */
export async function lockedCredit(tx: Queryable, ssn: string): Promise<number | null> {
  const [row] = await tx
    .select({ credit: balances.creditCents })
    .from(balances)
    .where(eq(balances.ssn, ssn))
    .for('update');
  return row ? row.credit : null;
}

/**
 * A line's membership days moved on by `ms` (a pause of all service: docs/product/lifelines.md): the
 * current membership ends later (so no renewal falls inside the pause) and a queued one starts and
 * ends later with it; a negative `ms` (a pause ended early) gives back what was not used.
 */
export async function shiftMembershipDays(tx: Queryable, ssn: string, ms: number, now: Date): Promise<void> {
  if (ms === 0) return;
  const by = sql`make_interval(secs => ${ms / 1000})`;
  await tx
    .update(memberships)
    .set({ endsAt: sql`${memberships.endsAt} + ${by}` })
    .where(and(eq(memberships.ssn, ssn), eq(memberships.status, 'current'), gt(memberships.endsAt, now)));
  await tx
    .update(memberships)
    .set({ startsAt: sql`${memberships.startsAt} + ${by}`, endsAt: sql`${memberships.endsAt} + ${by}` })
    .where(and(eq(memberships.ssn, ssn), eq(memberships.status, 'queued')));
}

/** A SIM's current period and what it allows (null: unlimited), as the Usage screen draws it. */
export interface PeriodAllowance {
  startsAt: Date;
  endsAt: Date;
  /** Data the period holds: its own with what came in and went out, carried over and add-ons. */
  dataKb: number | null;
  dataUsedKb: number;
  /** Minutes to mobiles and landlines together (null: either is unlimited). */
  minutes: number | null;
  texts: number | null;
}

/** The SIM's current membership period and its allowances, or null without one. */
export async function periodAllowanceOf(q: Queryable, ssn: string, now: Date): Promise<PeriodAllowance | null> {
  const [m] = await q
    .select()
    .from(memberships)
    .where(and(eq(memberships.ssn, ssn), currentMembershipAt(now)))
    .limit(1);
  if (!m) return null;
  return {
    startsAt: m.startsAt,
    endsAt: m.endsAt,
    dataKb: m.dataMaxKb === null ? null : m.dataMaxKb + m.dataInKb - m.dataOutKb + m.carryoverKb + m.addonKb,
    dataUsedKb: m.dataUsedKb + m.carryoverUsedKb + m.addonUsedKb,
    minutes:
      m.mobileMinutesMax === null || m.landlineMinutesMax === null ? null : m.mobileMinutesMax + m.landlineMinutesMax,
    texts: m.textsMax,
  };
}
