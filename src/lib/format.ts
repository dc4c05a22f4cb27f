import { KB_PER_GB } from '../contract/constants.ts';

/** Formatters shared by pages and islands (spec section 9 display rules grow here). */

import { euro, formatMsisdn, gb } from '../contract/format.ts';

/** The formatters the server's e-mails and ledger lines share live in contract/format.ts; these are the same ones. */
export { euro, formatMsisdn, gb };
const euroFormat = new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' });

/** A rate in euro with as many decimals as it needs (0.59 → "€0.59", 2.5 → "€2.50"). */
export function euroRate(value: number): string {
  return euroFormat.format(value);
}

const longDate = new Intl.DateTimeFormat('en-IE', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Dublin',
});

export function longDateOf(date: Date): string {
  return longDate.format(date);
}

/** KB → whole GB with its unit, e.g. "5 GB" (an offer's or an add-on's size). */
export function wholeGb(kb: number): string {
  return `${Math.round(kb / KB_PER_GB)} GB`;
}

const ddmmyy = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: '2-digit',
  year: '2-digit',
  timeZone: 'Europe/Dublin',
});
/** dd.mm.yy in Irish time (spec section 9). */
export function shortDate(iso: string): string {
  return ddmmyy.format(new Date(iso)).replace(/\//g, '.');
}

const hhmm = new Intl.DateTimeFormat('en-IE', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Dublin' });
/** The time of day in Irish time, e.g. "14:05". */
export function clockTime(iso: string): string {
  return hhmm.format(new Date(iso));
}

/** A money movement with its sign: +€10.00 or −€9.99. */
export function signedEuro(cents: number): string {
  return cents > 0 ? `+${euro(cents)}` : `−${euro(-cents)}`;
}
