import { easterSunday } from '../../contract/referrals.schema.ts';

/**
 * Irish working days (docs/product/customer-care.md "Working days"): Monday to Friday but the public holidays,
 * the complaints code's deadlines count in them. Days are Irish calendar days as "YYYY-MM-DD".
 */

const DAY_MS = 86_400_000;
const utc = (day: string) => new Date(`${day}T00:00:00Z`);
const iso = (date: Date) => date.toISOString().slice(0, 10);
const plus = (day: string, days: number) => iso(new Date(utc(day).getTime() + days * DAY_MS));
/** 0 Sunday … 6 Saturday. */
const weekday = (day: string) => utc(day).getUTCDay();
const isWeekend = (day: string) => weekday(day) === 0 || weekday(day) === 6;
const pad = (n: number) => String(n).padStart(2, '0');
const dayOfYear = (year: number, month: number, date: number) => `${year}-${pad(month)}-${pad(date)}`;

/** The first Monday of a month (weekday 1), or the last when `last`. */
function monday(year: number, month: number, last = false): string {
  if (!last) {
    const first = dayOfYear(year, month, 1);
    return plus(first, (8 - weekday(first)) % 7);
  }
  const end = iso(new Date(Date.UTC(year, month, 0)));
  return plus(end, -((weekday(end) + 6) % 7));
}

/**
 * The public holidays of a year, as the days off they give (a table a person can read: name and
 * day). A fixed-date holiday on a weekend gives the next weekday not already a holiday.
 */
export function publicHolidays(year: number): { day: string; name: string }[] {
  const feb1 = dayOfYear(year, 2, 1);
  const movable = [
    { day: weekday(feb1) === 5 ? feb1 : monday(year, 2), name: "St Brigid's Day" },
    { day: plus(easterSunday(year), 1), name: 'Easter Monday' },
    { day: monday(year, 5), name: 'May Day' },
    { day: monday(year, 6), name: 'June Bank Holiday' },
    { day: monday(year, 8), name: 'August Bank Holiday' },
    { day: monday(year, 10, true), name: 'October Bank Holiday' },
  ];
  const fixed = [
    { day: dayOfYear(year, 1, 1), name: "New Year's Day" },
    { day: dayOfYear(year, 3, 17), name: "St Patrick's Day" },
    { day: dayOfYear(year, 12, 25), name: 'Christmas Day' },
    { day: dayOfYear(year, 12, 26), name: "St Stephen's Day" },
  ];
  const taken = new Set(movable.map((h) => h.day));
  const moved = fixed.map(({ day, name }) => {
    let off = day;
    while (isWeekend(off) || taken.has(off)) off = plus(off, 1);
    taken.add(off);
    return { day: off, name };
  });
  return [...movable, ...moved].sort((a, b) => a.day.localeCompare(b.day));
}

const holidays = new Map<number, Set<string>>();
function isHoliday(day: string): boolean {
  const year = Number(day.slice(0, 4));
  let days = holidays.get(year);
  if (!days) holidays.set(year, (days = new Set(publicHolidays(year).map((h) => h.day))));
  return days.has(day);
}

export const isWorkingDay = (day: string) => !isWeekend(day) && !isHoliday(day);

/** Working day `n` after `received`: day 1 is the first working day after the day of receipt. */
export function workingDayAfter(received: string, n: number): string {
  let day = received;
  for (let counted = 0; counted < n;) {
    day = plus(day, 1);
    if (isWorkingDay(day)) counted += 1;
  }
  return day;
}

/** How many working days have begun since `received`, up to and including `today` (0 on the day itself). */
export function workingDaysSince(received: string, today: string): number {
  let count = 0;
  for (let day = plus(received, 1); day <= today; day = plus(day, 1)) if (isWorkingDay(day)) count += 1;
  return count;
}

/** The working day `n` working days before `day` (the demo seed dates its complaints so). */
export function workingDayBefore(day: string, n: number): string {
  let at = day;
  for (let counted = 0; counted < n;) {
    at = plus(at, -1);
    if (isWorkingDay(at)) counted += 1;
  }
  return at;
}

/**
 * Whether a day is closed for euro payments (TARGET, the Eurosystem's settlement calendar): weekends,
 * New Year's Day, Good Friday, Easter Monday, 1 May, Christmas Day and 26 December.
 */
function targetClosed(day: string): boolean {
  if (isWeekend(day)) return true;
  const year = Number(day.slice(0, 4));
  const easter = easterSunday(year);
  const md = day.slice(5);
  return (
    md === '01-01' ||
    md === '05-01' ||
    md === '12-25' ||
    md === '12-26' ||
    day === plus(easter, -2) ||
    day === plus(easter, 1)
  );
}

/**
 * The banking day a SEPA credit transfer asked on `day` can be executed (its `ReqdExctnDt`): that day
 * or the next one that is an Irish working day (the paying bank's) and open for euro payments (TARGET).
 */
export function bankingDayFrom(day: string): string {
  let at = day;
  while (!isWorkingDay(at) || targetClosed(at)) at = plus(at, 1);
  return at;
}
