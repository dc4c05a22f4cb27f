import { sql } from 'drizzle-orm';
import { executePrepared, type Database } from '../../db/client.ts';
import type { Clock } from '../../kernel/clock.ts';
import { dayOf } from '../../kernel/calendar.ts';
import { sendAlertPushes } from '../alerts/index.ts';
import {
  chargeCtes,
  chargedOf,
  claimUsesCte,
  goodyBagsDrawnCte,
  goodyBagsLockedCte,
  membershipDrawCtes,
  membershipDrawnCte,
  needsSettling,
  priceListOf,
  rateUse,
  runAlerts,
  settleCharges,
  usageReference,
  useReported,
  type ChargedSim,
} from '../money/index.ts';
import { isDataFault, isDeadlock, type CountedAtHome, type UseAtHome } from './use-at-home.ts';
import { storeUseEventsCte, type Counted, type Use, type UseEvent, type UsageContext } from '../network/index.ts';
import { dailyUseCte } from '../lines/index.ts';

export type { CountedAtHome, CountedMembership, UseAtHome } from './use-at-home.ts';

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
      usage_id: u.usageId ?? null,
      reference: u.usageId ? usageReference(u.usageId) : null,
      description: u.description ?? null,
      use_kind: u.useKind ?? null,
      body: u.body,
    })),
  );
  const { rows } = await executePrepared(
    db,
    'count-uses-at-home',
    sql`
    with input as (
      -- json, not jsonb: the batch is read once, and only a dead letter's body is kept (as jsonb).
      select * from json_to_recordset(${input}::json) as t(
        ord int, event_id text, event_time timestamptz, msisdn text, at timestamptz, day date,
        kb bigint, mins int, texts int, allow text, units bigint, cents bigint, per bigint, fixed bigint,
        usage_id text, reference text, description text, use_kind text, body json)
    ),
    once as (select distinct on (event_id) * from input order by event_id, ord),
    -- The line a use was counted on before (the same usage id under another event: a resend, a re-rating).
    j as (
      select once.*, s.ssn, cu.ssn as counted_ssn from once
      left join sims s on s.msisdn = once.msisdn
      left join counted_uses cu on cu.usage_id = once.usage_id
    ),
    ${storeUseEventsCte(now)},
    ${claimUsesCte(now)},
    a as materialized (
      select j.*, (
        select mm.id from memberships mm
        where mm.ssn = j.ssn and mm.status <> 'queued' and mm.starts_at <= j.at and mm.ends_at > j.at
        order by mm.starts_at desc limit 1
      ) as membership_id
      from j join ev on ev.event_id = j.event_id
      where ev.outcome = 'applied' and (j.usage_id is null or j.event_id in (select event_id from claim))
    ),
    per as materialized (
      select membership_id,
        coalesce(sum(units) filter (where allow = 'data'), 0)::bigint as kb,
        coalesce(sum(units) filter (where allow = 'mobile'), 0)::int as mobile,
        coalesce(sum(units) filter (where allow = 'landline'), 0)::int as landline,
        coalesce(sum(units) filter (where allow = 'texts'), 0)::int as texts
      from a where membership_id is not null group by membership_id
    ),
    ${membershipDrawCtes()},
    rooms as materialized (select jsonb_object_agg(id::text, jsonb_build_array(room_data, room_mobile, room_landline, room_texts)) as by_id from draw),
    lent as (
      select l.id, l.borrower_ssn as ssn, l.data_kb - l.used_kb as left_kb, l.ends_at from spot_loans l
      where l.borrower_ssn in (select ssn from a where membership_id is not null and allow = 'data')
        and l.returned_at is null and l.ends_at > ${now.toISOString()}::timestamptz and l.used_kb < l.data_kb
      order by l.id for update
    ),
    ${goodyBagsLockedCte(now)},
    pools as materialized (
      select ssn, sum(left_kb) as kb from lent group by ssn
      union all
      select ssn, sum(left_kb) as kb from bags group by ssn
    ),
    -- Each use's place in what it draws on: the room before the batch, and the batch's use up to it.
    r as (
      select a.ord, a.ssn, a.membership_id, a.allow, a.units, a.cents, a.per, a.fixed, a.at, a.reference,
        a.description, a.use_kind, a.kb,
        case when a.allow is null then 0
          when a.membership_id is null then
            case when a.allow = 'data' then coalesce((select kb from pools p where p.ssn = a.ssn), 0) else 0 end
          else (rooms.by_id -> a.membership_id::text ->> (case a.allow when 'data' then 0 when 'mobile' then 1
            when 'landline' then 2 else 3 end))::bigint
            + case when a.allow = 'data' then coalesce((select kb from pools p where p.ssn = a.ssn), 0) else 0 end
        end as room,
        a.membership_id is not null and (rooms.by_id -> a.membership_id::text ->> (case a.allow when 'data' then 0
          when 'mobile' then 1 when 'landline' then 2 else 3 end)) is null as unlimited,
        sum(a.units) over (partition by a.ssn, coalesce(a.membership_id, 0), a.allow order by a.ord
          rows between unbounded preceding and current row) as upto
      from a cross join rooms
    ),
    due as materialized (
      select r.ord, r.ssn, r.at, r.reference, r.description, r.use_kind, r.kb,
        case when r.fixed is not null then r.fixed
          when r.allow is null then ceil(r.units * r.cents / r.per::numeric)::bigint
          when r.unlimited then 0
          else ceil((greatest(0, r.upto - r.room) - greatest(0, r.upto - r.units - r.room)) * r.cents
            / r.per::numeric)::bigint end as cents
      from r
    ),
    ${membershipDrawnCte()},
    -- What is past a membership's own, carried and add-on data, from spotted data; with no membership,
    -- from goody bags: each pool soonest-ending first.
    pool_need as (
      select a.ssn, (a.membership_id is null) as bare,
        greatest(0, sum(a.units) - coalesce(max(d.own + d.carried + d.addon), 0)) as kb
      from a left join draw d on d.id = a.membership_id
      where a.allow = 'data' and exists (select 1 from pools p where p.ssn = a.ssn)
      group by a.ssn, (a.membership_id is null)
    ),
    lent_upd as (
      update spot_loans s set used_kb = s.used_kb + t.take
      from (
        select l.id, least(l.left_kb, greatest(0, n.kb - coalesce(sum(l.left_kb) over (partition by l.ssn
          order by l.ends_at, l.id rows between unbounded preceding and 1 preceding), 0))) as take
        from lent l join pool_need n on n.ssn = l.ssn and not n.bare
      ) t
      where s.id = t.id and t.take > 0
      returning s.id
    ),
    ${goodyBagsDrawnCte()},
    ${dailyUseCte()},
    -- What is due is taken from credit in this statement (money's charge).
    due_in as (
      select ord, ssn, reference, coalesce(description, 'Use') as description, use_kind, cents::int as cents, at
      from due where cents > 0 and reference is not null
    ),
    ${chargeCtes('due_in', now)}
    select input.ord, ev.outcome, j.ssn, a.membership_id, (a.ord is not null) as counted, upd.data_alert_level, upd.data_alerted_percent,
      charge_t.taken, charge_t.cents, coalesce(charge_u.credit_cents, charge_b.credit_cents) as credit_after,
      charge_b.credit_cents as credit_before,
      due.kb > 0 and due.cents > 0 as data_due
    from input
    left join j on j.event_id = input.event_id and j.ord = input.ord
    left join ev on ev.event_id = j.event_id
    left join a on a.ord = input.ord
    left join due on due.ord = input.ord
    left join upd on upd.id = a.membership_id
    left join charge_t on charge_t.ord = input.ord
    left join charge_b on charge_b.ssn = j.ssn
    left join charge_u on charge_u.ssn = j.ssn
    order by input.ord
  `,
  );
  return rows.map((row): CountedAtHome => {
    if (row['outcome'] === null || row['outcome'] === undefined) return { outcome: 'duplicate' };
    if (row['outcome'] === 'deadLetter') return { outcome: 'deadLetter' };
    if (row['counted'] !== true) return { outcome: 'again', ssn: String(row['ssn']) };
    return {
      outcome: 'applied',
      ssn: String(row['ssn']),
      charged: row['taken'] === null || row['taken'] === undefined ? null : chargedOf(row),
      dataDue: row['data_due'] === true,
      membership:
        row['data_alert_level'] === null || row['data_alert_level'] === undefined
          ? null
          : {
              dataAlertLevel: Number(row['data_alert_level']),
              dataAlertedPercent: Number(row['data_alerted_percent']),
            },
    };
  });
}

