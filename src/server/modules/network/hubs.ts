import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import { NETWORK_HUBS, type NetworkHub } from '../../../contract/network.ts';
import type { Queryable } from '../../db/client.ts';
import { networkHubs } from '../../db/schema.ts';
import type { ServiceContext } from '../../kernel/outcome.ts';
import type { NetworkAdapter } from './integrations/network/adapter.ts';

/**
 * The portal's callback at the network's hubs (docs/product/network.md "The listener's address"):
 * TMF641's, TMF635's and TMF638's `POST …/hub` with `{callback}` (the portal's `/panda/network`,
 * from SITE_URL), kept in `network_hubs`. Registered at start when not held, asked again every ten
 * minutes (`GET …/hub/{id}`), and registered again when the network forgot it (404). A network that
 * cannot be asked (405) is taken at its word.
 */
export const HUB_CHECK_MS = 10 * 60_000;

export const callbackOf = (siteUrl: string) => `${siteUrl.replace(/\/$/, '')}/panda/network`;

export async function keepHubs(
  ctx: ServiceContext,
  network: NetworkAdapter,
  callback: string,
  log?: Logger,
  { force = false } = {},
): Promise<Record<NetworkHub, boolean>> {
  const now = ctx.clock();
  const held = {} as Record<NetworkHub, boolean>;
  for (const hub of Object.keys(NETWORK_HUBS) as NetworkHub[]) {
    const [row] = await ctx.db.select().from(networkHubs).where(eq(networkHubs.hub, hub));
    const save = (set: Partial<typeof networkHubs.$inferInsert>) =>
      ctx.db
        .insert(networkHubs)
        .values({ hub, callback, checkedAt: now, ...set })
        .onConflictDoUpdate({ target: networkHubs.hub, set: { callback, checkedAt: now, ...set } });
    let holds: boolean | { error: string } = false;
    if (row?.subscriptionId && row.callback === callback) {
      if (!force && now.getTime() - row.checkedAt.getTime() < HUB_CHECK_MS && !row.error) {
        held[hub] = true;
        continue;
      }
      holds = await network.holds(hub, row.subscriptionId);
      if (holds === true) {
        await save({ error: null });
        held[hub] = true;
        continue;
      }
      if (holds === false) log?.warn({ hub }, "the network forgot the portal's callback: registering it again");
    }
    const registered = await network.subscribe(hub, callback);
    if ('id' in registered) {
      await save({ subscriptionId: registered.id, registeredAt: now, error: null });
      log?.info({ hub, callback }, "the portal's callback is registered at the network's hub");
      held[hub] = true;
    } else {
      // Kept for /panda/ready; the next turn tries again.
      await save({ error: registered.error.slice(0, 500), ...(holds === false ? { subscriptionId: null } : {}) });
      log?.warn({ hub, err: registered.error }, "the network's hub did not take the portal's callback");
      held[hub] = false;
    }
  }
  return held;
}

/** /panda/ready's view: whether each hub holds the portal's callback, as last seen. */
export async function hubsState(q: Queryable): Promise<Record<NetworkHub, boolean>> {
  const rows = await q.select().from(networkHubs);
  return Object.fromEntries(
    (Object.keys(NETWORK_HUBS) as NetworkHub[]).map((hub) => {
      const row = rows.find((r) => r.hub === hub);
      return [hub, !!row?.subscriptionId && !row.error];
    }),
  ) as Record<NetworkHub, boolean>;
}
