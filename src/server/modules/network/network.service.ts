import { and, eq, gt } from 'drizzle-orm';
import { z } from 'zod';
import type { NetworkEvent } from '../../../contract/network.schema.ts';
import type { Queryable } from '../../db/client.ts';
import { balances, goodyBags, networkEvents, notifications, sims, spotLoans } from '../../db/schema.ts';
import { monthOf } from '../../kernel/calendar.ts';
import { orderDataBar, orderNoAllowanceBar } from './data-bars.ts';
import { applyServiceOrder } from './network-steps.ts';
import type { ServiceContext } from '../../kernel/outcome.ts';
import { recordUseAbroad, type UsageRecorded } from '../roaming/roaming.ts';
import { countAtHome } from './network.usage.ts';

type Event = z.output<typeof NetworkEvent>;
export type Received = {
  outcome: 'applied' | 'stale' | 'deadLetter' | 'duplicate';
  usage?: Omit<UsageRecorded, 'noticed'>;
  /** Whether the counted use may have crossed an alert's line (the handler then looks for alerts). */
  alertsDue?: boolean;
  /** Whether a use abroad raised a notice (the handler then pushes it). */
  pushesDue?: boolean;
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
  // The busiest kind, a use at home, in one statement of its own (network.usage.ts).
  const read = event.eventType === 'UsageCreateEvent' ? useOf(event) : undefined;
  if (read && 'use' in read && read.use.country === 'IE') return usedAtHome(ctx, event, read.use);
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
    const { noticed = false, ...usage } = result.usage ?? {};
    return {
      outcome: result.outcome,
      ...(result.usage ? { usage: usage as Omit<UsageRecorded, 'noticed'> } : {}),
      alertsDue: result.alertsDue ?? false,
      pushesDue: noticed,
    };
  });
}

type Tx = Queryable;
interface Applied {
  outcome: 'applied' | 'stale' | 'deadLetter';
  note?: string;
  orderId?: number;
  usage?: UsageRecorded;
  alertsDue?: boolean;
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

type Use = { msisdn: string; country: string; at: Date; dataKb: number; minutes: number; texts: number };

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

/**
 * A use of a number (TMF635 Usage) at home, counted where the rules say: to the membership whose
 * period holds its date (data, then carried-over data, minutes and texts, each up to what the
 * membership allows) and the day's use, in one statement (network.usage.ts). Crossing 80 % or 100 %
 * of the data makes the alerts due now; data used with nothing left and no credit bars data on
 * the network.
 */
async function usedAtHome(ctx: ServiceContext, event: Event, use: Use): Promise<Received> {
  const counted = await countAtHome(ctx.db, ctx.clock, {
    eventId: event.eventId,
    eventTime: new Date(event.eventTime),
    msisdn: use.msisdn,
    at: use.at,
    dataKb: use.dataKb,
    minutes: use.minutes,
    texts: use.texts,
    body: event,
  });
  if (counted.outcome !== 'applied') return { outcome: counted.outcome };
  const m = counted.membership;
  // At 80 % or 100 % of the data and not yet told so: the alert is due now.
  const total = m && m.dataMaxKb !== null ? m.dataMaxKb + m.dataInKb : 0;
  const used = m ? m.dataUsedKb + m.dataOutKb : 0;
  const alertsDue =
    m !== null &&
    total > 0 &&
    ((m.dataAlertedPercent < 80 && used * 5 >= total * 4) || (m.dataAlertedPercent < 100 && used >= total));
  const usedUp = !m || (m.dataMaxKb !== null && m.addonKb === 0 && used >= total && m.carryoverUsedKb >= m.carryoverKb);
  if (use.dataKb > 0 && usedUp)
    await ctx.db.transaction(async (tx) => {
      // Data used with nothing left to draw on and no credit to pay from: the network stops data until a
      // top-up, an add-on or a membership (which order it started again: modules/money/credit.ts, purchases.ts).
      if (await nothingLeft(tx, counted.ssn, use.at, m !== null))
        await orderNoAllowanceBar(tx, ctx.clock, counted.ssn, true);
    });
  return { outcome: 'applied', alertsDue };
}

/**
 * A use abroad, by country with the roaming notices and the cap (modules/roaming/roaming.ts), which, once
 * reached, bars data abroad on the network.
 */
async function usedAbroad(tx: Tx, ctx: ServiceContext, event: Event): Promise<Applied> {
  const read = useOf(event);
  if ('problem' in read) return { outcome: 'deadLetter', note: read.problem };
  const { use } = read;
  const [sim] = await tx.select({ ssn: sims.ssn }).from(sims).where(eq(sims.msisdn, use.msisdn));
  if (!sim) return { outcome: 'deadLetter', note: `no SIM has ${use.msisdn}` };
  const usage = await recordUseAbroad(tx, () => use.at, sim.ssn, {
    country: use.country,
    dataKb: use.dataKb,
    minutes: use.minutes,
    texts: use.texts,
  });
  if (!usage) return { outcome: 'deadLetter', note: `${use.msisdn} has no member` };
  // The cap reached: data abroad stops on the network, once for the month.
  if (usage.stopped && !usage.refused)
    await orderDataBar(tx, ctx.clock, { ssn: sim.ssn, msisdn: use.msisdn }, true, 'roamingCap', monthOf(use.at));
  return { outcome: 'applied', usage };
}

/**
 * Whether a SIM has no data left to use and no credit: its membership's data and carried-over data
 * used up (an add-on or data a friend spotted still counts as some left), or no membership and no
 * onboard data; and credit at zero.
 */
async function nothingLeft(tx: Tx, ssn: string, at: Date, membership: boolean) {
  if (membership) {
    const [lent] = await tx
      .select({ id: spotLoans.id })
      .from(spotLoans)
      .where(and(eq(spotLoans.borrowerSsn, ssn), gt(spotLoans.endsAt, at)))
      .limit(1);
    if (lent) return false;
  } else {
    const [bag] = await tx
      .select({ id: goodyBags.id })
      .from(goodyBags)
      .where(and(eq(goodyBags.ssn, ssn), gt(goodyBags.expiresAt, at), gt(goodyBags.onboardKb, 0)))
      .limit(1);
    if (bag) return false;
  }
  const [balance] = await tx.select({ credit: balances.creditCents }).from(balances).where(eq(balances.ssn, ssn));
  return (balance?.credit ?? 0) <= 0;
}

/** A number that left for another network: the SIM no longer has it; the member is told. */
async function portedOut(tx: Tx, ctx: ServiceContext, event: Event): Promise<Applied> {
  const raw = event.event['msisdn'] ?? (event.event['portOut'] as { msisdn?: unknown } | undefined)?.msisdn;
  const msisdn = nationalNumber(String(raw ?? ''));
  const [sim] = /^08\d{8}$/.test(msisdn) ? await tx.select().from(sims).where(eq(sims.msisdn, msisdn)) : [];
  if (!sim) return { outcome: 'deadLetter', note: `no SIM has ${msisdn || 'that number'}` };
  await tx.update(sims).set({ msisdn: null, status: 'inactive', lineState: null }).where(eq(sims.ssn, sim.ssn));
  if (sim.memberId)
    await tx.insert(notifications).values({
      memberId: sim.memberId,
      title: 'Your number has moved to another network',
      body: `${msisdn} now belongs to another network, so your 48 SIM no longer works. Your account stays open: order a new SIM in my48 any time.`,
      createdAt: ctx.clock(),
    });
  return { outcome: 'applied' };
}
