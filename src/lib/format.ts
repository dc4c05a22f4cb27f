import { KB_PER_GB } from '../contract/constants.ts';

/** Formatters shared by pages and islands (spec section 9 display rules grow here). */

import { euro as euroEnglish, formatMsisdn, gb } from '../contract/format.ts';
import { formatTag } from './format-tag.ts';

/** The formatters the server's e-mails and ledger lines share live in contract/format.ts; these are the same ones. */
export { formatMsisdn, gb };

export { formatIn, formatTag } from './format-tag.ts';

/** The formatters of the language figures are written in now (format-tag.ts), made again when it changes. */
let madeFor = '';
let made: {
  euro: Intl.NumberFormat;
  longDate: Intl.DateTimeFormat;
  hhmm: Intl.DateTimeFormat;
  decimal: Intl.NumberFormat;
};
function formats() {
  const tag = formatTag();
  if (tag !== madeFor) {
    madeFor = tag;
    made = {
      euro: new Intl.NumberFormat(tag, { style: 'currency', currency: 'EUR' }),
      longDate: new Intl.DateTimeFormat(tag, {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'Europe/Dublin',
      }),
      hhmm: new Intl.DateTimeFormat(tag, { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Dublin' }),
      decimal: new Intl.NumberFormat(tag, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    };
  }
  return made;
}

/** Cents to a euro amount, e.g. 1299 → "€12.99" ("12,99 €" in Polish). */
export function euro(cents: number): string {
  return formatTag() === 'en-IE' ? euroEnglish(cents) : formats().euro.format(cents / 100);
}

/** A figure with two decimals (gb's "1.50") as the language writes it: "1.50", "1,50" in Polish. */
export function decimal(figure: string): string {
  const value = Number(figure);
  return Number.isFinite(value) ? formats().decimal.format(value) : figure;
}

export function longDateOf(date: Date): string {
  return formats().longDate.format(date);
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
/** dd.mm.yy in Irish time (spec section 9), in every language. */
export function shortDate(iso: string): string {
  return ddmmyy.format(new Date(iso)).replace(/\//g, '.');
}

/** The time of day in Irish time, e.g. "14:05". */
export function clockTime(iso: string): string {
  return formats().hhmm.format(new Date(iso));
}

/** A money movement with its sign: +€10.00 or −€9.99. */
export function signedEuro(cents: number): string {
  return cents > 0 ? `+${euro(cents)}` : `−${euro(-cents)}`;
}
