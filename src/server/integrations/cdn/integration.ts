import { integration, type Integration } from '../integration.ts';
import { isSandboxCdn, sandboxCdn, type CdnAdapter } from './index.ts';
import { cdnSandboxRoutes } from './sandbox.ts';

/** The CDN in front of the site: the sandbox by default (main.ts passes the CDN that CDN_PROVIDER names). */
export const cdn: Integration<CdnAdapter> = integration<CdnAdapter>({
  create: ({ clock }) => sandboxCdn(clock),
  sandboxRoutes: (adapter) => (isSandboxCdn(adapter) ? cdnSandboxRoutes(adapter) : undefined),
});
