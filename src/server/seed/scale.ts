import type pg from 'pg';
import { productRoamingKb } from '../../contract/roaming.ts';
import { hashPassword } from '../kernel/passwords.ts';

/**
 * The scale seeder (`npm run db:seed-scale`): a PostgreSQL database filled with members as a
 * network of that size has them, to measure reads and jobs against (ADR 037). Every row is made
 * by the database itself, one set-based statement per table and chunk (`insert … select … from
 * generate_series`): nothing crosses the connection but the statements (COPY would need every row
 * made here and sent; the two were not measured against each other). Made members are apart from everyone else: e-mails
 * `scale-<n>@members.48.test`, numbers 085 and seven digits, SIMs 8935309 and thirteen digits.
 */
export interface ScaleOptions {
  members: number;
  /** Members a statement makes (each chunk is its own transaction). */
  chunk?: number;
  /** Per member: ledger rows (a year of history), days of usage. */
  ledgerRows?: number;
  usageDays?: number;
  /** Every how many members one has a membership ending in the next minute (with auto-renew): 100 is 1 %. */
  dueEvery?: number;
  now?: Date;
  log?: (line: string) => void;
}

/** The password of every made member; a sample of them is written out for load tests. */
export const SCALE_PASSWORD = 'Scale-48-pass';
export const scaleEmail = (n: number) => `scale-${n}@members.48.test`;
/** One made member in this many (the n-th, 2n-th, …) has a long history: a thousand more ledger rows, for paging far back. */
export const LONG_HISTORY_EVERY = 1000;
export const LONG_HISTORY_ROWS = 1000;
/**
 * One made member in this many (the 1st, 51st, …) owns a household whose lines are the SIMs of the
 * next four members (docs/product/lifelines.md: at most 4): a tenth of the network in a household.
 */
export const HOUSEHOLD_EVERY = 50;
export const HOUSEHOLD_LINES = 4;
/** Whether made member n owns a household (its lines are members n + 1 … n + 4). */
export const ownsHousehold = (n: number) => n % HOUSEHOLD_EVERY === 1;

