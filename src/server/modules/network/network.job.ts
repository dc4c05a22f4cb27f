import { eq } from 'drizzle-orm';
import { irishHourOf } from '../../../contract/irish-time.ts';
import type { Logger } from 'pino';
import { networkReconciliations } from '../../db/schema.ts';
import { JOB_LOCKS, withJobLock } from '../../db/job-lock.ts';
import type { NetworkAdapter } from './integrations/network/adapter.ts';
import { reconcileBalances } from './balances.ts';
import { askAboutQuietOrders, drainNetworkOrders, reconcileNetwork } from './network-orders.ts';
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
  // Once a day, at night (a whole inventory is read and compared: not while members are busiest).
  const now = ctx.clock();
  if (!RECONCILE_HOURS.includes(irishHourOf(now))) return;
  const [last] = await ctx.db.select().from(networkReconciliations).where(eq(networkReconciliations.name, 'latest'));
  if (!last || now.getTime() - last.ranAt.getTime() >= DAY_MS - 6 * 3_600_000) {
    await reconcileNetwork(ctx, network, log);
    await reconcileBalances(ctx, network, log);
  }
}

/** The Irish hours the reconciliation may run in. */
export const RECONCILE_HOURS = [3, 4, 5];

/**
 * The network's job (docs/product/network.md): every `everyMs` on one instance at a time (its own
 * advisory lock, so a slow network never holds up the minute's jobs); returns the stop, which
 * lets a turn in progress finish.
 */
export function scheduleNetwork(ctx: ServiceContext, network: NetworkAdapter, log: Logger, everyMs = 1000) {
  let running: Promise<void> | undefined;
  let stopped = false;
  const turn = async () => {
    try {
      await withJobLock(ctx.db, JOB_LOCKS.network, () => runNetworkJob(ctx, network, log));
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
