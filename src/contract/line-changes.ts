/** "This wasn't me" (docs/product/member-controls.md): plain values and words (no zod here). */
import { formatMsisdn } from './format.ts';
import { irishFormat } from './irish-time.ts';

/**
 * What happened to a member's line that they are told of at once, with the link: the number moved
 * to a new SIM card or to an eSIM, another network asked to take the number, the number left.
 */
export const LINE_CHANGE_KINDS = ['simSwap', 'esim', 'portOutRequested', 'portedOut'] as const;
export type LineChangeKind = (typeof LINE_CHANGE_KINDS)[number];

/** How long the link works. */
export const LINE_CHANGE_LINK_DAYS = 7;

/** What the network said of a port-out: the network that takes the number, the day it moves, its reason. */
export interface LineChangeDetail {
  recipient?: string;
  port_date?: string;
  reason?: string;
}

/** The change, in words: the mail's, the push's and the page's. */
export function lineChangeText(kind: LineChangeKind, msisdn: string, at: Date | string, detail: LineChangeDetail) {
  const number = formatMsisdn(msisdn);
  const when = irishFormat({ day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' }).format(new Date(at));
  const to = detail.recipient ? ` (${detail.recipient})` : '';
  switch (kind) {
    case 'simSwap':
      return `On ${when} your number ${number} moved to a new SIM card.`;
    case 'esim':
      return `On ${when} your number ${number} moved to an eSIM.`;
    case 'portOutRequested':
      return `On ${when} another network${to} asked to take your number ${number}${detail.port_date ? ` on ${irishFormat({ day: 'numeric', month: 'long' }).format(new Date(detail.port_date))}` : ''}.`;
    case 'portedOut':
      return `On ${when} your number ${number} moved to another network${to}.`;
  }
}

export const LINE_CHANGE_TITLES: Record<LineChangeKind, string> = {
  simSwap: 'Your number moved to a new SIM',
  esim: 'Your number moved to an eSIM',
  portOutRequested: 'Another network asked for your number',
  portedOut: 'Your number moved to another network',
};
