import { createHash } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { NetworkEvent } from '../../../contract/network.schema.ts';
import type { Queryable } from '../../db/client.ts';
import { networkEvents, networkOrders, networkServices, sims } from '../../db/schema.ts';
import { domainEvent } from '../../kernel/events.ts';
import { applyServiceOrder, noteOnOrder, orderNamed } from './network-steps.ts';
import { VAT_RATE_PERCENT } from '../../../contract/transactions.ts';
import { nationalNumber } from './msisdn.ts';
import { numberLeaving, numberLeft, type PortOutSaid } from './port-out.ts';
import { countAbroad, countAtHome, type Counted, type FollowUp, type Use, type UsageContext } from './usage.ts';

type Event = z.output<typeof NetworkEvent>;
export type Received = {
  outcome: 'applied' | 'stale' | 'deadLetter' | 'duplicate' | 'kept';
  usage?: Counted['usage'];
  /** What the domain that counted a use needs done at once, after the transaction (an alert due now, a push). */
  followUp?: FollowUp;
};

const Money = z.object({ value: z.number(), unit: z.string().optional() });
const UsageIn = z.object({
  id: z.string().min(1).max(200),
  usageDate: z.iso.datetime({ offset: true }),
  // TMF635 leaves the type's spelling to the network: DATA, Voice and sms are the same.
  usageType: z
    .string()
    .transform((t) => t.toLowerCase())
    .pipe(z.enum(['data', 'voice', 'sms'])),
  status: z.string().optional(),
  usageCharacteristic: z.array(z.object({ name: z.string(), value: z.unknown() })),
  ratedProductUsage: z
    .array(
      z.object({
        usageRatingTag: z.string().optional(),
        taxIncludedRatingAmount: Money.optional(),
        taxExcludedRatingAmount: Money.optional(),
        taxRate: z.number().optional(),
      }),
    )
    .optional(),
});

/** The statuses of a TMF635 Usage that carry the network's rating. */
const RATED = ['rated', 'rerated', 'billed'];

const characteristic = (list: { name: string; value: unknown }[] | undefined, name: string) =>
  list?.find((c) => c.name === name)?.value;

/** An event's id: its own, else the hash of its body (TMF688 requires no eventId; the same body is the same event). */
export const eventIdOf = (event: Event, rawBody: string | undefined) =>
  event.eventId ??
  `sha256:${createHash('sha256')
    .update(rawBody ?? JSON.stringify(event))
    .digest('hex')}`;

/**
 * One event from the network (docs/product/network.md "Events, once"), in one transaction: stored
 * by its id first (a replay finds it and changes nothing), then applied. Every event type of the
 * APIs the network speaks is taken; one nothing here acts on is kept (`kept`). An event for an
 * unknown number or order, or one whose contents cannot be read, is kept aside as a dead letter and
 * answered 2xx: the network would only send it again.
 */
export async function receiveNetworkEvent(ctx: UsageContext, event: Event, rawBody?: string): Promise<Received> {
  const eventId = eventIdOf(event, rawBody);
  const eventTime = event.eventTime ? new Date(event.eventTime) : ctx.clock();
  // The busiest kind, a use at home, in one statement of its own (its counter keeps the event too).
  const read = event.eventType === 'UsageCreateEvent' ? useOf(event) : undefined;
  if (read && 'use' in read && read.use.country === 'IE') {
    const counted = await countAtHome(ctx, { eventId, eventTime, body: event }, read.use);
    // Its event was kept by the counting; what came of a use reported again is said on it.
    if (counted.note)
      await ctx.db
        .update(networkEvents)
        .set({
          outcome: storedOutcome(counted.outcome),
          note: counted.note.slice(0, 500),
          ...(counted.outcome === 'deadLetter' ? { body: event } : {}),
        })
        .where(eq(networkEvents.eventId, eventId));
    return { outcome: counted.outcome, ...(counted.followUp ? { followUp: counted.followUp } : {}) };
  }
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock();
    const [stored] = await tx
      .insert(networkEvents)
      .values({ eventId, eventType: event.eventType, eventTime, outcome: 'applied', receivedAt: now })
      .onConflictDoNothing()
      .returning({ eventId: networkEvents.eventId });
    if (!stored) return { outcome: 'duplicate' };
    const result = await applyEvent(tx, ctx, event, eventTime, eventId);
    if (result.outcome !== 'applied' || result.note)
      await tx
        .update(networkEvents)
        .set({
          outcome: storedOutcome(result.outcome),
          note: result.note?.slice(0, 500) ?? null,
          orderId: result.orderId ?? null,
          ...(result.outcome === 'deadLetter' ? { body: event } : {}),
        })
        .where(eq(networkEvents.eventId, eventId));
    else if (result.orderId)
      await tx.update(networkEvents).set({ orderId: result.orderId }).where(eq(networkEvents.eventId, eventId));
    return {
      outcome: result.outcome,
      ...(result.usage ? { usage: result.usage } : {}),
      ...(result.followUp ? { followUp: result.followUp } : {}),
    };
  });
}

