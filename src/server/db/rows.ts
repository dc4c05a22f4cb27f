import { Column, getTableName, is, SQL, Subquery } from 'drizzle-orm';

/** What drizzle's prepared select keeps of its fields: each column's place in the answer, in the row's order. */
interface SelectedField {
  path: string[];
  field: unknown;
}
interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}
/** The parts of a drizzle prepared select (node-postgres and PGlite alike) that map its rows. */
interface PreparedSelect {
  fields?: SelectedField[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown[];
}

const decoderOf = (field: unknown): Decoder =>
  is(field, Column)
    ? field
    : is(field, SQL)
      ? (field as unknown as { decoder: Decoder }).decoder
      : is(field, Subquery)
        ? (field as unknown as { _: { sql: { decoder: Decoder } } })._.sql.decoder
        : (field as { sql: { decoder: Decoder } }).sql.decoder;

/**
 * A prepared select's rows mapped by a plan made once from its fields, in place of drizzle's own
 * mapper, which for every column of every row asks again what kind of field it is, walks its path
 * with an iterator and looks up its table's name: on the session check and the balance summary
 * (45 columns a row, read on every visit) that was the largest piece of the server's own work
 * after the socket writes (docs/performance.md).
 *
 * The answer is drizzle's to the letter: each value decoded by its column (or `mapWith`), nested
 * objects by their paths, and a left-joined table's object null when its first column is null
 * (drizzle's rule for a join that found nothing). Anything else (a relational query, with its own
 * mapper) is left as it is.
 */
export function withPlannedRows<Q>(query: Q): Q {
  const q = query as PreparedSelect;
  const { fields, joinsNotNullableMap: notNullable } = q;
  if (!Array.isArray(fields) || !notNullable || q.customResultMapper) return query;

  const plan = fields.map(({ path, field }) => ({ path, last: path[path.length - 1]!, decoder: decoderOf(field) }));
  // The joined tables' objects that a null first column makes null (drizzle's nullify rule).
  const objects = new Map<string, { first: number; table: string; mixed: boolean }>();
  fields.forEach(({ path, field }, index) => {
    if (!is(field, Column) || path.length !== 2) return;
    const table = getTableName(field.table);
    const seen = objects.get(path[0]!);
    if (!seen) objects.set(path[0]!, { first: index, table, mixed: false });
    else if (seen.table !== table) seen.mixed = true;
  });
  const nullable = [...objects]
    .filter(([, o]) => !o.mixed && !notNullable[o.table])
    .map(([name, o]) => ({ name, first: o.first }));

  const mapRow = (row: unknown[]) => {
    const result: Record<string, unknown> = {};
    for (let i = 0; i < plan.length; i++) {
      const { path, last, decoder } = plan[i]!;
      let node = result;
      for (let j = 0; j < path.length - 1; j++) node = (node[path[j]!] ??= {}) as Record<string, unknown>;
      const raw = row[i];
      node[last] = raw === null ? null : decoder.mapFromDriverValue(raw);
    }
    for (const { name, first } of nullable) if (row[first] === null) result[name] = null;
    return result;
  };
  q.customResultMapper = (rows) => rows.map(mapRow);
  return query;
}
