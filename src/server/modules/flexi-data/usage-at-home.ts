import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../kernel/clock.ts';
import { dayOf } from '../../kernel/calendar.ts';
import { sendAlertPushes } from '../alerts/index.ts';
import { chargeAndSettle, priceListOf, rateUse, runAlerts, type RatedUse } from '../money/index.ts';
import { countUsageAtHome, type Counted, type Use, type UseEvent, type UsageContext } from '../network/index.ts';

/** One use at home, as the listener read it from a TMF635 Usage, with what it draws on and costs. */
export interface UseAtHome {
  eventId: string;
  eventTime: Date;
  /** The network's id of the use: what it is charged under (none: counted, never charged). */
  usageId?: string | undefined;
  /** The transactions screen's line for its charge. */
  description?: string | undefined;
  msisdn: string;
  at: Date;
  /** The use as the day's use counts it. */
  dataKb: number;
  minutes: number;
  texts: number;
  /** What it draws on first and its price past that (money's rating); none: counted, never charged. */
  rated?: Pick<RatedUse, 'allowance' | 'units' | 'cents' | 'per'> | undefined;
  /** The network's own price in cents (it rated the use and is trusted to): charged as it is. */
  fixedCents?: number | null | undefined;
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

/** What counting it came to: a replay, a number we do not know, or the membership after it (none: no membership). */
export type CountedAtHome =
  | { outcome: 'duplicate' }
  | { outcome: 'deadLetter' }
  | {
      outcome: 'applied';
      ssn: string;
      membership: CountedMembership | null;
      /** What the use costs past its allowance, in cents (to be taken from credit in the same transaction). */
      dueCents: number;
    };

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const sqlState = (error: unknown) =>
  (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code ?? '';
const isDeadlock = (error: unknown) => sqlState(error) === '40P01';
/** A fault in what a use carries (SQLSTATE 22…, a data exception; 23…, a constraint), not a database away. */
const isDataFault = (error: unknown) => /^2[23]/.test(sqlState(error));

/** The allowances a use at home may draw on, as the batch's statement names them. */
const ALLOWANCE_OF = { data: 'data', mobileMinutes: 'mobile', landlineMinutes: 'landline', texts: 'texts' } as const;

/**
 * Uses at home counted many in one statement (the listener's busiest path: a million members'
 * network sends thousands a second, and one commit for many is what the disk allows): each event
 * stored by its id (a replay, in the table or twice in the batch, stores and counts nothing); each
 * use drawn, in the order it came, from what it may draw on, locked: data from the membership's own,
 * then carried-over data, add-ons, then data a friend spotted (or, with no membership, a goody bag);
 * minutes to mobiles, to landlines and texts each from their own; and the SIM's day. What a use
 * could not draw is its due (its price past the allowance, rounded up to the cent), which the caller
 * takes from credit in the same transaction. An unknown number is stored as a dead letter with its body.
 */
async function countBatch(db: Database, clock: Clock, uses: UseAtHome[]): Promise<CountedAtHome[]> {
  const now = clock();
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
      allow: u.rated?.allowance ? ALLOWANCE_OF[u.rated.allowance as keyof typeof ALLOWANCE_OF] : null,
      units: u.rated?.units ?? 0,
      cents: u.rated?.cents ?? 0,
      per: u.rated?.per ?? 1,
      fixed: u.fixedCents ?? null,
      body: u.body,
    })),
  );
  const { rows } = (await db.execute(sql`
    with input as (
      select * from jsonb_to_recordset(${input}::jsonb) as t(
        ord int, event_id text, event_time timestamptz, msisdn text, at timestamptz, day date,
        kb bigint, mins int, texts int, allow text, units bigint, cents bigint, per bigint, fixed bigint, body jsonb)
    ),
    once as (select distinct on (event_id) * from input order by event_id, ord),
    j as (select once.*, s.ssn from once left join sims s on s.msisdn = once.msisdn),
    ev as (
      insert into network_events (event_id, event_type, event_time, outcome, note, body, received_at)
      select event_id, 'UsageCreateEvent', event_time,
        case when ssn is null then 'deadLetter' else 'applied' end,
        case when ssn is null then 'no SIM has ' || msisdn end,
        case when ssn is null then body end,
        ${now.toISOString()}::timestamptz
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
    -- What the uses draw on, locked as it is now (another instance's batch waits, or is waited for).
    m as (
      select mm.* from memberships mm where mm.id in (select membership_id from a) order by mm.id for update
    ),
    lent as (
      select l.id, l.borrower_ssn as ssn, l.data_kb - l.used_kb as left_kb, l.ends_at from spot_loans l
      where l.borrower_ssn in (select ssn from a where membership_id is not null and allow = 'data')
        and l.returned_at is null and l.ends_at > ${now.toISOString()}::timestamptz and l.used_kb < l.data_kb
      order by l.id for update
    ),
    bags as (
      select g.id, g.ssn, g.onboard_kb as left_kb, g.expires_at as ends_at from goody_bags g
      where g.ssn in (select ssn from a where membership_id is null and allow = 'data')
        and g.expires_at > ${now.toISOString()}::timestamptz and g.onboard_kb > 0
      order by g.id for update
    ),
    -- Each use's place in what it draws on: the room left before the batch, and the batch's use up to it.
    r as (
      select a.ord, a.ssn, a.membership_id, a.allow, a.units, a.cents, a.per, a.fixed,
        case a.allow
          when 'data' then case
            when m.id is null then coalesce((select sum(left_kb) from bags b where b.ssn = a.ssn), 0)
            when m.data_max_kb is null then null
            else greatest(0, m.data_max_kb + m.data_in_kb - m.data_out_kb - m.data_used_kb)
              + (m.carryover_kb - m.carryover_used_kb) + (m.addon_kb - m.addon_used_kb)
              + coalesce((select sum(left_kb) from lent l where l.ssn = a.ssn), 0) end
          when 'mobile' then case when m.id is null then 0 when m.mobile_minutes_max is null then null
            else m.mobile_minutes_max - m.mobile_minutes_used end
          when 'landline' then case when m.id is null then 0 when m.landline_minutes_max is null then null
            else m.landline_minutes_max - m.landline_minutes_used end
          when 'texts' then case when m.id is null then 0 when m.texts_max is null then null
            else m.texts_max - m.texts_used end
        end as room,
        sum(a.units) over (partition by a.ssn, coalesce(a.membership_id, 0), a.allow order by a.ord
          rows between unbounded preceding and current row) as upto
      from a left join m on m.id = a.membership_id
    ),
    due as (
      select r.*,
        case when r.allow is null then r.units when r.room is null then 0
          else greatest(0, r.upto - r.room) - greatest(0, r.upto - r.units - r.room) end as over
      from r
    ),
    per as (
      select membership_id,
        coalesce(sum(units) filter (where allow = 'data'), 0)::bigint as kb,
        coalesce(sum(units) filter (where allow = 'mobile'), 0)::int as mobile,
        coalesce(sum(units) filter (where allow = 'landline'), 0)::int as landline,
        coalesce(sum(units) filter (where allow = 'texts'), 0)::int as texts
      from a where membership_id is not null group by membership_id
    ),
    -- The batch's data a membership draws: its own, then carried over, then add-ons (what is past them
    -- goes to spotted data, below, or is due).
    draw as (
      select m.id, per.mobile, per.landline, per.texts,
        case when m.data_max_kb is null then per.kb
          else least(per.kb, greatest(0, m.data_max_kb + m.data_in_kb - m.data_out_kb - m.data_used_kb)) end as own,
        per.kb, m.data_max_kb
      from m join per on per.membership_id = m.id
    ),
    draw2 as (
      select draw.*, case when draw.data_max_kb is null then 0
        else least(draw.kb - draw.own, m.carryover_kb - m.carryover_used_kb) end as carried
      from draw join m on m.id = draw.id
    ),
    draw3 as (
      select draw2.*, case when draw2.data_max_kb is null then 0
        else least(draw2.kb - draw2.own - draw2.carried, m.addon_kb - m.addon_used_kb) end as addon
      from draw2 join m on m.id = draw2.id
    ),
    upd as (
      update memberships u set
        data_used_kb = m.data_used_kb + d.own,
        carryover_used_kb = m.carryover_used_kb + d.carried,
        addon_used_kb = m.addon_used_kb + d.addon,
        mobile_minutes_used = case when m.mobile_minutes_max is null then m.mobile_minutes_used + d.mobile
          else least(m.mobile_minutes_max, m.mobile_minutes_used + d.mobile) end,
        landline_minutes_used = case when m.landline_minutes_max is null then m.landline_minutes_used + d.landline
          else least(m.landline_minutes_max, m.landline_minutes_used + d.landline) end,
        texts_used = case when m.texts_max is null then m.texts_used + d.texts
          else least(m.texts_max, m.texts_used + d.texts) end
      from m join draw3 d on d.id = m.id
      where u.id = m.id
      returning u.id, u.ssn, u.data_max_kb, u.data_used_kb, u.data_in_kb, u.data_out_kb, u.carryover_kb,
        u.carryover_used_kb, u.addon_kb, u.data_alerted_percent
    ),
    -- What is past a membership's own, carried and add-on data, from spotted data; with no membership,
    -- from goody bags: each pool soonest-ending first.
    need as (
      select a.ssn, a.membership_id, sum(a.units) as kb from a where a.allow = 'data' group by a.ssn, a.membership_id
    ),
    pool_need as (
      select need.ssn, (need.membership_id is null) as bare,
        sum(greatest(0, need.kb - coalesce(d.own + d.carried + d.addon, 0))) as kb
      from need left join draw3 d on d.id = need.membership_id
      group by need.ssn, (need.membership_id is null)
    ),
    lent_take as (
      select l.id, least(l.left_kb, greatest(0, n.kb - coalesce(sum(l.left_kb) over (partition by l.ssn
        order by l.ends_at, l.id rows between unbounded preceding and 1 preceding), 0))) as take
      from lent l join pool_need n on n.ssn = l.ssn and not n.bare
    ),
    lent_upd as (
      update spot_loans s set used_kb = s.used_kb + t.take from lent_take t where s.id = t.id and t.take > 0
      returning s.id
    ),
    bag_take as (
      select b.id, least(b.left_kb, greatest(0, n.kb - coalesce(sum(b.left_kb) over (partition by b.ssn
        order by b.ends_at, b.id rows between unbounded preceding and 1 preceding), 0))) as take
      from bags b join pool_need n on n.ssn = b.ssn and n.bare
    ),
    bag_upd as (
      update goody_bags g set onboard_kb = g.onboard_kb - t.take from bag_take t where g.id = t.id and t.take > 0
      returning g.id
    ),
    daily as (
      insert into daily_usage (ssn, day, data_kb, minutes, texts)
      select ssn, day, sum(kb), sum(mins), sum(texts) from a group by ssn, day
      on conflict (ssn, day) do update set data_kb = daily_usage.data_kb + excluded.data_kb,
        minutes = daily_usage.minutes + excluded.minutes, texts = daily_usage.texts + excluded.texts
    )
    select input.ord, ev.outcome, j.ssn, a.membership_id, upd.data_max_kb, upd.data_used_kb, upd.data_in_kb,
      upd.data_out_kb, upd.carryover_kb, upd.carryover_used_kb, upd.addon_kb, upd.data_alerted_percent,
      case when due.fixed is not null then due.fixed
        else ceil(due.over * due.cents / due.per::numeric)::bigint end as due_cents
    from input
    left join j on j.event_id = input.event_id and j.ord = input.ord
    left join ev on ev.event_id = j.event_id
    left join a on a.ord = input.ord
    left join due on due.ord = input.ord
    left join upd on upd.id = a.membership_id
    order by input.ord
  `)) as unknown as { rows: Record<string, unknown>[] };
  return rows.map((row): CountedAtHome => {
    if (row['outcome'] === null || row['outcome'] === undefined) return { outcome: 'duplicate' };
    if (row['outcome'] === 'deadLetter') return { outcome: 'deadLetter' };
    return {
      outcome: 'applied',
      ssn: String(row['ssn']),
      dueCents: Number(row['due_cents'] ?? 0),
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
  resolve: (counted: CountedAtHome & { alerted?: boolean }) => void;
  reject: (error: unknown) => void;
}

const MAX_BATCH = 250;
/** Batches in flight at once for one database (each is one transaction on one connection). */
const IN_FLIGHT = 2;

/**
 * A batch counted and its uses charged, in one transaction: the count (one statement), then what
 * is due taken from credit (one statement, only when something is due) with what follows from it
 * (a bar, the low-credit alert). A failure leaves nothing of either.
 */
async function countAndCharge(db: Database, clock: Clock, uses: UseAtHome[]) {
  return db.transaction(async (tx) => {
    const counted = await countBatch(tx as unknown as Database, clock, uses);
    const due = counted.flatMap((c, i) =>
      c.outcome === 'applied' && c.dueCents > 0 && uses[i]!.usageId
        ? [
            {
              ssn: c.ssn,
              usageId: uses[i]!.usageId!,
              at: uses[i]!.at,
              description: uses[i]!.description ?? 'Use',
              cents: c.dueCents,
              data: uses[i]!.dataKb > 0,
              i,
            },
          ]
        : [],
    );
    if (due.length === 0) return counted.map((c) => ({ ...c, alerted: false }));
    const { alerted } = await chargeAndSettle(tx, clock, due);
    const charged = new Set(due.map((d) => d.i));
    return counted.map((c, i) => ({ ...c, alerted: alerted && charged.has(i) }));
  });
}

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
          let counted: (CountedAtHome & { alerted?: boolean })[] | undefined;
          // Two instances' batches may take the same memberships or balances in another order:
          // PostgreSQL ends one of them (a deadlock, nothing written), which is tried again.
          for (let attempt = 1; !counted; attempt++)
            try {
              counted = await countAndCharge(
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
              await countAndCharge(db, clock, [w.use]).then(
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
    new Promise<CountedAtHome & { alerted?: boolean }>((resolve, reject) => {
      queue.push({ use, resolve, reject });
      // Uses that arrive in the same turn of the event loop join this batch.
      if (running < IN_FLIGHT) setImmediate(() => void (queue.length > 0 && run()));
    });
}

const batchers = new WeakMap<Database, ReturnType<typeof batcher>>();

/** Counts (and charges) one use at home, in a batch with those arriving at the same time. */
export function countUseAtHome(
  db: Database,
  clock: Clock,
  use: UseAtHome,
): Promise<CountedAtHome & { alerted?: boolean }> {
  let count = batchers.get(db);
  if (!count) batchers.set(db, (count = batcher(db, clock)));
  return count(use);
}

/**
 * A use of a number (TMF635 Usage) at home, counted where the rules say (above) and charged past its
 * allowance at the published prices (money's rating), or at the network's price where it rated the
 * use and is trusted to. Crossing 80 % or 100 % of the data, or credit falling to €2, makes the
 * alerts due now.
 */
async function usedAtHome(ctx: UsageContext, event: UseEvent, use: Use): Promise<Counted> {
  const byNetwork = ctx.rating.byNetwork && use.networkCents !== null;
  const rated = rateUse(use, priceListOf(await ctx.rating.charges()));
  const counted = await countUseAtHome(ctx.db, ctx.clock, {
    eventId: event.eventId,
    eventTime: event.eventTime,
    usageId: use.usageId,
    description: rated.description,
    msisdn: use.msisdn,
    at: use.at,
    dataKb: use.dataKb,
    minutes: use.minutes,
    texts: use.texts,
    rated,
    fixedCents: byNetwork ? use.networkCents : null,
    body: event.body,
  });
  if (counted.outcome !== 'applied') return { outcome: counted.outcome };
  const m = counted.membership;
  // At 80 % or 100 % of the data and not yet told so: the alert is due now.
  const total = m && m.dataMaxKb !== null ? m.dataMaxKb + m.dataInKb : 0;
  const used = m ? m.dataUsedKb + m.dataOutKb : 0;
  const dataAlertsDue =
    m !== null &&
    total > 0 &&
    ((m.dataAlertedPercent < 80 && used * 5 >= total * 4) || (m.dataAlertedPercent < 100 && used >= total));
  return {
    outcome: 'applied',
    // The alert now, not at the next minute's job; its push goes now too.
    ...(dataAlertsDue || counted.alerted
      ? {
          followUp: async ({ db, clock, push, pushOrigins }) => {
            if (dataAlertsDue) await runAlerts({ db, clock });
            await sendAlertPushes({ db, clock }, push, pushOrigins);
          },
        }
      : {}),
  };
}

// Flexible data counts the use at home.
countUsageAtHome(usedAtHome);
