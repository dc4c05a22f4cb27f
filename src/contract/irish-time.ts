/**
 * Irish time, said once: every date a member reads and every day or month a rule counts is in this
 * zone (the server's clock is UTC). Formatters are made on first use, once for each set of options.
 * The server and the contract use this module; the browser's screens keep their formatter beside
 * them, because a shared module is a chunk of its own on every island page that formats a date
 * (0.15 KB gzip, which the island pages' budgets do not have).
 */
export const IRISH_ZONE = 'Europe/Dublin';

const made = new Map<string, Intl.DateTimeFormat>();

/** A formatter of Irish time with these options ('en-IE' words unless another locale is asked for). */
export function irishFormat(options: Intl.DateTimeFormatOptions, locale = 'en-IE'): Intl.DateTimeFormat {
  const key = `${locale}${JSON.stringify(options)}`;
  let format = made.get(key);
  if (!format) made.set(key, (format = new Intl.DateTimeFormat(locale, { ...options, timeZone: IRISH_ZONE })));
  return format;
}

let day: Intl.DateTimeFormat | undefined;
/** The Irish calendar day of an instant, YYYY-MM-DD (on hot paths: its formatter held, not looked up). */
export const irishDayOf = (at: Date): string =>
  (day ??= irishFormat({ year: 'numeric', month: '2-digit', day: '2-digit' }, 'en-CA')).format(at);

/** The Irish calendar month of an instant, YYYY-MM (once-a-month rules count in it). */
export const irishMonthOf = (at: Date): string => irishDayOf(at).slice(0, 7);

/** The Irish hour of an instant, 0 to 23 (jobs that run only at night). */
export const irishHourOf = (at: Date): number => Number(irishFormat({ hour: 'numeric', hourCycle: 'h23' }).format(at));
