import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../../db/client.ts';
import { balances, goodyBags, spotLoans } from '../../db/schema.ts';
import type { Clock } from '../../kernel/clock.ts';
import { dayOf } from '../../kernel/calendar.ts';
import type { ServiceContext } from '../../kernel/outcome.ts';
import { sendAlertPushes } from '../alerts/index.ts';
import { runAlerts } from '../money/index.ts';
import { orderNoAllowanceBar, countUsageAtHome, type Counted, type Use, type UseEvent } from '../network/index.ts';

/** One use at home, as the listener read it from a TMF635 Usage. */
export interface UseAtHome {
  eventId: string;
  eventTime: Date;
  msisdn: string;
  at: Date;
  dataKb: number;
  minutes: number;
  texts: number;
  /** The whole event, kept when it turns out to be a dead letter. */
  body: unknown;
}

/** The membership a use counted to, as it is after the batch. */
export interface CountedMembership {
  dataMaxKb: number | null;
  dataUsedKb: number;
  dataInKb: number;
  dataOutKb: number;
  carryoverKb: number;
  carryoverUsedKb: number;
  addonKb: number;
  dataAlertedPercent: number;
}

/** What counting it came to: a replay, a number we do not know, or the membership after it (none: the day's use only). */
export type CountedAtHome =
  | { outcome: 'duplicate' }
  | { outcome: 'deadLetter' }
  | { outcome: 'applied'; ssn: string; membership: CountedMembership | null };

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const sqlState = (error: unknown) =>
  (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code ?? '';
const isDeadlock = (error: unknown) => sqlState(error) === '40P01';
/** A fault in what a use carries (SQLSTATE 22…, a data exception; 23…, a constraint), not a database away. */
const isDataFault = (error: unknown) => /^2[23]/.test(sqlState(error));

/**
 * Uses at home counted many in one statement (the listener's busiest path: a million members'
 * network sends thousands a second, and one commit for many is what the disk allows): each event
 * stored by its id (a replay, in the table or twice in the batch, stores and counts nothing), each
 * membership whose period holds a use counted once with the batch's sum, up to what it allows (its
 * own data, then carried-over data; minutes and texts), and each SIM's day. Each membership row is
 * updated from its latest version. An unknown number is stored as a dead letter with its body.
 */
async function countBatch(db: Database, clock: Clock, uses: UseAtHome[]): Promise<CountedAtHome[]> {
  const input = JSON.stringify(
    uses.map((u, ord) => ({
      ord,
      event_id: u.eventId,
      event_time: u.eventTime.toISOString(),
      msisdn: u.msisdn,
      at: u.at.toISOString(),
      day: dayOf(u.at),
      kb: u.dataKb,
      mins: u.minutes,
      texts: u.texts,
      body: u.body,
    })),
  );
  const { rows } = (await db.execute(sql`
    with input as (
      select * from jsonb_to_recordset(${input}::jsonb) as t(
        ord int, event_id text, event_time timestamptz, msisdn text, at timestamptz, day date,
        kb bigint, mins int, texts int, body jsonb)
    ),
    once as (select distinct on (event_id) * from input order by event_id, ord),
    j as (select once.*, s.ssn from once left join sims s on s.msisdn = once.msisdn),
    ev as (
      insert into network_events (event_id, event_type, event_time, outcome, note, body, received_at)
      select event_id, 'UsageCreateEvent', event_time,
        case when ssn is null then 'deadLetter' else 'applied' end,
        case when ssn is null then 'no SIM has ' || msisdn end,
        case when ssn is null then body end,
        ${clock().toISOString()}::timestamptz
      from j
      on conflict do nothing
      returning event_id, outcome
    ),
    a as (
      select j.*, (
        select mm.id from memberships mm
        where mm.ssn = j.ssn and mm.status <> 'queued' and mm.starts_at <= j.at and mm.ends_at > j.at
        order by mm.starts_at desc limit 1
      ) as membership_id
      from j join ev on ev.event_id = j.event_id
      where ev.outcome = 'applied'
    ),
    per as (
      select membership_id, sum(kb)::bigint as kb, sum(mins)::int as mins, sum(texts)::int as texts
      from a where membership_id is not null group by membership_id
    ),
    upd as (
      update memberships u set
        data_used_kb = case when u.data_max_kb is null then u.data_used_kb + per.kb
          else greatest(u.data_used_kb, least(u.data_max_kb + u.data_in_kb - u.data_out_kb, u.data_used_kb + per.kb)) end,
        carryover_used_kb = case when u.data_max_kb is null then u.carryover_used_kb
          else least(u.carryover_kb, u.carryover_used_kb
            + greatest(0, u.data_used_kb + per.kb - greatest(u.data_used_kb, u.data_max_kb + u.data_in_kb - u.data_out_kb))) end,
        mobile_minutes_used = case when u.mobile_minutes_max is null then u.mobile_minutes_used + per.mins
          else least(u.mobile_minutes_max, u.mobile_minutes_used + per.mins) end,
        texts_used = case when u.texts_max is null then u.texts_used + per.texts
          else least(u.texts_max, u.texts_used + per.texts) end
      from per where u.id = per.membership_id
      returning u.id, u.data_max_kb, u.data_used_kb, u.data_in_kb, u.data_out_kb, u.carryover_kb,
        u.carryover_used_kb, u.addon_kb, u.data_alerted_percent
    ),
    d as (
      insert into daily_usage (ssn, day, data_kb, minutes, texts)
      select ssn, day, sum(kb), sum(mins), sum(texts) from a group by ssn, day
      on conflict (ssn, day) do update set data_kb = daily_usage.data_kb + excluded.data_kb,
        minutes = daily_usage.minutes + excluded.minutes, texts = daily_usage.texts + excluded.texts
    )
    select input.ord, ev.outcome, j.ssn, a.membership_id, upd.data_max_kb, upd.data_used_kb, upd.data_in_kb,
      upd.data_out_kb, upd.carryover_kb, upd.carryover_used_kb, upd.addon_kb, upd.data_alerted_percent
    from input
    left join j on j.event_id = input.event_id and j.ord = input.ord
    left join ev on ev.event_id = j.event_id
    left join a on a.ord = input.ord
    left join upd on upd.id = a.membership_id
    order by input.ord
  `)) as unknown as { rows: Record<string, unknown>[] };
  return rows.map((row): CountedAtHome => {
    if (row['outcome'] === null || row['outcome'] === undefined) return { outcome: 'duplicate' };
    if (row['outcome'] === 'deadLetter') return { outcome: 'deadLetter' };
    return {
      outcome: 'applied',
      ssn: String(row['ssn']),
      membership:
        row['data_used_kb'] === null || row['data_used_kb'] === undefined
          ? null
          : {
              dataMaxKb: num(row['data_max_kb']),
              dataUsedKb: Number(row['data_used_kb']),
              dataInKb: Number(row['data_in_kb']),
              dataOutKb: Number(row['data_out_kb']),
              carryoverKb: Number(row['carryover_kb']),
              carryoverUsedKb: Number(row['carryover_used_kb']),
              addonKb: Number(row['addon_kb']),
              dataAlertedPercent: Number(row['data_alerted_percent']),
            },
    };
  });
}

interface Waiting {
  use: UseAtHome;
  resolve: (counted: CountedAtHome) => void;
  reject: (error: unknown) => void;
}

const MAX_BATCH = 250;
/** Batches in flight at once for one database (each is one statement on one connection). */
const IN_FLIGHT = 2;

/**
 * Counts a use at home together with the others that arrive meanwhile: a request waits only for the
 * batch it joins to commit, and is answered then (so a 2xx always means stored). While the batches
 * in flight run, new uses gather for the next.
 */
function batcher(db: Database, clock: Clock) {
  const queue: Waiting[] = [];
  let running = 0;
  const run = async () => {
    running += 1;
    try {
      for (let batch = queue.splice(0, MAX_BATCH); batch.length > 0; batch = queue.splice(0, MAX_BATCH)) {
        try {
          let counted: CountedAtHome[] | undefined;
          // Two instances' batches may take the same memberships in another order: PostgreSQL ends
          // one of them (a deadlock, nothing written), which is tried again.
          for (let attempt = 1; !counted; attempt++)
            try {
              counted = await countBatch(
                db,
                clock,
                batch.map((w) => w.use),
              );
            } catch (error) {
              if (!isDeadlock(error) || attempt >= 5) throw error;
            }
          batch.forEach((w, i) => w.resolve(counted[i]!));
        } catch (error) {
          // One event's fault must not reach the others: a batch that failed on what a use carries is
          // counted again one use at a time, so only that use fails (the batch rolled back: nothing
          // doubled). A database that is away fails them all at once, without a query each.
          if (batch.length === 1 || !isDataFault(error)) for (const w of batch) w.reject(error);
          else
            for (const w of batch)
              await countBatch(db, clock, [w.use]).then(
                ([counted]) => w.resolve(counted!),
                (alone: unknown) => w.reject(alone),
              );
        }
      }
    } finally {
      running -= 1;
    }
  };
  return (use: UseAtHome) =>
    new Promise<CountedAtHome>((resolve, reject) => {
      queue.push({ use, resolve, reject });
      // Uses that arrive in the same turn of the event loop join this batch.
      if (running < IN_FLIGHT) setImmediate(() => void (queue.length > 0 && run()));
    });
}

const batchers = new WeakMap<Database, ReturnType<typeof batcher>>();

/** Counts one use at home (in a batch with those arriving at the same time). */
export function countUseAtHome(db: Database, clock: Clock, use: UseAtHome): Promise<CountedAtHome> {
  let count = batchers.get(db);
  if (!count) batchers.set(db, (count = batcher(db, clock)));
  return count(use);
}

/**
 * A use of a number (TMF635 Usage) at home, counted where the rules say: to the membership whose
 * period holds its date (data, then carried-over data, minutes and texts, each up to what the
 * membership allows) and the day's use, in one statement (above). Crossing 80 % or 100 % of the
 * data makes the alerts due now; data used with nothing left and no credit bars data on the network.
 */
async function usedAtHome(ctx: ServiceContext, event: UseEvent, use: Use): Promise<Counted> {
  const counted = await countUseAtHome(ctx.db, ctx.clock, {
    eventId: event.eventId,
    eventTime: event.eventTime,
    msisdn: use.msisdn,
    at: use.at,
    dataKb: use.dataKb,
    minutes: use.minutes,
    texts: use.texts,
    body: event.body,
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
      // top-up, an add-on or a membership (which order it started again: money's credit and purchases).
      if (await nothingLeft(tx, counted.ssn, use.at, m !== null))
        await orderNoAllowanceBar(tx, ctx.clock, counted.ssn, true);
    });
  return {
    outcome: 'applied',
    // The alert now, not at the next minute's job; its push goes now too.
    ...(alertsDue
      ? {
          followUp: async ({ db, clock, push, pushOrigins }) => {
            await runAlerts({ db, clock });
            await sendAlertPushes({ db, clock }, push, pushOrigins);
          },
        }
      : {}),
  };
}

/**
 * Whether a SIM has no data left to use and no credit: its membership's data and carried-over data
 * used up (an add-on or data a friend spotted still counts as some left), or no membership and no
 * onboard data; and credit at zero.
 */
async function nothingLeft(tx: Queryable, ssn: string, at: Date, membership: boolean) {
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

// Flexible data counts the use at home.
countUsageAtHome(usedAtHome);
