import { describe, expect, it } from 'vitest';
import { requestMessages, requestWhatSaid } from '../../../contract/household-requests.schema.ts';
import { householdMessages } from '../../../contract/household.schema.ts';
import { revivedNotice, sayIn } from '../alerts/index.ts';
import { describe as change, lastDayOf } from './controls/record.ts';
import { sayAnswer } from './said.ts';

/** The household's answers in English are the contract's words as they always were, letter for letter. */
const en = (value: Parameters<typeof sayIn>[1]) => sayIn('en', value);

describe('the household’s answers', () => {
  it('say the contract’s English words', () => {
    const m = householdMessages;
    expect(en(m.invited('087 100 0037'))).toBe(
      'We e-mailed a code to the member of 087 100 0037. They accept in their own my48 (Settings → Household) within 10 minutes.',
    );
    expect([m.cancelled, m.declined, m.removed, m.left, m.resumed].map(en)).toEqual([
      'Invitation withdrawn.',
      'Invitation declined.',
      'The line is out of your household.',
      'You left the household.',
      'Resuming at the network…',
    ]);
    expect(en(m.joined('Fiona Byrne'))).toBe("Your line is part of Fiona Byrne's household now.");
    expect(en(m.bought('Data Plus €9.99 Membership', 'Aoife Byrne'))).toBe(
      'Data Plus €9.99 Membership bought for Aoife Byrne.',
    );
    expect(en(m.credited(1000, 'Aoife Byrne'))).toBe('€10.00 of credit added for Aoife Byrne.');
    expect(en(m.filterSet('premiumRate', true))).toBe('Bar on premium-rate numbers switching on at the network…');
    expect(en(m.filterSet('contentFilter', false))).toBe('Adult content filter switching off at the network…');
    expect([m.paused('all'), m.paused('data')].map(en)).toEqual([
      'Pausing all service at the network…',
      'Pausing data at the network…',
    ]);
    expect([m.sharingSet(true), m.sharingSet(false)].map(en)).toEqual([
      'The line can spot and share data with any number again.',
      'The line spots and shares data within the household only.',
    ]);
    expect([m.capSet(null), m.capSet(5)].map(en)).toEqual([
      'No household cap: the membership’s allowance is the line’s.',
      "The line's data is capped at 5 GB a period.",
    ]);
    expect([m.under18Asked, m.under18Removed, m.under18Accepted, m.under18Declined].map(en)).toEqual([
      'We asked the line to accept. Its member answers in their own my48 (Settings → Household).',
      'The line is no longer marked under 18.',
      'Your line is marked under 18: its filters and bars are switching on.',
      'You declined. Your line is not marked under 18.',
    ]);
    expect([m.roleSet('manager'), m.roleSet('member')].map(en)).toEqual([
      'They can run the household’s lines with you now.',
      'They are a member of the household again.',
    ]);
    expect([m.limitSet(null), m.limitSet(2050)].map(en)).toEqual([
      'No limit on the line’s own card purchases.',
      'The line can spend €20.50 a month by card.',
    ]);
    const r = requestMessages;
    expect([r.asked, r.declined, r.withdrawn].map(en)).toEqual([
      'Asked. Your household has been told.',
      'Declined. The line has been told.',
      'Withdrawn.',
    ]);
    expect(en(r.approved(requestWhatSaid({ kind: 'dataCap', gb: 8 }), 'Aoife Byrne'))).toBe(
      'Approved: A data cap of 8 GB for Aoife Byrne.',
    );
  });

  it('say a request’s what and an answer’s message in the asker’s language, the rest as it is', () => {
    const answer = {
      id: 7,
      what: requestWhatSaid({ kind: 'roaming' }),
      message: householdMessages.removed,
      note: null,
    };
    expect(sayAnswer('pl', answer)).toEqual({
      id: 7,
      what: 'Dane w roamingu ponad limit w tym miesiącu',
      message: 'Linia nie należy już do Twojego gospodarstwa.',
      note: null,
    });
    expect(sayAnswer('en', { ssn: '1', message: undefined })).toEqual({ ssn: '1', message: undefined });
  });

  it('keep a line’s history in English as written, and say it again in the reader’s language from the database', () => {
    const until = new Date('2027-03-02T00:00:00Z');
    const paused = { say: 'household.history.pausedData', values: { until: lastDayOf(until) } } as const;
    expect(en(paused)).toBe('paused data until 1 March.');
    const confirmed = { say: 'household.history.confirmed', values: { what: change('pause', 'all', until) } } as const;
    expect(en(confirmed)).toBe('confirmed: all service paused until 1 March.');
    expect(en(change('premiumRate', 'off', null))).toBe('the bar on premium-rate numbers switched off');
    // As jsonb gives it back: its day a string, made a day again.
    const stored = JSON.parse(JSON.stringify(confirmed)) as Parameters<typeof revivedNotice>[0];
    expect(sayIn('pl', revivedNotice(stored))).toBe('potwierdzenie: cała usługa wstrzymana do 1 marca.');
  });
});
