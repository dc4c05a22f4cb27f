import { count, gte, sql, sum } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import type { CreditsReader } from '../../network/index.ts';
import { unchargedUsage } from '../../../db/schema.ts';

/** Use credit could not pay for, all told (for /panda/ready): how many uses, and how much. */
export async function unchargedState(q: Queryable): Promise<{ uncharged: number; uncharged_cents: number }> {
  const [row] = await q.select({ n: count(), cents: sum(unchargedUsage.cents) }).from(unchargedUsage);
  return { uncharged: row?.n ?? 0, uncharged_cents: Number(row?.cents ?? 0) };
}

/** What the network's nightly reconciliation reads: the portal's credit by number, and what use went unpaid. */
export const creditsForReconciliation: CreditsReader = {
  credits: async (q) => {
    const { rows } = (await q.execute(
      sql`select s.msisdn, b.credit_cents as cents from sims s join balances b on b.ssn = s.ssn
        where s.msisdn is not null and s.status <> 'inactive' order by s.msisdn`,
    )) as unknown as { rows: { msisdn: string; cents: number | string }[] };
    return rows.map((r) => ({ msisdn: r.msisdn, cents: Number(r.cents) }));
  },
  uncharged: async (q, since) => {
    const [row] = await q
      .select({ n: count(), cents: sum(unchargedUsage.cents) })
      .from(unchargedUsage)
      .where(gte(unchargedUsage.recordedAt, since));
    return { uses: row?.n ?? 0, cents: Number(row?.cents ?? 0) };
  },
};
