import { sql } from 'drizzle-orm';
import type { ServiceContext } from '../../services/outcome.ts';
import { dayOf } from '../../services/calendar.ts';

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

/** What counting it came to: a replay, a number we do not know, or the membership after it. */
export type CountedAtHome =
  | { outcome: 'duplicate' }
  | { outcome: 'deadLetter' }
  | {
      outcome: 'applied';
      ssn: string;
      /** The membership whose period holds the use, as it is now (none: only the day's use counted). */
      membership: {
        dataMaxKb: number | null;
        dataUsedKb: number;
        dataInKb: number;
        dataOutKb: number;
        carryoverKb: number;
        carryoverUsedKb: number;
        addonKb: number;
        dataAlertedPercent: number;
      } | null;
    };

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/**
 * A use at home counted in one statement (the busiest path of the listener: a million members'
 * network sends thousands a second): the event stored by its id (a replay stores nothing and counts
 * nothing), the membership whose period holds its date counted up to what it allows (its own data,
 * then carried-over data; minutes and texts), and the day's use. Each membership row is updated
 * from its latest version, so uses of one SIM arriving together all count. An unknown number is
 * stored as a dead letter with its body.
 */
export async function countAtHome(ctx: ServiceContext, use: UseAtHome): Promise<CountedAtHome> {
  const now = ctx.clock().toISOString();
  const at = use.at.toISOString();
  const { rows } = (await ctx.db.execute(sql`
    with s as (select ssn from sims where msisdn = ${use.msisdn}),
    ev as (
      insert into network_events (event_id, event_type, event_time, outcome, note, body, received_at)
      values (
        ${use.eventId}, 'UsageCreateEvent', ${use.eventTime.toISOString()}::timestamptz,
        case when exists (select 1 from s) then 'applied' else 'deadLetter' end,
        case when exists (select 1 from s) then null else ${`no SIM has ${use.msisdn}`} end,
        case when exists (select 1 from s) then null else ${JSON.stringify(use.body)}::jsonb end,
        ${now}::timestamptz
      )
      on conflict do nothing
      returning outcome
    ),
    m as (
      select mm.id from memberships mm join s on mm.ssn = s.ssn
      where exists (select 1 from ev) and mm.status <> 'queued'
        and mm.starts_at <= ${at}::timestamptz and mm.ends_at > ${at}::timestamptz
      order by mm.starts_at desc limit 1
    ),
    upd as (
      update memberships u set
        data_used_kb = case when u.data_max_kb is null then u.data_used_kb + ${use.dataKb}
          else greatest(u.data_used_kb, least(u.data_max_kb + u.data_in_kb - u.data_out_kb, u.data_used_kb + ${use.dataKb})) end,
        carryover_used_kb = case when u.data_max_kb is null then u.carryover_used_kb
          else least(u.carryover_kb, u.carryover_used_kb
            + greatest(0, u.data_used_kb + ${use.dataKb} - greatest(u.data_used_kb, u.data_max_kb + u.data_in_kb - u.data_out_kb))) end,
        mobile_minutes_used = case when u.mobile_minutes_max is null then u.mobile_minutes_used + ${use.minutes}
          else least(u.mobile_minutes_max, u.mobile_minutes_used + ${use.minutes}) end,
        texts_used = case when u.texts_max is null then u.texts_used + ${use.texts}
          else least(u.texts_max, u.texts_used + ${use.texts}) end
      from m where u.id = m.id
      returning u.data_max_kb, u.data_used_kb, u.data_in_kb, u.data_out_kb, u.carryover_kb, u.carryover_used_kb,
        u.addon_kb, u.data_alerted_percent
    ),
    d as (
      insert into daily_usage (ssn, day, data_kb, minutes, texts)
      select s.ssn, ${dayOf(use.at)}, ${use.dataKb}, ${use.minutes}, ${use.texts} from s
      where exists (select 1 from ev where outcome = 'applied')
      on conflict (ssn, day) do update set data_kb = daily_usage.data_kb + excluded.data_kb,
        minutes = daily_usage.minutes + excluded.minutes, texts = daily_usage.texts + excluded.texts
    )
    select (select outcome from ev) as outcome, (select ssn from s) as ssn, upd.* from (select 1) one left join upd on true
  `)) as unknown as { rows: Record<string, unknown>[] };
  const row = rows[0]!;
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
}