export async function seedScale(client: pg.Client, options: ScaleOptions): Promise<{ first: number; last: number }> {
  const { members, chunk = 50_000, ledgerRows = 30, usageDays = 30, dueEvery = 100, log = () => {} } = options;
  const now = (options.now ?? new Date()).toISOString();
  const hash = await hashPassword(SCALE_PASSWORD);
  const [{ base, made }] = (
    await client.query<{ base: number; made: number }>(
      `select coalesce(max(id), 0)::int as base,
              (select count(*)::int from members where email like 'scale-%@members.48.test') as made from members`,
    )
  ).rows as [{ base: number; made: number }];
  const plan = (
    await client.query<{ data_kb: string; price_cents: number; days: number; kind: string }>(
      `select data_kb, price_cents, days, kind from products where sku = 'BDDT00'`,
    )
  ).rows[0];
  if (!plan)
    throw new Error('the catalogue is not seeded (no BDDT00): run the migrations and the catalogue seed first');
  const dataKb = Number(plan.data_kb);
  // The law's EU allowance of a membership started now (docs/product/roaming.md), as the portal gives it.
  const roamingKb = productRoamingKb({ kind: plan.kind, priceCents: plan.price_cents, days: plan.days }, new Date(now));
  // A bulk load into a database made for it: the rows are consistent by construction, so the foreign
  // keys' per-row checks (their triggers) are skipped for this session, and commits do not wait for the disk.
  const unchecked = await client.query(`set session_replication_role = replica`).then(
    () => true,
    () => false,
  );
  if (!unchecked) log('not a superuser: every foreign key is checked row by row (slower, same rows)');
  await client.query(`set synchronous_commit = off`);
  const timings = new Map<string, number>();
  const timed = async (table: string, statement: string, params: unknown[] = []) => {
    const t0 = performance.now();
    await client.query(statement, params);
    timings.set(table, (timings.get(table) ?? 0) + performance.now() - t0);
  };
  const first = made + 1;
  const last = made + members;
  const started = performance.now();
  for (let a = first; a <= last; a += chunk) {
    const b = Math.min(last, a + chunk - 1);
    // Numbers this code made (never input): written into the statements. g runs over the chunk's members.
    const series = `generate_series(${a}, ${b}) g`;
    const offset = base - made;
    const at = `'${now}'::timestamptz`;
    await client.query('begin');
    await timed(
      'members',
      `insert into members (id, email, password_hash, firstname, lastname, nickname, is_verified, first_login, created_at)
       select ${offset} + g, 'scale-' || g || '@members.48.test', $1, 'Member', 'Number ' || g, 'm' || g, true, false,
              ${at} - (g % 700) * interval '1 day'
       from ${series}`,
      [hash],
    );
    await timed(
      'sims',
      `insert into sims (ssn, member_id, msisdn, product, status, puk, created_at)
       select '8935309' || lpad(g::text, 13, '0'), ${offset} + g, '085' || lpad(g::text, 7, '0'), 'Pre_Start_3FF_N', 'active',
              lpad(((g::bigint * 7919) % 100000000)::text, 8, '0'), ${at} - (g % 700) * interval '1 day'
       from ${series}`,
    );
    await timed(
      'balances',
      `insert into balances (ssn, credit_cents, updated_at)
       select '8935309' || lpad(g::text, 13, '0'), (g * 37) % 3000, ${at}
       from ${series}`,
    );
    // One current membership each: one in dueEvery ends within the next minute (auto-renew on, as the
    // renewals job finds due ones), the others within the next 29 days; data used 0–95 %.
    await timed(
      'memberships',
      `insert into memberships (ssn, sku, status, starts_at, ends_at, recurrence_enabled, recurrence_sku,
                                data_max_kb, data_used_kb, roaming_max_kb, mobile_minutes_used, texts_used,
                                data_alerted_percent, reminded, card_checked)
       select '8935309' || lpad(g::text, 13, '0'), 'BDDT00', 'current', e - interval '30 days', e,
              g % 2 = 0 or g % ${dueEvery} = 0, 'BDDT00', ${dataKb}, (${dataKb}::bigint * used) / 100, ${roamingKb},
              (g * 3) % 400, (g * 5) % 200,
              -- A network in its steady state: what was due to be said was said by earlier runs of the alerts job.
              case when used >= 80 then 80 else 0 end, e <= ${at} + interval '3 days', true
       from (select g, (g * 13) % 96 as used, case when g % ${dueEvery} = 0 then ${at} + ((g % 50) + 5) * interval '1 second'
                            else ${at} + interval '1 hour' + (g % 29) * interval '1 day' + (g % 1440) * interval '1 minute'
                       end as e
             from ${series}) s`,
    );
    // A year of history: top-ups and purchases, one row per cause.
    await timed(
      'ledger',
      `insert into ledger (ssn, occurred_at, kind, description, credit_delta_cents, card_cents, reference, card_brand, card_last4)
       select '8935309' || lpad(g::text, 13, '0'), ${at} - k * (interval '365 days' / ${ledgerRows}) - (g % 600) * interval '1 minute',
              case when k % 3 = 0 then 'topup' else 'purchase' end,
              case when k % 3 = 0 then 'Top-up' else '€9.99 Membership' end,
              case when k % 3 = 0 then 1000 else -999 end,
              case when k % 3 = 0 then 1000 else 0 end,
              'scale:' || lpad(g::text, 8, '0') || ':' || lpad(k::text, 3, '0'),
              case when k % 3 = 0 then 'VISA' end, case when k % 3 = 0 then lpad((g % 10000)::text, 4, '0') end
       from ${series}, generate_series(1, ${ledgerRows}) k`,
    );
    await timed(
      'ledger',
      `insert into ledger (ssn, occurred_at, kind, description, credit_delta_cents, card_cents, reference)
       select '8935309' || lpad(g::text, 13, '0'), ${at} - interval '366 days' - k * interval '1 hour',
              'topup', 'Top-up', 500, 500, 'scale:' || lpad(g::text, 8, '0') || ':long:' || k
       from ${series}, generate_series(1, ${LONG_HISTORY_ROWS}) k
       where g % ${LONG_HISTORY_EVERY} = 0`,
    );
    await timed(
      'daily_usage',
      `insert into daily_usage (ssn, day, data_kb, minutes, texts)
       select '8935309' || lpad(g::text, 13, '0'), (${at} - k * interval '1 day')::date,
              ((g * 7 + k * 13) % 1000) * 1024, (g + k) % 60, (g * k) % 20
       from ${series}, generate_series(1, ${usageDays}) k`,
    );
    // A few alerts each (the data alert of an earlier month and a renewal reminder), and a session
    // that ended (what a member who signed in once and out again leaves).
    await timed(
      'alerts',
      `insert into alerts (member_id, cause, cause_key, title, body, created_at, pushed_at)
       select ${offset} + g, c, 'scale:' || g || ':' || c, 'A scale alert', 'Made by the scale seeder.',
              ${at} - interval '20 days', ${at} - interval '20 days'
       from ${series}, unnest(array['data80', 'renewal']) c`,
    );
    await timed(
      'sessions',
      `insert into sessions (member_id, token_hash, binding_hash, created_at, last_used_at, ended_at)
       select ${offset} + g, md5('scale-token-' || g) || md5('t' || g), md5('scale-binding-' || g) || md5('b' || g),
              ${at} - interval '3 days', ${at} - interval '3 days', ${at} - interval '3 days'
       from ${series}`,
    );
    // Households whose owner and lines are all in this chunk.
    await timed(
      'households',
      `insert into households (owner_id, created_at)
       select ${offset} + g, ${at} - interval '40 days'
       from ${series} where g % ${HOUSEHOLD_EVERY} = 1 and g + ${HOUSEHOLD_LINES} <= ${b}`,
    );
    await timed(
      'household_lines',
      `insert into household_lines (household_id, ssn, slot, joined_at)
       select h.id, '8935309' || lpad((h.owner_id - ${offset} + k)::text, 13, '0'), k,
              ${at} - interval '40 days' + k * interval '1 day'
       from households h, generate_series(1, ${HOUSEHOLD_LINES}) k
       where h.owner_id between ${offset} + ${a} and ${offset} + ${b}`,
    );
    await client.query('commit');
    log(`members ${a}–${b} of ${last} (${Math.round((performance.now() - started) / 1000)} s)`);
  }
  log(`seconds by table: ${[...timings].map(([t, ms]) => `${t} ${(ms / 1000).toFixed(1)}`).join(', ')}`);
  if (unchecked) await client.query(`set session_replication_role = origin`);
  await client.query(`select setval(pg_get_serial_sequence('members', 'id'), (select max(id) from members))`);
  // The planner's statistics for what was just written: without them its first plans are guesses.
  await client.query('analyze');
  return { first, last };
}
