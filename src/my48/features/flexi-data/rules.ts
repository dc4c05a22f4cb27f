import { KB_PER_GB } from '../../../contract/constants.ts';
import {
  flexiFailures,
  flexiMessages,
  type FlexiAction,
  type FlexiOverview,
  type MonthlyAction,
} from '../../../contract/flexi-data.ts';

/**
 * The flexi-data screen's rules, pure: what a section offers, what an action will leave, and
 * the refusal the server would answer, shown before the member tries (the server decides again).
 */
export const gbOf = (kb: number) => (kb / KB_PER_GB).toFixed(2);
const wholeGb = (kb: number) => Math.floor(kb / KB_PER_GB);

/** The amounts (whole GB) an action may ask for: 1 up to what there is, so the chooser cannot ask for more. */
export function amountChoices(kb: number, cap = 100): number[] {
  return Array.from({ length: Math.max(0, Math.min(wholeGb(kb), cap)) }, (_, i) => i + 1);
}

const dublin = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Dublin',
  day: '2-digit',
  month: '2-digit',
  year: '2-digit',
});
/** dd.mm.yy in Irish time (the carryover follow-up's end date). */
export function ddmmyy(iso: string): string {
  return dublin.format(new Date(iso)).replaceAll('/', '.');
}

const MONTHLY: Partial<Record<FlexiAction, MonthlyAction>> = { carryover: 'carryover', donate: 'donate', save: 'safe' };
const ALREADY: Record<MonthlyAction, string> = {
  carryover: flexiMessages.alreadyCarriedOver,
  donate: flexiMessages.alreadyDonated,
  safe: flexiMessages.alreadySaved,
};

/** What the section says instead of offering the action, when the overview shows the server would refuse it; null when it is offered. */
export function blockedMessage(action: FlexiAction, o: FlexiOverview): string | null {
  const table = flexiFailures[action];
  const m = o.membership;
  if (!m) return table.noMembership.message;
  if (action === 'unlock') {
    if (o.safe_kb === null) return flexiMessages.safeUnavailable;
    if (m.unlimited) return table.unlimitedToUnlock.message;
    if (o.safe_kb < KB_PER_GB) return 'The Safe has less than 1 GB in it, so there is nothing to unlock yet.';
    return null;
  }
  if (m.unlimited) return table.notAvailable.message;
  const monthly = MONTHLY[action];
  if (monthly && o.month_action) return ALREADY[o.month_action.action];
  if (action === 'swap' && m.landline_minutes.max === null) return table.noLandlineLimit.message;
  if (m.unused_kb < KB_PER_GB) return table.lowBalance.message;
  return null;
}

/** This month's carryover, save or donation, in words. */
export function monthText(o: FlexiOverview): string {
  const a = o.month_action;
  if (!a) return 'This month you can still carry over, save or donate data: one of the three, once.';
  const did = { carryover: 'carried over', donate: 'donated', safe: 'saved' }[a.action];
  return `This month you ${did} ${gbOf(a.data_kb)} GB. You can carryover, save or donate data again next month.`;
}

/** What an action with `gb` will leave, in one sentence. */
export function leavesText(action: FlexiAction, o: FlexiOverview, gb: number): string {
  const unused = o.membership?.unused_kb ?? 0;
  const after = gbOf(Math.max(0, unused - gb * KB_PER_GB));
  switch (action) {
    case 'carryover':
      return `All ${gbOf(unused)} GB moves to your next membership; this one keeps 0.00 GB of its own data.`;
    case 'save':
      return `You will have ${after} GB unused and ${gbOf((o.safe_kb ?? 0) + gb * KB_PER_GB)} GB in The Safe.`;
    case 'unlock':
      return `The Safe will hold ${gbOf(Math.max(0, (o.safe_kb ?? 0) - gb * KB_PER_GB))} GB and you will have ${gbOf(unused + gb * KB_PER_GB)} GB unused.`;
    case 'swap': {
      const left = o.membership?.landline_minutes.left ?? 0;
      return `You will have ${after} GB unused and ${left + gb * 100} landline minutes left.`;
    }
    default:
      return `You will have ${after} GB unused.`;
  }
}
