import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { AppConfig } from '../config.ts';
import type { StaticSite } from '../static-site.ts';
import { isPaymentPage, isPrivatePath, PRIVATE, sharedCacheable } from './cache-policy.ts';
import type { AppEnv } from './router.ts';

/** HSTS for a request that reached us (or the proxy in front) over https (docs/product/production.md). */
export const HSTS = 'max-age=31536000; includeSubDomains';

/** Adds origins to the script, frame, connect and form-action directives of a CSP. */
function allowOrigins(csp: string, origins: string[]): string {
  return csp
    .split(';')
    .map((part) => {
      const directive = part.trim().split(' ')[0];
      return ['script-src', 'frame-src', 'connect-src', 'form-action'].includes(directive ?? '')
        ? `${part.trim().replace(" 'none'", '')} ${origins.join(' ')}`
        : part.trim();
    })
    .join('; ');
}

/**
 * The security headers of every answer, in the order they apply: the payment page's own CSP (the
 * card provider's widget, there alone), the CSP and the other headers (the site's inline scripts and
 * styles by hash, reCAPTCHA and the tag manager when configured), then what a shared cache may keep
 * and HSTS.
 */
export function securityHeaders(
  config: AppConfig,
  site: Pick<StaticSite, 'inlineScripts' | 'inlineStyles'> | undefined,
  paymentOrigins: string[],
): MiddlewareHandler<AppEnv>[] {
  // reCAPTCHA (when configured) loads its script and frame from Google.
  const recaptcha = config.captcha.recaptcha
    ? [
        `https://${config.captcha.recaptcha.domain ?? 'www.google.com'}/recaptcha/`,
        'https://www.gstatic.com/recaptcha/',
      ]
    : [];
  // Google's list for Tag Manager with Google Analytics 4 and Ads; the tags load only after consent (lib/consent.ts).
  const tags = config.tagManager
    ? {
        script: ['https://*.googletagmanager.com'],
        connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
        img: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
      }
    : { script: [], connect: [], img: [] };
  // The payment page alone may load the card provider's widget (its script, frames and form posts).
  const paymentPage: MiddlewareHandler<AppEnv> = async (c, next) => {
    await next();
    const csp = c.res.headers.get('content-security-policy');
    if (csp && isPaymentPage(c.req.path) && paymentOrigins.length > 0)
      c.res.headers.set('content-security-policy', allowOrigins(csp, paymentOrigins));
  };
  const headers = secureHeaders({
    // HSTS only means something over https; it is added below when the request came that way.
    strictTransportSecurity: false,
    referrerPolicy: 'strict-origin-when-cross-origin',
    xFrameOptions: 'DENY',
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...(site?.inlineScripts ?? []), ...recaptcha, ...tags.script],
      frameSrc: recaptcha.length ? recaptcha : ["'none'"],
      styleSrc: ["'self'", ...(site?.inlineStyles ?? [])],
      imgSrc: ["'self'", 'data:', ...tags.img],
      connectSrc: ["'self'", ...(config.errorReportOrigin ? [config.errorReportOrigin] : []), ...tags.connect],
      fontSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      ...(config.cspReportUri ? { reportUri: [config.cspReportUri] } : {}),
    },
  });
  const siteIsHttps = config.siteUrl.startsWith('https://');
  const cacheAndHsts: MiddlewareHandler<AppEnv> = async (c, next) => {
    await next();
    // Nothing personal in a shared cache (http/cache-policy.ts): an answer that says nothing is
    // private, and so is the account app, the API, a sandbox, or an answer that sets a cookie.
    const cacheControl = c.res.headers.get('cache-control');
    if (
      !cacheControl ||
      ((isPrivatePath(c.req.path) || c.res.headers.has('set-cookie')) && sharedCacheable(cacheControl))
    ) {
      c.res.headers.set('cache-control', PRIVATE);
      for (const name of ['surrogate-key', 'cache-tag', 'cdn-tag']) c.res.headers.delete(name);
    }
    // A shared cache keeps one copy for every visitor, so nothing in it may come from a request: an
    // answer it may keep has HSTS when the site is https (SITE_URL), whatever scheme this request
    // said; a private answer has it when it came over https.
    const cacheable = sharedCacheable(c.res.headers.get('cache-control') ?? '');
    if (cacheable ? siteIsHttps : c.get('client').proto === 'https') c.header('strict-transport-security', HSTS);
  };
  return [paymentPage, headers, cacheAndHsts];
}
