import { KB_PER_GB } from './constants.ts';

/*
 * The EU roaming allowance as the law sets it (roaming.md; Regulation (EU) 2022/612 Art. 11 and
 * Implementing Regulation (EU) 2016/2286 Art. 4): computed from the price or the credit and the
 * wholesale cap of the year, never typed. Zod-free: the dashboard, the plans pages and the server
 * all use it.
 */

/** The wholesale cap on a GB of roaming data, in cents excluding VAT, from each date (Irish days). */
export const WHOLESALE_CAPS: readonly { from: string; centsPerGb: number }[] = [
  { from: '2022-07-01', centsPerGb: 200 },
  { from: '2023-01-01', centsPerGb: 180 },
  { from: '2024-01-01', centsPerGb: 155 },
  { from: '2025-01-01', centsPerGb: 130 },
  { from: '2026-01-01', centsPerGb: 110 },
  // Until 30 June 2032, when the regulation ends.
  { from: '2027-01-01', centsPerGb: 100 },
];

/** Irish VAT on mobile services, percent. */
export const ROAMING_VAT_PERCENT = 23;

/** The Irish calendar day of an instant, YYYY-MM-DD. */
const irishDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Dublin',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
export const irishDayOf = (at: Date): string => irishDay.format(at);

/** The cap in force on the Irish day of `at` (the first cap before the regulation's table began). */
export function wholesaleCapAt(at: Date): number {
  const day = irishDayOf(at);
  let cap = WHOLESALE_CAPS[0]!.centsPerGb;
  for (const c of WHOLESALE_CAPS) if (c.from <= day) cap = c.centsPerGb;
  return cap;
}

/** The next change of the cap after `at`, if any: its day and the cap from then. */
export function nextCapChange(at: Date): { from: string; centsPerGb: number } | undefined {
  const day = irishDayOf(at);
  return WHOLESALE_CAPS.find((c) => c.from > day);
}

/**
 * A membership's EU roaming data in KB: at least twice its price excluding VAT over the year's cap
 * (an open data bundle), fixed by the day it starts. Integer arithmetic, rounded down: never more
 * than the law's figure computed exactly, and shown rounded down to 0.01 GB it is never below it.
 */
export function membershipRoamingKb(priceCents: number, startsAt: Date): number {
  const cap = wholesaleCapAt(startsAt);
  return Math.floor((2 * priceCents * 100 * KB_PER_GB) / ((100 + ROAMING_VAT_PERCENT) * cap));
}

/** Credit only: the credit excluding VAT over the cap of the day roaming begins, in KB. */
export function creditRoamingKb(creditCents: number, at: Date): number {
  const cap = wholesaleCapAt(at);
  return Math.floor((Math.max(0, creditCents) * 100 * KB_PER_GB) / ((100 + ROAMING_VAT_PERCENT) * cap));
}

/** KB as GB rounded down to 0.01 (the law's figure is a floor: never shown above what is given). */
export const roamingGb = (kb: number): string => (Math.floor((kb * 100) / KB_PER_GB) / 100).toFixed(2);

/** Zone 1: the 27 EU member states, Iceland, Liechtenstein and Norway (ISO 3166-1 alpha-2). */
export const ZONE_1: Readonly<Record<string, string>> = {
  AT: 'Austria',
  BE: 'Belgium',
  BG: 'Bulgaria',
  HR: 'Croatia',
  CY: 'Cyprus',
  CZ: 'Czechia',
  DK: 'Denmark',
  EE: 'Estonia',
  FI: 'Finland',
  FR: 'France',
  DE: 'Germany',
  GR: 'Greece',
  HU: 'Hungary',
  IE: 'Ireland',
  IT: 'Italy',
  LV: 'Latvia',
  LT: 'Lithuania',
  LU: 'Luxembourg',
  MT: 'Malta',
  NL: 'Netherlands',
  PL: 'Poland',
  PT: 'Portugal',
  RO: 'Romania',
  SK: 'Slovakia',
  SI: 'Slovenia',
  ES: 'Spain',
  SE: 'Sweden',
  IS: 'Iceland',
  LI: 'Liechtenstein',
  NO: 'Norway',
};
