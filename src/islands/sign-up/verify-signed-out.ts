import { rememberLastUrl } from '../../lib/last-url.ts';

/**
 * A verification link opened signed out (rare): where to come back to after the log-in. Loaded only
 * then, as a module of its own, so the pages that remember a last URL at once (the log-out) are not
 * made to load the bundler's helper for a module loaded later.
 */
export function comeBackTo(path: string): void {
  rememberLastUrl(path);
}
