/** What a form says when the code behind it could not load (offline for a moment). */
export const UNAVAILABLE = 'The page could not load what it needs. Check your connection and try again.';

/**
 * An island's action whose module (the form's rule, the HTTP client…) loads on first use, so an
 * island page ships it only when the member acts. `unavailable` shows UNAVAILABLE if
 * the module cannot load; the next try loads it again.
 */
export function lazyAction<A extends unknown[], R>(
  load: () => Promise<(...args: A) => Promise<R>>,
  unavailable: (message: string) => void,
) {
  return async (...args: A): Promise<R | undefined> => {
    let action: (...args: A) => Promise<R>;
    try {
      action = await load();
    } catch {
      unavailable(UNAVAILABLE);
      return undefined;
    }
    return action(...args);
  };
}
