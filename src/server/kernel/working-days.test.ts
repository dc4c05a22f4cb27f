import { describe, expect, it } from 'vitest';
import { easterSunday } from '../../contract/referrals.schema.ts';
import { bankingDayFrom, isWorkingDay, publicHolidays, workingDayAfter, workingDaysSince } from './working-days.ts';

const daysOf = (year: number) => publicHolidays(year).map((h) => h.day);

describe('Irish public holidays', () => {
  it('Easter Sunday by the computus, and Easter Monday after it', () => {
    expect(['2024', '2025', '2026', '2027'].map((y) => easterSunday(Number(y)))).toEqual([
      '2024-03-31',
      '2025-04-20',
      '2026-04-05',
      '2027-03-28',
    ]);
    expect(daysOf(2026)).toContain('2026-04-06');
  });

  it('2026: ten days off, St Brigid on the first Monday of February, Christmas on a Friday and St Stephen on the Monday', () => {
    expect(publicHolidays(2026)).toEqual([
      { day: '2026-01-01', name: "New Year's Day" },
      { day: '2026-02-02', name: "St Brigid's Day" },
      { day: '2026-03-17', name: "St Patrick's Day" },
      { day: '2026-04-06', name: 'Easter Monday' },
      { day: '2026-05-04', name: 'May Day' },
      { day: '2026-06-01', name: 'June Bank Holiday' },
      { day: '2026-08-03', name: 'August Bank Holiday' },
      { day: '2026-10-26', name: 'October Bank Holiday' },
      { day: '2026-12-25', name: 'Christmas Day' },
      { day: '2026-12-28', name: "St Stephen's Day" },
    ]);
  });

  it('a weekend holiday gives the next weekday not already off: Christmas 2027 on a Saturday', () => {
    const days = daysOf(2027);
    expect(days).toContain('2027-12-27'); // Christmas Day, Saturday → Monday
    expect(days).toContain('2027-12-28'); // St Stephen's Day, Sunday → Tuesday
    expect(days).not.toContain('2027-12-25');
  });

  it('St Brigid’s Day is 1 February when that is a Friday (2030), else the first Monday', () => {
    expect(daysOf(2030)).toContain('2030-02-01');
    expect(daysOf(2027)).toContain('2027-02-01'); // a Monday
    expect(daysOf(2025)).toContain('2025-02-03');
  });
});

describe('working days (day 1 is the first working day after receipt)', () => {
  it('across Christmas and the New Year: received Monday 21 December 2026, day 10 is Thursday 7 January 2027', () => {
    expect(workingDayAfter('2026-12-21', 1)).toBe('2026-12-22');
    expect(workingDayAfter('2026-12-21', 4)).toBe('2026-12-29');
    expect(workingDayAfter('2026-12-21', 10)).toBe('2027-01-07');
    expect(workingDaysSince('2026-12-21', '2027-01-06')).toBe(9);
    expect(workingDaysSince('2026-12-21', '2027-01-07')).toBe(10);
  });

  it('across Easter: received Thursday 2 April 2026, Good Friday works, Easter Monday does not', () => {
    expect(isWorkingDay('2026-04-03')).toBe(true);
    expect(isWorkingDay('2026-04-06')).toBe(false);
    expect(workingDayAfter('2026-04-02', 2)).toBe('2026-04-07');
    expect(workingDayAfter('2026-04-02', 10)).toBe('2026-04-17');
  });

  it('received on a Saturday: day 1 is the Monday; nothing has begun on the day of receipt', () => {
    expect(workingDayAfter('2026-11-28', 1)).toBe('2026-11-30');
    expect(workingDaysSince('2026-11-28', '2026-11-28')).toBe(0);
    expect(workingDaysSince('2026-11-28', '2026-11-29')).toBe(0);
  });
});

describe('banking days for a SEPA transfer (Irish working days, open for euro payments)', () => {
  it('a weekday is its own; a weekend, an Irish holiday and a TARGET closing day move to the next', () => {
    expect(bankingDayFrom('2026-12-07')).toBe('2026-12-07'); // a Monday
    expect(bankingDayFrom('2026-12-05')).toBe('2026-12-07'); // Saturday → Monday
    expect(bankingDayFrom('2026-12-24')).toBe('2026-12-24');
    expect(bankingDayFrom('2026-12-25')).toBe('2026-12-29'); // Christmas, St Stephen's (Saturday), weekend, its Monday off
    expect(bankingDayFrom('2027-03-26')).toBe('2027-03-30'); // Good Friday (TARGET), weekend, Easter Monday
    expect(bankingDayFrom('2026-05-01')).toBe('2026-05-05'); // 1 May (TARGET), weekend, May Day (Irish)
    expect(bankingDayFrom('2026-03-17')).toBe('2026-03-18'); // St Patrick's Day (Irish)
  });
});
