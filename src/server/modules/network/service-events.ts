import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { networkOrders, networkServices, sims } from '../../db/schema.ts';
import { domainEvent } from '../../kernel/events.ts';
import { characteristic, type Applied, type Event } from './events-in.ts';
import { nationalNumber } from './msisdn.ts';
import { orderNamed } from './network-steps.ts';
import { numberLeaving, numberLeft, type PortOutSaid } from './port-out.ts';
import type { UsageContext } from './usage.ts';

/**
 * What the network says of a line's service (TMF638: created, changed, ended; a port-out asked for
 * or done) and of an order it cannot go on with (TMF641 InformationRequired).
 */

type Tx = Queryable;

const ServiceIn = z
  .object({
    id: z.string().optional(),
    state: z.string().optional(),
    serviceSpecification: z.object({ id: z.string().optional(), name: z.string().optional() }).loose().optional(),
    serviceCharacteristic: z.array(z.object({ name: z.string(), value: z.unknown() })).optional(),
  })
  .loose();

/** A TMF638 Service of a line: its id, state, number (from its characteristic, else the service id we keep). */
async function lineServiceOf(tx: Tx, event: Event) {
  const parsed = ServiceIn.safeParse(event.event['service']);
  if (!parsed.success) return undefined;
  const s = parsed.data;
  const spec = s.serviceSpecification?.id ?? s.serviceSpecification?.name;
  if (spec && spec !== 'mobileLine') return { service: s, msisdn: null, mobileLine: false };
  const said = characteristic(s.serviceCharacteristic, 'msisdn');
  let msisdn = typeof said === 'string' || typeof said === 'number' ? nationalNumber(String(said)) : null;
  if (!msisdn && s.id) {
    const [known] = await tx
      .select({ msisdn: networkServices.msisdn })
      .from(networkServices)
      .where(eq(networkServices.serviceId, s.id));
    msisdn = known?.msisdn ?? null;
  }
  return { service: s, msisdn, mobileLine: true };
}

/**
 * A line's service changed state or was deleted at the network (TMF638). Terminated (or deleted)
 * for a number the portal did not take off itself is a number that left for another network: the
 * line's domain applies it. Anything else is kept (the nightly reconciliation compares states).
 */
export async function serviceChanged(tx: Tx, ctx: UsageContext, event: Event): Promise<Applied> {
  const line = await lineServiceOf(tx, event);
  if (!line) return { outcome: 'deadLetter', note: 'no service we can read' };
  const ended = event.eventType === 'ServiceDeleteEvent' || line.service.state === 'terminated';
  if (!line.mobileLine || !ended)
    return { outcome: 'kept', note: `${event.eventType}: ${line.service.state ?? 'no state'}` };
  if (!line.msisdn || !/^08\d{8}$/.test(line.msisdn))
    return { outcome: 'deadLetter', note: `no line has the service ${line.service.id ?? ''}`.trim() };
  // Our own `mobileLine delete` (an account closed) ends the service too: nothing left to apply. While a
  // SIM holds the number, only an order for that SIM counts (a number given out again was deleted before).
  const [holder] = await tx.select({ ssn: sims.ssn }).from(sims).where(eq(sims.msisdn, line.msisdn));
  const [ours] = await tx
    .select({ id: networkOrders.id })
    .from(networkOrders)
    .where(
      and(
        eq(networkOrders.msisdn, line.msisdn),
        eq(networkOrders.service, 'mobileLine'),
        eq(networkOrders.action, 'delete'),
        holder ? eq(networkOrders.line, holder.ssn) : undefined,
      ),
    )
    .orderBy(desc(networkOrders.id))
    .limit(1);
  if (ours) return { outcome: 'kept', note: `${line.msisdn} ended by our own order`, orderId: ours.id };
  const said = portOutSaid(line.service.serviceCharacteristic);
  const reason = said.reason;
  const applied = await numberLeft(tx, ctx, line.msisdn, said);
  await tx.delete(networkServices).where(eq(networkServices.msisdn, line.msisdn));
  return {
    ...applied,
    ...(applied.outcome === 'applied' && typeof reason === 'string' ? { note: `left: ${reason.slice(0, 100)}` } : {}),
  };
}

