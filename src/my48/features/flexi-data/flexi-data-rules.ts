import { KB_PER_GB, MINUTES_PER_GB } from '../../../contract/constants.ts';
import { flexiRefusal, type FlexiAction, type FlexiOverview } from '../../../contract/flexi-data.schema.ts';
import type { FlexiRefusal } from '../../../contract/flexi-data.schema.ts';
import { decimal, gb } from '../../../lib/format.ts';
import { say, sayCount, type My48Key } from '../../speech.ts';

/**
 * The flexi-data screen's rules, pure: what a section offers, what an action will leave, and
 * the refusal the server would answer, shown before the member tries (the server decides again).
 */
const wholeGb = (kb: number) => Math.floor(kb / KB_PER_GB);
/** KB as GB with two decimals, as the page's language writes them ("1.50", "1,50"). */
export const gbOf = (kb: number): string => decimal(gb(kb));

/** The refusals one code says per action (the server's `error.flexi.<refusal>.<action>`). */
const PER_ACTION = ['notAvailable', 'lowBalance', 'backendUnavailable', 'accountDetailsMissing'] as const;
type PerAction = (typeof PER_ACTION)[number];

/** A refusal's words in the page's language: the server's own (`error.flexi.*`), for the action where they differ. */
export function refusalText(action: FlexiAction, refusal: FlexiRefusal): string {
  const key: My48Key = (PER_ACTION as readonly string[]).includes(refusal)
    ? `error.flexi.${refusal as PerAction}.${action}`
    : `error.flexi.${refusal as Exclude<FlexiRefusal, PerAction>}`;
  return say(key);
}

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
  return refusal ? refusalText(action, refusal) : null;
}

/** This month's carryover, save or donation, in words. */
export function monthText(o: FlexiOverview): string {
  const a = o.month_action;
  if (!a) return say('my48.fx.month.open');
  return say(`my48.fx.month.${a.action}`, { gb: gbOf(a.data_kb) });
}

/** What an action with `gb` will leave, in one sentence. */
export function leavesText(action: FlexiAction, o: FlexiOverview, amount: number): string {
  const unused = o.membership?.unused_kb ?? 0;
  const after = gbOf(Math.max(0, unused - amount * KB_PER_GB));
  switch (action) {
    case 'carryover':
      return say('my48.fx.leaves.carryover', { gb: gbOf(unused), zero: gbOf(0) });
    case 'save':
      return say('my48.fx.leaves.save', { after, safe: gbOf((o.safe_kb ?? 0) + amount * KB_PER_GB) });
    case 'unlock':
      return say('my48.fx.leaves.unlock', {
        safe: gbOf(Math.max(0, (o.safe_kb ?? 0) - amount * KB_PER_GB)),
        unused: gbOf(unused + amount * KB_PER_GB),
      });
    case 'swap': {
      const left = o.membership?.landline_minutes.left ?? 0;
      return sayCount('my48.fx.leaves.swap', left + amount * MINUTES_PER_GB, { after });
    }
    default:
      return say('my48.fx.leaves.other', { after });
  }
}
