import { z } from 'zod';
import { credential, type Integration, integration, settings } from '../integration.ts';
import { bunnyCdn, cloudflareCdn, fastlyCdn, isSandboxCdn, sandboxCdn, varnishCdn, type CdnAdapter } from './index.ts';
import { cdnSandboxRoutes } from './sandbox.ts';

/** The settings each provider needs, named when one is missing. */
const PROVIDER_SETTINGS = {
  fastly: ['FASTLY_API_TOKEN', 'FASTLY_SERVICE_ID'],
  cloudflare: ['CLOUDFLARE_API_TOKEN', 'CLOUDFLARE_ZONE_ID'],
  bunny: ['BUNNY_API_KEY', 'BUNNY_PULL_ZONE_ID'],
  varnish: ['VARNISH_URLS'],
  none: [],
} as const;

/**
 * The CDN in front of the site, purged after each publish by the keys its pages carry (deploy/README.md):
 * fastly, cloudflare, bunny, varnish or none. Unset: none in production, the sandbox elsewhere
 * (/sandbox/cdn records the purges).
 */
export const cdnSettings = settings({
  shape: {
    CDN_PROVIDER: z.enum(['fastly', 'cloudflare', 'bunny', 'varnish', 'none']).optional(),
    /** How long a shared cache (the CDN) may keep a page without a purge, in seconds (s-maxage); a day by default. */
    CDN_MAX_AGE_S: z.coerce.number().int().min(1).max(31_536_000).default(86_400),
    /** The CDN's API address, for a stand-in (tests); unset: the provider's own. */
    CDN_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
    FASTLY_API_TOKEN: credential(),
    FASTLY_SERVICE_ID: credential(),
    CLOUDFLARE_API_TOKEN: credential(),
    CLOUDFLARE_ZONE_ID: credential(),
    BUNNY_API_KEY: credential(),
    BUNNY_PULL_ZONE_ID: credential(),
    /** Every Varnish in front, comma-separated (http://varnish:80): each is sent the purge (a BAN). */
    VARNISH_URLS: z
      .string()
      .optional()
      .transform((value, ctx) => {
        const urls = (value ?? '')
          .split(',')
          .map((u) => u.trim())
          .filter(Boolean);
        for (const url of urls)
          if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol))
            ctx.addIssue({ code: 'custom', message: `${url} is not an http(s) URL` });
        return urls;
      }),
  },
  problem: (s) => {
    if (!s.CDN_PROVIDER) return undefined;
    const missing = PROVIDER_SETTINGS[s.CDN_PROVIDER].filter((name) => {
      const value = s[name];
      return Array.isArray(value) ? value.length === 0 : !value;
    });
    return missing.length > 0 ? `CDN_PROVIDER=${s.CDN_PROVIDER} needs ${missing.join(' and ')}` : undefined;
  },
  adapter: (s, { clock, production }): CdnAdapter | undefined => {
    const apiUrl = s.CDN_API_URL;
    switch (s.CDN_PROVIDER) {
      case 'fastly':
        return fastlyCdn({ token: s.FASTLY_API_TOKEN!, serviceId: s.FASTLY_SERVICE_ID!, apiUrl });
      case 'cloudflare':
        return cloudflareCdn({ token: s.CLOUDFLARE_API_TOKEN!, zoneId: s.CLOUDFLARE_ZONE_ID!, apiUrl });
      case 'bunny':
        return bunnyCdn({ apiKey: s.BUNNY_API_KEY!, pullZoneId: s.BUNNY_PULL_ZONE_ID!, apiUrl });
      case 'varnish':
        return varnishCdn({ urls: s.VARNISH_URLS });
      case 'none':
        return undefined;
      default:
        return production ? undefined : sandboxCdn(clock);
    }
  },
});

/** The CDN in front of the site: the sandbox by default (main.ts passes the CDN that CDN_PROVIDER names). */
export const cdn: Integration<CdnAdapter> = integration<CdnAdapter>({
  create: ({ clock }) => sandboxCdn(clock),
  sandboxRoutes: (adapter) => (isSandboxCdn(adapter) ? cdnSandboxRoutes(adapter) : undefined),
});
