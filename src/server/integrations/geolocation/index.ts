import type { GeolocationAnswer } from '../../../contract/coverage.ts';

/**
 * IP geolocation (spec sections 3, 7 and 8): a GET to a GeoIP-style service with a referrer
 * parameter, answering country, city, location, postal, subdivisions and traits. Its failures
 * are HTTP_ERROR (it answered, but not with a place) and HTTP_TIMEOUT (it did not answer in
 * time). The sandbox is the default; GEOIP_URL (and GEOIP_TOKEN) select the real service.
 */
export type GeolocationOutcome =
  { ok: true; value: GeolocationAnswer } | { ok: false; code: 'HTTP_ERROR' | 'HTTP_TIMEOUT' };

export interface GeolocationAdapter {
  lookup(ip: string, referrer: string): Promise<GeolocationOutcome>;
}

/** Places the sandbox can answer with (a person testing picks one at /sandbox/geolocation). */
export const SANDBOX_PLACES: Record<string, GeolocationAnswer> = {
  galway: {
    country: { iso_code: 'IE', names: { en: 'Ireland' } },
    city: { names: { en: 'Galway' } },
    location: { latitude: 53.2707, longitude: -9.0568, accuracy_radius: 20 },
    postal: { code: 'H91' },
    subdivisions: [{ iso_code: 'G', names: { en: 'Galway' } }],
    traits: { ip_address: '' },
  },
  dublin: {
    country: { iso_code: 'IE', names: { en: 'Ireland' } },
    city: { names: { en: 'Dublin' } },
    location: { latitude: 53.3498, longitude: -6.2603, accuracy_radius: 10 },
    postal: { code: 'D01' },
    subdivisions: [{ iso_code: 'D', names: { en: 'Dublin' } }],
    traits: { ip_address: '' },
  },
  letterkenny: {
    country: { iso_code: 'IE', names: { en: 'Ireland' } },
    city: { names: { en: 'Letterkenny' } },
    location: { latitude: 54.9558, longitude: -7.7342, accuracy_radius: 50 },
    postal: { code: null },
    subdivisions: [{ iso_code: 'DL', names: { en: 'Donegal' } }],
    traits: { ip_address: '' },
  },
  london: {
    country: { iso_code: 'GB', names: { en: 'United Kingdom' } },
    city: { names: { en: 'London' } },
    location: { latitude: 51.5072, longitude: -0.1276, accuracy_radius: 20 },
    postal: { code: 'EC1' },
    subdivisions: [{ iso_code: 'ENG', names: { en: 'England' } }],
    traits: { ip_address: '' },
  },
};
export type SandboxMode = keyof typeof SANDBOX_PLACES | 'HTTP_ERROR' | 'HTTP_TIMEOUT';
export const SANDBOX_MODES = [...Object.keys(SANDBOX_PLACES), 'HTTP_ERROR', 'HTTP_TIMEOUT'] as SandboxMode[];

export interface SandboxGeolocation extends GeolocationAdapter {
  sandbox: true;
  mode: SandboxMode;
  /** The lookups asked of it, newest last (at most 50), so a person can see the referrer sent. */
  calls: { ip: string; referrer: string; mode: SandboxMode; at: string }[];
}

export function sandboxGeolocation(mode: SandboxMode = 'galway'): SandboxGeolocation {
  const adapter: SandboxGeolocation = {
    sandbox: true,
    mode,
    calls: [],
    async lookup(ip, referrer) {
      adapter.calls.push({ ip, referrer, mode: adapter.mode, at: new Date().toISOString() });
      if (adapter.calls.length > 50) adapter.calls.shift();
      if (adapter.mode === 'HTTP_ERROR' || adapter.mode === 'HTTP_TIMEOUT') return { ok: false, code: adapter.mode };
      const place = SANDBOX_PLACES[adapter.mode]!;
      return { ok: true, value: { ...place, traits: { ip_address: ip } } };
    },
  };
  return adapter;
}

/** The real service: GET {url}/{ip}?referrer=…, a bearer token if set, a 3-second limit. */
export function serviceGeolocation(
  config: { url: string; token?: string; timeoutMs?: number },
  fetchImpl: typeof fetch = fetch,
): GeolocationAdapter {
  return {
    async lookup(ip, referrer) {
      const url = new URL(`${config.url.replace(/\/$/, '')}/${encodeURIComponent(ip)}`);
      url.searchParams.set('referrer', referrer);
      try {
        const res = await fetchImpl(url, {
          headers: { accept: 'application/json', ...(config.token ? { authorization: `Bearer ${config.token}` } : {}) },
          signal: AbortSignal.timeout(config.timeoutMs ?? 3000),
        });
        if (!res.ok) return { ok: false, code: 'HTTP_ERROR' };
        const body = (await res.json()) as Partial<GeolocationAnswer>;
        if (!body.location || typeof body.location.latitude !== 'number' || typeof body.location.longitude !== 'number')
          return { ok: false, code: 'HTTP_ERROR' };
        return {
          ok: true,
          value: {
            country: body.country ?? null,
            city: body.city ?? null,
            location: body.location,
            postal: body.postal ?? null,
            subdivisions: body.subdivisions ?? [],
            traits: body.traits ?? { ip_address: ip },
          },
        };
      } catch (error) {
        return {
          ok: false,
          code:
            error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
              ? 'HTTP_TIMEOUT'
              : 'HTTP_ERROR',
        };
      }
    },
  };
}
