import { euro } from '../contract/format.ts';
import {
  creditRoamingKb,
  nextCapChange,
  productRoamingKb,
  roamingGb,
  surchargeCentsPerGb,
} from '../contract/roaming.ts';

/*
 * The EU roaming figures in the site's words, worked out when a page is built (docs/product/roaming.md: the
 * allowance is computed, never typed). Content says where a figure goes:
 *   {roaming}              the plan's own allowance (a plan's highlights)
 *   {roaming:9.99}         a 30-day membership at €9.99: "14.76 GB"
 *   {roaming-next:9.99}    what it will be for memberships starting at the next change of the cap,
 *                          " (16.24 GB for memberships that start from 1 January 2027)", or nothing
 *   {roaming-credit:20.00} credit only: "14.78 GB"
 *   {roaming-surcharge}    the most a GB past the allowance costs, VAT included: "€1.35"
 */

const longDay = new Intl.DateTimeFormat('en-IE', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const cents = (euro: string) => Math.round(Number(euro) * 100);
const membership = (priceCents: number, days = 30) => ({ kind: 'membership', priceCents, days });

/** A figure in GB as the page's language writes decimals (English keeps roamingGb's own "14.76"). */
const inLanguage = (gb: string, tag: string) =>
  tag === 'en-IE'
    ? gb
    : new Intl.NumberFormat(tag, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(gb));

export const roamingFigure = (priceCents: number, days: number, at: Date, tag = 'en-IE'): string =>
  `${inLanguage(roamingGb(productRoamingKb(membership(priceCents, days), at)), tag)} GB`;

/** The next change of the cap after `at`: its first day as an instant and in words ("1 January 2027"). */
export function nextChange(at: Date): { at: Date; day: string } | undefined {
  const next = nextCapChange(at);
  if (!next) return undefined;
  const from = new Date(`${next.from}T12:00:00Z`);
  return { at: from, day: longDay.format(from) };
}

export function nextRoamingFigure(priceCents: number, days: number, at: Date): string {
  const next = nextChange(at);
  return next ? `${roamingFigure(priceCents, days, next.at)} for memberships that start from ${next.day}` : '';
}

/** The surcharge past the allowance at most, a GB: the year's wholesale cap with VAT. */
export const roamingSurcharge = (at: Date): string => euro(surchargeCentsPerGb(at));

export function fillRoaming(
  text: string,
  at: Date,
  plan?: { price_cents: number; days: number },
  /** The page's language tag: a plan's own figure in its decimals (the other tokens are English pages' only). */
  tag = 'en-IE',
): string {
  return text
    .replace(/\{roaming\}/g, () => (plan ? roamingFigure(plan.price_cents, plan.days, at, tag) : '{roaming}'))
    .replace(/\{roaming:(\d+\.\d{2})\}/g, (_, euro: string) => roamingFigure(cents(euro), 30, at))
    .replace(/\{roaming-next:(\d+\.\d{2})\}/g, (_, euro: string) => {
      const next = nextRoamingFigure(cents(euro), 30, at);
      return next ? ` (${next})` : '';
    })
    .replace(
      /\{roaming-credit:(\d+\.\d{2})\}/g,
      (_, euro: string) => `${roamingGb(creditRoamingKb(cents(euro), at))} GB`,
    )
    .replace(/\{roaming-surcharge\}/g, () => roamingSurcharge(at));
}

/** Whether text still holds a roaming figure typed by hand ("12.5 GB of EU roaming"): content must use the tokens. */
export const typedRoamingFigure = (text: string): boolean => /\d+(\.\d+)?\s*GB (of )?(EU )?roaming/i.test(text);
