import type { KeepMessage } from '../lib/offline-names.ts';
import { $workerTookOver } from '../stores/offline.ts';

/**
 * The my48 app's service worker (docs/product/phone.md, "Offline"; ADR 025): registered here only, so content
 * and island pages load nothing for it. Once it is ready, it is told which bundles this page loaded
 * before it was in charge, so the app shell opens offline from the first visit.
 */
export function registerWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  if (!navigator.serviceWorker.controller)
    navigator.serviceWorker.addEventListener('controllerchange', () => $workerTookOver.set($workerTookOver.get() + 1), {
      once: true,
    });
  const keep = (worker: ServiceWorker | null | undefined) => {
    const own = performance
      .getEntriesByType('resource')
      .map((e) => e.name)
      .filter((url) => url.startsWith(`${location.origin}/_astro/`));
    worker?.postMessage({ type: 'keep', urls: own } satisfies KeepMessage);
  };
  navigator.serviceWorker
    .register('/sw.js')
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => keep(registration.active))
    // No worker (a development server, a browser that refuses it): the app works online as before.
    .catch(() => undefined);
}

/** The banner's time (docs/product/phone.md's example: "14:05, 23 November"), in Irish time as every date of the portal. */
export function asOfText(iso: string, tag = 'en-IE', lastVisit = 'your last visit'): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return lastVisit;
  const time = new Intl.DateTimeFormat(tag, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'Europe/Dublin',
  }).format(at);
  const day = new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'long', timeZone: 'Europe/Dublin' }).format(at);
  return `${time}, ${day}`;
}

/**
 * While offline: try again when the browser says the connection is back, and every 15 seconds
 * (a connection can come back without the event: a captive portal, a server that was down).
 * Returns the stop.
 */
export function watchReconnect(refresh: () => void): () => void {
  window.addEventListener('online', refresh);
  const timer = setInterval(refresh, 15_000);
  return () => {
    window.removeEventListener('online', refresh);
    clearInterval(timer);
  };
}
