import { describe, expect, it } from 'vitest';
import { irishDayOf, irishHourOf, irishMonthOf } from './irish-time.ts';

describe('Irish time', () => {
  it('an hour, a day and a month in Irish time: UTC in winter, UTC+1 in summer', () => {
    expect(irishHourOf(new Date('2026-01-15T03:30:00Z'))).toBe(3);
    expect(irishHourOf(new Date('2026-07-15T02:30:00Z'))).toBe(3);
    expect(irishHourOf(new Date('2026-07-15T23:30:00Z'))).toBe(0);
    expect(irishDayOf(new Date('2026-07-15T23:30:00Z'))).toBe('2026-07-16');
    expect(irishMonthOf(new Date('2026-07-31T23:30:00Z'))).toBe('2026-08');
  });
});
