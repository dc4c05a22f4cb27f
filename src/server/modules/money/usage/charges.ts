import { sql, type SQL } from 'drizzle-orm';
import type { UseKind } from '../../../../contract/usage.ts';
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
  /** What it was, kept on its ledger row (spend by kind). */
  useKind: UseKind;
}

/** What became of one charge: what credit paid, what it could not (recorded uncharged), the credit after. */
export interface Charged {
  /** Taken from credit now (0 for a use charged already: a replay under another event). */
  takenCents: number;
  uncharged: number;
  /** The SIM's credit after every charge of the statement, and before them. */
  creditAfter: number;
  creditBefore: number;
  /** Whether the use was charged already (its cause in the ledger or the uncharged before). */
  already: boolean;
}

/**
 * Use paid from credit (docs/product/money.md), as common table expressions a counting statement
 * ends with, so that a use is counted and charged in one statement (one commit, no transaction to
 * open): the uses of `source` (a CTE with `ord`, `ssn`, `reference`, `description`, `use_kind`, `cents`, `at`),
 * each SIM's balance locked, each use in order taking what it costs or what is left (credit never
 * goes below zero), one ledger row per use (`usage:<id>`, unique: once however often it comes), what
 * credit could not pay recorded uncharged, and each SIM's credit changed once by the sum, a relative
 * update. `charge_t` answers each use (`ord`, `taken`, `cents`), `charge_u` and `charge_b` each SIM's
 * credit after and before (a SIM charged nothing new keeps `charge_b`'s).
 */
export function chargeCtes(source: string, now: Date): SQL {
  const src = sql.raw(source);
  const at = now.toISOString();
  return sql`
    charge_b as (
      select ssn, credit_cents from balances where ssn in (select ssn from ${src} where cents > 0)
      order by ssn for update
    ),
    charge_fresh as (
      select distinct on (i.reference) i.* from ${src} i
      where i.cents > 0
        and not exists (select 1 from ledger l where l.reference = i.reference)
        and not exists (select 1 from uncharged_usage u where u.reference = i.reference)
      order by i.reference, i.ord
    ),
    charge_t as (
      select c.ord, c.ssn, c.reference, c.description, c.use_kind, c.at, c.cents,
        greatest(0, least(c.cents, coalesce(b.credit_cents, 0) - coalesce(sum(c.cents) over (partition by c.ssn
          order by c.ord rows between unbounded preceding and 1 preceding), 0)))::int as taken
      from charge_fresh c left join charge_b b on b.ssn = c.ssn
    ),
    charge_l as (
      insert into ledger (ssn, occurred_at, kind, description, credit_delta_cents, reference, use_kind)
      select ssn, at, ${USAGE_KIND}, description, -taken, reference, use_kind from charge_t where taken > 0
      on conflict do nothing
      returning reference
    ),
    charge_un as (
      insert into uncharged_usage (reference, ssn, occurred_at, description, cents, recorded_at)
      select reference, ssn, at, description, cents - taken, ${at}::timestamptz from charge_t where cents > taken
      on conflict do nothing
      returning reference
    ),
    charge_s as (
      select t.ssn, sum(t.taken)::int as taken from charge_t t join charge_l l on l.reference = t.reference
      group by t.ssn
    ),
    charge_u as (
      update balances x set credit_cents = x.credit_cents - s.taken, updated_at = ${at}::timestamptz
      from charge_b b join charge_s s on s.ssn = b.ssn
      where x.ssn = b.ssn
      returning x.ssn, x.credit_cents
    )`;
}

/** What the statement answers of a charge row (`taken`, `cents`, `credit_after`, `credit_before`), read back. */
export const chargedOf = (row: Record<string, unknown>): Charged => ({
  takenCents: Number(row['taken'] ?? 0),
  uncharged: row['taken'] === null || row['taken'] === undefined ? 0 : Number(row['cents']) - Number(row['taken']),
  creditAfter: Number(row['credit_after'] ?? 0),
  creditBefore: Number(row['credit_before'] ?? 0),
  already: row['taken'] === null || row['taken'] === undefined,
});

/** Uses charged on their own (abroad, each in its event's transaction): the same statements as at home. */
export async function chargeUses(tx: Queryable, now: Date, charges: UseCharge[]): Promise<Charged[]> {
  if (charges.length === 0) return [];
  const input = JSON.stringify(
    charges.map((c, ord) => ({
      ord,
      ssn: c.ssn,
      reference: usageReference(c.usageId),
      description: c.description,
      use_kind: c.useKind,
      cents: c.cents,
      at: c.at.toISOString(),
    })),
  );
  const { rows } = (await tx.execute(sql`
    with charge_in as (
      select * from jsonb_to_recordset(${input}::jsonb) as t(ord int, ssn text, reference text, description text,
        use_kind text, cents int, at timestamptz)
    ),
    ${chargeCtes('charge_in', now)}
    select charge_in.ord, charge_t.taken, charge_t.cents,
      coalesce(charge_u.credit_cents, charge_b.credit_cents, 0) as credit_after, charge_b.credit_cents as credit_before
    from charge_in
    left join charge_t on charge_t.ord = charge_in.ord
    left join charge_b on charge_b.ssn = charge_in.ssn
    left join charge_u on charge_u.ssn = charge_in.ssn
    order by charge_in.ord
  `)) as unknown as { rows: Record<string, unknown>[] };
  return rows.map(chargedOf);
}
