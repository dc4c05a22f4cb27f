/**
 * The names the my48 app and its service worker (src/worker) share (docs/product/phone.md, "Offline"): a file of
 * constants, so neither side carries the other's code.
 */

/** The member's last dashboard reads: deleted at log-out, on a 401 and at account deletion. */
export const MEMBER_CACHE = '48-member';
/** The app shell's pages (/my48 and /log-in), kept network-first. */
export const SHELL_CACHE = '48-shell';
/** Hashed bundles (/_astro/…), kept cache-first: a file of that name never changes. */
export const ASSET_CACHE = '48-assets';

/** On a kept answer: when it was fetched (ISO time). */
export const FETCHED_AT_HEADER = 'x-48-fetched-at';
/** On an answer the worker gave from its copy because the network failed: the time of the copy. */
export const OFFLINE_AS_OF_HEADER = 'x-48-offline-as-of';

/** The page tells the worker which bundles it loaded before the worker was in charge. */
export interface KeepMessage {
  type: 'keep';
  urls: string[];
}

/**
 * The member's session ended on this device: the worker drops the member's copies and keeps no
 * read that was still on its way (it answers on the message's port once nothing can be written).
 */
export interface ForgetMessage {
  type: 'forget';
}

/**
 * Forgets every kept answer of the member (log-out, a 401, account deletion, a new log-in): after
 * it, /my48 offline shows the log-in prompt, never the last member's balance. The window's Cache
 * API reaches the worker's caches, so this needs no worker running.
 */
export async function forgetMemberCopies(): Promise<void> {
  try {
    await globalThis.caches?.delete(MEMBER_CACHE);
  } catch {
    // No Cache API here (an insecure origin, private mode): nothing was kept either.
  }
}