/** How an event's row keeps what came of it: a use reported again (a duplicate of its usage id) is kept, not applied. */
const storedOutcome = (outcome: Received['outcome']) => (outcome === 'duplicate' ? 'kept' : outcome);

/** What each event type does here (docs/product/network.md "Every event, taken"). */
async function applyEvent(tx: Tx, ctx: UsageContext, event: Event, at: Date, eventId: string): Promise<Applied> {
  const serviceOrder = event.event['serviceOrder'];
  switch (event.eventType) {
    case 'ServiceOrderStateChangeEvent':
    case 'ServiceOrderAttributeValueChangeEvent':
      // A change of attributes may carry a state too: applied as a read of the order would be.
      return applyServiceOrder(tx, ctx.clock, serviceOrder, at);
    case 'ServiceOrderMilestoneEvent':
      return noteOnOrder(tx, ctx.clock, serviceOrder, 'milestone');
    case 'ServiceOrderJeopardyEvent':
      return noteOnOrder(tx, ctx.clock, serviceOrder, 'jeopardy');
    case 'ServiceOrderInformationRequiredEvent':
      return informationRequired(tx, ctx, event);
    case 'UsageCreateEvent':
      return usedAbroad(tx, ctx, event, eventId);
    case 'ServiceStateChangeEvent':
    case 'ServiceDeleteEvent':
      return serviceChanged(tx, ctx, event);
    case 'ServiceCreateEvent':
    case 'ServiceAttributeValueChangeEvent':
      return serviceSeen(tx, ctx, event);
    case 'PortOutEvent':
      return portedOut(tx, ctx, event);
    default:
      // Taken and kept: an order's creation or deletion at the network, a cancellation's own steps
      // (its order's state says the outcome), a use's later changes (counted when it came).
      return { outcome: 'kept', note: keptNote(event) };
  }
}

const keptNote = (event: Event) => {
  const so = event.event['serviceOrder'] as { externalId?: unknown; id?: unknown } | undefined;
  const about = so?.externalId ?? so?.id;
  return `${event.eventType}${typeof about === 'string' ? ` for ${about.slice(0, 100)}` : ''}`;
};

type Tx = Queryable;
interface Applied {
  outcome: 'applied' | 'stale' | 'deadLetter' | 'kept' | 'duplicate';
  note?: string;
  orderId?: number;
  usage?: Counted['usage'];
  followUp?: FollowUp;
}

/**
 * The most one usage record may carry (docs/product/network.md): a day of data at the fastest a line
 * goes, a day's call, a thousand texts. A record past it is the network's fault, never a member's
 * use: kept aside as a dead letter with its reason, and it reaches no other event or counter.
 */
export const USAGE_RECORD_MAX = { data: 1_073_741_824, voice: 86_400, sms: 1_000 } as const;
const UNIT = { data: 'volumeKb', voice: 'durationS', sms: 'count' } as const;

