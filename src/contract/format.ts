import { KB_PER_GB } from './constants.ts';

const euroFormat = new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' });

/** Cents to a euro amount, e.g. 1299 → "€12.99" (browser screens and server e-mails say it alike). */
export function euro(cents: number): string {
  return euroFormat.format(cents / 100);
}

/** A membership by its product's name, said once: "Data Plus €9.99 Membership", "All Data membership". */
export const membershipName = (product: string): string =>
  /\bmembership$/i.test(product.trim()) ? product.trim() : `${product.trim()} membership`;

/** An Irish mobile number as people write it: 087 100 0001. */
export function formatMsisdn(msisdn: string): string {
  return /^0\d{9}$/.test(msisdn) ? `${msisdn.slice(0, 3)} ${msisdn.slice(3, 6)} ${msisdn.slice(6)}` : msisdn;
}

/** KB → GB with two decimals (spec section 9): "1.50". */
export function gb(kb: number): string {
  return (kb / KB_PER_GB).toFixed(2);
}

/** KB → GB for a ledger line, without ".00": "2 GB", "1.50 GB" (server descriptions). */
export function gbLabel(kb: number): string {
  return `${gb(kb).replace(/\.00$/, '')} GB`;
}
