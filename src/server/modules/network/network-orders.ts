import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, lte, notInArray, sql, type AnyColumn } from 'drizzle-orm';
import {
  NETWORK_ORDER_ENDS,
  type NetworkAction,
  type NetworkOrderState,
  type NetworkService,
} from '../../../contract/network.ts';
import type { Queryable } from '../../db/client.ts';
import { networkOrders, networkServices, sims } from '../../db/schema.ts';
import { applyServiceOrder, readServiceOrder } from './network-steps.ts';
import type { NetworkAdapter, SendResult } from './integrations/network/adapter.ts';
import type { Clock } from '../../kernel/clock.ts';
import type { CauseKey, NetworkOrder, StepDetail } from './order-causes.ts';
import type { ServiceContext } from '../../kernel/outcome.ts';

export type { NetworkOrder };

export interface OrderToQueue {
  /** Why, once (a declared cause's stored form, modules/network/order-causes.ts): a second order for the same cause is the first one. */
  cause: CauseKey;
  /** The SIM the order is for: orders of one line are sent one after another. */
  line: string;
  msisdn: string | null;
  service: NetworkService;
  action: NetworkAction;
  characteristics: Record<string, string | boolean>;
}

/**
 * Writes an order to the network's outbox, inside the caller's transaction (docs/product/network.md
 * "Outbox, exactly once"): it goes out only if the cause commits, once per cause.
 */
export async function queueNetworkOrder(
  q: Queryable,
  clock: Clock,
  order: OrderToQueue,
): Promise<NetworkOrder | undefined> {
  const now = clock();
  const [row] = await q
    .insert(networkOrders)
    .values({ ...order, externalId: randomUUID(), nextAttemptAt: now, updatedAt: now, createdAt: now })
    .onConflictDoNothing({ target: networkOrders.cause })
    .returning();
  return row;
}

/**
 * What stands on a line for one kind of bar: the latest order of `service` whose cause matches `like`
 * that the network did not refuse (a refused lift leaves the bar), or none; and the number a change
 * is ordered for (that order's, else the SIM's).
 */
export async function standingOrder(
  q: Queryable,
  ssn: string,
  service: NetworkService,
  like: string,
): Promise<{ id: number | null; cause: string | null; msisdn: string | null }> {
  const [latest] = await q
    .select({ id: networkOrders.id, cause: networkOrders.cause, msisdn: networkOrders.msisdn })
    .from(networkOrders)
    .where(
      and(
        eq(networkOrders.line, ssn),
        eq(networkOrders.service, service),
        sql`${networkOrders.cause} like ${like}`,
        notInArray(networkOrders.state, ['failed', 'rejected', 'partial', 'cancelled']),
      ),
    )
    .orderBy(desc(networkOrders.id))
    .limit(1);
  if (latest) return latest;
  const [sim] = await q.select({ msisdn: sims.msisdn }).from(sims).where(eq(sims.ssn, ssn));
  return { id: null, cause: null, msisdn: sim?.msisdn ?? null };
}

/** How long the outbox waits before trying an order again: 2 s, 4 s, … at most 5 minutes, with a little jitter. */
export const retryDelayMs = (attempts: number) =>
  Math.min(300_000, 1000 * 2 ** Math.min(attempts, 9)) * (0.9 + Math.random() * 0.2);

/** What an order's step does (its cause's own rules, modules/network/order-causes.ts), in the event's transaction. */
export type OrderStep = (
  tx: Queryable,
  clock: Clock,
  order: NetworkOrder,
  state: NetworkOrderState,
  detail: StepDetail,
) => Promise<void>;

export interface DrainResult {
  sent: number;
  retrying: number;
  failed: number;
}

/**
 * Sends what is due in the outbox (the network job, on one instance at a time): for each line its
 * oldest queued order only, so a line's orders go in the order they were made; many lines at once.
 * Accepted: the network's id and state are kept, and the events that follow move it on. Not
 * answered, 5xx or 429: tried again later with backoff, the same externalId each time (the network
 * makes one order of it). Refused for good (another 4xx): failed, and its cause is undone.
 */
