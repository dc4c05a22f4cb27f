import { expect, it } from 'vitest';
import { irishDayAfter } from './seed.ts';

it('counts Irish calendar days across the end of summer time (seeding at 23:30 UTC on 22 November failed on 25 October twice)', () => {
  const now = new Date('2026-11-22T23:30:00Z');
  const days = Array.from({ length: 30 }, (_, i) => irishDayAfter(now, -29 + i));
  expect(new Set(days).size).toBe(30);
  expect(days[0]).toBe('2026-10-24');
  expect(days[29]).toBe('2026-11-22');
  // Just after midnight in summer time the Irish day is already the next one.
  expect(irishDayAfter(new Date('2026-07-01T23:30:00Z'), 0)).toBe('2026-07-02');
});
