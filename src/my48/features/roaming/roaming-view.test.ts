import { describe, expect, it } from 'vitest';
import type { Roaming } from '../../../contract/roaming.schema.ts';
import { roamingView } from './roaming-view.ts';

const GB = 1024 * 1024;
const traveller: Roaming = {
  country: 'FR',
  country_name: 'France',
  zone: '1',
  seen_at: '2026-11-27T10:05:00Z',
  allowance: {
    from: 'membership',
    max_kb: 15_484_514,
    used_kb: 3 * GB,
    left_kb: 15_484_514 - 3 * GB,
    fixed_on: '2026-11-17',
  },
  month: '2026-11',
  by_country: [
    { country: 'FR', country_name: 'France', zone: '1', data_kb: 3 * GB, minutes: 25, texts: 12 },
    { country: 'ES', country_name: 'Spain', zone: '1', data_kb: 0.75 * GB, minutes: 0, texts: 1 },
  ],
  cap: {
    cap_cents: 5000,
    cap_with_vat_cents: 6150,
    spent_cents: 0,
    continued: false,
    stopped: false,
    on_network: null,
  },
  notices: [],
};

describe('the roaming screen', () => {
  it('says where the member is, the allowance rounded down, and the month by country with bars', () => {
    const v = roamingView(traveller);
    expect(v.where).toBe('France, Zone 1: EU and EEA (last seen 27 November at 10:05)');
    expect(v.allowance).toMatchObject({ max: '14.76', used: '3.00', left: '11.76', percentLeft: 80 });
    expect(v.allowance.source).toBe("Set by the law for your membership's price when it started on 17 November 2026.");
    expect(v.monthName).toBe('November 2026');
    expect(v.countries.map((c) => [c.name, c.data, c.bar])).toEqual([
      ['France', '3.00', 100],
      ['Spain', '0.75', 25],
    ]);
    expect(v.cap).toMatchObject({ label: '€50.00 a month', stopped: false });
    expect(v.cap.spent).toBe('€0.00 from your credit this month, of your €61.50 cap (€50.00 excluding VAT).');
  });

  it('credit only, not yet abroad; a stopped cap; no cap', () => {
    const credit = roamingView({
      ...traveller,
      country: null,
      country_name: null,
      zone: null,
      seen_at: null,
      allowance: { from: 'credit', max_kb: 15_499_000, used_kb: 0, left_kb: 15_499_000, fixed_on: null },
      by_country: [],
      cap: {
        cap_cents: 5000,
        cap_with_vat_cents: 6150,
        spent_cents: 6200,
        continued: false,
        stopped: true,
        on_network: 'stopped',
      },
    });
    expect(credit.where).toBe('We have not seen your SIM abroad yet.');
    expect(credit.allowance.max).toBe('14.78');
    expect(credit.allowance.source).toBe('Set by the law from your credit; it is fixed when you begin roaming.');
    expect(credit.cap).toMatchObject({
      stopped: true,
      network: 'Data abroad is stopped on the network.',
      spent: '€62.00 from your credit this month, of your €61.50 cap (€50.00 excluding VAT).',
    });
    const none = roamingView({
      ...traveller,
      cap: {
        cap_cents: null,
        cap_with_vat_cents: null,
        spent_cents: 1234,
        continued: false,
        stopped: false,
        on_network: null,
      },
    });
    expect(none.cap).toMatchObject({ label: 'No cap', spent: '€12.34 from your credit this month; you chose no cap.' });
  });
});
