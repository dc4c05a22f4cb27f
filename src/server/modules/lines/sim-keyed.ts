import { eq, getTableColumns, is } from 'drizzle-orm';
import { getTableConfig, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client.ts';
import * as schema from '../../db/schema.ts';

export interface SimColumn {
  table: PgTable;
  /** The column's property name in the schema (what drizzle's `set` takes). */
  key: string;
  column: PgColumn;
}

/**
 * Every column that keys a row by a SIM: each foreign key to `sims.ssn`, read from the schema
 * itself, so a new table keyed by a SIM is moved with the number without anyone remembering to.
 */
export const simKeyedColumns: readonly SimColumn[] = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable) && value !== schema.sims)
  .flatMap((table): SimColumn[] => {
    const columns = Object.entries(getTableColumns(table));
    return getTableConfig(table).foreignKeys.flatMap((fk) => {
      const ref = fk.reference();
      if (ref.foreignTable !== schema.sims || ref.foreignColumns[0]?.name !== schema.sims.ssn.name) return [];
      return ref.columns.map((column) => {
        const key = columns.find(([, c]) => c === column)?.[0];
        if (!key) throw new Error(`${getTableConfig(table).name}.${column.name} is not a column of its table`);
        return { table, key, column };
      });
    });
  });

/**
 * Columns named like a SIM's that do not follow the number, each with why: a card's own record.
 * (tests/api/reliability/trust.test.ts fails for a SIM column that is in neither list.)
 */
export const simColumnsThatStay: Readonly<Record<string, string>> = {
  'sim_stock.ssn': 'a card not yet any member’s: the stock, not a number',
  'recruits.sim_ssn': 'the card that was posted to the friend, as the recruiter follows it',
  'line_changes.ssn':
    'the SIM that had the number right after a change the member was told of: a record of that change',
  'locked_changes.ssn':
    'the SIM a change asked for under the number lock moves from: if the number leaves it first, the change ends',
  'locked_changes.new_ssn': 'the card from stock a change asked for under the number lock moves to',
  'staff_money.ssn':
    'the SIM a person of 48 gave credit to: a record of that move (its ledger row moves with the number)',
};

/**
 * Points every row keyed by the old SIM at the new one (inside the caller's transaction), and the
 * line's orders to the network with them (not a foreign key: the network's record outlives a
 * deleted SIM), so a bar standing on the number is found, and lifted, from the new SIM.
 */
export async function moveSimRows(tx: Queryable, from: string, to: string): Promise<void> {
  for (const { table, key, column } of simKeyedColumns) {
    await tx
      .update(table)
      .set({ [key]: to })
      .where(eq(column, from));
  }
  await tx.update(schema.networkOrders).set({ line: to }).where(eq(schema.networkOrders.line, from));
}
