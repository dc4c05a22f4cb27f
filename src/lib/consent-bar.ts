/**
 * The consent bar of a first visit (docs/product/operations.md, ADR 019): three choices and a link,
 * written here in a few hundred bytes, where vanilla-cookieconsent (consent-banner.ts) weighed 10 KB
 * gzip on every first visit. The library still brings the settings ("Choose", "Cookie settings"):
 * its categories, switches, focus handling and clearing of withdrawn cookies. This bar writes the
 * choice in the library's own cookie, so either reads what the other wrote.
 */
import barStyles from './consent-bar.css?url';
import {
  applyChoice,
  CATEGORIES,
  CONSENT_COOKIE,
  CONSENT_DAYS,
  CONSENT_REVISION,
  storedChoice,
  type Category,
} from './consent.ts';
import { pageWords } from './consent-words.ts';

/** The bar's words in English (the catalogue's `consent.*`; another language's come with its page). */
export const BAR_WORDS = {
  title: 'Cookies on 48',
  description:
    'The site needs some cookies to work. May we also use analytics cookies, to learn which pages help, and marketing cookies, to measure our ads?',
  details: 'Cookie details',
  /** Not a word: the cookie details page in the page's language (the catalogue's, as the settings' link). */
  detailsHref: '/cookies-details',
  acceptAll: 'Accept all',
  necessaryOnly: 'Necessary only',
  choose: 'Choose',
};

/** The library's consent identifier: a version 4 UUID (crypto.randomUUID needs a secure context). */
function consentId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The choice as vanilla-cookieconsent writes it (its fields, path, SameSite, Domain for a host with a
 * dot, Secure over https), so the settings open on it and the library counts it as given.
 */
export function choiceCookie(
  categories: readonly Category[],
  at: Date,
  place: Pick<Location, 'hostname' | 'protocol'>,
) {
  const expires = new Date(at.getTime() + CONSENT_DAYS * 86_400_000);
  const value = {
    categories,
    revision: CONSENT_REVISION,
    data: null,
    consentTimestamp: at.toISOString(),
    consentId: consentId(),
    services: Object.fromEntries(CATEGORIES.map((c) => [c, []])),
    languageCode: document.documentElement.lang.slice(0, 2) || 'en',
    lastConsentTimestamp: at.toISOString(),
    expirationTime: expires.getTime(),
  };
  return (
    `${CONSENT_COOKIE}=${encodeURIComponent(JSON.stringify(value))}; expires=${expires.toUTCString()}; Path=/; SameSite=Lax` +
    (place.hostname.includes('.') ? `; Domain=${place.hostname}` : '') +
    (place.protocol === 'https:' ? '; Secure' : '')
  );
}

let shown: HTMLElement | undefined;

/** The settings are a dialog of their own over the page: the bar steps aside while they show. */
const stepAside = () => shown && (shown.hidden = true);
const stepBack = () => shown && (shown.hidden = false);

function hide(): void {
  shown?.remove();
  shown = undefined;
  removeEventListener('cc:onModalShow', stepAside);
  removeEventListener('cc:onModalHide', stepBack);
  document.documentElement.classList.remove('consent-asked');
  document.documentElement.style.removeProperty('--consent-bar');
}

/** The stylesheet first (a link, not an import: Astro would inline it into every page). */
const styled = () =>
  new Promise<void>((resolve) => {
    const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href: barStyles });
    link.addEventListener('load', () => resolve());
    link.addEventListener('error', () => resolve()); // an unstyled bar still works
    document.head.append(link);
  });

/**
 * Shows the bar while no choice is stored. A choice made here is stored and applied at once;
 * "Choose" opens the settings (`openSettings`), and a choice saved there takes the bar away.
 */
export async function showBar({
  tagManagerId,
  openSettings,
}: {
  tagManagerId: string | undefined;
  openSettings: () => void;
}): Promise<void> {
  if (shown?.isConnected || storedChoice(document.cookie)) return;
  await styled();
  if (shown?.isConnected || storedChoice(document.cookie)) return;
  const words = pageWords(BAR_WORDS);
  const bar = document.createElement('div');
  bar.className = 'consent-bar';
  bar.lang = document.documentElement.lang;
  bar.setAttribute('role', 'dialog');
  // The page stays usable beside the bar: assistive technology must not take the rest as inert.
  bar.setAttribute('aria-modal', 'false');
  bar.setAttribute('aria-labelledby', 'consent-bar-title');
  bar.setAttribute('aria-describedby', 'consent-bar-text');
  const title = Object.assign(document.createElement('h2'), { id: 'consent-bar-title', textContent: words.title });
  const text = Object.assign(document.createElement('p'), { id: 'consent-bar-text' });
  const details = Object.assign(document.createElement('a'), {
    href: words.detailsHref,
    textContent: words.details,
  });
  text.append(`${words.description} `, details);
  const texts = document.createElement('div');
  texts.className = 'consent-bar__texts';
  texts.append(title, text);
  const buttons = document.createElement('div');
  buttons.className = 'consent-bar__buttons';
  const button = (label: string, act: () => void, secondary = false) => {
    const b = Object.assign(document.createElement('button'), { type: 'button', textContent: label });
    if (secondary) b.className = 'consent-bar__secondary';
    b.addEventListener('click', act);
    buttons.append(b);
  };
  const choose = (categories: readonly Category[]) => {
    document.cookie = choiceCookie(categories, new Date(), location);
    hide();
    applyChoice(categories, tagManagerId);
  };
  button(words.acceptAll, () => choose(CATEGORIES));
  button(words.necessaryOnly, () => choose(['necessary']));
  button(words.choose, openSettings, true);
  bar.append(texts, buttons);
  // First in the page, so the keyboard meets the choice before the page (the bar is fixed: nothing moves).
  document.body.prepend(bar);
  shown = bar;
  document.documentElement.classList.add('consent-asked');
  document.documentElement.style.setProperty('--consent-bar', `${bar.offsetHeight + 16}px`);
  // Whichever opened the settings ("Choose" or a "Cookie settings" button), the bar steps aside while
  // they show (on a phone it would cover their buttons) and comes back if they close with nothing
  // chosen; a choice saved there (the library's own events) ends the bar.
  addEventListener('cc:onModalShow', stepAside);
  addEventListener('cc:onModalHide', stepBack);
  addEventListener('cc:onFirstConsent', hide, { once: true });
}
