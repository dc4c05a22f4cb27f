import { and, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { expect, it } from 'vitest';
import type { Database } from '../../../src/server/db/client.ts';
import { withPlannedRows } from '../../../src/server/db/rows.ts';
import { balances, members, memberships, products, sessions, sims, vaults } from '../../../src/server/db/schema.ts';
import { createMember } from '../../../src/server/seed/members.ts';
import { forEachDatabase } from '../support/harness.ts';

// Selects shaped as the hot reads are (db/rows.ts): whole tables and picked columns in nested
// objects, left joins that find a row and that find none, a table joined twice, a subquery's
// columns, and SQL fields with and without a decoder (`mapWith`), timestamps and JSON.
const queued = alias(memberships, 'queued');
const joined = (db: Database, name: string) =>
  db
    .select({
      ssn: sims.ssn,
      balance: { creditCents: balances.creditCents },
      safeKb: vaults.balanceKb,
      current: memberships,
      product: { name: products.name, fupKb: products.fupKb },
      queuedStartsAt: queued.startsAt,
      memberships: sql<number>`(select count(*) from ${memberships} c where c.ssn = ${sims.ssn})`.mapWith(Number),
      list: sql<
        unknown[]
      >`(select coalesce(json_agg(json_build_array(c.sku, c.starts_at)), '[]'::json) from ${memberships} c where c.ssn = ${sims.ssn})`,
    })
    .from(sims)
    .leftJoin(balances, eq(balances.ssn, sims.ssn))
    .leftJoin(vaults, eq(vaults.ssn, sims.ssn))
    .leftJoin(memberships, and(eq(memberships.ssn, sims.ssn), eq(memberships.status, 'current')))
    .leftJoin(products, eq(products.sku, memberships.sku))
    .leftJoin(queued, and(eq(queued.ssn, sims.ssn), eq(queued.status, 'queued')))
    .where(sql`${sims.ssn} = any(${sql.placeholder('ssns')}::text[])`)
    .orderBy(sims.ssn)
    .prepare(name);

const fromSubquery = (db: Database, name: string) => {
  const open = db
    .select({ id: sessions.id, memberId: sessions.memberId, createdAt: sessions.createdAt })
    .from(sessions)
    .where(isNull(sessions.endedAt))
    .as('open_sessions');
  return db
    .select({ session: { id: open.id, createdAt: open.createdAt }, member: members })
    .from(open)
    .innerJoin(members, eq(members.id, open.memberId))
    .orderBy(open.id)
    .prepare(name);
};

forEachDatabase('planned-rows', { seed: 'catalogue' }, (ctx) => {
  it('maps a prepared select’s rows as drizzle does: nested objects, decoders, and null for a join that found nothing', async () => {
    const { db } = ctx().handle;
    const now = ctx().clock.now;
    const full = await createMember(db, now, {
      creditCents: 1234,
      membership: { sku: 'BDDT00', daysLeft: 9, usedGb: 2, queued: 'BDDT00' },
    });
    const bare = await createMember(db, now, { creditCents: 0 });
    const ssns = [full.ssn, bare.ssn];

    const planned = withPlannedRows(joined(db, 'planned_rows_joined'));
    expect(planned).toHaveProperty('customResultMapper');
    const ours = await planned.execute({ ssns });
    const drizzles = await joined(db, 'drizzle_rows_joined').execute({ ssns });
    expect(ours).toEqual(drizzles);
    // What the comparison covers: one SIM with all its joins found, one with none but its balance.
    const joinsFound = (ssn: string) => {
      const r = ours.find((row) => row.ssn === ssn)!;
      return [r.current !== null, r.product !== null, r.queuedStartsAt !== null, r.balance !== null];
    };
    expect(joinsFound(full.ssn)).toEqual([true, true, true, true]);
    expect(joinsFound(bare.ssn)).toEqual([false, false, false, true]);
    expect(ours.find((r) => r.ssn === full.ssn)!.current!.startsAt).toBeInstanceOf(Date);
    expect(typeof ours[0]!.memberships).toBe('number');

    await db.insert(sessions).values(
      [full, bare].map((m, i) => ({
        memberId: m.memberId,
        tokenHash: `planned-rows-${i}`,
        bindingHash: `binding-${i}`,
        createdAt: now,
        lastUsedAt: now,
      })),
    );
    const sessionsOurs = await withPlannedRows(fromSubquery(db, 'planned_rows_sub')).execute();
    expect(sessionsOurs.length).toBeGreaterThanOrEqual(2);
    expect(sessionsOurs).toEqual(await fromSubquery(db, 'drizzle_rows_sub').execute());
  });
});
