import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { networkEvents } from '../../db/schema.ts';
import { applyServiceOrder, noteOnOrder } from './network-steps.ts';
import { VAT_RATE_PERCENT } from '../../../contract/transactions.ts';
import { nationalNumber } from './msisdn.ts';
import { numberLeft } from './port-out.ts';
import { countAbroad, countAtHome, type Counted, type FollowUp, type Use, type UsageContext } from './usage.ts';
import { characteristic, type Applied, type Event } from './events-in.ts';
import { informationRequired, serviceChanged, serviceSeen } from './service-events.ts';

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
