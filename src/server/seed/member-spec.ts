import type { Locale } from '../../contract/i18n/locales.ts';
/**
 * The state a member is made in (members.ts, the one member factory): whatever a spec leaves out is
 * a plain, verified member with an active SIM, no credit and no membership.
 */
export interface MemberSpec {
  /** Fresh by default (built-…@example.com), with the factory's password. */
  email?: string;
  password?: string;
  firstname?: string;
  lastname?: string;
  /** The SIM's serial, number and PUK (the demo members' are fixed); made from the member's id by default. */
  numbers?: { ssn: string; msisdn: string; puk: string };
  /**
   * An account lived in for two months, as the demo members are: two notifications (a welcome, read,
   * and a tip), two months of card top-ups, memberships and calls in the ledger before the credit
   * carried forward, a card stored a month ago, and a membership with typical use (roaming, minutes,
   * texts, daily use spread over the days so far). Off: only the rows the spec asks for.
   */
  lived?: boolean;
  /** The number lock on (docs/product/member-controls.md), switched on 10 days ago. */
  numberLock?: boolean;
  /** A change of SIM to an eSIM two days ago that the member reported "this wasn't me" a day ago (a fraud case). */
  reportedChange?: boolean;
  /** A member who has not confirmed their e-mail address yet (verified by default). */
  verified?: boolean;
  /** Not signed in before (the first-login journey), and new to memberships. */
  firstLogin?: boolean;
  newMembership?: boolean;
  legacy?: 'LEGACY' | 'NEW_NEXT_MONTH';
  /** The language the portal speaks to the member in (English by default). */
  language?: Locale;
  /** Marketing permissions as stored (none by default: the spec's defaults apply). */
  marketing?: { email: boolean; sms: boolean };
  spendLimitCents?: number;
  /** The SIM: active by default, activating, or none at all. */
  sim?: 'active' | 'activating' | 'none';
  /** How long ago the SIM came to 48 (60 days by default). */
  simAgeDays?: number;
  /** How far back a lived-in account's money history goes (the SIM's age by default, 180 days at most). */
  historyDays?: number;
  billing?: 'ok' | 'unavailable';
  /** Credit in cents; null: the SIM has no balance on the billing platform (account details missing). */
  creditCents?: number | null;
  /** A stored card: true for the sandbox's success card (Visa ending 0000), or a sandbox test card as shown. */
  storedCard?: boolean | { card: string; brand: string; last4: string; expiry: string };
  /** Past payments by the stored card (receipts, the spend limit's month): a membership bought that many days ago. */
  cardPayments?: { sku: string; daysAgo: number }[];
  /** A 30-day membership that ended five days ago, all its data used. */
  pastMembership?: boolean;
  /**
   * A current membership of this product: days left of its period, or the hours since its period
   * ended (the renewal job has not handed it on); data used; data carried over into it; auto-renew;
   * a queued one (a SKU, or true for the same product); landline minutes used.
   */
  membership?: {
    sku: string;
    daysLeft?: number;
    endedHoursAgo?: number;
    usedGb?: number;
    carryoverGb?: number;
    recurrence?: boolean;
    queued?: string | true;
    landlineUsed?: number;
  };
  /** Daily use of the current period, one entry per day from its first (KB). */
  dailyUsageKb?: number[];
  /** This month's once-a-month action taken already: a carryover of 1 GB (as the action itself records it). */
  carriedOverThisMonth?: boolean;
  /** Past donations: euro before 21.04.2020, data after. */
  donations?: { on?: string; daysAgo?: number; cents?: number; gb?: number }[];
  /** Onboarding data bags (a free SIM's first data): product, size and what is left, in KB. */
  goodyBags?: { sku: string; maxKb: number; leftKb: number; daysLeft: number }[];
  /** The Safe's balance in GB. */
  safeGb?: number;
  /** Recruit and reward: the member's affiliate id, and free SIMs ordered for friends today. */
  affiliateId?: string;
  mgmOrdersToday?: number;
  /** Friends sent a free SIM: rewarded ones activated theirs and bought a first membership (€10 each, within the credit). */
  recruits?: { name: string; daysAgo: number; rewarded?: boolean }[];
  /** The number moved to another network that many days ago (docs/product/money.md "Credit back"): the SIM no longer has it, its credit is offered back. */
  movedAway?: { daysAgo: number };
  /** A port-in in progress (scheduled) behind the PORTIN_IN_PROGRESS segment. */
  portIn?: { msisdn: string; provider: string; movesInDays: number };
  /** A top-up advance taken that many days ago, with this much still owed (docs/product/lifelines.md). */
  advance?: { owedCents: number; daysAgo: number };
  /** A free SIM on its way (docs/product/customer-care.md): placed that many minutes ago, dispatched that many minutes ago if it was. */
  freeSimOrder?: { placedMinutesAgo: number; dispatchedMinutesAgo?: number };
  /**
   * A complaint (docs/product/customer-care.md), received that many working days ago and acknowledged then; with
   * a response that many days ago if it has one. `number` fixes its reference (48-C- and six digits;
   * the demo members' are below the ids the tickets table hands out).
   */
  complaint?: {
    number?: number;
    receivedWorkingDaysAgo: number;
    respondedDaysAgo?: number;
    message: string;
    response?: string;
  };
  /** How we contact you, as saved in settings. */
  contactPreferences?: { largePrint?: boolean; noPhoneCalls?: boolean; emailOnly?: boolean; notes?: string };
  /** Use abroad this month, as the network's usage feed reports it (docs/product/roaming.md), one report each, in order. */
  abroad?: { country: string; dataGb?: number; minutes?: number; texts?: number }[];
}

export interface MadeMember {
  memberId: number;
  email: string;
  password: string;
  /** The id in the member's recruit link, if the spec gave one. */
  affiliateId: string | null;
  /** The SIM's serial and number (empty without a SIM). */
  ssn: string;
  msisdn: string;
}

/**
 * A demo member: the factory's spec with the member's number in the demo-accounts contract (its SIM's
 * serial and mobile number follow from it) and, for a household's owner, the members whose SIMs are
 * its lines.
 */
export interface DemoMember extends Omit<MemberSpec, 'numbers' | 'lived'> {
  n: number;
  email: string;
  firstname: string;
  lastname: string;
  household?: string[];
}
