import { and, asc, gte, inArray, lt, sql } from 'drizzle-orm';
import type { IncomeKind, SpendKind } from '../../../../contract/usage.ts';
import { INCOME_KINDS, SPEND_KINDS } from '../../../../contract/usage.ts';
import type { Queryable } from '../../../db/client.ts';
import { ledger } from '../../../db/schema.ts';
import { USAGE_KIND } from '../usage/charges.ts';
import { moves } from './transactions.service.ts';

/** One month's money (Irish calendar month "2026-11"): what went out by kind and what came in, in cents. */
export interface MonthOfMoney {
  month: string;
  out: Record<SpendKind, number>;
  in: Record<IncomeKind, number>;
}

/**
 * Where a ledger row's money went (docs/product/money.md, "Where credit goes"): a use by what it was,
 * a membership bought or renewed, an add-on, a household owner's purchase for a line; the rest is other.
 */
export function spendKindOf(kind: string, useKind: string | null): SpendKind {
  if (kind === USAGE_KIND)
    return (SPEND_KINDS as readonly string[]).includes(useKind ?? '') ? (useKind as SpendKind) : 'calls';
  if (kind === 'purchase' || kind === 'renewal') return 'memberships';
  if (kind === 'add-on') return 'addons';
  if (kind === 'household') return 'household';
  return 'other';
}

/** Where a ledger row's incoming credit came from. */
export function incomeKindOf(kind: string): IncomeKind {
  if (kind === 'top-up') return 'top-ups';
  if (kind === 'reward' || kind === 'offer') return 'gifts';
  if (kind === 'goodwill' || kind === 'charge-reversed') return 'goodwill';
  if (kind === 'refund') return 'refunds';
  if (kind === 'advance') return 'advances';
  return 'other';
}

const zeroes = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;

/**
 * The SIMs' money by Irish month in [from, to): spent is what credit paid and what a card paid for a
 * purchase (a use's price corrected down lowers its kind's spend); came in is credit that arrived
 * (a top-up, a gift, goodwill, a refund, an advance). Read along the ledger's (ssn, time) index, the
 * rows summed by the database by month and kind. Months with nothing are in the answer as zeroes.
 */
export async function moneyByMonth(q: Queryable, ssns: string[], months: string[], from: Date, to: Date) {
  const byMonth = new Map<string, MonthOfMoney>(
    months.map((m) => [m, { month: m, out: zeroes(SPEND_KINDS), in: zeroes(INCOME_KINDS) }]),
  );
  if (ssns.length === 0) return [...byMonth.values()];
  const month = sql<string>`to_char(${ledger.occurredAt} at time zone 'Europe/Dublin', 'YYYY-MM')`;
  const rows = await q
    .select({
      month,
      kind: ledger.kind,
      useKind: ledger.useKind,
      out: sql<number>`coalesce(sum(case when ${ledger.kind} = ${USAGE_KIND} then -${ledger.creditDeltaCents}
        when ${ledger.creditDeltaCents} <= 0 then ${ledger.cardCents} - ${ledger.creditDeltaCents} else 0 end), 0)`.mapWith(
        Number,
      ),
      in: sql<number>`coalesce(sum(case when ${ledger.kind} <> ${USAGE_KIND} and ${ledger.creditDeltaCents} > 0
        then ${ledger.creditDeltaCents} else 0 end), 0)`.mapWith(Number),
    })
    .from(ledger)
    .where(and(inArray(ledger.ssn, ssns), gte(ledger.occurredAt, from), lt(ledger.occurredAt, to)))
    .groupBy(month, ledger.kind, ledger.useKind);
  for (const r of rows) {
    const m = byMonth.get(r.month);
    if (!m) continue;
    m.out[spendKindOf(r.kind, r.useKind)] += r.out;
    m.in[incomeKindOf(r.kind)] += r.in;
  }
  return [...byMonth.values()];
}

/** The SIMs' movements in [from, to), oldest first (a statement's rows), along the ledger's (ssn, time) index. */
export async function movementsBetween(q: Queryable, ssns: string[], from: Date, to: Date) {
  if (ssns.length === 0) return [];
  return q
    .select({
      ssn: ledger.ssn,
      at: ledger.occurredAt,
      kind: ledger.kind,
      description: ledger.description,
      amount: ledger.creditDeltaCents,
      cardAmount: ledger.cardCents,
      dataKb: ledger.dataDeltaKb,
    })
    .from(ledger)
    .where(and(inArray(ledger.ssn, ssns), gte(ledger.occurredAt, from), lt(ledger.occurredAt, to), moves))
    .orderBy(asc(ledger.occurredAt), asc(ledger.id));
}
