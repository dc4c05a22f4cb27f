import { sql, type SQL } from 'drizzle-orm';

/**
 * The network's part of the statement that counts uses at home many at a time (flexi-data's
 * usage-at-home.ts, ADR 052): each event stored once by its id, a use for an unknown number or one
 * counted on another line kept as a dead letter with its body. Reads the CTE `j` (event_id,
 * event_time, msisdn, ssn, counted_ssn, usage_id, body); defines `ev` (event_id, outcome): the events
 * stored now (a replay stores nothing and is not in it).
 */
export function storeUseEventsCte(now: Date): SQL {
  return sql`
    ev as (
      insert into network_events (event_id, event_type, event_time, outcome, note, body, received_at)
      select event_id, 'UsageCreateEvent', event_time,
        case when ssn is null or counted_ssn <> ssn then 'deadLetter' else 'applied' end,
        case when ssn is null then 'no SIM has ' || msisdn
          when counted_ssn <> ssn then 'usage ' || left(usage_id, 200) || ' was counted on another line'
          when counted_ssn is not null then 'usage ' || left(usage_id, 200) || ' was counted before' end,
        case when ssn is null or counted_ssn <> ssn then body::jsonb end,
        ${now.toISOString()}::timestamptz
      from j
      on conflict do nothing
      returning event_id, outcome
    )`;
}
