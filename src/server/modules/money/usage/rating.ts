import { countryName, surchargeCentsPerGb, zoneOf, type RoamingZone } from '../../../../contract/roaming.ts';
import type { Use } from '../../network/index.ts';
import type { UseKind } from '../../../../contract/usage.ts';
import type { InternationalZone, PriceList } from './prices.ts';

/**
 * The portal's rating of a use (docs/product/money.md, "Use paid from credit"): what it draws on
 * first, and what it costs from credit past that, at the published prices. The network's own
 * rating, where it gives one and the network integration is set to trust it, replaces the price.
 */

/** What a use draws on before credit pays: the membership's (or a goody bag's) allowance, or EU roaming data. */
export type Allowance = 'data' | 'mobileMinutes' | 'landlineMinutes' | 'texts' | 'euRoamingData';

export interface RatedUse {
  /** Drawn first, up to what is left; null: paid from the first unit. */
  allowance: Allowance | null;
  /** Units of the use: KB of data, minutes, texts, or 1 for a call priced per call. */
  units: number;
  /** The price of `per` units in cents (VAT included): n units past the allowance cost ⌈n × cents ÷ per⌉. */
  cents: number;
  per: number;
  /** The transactions screen's line ("Data", "International calls", "Data abroad: United States"). */
  description: string;
}

/** A rated use with its kind, as its ledger row keeps it (spend by kind). */
export type RatedUseOfKind = RatedUse & { useKind: UseKind };

/** What a use is for spend by kind: abroad by the zone it was used in, at home data, calls or texts. */
export function useKindOf(use: Pick<UseToRate, 'usageType' | 'country'>): UseKind {
  const zone = zoneOf(use.country);
  if (zone !== 'home') return `roaming-${zone}`;
  return use.usageType === 'data' ? 'data' : use.usageType === 'voice' ? 'calls' : 'texts';
}

/** A use as rating reads it: the network's reading of a TMF635 usage (network/usage.ts). */
export type UseToRate = Pick<
  Use,
  'usageType' | 'country' | 'dataKb' | 'minutes' | 'texts' | 'destination' | 'destinationMobile' | 'incoming' | 'at'
>;

const KB_PER_MB = 1024;
const KB_PER_GB = 1024 * 1024;

/** Nothing to pay and nothing drawn: calls to 112, 999, voicemail and freephone; what is received at home. */
const FREE: RatedUse = { allowance: null, units: 0, cents: 0, per: 1, description: '' };

/** Calling codes of the EU and EEA but Ireland (the international charges' Zone B). */
const ZONE_B_CODES = new Set([
  '30',
  '31',
  '32',
  '33',
  '34',
  '36',
  '39',
  '40',
  '43',
  '45',
  '46',
  '47',
  '48',
  '49',
  '351',
  '352',
  '354',
  '356',
  '357',
  '358',
  '359',
  '370',
  '371',
  '372',
  '385',
  '386',
  '420',
  '421',
  '423',
]);
/** +1 numbers that are not the United States or Canada (the Caribbean and the Pacific: Zone D). */
const NANP_ELSEWHERE = new Set([
  '242',
  '246',
  '264',
  '268',
  '284',
  '340',
  '345',
  '441',
  '473',
  '649',
  '658',
  '664',
  '670',
  '671',
  '684',
  '721',
  '758',
  '767',
  '784',
  '787',
  '809',
  '829',
  '849',
  '868',
  '869',
  '876',
  '939',
]);

/** Where a number called or texted goes, by the Irish numbering plan and the calling codes. */
export type Destination =
  | { kind: 'irishMobile' | 'irishLandline' | 'free' | 'special' | 'premium' | 'directory' }
  | { kind: 'international'; zone: InternationalZone };

export function destinationOf(raw: string | null): Destination {
  if (raw === null) return { kind: 'irishMobile' };
  const given = raw.replace(/[\s\-().]/g, '');
  const abroad = given.startsWith('+') ? given.slice(1) : given.startsWith('00') ? given.slice(2) : null;
  const e164 = abroad ?? (/^353\d{8,10}$/.test(given) ? given : null);
  if (e164 !== null && !e164.startsWith('353')) return { kind: 'international', zone: internationalZone(e164) };
  const national = e164 !== null ? `0${e164.slice(3)}` : given;
  if (['112', '999', '171'].includes(national) || national.startsWith('1800')) return { kind: 'free' };
  if (/^(1850|1890|0818|076)/.test(national)) return { kind: 'special' };
  if (national.startsWith('118')) return { kind: 'directory' };
  if (national.startsWith('15') || /^5\d{4}$/.test(national)) return { kind: 'premium' };
  if (national.startsWith('08')) return { kind: 'irishMobile' };
  if (national.startsWith('0')) return { kind: 'irishLandline' };
  return { kind: 'irishMobile' };
}

