import { and, eq, gte, isNotNull, isNull } from 'drizzle-orm';
import { irishHourOf } from '../../../contract/irish-time.ts';
import type { Logger } from 'pino';
import { networkOrders, networkReconciliations, networkServices } from '../../db/schema.ts';
import { HUB_CHECK_MS, keepHubs } from './hubs.ts';
import { JOB_LOCKS, withJobLock } from '../../db/job-lock.ts';
import type { NetworkAdapter } from './integrations/network/adapter.ts';
import { reconcileBalances } from './balances.ts';
import { askAboutQuietOrders, drainNetworkOrders, serviceIdOf } from './network-orders.ts';
import { reconcileNetwork } from './network-state.ts';
import { applyServiceOrder } from './network-steps.ts';
import { applyOrderStep } from './order-causes.ts';
import type { ServiceContext } from '../../kernel/outcome.ts';

const DAY_MS = 86_400_000;

/** One turn of the network's job: the outbox sent; once a day, the reconciliation with the inventory. */
export async function runNetworkJob(ctx: ServiceContext, network: NetworkAdapter, log: Logger): Promise<void> {
  const sent = await drainNetworkOrders(ctx, network, applyOrderStep);
  if (sent.sent + sent.failed > 0) log.info({ networkOrders: sent }, 'orders sent to the network');
  if (sent.retrying > 0) log.warn({ networkOrders: sent }, 'the network did not take every order: trying again later');
  const asked = await askAboutQuietOrders(ctx, network, applyServiceOrder);
  if (asked.resent > 0) log.warn({ networkOrders: asked }, 'orders the network did not know were sent again');
  await readNewServices(ctx, network);
  // Once a day, at night (a whole inventory is read and compared: not while members are busiest).
  const now = ctx.clock();
  if (!RECONCILE_HOURS.includes(irishHourOf(now))) return;
  const [last] = await ctx.db.select().from(networkReconciliations).where(eq(networkReconciliations.name, 'latest'));
  if (!last || now.getTime() - last.ranAt.getTime() >= DAY_MS - 6 * 3_600_000) {
    await reconcileNetwork(ctx, network, log);
    await reconcileBalances(ctx, network, log);
  }
}

/**
 * The network's id of each line activated or ported in lately (TMF638, by its number), kept for the
 * orders that act on the line: a few a turn; a line not in the inventory yet is asked again next turn.
 */
export async function readNewServices(ctx: ServiceContext, network: NetworkAdapter): Promise<number> {
  const since = new Date(ctx.clock().getTime() - 3_600_000);
  const lines = await ctx.db
    .selectDistinct({ msisdn: networkOrders.msisdn })
    .from(networkOrders)
    .leftJoin(networkServices, eq(networkServices.msisdn, networkOrders.msisdn))
    .where(
      and(
        eq(networkOrders.state, 'completed'),
        eq(networkOrders.action, 'add'),
        gte(networkOrders.updatedAt, since),
        isNotNull(networkOrders.msisdn),
        isNull(networkServices.msisdn),
      ),
    )
    .limit(20);
  let read = 0;
  for (const { msisdn } of lines) {
    const found = await serviceIdOf(ctx, network, msisdn!);
    if ('serviceId' in found && found.serviceId) read += 1;
  }
  return read;
}

/** The Irish hours the reconciliation may run in. */
export const RECONCILE_HOURS = [3, 4, 5];

/**
 * The network's job (docs/product/network.md): every `everyMs` on one instance at a time (its own
 * advisory lock, so a slow network never holds up the minute's jobs); returns the stop, which
 * lets a turn in progress finish.
 */
export function scheduleNetwork(
  ctx: ServiceContext,
  network: NetworkAdapter,
  log: Logger,
  { everyMs = 1000, callback }: { everyMs?: number; callback?: string } = {},
) {
  let running: Promise<void> | undefined;
  let stopped = false;
  let hubsCheckedAt = 0;
  const turn = async () => {
    try {
      await withJobLock(ctx.db, JOB_LOCKS.network, async () => {
        // The portal's callback at the network's hubs: at start, then every ten minutes.
        if (callback && Date.now() - hubsCheckedAt >= HUB_CHECK_MS) {
          await keepHubs(ctx, network, callback, log, { force: hubsCheckedAt === 0 });
          hubsCheckedAt = Date.now();
        }
        await runNetworkJob(ctx, network, log);
      });
    } catch (err) {
      log.error({ err }, 'network job failed');
    }
  };
  const timer = setInterval(() => {
    if (running || stopped) return;
    running = turn().finally(() => (running = undefined));
  }, everyMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
