import { COMREG, ENTRY_LABELS, STATE_LABELS } from '../../../contract/contact.ts';
import type { SupportEntry, SupportTicket } from '../../../contract/support.schema.ts';

/** "10 December 2026" for an Irish day "2026-12-10" (midday, so no time zone moves it). */
export const dayText = (day: string) =>
  new Intl.DateTimeFormat('en-IE', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );

const whenText = (iso: string) =>
  new Intl.DateTimeFormat('en-IE', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Dublin' }).format(
    new Date(iso),
  );
export { whenText };

/** What a list row says of where a ticket stands: its state, and a complaint's due day or lateness. */
export function standing(t: Pick<SupportTicket, 'kind' | 'state' | 'due_on' | 'overdue'>): string {
  const state = STATE_LABELS[t.state];
  if (t.kind !== 'complaint' || !t.due_on || t.state === 'closed' || t.state === 'response') return state;
  return t.overdue
    ? `${state}: our response was due on ${dayText(t.due_on)} and is late`
    : `${state}: our response is due by ${dayText(t.due_on)}`;
}

/** An entry's heading in the timeline: what it was, and an update's new date. */
export function entryHeading(e: Pick<SupportEntry, 'kind' | 'due_on'>): string {
  const label = ENTRY_LABELS[e.kind];
  return e.kind === 'update' && e.due_on ? `${label}: we now respond by ${dayText(e.due_on)}` : label;
}

/** The timeline as a text file the member keeps (docs/product/customer-care.md: downloadable, a durable record). */
export function timelineText(t: SupportTicket & { entries: SupportEntry[] }): string {
  const lines = [
    `48 ${t.kind === 'complaint' ? 'complaint' : 'message'} ${t.reference}`,
    `Topic: ${t.topic}`,
    `State: ${STATE_LABELS[t.state]}`,
    ...(t.due_on ? [`Response due: ${dayText(t.due_on)}`] : []),
    '',
    ...t.entries.flatMap((e) => [`${whenText(e.created_at)} - ${entryHeading(e)}`, e.body, '']),
  ];
  if (t.comreg)
    lines.push(
      `${COMREG.heading} You can refer this complaint to ${COMREG.name}, quoting ${t.reference}:`,
      `${COMREG.address.join(', ')}; ${COMREG.web}; ${COMREG.phone}.`,
    );
  return lines.join('\n');
}
