import { KB_PER_GB, MINUTES_PER_GB } from '../../../contract/constants.ts';
import {
  flexiFailures,
  flexiRefusal,
  type FlexiAction,
  type FlexiOverview,
} from '../../../contract/flexi-data.schema.ts';
import { gb as gbOf } from '../../../lib/format.ts';

/**
 * The flexi-data screen's rules, pure: what a section offers, what an action will leave, and
 * the refusal the server would answer, shown before the member tries (the server decides again).
 */
const wholeGb = (kb: number) => Math.floor(kb / KB_PER_GB);

/** The amounts (whole GB) an action may ask for: 1 up to what there is, so the chooser cannot ask for more. */
export function amountChoices(kb: number, cap = 100): number[] {
  return Array.from({ length: Math.max(0, Math.min(wholeGb(kb), cap)) }, (_, i) => i + 1);
}

/**
 * What the section says instead of offering the action, when the overview shows the server would
 * refuse it (the contract's flexiRefusal, the server's own rule); null when it is offered.
 */
export function blockedMessage(action: FlexiAction, o: FlexiOverview): string | null {
  const m = o.membership;
  const refusal = flexiRefusal(action, {
    membership: m
      ? { unlimited: m.unlimited, unusedKb: m.unused_kb, landlineUnlimited: m.landline_minutes.max === null }
      : null,
    monthAction: o.month_action?.action ?? null,
    safeKb: o.safe_kb,
  });
  return refusal ? flexiFailures[action][refusal].message : null;
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
      return `You will have ${after} GB unused and ${left + gb * MINUTES_PER_GB} landline minutes left.`;
    }
    default:
      return `You will have ${after} GB unused.`;
  }
}
