import { describe, expect, it } from 'vitest';
import { chargesFromFiles } from '../../../integrations/content/index.ts';
import { priceListOf } from './prices.ts';
import { costOf, destinationOf, rateUse, type UseToRate } from './rating.ts';

/** The portal's rating (docs/product/money.md), in Node: where a number goes, and what a use draws on and costs. */

const prices = priceListOf(chargesFromFiles());
const call = (destination: string | null, extra: Partial<UseToRate> = {}): UseToRate => ({
  usageType: 'voice',
  country: 'IE',
  dataKb: 0,
  minutes: 2,
  texts: 0,
  destination,
  destinationMobile: false,
  incoming: false,
  at: new Date('2026-11-29T10:00:00Z'),
  ...extra,
});

describe('where a number goes', () => {
  it('reads the Irish numbering plan and the calling codes, however the number is written', () => {
    expect(destinationOf('0871234567')).toEqual({ kind: 'irishMobile' });
    expect(destinationOf('+353 87 123 4567')).toEqual({ kind: 'irishMobile' });
    expect(destinationOf('00353 1 456 7890')).toEqual({ kind: 'irishLandline' });
    expect(destinationOf('353861234567')).toEqual({ kind: 'irishMobile' });
    expect(destinationOf('014567890')).toEqual({ kind: 'irishLandline' });
    expect(destinationOf('0818 123 456')).toEqual({ kind: 'special' });
    expect(destinationOf('076 123 4567')).toEqual({ kind: 'special' });
    expect(destinationOf('1890 123 456')).toEqual({ kind: 'special' });
    expect(destinationOf('11811')).toEqual({ kind: 'directory' });
    expect(destinationOf('1580 123 456')).toEqual({ kind: 'premium' });
    expect(destinationOf('57123')).toEqual({ kind: 'premium' });
    for (const free of ['112', '999', '171', '1800 123 456']) expect(destinationOf(free)).toEqual({ kind: 'free' });
    expect(destinationOf('+44 20 7123 4567')).toEqual({ kind: 'international', zone: 'A' });
    expect(destinationOf('0033612345678')).toEqual({ kind: 'international', zone: 'B' });
    expect(destinationOf('+3705123456')).toEqual({ kind: 'international', zone: 'B' });
    expect(destinationOf('+1 212 555 1234')).toEqual({ kind: 'international', zone: 'C' });
    expect(destinationOf('+1 876 555 1234')).toEqual({ kind: 'international', zone: 'D' });
    expect(destinationOf('+41 44 123 4567')).toEqual({ kind: 'international', zone: 'D' });
    expect(destinationOf(null)).toEqual({ kind: 'irishMobile' });
  });
});

describe('what a use draws on and costs', () => {
  it('at home: a call from the minutes of its kind, then the published price a minute; 112 nothing', () => {
    expect(rateUse(call('0871234567'), prices)).toMatchObject({ allowance: 'mobileMinutes', units: 2, cents: 20 });
    expect(rateUse(call('014567890'), prices)).toMatchObject({ allowance: 'landlineMinutes', units: 2, cents: 20 });
    expect(rateUse(call('+442071234567', { destinationMobile: true }), prices)).toMatchObject({
      allowance: null,
      cents: 15,
      description: 'International calls',
    });
    expect(rateUse(call('112'), prices)).toMatchObject({ allowance: null, units: 0 });
    expect(rateUse(call('0871234567', { incoming: true }), prices)).toMatchObject({ units: 0 });
  });

  it('abroad: the EU like at home, data past its allowance at the surcharge; elsewhere every unit at the zone', () => {
    expect(rateUse(call('0871234567', { country: 'FR' }), prices)).toMatchObject({
      allowance: 'mobileMinutes',
      description: 'Calls abroad: France',
    });
    const data = rateUse({ ...call(null), usageType: 'data', minutes: 0, dataKb: 1024, country: 'ES' }, prices);
    expect(data).toMatchObject({ allowance: 'euRoamingData', per: 1024 * 1024, description: 'Data abroad: Spain' });
    expect(rateUse(call('0871234567', { country: 'US', incoming: true }), prices)).toMatchObject({
      allowance: null,
      cents: 99,
      description: 'Calls received abroad: United States',
    });
    expect(rateUse(call('112', { country: 'TH' }), prices)).toMatchObject({ units: 0 });
  });

  it('rounds each use up to the cent, and what is free costs nothing', () => {
    expect(costOf({ cents: 5, per: 1024 }, 10)).toBe(1);
    expect(costOf({ cents: 499, per: 1024 }, 512)).toBe(250);
    expect(costOf({ cents: 20, per: 1 }, 0)).toBe(0);
  });
});
