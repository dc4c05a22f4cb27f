import { describe, expect, it } from 'vitest';
import type { BalanceSummary } from '../../../contract/account.schema.ts';
import { euro as credit, gb, shortDate } from '../../../lib/format.ts';
import { daysLeftText, NO_ACTIVE_MEMBERSHIP, usageSummary } from './usage-summary.ts';
import { KB_PER_GB } from '../../../contract/constants.ts';

const GB = KB_PER_GB;
const allowance = (max: number | null, used: number) => ({ max, used, left: max === null ? null : max - used });
const summary = (over: Partial<BalanceSummary> = {}): BalanceSummary => ({
  is_current_membership: true,
  main: 750,
  previous_SKU: 'BDDT00',
  goodybags_summary: { goodyBags: [] },
  max_membership_data: 30 * GB,
  max_data: 31.5 * GB,
  used_data: 11.25 * GB,
  left_data: 20.25 * GB,
  left_membership_data: 18.75 * GB,
  queued_membership_start_date: '2026-12-04T10:00:00.000Z',
  expiry_date: '2026-12-04T10:00:00.000Z',
  product_SKU: 'BDDT00',
  have_queued_membership: true,
  recurrence_enabled: true,
  membership_recurrence_sku: 'BDDT00',
  current_membership: 'Data Plus €9.99 Membership',
  is_unlimited: false,
  max_fup_data: null,
  used_fup_data: 0,
  left_fup_data: null,
  max_membership_fup_data: null,
  mobile_minutes: allowance(null, 143),
  minutes: allowance(300, 42),
  text: allowance(null, 57),
  roaming_data: allowance(5 * GB, 0.8 * GB),
  days_left: 12,
  carryover_data: 1.5 * GB,
  addon_data: 0,
  spotted_data: 0,
  safe_data: 0,
  carry_forward_data: 0,
  ...over,
});
const sim = { ssn: '8935301000000000001', msisdn: '0871000001' };

describe('display rules (spec section 9)', () => {
  it('KB to GB with two decimals, cents to euro, dd.mm.yy in Irish time, singular days', () => {
    expect(gb(11.25 * GB)).toBe('11.25');
    expect(gb(1)).toBe('0.00');
    expect(credit(750)).toBe('€7.50');
    expect(credit(0)).toBe('€0.00');
    expect(shortDate('2026-12-04T10:00:00.000Z')).toBe('04.12.26');
    // 23:30 UTC on 31 March is already 1 April in Dublin (summer time).
    expect(shortDate('2026-03-31T23:30:00.000Z')).toBe('01.04.26');
    expect([daysLeftText(12), daysLeftText(2), daysLeftText(1), daysLeftText(0)]).toEqual([
      'DAYS LEFT',
      'DAYS LEFT',
      'DAY LEFT',
      'DAY LEFT',
    ]);
  });
});

