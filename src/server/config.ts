import type { CaptchaConfig } from './integrations/captcha/index.ts';
import type { SanitySettings } from '../contract/content-sources.ts';
import type { Vapid } from './vapid.ts';

/** What the server is configured with (built from env.ts by main.ts; tests build their own). */
export interface AppConfig {
  /** Signs XSRF tokens; server-only. */
  sessionSecret: string;
  emvKeyBase64: string;
  /** The public origin of site and API, e.g. https://www.48.ie. */
  siteUrl: string;
  /** Origins besides the server's own that may call the API from a browser. */
  allowedOrigins: string[];
  /** TRUST_PROXY: the proxies whose forwarded headers say the client's address, scheme and host. */
  trustProxy?: string[];
  /** The origin browsers send error reports to (the site's PUBLIC_SENTRY_DSN), allowed by the CSP's connect-src. */
  errorReportOrigin?: string;
  /** Where browsers report what the CSP refused (http/csp-reports.ts): Sentry's security endpoint, the sandbox's collector, or none. */
  cspReportUri?: string;
  /** Whether the site was built with a tag manager (PUBLIC_GTM_ID): the CSP then allows Google's tag and analytics origins. */
  tagManager?: boolean;
  rateLimit: { windowMs: number; loginPerIp: number; loginFailuresPerAccount: number };
  /** Signs the help-desk single sign-on token (HS512); server-only. */
  helpdeskSecret: string;
  /** Local stand-ins for outside services (the mail outbox page) while none is configured. */
  sandbox: boolean;
  /** The member factory over HTTP for the browser tests (POST /sandbox/test-members); never in production. */
  testMembers?: boolean;
  /** Signs the help desk's webhook (agents' steps on tickets): unset, the webhook answers 503. */
  helpdeskWebhookSecret?: string;
  /** Signs the chat desk's webhooks (Chatwoot); unset, the webhook does not exist. */
  chatWebhookSecret?: string;
  /** The help desk's address (its JWT single sign-on lives at /access/jwt); the sandbox's when unset. */
  helpdeskUrl?: string;
  captcha: CaptchaConfig;
  /**
   * Passkeys' relying party (docs/product/phone.md): in production SITE_URL's hostname and origin; unset
   * (development, tests), the request's own, so passkeys work on http://localhost.
   */
  relyingParty?: { id: string; origin: string };
  /**
   * The mobile network (docs/product/network.md): the secret its events are signed with (unset: no
   * listener), and how long the sandbox network takes over each step of an order (null: only by hand).
   */
  network?: { eventSecret?: string; sandboxDelayMs?: number | null; ratesUsage?: boolean };
  /** Where the published content comes from when it is Sanity (SANITY_*); none: the content/ folder. */
  contentSource?: SanitySettings;
  /** Web Push (docs/product/phone.md): the VAPID keys (unset: no push) and the push services allowed besides the browsers' own. */
  push?: { vapid?: Vapid; endpointOrigins: string[] };
  /**
   * Credit back by bank transfer (docs/product/money.md): finance's page credential (unset: the page
   * is off) and the account refunds are paid from (unset: none, or the sandbox's where sandboxes answer).
   */
  /**
   * The staff console's sign-in (docs/product/staff.md): the identity provider's issuer and this
   * client; absent, the console is off (its endpoints answer 401 and its sign-in says so).
   */
  staff?: { issuer: string; clientId: string; clientSecret: string; roleClaim: string; requireMfa: boolean };
  finance?: {
    debtor?: { name: string; iban: string; bic: string; painFormat?: 'pain.001.001.09' | 'pain.001.001.03' };
  };
}
