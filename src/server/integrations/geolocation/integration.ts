import { integration, type Integration } from '../integration.ts';
import { sandboxGeolocation, type GeolocationAdapter, type SandboxGeolocation } from './index.ts';
import { geolocationSandboxRoutes } from './sandbox.ts';

/** The IP geolocation lookup: the sandbox by default. */
export const geolocation: Integration<GeolocationAdapter> = integration<GeolocationAdapter>({
  create: () => sandboxGeolocation(),
  sandboxRoutes: (adapter) =>
    'sandbox' in adapter ? geolocationSandboxRoutes(adapter as SandboxGeolocation) : undefined,
});
