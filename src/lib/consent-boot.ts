import { applyChoice, CONSENT_DEFAULTS, gtag, storedChoice } from './consent.ts';

/** Once the page has loaded and the browser is idle: the banner never competes with the page's own work. */
function afterLoad(run: () => void): void {
  const idle = () =>
    'requestIdleCallback' in window ? requestIdleCallback(run, { timeout: 1500 }) : setTimeout(run, 200);
  if (document.readyState === 'complete') idle();
  else addEventListener('load', idle, { once: true });
}

/**
 * Runs on every page (components/Consent.astro). Consent Mode starts denied; a stored choice is
 * applied at once with no banner code; without one, the bar's small chunk loads (consent-bar.ts).
 * The settings (vanilla-cookieconsent, consent-banner.ts) load only when asked for: "Cookie
 * settings" buttons ([data-cookie-settings]) or the bar's "Choose".
 */
export function bootConsent(doc: Document = document): void {
  const tagManagerId = doc.querySelector<HTMLMetaElement>('meta[name="tag-manager"]')?.content || undefined;
  gtag('consent', 'default', CONSENT_DEFAULTS);
  const openSettings = () =>
    void import('./consent-banner.ts').then(({ showSettings }) => showSettings(tagManagerId)).catch(() => undefined);

  const choice = storedChoice(doc.cookie);
  if (choice) applyChoice(choice, tagManagerId);
  // A visitor who leaves before the bar's chunk arrives cancels its load: not an error, and the
  // bar comes on the next page (no choice is stored yet).
  else
    afterLoad(
      () =>
        void import('./consent-bar.ts')
          .then(({ showBar }) => showBar({ tagManagerId, openSettings }))
          .catch(() => undefined),
    );

  doc.addEventListener('click', (event) => {
    if (!(event.target instanceof Element) || !event.target.closest('[data-cookie-settings]')) return;
    event.preventDefault();
    openSettings();
  });
}
