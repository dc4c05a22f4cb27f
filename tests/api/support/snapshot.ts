import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../../src/server/db/client.ts';
import * as schema from '../../../src/server/db/schema.ts';

/**
 * The seeded state of an API test file's database, kept beside it and put back before every test.
 *
 * The factory seeds once per file (src/server/seed/seed.ts, the same factory the product's seed uses);
 * its rows are copied to a schema of their own, and each test starts from a copy of them: every table
 * of the product emptied and refilled, every sequence set back, in one statement. Emptying a hundred
 * tables with TRUNCATE and seeding through the factory again cost about a second a test on the 2-core
 * CI machine (most of the API suite's time); the copy costs a few milliseconds.
 */
const TABLES = (Object.values(schema) as unknown[])
  .filter((v): v is PgTable => is(v, PgTable))
  .map((table) => getTableName(table));

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
/** A statement's rows (node-postgres and PGlite answer `{ rows }` alike). */
const rowsOf = async <T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * Copies what the database holds now into `snapshot_<kind>` and writes the function that restores it.
 * False, with nothing copied, where the test database's user may not set session_replication_role
 * (not a superuser): the harness then seeds through the factory before every test, as it used to.
 */
export async function takeSnapshot(db: Database, kind: string): Promise<boolean> {
  const [role] = await rowsOf<{ superuser: string }>(db, sql`select current_setting('is_superuser') as superuser`);
  if (role?.superuser !== 'on') return false;
  const keep = ident(`snapshot_${kind}`);
  await db.execute(sql.raw(`drop schema if exists ${keep} cascade`));
  await db.execute(sql.raw(`create schema ${keep}`));
  // Columns a row may be given: not the stored generated ones (the database computes those again).
  const columns = await rowsOf<{ table_name: string; column_name: string }>(
    db,
    sql`
    select table_name, column_name from information_schema.columns
    where table_schema = 'public' and is_generated = 'NEVER'
    order by table_name, ordinal_position`,
  );
  const byTable = new Map<string, string[]>();
  for (const { table_name, column_name } of columns)
    byTable.set(table_name, [...(byTable.get(table_name) ?? []), ident(column_name)]);

  const refills: string[] = [];
  for (const table of TABLES) {
    const [count] = await rowsOf<{ n: number }>(db, sql.raw(`select count(*)::int as n from public.${ident(table)}`));
    if (count!.n === 0) continue;
    const cols = byTable.get(table)!.join(', ');
    await db.execute(sql.raw(`create table ${keep}.${ident(table)} as select ${cols} from public.${ident(table)}`));
    refills.push(
      `insert into public.${ident(table)} (${cols}) overriding system value select ${cols} from ${keep}.${ident(table)};`,
    );
  }
  const sequences = await rowsOf<{ name: string; value: string | null }>(
    db,
    sql`
    select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public'`,
  );
  const setvals = sequences.map(({ name, value }) =>
    value === null
      ? `perform setval('public.${ident(name)}', 1, false);`
      : `perform setval('public.${ident(name)}', ${Number(value)}, true);`,
  );
  // Foreign keys and triggers are not checked while it runs (session_replication_role = replica, for
  // this transaction only): the rows were consistent when copied, and the order of the tables is free.
  await db.execute(
    sql.raw(`create function ${keep}.restore() returns void language plpgsql as $restore$
begin
  perform set_config('session_replication_role', 'replica', true);
  ${TABLES.map((table) => `delete from public.${ident(table)};`).join('\n  ')}
  ${refills.join('\n  ')}
  ${setvals.join('\n  ')}
  perform set_config('session_replication_role', 'origin', true);
end
$restore$`),
  );
  return true;
}

/** True when the database holds a snapshot of that kind (a file's first test takes it). */

/** Puts the database back to the snapshot: every product table as it was when taken. */
export async function restoreSnapshot(db: Database, kind: string): Promise<void> {
  await db.execute(sql.raw(`select ${ident(`snapshot_${kind}`)}.restore()`));
}