interface Waiting {
  use: UseAtHome;
  resolve: (counted: CountedAtHome & { alerted?: number[] }) => void;
  reject: (error: unknown) => void;
}

const MAX_BATCH = 250;

/**
 * A batch counted and its uses charged, in one statement (one commit); then, only for lines whose
 * credit fell short, reached zero or fell to €2, what follows in a transaction of its own (a bar, the
 * low-credit alert; a bar missed by a stop between the two is ordered by the line's next use).
 */
async function countAndCharge(db: Database, clock: Clock, uses: UseAtHome[]) {
  const counted = await countBatch(db, clock, uses);
  const bySim = new Map<string, ChargedSim>();
  for (const c of counted) {
    if (c.outcome !== 'applied' || !c.charged || c.charged.already) continue;
    const sim = bySim.get(c.ssn) ?? {
      ssn: c.ssn,
      creditBefore: c.charged.creditBefore,
      creditAfter: c.charged.creditAfter,
      short: false,
      dataDue: false,
    };
    sim.short ||= c.charged.uncharged > 0;
    sim.dataDue ||= c.dataDue;
    bySim.set(c.ssn, sim);
  }
  const settle = [...bySim.values()].filter(needsSettling);
  const alerted = settle.length > 0 ? await db.transaction((tx) => settleCharges(tx, clock, settle)) : [];
  const settled = new Set(settle.map((s) => s.ssn));
  return counted.map((c) => ({ ...c, alerted: c.outcome === 'applied' && settled.has(c.ssn) ? alerted : [] }));
}

