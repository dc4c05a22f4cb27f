import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, customType, integer, serial, timestamp } from 'drizzle-orm/pg-core';

/** A SQL list of these values, for a check or an index (the lists come from the contract, said once). */
export const valuesOf = (values: readonly string[]) =>
  sql.raw(`(${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ')})`);

/** A check that a column holds one of these values. */
export const oneOf = (name: string, column: AnyPgColumn, values: readonly string[]) =>
  check(name, sql`${column} in ${valuesOf(values)}`);

/** A point in time, with its zone, read as a Date. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Raw bytes (an attachment's content). */
export const bytes = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** A row's own number, given by the database: every table with one spells it so. */
export const rowId = () => serial('id').primaryKey();

/** When a row was made: every table that keeps one spells it so. */
export const createdAt = () => ts('created_at').notNull();

/** A row that is part of another (a line of a household, a message of a chat): not null, gone with its parent. */
export const partOf = (name: string, parent: () => AnyPgColumn) =>
  integer(name).notNull().references(parent, { onDelete: 'cascade' });
