import { describe, expect, it } from 'vitest';
import { clockTime, euro, longDateOf } from './format.ts';

describe('format', () => {
  it('shows cents as euro', () => {
    expect(euro(1299)).toBe('€12.99');
    expect(euro(0)).toBe('€0.00');
  });
  it('shows a long Irish date', () => {
    expect(longDateOf(new Date('2026-10-14T12:00:00Z'))).toBe('14 October 2026');
  });
});

describe('clockTime', () => {
  it('is the time of day in Irish time, summer and winter', () => {
    expect(clockTime('2026-11-24T14:05:00Z')).toBe('14:05');
    expect(clockTime('2026-07-01T09:30:00Z')).toBe('10:30');
  });
});
