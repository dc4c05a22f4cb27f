import type { AppConfig } from '../../../../config.ts';

/**
 * Where the signed-in member is sent with their single sign-on token (spec section 2,
 * remote login). A configured help desk (HELPDESK_URL) receives it at its JWT endpoint; while
 * none is configured, the local sandbox checks the token and says whom it would sign in.
 */
export function helpdeskSsoUrl(config: Pick<AppConfig, 'helpdeskUrl' | 'sandbox'>, token: string): string | null {
  const query = `jwt=${encodeURIComponent(token)}`;
  if (config.helpdeskUrl) return `${config.helpdeskUrl.replace(/\/$/, '')}/access/jwt?${query}`;
  return config.sandbox ? `/sandbox/helpdesk/access/jwt?${query}` : null;
}
