/** The calendar month, in Irish time, that once-a-month rules count in ("2026-11"). */
const monthFormat = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Dublin', year: 'numeric', month: '2-digit' });
const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Dublin', year: 'numeric', month: '2-digit', day: '2-digit' });

export function monthOf(date: Date): string {
  return monthFormat.format(date);
}

/** The calendar day in Irish time ("2026-11-22"). */
export function dayOf(date: Date): string {
  return dayFormat.format(date);
}
