import { irishDayOf, irishFormat, irishMonthOf } from '../../contract/irish-time.ts';

/** The calendar month, in Irish time, that once-a-month rules count in ("2026-11"). */
export const monthOf = (date: Date): string => irishMonthOf(date);

/** The calendar day in Irish time ("2026-11-22"). */
export const dayOf = (date: Date): string => irishDayOf(date);

const offsetFormat = irishFormat({ timeZoneName: 'longOffset' }, 'en-US');
/** Midnight at the start of the Irish day of `date`, as an instant (daily limits count from it). */
export function dayStartOf(date: Date): Date {
  const midnightUtc = new Date(`${dayOf(date)}T00:00:00Z`);
  // The offset in force at that midnight (GMT+01:00 in summer, GMT in winter).
  const name = offsetFormat.formatToParts(midnightUtc).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  const offsetMs = m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) * 60_000 : 0;
  return new Date(midnightUtc.getTime() - offsetMs);
}

/** The instant an Irish day given as YYYY-MM-DD begins, or the day `after` days later's (a range's end). */
export const startOfIrishDay = (day: string, after = 0): Date =>
  dayStartOf(new Date(Date.parse(`${day}T12:00:00Z`) + after * 86_400_000));
