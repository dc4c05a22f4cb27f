/**
 * Every link the portal mails or answers is on SITE_URL (config.siteUrl): never built from the
 * request's Host or X-Forwarded-Host, which a client chooses, so a token can only go to our site.
 */
export function siteLink(siteUrl: string, path: `/${string}`): string {
  return `${new URL(siteUrl).origin}${path}`;
}
