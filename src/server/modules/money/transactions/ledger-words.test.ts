import { describe, expect, it } from 'vitest';
import { message } from '../../../../contract/i18n/messages.ts';
import { describedIn, LEDGER_WORDS } from './ledger-words.ts';

describe('a movement’s description in the member’s language', () => {
  it('reads in English as the ledger wrote it: every kind’s English words are the ledger’s own', () => {
    const written = [
      'Top-up by card',
      'Calls abroad: France',
      'Data Plus €9.99 Membership (renewed)',
      'Gift: Add-on 5 GB',
      '1.50 GB shared with you by 087 100 0001',
      'Unlocked 2 GB from The Safe',
      'Carryover: 2.50 GB kept for your next membership',
      'Donated 1 GB to the 48 community',
      'Saved 2 GB in The Safe',
      'Swapped 1 GB for 100 landline minutes',
      'Shared 1 GB with 087 100 0002',
      'Spot me: 1 GB lent to 087 100 0002 for 1 day',
      'Spot me: 2 GB lent to 087 100 0002 for 3 days',
      'Spot me: 1 GB from 087 100 0001 until 2026-12-09',
      'Spot me: 0.75 GB back from 087 100 0002',
      'Spot me: 0.75 GB back from 087 100 0002, kept in The Safe',
    ];
    for (const line of written) {
      expect(describedIn('en', line)).toBe(line);
      // The English catalogue says each the same way, so a new kind's words cannot drift from the ledger's.
      const [pattern, key] = LEDGER_WORDS.find(([p]) => p.test(line))!;
      expect(message('en', key, { ...pattern.exec(line)!.groups })).toBe(line);
    }
  });

  it('says the known kinds in Polish and Irish, the names inside as they are but a country’s; others as written', () => {
    expect(describedIn('pl', 'Top-up by card')).toBe('Doładowanie kartą');
    expect(describedIn('pl', 'Calls abroad: France')).toBe('Połączenia za granicą: Francja');
    expect(describedIn('ga', 'Data abroad: United States')).toBe(
      `${message('ga', 'ledger.dataAbroad', { place: 'Stáit Aontaithe Mheiriceá' })}`,
    );
    expect(describedIn('pl', 'Calls abroad: Atlantis')).toBe('Połączenia za granicą: Atlantis');
    expect(describedIn('pl', 'Spot me: 2 GB lent to 087 100 0002 for 3 days')).toBe(
      'Pożycz: 2 GB dla 087 100 0002, dni: 3',
    );
    expect(describedIn('ga', 'Saved 2 GB in The Safe')).toBe('Sábháladh 2 GB sa Taisceadán');
    expect(describedIn('pl', 'Data Plus €9.99 Membership (renewed)')).toBe('Data Plus €9.99 Membership (odnowiony)');
    expect(describedIn('ga', 'International calls')).toBe('Glaonna idirnáisiúnta');
    expect(describedIn('pl', 'Data Plus €9.99 Membership')).toBe('Data Plus €9.99 Membership');
  });
});
