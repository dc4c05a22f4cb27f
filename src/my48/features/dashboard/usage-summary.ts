import type { Allowance, BalanceSummary } from '../../../contract/account.schema.ts';
import { ONBOARD_BUNDLE_SKU } from '../../../contract/constants.ts';
import { roamingGb } from '../../../contract/roaming.ts';
import { euro, gb, shortDate } from '../../../lib/format.ts';

/** Spec section 9: the plan whose dashboard shows the fair-usage text and gauge. */
export const FAIR_USAGE_PLAN = 'All Data €12.99 Membership';
/** Spec section 9: remaining onboard data below this many KB (but above 0) shows as 0.01 GB. */
export const ONBOARD_FLOOR_KB = 6000;
export const NO_ACTIVE_MEMBERSHIP = 'No Active Membership';
export const UNLIMITED = 'Unlimited';

export interface DataFigures {
  /** GB with two decimals; null when unlimited. */
  max: string | null;
  used: string;
  left: string | null;
  /** 0–100 for a gauge; null when unlimited. */
  percentLeft: number | null;
}

export interface CountFigures {
  max: number | typeof UNLIMITED;
  used: number;
  left: number | typeof UNLIMITED;
  percentLeft: number | null;
}

export interface GoodyBag {
  sku: string;
  max: string;
  left: string;
  daysLeft: number;
}

/** What the dashboard shows (spec section 3 "Usage summary"), derived from the balance summary alone. */
export interface UsageSummary {
  ssn: string;
  msisdn: string | null;
  credit: string;
  isActiveMembership: boolean;
  mebershipInactive: boolean;
  membershipPlan: string;
  currentMembershipSKU: string | null;
  previousProductSKU: string | null;
  isDataUnlimited: boolean;
  data: DataFigures;
  leftDataInKB: number | null;
  leftMembershipDataGB: string | null;
  daysLeftInNumber: number;
  /** 'DAYS LEFT', or 'DAY LEFT' for 1 or less. */
  expiryDate: string;
  /** dd.mm.yy */
  renewDate: string | null;
  /**
   * What happens at the end date (spec: renewal date and expiry date): 'Renews on' only when
   * auto-renew is on and no queued membership takes over, else 'Ends on'. Never a renewal that will not happen.
   */
  membershipEnd: { label: 'Renews on' | 'Ends on'; date: string } | null;
  hasQueuedMembership: boolean;
  queuedStartDate: string | null;
  enabledAutoRenew: boolean;
  goodyBagsList: GoodyBag[];
  carryoverData: string;
  /** Add-on data bought for this membership (GB), part of the data allowance. */
  addonData: string;
  /** The Safe's balance and spotted data still to use (GB), shown beside carry-over. */
  safeData: string;
  spottedData: string;
  /** Carried over this month for the next membership (GB), or null. */
  carryForwardData: string | null;
  roaming: DataFigures;
  mobileMinutes: CountFigures;
  landlineMinutes: CountFigures;
  texts: CountFigures;
  /** The onboard bundle BDEG00 when it has both max and remaining data; else null and marked empty. */
  onBoardBundle: { max: string; left: string; daysLeft: number } | null;
  onBoardBundleDataEmpty: boolean;
  /** A new member's onboard data, shown as the data card until a membership starts (null: a membership, or none left). */
  onboardData: (DataFigures & { daysLeft: number }) | null;
  fairUsage: (DataFigures & { text: string }) | null;
}

export function daysLeftText(days: number): string {
  return days <= 1 ? 'DAY LEFT' : 'DAYS LEFT';
}

const percent = (left: number, max: number) =>
  max <= 0 ? 0 : Math.max(0, Math.min(100, Math.round((left / max) * 100)));

function dataFigures(max: number | null, used: number, left: number | null): DataFigures {
  return {
    max: max === null ? null : gb(max),
    used: gb(used),
    left: left === null ? null : gb(left),
    percentLeft: max === null || left === null ? null : percent(left, max),
  };
}

/** The EU roaming allowance and what is left of it, rounded down as the law's figure is (docs/product/roaming.md). */
function roamingFigures(max: number | null, used: number, left: number | null): DataFigures {
  return {
    ...dataFigures(max, used, left),
    max: max === null ? null : roamingGb(max),
    left: left === null ? null : roamingGb(left),
  };
}