function internationalZone(digits: string): InternationalZone {
  if (digits.startsWith('44')) return 'A';
  if (ZONE_B_CODES.has(digits.slice(0, 3)) || ZONE_B_CODES.has(digits.slice(0, 2))) return 'B';
  if (digits.startsWith('1')) return NANP_ELSEWHERE.has(digits.slice(1, 4)) ? 'D' : 'C';
  return 'D';
}

/** What one use costs and draws on, where it was used (the SIM's country), at the published prices. */
export function rateUse(use: UseToRate, prices: PriceList): RatedUseOfKind {
  return { ...rated(use, prices), useKind: useKindOf(use) };
}

function rated(use: UseToRate, prices: PriceList): RatedUse {
  const zone: RoamingZone = zoneOf(use.country);
  const place = countryName(use.country);
  if (zone === '2' || zone === '3' || zone === '4') {
    const r = prices.roaming[zone];
    if (use.usageType === 'data')
      return {
        allowance: null,
        units: use.dataKb,
        cents: r.dataMb,
        per: KB_PER_MB,
        description: `Data abroad: ${place}`,
      };
    if (use.usageType === 'voice')
      return use.incoming
        ? {
            allowance: null,
            units: use.minutes,
            cents: r.callReceived,
            per: 1,
            description: `Calls received abroad: ${place}`,
          }
        : calledFrom(use, { cents: r.callMade, description: `Calls abroad: ${place}` });
    return use.incoming ? FREE : calledFrom(use, { cents: r.text, description: `Texts abroad: ${place}` });
  }
  // In Ireland, and in the EU and EEA like at home (its data from the EU roaming allowance, then the surcharge).
  if (use.usageType === 'data')
    return zone === '1'
      ? {
          allowance: 'euRoamingData',
          units: use.dataKb,
          cents: surchargeCentsPerGb(use.at),
          per: KB_PER_GB,
          description: `Data abroad: ${place}`,
        }
      : { allowance: 'data', units: use.dataKb, cents: prices.home.dataMb, per: KB_PER_MB, description: 'Data' };
  if (use.incoming) return FREE;
  const abroad = zone === '1' ? ` abroad: ${place}` : '';
  const to = destinationOf(use.destination);
  if (use.usageType === 'sms') {
    if (to.kind === 'international')
      return {
        allowance: null,
        units: use.texts,
        cents: prices.international[to.zone].text,
        per: 1,
        description: 'International texts',
      };
    return { allowance: 'texts', units: use.texts, cents: prices.home.text, per: 1, description: `Texts${abroad}` };
  }
  const minutes = use.minutes;
  switch (to.kind) {
    case 'free':
      return FREE;
    case 'international': {
      const r = prices.international[to.zone];
      return {
        allowance: null,
        units: minutes,
        cents: use.destinationMobile ? r.mobile : r.landline,
        per: 1,
        description: 'International calls',
      };
    }
    case 'special':
      return {
        allowance: null,
        units: minutes,
        cents: prices.special.minute,
        per: 1,
        description: 'Calls to special numbers',
      };
    case 'premium':
      return {
        allowance: null,
        units: minutes,
        cents: prices.premium.minute,
        per: 1,
        description: 'Premium rate calls',
      };
    case 'directory':
      return {
        allowance: null,
        units: minutes > 0 ? 1 : 0,
        cents: prices.directory.call,
        per: 1,
        description: 'Directory enquiries',
      };
    case 'irishLandline':
    case 'irishMobile':
      return {
        allowance: to.kind === 'irishLandline' ? 'landlineMinutes' : 'mobileMinutes',
        units: minutes,
        cents: prices.home.call,
        per: 1,
        description: `Calls${abroad}`,
      };
  }
}

/** A call or text made outside the EU: at the zone's rate, but a number at home that is free stays free. */
function calledFrom(use: UseToRate, rate: { cents: number; description: string }): RatedUse {
  if (destinationOf(use.destination).kind === 'free') return FREE;
  const units = use.usageType === 'voice' ? use.minutes : use.texts;
  return { allowance: null, units, cents: rate.cents, per: 1, description: rate.description };
}

/** What `units` past an allowance cost at a rating's price, rounded up to the cent. */
export const costOf = (rated: Pick<RatedUse, 'cents' | 'per'>, units: number): number =>
  units <= 0 ? 0 : Math.ceil((units * rated.cents) / rated.per);
