import type { Transaction } from '../../../contract/transactions.schema.ts';
import { irishDayOf } from '../../../contract/irish-time.ts';

/** A line of the transactions table: one movement, or many uses of one kind on one day folded into one. */
export type TransactionLine =
  | { kind: 'one'; t: Transaction }
  | {
      kind: 'uses';
      key: string;
      description: string;
      day: string;
      date: string;
      count: number;
      amount: number;
      uses: Transaction[];
    };

/** How many uses of one kind on one day, side by side, make a line of their own (opened to show each). */
export const FOLD_FROM = 3;

/**
 * The page's movements as the table shows them (docs/product/money.md, "Use paid from credit"):
 * use paid from credit (a call, a text, data) that comes many times a day is folded into one line
 * per day and kind, with its count and total, which opens to each use; everything else one by one.
 */
export function linesOf(values: Transaction[]): TransactionLine[] {
  const lines: TransactionLine[] = [];
  let i = 0;
  while (i < values.length) {
    const t = values[i]!;
    const day = irishDayOf(new Date(t.date));
    let j = i + 1;
    if (t.usage)
      while (
        j < values.length &&
        values[j]!.usage &&
        values[j]!.description === t.description &&
        irishDayOf(new Date(values[j]!.date)) === day
      )
        j += 1;
    if (j - i >= FOLD_FROM) {
      const uses = values.slice(i, j);
      lines.push({
        kind: 'uses',
        key: `${day}:${t.description}:${t.id}`,
        description: t.description,
        day,
        date: t.date,
        count: uses.length,
        amount: uses.reduce((sum, u) => sum + u.amount, 0),
        uses,
      });
    } else for (const one of values.slice(i, j)) lines.push({ kind: 'one', t: one });
    i = j;
  }
  return lines;
}
