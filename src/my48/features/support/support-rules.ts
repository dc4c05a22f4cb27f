import { COMREG } from '../../../contract/contact.ts';
import type { SupportEntry, SupportTicket } from '../../../contract/support.schema.ts';
import { formatTag } from '../../../lib/format.ts';
import { say } from '../../speech.ts';

/** "10 December 2026" for an Irish day "2026-12-10" (midday, so no time zone moves it), in the page's language. */
export const dayText = (day: string) =>
  new Intl.DateTimeFormat(formatTag(), { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );

const whenText = (iso: string) =>
  new Intl.DateTimeFormat(formatTag(), { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Dublin' }).format(
    new Date(iso),
  );
export { whenText };

/** A ticket's state as the member reads it in the list ("Waiting for an answer"). */
const stateLabel = (state: SupportTicket['state']) => say(`my48.sup.state.${state}`);
/** What an entry of a timeline was ("Our answer"). */
const entryLabel = (kind: SupportEntry['kind']) => say(`my48.sup.entry.${kind}`);

/** What a list row says of where a ticket stands: its state, and a complaint's due day or lateness. */
export function standing(t: Pick<SupportTicket, 'kind' | 'state' | 'due_on' | 'overdue'>): string {
  const state = stateLabel(t.state);
  if (t.kind !== 'complaint' || !t.due_on || t.state === 'closed' || t.state === 'response') return state;
  return say(t.overdue ? 'my48.sup.late' : 'my48.sup.dueBy', { state, day: dayText(t.due_on) });
}

/** An entry's heading in the timeline: what it was, and an update's new date. */
export function entryHeading(e: Pick<SupportEntry, 'kind' | 'due_on'>): string {
  const label = entryLabel(e.kind);
  return e.kind === 'update' && e.due_on ? say('my48.sup.updateBy', { label, day: dayText(e.due_on) }) : label;
}

/** The timeline as a text file the member keeps (docs/product/customer-care.md: downloadable, a durable record). */
export function timelineText(t: SupportTicket & { entries: SupportEntry[] }): string {
  const lines = [
    say(t.kind === 'complaint' ? 'my48.sup.file.complaint' : 'my48.sup.file.message', { reference: t.reference }),
    say('my48.sup.file.topic', { topic: t.topic }),
    say('my48.sup.file.state', { state: stateLabel(t.state) }),
    ...(t.due_on ? [say('my48.sup.file.due', { day: dayText(t.due_on) })] : []),
    '',
    ...t.entries.flatMap((e) => [`${whenText(e.created_at)} - ${entryHeading(e)}`, e.body, '']),
  ];
  if (t.comreg)
    lines.push(
      say('my48.sup.file.comreg', {
        heading: say('my48.sup.comreg.heading'),
        name: COMREG.name,
        reference: t.reference,
      }),
      `${COMREG.address.join(', ')}; ${COMREG.web}; ${COMREG.phone}.`,
    );
  return lines.join('\n');
}