/**
 * Counts a use at home together with the others that arrive meanwhile: a request waits only for the
 * batch it joins to commit, and is answered then (so a 2xx always means stored). While a batch runs,
 * new uses gather for the next: one batch at a time for a server, so the busier the network, the
 * larger the batch, and each statement's fixed cost (its start, the tables' constraints made ready,
 * the commit) is shared by more uses. Two batches of one server never want the same SIM's rows, so
 * neither waits on the other's locks (nor deadlocks with it, which PostgreSQL finds only after a
 * second). Measured on two cores against two batches at once (by number): PostgreSQL's CPU a use
 * about a quarter lower and the p99 shorter (docs/performance.md).
 */
function batcher(db: Database, clock: Clock) {
  const queue: Waiting[] = [];
  let running = false;
  const run = async () => {
    running = true;
    try {
      for (let batch = queue.splice(0, MAX_BATCH); batch.length > 0; batch = queue.splice(0, MAX_BATCH)) {
        try {
          let counted: (CountedAtHome & { alerted?: number[] })[] | undefined;
          // Another instance's batches may take the same memberships or balances in another order:
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
      running = false;
    }
  };
  return (use: UseAtHome) =>
    new Promise<CountedAtHome & { alerted?: number[] }>((resolve, reject) => {
      queue.push({ use, resolve, reject });
      // Uses that arrive in the same turn of the event loop join this batch.
      if (!running) setImmediate(() => void (!running && queue.length > 0 && run()));
    });
}

const batchers = new WeakMap<Database, ReturnType<typeof batcher>>();

/** Counts (and charges) one use at home, in a batch with those arriving at the same time. */
export function countUseAtHome(
  db: Database,
  clock: Clock,
  use: UseAtHome,
): Promise<CountedAtHome & { alerted?: number[] }> {
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
export async function usedAtHome(ctx: UsageContext, event: UseEvent, use: Use): Promise<Counted> {
  const byNetwork = ctx.rating.byNetwork && use.networkCents !== null;
  const rated = rateUse(use, priceListOf(await ctx.rating.charges()));
  const fixedCents = byNetwork ? use.networkCents : null;
  const counted = await countUseAtHome(ctx.db, ctx.clock, {
    eventId: event.eventId,
    eventTime: event.eventTime,
    usageId: use.usageId,
    description: rated.description,
    useKind: rated.useKind,
    msisdn: use.msisdn,
    at: use.at,
    dataKb: use.dataKb,
    minutes: use.minutes,
    texts: use.texts,
    rated,
    fixedCents,
    body: event.body,
  });
  // Sent again (a hub's resend, a later rating): drawn on nothing again, its price corrected where the network rated it anew.
  if (counted.outcome === 'again')
    return useReported(ctx, {
      usageId: use.usageId,
      ssn: counted.ssn,
      eventId: event.eventId,
      cents: fixedCents,
      description: rated.description,
      useKind: rated.useKind,
      at: use.at,
    });
  if (counted.outcome !== 'applied') return { outcome: counted.outcome };
  const m = counted.membership;
  // Past 80 % or 100 % of the data and not yet told so (the level the database keeps, the alerts job's
  // own rule): the alert is due now.
  const dataAlertsDue = m !== null && m.dataAlertLevel > m.dataAlertedPercent;
  return {
    outcome: 'applied',
    // The alert now, not at the next minute's job; its push goes now too.
    ...(dataAlertsDue || counted.alerted?.length
      ? {
          followUp: async ({ db, clock, push, pushOrigins }) => {
            if (dataAlertsDue) await runAlerts({ db, clock });
            // The data alerts' members are the job's to find; the low-credit alert's are known: theirs only.
            await sendAlertPushes({ db, clock }, push, pushOrigins, dataAlertsDue ? undefined : counted.alerted);
          },
        }
      : {}),
  };
}
