import type { Locale } from '../contract/i18n/locales.ts';
import { isMessageKey, message } from '../contract/i18n/messages.ts';

/**
 * A menu name in `locale`. The spec's names (navigation.ts) are English and their own catalogue
 * keys (`menu.About Us`), so English shows them exactly; a name the catalogue lacks fails the build.
 */
export function navLabel(locale: Locale, prefix: 'menu' | 'footer.link' = 'menu') {
  return (name: string): string => {
    const key = `${prefix}.${name}`;
    if (!isMessageKey(key)) throw new Error(`the catalogue has no "${key}"`);
    return message(locale, key);
  };
}
