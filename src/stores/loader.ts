import { map, type MapStore } from 'nanostores';
import { FetchError } from 'ofetch';
import { errorCode, errorMessage } from '../lib/http.ts';

/** What a read shows: loading, its data, or its error (with the API's code) and a retry. */
export interface Loaded<T, K = void> {
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** What was asked for (a receipt's id, a SIM): an answer for another key is dropped. */
  key?: K | undefined;
  data?: T | undefined;
  error?: string | undefined;
  errorCode?: string | undefined;
  /** Whether trying again may help: no answer, or the server or a service behind it failed (not a refusal). */
  retryable?: boolean | undefined;
}

export interface Loader<T, K = void> {
  $state: MapStore<Loaded<T, K>>;
  /** Reads for `key`; the data of the same key stays shown while it is read again. */
  load(key: K): Promise<void>;
  /** Reads the last key again (the error's "Try again"). */
  retry(): Promise<void>;
}

/**
 * The one data-loading cycle of my48's stores: loading → data, or the API's message
 * (a fallback when it has none) with its code, and a retry; an answer that arrives after another
 * key was asked for is dropped. Screens read `$state` and call `load`/`retry`; nothing else.
 */
export function loader<T, K = void>(
  read: (key: K) => Promise<T>,
  /** Said when the failure has no message of the API's: a function where it is said in the page's language. */
  fallbackError: string | (() => string),
  options: {
    /**
     * Keep showing the data of the key before while another is read (a list's next page: the
     * table stays in place, not a loading line), instead of only the same key's.
     */
    keepWhileLoading?: boolean;
  } = {},
): Loader<T, K> {
  const $state = map<Loaded<T, K>>({ status: 'idle' });
  let asked = 0;
  async function load(key: K): Promise<void> {
    const ticket = ++asked;
    const before = $state.get();
    const kept = options.keepWhileLoading || Object.is(before.key, key) ? before.data : undefined;
    $state.set({ status: 'loading', key, data: kept });
    try {
      const data = await read(key);
      if (ticket === asked) $state.set({ status: 'ready', key, data });
    } catch (error) {
      if (ticket === asked)
        $state.set({
          status: 'error',
          key,
          error: errorMessage(error, typeof fallbackError === 'function' ? fallbackError() : fallbackError),
          errorCode: errorCode(error),
          retryable: !(error instanceof FetchError) || error.status === undefined || error.status >= 500,
        });
    }
  }
  return { $state, load, retry: () => load($state.get().key as K) };
}
