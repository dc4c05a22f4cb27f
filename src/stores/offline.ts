import { atom } from 'nanostores';

/**
 * Offline (docs/product/phone.md): when the member's figures were fetched, if the last protected read was
 * answered by the service worker from its copy; undefined once the network answers again. Set by
 * the HTTP client from the worker's header, read by the my48 app's banner and its actions.
 */
export const $offlineAsOf = atom<string | undefined>(undefined);

/**
 * Counts the times the service worker took charge of this page (its first visit: the dashboard's
 * reads were made before it could keep them). The dashboard reads again then, so the last balance
 * is kept from the first visit on.
 */
export const $workerTookOver = atom(0);
