import { localeOfPath, type Locale } from '../contract/i18n/locales.ts';
import { learn, type My48WordGroup, type ScreenWords } from './speech.ts';

/*
 * A screen's words come with its chunk, in the page's language only (docs/product/languages.md):
 * each group in each language is a module of its own, made at build from the catalogue
 * (astro.config.mjs, my48Words), so a Polish page fetches the Polish words of the screen it opens.
 */
type Chunk = () => Promise<{ default: ScreenWords }>;
const CHUNKS: Record<Locale, Record<My48WordGroup, Chunk>> = {
  en: {
    usage: () => import('virtual:my48-words/en/usage'),
    flexi: () => import('virtual:my48-words/en/flexi'),
    transactions: () => import('virtual:my48-words/en/transactions'),
    roaming: () => import('virtual:my48-words/en/roaming'),
    creditBack: () => import('virtual:my48-words/en/creditBack'),
    account: () => import('virtual:my48-words/en/account'),
    controls: () => import('virtual:my48-words/en/controls'),
    sim: () => import('virtual:my48-words/en/sim'),
    household: () => import('virtual:my48-words/en/household'),
    support: () => import('virtual:my48-words/en/support'),
    recruit: () => import('virtual:my48-words/en/recruit'),
    phones: () => import('virtual:my48-words/en/phones'),
    offers: () => import('virtual:my48-words/en/offers'),
  },
  ga: {
    usage: () => import('virtual:my48-words/ga/usage'),
    flexi: () => import('virtual:my48-words/ga/flexi'),
    transactions: () => import('virtual:my48-words/ga/transactions'),
    roaming: () => import('virtual:my48-words/ga/roaming'),
    creditBack: () => import('virtual:my48-words/ga/creditBack'),
    account: () => import('virtual:my48-words/ga/account'),
    controls: () => import('virtual:my48-words/ga/controls'),
    sim: () => import('virtual:my48-words/ga/sim'),
    household: () => import('virtual:my48-words/ga/household'),
    support: () => import('virtual:my48-words/ga/support'),
    recruit: () => import('virtual:my48-words/ga/recruit'),
    phones: () => import('virtual:my48-words/ga/phones'),
    offers: () => import('virtual:my48-words/ga/offers'),
  },
  pl: {
    usage: () => import('virtual:my48-words/pl/usage'),
    flexi: () => import('virtual:my48-words/pl/flexi'),
    transactions: () => import('virtual:my48-words/pl/transactions'),
    roaming: () => import('virtual:my48-words/pl/roaming'),
    creditBack: () => import('virtual:my48-words/pl/creditBack'),
    account: () => import('virtual:my48-words/pl/account'),
    controls: () => import('virtual:my48-words/pl/controls'),
    sim: () => import('virtual:my48-words/pl/sim'),
    household: () => import('virtual:my48-words/pl/household'),
    support: () => import('virtual:my48-words/pl/support'),
    recruit: () => import('virtual:my48-words/pl/recruit'),
    phones: () => import('virtual:my48-words/pl/phones'),
    offers: () => import('virtual:my48-words/pl/offers'),
  },
};

const loading = new Map<My48WordGroup, Promise<void>>();

/**
 * Loads a group's words in the page's language (once), then the screens say them. The language is
 * the page's path's: a screen's chunk may be asked for before the shell has spoken (preloadScreen).
 */
export function loadWords(group: My48WordGroup): Promise<void> {
  let once = loading.get(group);
  if (!once) {
    once = CHUNKS[localeOfPath(location.pathname)][group]().then((m) => learn(m.default));
    // A failure (offline) may be tried again with the screen.
    once.catch(() => loading.delete(group));
    loading.set(group, once);
  }
  return once;
}
