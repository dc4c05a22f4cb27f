import { transliterate } from 'transliteration';

/**
 * A name in the SEPA character set (the EPC's "Latin character set": a–z, A–Z, 0–9 and / - ? : ( ) . , ' +
 * and space), for the bank's file: every script transliterated first (`transliteration`: Βασίλης
 * Παπαδόπουλος → Vasilis Papadopoylos, Łukasz Żółć → Lukasz Zolc, Méabh Ó Dálaigh → Meabh O Dalaigh),
 * what is left outside the set dropped, spaces folded, at most 70 characters (Max70Text).
 */
export function sepaText(text: string): string {
  return transliterate(text.replace(/’/g, "'"), { unknown: '' })
    .replace(/[^A-Za-z0-9/\-?:().,'+ ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 70)
    .trim();
}

/** Whether a name still says something in the SEPA character set (two letters at least): the beneficiary's name is mandatory. */
export const sepaNameReadable = (name: string) => (sepaText(name).match(/[A-Za-z]/g) ?? []).length >= 2;
