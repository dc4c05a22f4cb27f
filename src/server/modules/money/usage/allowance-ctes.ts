import { sql, type SQL } from 'drizzle-orm';

/**
 * Money's parts of the statement that counts uses at home many at a time (flexi-data's
 * usage-at-home.ts, ADR 052): each use claimed once by its usage id, the memberships its uses draw
 * on locked and drawn, and, with no membership, the goody bags. Each part names the CTEs it reads
 * and defines; the statement around them names the uses (`j`, `a`), their totals per membership
 * (`per`) and what spotted data and goody bags must still give (`pool_need`).
 */

/** Reads `j` and `ev`; defines `claim` (event_id): the uses claimed now. */
export function claimUsesCte(now: Date): SQL {
  return sql`
    -- Each usage id counted once: the first event to bring it claims it (the key waits for another
    -- instance's claim, and then finds it), and only a claimed use draws on anything.
    claim as (
      insert into counted_uses (usage_id, ssn, event_id, counted_at)
      select distinct on (j.usage_id) j.usage_id, j.ssn, j.event_id, ${now.toISOString()}::timestamptz
      from j join ev on ev.event_id = j.event_id
      where ev.outcome = 'applied' and j.usage_id is not null and j.counted_ssn is null
      order by j.usage_id, j.ord
      on conflict do nothing
      returning event_id
    )`;
}

/**
 * Reads `per` (membership_id, kb, mobile, landline, texts); defines `m`, the memberships locked, and
 * `draw`, each with its own, carried and add-on data drawn and the room each allowance had before the batch.
 */
export function membershipDrawCtes(): SQL {
  return sql`
    -- What the uses draw on, locked as it is now (another instance's batch waits, or is waited for), with
    -- the batch's data drawn from it: its own, then carried over, then add-ons (past them: spotted data, or due).
    m as (
      select mm.id, mm.ssn, mm.data_max_kb, mm.data_used_kb, mm.data_in_kb, mm.data_out_kb, mm.carryover_kb,
        mm.carryover_used_kb, mm.addon_kb, mm.addon_used_kb, mm.mobile_minutes_max, mm.mobile_minutes_used,
        mm.landline_minutes_max, mm.landline_minutes_used, mm.texts_max, mm.texts_used,
        per.kb, per.mobile, per.landline, per.texts
      from per join memberships mm on mm.id = per.membership_id
      order by mm.id for update of mm
    ),
    draw as (
      select m.*, o.own, o.carried,
        case when m.data_max_kb is null then 0
          else least(m.kb - o.own - o.carried, m.addon_kb - m.addon_used_kb) end as addon,
        -- The room each allowance had before the batch (null: unlimited), keyed for the uses' lookup.
        case when m.data_max_kb is null then null
          else greatest(0, m.data_max_kb + m.data_in_kb - m.data_out_kb - m.data_used_kb)
            + (m.carryover_kb - m.carryover_used_kb) + (m.addon_kb - m.addon_used_kb) end as room_data,
        m.mobile_minutes_max - m.mobile_minutes_used as room_mobile,
        m.landline_minutes_max - m.landline_minutes_used as room_landline,
        m.texts_max - m.texts_used as room_texts
      from m cross join lateral (
        select x.own, case when m.data_max_kb is null then 0
          else least(m.kb - x.own, m.carryover_kb - m.carryover_used_kb) end as carried
        from (select case when m.data_max_kb is null then m.kb
          else least(m.kb, greatest(0, m.data_max_kb + m.data_in_kb - m.data_out_kb - m.data_used_kb)) end as own) x
      ) o
    )`;
}

/** Reads `draw`; defines `upd` (id, data_alert_level, data_alerted_percent): the memberships as drawn. */
export function membershipDrawnCte(): SQL {
  return sql`
    upd as (
      update memberships u set
        data_used_kb = d.data_used_kb + d.own,
        carryover_used_kb = d.carryover_used_kb + d.carried,
        addon_used_kb = d.addon_used_kb + d.addon,
        mobile_minutes_used = case when d.mobile_minutes_max is null then d.mobile_minutes_used + d.mobile
          else least(d.mobile_minutes_max, d.mobile_minutes_used + d.mobile) end,
        landline_minutes_used = case when d.landline_minutes_max is null then d.landline_minutes_used + d.landline
          else least(d.landline_minutes_max, d.landline_minutes_used + d.landline) end,
        texts_used = case when d.texts_max is null then d.texts_used + d.texts
          else least(d.texts_max, d.texts_used + d.texts) end
      from draw d
      where u.id = d.id
      returning u.id, u.data_alert_level, u.data_alerted_percent
    )`;
}

/** Reads `a`; defines `bags` (id, ssn, left_kb, ends_at): the goody bags of SIMs with no membership, locked. */
export function goodyBagsLockedCte(now: Date): SQL {
  return sql`
    bags as (
      select g.id, g.ssn, g.onboard_kb as left_kb, g.expires_at as ends_at from goody_bags g
      where g.ssn in (select ssn from a where membership_id is null and allow = 'data')
        and g.expires_at > ${now.toISOString()}::timestamptz and g.onboard_kb > 0
      order by g.id for update
    )`;
}

/** Reads `bags` and `pool_need` (ssn, bare, kb); defines `bag_upd`: each bag drawn, soonest-ending first. */
export function goodyBagsDrawnCte(): SQL {
  return sql`
    bag_upd as (
      update goody_bags g set onboard_kb = g.onboard_kb - t.take
      from (
        select b.id, least(b.left_kb, greatest(0, n.kb - coalesce(sum(b.left_kb) over (partition by b.ssn
          order by b.ends_at, b.id rows between unbounded preceding and 1 preceding), 0))) as take
        from bags b join pool_need n on n.ssn = b.ssn and n.bare
      ) t
      where g.id = t.id and t.take > 0
      returning g.id
    )`;
}