describe('the usage summary from the balance summary', () => {
  it('an active limited membership: data, minutes, texts, roaming, renewal, queue, auto-renew, carry-over', () => {
    const u = usageSummary(summary(), sim);
    expect(u).toMatchObject({
      credit: '€7.50',
      isActiveMembership: true,
      mebershipInactive: false,
      membershipPlan: 'Data Plus €9.99 Membership',
      data: { max: '31.50', used: '11.25', left: '20.25', percentLeft: 64 },
      leftDataInKB: 20.25 * GB,
      daysLeftInNumber: 12,
      expiryDate: 'DAYS LEFT',
      renewDate: '04.12.26',
      hasQueuedMembership: true,
      enabledAutoRenew: true,
      carryoverData: '1.50',
      addonData: '0.00',
      safeData: '0.00',
      spottedData: '0.00',
      carryForwardData: null,
      roaming: { max: '5.00', used: '0.80', left: '4.20' },
      mobileMinutes: { max: 'Unlimited', left: 'Unlimited', used: 143 },
      texts: { max: 'Unlimited', used: 57 },
      landlineMinutes: { max: 300, used: 42, left: 258, percentLeft: 86 },
      fairUsage: null,
      isDataUnlimited: false,
    });
  });

  it('"Renews on" only when auto-renew is on and nothing is queued; else "Ends on"', () => {
    const date = '04.12.26';
    expect(
      usageSummary(summary({ recurrence_enabled: true, have_queued_membership: false }), sim).membershipEnd,
    ).toEqual({ label: 'Renews on', date });
    expect(
      usageSummary(summary({ recurrence_enabled: false, have_queued_membership: false }), sim).membershipEnd,
    ).toEqual({ label: 'Ends on', date });
    // A queued membership takes over at the end date: no renewal then either.
    expect(
      usageSummary(summary({ recurrence_enabled: true, have_queued_membership: true }), sim).membershipEnd,
    ).toEqual({ label: 'Ends on', date });
    expect(usageSummary(summary({ is_current_membership: false }), sim).membershipEnd).toBeNull();
  });

  it('no current membership: No Active Membership, and the onboard bundle when it has data', () => {
    const u = usageSummary(
      summary({
        is_current_membership: false,
        current_membership: null,
        goodybags_summary: {
          goodyBags: [{ product_sku: 'BDEG00', max_onboard_data: GB, onboard_data: 700_000, days_left_for_expiry: 25 }],
        },
      }),
      sim,
    );
    expect(u.membershipPlan).toBe(NO_ACTIVE_MEMBERSHIP);
    expect(u.mebershipInactive).toBe(true);
    expect(u.onBoardBundle).toEqual({ max: '1.00', left: '0.67', daysLeft: 25 });
    expect(u.onBoardBundleDataEmpty).toBe(false);
    // Until a membership starts, the onboard data is the data card.
    expect(u.onboardData).toMatchObject({ max: '1.00', left: '0.67', used: '0.33', daysLeft: 25 });
  });

  it('the onboard bundle used up is marked empty; under 6000 KB left shows 0.01', () => {
    const empty = usageSummary(
      summary({
        is_current_membership: false,
        goodybags_summary: {
          goodyBags: [{ product_sku: 'BDEG00', max_onboard_data: GB, onboard_data: 0, days_left_for_expiry: 3 }],
        },
      }),
      sim,
    );
    expect(empty.onBoardBundle).toBeNull();
    expect(empty.onBoardBundleDataEmpty).toBe(true);
    const low = usageSummary(
      summary({
        goodybags_summary: {
          goodyBags: [{ product_sku: 'BDEG00', max_onboard_data: GB, onboard_data: 5999, days_left_for_expiry: 3 }],
        },
      }),
      sim,
    );
    expect(low.onBoardBundle?.left).toBe('0.01');
    const at = usageSummary(
      summary({
        goodybags_summary: {
          goodyBags: [{ product_sku: 'BDEG00', max_onboard_data: GB, onboard_data: 6000, days_left_for_expiry: 3 }],
        },
      }),
      sim,
    );
    expect(at.onBoardBundle?.left).toBe('0.01'); // 6000 KB is 0.0057 GB: two decimals round it to 0.01 as well
    expect(usageSummary(summary(), sim).onBoardBundleDataEmpty).toBe(true);
  });

  it('All Data €12.99: unlimited data with the fair-usage text and gauge', () => {
    const u = usageSummary(
      summary({
        current_membership: 'All Data €12.99 Membership',
        product_SKU: 'BDDV00',
        is_unlimited: true,
        max_data: null,
        left_data: null,
        max_fup_data: 60 * GB,
        used_fup_data: 21 * GB,
        left_fup_data: 39 * GB,
      }),
      sim,
    );
    expect(u.isDataUnlimited).toBe(true);
    expect(u.data.max).toBeNull();
    expect(u.fairUsage).toMatchObject({ max: '60.00', used: '21.00', left: '39.00', percentLeft: 65 });
    expect(u.fairUsage!.text).toContain('60.00 GB');
  });

  it('one day left is singular; goody bags other than the onboard bundle are listed', () => {
    const u = usageSummary(
      summary({
        days_left: 1,
        goodybags_summary: {
          goodyBags: [{ product_sku: 'BDGB01', max_onboard_data: GB, onboard_data: 0.6 * GB, days_left_for_expiry: 9 }],
        },
      }),
      sim,
    );
    expect(u.expiryDate).toBe('DAY LEFT');
    expect(u.goodyBagsList).toEqual([{ sku: 'BDGB01', max: '1.00', left: '0.60', daysLeft: 9 }]);
  });
});
