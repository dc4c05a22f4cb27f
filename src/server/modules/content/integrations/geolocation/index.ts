import type { GeolocationAnswer } from '../../../../../contract/coverage.ts';

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

/** A GeoIP-shaped answer for a place: the service's nesting said once. */
function place(
  country: [iso: string, name: string],
  city: string,
  [latitude, longitude, accuracy_radius]: [number, number, number],
  postal: string | null,
  subdivision: [iso: string, name: string],
): GeolocationAnswer {
  return {
    country: { iso_code: country[0], names: { en: country[1] } },
    city: { names: { en: city } },
    location: { latitude, longitude, accuracy_radius },
    postal: { code: postal },
    subdivisions: [{ iso_code: subdivision[0], names: { en: subdivision[1] } }],
    traits: { ip_address: '' },
  };
}

const IRELAND: [string, string] = ['IE', 'Ireland'];

/** Places the sandbox can answer with (a person testing picks one at /sandbox/geolocation). */
export const SANDBOX_PLACES: Record<string, GeolocationAnswer> = {
  galway: place(IRELAND, 'Galway', [53.2707, -9.0568, 20], 'H91', ['G', 'Galway']),
  dublin: place(IRELAND, 'Dublin', [53.3498, -6.2603, 10], 'D01', ['D', 'Dublin']),
  letterkenny: place(IRELAND, 'Letterkenny', [54.9558, -7.7342, 50], null, ['DL', 'Donegal']),
  london: place(['GB', 'United Kingdom'], 'London', [51.5072, -0.1276, 20], 'EC1', ['ENG', 'England']),
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
