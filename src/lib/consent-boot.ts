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
 * applied at once with no banner code; without one, the banner chunk loads. "Cookie settings"
 * buttons ([data-cookie-settings]) load it on demand.
 */
export function bootConsent(doc: Document = document): void {
  const tagManagerId = doc.querySelector<HTMLMetaElement>('meta[name="tag-manager"]')?.content || undefined;
  gtag('consent', 'default', CONSENT_DEFAULTS);
  const open = (preferences: boolean) =>
    import('./consent-banner.ts').then(({ showConsent }) => showConsent({ tagManagerId, preferences }));

  const choice = storedChoice(doc.cookie);
  if (choice) applyChoice(choice, tagManagerId);
  // A visitor who leaves before the banner's chunk arrives cancels its load: not an error, and the
  // banner comes on the next page (no choice is stored yet).
  else afterLoad(() => void open(false).catch(() => undefined));

  doc.addEventListener('click', (event) => {
    if (!(event.target instanceof Element) || !event.target.closest('[data-cookie-settings]')) return;
    event.preventDefault();
    void open(true);
  });
}