/** A use as the listener reads it from a TMF635 Usage, or why it cannot be counted. */
function useOf(event: Event): { use: Use } | { problem: string } {
  const parsed = UsageIn.safeParse(event.event['usage']);
  if (!parsed.success) return { problem: 'usage without a number, an amount or a country we can read' };
  const u = parsed.data;
  const chars = u.usageCharacteristic;
  const msisdn = nationalNumber(String(characteristic(chars, 'msisdn') ?? ''));
  const unit = UNIT[u.usageType];
  const given = characteristic(chars, unit) ?? 0;
  const amount = typeof given === 'number' || typeof given === 'string' ? Number(given) : Number.NaN;
  const country = String(characteristic(chars, 'country') ?? 'IE').toUpperCase();
  if (!/^08\d{8}$/.test(msisdn) || !/^[A-Z]{2}$/.test(country))
    return { problem: 'usage without a number, an amount or a country we can read' };
  if (!Number.isFinite(amount) || amount < 0 || amount > USAGE_RECORD_MAX[u.usageType])
    return {
      problem: `${unit} ${String(given).slice(0, 40)} is not an amount one record can carry (0 to ${USAGE_RECORD_MAX[u.usageType]})`,
    };
  const rated = networkPriceOf(u);
  if (typeof rated === 'string') return { problem: rated };
  const destination = characteristic(chars, 'destination');
  return {
    use: {
      usageId: u.id,
      usageType: u.usageType,
      msisdn,
      country,
      at: new Date(u.usageDate),
      dataKb: u.usageType === 'data' ? Math.round(amount) : 0,
      minutes: u.usageType === 'voice' ? Math.ceil(amount / 60) : 0,
      texts: u.usageType === 'sms' ? Math.round(amount) : 0,
      destination: typeof destination === 'string' && destination.length <= 32 ? destination : null,
      destinationMobile: String(characteristic(chars, 'destinationType') ?? '').toLowerCase() === 'mobile',
      incoming: String(characteristic(chars, 'direction') ?? '').toLowerCase() === 'incoming',
      networkCents: rated,
    },
  };
}

/**
 * The network's price of a use, in cents VAT included: the sum of its rated amounts that are not
 * "included usage" (TMF635 `usageRatingTag`), when its status says it was rated; null when not.
 * Each amount is its `taxIncludedRatingAmount`, or (all of TMF635's amounts are optional) its
 * `taxExcludedRatingAmount` with its `taxRate` added: a rate of 1 or more is a percentage (23), below
 * it a fraction (0.23); none given, the Irish standard rate. A price in another currency, below zero,
 * or a rated amount with neither, cannot be charged: the reason why.
 */
function networkPriceOf(u: z.output<typeof UsageIn>): number | null | string {
  if (!RATED.includes(u.status ?? '') || !u.ratedProductUsage?.length) return null;
  let cents = 0;
  for (const r of u.ratedProductUsage) {
    if (r.usageRatingTag === 'included usage') continue;
    const amount = r.taxIncludedRatingAmount ?? r.taxExcludedRatingAmount;
    if (!amount) continue;
    const { value, unit } = amount;
    if ((unit ?? 'EUR') !== 'EUR' || !Number.isFinite(value) || value < 0 || value > 100_000)
      return `rated at ${String(value).slice(0, 20)} ${String(unit ?? '').slice(0, 8)}, not an amount in euro we can charge`;
    if (r.taxIncludedRatingAmount) {
      cents += Math.round(value * 100);
      continue;
    }
    const rate = r.taxRate ?? VAT_RATE_PERCENT;
    if (!Number.isFinite(rate) || rate < 0 || rate > 100)
      return `rated with a tax rate of ${String(rate).slice(0, 20)}, not one we can add`;
    const percent = rate >= 1 ? rate : rate * 100;
    cents += Math.round(value * (100 + percent));
  }
  return cents;
}

/** A use abroad, counted by its domain (roaming) in the event's transaction. */
async function usedAbroad(tx: Tx, ctx: UsageContext, event: Event, eventId: string): Promise<Applied> {
  const read = useOf(event);
  if ('problem' in read) return { outcome: 'deadLetter', note: read.problem };
  return countAbroad(tx, ctx, read.use, eventId);
}

/** A number that left for another network (the alias `PortOutEvent`), applied by the line's domain (port-out.ts). */
async function portedOut(tx: Tx, ctx: UsageContext, event: Event): Promise<Applied> {
  const raw = event.event['msisdn'] ?? (event.event['portOut'] as { msisdn?: unknown } | undefined)?.msisdn;
  const msisdn = nationalNumber(String(raw ?? ''));
  if (!/^08\d{8}$/.test(msisdn)) return { outcome: 'deadLetter', note: `no SIM has ${msisdn || 'that number'}` };
  return numberLeft(tx, ctx, msisdn, {});
}

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
async function serviceChanged(tx: Tx, ctx: UsageContext, event: Event): Promise<Applied> {
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
async function serviceSeen(tx: Tx, ctx: UsageContext, event: Event): Promise<Applied> {
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
async function informationRequired(tx: Tx, ctx: UsageContext, event: Event): Promise<Applied> {
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
