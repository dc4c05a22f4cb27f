import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { NetworkEvent } from '../../../contract/network.schema.ts';
import type { Queryable } from '../../db/client.ts';
import { networkEvents } from '../../db/schema.ts';
import { applyServiceOrder } from './network-steps.ts';
import type { ServiceContext } from '../../kernel/outcome.ts';
import { numberLeft } from './port-out.ts';
import { countAbroad, countAtHome, type Counted, type FollowUp, type Use } from './usage.ts';

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

const UsageIn = z.object({
  id: z.string().min(1).max(200),
  usageDate: z.iso.datetime({ offset: true }),
  usageType: z.enum(['data', 'voice', 'sms']),
  usageCharacteristic: z.array(z.object({ name: z.string(), value: z.unknown() })),
});

const characteristic = (list: { name: string; value: unknown }[] | undefined, name: string) =>
  list?.find((c) => c.name === name)?.value;

/**
 * One event from the network (docs/product/network.md "Events, once"), in one transaction: stored
 * by its id first (a replay finds it and changes nothing), then applied. An event for an unknown
 * number or order, or one whose contents cannot be read, is kept aside as a dead letter and
 * answered 2xx: the network would only send it again.
 */
export async function receiveNetworkEvent(ctx: ServiceContext, event: Event): Promise<Received> {
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
async function orderStateChanged(tx: Tx, ctx: ServiceContext, event: Event): Promise<Applied> {
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
  return {
    use: {
      msisdn,
      country,
      at: new Date(u.usageDate),
      dataKb: u.usageType === 'data' ? Math.round(amount) : 0,
      minutes: u.usageType === 'voice' ? Math.ceil(amount / 60) : 0,
      texts: u.usageType === 'sms' ? Math.round(amount) : 0,
    },
  };
}

/** A use abroad, counted by its domain (roaming) in the event's transaction. */
async function usedAbroad(tx: Tx, ctx: ServiceContext, event: Event): Promise<Applied> {
  const read = useOf(event);
  if ('problem' in read) return { outcome: 'deadLetter', note: read.problem };
  return countAbroad(tx, ctx, read.use);
}

/** A number that left for another network, applied by the line's domain (port-out.ts). */
async function portedOut(tx: Tx, ctx: ServiceContext, event: Event): Promise<Applied> {
  const raw = event.event['msisdn'] ?? (event.event['portOut'] as { msisdn?: unknown } | undefined)?.msisdn;
  const msisdn = nationalNumber(String(raw ?? ''));
  if (!/^08\d{8}$/.test(msisdn)) return { outcome: 'deadLetter', note: `no SIM has ${msisdn || 'that number'}` };
  return numberLeft(tx, ctx, msisdn);
}
