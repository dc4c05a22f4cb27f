import { KB_PER_GB } from './constants.ts';
import { irishDayOf } from './irish-time.ts';

/*
 * The EU roaming allowance as the law sets it (docs/product/roaming.md; Regulation (EU) 2022/612 Art. 11 and
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

/**
 * The EU roaming data of a product bought at `startsAt`: memberships only (add-ons and bundles add
 * no allowance of their own), on the price of 30 days of it (the 180-day bulk membership counts as
 * a sixth of its price a month; its one allowance covers its whole period).
 */
export function productRoamingKb(p: { kind: string; priceCents: number; days: number }, startsAt: Date): number {
  if (p.kind !== 'membership' || p.priceCents <= 0 || p.days <= 0) return 0;
  return membershipRoamingKb(Math.round((p.priceCents * 30) / p.days), startsAt);
}

/** Where a SIM is: at home (Ireland), in Zone 1 (roaming like at home), or in zones 2 to 4 (paid from credit). */
export const ROAMING_ZONES = ['home', '1', '2', '3', '4'] as const;
export type RoamingZone = (typeof ROAMING_ZONES)[number];

/** Zone 2 and Zone 3 (the charges page); every other country outside Zone 1 is Zone 4. */
const ZONE_2: Readonly<Record<string, string>> = {
  GB: 'United Kingdom',
  CH: 'Switzerland',
  AD: 'Andorra',
  MC: 'Monaco',
  TR: 'Turkey',
};
const ZONE_3: Readonly<Record<string, string>> = { US: 'United States', CA: 'Canada', MX: 'Mexico' };
const ZONE_4_NAMES: Readonly<Record<string, string>> = {
  AU: 'Australia',
  BR: 'Brazil',
  CN: 'China',
  IN: 'India',
  JP: 'Japan',
  ZA: 'South Africa',
  TH: 'Thailand',
  AE: 'United Arab Emirates',
};

export const zoneOf = (country: string): RoamingZone =>
  country === 'IE' ? 'home' : ZONE_1[country] ? '1' : ZONE_2[country] ? '2' : ZONE_3[country] ? '3' : '4';

/** A country's name in English (the code itself for a country the tables do not name). */
export const countryName = (country: string): string =>
  ZONE_1[country] ?? ZONE_2[country] ?? ZONE_3[country] ?? ZONE_4_NAMES[country] ?? country;

/** The code of a country the tables name in English ("France" → "FR"), for saying it in another language. */
export const countryCodeOf = (name: string): string | undefined =>
  [ZONE_1, ZONE_2, ZONE_3, ZONE_4_NAMES].flatMap((names) => Object.entries(names)).find(([, n]) => n === name)?.[0];

export const ZONE_NAMES: Record<RoamingZone, string> = {
  home: 'Ireland',
  '1': 'Zone 1: EU and EEA',
  '2': 'Zone 2: United Kingdom, Switzerland and nearby',
  '3': 'Zone 3: North America',
  '4': 'Zone 4: Rest of the world',
};

/** The data cost cap outside Zone 1 (Regulation 531/2012 Art. 15): €50 excluding VAT a month unless the member chooses another. */
export const DEFAULT_ROAMING_CAP_CENTS = 5000;
export const ROAMING_CAP_CHOICES = [5000, 10000, 20000, null] as const;
export type RoamingCap = (typeof ROAMING_CAP_CHOICES)[number];

/** The alerts roaming raises (alerts.ts), listed on the roaming screen. */
export const ROAMING_ALERT_CAUSES = ['roamingArrival', 'roamingFairUse', 'roamingCap'] as const;

/** The most a GB past the EU allowance may cost, VAT included: the year's wholesale cap with VAT, rounded down. */
export const surchargeCentsPerGb = (at: Date): number =>
  Math.floor((wholesaleCapAt(at) * (100 + ROAMING_VAT_PERCENT)) / 100);

/**
 * A monthly cap on data outside Zone 1 (chosen excluding VAT, as the regulation sets it) as credit
 * pays it: VAT included, rounded to the cent. The month's spend is what left the credit.
 */
export const capWithVat = (capCents: number): number => Math.round((capCents * (100 + ROAMING_VAT_PERCENT)) / 100);

/** The Irish month of an instant, YYYY-MM: the cap and the use by country count by it. */
