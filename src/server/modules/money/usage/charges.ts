import { sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';

/** The prefix of a use's cause: one ledger row (and at most one uncharged row) per use the network reported. */
export const USAGE_CAUSE = 'usage';
/** The ledger's kind for use paid from credit (the transactions screen groups them by day and line). */
export const USAGE_KIND = 'usage';

export const usageReference = (usageId: string) => `${USAGE_CAUSE}:${usageId}`;

/** A use's price from credit, to be taken in its counting's transaction. */
export interface UseCharge {
  ssn: string;
  /** The network's id of the use: its cause is `usage:<id>`. */
  usageId: string;
  at: Date;
  description: string;
  cents: number;
}

/** What became of one charge: what credit paid, what it could not (recorded uncharged), the credit after. */
export interface Charged {
  /** Taken from credit now (0 for a use charged already: a replay under another event). */
  takenCents: number;
  uncharged: number;
  /** The SIM's credit after every charge of the call. */
  creditAfter: number;
  /** The credit before this call's charges of the SIM (what an alert at a threshold compares with). */
  creditBefore: number;
  /** Whether the use was charged already (its cause in the ledger or the uncharged before). */
  already: boolean;
}

/**
 * Use paid from credit (docs/product/money.md), many in one statement, in the caller's transaction:
 * each SIM's balance locked, each use in the order given taking what it costs or what is left
 * (credit never goes below zero), one ledger row per use (`usage:<id>`, unique: a use charged once
 * however often it comes), what credit could not pay recorded uncharged, and each SIM's credit
 * changed once by the sum, a relative update. Answers in the order given.
 */
export async function chargeUses(tx: Queryable, now: Date, charges: UseCharge[]): Promise<Charged[]> {
  if (charges.length === 0) return [];
  const input = JSON.stringify(
    charges.map((c, ord) => ({
      ord,
      ssn: c.ssn,
      reference: usageReference(c.usageId),
      description: c.description,
      cents: c.cents,
      at: c.at.toISOString(),
    })),
  );
  const { rows } = (await tx.execute(sql`
    with input as (
      select * from jsonb_to_recordset(${input}::jsonb) as t(ord int, ssn text, reference text, description text,
        cents int, at timestamptz)
    ),
    b as (
      select ssn, credit_cents from balances where ssn in (select ssn from input) order by ssn for update
    ),
    fresh as (
      select distinct on (i.reference) i.* from input i
      where not exists (select 1 from ledger l where l.reference = i.reference)
        and not exists (select 1 from uncharged_usage u where u.reference = i.reference)
      order by i.reference, i.ord
    ),
    c as (
      select f.*, coalesce(b.credit_cents, 0) as credit,
        coalesce(sum(f.cents) over (partition by f.ssn order by f.ord rows between unbounded preceding and 1 preceding), 0) as before
      from fresh f left join b on b.ssn = f.ssn
    ),
    t as (select c.*, greatest(0, least(c.cents, c.credit - c.before))::int as taken from c),
    l as (
      insert into ledger (ssn, occurred_at, kind, description, credit_delta_cents, reference)
      select ssn, at, ${USAGE_KIND}, description, -taken, reference from t where taken > 0
      on conflict do nothing
      returning reference
    ),
    un as (
      insert into uncharged_usage (reference, ssn, occurred_at, description, cents, recorded_at)
      select reference, ssn, at, description, cents - taken, ${now.toISOString()}::timestamptz from t where cents > taken
      on conflict do nothing
      returning reference
    ),
    s as (select t.ssn, sum(t.taken)::int as taken from t join l on l.reference = t.reference group by t.ssn),
    u as (
      update balances x set credit_cents = x.credit_cents - s.taken, updated_at = ${now.toISOString()}::timestamptz
      from b join s on s.ssn = b.ssn
      where x.ssn = b.ssn
      returning x.ssn, x.credit_cents
    )
    select input.ord, t.taken, t.cents - t.taken as uncharged, t.ord is null as already,
      coalesce(u.credit_cents, b.credit_cents, 0) as credit_after, coalesce(b.credit_cents, 0) as credit_before
    from input
    left join t on t.ord = input.ord
    left join b on b.ssn = input.ssn
    left join u on u.ssn = input.ssn
    order by input.ord
  `)) as unknown as { rows: Record<string, unknown>[] };
  return rows.map((r) => ({
    takenCents: Number(r['taken'] ?? 0),
    uncharged: Number(r['uncharged'] ?? 0),
    creditAfter: Number(r['credit_after']),
    creditBefore: Number(r['credit_before']),
    already: r['already'] === true || r['already'] === 't',
  }));
}
