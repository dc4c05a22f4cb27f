import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { expect, it } from 'vitest';
import * as schema from '../../../src/server/db/schema.ts';
import { createMember } from '../support/builders.ts';
import { forEachDatabase, type TestContext } from '../support/harness.ts';

const TABLES = (Object.values(schema) as unknown[])
  .filter((v): v is PgTable => is(v, PgTable))
  .map((table) => getTableName(table));

/** Every product table's rows, as one text each (their order fixed), and every sequence's place. */
async function stateOf(c: TestContext): Promise<Record<string, string>> {
  const state: Record<string, string> = {};
  for (const table of TABLES) {
    const { rows } = (await c.handle.db.execute(
      sql.raw(`select coalesce(string_agg(r::text, '|' order by r::text), '') as rows from "${table}" r`),
    )) as unknown as { rows: { rows: string }[] };
    state[table] = rows[0]!.rows;
  }
  const { rows } = (await c.handle.db.execute(
    sql`select sequencename as name, coalesce(last_value, 0)::text as value from pg_sequences where schemaname = 'public'`,
  )) as unknown as { rows: { name: string; value: string }[] };
  for (const { name, value } of rows) state[`sequence ${name}`] = value;
  return state;
}

/**
 * Each API test starts from the seed as the factory made it (support/snapshot.ts puts it back
 * before every test): what one test writes, and the ids it takes, are gone for the next.
 */
forEachDatabase('test_isolation', (ctx) => {
  let seeded: Record<string, string> | undefined;
  let firstId = 0;

  it('a test writes: a member made, signed in, with a SIM and its rows', async () => {
    seeded = await stateOf(ctx());
    const m = await createMember(ctx(), { creditCents: 500 });
    firstId = m.userId;
    const after = await stateOf(ctx());
    const changed = Object.keys(after).filter((k) => after[k] !== seeded![k]);
    expect(changed).toEqual(expect.arrayContaining(['members', 'sims', 'sessions', 'sequence members_id_seq']));
  });

  it('the next test finds every table and sequence as the seed left them, and the same ids free', async (test) => {
    // Only where the harness copies the seed back: a test database's user that is not a superuser gets
    // the factory's seed again before every test (support/snapshot.ts), its password hashes salted anew.
    const { rows } = (await ctx().handle.db.execute(
      sql`select current_setting('is_superuser') as superuser`,
    )) as unknown as { rows: { superuser: string }[] };
    if (rows[0]?.superuser !== 'on') test.skip();
    expect(await stateOf(ctx())).toEqual(seeded);
    expect((await createMember(ctx(), { creditCents: 500 })).userId).toBe(firstId);
  });
});
