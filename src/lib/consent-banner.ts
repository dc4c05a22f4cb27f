/**
 * The cookie settings (vanilla-cookieconsent, ADR 019). This module is a chunk of its own:
 * consent-boot.ts and the first visit's bar (consent-bar.ts) import it only when the visitor asks
 * for the settings ("Cookie settings", "Choose"), so no other visit loads any of it.
 */
import * as CookieConsent from 'vanilla-cookieconsent';
import libraryStyles from 'vanilla-cookieconsent/dist/cookieconsent.css?url';
import themeStyles from './consent-banner.css?url';
import { applyChoice, CONSENT_COOKIE, CONSENT_DAYS, CONSENT_REVISION } from './consent.ts';

/** The settings' words in English (the catalogue's `consent.*`; another language's come with its page). */
export const SETTINGS_WORDS = {
  settingsTitle: 'Cookie settings',
  acceptAll: 'Accept all',
  necessaryOnly: 'Necessary only',
  save: 'Save my choice',
  close: 'Close cookie settings',
  intro:
    'Choose which cookies 48 may use on this device. You can change your mind at any time from "Cookie settings" at the foot of every page.',
  necessary: 'Necessary',
  necessaryText:
    'Keep you signed in to my48, protect forms and payments, and remember this choice. The site does not work without them, so they are always on.',
  analytics: 'Analytics',
  analyticsText:
    'Count visits and see which pages are used, through Google Tag Manager and Google Analytics. Nothing is set until you agree.',
  marketing: 'Marketing',
  marketingText:
    'Measure whether our ads work and show you fewer that do not interest you. Nothing is set until you agree.',
  everyCookie: 'Every cookie, one by one',
  everyCookieText: 'Names, purposes and lifetimes are on the <a href="/cookies-details">cookie details</a> page.',
};

/**
 * The settings' words in the page's language: the page's #consent-words block over the English. The
 * bar reads the same block (consent-words.ts); not shared as a module, which the bundler would make a
 * chunk of its own that every first visit loads beside the bar.
 */
export function settingsWords(doc: Document = document): typeof SETTINGS_WORDS {
  try {
    const own = JSON.parse(doc.getElementById('consent-words')?.textContent || '{}') as Record<string, unknown>;
    return Object.fromEntries(
      Object.entries(SETTINGS_WORDS).map(([k, v]) => [k, typeof own[k] === 'string' ? own[k] : v]),
    ) as typeof SETTINGS_WORDS;
  } catch {
    return SETTINGS_WORDS;
  }
}

let started: Promise<void> | undefined;

/**
 * The styles come as files linked here, not imports: Astro would put an imported stylesheet into
 * every page, and a visitor who has chosen should not download the banner's 32 KB of CSS.
 */
function linkStyles(href: string): Promise<void> {
  return new Promise((resolve) => {
    const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href });
    link.addEventListener('load', () => resolve());
    link.addEventListener('error', () => resolve()); // an unstyled banner still works
    document.head.append(link);
  });
}

async function start(tagManagerId: string | undefined): Promise<void> {
  await Promise.all([linkStyles(libraryStyles), linkStyles(themeStyles)]);
  const root = document.createElement('div');
  document.body.prepend(root);
  const chosen = ({ cookie }: { cookie: CookieConsent.CookieValue }) => applyChoice(cookie.categories, tagManagerId);
  // The settings speak the page's language (docs/product/languages.md).
  const lang = document.documentElement.lang.slice(0, 2) || 'en';
  const words = settingsWords();
  await CookieConsent.run({
    root,
    revision: CONSENT_REVISION,
    cookie: { name: CONSENT_COOKIE, expiresAfterDays: CONSENT_DAYS, sameSite: 'Lax' },
    // Its own bar never shows (nor has words): the first visit's bar is consent-bar.ts, whose stored choice counts here.
    autoShow: false,
    // Shown to every browser alike (automated ones too), so what tests and audits see is what visitors see.
    hideFromBots: false,
    // A bar along the bottom, never a blocking modal: the navigation and the page stay usable.
    disablePageInteraction: false,
    guiOptions: {
      preferencesModal: { layout: 'box', equalWeightButtons: true, flipButtons: false },
    },
    categories: {
      necessary: { enabled: true, readOnly: true },
      // Refusing after accepting removes what the tags had set and reloads, so no tag keeps running.
      analytics: { autoClear: { cookies: [{ name: /^_ga/ }, { name: '_gid' }], reloadPage: true } },
      marketing: { autoClear: { cookies: [{ name: /^_gcl/ }, { name: '_fbp' }], reloadPage: true } },
    },
    onFirstConsent: chosen,
    onChange: chosen,
    language: {
      default: lang,
      translations: {
        [lang]: {
          // Its own bar is never shown (autoShow: false): consent-bar.ts is the first visit's.
          consentModal: {},
          preferencesModal: {
            title: words.settingsTitle,
            acceptAllBtn: words.acceptAll,
            acceptNecessaryBtn: words.necessaryOnly,
            savePreferencesBtn: words.save,
            closeIconLabel: words.close,
            sections: [
              { description: words.intro },
              { title: words.necessary, description: words.necessaryText, linkedCategory: 'necessary' },
              { title: words.analytics, description: words.analyticsText, linkedCategory: 'analytics' },
              { title: words.marketing, description: words.marketingText, linkedCategory: 'marketing' },
              { title: words.everyCookie, description: words.everyCookieText },
            ],
          },
        },
      },
    },
  });
}

/** Opens the cookie settings, on the stored choice if there is one. */
export async function showSettings(tagManagerId: string | undefined): Promise<void> {
  await (started ??= start(tagManagerId));
  CookieConsent.showPreferences();
}
