import { afterEach, describe, expect, it } from 'vitest';
import { flexiFailures, flexiMessages, type FlexiOverview } from '../../../contract/flexi-data.schema.ts';
import { shortDate as ddmmyy } from '../../../lib/format.ts';
import { amountChoices, blockedMessage, leavesText, monthText } from './flexi-data-rules.ts';
import { KB_PER_GB } from '../../../contract/constants.ts';
import { catalogues } from '../../../contract/i18n/messages.ts';
import { speak } from '../../speech.ts';
import { my48SpeechIn } from '../../speech-build.ts';
import { confirmText } from './flexi-data-store.ts';

const GB = KB_PER_GB;
const overview = (
  over: Partial<FlexiOverview> = {},
  membership: Partial<NonNullable<FlexiOverview['membership']>> = {},
): FlexiOverview => ({
  membership: {
    sku: 'BDDT00',
    name: 'Data Plus €9.99 Membership',
    ends_at: '2026-12-02T10:00:00.000Z',
    unlimited: false,
    unused_kb: 5 * GB,
    landline_minutes: { max: 300, used: 0, left: 300 },
    continues: false,
    ...membership,
  },
  month_action: null,
  safe_kb: 3 * GB,
  carry_forward_kb: 0,
  carryover_kb: 0,
  addon_kb: 0,
  spotted_in: [],
  spotted_out: [],
  legacy: { isLegacyUser: false, memberShipType: null },
  ...over,
});

describe('flexi-data rules', () => {
  it('offers whole GB up to what there is, never more', () => {
    expect(amountChoices(5 * GB)).toEqual([1, 2, 3, 4, 5]);
    expect(amountChoices(2.9 * GB)).toEqual([1, 2]);
    expect(amountChoices(0.5 * GB)).toEqual([]);
    expect(amountChoices(500 * GB, 10)).toHaveLength(10);
  });

  it("says the server's refusal before the member tries", () => {
    expect(blockedMessage('carryover', overview({ membership: null }))).toBe(flexiMessages.noMembership);
    expect(blockedMessage('carryover', overview({}, { unlimited: true }))).toBe(flexiMessages.carryoverNotAvailable);
    expect(blockedMessage('carryover', overview({}, { unused_kb: 0.2 * GB }))).toBe(flexiMessages.carryoverLowBalance);
    const carried = overview({ month_action: { action: 'carryover', data_kb: GB, at: '2026-11-01T00:00:00Z' } });
    expect(blockedMessage('donate', carried)).toBe(flexiMessages.alreadyCarriedOver);
    expect(blockedMessage('save', carried)).toBe(flexiMessages.alreadyCarriedOver);
    expect(blockedMessage('swap', carried)).toBeNull();
    expect(blockedMessage('swap', overview({}, { landline_minutes: { max: null, used: 0, left: null } }))).toBe(
      flexiFailures.swap.noLandlineLimit.message,
    );
    expect(blockedMessage('unlock', overview({ safe_kb: null }))).toBe(flexiMessages.safeUnavailable);
    expect(blockedMessage('unlock', overview({ safe_kb: 0 }))).toMatch(/less than 1 GB/);
    expect(blockedMessage('share', overview())).toBeNull();
  });

  it('says what an action leaves', () => {
    expect(leavesText('save', overview(), 2)).toBe('You will have 3.00 GB unused and 5.00 GB in The Safe.');
    expect(leavesText('unlock', overview(), 2)).toBe('The Safe will hold 1.00 GB and you will have 7.00 GB unused.');
    expect(leavesText('swap', overview(), 1)).toBe('You will have 4.00 GB unused and 400 landline minutes left.');
    expect(leavesText('carryover', overview(), 0)).toBe(
      'All 5.00 GB moves to your next membership; this one keeps 0.00 GB of its own data.',
    );
    expect(monthText(overview({ month_action: { action: 'safe', data_kb: 2 * GB, at: '' } }))).toMatch(
      /^This month you saved 2.00 GB/,
    );
  });

  it('writes the end date as dd.mm.yy in Irish time', () => {
    expect(ddmmyy('2026-12-02T10:00:00.000Z')).toBe('02.12.26');
    expect(ddmmyy('2026-06-30T23:30:00.000Z')).toBe('01.07.26');
  });
});

describe('flexi data in Polish and Irish', () => {
  afterEach(() => speak(my48SpeechIn('en')));

  it('says a refusal in the server’s own words for the page’s language, the action’s where they differ', () => {
    speak(my48SpeechIn('pl'));
    expect(blockedMessage('donate', overview({}, { unused_kb: 0.5 * GB }))).toBe(
      catalogues.pl['error.flexi.lowBalance.donate'],
    );
    expect(blockedMessage('carryover', overview({}, { unused_kb: 0.5 * GB }))).toBe(
      'Przeniesienie niedostępne z powodu niskiego stanu!',
    );
    expect(blockedMessage('save', overview({ membership: null }))).toBe('Przepraszamy, nie masz aktywnego pakietu.');
  });

  it('says what an action leaves and asks before it, with the language’s decimals and plurals', () => {
    speak(my48SpeechIn('pl'));
    expect(leavesText('swap', overview(), 2)).toBe(
      'Zostanie Ci 3,00 GB niewykorzystanych danych i 500 minut na stacjonarne.',
    );
    expect(
      monthText(overview({ month_action: { action: 'safe', data_kb: 1.5 * GB, at: '2026-12-01T10:00:00.000Z' } })),
    ).toMatch(/^W tym miesiącu odłożono 1,50 GB\./);
    expect(confirmText({ action: 'spotme', amountGb: 2, msisdn: '0871000001', days: 2 })).toEqual({
      title: 'Pożyczyć 2 GB dla 087 100 0001?',
      body: 'Na 2 dni; to, czego nie wykorzysta do tego czasu, wróci do Ciebie.',
      yes: 'Tak, pożycz',
    });
    speak(my48SpeechIn('ga'));
    expect(confirmText({ action: 'swap', amountGb: 1, msisdn: '' }).title).toBe(
      '1 GB a mhalartú ar 100 nóiméad líne talún?',
    );
  });
});
