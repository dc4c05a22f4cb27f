/** "This wasn't me" (docs/product/member-controls.md): plain values and words (no zod here). */
import { formatMsisdn } from './format.ts';
import type { NoticeValue } from './i18n/notice.ts';

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

/**
 * The change, in words of the catalogue (`notice.lc.*`): the mail's, the push's and the page's, written
 * in the member's language by the server (docs/product/languages.md).
 */
export function lineChangeSaid(
  kind: LineChangeKind,
  msisdn: string,
  at: Date | string,
  detail: LineChangeDetail,
): NoticeValue {
  const values = {
    number: formatMsisdn(msisdn),
    when: { at: new Date(at) },
    to: detail.recipient ? { say: 'notice.aside' as const, values: { what: detail.recipient } } : '',
  };
  if (kind !== 'portOutRequested') return { say: `notice.lc.${kind}`, values };
  const on: NoticeValue = detail.port_date
    ? { say: 'notice.lc.on', values: { day: { dayMonth: new Date(detail.port_date) } } }
    : '';
  return { say: 'notice.lc.portOutRequested', values: { ...values, on } };
}

/** The change's title (the mail's subject and the push's). */
export const lineChangeTitle = (kind: LineChangeKind): NoticeValue => ({ say: `notice.lc.title.${kind}` });