function counts(a: Allowance): CountFigures {
  if (a.max === null) return { max: UNLIMITED, used: a.used, left: UNLIMITED, percentLeft: null };
  const left = a.left ?? Math.max(0, a.max - a.used);
  return { max: a.max, used: a.used, left, percentLeft: percent(left, a.max) };
}

export function usageSummary(b: BalanceSummary, sim: { ssn: string; msisdn: string | null }): UsageSummary {
  const active = b.is_current_membership;
  const onboard = b.goodybags_summary.goodyBags.find((g) => g.product_sku === ONBOARD_BUNDLE_SKU);
  const onboardShown = Boolean(onboard && onboard.max_onboard_data > 0 && onboard.onboard_data > 0);
  const onboardLeft = (kb: number) => (kb > 0 && kb < ONBOARD_FLOOR_KB ? '0.01' : gb(kb));
  const fairUsage =
    active && b.current_membership === FAIR_USAGE_PLAN && b.max_fup_data !== null
      ? {
          ...dataFigures(b.max_fup_data, b.used_fup_data, b.left_fup_data),
          text: `Fair usage: your All Data membership includes ${gb(b.max_fup_data)} GB at full speed each period; after that, data keeps working at a reduced speed.`,
        }
      : null;
  return {
    ssn: sim.ssn,
    msisdn: sim.msisdn,
    credit: euro(b.main),
    isActiveMembership: active,
    mebershipInactive: !active,
    membershipPlan: active ? (b.current_membership ?? b.product_SKU ?? '') : NO_ACTIVE_MEMBERSHIP,
    currentMembershipSKU: b.product_SKU,
    previousProductSKU: b.previous_SKU,
    isDataUnlimited: b.is_unlimited,
    data: active
      ? dataFigures(b.is_unlimited ? null : b.max_data, b.used_data, b.is_unlimited ? null : b.left_data)
      : dataFigures(0, 0, 0),
    leftDataInKB: b.is_unlimited ? null : b.left_data,
    leftMembershipDataGB: b.left_membership_data === null ? null : gb(b.left_membership_data),
    daysLeftInNumber: b.days_left,
    expiryDate: daysLeftText(b.days_left),
    renewDate: b.expiry_date ? shortDate(b.expiry_date) : null,
    membershipEnd:
      active && b.expiry_date
        ? {
            label: b.recurrence_enabled && !b.have_queued_membership ? 'Renews on' : 'Ends on',
            date: shortDate(b.expiry_date),
          }
        : null,
    hasQueuedMembership: b.have_queued_membership,
    queuedStartDate: b.queued_membership_start_date ? shortDate(b.queued_membership_start_date) : null,
    enabledAutoRenew: b.recurrence_enabled,
    goodyBagsList: b.goodybags_summary.goodyBags
      .filter((g) => g.product_sku !== ONBOARD_BUNDLE_SKU)
      .map((g) => ({
        sku: g.product_sku,
        max: gb(g.max_onboard_data),
        left: gb(g.onboard_data),
        daysLeft: g.days_left_for_expiry,
      })),
    carryoverData: gb(b.carryover_data),
    addonData: gb(b.addon_data),
    safeData: gb(b.safe_data),
    spottedData: gb(b.spotted_data),
    carryForwardData: b.carry_forward_data > 0 ? gb(b.carry_forward_data) : null,
    roaming: roamingFigures(b.roaming_data.max, b.roaming_data.used, b.roaming_data.left),
    mobileMinutes: counts(b.mobile_minutes),
    landlineMinutes: counts(b.minutes),
    texts: counts(b.text),
    onBoardBundle:
      onboardShown && onboard
        ? {
            max: gb(onboard.max_onboard_data),
            left: onboardLeft(onboard.onboard_data),
            daysLeft: onboard.days_left_for_expiry,
          }
        : null,
    onBoardBundleDataEmpty: !onboardShown,
    onboardData:
      !active && onboardShown && onboard
        ? {
            ...dataFigures(
              onboard.max_onboard_data,
              Math.max(0, onboard.max_onboard_data - onboard.onboard_data),
              onboard.onboard_data,
            ),
            left: onboardLeft(onboard.onboard_data),
            daysLeft: onboard.days_left_for_expiry,
          }
        : null,
    fairUsage,
  };
}
