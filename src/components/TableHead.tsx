/** A column's heading: its text, and for a column of figures its cells' class (right-aligned). */
export type Column = string | { label: string; className: 'num' | 'amount' };

/** A table's head row: one heading a column, each scoped to its column for a screen reader. */
export function TableHead({ columns }: { columns: readonly Column[] }) {
  return (
    <thead>
      <tr>
        {columns.map((c) =>
          typeof c === 'string' ? (
            <th key={c} scope="col">
              {c}
            </th>
          ) : (
            <th key={c.label} scope="col" className={c.className}>
              {c.label}
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}
