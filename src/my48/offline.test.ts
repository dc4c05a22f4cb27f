import { describe, expect, it } from 'vitest';
import { asOfText } from './offline.ts';

describe('the offline banner’s time', () => {
  it('says the time and day of the figures in Irish time (docs/product/phone.md: "14:05, 23 November")', () => {
    expect(asOfText('2026-11-23T14:05:00Z')).toBe('14:05, 23 November');
    // Summer time: an hour ahead of UTC, and past midnight the next day.
    expect(asOfText('2026-07-01T23:30:00Z')).toBe('00:30, 2 July');
  });
  it('a copy without its time says so plainly', () => {
    expect(asOfText('')).toBe('your last visit');
  });
});
