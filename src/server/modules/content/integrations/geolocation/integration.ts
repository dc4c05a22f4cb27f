import { credential, httpsUrl, integration, type Integration, settings } from '../../../../integrations/integration.ts';
import { sandboxGeolocation, serviceGeolocation, type GeolocationAdapter, type SandboxGeolocation } from './index.ts';
import { geolocationSandboxRoutes } from './sandbox.ts';

/** The IP geolocation service (GET {url}/{ip}?referrer=…), or the sandbox at /sandbox/geolocation. */
export const geolocationSettings = settings({
  shape: {
    GEOIP_URL: httpsUrl(),
    GEOIP_TOKEN: credential(),
  },
  requiredInProduction: ['GEOIP_URL'],
  adapter: (s): GeolocationAdapter =>
    s.GEOIP_URL
      ? serviceGeolocation({ url: s.GEOIP_URL, ...(s.GEOIP_TOKEN ? { token: s.GEOIP_TOKEN } : {}) })
      : sandboxGeolocation(),
});

/** The IP geolocation lookup: the sandbox by default. */
export const geolocation: Integration<GeolocationAdapter> = integration<GeolocationAdapter>({
  create: () => sandboxGeolocation(),
  sandboxRoutes: (adapter) =>
    'sandbox' in adapter ? geolocationSandboxRoutes(adapter as SandboxGeolocation) : undefined,
});
