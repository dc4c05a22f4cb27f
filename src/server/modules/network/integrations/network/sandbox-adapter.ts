import type { Database } from '../../../../db/client.ts';
import { creditsHeld } from '../../balances.ts';
import { dataBarsHeld, linesInService } from '../../network-state.ts';
import { tmfNetwork, type NetworkAdapter } from './adapter.ts';
import { SANDBOX_NETWORK_CLIENT, sandboxNetwork, type SandboxNetwork } from './sandbox-network.ts';

/** The sandbox network's API as the adapter reaches it: through the app itself, so no port is needed. */
const SANDBOX_ORIGIN = 'http://network.sandbox';

/** The embedded default's network adapter: the production TMF adapter, speaking to the sandbox network. */
export interface SandboxNetworkAdapter extends NetworkAdapter {
  sandbox: SandboxNetwork;
  /** Where the adapter's calls and the sandbox's events go: the app (app.ts attaches it). */
  attach(fetch: (request: Request) => Promise<Response>): void;
}

export function sandboxNetworkAdapter(options: {
  secret: string;
  delayMs: number | null;
  db?: Database;
  clock?: () => Date;
}): SandboxNetworkAdapter {
  let app: ((request: Request) => Promise<Response>) | undefined;
  const network = sandboxNetwork({
    secret: options.secret,
    delayMs: options.delayMs,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.db
      ? {
          linesInService: () => linesInService(options.db!),
          lineInService: async (msisdn: string) => (await linesInService(options.db!, msisdn))[0],
          dataBarsOf: (msisdn: string) => dataBarsHeld(options.db!, msisdn),
          balancesHeld: () => creditsHeld(options.db!),
        }
      : {}),
  });
  const adapter = tmfNetwork({
    apiUrl: `${SANDBOX_ORIGIN}/sandbox/network/tmf-api`,
    tokenUrl: `${SANDBOX_ORIGIN}/sandbox/network/oauth/token`,
    ...SANDBOX_NETWORK_CLIENT,
    fetch: (request) => {
      if (!app) throw new Error('the sandbox network is not attached to the app');
      return app(request);
    },
  });
  return {
    ...adapter,
    sandbox: network,
    attach(fetch) {
      app = fetch;
      network.attach(fetch);
    },
  };
}
