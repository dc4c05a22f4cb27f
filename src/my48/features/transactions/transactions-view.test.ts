import { describe, expect, it } from 'vitest';
import type { Transaction } from '../../../contract/transactions.schema.ts';
import { linesOf } from './transactions-view.ts';

let id = 0;
const tx = (date: string, description: string, amount: number, usage = true): Transaction => ({
  id: ++id,
  date,
  description,
  amount,
  card_amount: 0,
  data_kb: 0,
  receipt: !usage,
  usage,
});

describe('the transactions table', () => {
  it('folds three or more uses of one kind on one Irish day into a line with their count and total', () => {
    const lines = linesOf([
      tx('2026-11-28T22:10:00Z', 'Calls', -20),
      tx('2026-11-28T21:10:00Z', 'Calls', -20),
      tx('2026-11-28T20:10:00Z', 'Calls', -40),
      tx('2026-11-28T19:10:00Z', 'Texts', -10),
      tx('2026-11-28T18:10:00Z', 'Texts', -10),
      tx('2026-11-28T12:00:00Z', 'Top-up', 1000, false),
      // 23:30 on the 27th in UTC is 23:30 in Dublin (winter): another day from the 28th's.
      tx('2026-11-28T00:30:00Z', 'Data', -5),
      tx('2026-11-27T23:30:00Z', 'Data', -5),
      tx('2026-11-27T22:30:00Z', 'Data', -5),
    ]);
    expect(
      lines.map((l) => (l.kind === 'uses' ? `${l.description} ×${l.count} ${l.amount} ${l.day}` : l.t.description)),
    ).toEqual(['Calls ×3 -80 2026-11-28', 'Texts', 'Texts', 'Top-up', 'Data', 'Data', 'Data']);
  });

  it('never folds movements that are not use, however alike', () => {
    const same = Array.from({ length: 4 }, () => tx('2026-11-28T10:00:00Z', 'Credit top-up', 500, false));
    expect(linesOf(same).every((l) => l.kind === 'one')).toBe(true);
  });
});
