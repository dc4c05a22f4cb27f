/**
 * The consent banner and settings (vanilla-cookieconsent, ADR 019). This module is a chunk of its
 * own: consent-boot.ts imports it only while no choice is stored, or when the visitor asks for
 * the cookie settings, so a visitor who has chosen loads none of it.
 */
import * as CookieConsent from 'vanilla-cookieconsent';
import libraryStyles from 'vanilla-cookieconsent/dist/cookieconsent.css?url';
import themeStyles from './consent-banner.css?url';
import { applyChoice, CONSENT_COOKIE, CONSENT_DAYS, CONSENT_REVISION } from './consent.ts';

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
  // First in the page, so the keyboard meets the choice before the page (the bar is fixed: nothing moves).
  const root = document.createElement('div');
  document.body.prepend(root);
  const chosen = ({ cookie }: { cookie: CookieConsent.CookieValue }) => applyChoice(cookie.categories, tagManagerId);
  await CookieConsent.run({
    root,
    revision: CONSENT_REVISION,
    cookie: { name: CONSENT_COOKIE, expiresAfterDays: CONSENT_DAYS, sameSite: 'Lax' },
    // Shown to every browser alike (automated ones too), so what tests and audits see is what visitors see.
    hideFromBots: false,
    // A bar along the bottom, never a blocking modal: the navigation and the page stay usable.
    disablePageInteraction: false,
    guiOptions: {
      consentModal: { layout: 'bar inline', position: 'bottom', equalWeightButtons: true, flipButtons: false },
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
    // The bar leaves the page usable, so it must not tell assistive technology that the rest is inert.
    onModalReady: ({ modalName, modal }) => {
      if (modalName === 'consentModal') modal.setAttribute('aria-modal', 'false');
    },
    onModalShow: ({ modalName }) => {
      const bar = modalName === 'consentModal' ? document.querySelector<HTMLElement>('#cc-main .cm') : null;
      if (bar) document.documentElement.style.setProperty('--consent-bar', `${bar.offsetHeight + 16}px`);
    },
    language: {
      default: 'en',
      translations: {
        en: {
          consentModal: {
            title: 'Cookies on 48',
            description:
              'The site needs some cookies to work. May we also use analytics cookies, to learn which pages help, and marketing cookies, to measure our ads? <a href="/cookies-details">Cookie details</a>',
            acceptAllBtn: 'Accept all',
            acceptNecessaryBtn: 'Necessary only',
            showPreferencesBtn: 'Choose',
          },
          preferencesModal: {
            title: 'Cookie settings',
            acceptAllBtn: 'Accept all',
            acceptNecessaryBtn: 'Necessary only',
            savePreferencesBtn: 'Save my choice',
            closeIconLabel: 'Close cookie settings',
            sections: [
              {
                description:
                  'Choose which cookies 48 may use on this device. You can change your mind at any time from "Cookie settings" at the foot of every page.',
              },
              {
                title: 'Necessary',
                description:
                  'Keep you signed in to my48, protect forms and payments, and remember this choice. The site does not work without them, so they are always on.',
                linkedCategory: 'necessary',
              },
              {
                title: 'Analytics',
                description:
                  'Count visits and see which pages are used, through Google Tag Manager and Google Analytics. Nothing is set until you agree.',
                linkedCategory: 'analytics',
              },
              {
                title: 'Marketing',
                description:
                  'Measure whether our ads work and show you fewer that do not interest you. Nothing is set until you agree.',
                linkedCategory: 'marketing',
              },
              {
                title: 'Every cookie, one by one',
                description:
                  'Names, purposes and lifetimes are on the <a href="/cookies-details">cookie details</a> page.',
              },
            ],
          },
        },
      },
    },
  });
}

/** Shows the bar (run() decides: only while no valid choice is stored), or the settings when asked for. */
export async function showConsent({
  tagManagerId,
  preferences = false,
}: {
  tagManagerId: string | undefined;
  preferences?: boolean;
}): Promise<void> {
  await (started ??= start(tagManagerId));
  if (preferences) CookieConsent.showPreferences();
}
