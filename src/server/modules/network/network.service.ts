import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { NetworkEvent } from '../../../contract/network.schema.ts';
import type { Queryable } from '../../db/client.ts';
import { networkEvents } from '../../db/schema.ts';
import { applyServiceOrder } from './network-steps.ts';
import { numberLeft } from './port-out.ts';
import { countAbroad, countAtHome, type Counted, type FollowUp, type Use, type UsageContext } from './usage.ts';

type Event = z.output<typeof NetworkEvent>;
export type Received = {
  outcome: 'applied' | 'stale' | 'deadLetter' | 'duplicate';
  usage?: Counted['usage'];
  /** What the domain that counted a use needs done at once, after the transaction (an alert due now, a push). */
  followUp?: FollowUp;
};

/** A number as the network writes it (E.164 digits 3538…, or national 08…) in ours (08…). */
export const nationalNumber = (msisdn: string) => {
  const digits = msisdn.replace(/^\+/, '');
  return digits.startsWith('353') ? `0${digits.slice(3)}` : digits;
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
      }),
    )
    .optional(),
});

/** The statuses of a TMF635 Usage that carry the network's rating. */
const RATED = ['rated', 'rerated', 'billed'];

const characteristic = (list: { name: string; value: unknown }[] | undefined, name: string) =>
  list?.find((c) => c.name === name)?.value;

/**
 * One event from the network (docs/product/network.md "Events, once"), in one transaction: stored
 * by its id first (a replay finds it and changes nothing), then applied. An event for an unknown
 * number or order, or one whose contents cannot be read, is kept aside as a dead letter and
 * answered 2xx: the network would only send it again.
 */
export async function receiveNetworkEvent(ctx: UsageContext, event: Event): Promise<Received> {
  // The busiest kind, a use at home, in one statement of its own (its counter keeps the event too).
  const read = event.eventType === 'UsageCreateEvent' ? useOf(event) : undefined;
  if (read && 'use' in read && read.use.country === 'IE') {
    const counted = await countAtHome(
      ctx,
      { eventId: event.eventId, eventTime: new Date(event.eventTime), body: event },
      read.use,
    );
    return { outcome: counted.outcome, ...(counted.followUp ? { followUp: counted.followUp } : {}) };
  }
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock();
    const [stored] = await tx
      .insert(networkEvents)
      .values({
        eventId: event.eventId,
        eventType: event.eventType,
        eventTime: new Date(event.eventTime),
        outcome: 'applied',
        receivedAt: now,
      })
      .onConflictDoNothing()
      .returning({ eventId: networkEvents.eventId });
    if (!stored) return { outcome: 'duplicate' };
    const result =
      event.eventType === 'ServiceOrderStateChangeEvent'
        ? await orderStateChanged(tx, ctx, event)
        : event.eventType === 'UsageCreateEvent'
          ? await usedAbroad(tx, ctx, event)
          : await portedOut(tx, ctx, event);
    if (result.outcome !== 'applied' || result.note)
      await tx
        .update(networkEvents)
        .set({
          outcome: result.outcome,
          note: result.note ?? null,
          orderId: result.orderId ?? null,
          ...(result.outcome === 'deadLetter' ? { body: event } : {}),
        })
        .where(eq(networkEvents.eventId, event.eventId));
    else if (result.orderId)
      await tx.update(networkEvents).set({ orderId: result.orderId }).where(eq(networkEvents.eventId, event.eventId));
    return {
      outcome: result.outcome,
      ...(result.usage ? { usage: result.usage } : {}),
      ...(result.followUp ? { followUp: result.followUp } : {}),
    };
  });
}

type Tx = Queryable;
interface Applied {
  outcome: 'applied' | 'stale' | 'deadLetter';
  note?: string;
  orderId?: number;
  usage?: Counted['usage'];
  followUp?: FollowUp;
}

/** An order's new state: applied when it is further than the one held, else kept as history. */
async function orderStateChanged(tx: Tx, ctx: UsageContext, event: Event): Promise<Applied> {
  return applyServiceOrder(tx, ctx.clock, event.event['serviceOrder']);
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
 * A price in another currency, or below zero, cannot be charged: the reason why.
 */
function networkPriceOf(u: z.output<typeof UsageIn>): number | null | string {
  if (!RATED.includes(u.status ?? '') || !u.ratedProductUsage?.length) return null;
  let cents = 0;
  for (const r of u.ratedProductUsage) {
    if (r.usageRatingTag === 'included usage' || !r.taxIncludedRatingAmount) continue;
    const { value, unit } = r.taxIncludedRatingAmount;
    if ((unit ?? 'EUR') !== 'EUR' || !Number.isFinite(value) || value < 0 || value > 100_000)
      return `rated at ${String(value).slice(0, 20)} ${String(unit ?? '').slice(0, 8)}, not an amount in euro we can charge`;
    cents += Math.round(value * 100);
  }
  return cents;
}

/** A use abroad, counted by its domain (roaming) in the event's transaction. */
async function usedAbroad(tx: Tx, ctx: UsageContext, event: Event): Promise<Applied> {
  const read = useOf(event);
  if ('problem' in read) return { outcome: 'deadLetter', note: read.problem };
  return countAbroad(tx, ctx, read.use);
}

/** A number that left for another network, applied by the line's domain (port-out.ts). */
async function portedOut(tx: Tx, ctx: UsageContext, event: Event): Promise<Applied> {
  const raw = event.event['msisdn'] ?? (event.event['portOut'] as { msisdn?: unknown } | undefined)?.msisdn;
  const msisdn = nationalNumber(String(raw ?? ''));
  if (!/^08\d{8}$/.test(msisdn)) return { outcome: 'deadLetter', note: `no SIM has ${msisdn || 'that number'}` };
  return numberLeft(tx, ctx, msisdn);
}
