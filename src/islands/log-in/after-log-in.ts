import type { Account } from '../../contract/auth.schema.ts';
import { localPath, MY48_HOME } from '../../lib/last-url.ts';
import { isRoute } from '../../lib/paths.ts';
import { pathIn, unlocalisedPath, type Locale } from '../../contract/i18n/locales.ts';

/** The remote-login path (spec section 2): a member coming back to it goes on to the help desk. */
export const REMOTE_LOGIN_PATH = '/my48/log-in';

export type NextStep = { kind: 'go'; to: string } | { kind: 'first-login' } | { kind: 'helpdesk' };

export interface AfterLogInInput {
  account: Account;
  /** Spec section 5's rule, already applied to x-gg-emv. */
  verified: boolean;
  /** localStorage recruiterURL. */
  recruiterUrl: string | null | undefined;
  /** The last logged-in URL the guards remembered. */
  lastUrl: string | undefined;
  /** The language of the log-in page: a member still to verify goes to the sign-up page in it. */
  locale: Locale;
  /** The member's own language (the log-in answer keeps it in the `lang` cookie): my48 opens in it. */
  memberLocale?: Locale | undefined;
}

/**
 * Where a member goes after a successful log-in (spec section 2 "Login" and section 4 "Login
 * success"), in this order:
 * 1. e-mail not verified → /sign-up in the log-in page's language (keeping a verification link
 *    they had followed, in its own);
 * 2. a saved recruiter link → there (it wins over every other destination);
 * 3. the remote-login path remembered → the help desk's single sign-on;
 * 4. first log-in, existing membership → the carousel, then first_login false, then the
 *    marketing-permissions page or home (decided by firstLoginDestination);
 * 5. first log-in with a new membership → /my48 (in the member's language: /pl/my48);
 * 6. otherwise the last visited URL, /my48 in the member's language when there is none.
 */
export function nextStep({
  account,
  verified,
  recruiterUrl,
  lastUrl,
  locale,
  memberLocale,
}: AfterLogInInput): NextStep {
  const home = pathIn(memberLocale ?? locale, MY48_HOME);
  if (!verified)
    return {
      kind: 'go',
      to: lastUrl && unlocalisedPath(lastUrl).startsWith('/sign-up?') ? lastUrl : pathIn(locale, '/sign-up'),
    };
  const recruiter = localPath(recruiterUrl);
  if (recruiter) return { kind: 'go', to: recruiter };
  if (lastUrl && isRoute(unlocalisedPath(lastUrl), REMOTE_LOGIN_PATH)) return { kind: 'helpdesk' };
  if (account.first_login && !account.isNewMemberShip) return { kind: 'first-login' };
  if (account.first_login && account.isNewMemberShip) return { kind: 'go', to: home };
  return {
    kind: 'go',
    to: lastUrl && !isRoute(unlocalisedPath(lastUrl), '/log-in') && !isRoute(lastUrl, '/log-out') ? lastUrl : home,
  };
}

/**
 * After the first-login carousel: an existing member is asked for marketing permissions, else home;
 * each in the member's language (else the log-in page's).
 */
export function firstLoginDestination(account: Account, locale: Locale = 'en'): string {
  return pathIn(locale, account.capture_marketing_permissions ? '/marketing-permissions' : MY48_HOME);
}
