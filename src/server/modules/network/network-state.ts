import { and, asc, count, eq, inArray, isNotNull, min, notInArray, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { NETWORK_ORDER_ENDS, NETWORK_ORDER_WAITING } from '../../../contract/network.ts';
import type { Queryable } from '../../db/client.ts';
import { networkEvents, networkOrders, networkReconciliations } from '../../db/schema.ts';
import type { Clock } from '../../kernel/clock.ts';
import type { ServiceContext } from '../../kernel/outcome.ts';
import { balanceDrift } from './balances.ts';
import { hubsState } from './hubs.ts';
import type { NetworkAdapter } from './integrations/network/adapter.ts';

/**
 * What the portal knows of the network's state: its part of /panda/ready, the lines in service as
 * the portal holds them, the data bars its orders stand for, and the nightly reconciliation.
 */

/** The network's part of /panda/ready: what waits, what failed, what was kept aside, what differs. */
export async function networkState(q: Queryable, clock: Clock) {
  const [open] = await q
    .select({ pending: count(), oldest: min(networkOrders.createdAt) })
    .from(networkOrders)
    // Pending: not yet taken by the network (an order it took is its work: a port-in waits for its day).
    .where(eq(networkOrders.state, 'queued'));
  const [failed] = await q
    .select({ n: count() })
    .from(networkOrders)
    .where(inArray(networkOrders.state, ['failed', 'rejected', 'partial', 'cancelled']));
  // Taken, and held back or late by the network's word: an operator looks at these.
  const [held] = await q
    .select({ jeopardy: count() })
    .from(networkOrders)
    .where(and(notInArray(networkOrders.state, [...NETWORK_ORDER_ENDS]), isNotNull(networkOrders.jeopardy)));
  const [waiting] = await q
    .select({ n: count() })
    .from(networkOrders)
    .where(inArray(networkOrders.state, [...NETWORK_ORDER_WAITING]));
  const [dead] = await q.select({ n: count() }).from(networkEvents).where(eq(networkEvents.outcome, 'deadLetter'));
  const [error] = await q
    .select({ lastError: networkOrders.lastError })
    .from(networkOrders)
    .where(and(eq(networkOrders.state, 'queued'), sql`${networkOrders.lastError} is not null`))
    .orderBy(asc(networkOrders.id))
    .limit(1);
  const [reconciled] = await q.select().from(networkReconciliations).where(eq(networkReconciliations.name, 'latest'));
  const balances = await balanceDrift(q);
  const hubs = await hubsState(q);
  const oldest = open?.oldest ? new Date(open.oldest) : null;
  return {
    pending: open?.pending ?? 0,
    oldest_pending_s: oldest ? Math.max(0, Math.round((clock().getTime() - oldest.getTime()) / 1000)) : 0,
    failed: failed?.n ?? 0,
    waiting: waiting?.n ?? 0,
    in_jeopardy: held?.jeopardy ?? 0,
    hubs,
    dead_letters: dead?.n ?? 0,
    drift: reconciled?.differences.length ?? 0,
    balance_drift: balances.differ,
    ...(error?.lastError || reconciled?.error || balances.error
      ? { last_error: (error?.lastError ?? reconciled?.error ?? balances.error)! }
      : {}),
  };
}

/** Every line in service as the portal holds it (or the one of a number): its number and the state the network last confirmed. */
export async function linesInService(q: Queryable, msisdn?: string): Promise<{ msisdn: string; state: string }[]> {
  const { rows } = (await q.execute(
    sql`select msisdn, line_state as state from sims where ${msisdn === undefined ? sql`msisdn is not null` : sql`msisdn = ${msisdn}`} and line_state is not null and status <> 'inactive'`,
  )) as unknown as { rows: { msisdn: string; state: string }[] };
  return rows;
}

/** The reasons a number's data stands barred by its completed `dataAccess` orders, the latest of each reason standing. */
export async function dataBarsHeld(q: Queryable, msisdn: string): Promise<string[]> {
  const rows = await q
    .select({ characteristics: networkOrders.characteristics })
    .from(networkOrders)
    .where(
      and(
        eq(networkOrders.msisdn, msisdn),
        eq(networkOrders.service, 'dataAccess'),
        eq(networkOrders.state, 'completed'),
      ),
    )
    .orderBy(asc(networkOrders.id));
  const barred = new Map<string, boolean>();
  for (const { characteristics: c } of rows) barred.set(String(c['reason'] ?? ''), c['barred'] === true);
  return [...barred].filter(([, on]) => on).map(([reason]) => reason);
}

/**
 * The daily reconciliation (TMF638): the network's mobile lines against ours, every difference kept
 * for /panda/ready and the log; nothing is changed (an operator decides which side is right).
 */
export async function reconcileNetwork(ctx: ServiceContext, network: NetworkAdapter, log?: Logger) {
  const now = ctx.clock();
  const record = (differences: { msisdn: string; ours: string; network: string }[], error: string | null) =>
    ctx.db
      .insert(networkReconciliations)
      .values({ name: 'latest', ranAt: now, differences, error })
      .onConflictDoUpdate({ target: networkReconciliations.name, set: { ranAt: now, differences, error } });
  let theirs;
  try {
    theirs = new Map((await network.inventory()).map((l) => [l.msisdn.replace(/^353/, '0'), l.state]));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log?.warn({ err: error }, 'network reconciliation: the inventory did not answer');
    const [kept] = await ctx.db.select().from(networkReconciliations).where(eq(networkReconciliations.name, 'latest'));
    await record(kept?.differences ?? [], message);
    return undefined;
  }
  const rows = await linesInService(ctx.db);
  const differences: { msisdn: string; ours: string; network: string }[] = [];
  for (const r of rows) {
    const held = theirs.get(r.msisdn);
    if (held !== r.state) differences.push({ msisdn: r.msisdn, ours: r.state, network: held ?? 'none' });
    theirs.delete(r.msisdn);
  }
  for (const [msisdn, state] of theirs) differences.push({ msisdn, ours: 'none', network: state });
  // Lines whose order is still on its way are not differences yet.
  const open = new Set(
    (
      await ctx.db
        .select({ msisdn: networkOrders.msisdn })
        .from(networkOrders)
        .where(and(eq(networkOrders.service, 'mobileLine'), notInArray(networkOrders.state, [...NETWORK_ORDER_ENDS])))
    ).map((o) => o.msisdn),
  );
  const found = differences.filter((d) => !open.has(d.msisdn));
  await record(found, null);
  if (found.length > 0)
    log?.warn({ differences: found.slice(0, 20), count: found.length }, 'network reconciliation: lines differ');
  return found;
}
