import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { tmfNetwork, type NetworkAdapter } from './index.ts';
import { SANDBOX_NETWORK_CLIENT, sandboxNetwork, type SandboxNetwork } from './sandbox-network.ts';

/** The sandbox network's API as the adapter reaches it: through the app itself, so no port is needed. */
const SANDBOX_ORIGIN = 'http://network.sandbox';

/** The embedded default's network adapter: the production TMF adapter, speaking to the sandbox network. */
export interface SandboxNetworkAdapter extends NetworkAdapter {
  sandbox: SandboxNetwork;
  /** Where the adapter's calls and the sandbox's events go: the app (app.ts attaches it). */
  attach(fetch: (request: Request) => Promise<Response>): void;
}

/** The lines the database has in service: the sandbox network holds them from the start. */
const linesOf = (db: Database) => async () => {
  const { rows } = (await db.execute(
    sql`select msisdn, line_state as state from sims where msisdn is not null and line_state is not null and status <> 'inactive'`,
  )) as unknown as { rows: { msisdn: string; state: string }[] };
  return rows;
};

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
    ...(options.db ? { linesInService: linesOf(options.db) } : {}),
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
