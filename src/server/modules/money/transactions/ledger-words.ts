import { countryIn } from '../../../../contract/i18n/countries.ts';
import type { Locale } from '../../../../contract/i18n/locales.ts';
import { message, type MessageKey } from '../../../../contract/i18n/messages.ts';

/*
 * A movement's description in the member's language (docs/product/languages.md). The ledger keeps
 * each line's cause in English, as it was written (the record, and what staff read); the member's
 * list and receipts say the known kinds in their language, with the names inside (a membership,
 * a number) as they are and a country in the language's own name ("Francja"). A description none
 * of these reads stays as written.
 */
export const LEDGER_WORDS: readonly (readonly [RegExp, MessageKey])[] = [
  [/^Top-up by card$/, 'ledger.topUpByCard'],
  [/^Credit added by card$/, 'ledger.creditByCard'],
  [/^Balance carried forward$/, 'ledger.carriedForward'],
  [/^Gift of credit$/, 'ledger.giftOfCredit'],
  [/^Recruit and reward$/, 'ledger.recruitReward'],
  [/^Calls$/, 'ledger.calls'],
  [/^Calls and texts$/, 'ledger.callsAndTexts'],
  [/^Texts$/, 'ledger.texts'],
  [/^Data$/, 'ledger.data'],
  [/^International calls$/, 'ledger.internationalCalls'],
  [/^International texts$/, 'ledger.internationalTexts'],
  [/^Calls to special numbers$/, 'ledger.specialNumbers'],
  [/^Directory enquiries$/, 'ledger.directory'],
  [/^Premium rate calls$/, 'ledger.premiumRate'],
  [/^Calls abroad: (?<place>.+)$/, 'ledger.callsAbroad'],
  [/^Calls received abroad: (?<place>.+)$/, 'ledger.callsReceivedAbroad'],
  [/^Texts abroad: (?<place>.+)$/, 'ledger.textsAbroad'],
  [/^Data abroad: (?<place>.+)$/, 'ledger.dataAbroad'],
  [/^Gift: (?<name>.+)$/, 'ledger.gift'],
  [/^(?<name>.+) \(renewed\)$/, 'ledger.renewed'],
  [/^Unlocked (?<size>[\d.]+ GB) from The Safe$/, 'ledger.unlockedSafe'],
  [/^(?<size>[\d.]+ GB) shared with you by (?<number>[\d ]+)$/, 'ledger.sharedWithYou'],
  [/^Carryover: (?<size>[\d.]+ GB) kept for your next membership$/, 'ledger.carryover'],
  [/^Donated (?<size>[\d.]+ GB) to the 48 community$/, 'ledger.donated'],
  [/^Saved (?<size>[\d.]+ GB) in The Safe$/, 'ledger.savedSafe'],
  [/^Swapped (?<size>[\d.]+ GB) for (?<minutes>\d+) landline minutes$/, 'ledger.swapped'],
  [/^Shared (?<size>[\d.]+ GB) with (?<number>[\d ]+)$/, 'ledger.sharedWith'],
  [/^Spot me: (?<size>[\d.]+ GB) lent to (?<number>[\d ]+) for (?<days>\d+) days?$/, 'ledger.spotLent'],
  [/^Spot me: (?<size>[\d.]+ GB) from (?<number>[\d ]+) until (?<date>[\d-]+)$/, 'ledger.spotFrom'],
  [/^Spot me: (?<size>[\d.]+ GB) back from (?<number>[\d ]+)$/, 'ledger.spotBack'],
  [/^Spot me: (?<size>[\d.]+ GB) back from (?<number>[\d ]+), kept in The Safe$/, 'ledger.spotBackSafe'],
];

/** A ledger line's description as the member reads it in `locale`; English is the ledger's own. */
export function describedIn(locale: Locale, description: string): string {
  if (locale === 'en') return description;
  for (const [pattern, key] of LEDGER_WORDS) {
    const found = pattern.exec(description);
    if (!found) continue;
    const values: Record<string, string> = { ...found.groups };
    if (values['place'] !== undefined) values['place'] = countryIn(locale, values['place']) ?? values['place'];
    return message(locale, key, values);
  }
  return description;
}