export async function drainNetworkOrders(
  ctx: ServiceContext,
  network: NetworkAdapter,
  onEnd: OrderStep,
  { concurrency = 24, batch = 1000 } = {},
): Promise<DrainResult> {
  const result: DrainResult = { sent: 0, retrying: 0, failed: 0 };
  for (;;) {
    const now = ctx.clock();
    // The head of each line's queue, due now.
    const { rows } = (await ctx.db.execute(sql`
      select * from (
        select distinct on (line) id, next_attempt_at from network_orders where state = 'queued' order by line, id
      ) heads where next_attempt_at <= ${now.toISOString()}::timestamptz order by id limit ${batch}`)) as unknown as {
      rows: { id: number }[];
    };
    if (rows.length === 0) return result;
    const ids = rows.map((r) => r.id);
    // Marked as tried before they go: after a crash mid-send, the next try asks the network first.
    const orders = await ctx.db
      .update(networkOrders)
      .set({ attempts: sql`${networkOrders.attempts} + 1` })
      .where(inArray(networkOrders.id, ids))
      .returning();
    orders.sort((a, b) => a.id - b.id);
    let progressed = 0;
    const worker = async () => {
      for (let o = orders.shift(); o; o = orders.shift()) {
        const outcome = await sendOne(ctx, network, onEnd, o);
        result[outcome] += 1;
        if (outcome !== 'retrying') progressed += 1;
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, orders.length) }, worker));
    // Everything due met a network that did not answer: the rest waits for its next try.
    if (progressed === 0) return result;
  }
}

/**
 * The network's id of a line's service (TMF638), kept by number: read from the inventory when not
 * known yet (a modify or delete acts on it). Undefined when the inventory could not be asked.
 */
export async function serviceIdOf(
  ctx: ServiceContext,
  network: NetworkAdapter,
  msisdn: string,
): Promise<{ serviceId: string | null } | { error: string }> {
  const [known] = await ctx.db
    .select({ serviceId: networkServices.serviceId })
    .from(networkServices)
    .where(eq(networkServices.msisdn, msisdn));
  if (known?.serviceId) return { serviceId: known.serviceId };
  const read = await network.serviceOf(msisdn);
  if ('error' in read) return { error: `the network's inventory: ${read.error}` };
  if ('none' in read) return { serviceId: null };
  await rememberService(ctx.db, ctx.clock(), msisdn, read.serviceId);
  return { serviceId: read.serviceId };
}

/** Keeps a line's service id as the network's inventory gave it. */
export const rememberService = (q: Queryable, now: Date, msisdn: string, serviceId: string) =>
  q
    .insert(networkServices)
    .values({ msisdn, serviceId, readAt: now })
    .onConflictDoUpdate({ target: networkServices.msisdn, set: { serviceId, readAt: now } });

/**
 * Sends one order. An order tried before (its answer lost to a timeout, a 5xx or a crash) may be at
 * the network already, and TMF641 makes no promise about a repeated externalId: the network is asked
 * for it first (GET serviceOrder?externalId=), and an order it holds is adopted, nothing posted.
 */
