import { KB_PER_GB } from '../contract/constants.ts';

/** Formatters shared by pages and islands (spec section 9 display rules grow here). */

import { euro } from '../contract/format.ts';

export { euro };
const euroFormat = new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' });

/** A rate in euro with as many decimals as it needs (0.59 → "€0.59", 2.5 → "€2.50"). */
export function euroRate(value: number): string {
  return euroFormat.format(value);
}

const longDate = new Intl.DateTimeFormat('en-IE', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Dublin' });

export function longDateOf(date: Date): string {
  return longDate.format(date);
}

/** An Irish mobile number as people write it: 087 100 0001. */
export function formatMsisdn(msisdn: string): string {
  return /^0\d{9}$/.test(msisdn) ? `${msisdn.slice(0, 3)} ${msisdn.slice(3, 6)} ${msisdn.slice(6)}` : msisdn;
}

/** KB → GB with two decimals (spec section 9). */
export function gb(kb: number): string {
  return (kb / KB_PER_GB).toFixed(2);
}

const ddmmyy = new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: '2-digit', year: '2-digit', timeZone: 'Europe/Dublin' });
/** dd.mm.yy in Irish time (spec section 9). */
export function shortDate(iso: string): string {
  return ddmmyy.format(new Date(iso)).replace(/\//g, '.');
}

/** A money movement with its sign: +€10.00 or −€9.99. */
export function signedEuro(cents: number): string {
  return cents > 0 ? `+${euro(cents)}` : `−${euro(-cents)}`;
}
