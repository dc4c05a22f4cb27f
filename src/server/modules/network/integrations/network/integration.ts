import { z } from 'zod';
import {
  credential,
  flag,
  httpsUrl,
  integration,
  type Integration,
  settings,
} from '../../../../integrations/integration.ts';
import { tmfNetwork, type NetworkAdapter } from './adapter.ts';
export { sandboxNetworkAdapter, type SandboxNetworkAdapter };
import { sandboxNetworkAdapter, type SandboxNetworkAdapter } from './sandbox-adapter.ts';
import { networkSandboxRoutes } from './sandbox.ts';

/** The signing secret of the sandbox network's events where none is set (never in production: env.ts requires one). */
export const DEVELOPMENT_NETWORK_SECRET = 'development-network-event-secret-not-for-production';
/**
 * The mobile network (docs/product/network.md): its TM Forum APIs with OAuth client credentials
 * (all four settings), and the secret its events are signed with; else the sandbox network, whose
 * orders move on after NETWORK_SANDBOX_DELAY_MS.
 */
export const networkSettings = settings({
  shape: {
    NETWORK_API_URL: httpsUrl(),
    NETWORK_TOKEN_URL: httpsUrl(),
    NETWORK_CLIENT_ID: credential(),
    NETWORK_CLIENT_SECRET: credential(),
    /** Signs the events the network sends to /panda/network/listener. */
    NETWORK_EVENT_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
    NETWORK_SANDBOX_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(2000),
    /**
     * Whether the network's charging system rates what it carries (docs/product/money.md): a use it
     * rated (TMF635 status rated, with ratedProductUsage) is charged at its price; else, and for a use
     * it did not rate, the portal rates it at the published prices. The sandbox network rates nothing.
     */
    NETWORK_RATES_USAGE: flag(false),
  },
  together: [['NETWORK_API_URL', 'NETWORK_TOKEN_URL', 'NETWORK_CLIENT_ID', 'NETWORK_CLIENT_SECRET']],
  requiredInProduction: [
    'NETWORK_API_URL',
    'NETWORK_TOKEN_URL',
    'NETWORK_CLIENT_ID',
    'NETWORK_CLIENT_SECRET',
    'NETWORK_EVENT_SECRET',
  ],
  adapter: (s, { db, clock }): NetworkAdapter =>
    s.NETWORK_API_URL && s.NETWORK_TOKEN_URL && s.NETWORK_CLIENT_ID && s.NETWORK_CLIENT_SECRET
      ? tmfNetwork({
          apiUrl: s.NETWORK_API_URL.replace(/\/$/, ''),
          tokenUrl: s.NETWORK_TOKEN_URL,
          clientId: s.NETWORK_CLIENT_ID,
          clientSecret: s.NETWORK_CLIENT_SECRET,
        })
      : sandboxNetworkAdapter({
          secret: s.NETWORK_EVENT_SECRET ?? DEVELOPMENT_NETWORK_SECRET,
          delayMs: s.NETWORK_SANDBOX_DELAY_MS,
          db,
          clock,
        }),
});

/** The mobile network: the sandbox network by default (its orders move on only by hand unless configured). */
export const network: Integration<NetworkAdapter> = integration<NetworkAdapter>({
  create: ({ config, db, clock }) =>
    sandboxNetworkAdapter({
      secret: config.network?.eventSecret ?? DEVELOPMENT_NETWORK_SECRET,
      delayMs: config.network?.sandboxDelayMs ?? null,
      db,
      clock,
    }),
  sandboxRoutes: (adapter) =>
    'sandbox' in adapter ? networkSandboxRoutes(adapter as SandboxNetworkAdapter) : undefined,
});