/** What a line's characteristics say of a port-out: short texts only (they are mailed and shown to the desk). */
function portOutSaid(chars: { name: string; value: unknown }[] | undefined): PortOutSaid {
  const text = (name: string) => {
    const v = characteristic(chars, name);
    return typeof v === 'string' && v.trim() ? v.trim().slice(0, 100) : undefined;
  };
  const portDate = text('portDate');
  const said = {
    recipient: text('recipientOperator'),
    portDate: portDate && /^\d{4}-\d{2}-\d{2}/.test(portDate) ? portDate.slice(0, 10) : undefined,
    reason: text('terminationReason') ?? text('reason'),
  };
  return Object.fromEntries(Object.entries(said).filter(([, v]) => v !== undefined)) as PortOutSaid;
}

/**
 * A line's service created or changed at the network: its id kept for the orders that act on it.
 * A line whose `portingState` is `portOutRequested` is one another network asked to take: the line's
 * domain warns its member (never refuses: the law does not let us).
 */
export async function serviceSeen(tx: Tx, ctx: UsageContext, event: Event): Promise<Applied> {
  const line = await lineServiceOf(tx, event);
  if (
    line?.mobileLine &&
    line.msisdn &&
    /^08\d{8}$/.test(line.msisdn) &&
    characteristic(line.service.serviceCharacteristic, 'portingState') === 'portOutRequested'
  ) {
    const said = portOutSaid(line.service.serviceCharacteristic);
    const warned = await numberLeaving(tx, ctx, line.msisdn, said);
    return {
      ...warned,
      note: `${line.msisdn}: port-out requested${said.recipient ? ` by ${said.recipient}` : ''}${warned.note ? `; ${warned.note}` : ''}`,
    };
  }
  if (line?.mobileLine && line.msisdn && line.service.id && line.service.state !== 'terminated') {
    await tx
      .insert(networkServices)
      .values({ msisdn: line.msisdn, serviceId: line.service.id, readAt: ctx.clock() })
      .onConflictDoUpdate({ target: networkServices.msisdn, set: { serviceId: line.service.id, readAt: ctx.clock() } });
    return { outcome: 'kept', note: `${event.eventType}: ${line.msisdn} is ${line.service.id}` };
  }
  return { outcome: 'kept', note: event.eventType };
}

/**
 * The network needs something from us to go on with an order (TMF641 InformationRequired): the
 * order says so on /panda/ready (`in_jeopardy`) and the log, with what the network asked for, and
 * a ticket is opened for the operator (care listens).
 */
export async function informationRequired(tx: Tx, ctx: UsageContext, event: Event): Promise<Applied> {
  const serviceOrder = event.event['serviceOrder'] as { id?: unknown; externalId?: unknown } | undefined;
  const order =
    serviceOrder && (typeof serviceOrder.id === 'string' || typeof serviceOrder.externalId === 'string')
      ? await orderNamed(tx, {
          ...(typeof serviceOrder.id === 'string' ? { id: serviceOrder.id } : {}),
          ...(typeof serviceOrder.externalId === 'string' ? { externalId: serviceOrder.externalId } : {}),
        })
      : undefined;
  if (!order) return { outcome: 'deadLetter', note: 'information asked for an order we do not know' };
  const envelope = event as Record<string, unknown>;
  const field = typeof envelope['fieldPath'] === 'string' ? (envelope['fieldPath'] as string).slice(0, 200) : null;
  const asked = [envelope['title'], envelope['description']].filter((t) => typeof t === 'string').join(': ');
  await tx
    .update(networkOrders)
    .set({
      jeopardy: `information required${field ? ` (${field})` : ''}${asked ? `: ${asked}` : ''}`.slice(0, 300),
      updatedAt: ctx.clock(),
    })
    .where(eq(networkOrders.id, order.id));
  await networkAskedForInformation.emit(tx, {
    order: {
      externalId: order.externalId,
      networkId: order.networkId,
      service: order.service,
      action: order.action,
      msisdn: order.msisdn,
    },
    field,
    asked: asked || null,
    now: ctx.clock(),
  });
  return { outcome: 'applied', note: `information required${field ? `: ${field}` : ''}`, orderId: order.id };
}

/** What the network asked to go on with an order. */
export interface NetworkQuestion {
  order: { externalId: string; networkId: string | null; service: string; action: string; msisdn: string | null };
  /** The field it needs (TMF `fieldPath`), when it said. */
  field: string | null;
  /** What it asked, in its words (the event's title and description). */
  asked: string | null;
  now: Date;
}

/** The network asked for information to go on with an order: the operator answers it (care opens a ticket). */
export const networkAskedForInformation = domainEvent<NetworkQuestion>();
