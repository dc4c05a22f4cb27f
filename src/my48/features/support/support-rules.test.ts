import { afterEach, describe, expect, it } from 'vitest';
import { formatIn } from '../../../lib/format.ts';
import { speak } from '../../speech.ts';
import { my48SpeechIn } from '../../speech-build.ts';
import type { SupportEntry, SupportTicket } from '../../../contract/support.schema.ts';
import { entryHeading, standing, timelineText } from './support-rules.ts';

const complaint: SupportTicket = {
  reference: '48-C-000040',
  kind: 'complaint',
  topic: 'Make a complaint',
  state: 'acknowledged',
  created_at: '2026-11-10T10:00:00.000Z',
  due_on: '2026-11-24',
  overdue: false,
  comreg: false,
  can_escalate: true,
};

describe('where a ticket stands, as the list says it', () => {
  it('a complaint on time names its due day; a late one says so', () => {
    expect(standing(complaint)).toBe('Acknowledged: our response is due by 24 November 2026');
    expect(standing({ ...complaint, overdue: true })).toBe(
      'Acknowledged: our response was due on 24 November 2026 and is late',
    );
  });
  it('a responded or closed complaint, and a ticket, say their state alone', () => {
    expect(standing({ ...complaint, state: 'response' })).toBe('Responded');
    expect(standing({ ...complaint, state: 'closed' })).toBe('Closed');
    expect(standing({ ...complaint, kind: 'ticket', state: 'open', due_on: null })).toBe('Waiting for an answer');
  });
});

describe('the timeline', () => {
  const entries: SupportEntry[] = [
    {
      kind: 'received',
      author: 'customer',
      body: 'Charged twice.',
      due_on: null,
      created_at: '2026-11-10T10:00:00.000Z',
    },
    {
      kind: 'update',
      author: 'agent',
      body: 'We need the bank’s reply.',
      due_on: '2026-12-01',
      created_at: '2026-11-20T10:00:00.000Z',
    },
  ];
  it('an update says its new date', () => {
    expect(entryHeading(entries[1]!)).toBe('Update: we now respond by 1 December 2026');
    expect(entryHeading(entries[0]!)).toBe('Received');
  });
  it('the text record has every entry, and ComReg with the reference once the card shows', () => {
    const text = timelineText({ ...complaint, entries });
    expect(text).toContain('48 complaint 48-C-000040');
    expect(text).toContain('Charged twice.');
    expect(text).toContain('Update: we now respond by 1 December 2026');
    expect(text).not.toContain('ComReg');
    const card = timelineText({ ...complaint, comreg: true, entries });
    expect(card).toContain(
      'Not happy with our answer? You can refer this complaint to Commission for Communications Regulation (ComReg), quoting 48-C-000040',
    );
    expect(card).toContain('01 804 9600');
  });
});

describe('in Polish', () => {
  afterEach(() => {
    speak(my48SpeechIn('en'));
    formatIn('en-IE');
  });
  it('the list, an update and the record say the states, the days and ComReg in the page’s language', () => {
    speak(my48SpeechIn('pl'));
    expect(standing(complaint)).toBe('Potwierdzona: odpowiemy do 24 listopada 2026');
    expect(standing({ ...complaint, overdue: true })).toBe(
      'Potwierdzona: odpowiedź miała przyjść 24 listopada 2026 i jest spóźniona',
    );
    expect(entryHeading({ kind: 'update', due_on: '2026-12-01' })).toBe(
      'Aktualizacja: odpowiemy teraz do 1 grudnia 2026',
    );
    const record = timelineText({ ...complaint, comreg: true, entries: [] });
    expect(record).toContain('Reklamacja 48 48-C-000040');
    expect(record).toContain('Stan: Potwierdzona');
    expect(record).toContain('Nie odpowiada Ci nasza odpowiedź? Możesz przekazać tę reklamację do Commission');
  });
});