async function sendOne(
  ctx: ServiceContext,
  network: NetworkAdapter,
  onEnd: OrderStep,
  o: NetworkOrder,
): Promise<keyof DrainResult> {
  const retryLater = async (error: string) => {
    await ctx.db
      .update(networkOrders)
      .set({
        lastError: error.slice(0, 500),
        nextAttemptAt: new Date(ctx.clock().getTime() + retryDelayMs(o.attempts)),
        updatedAt: ctx.clock(),
      })
      .where(and(eq(networkOrders.id, o.id), eq(networkOrders.state, 'queued')));
    return 'retrying' as const;
  };
  let sent: SendResult;
  const known = o.attempts > 1 ? await network.find(o.externalId) : ({ none: true } as const);
  if ('error' in known) return retryLater(`asking the network for the order first: ${known.error}`);
  if ('serviceOrder' in known)
    sent = {
      ok: true,
      networkId: known.networkId,
      state: readServiceOrder(known.serviceOrder)?.state ?? 'acknowledged',
      serviceOrder: known.serviceOrder,
    };
  else {
    let serviceId: string | null = null;
    if (o.action !== 'add' && o.msisdn) {
      const service = await serviceIdOf(ctx, network, o.msisdn);
      if ('error' in service) return retryLater(service.error);
      serviceId = service.serviceId;
    }
    sent = await network.send({
      externalId: o.externalId,
      service: o.service,
      action: o.action,
      msisdn: o.msisdn,
      serviceId,
      characteristics: o.characteristics,
    });
  }
  const now = ctx.clock();
  if (sent.ok) {
    const answer = sent;
    await ctx.db.transaction(async (tx) => {
      // Taken: an event may have moved it on already, so only a queued order takes the answer.
      const [taken] = await tx
        .update(networkOrders)
        .set({
          state: 'acknowledged',
          stateAt: now,
          networkId: answer.networkId,
          sentAt: now,
          lastError: null,
          updatedAt: now,
        })
        .where(and(eq(networkOrders.id, o.id), eq(networkOrders.state, 'queued')))
        .returning();
      if (!taken) return;
      // The answer's own state is a step as an event's would be (a network may complete, hold or reject at once).
      if (answer.state === 'acknowledged') await onEnd(tx, ctx.clock, taken, 'acknowledged', {});
      else
        await applyServiceOrder(
          tx,
          ctx.clock,
          { ...(answer.serviceOrder as object), externalId: o.externalId, state: answer.state },
          now,
        );
    });
    return 'sent';
  }
  if (sent.retry) return retryLater(sent.error);
  await ctx.db.transaction(async (tx) => {
    const [ended] = await tx
      .update(networkOrders)
      .set({
        state: 'failed',
        reason: sent.error.slice(0, 500),
        lastError: sent.error.slice(0, 500),
        updatedAt: now,
      })
      .where(and(eq(networkOrders.id, o.id), eq(networkOrders.state, 'queued')))
      .returning();
    if (ended) await onEnd(tx, ctx.clock, ended, 'failed', { reason: 'The network refused the order.' });
  });
  return 'failed';
}

/** How long an order the network took may stay quiet before it is read again. */
export const QUIET_MS = 10 * 60_000;

/**
 * Orders the network took but has said nothing of for a while are read again (TMF641 GET): a state
 * further on is applied as an event would be (one that went missing); an order the network does not
 * know (a network that lost it) goes back in the queue and is sent again under the same externalId.
 * Each is asked again at most every ten minutes.
 */
export async function askAboutQuietOrders(
  ctx: ServiceContext,
  network: NetworkAdapter,
  apply: (tx: Queryable, clock: Clock, serviceOrder: unknown) => Promise<unknown>,
): Promise<{ asked: number; resent: number }> {
  const now = ctx.clock();
  const quiet = await ctx.db
    .select()
    .from(networkOrders)
    .where(
      and(
        notInArray(networkOrders.state, ['queued', ...NETWORK_ORDER_ENDS]),
        lte(networkOrders.updatedAt, new Date(now.getTime() - QUIET_MS)),
        lte(networkOrders.nextAttemptAt, now),
      ),
    )
    .orderBy(asc(networkOrders.id))
    .limit(200);
  let resent = 0;
  for (const o of quiet) {
    const answer = o.networkId ? await network.status(o.networkId) : { unknown: true as const };
    await ctx.db.transaction(async (tx) => {
      if ('unknown' in answer) {
        resent += 1;
        await tx
          .update(networkOrders)
          .set({
            state: 'queued',
            nextAttemptAt: now,
            lastError: 'the network did not know the order: sent again',
            updatedAt: now,
          })
          .where(and(eq(networkOrders.id, o.id), eq(networkOrders.state, o.state)));
        return;
      }
      await tx
        .update(networkOrders)
        .set({
          nextAttemptAt: new Date(now.getTime() + QUIET_MS),
          ...('error' in answer ? { lastError: answer.error.slice(0, 500) } : {}),
        })
        .where(eq(networkOrders.id, o.id));
      if ('serviceOrder' in answer) await apply(tx, ctx.clock, answer.serviceOrder);
    });
  }
  return { asked: quiet.length, resent };
}

/**
 * Whether the network holds back an order for a line (TMF641 `held` or `pending`): a SQL condition
 * over the line's column, for a module's own read of its lines (the member sees "waiting for the
 * network" while it is so).
 */
export const networkHoldsBack = (line: AnyColumn) =>
  sql<boolean>`exists (select 1 from ${networkOrders} where ${networkOrders.line} = ${line} and ${networkOrders.state} in ('held', 'pending'))`.mapWith(
    Boolean,
  );
