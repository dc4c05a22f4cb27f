import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import pino from 'pino';
import { createApp } from '../../src/server/app.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { sandboxPayments } from '../../src/server/modules/money/integrations/payments/index.ts';
import { runRenewals } from '../../src/server/modules/money/memberships/renewals.job.ts';
import { runMinuteJobs } from '../../src/server/jobs/scheduler.ts';
import {
  HOUSEHOLD_EVERY,
  HOUSEHOLD_LINES,
  LONG_HISTORY_EVERY,
  SCALE_PASSWORD,
  scaleEmail,
  seedScale,
} from '../../src/server/seed/scale.ts';
import { seedCatalogue } from '../../src/server/seed/seed.ts';
import { createStaffSession } from '../../src/server/seed/staff.ts';
import { testConfig } from '../api/support/harness.ts';
import { captureStatements, explainable, planText } from '../setup/query-plans.ts';
import { load, loadsTogether, loadTool, signIn, startServer, type Load, type Target } from './api.ts';
import { steadyLoad, type Steady } from './steady.ts';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { networkOrders } from '../../src/server/db/schema.ts';
import { sandboxNetworkAdapter } from '../../src/server/modules/network/index.ts';
import { networkSignature } from '../../src/server/modules/network/integrations/network/signature.ts';
import { drainNetworkOrders } from '../../src/server/modules/network/network-orders.ts';
import { applyOrderStep } from '../../src/server/modules/network/order-causes.ts';

/**
 * `npm run bench:scale`: the reads and jobs of the portal on a network of a million made members
 * beside one of ten thousand, in the same run (ADR 038). The large database is seeded beforehand
 * (`npm run db:seed-scale -- --members 1000000`, about 7 minutes here); the small one is made here.
 * Not part of `npm test`. Figures print with their budgets; EXPLAIN ANALYZE of every statement of
 * the hot reads and of an idle jobs turn at the large size goes to bench-results/scale-explain.txt.
 */
const { values: options } = parseArgs({
  options: {
    database: {
      type: 'string',
      default: process.env['SCALE_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/scale_1m',
    },
    small: { type: 'string', default: '10000' },
    due: { type: 'string', default: '10000' },
    seconds: { type: 'string', default: '10' },
    members: { type: 'string', default: '100' },
    /**
     * `listener`: only the usage events at the listener beside /panda/health, three times, at the large size;
     * `summary`: only the balance summary and the dashboard's reads beside /panda/health, three times;
     * `cpu`: only the server's own CPU time per request of the health route, the summary and the listener;
     * `find`: only the staff console's find by number beside /panda/health, three times, at the large size;
     * `usage`: only the Usage screen's series (12 months of use and of money by kind) beside /panda/health, three times;
     * `instances`: only the capacity model's check, usage events at one instance and then at two on one PostgreSQL.
     */
    only: { type: 'string' },
  },
});
const SECONDS = Number(options.seconds);
const CONNECTIONS = 50;
/**
 * Each API figure twice (docs/performance.md "Latency at a steady load"): its saturated rate, a closed
 * loop at 50 connections kept as the capacity share of /panda/health (a floor, median of three runs),
 * and its latency at a steady load, an open loop at half that route's own saturated rate in the same
 * run (p50, p99, p99.9 from each request's planned start). At saturation the p99 is only the queue
 * (connections ÷ rate): it is printed, not budgeted.
 */
const STEADY_SHARE = 0.5;
const SUMMARY_SHARE_FLOOR = 0.6;
const LISTENER_SHARE_FLOOR = 0.45;
const SUMMARY_STEADY_P99_MS = 20;
const DASHBOARD_STEADY_P99_MS = 35;
const LISTENER_STEADY_P99_MS = 25;
const HOUSEHOLD_STEADY_P99_MS = 50;
/** The capacity model's CPU a usage event (docs/performance.md), server and PostgreSQL, with two instances writing. */
const MODEL_SERVER_US = 250;
const MODEL_DATABASE_US = 350;
/**
 * The staff console's find by number (the staff rules' budget), four searches in flight at every
 * moment. Each search is audited, and the audit log's appends take their turn (one hash chain), so
 * its rate is that append's ceiling (about 500 a second on the machine this was tried on, at 4
 * connections as at 10), far above a desk's busiest minute (3,000 agents searching once a minute: 50
 * a second); more connections only queue at the append and measure that queue.
 */
const FIND_CONNECTIONS = 4;
const FIND_P99_BUDGET_MS = 50;
/**
 * The Usage screen's series (docs/product/money.md, "Where credit goes"): a SIM's days this period,
 * 12 months of use and 12 months of money by kind, read along the (ssn, day) and (ssn, time) keys;
 * four members opening it at every moment (a steady load, not the saturated rate).
 */
const USAGE_CONNECTIONS = 4;
const USAGE_P99_BUDGET_MS = 50;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const DUE = Number(options.due);
const largeUrl = options.database;
const smallUrl = largeUrl.replace(/\/[^/]*$/, '/scale_small');

const misses: string[] = [];
const check = (ok: boolean, what: string) => {
  if (!ok) misses.push(what);
  return ok ? 'ok' : 'MISSED';
};
/** A steady load's figures: the rate it was offered, and its latencies from each request's planned start. */
const steadyText = (l: Steady) =>
  `${Math.round(l.rate).toLocaleString('en-IE')} req/s offered: p50 ${l.p50.toFixed(1)} ms, p99 ${l.p99.toFixed(1)} ms, p99.9 ${l.p999.toFixed(1)} ms (the generator's own lag p99 ${l.sendLagP99.toFixed(1)} ms)${l.errors || l.non2xx ? `, ${l.errors} errors, ${l.non2xx} non-2xx` : ''}`;
const failed = (...loads: { errors: number; non2xx: number }[]) => loads.some((l) => l.errors > 0 || l.non2xx > 0);
const rps = (l: Load) =>
  `${Math.round(l.rps).toLocaleString('en-IE')} req/s, p50 ${l.p50.toFixed(1)} ms, p99 ${l.p99.toFixed(1)} ms${l.errors || l.non2xx ? `, ${l.errors} errors, ${l.non2xx} non-2xx` : ''}`;
const log = (line: string) => console.log(line);

async function query<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

const madeMembers = async (url: string) =>
  Number(
    (await query<{ n: string }>(url, `select count(*) as n from members where email like 'scale-%@members.48.test'`))[0]
      ?.n ?? 0,
  );

// The large network must be there; the small one is made again each run.
let large: number;
try {
  large = await madeMembers(largeUrl);
} catch (error) {
  console.error(`${largeUrl} does not answer (${(error as Error).message})`);
  process.exit(1);
}
if (large < 100_000) {
  console.error(
    `${largeUrl} holds ${large.toLocaleString('en-IE')} made members: seed it first with DATABASE_URL=${largeUrl} npm run db:seed-scale -- --members 1000000`,
  );
  process.exit(1);
}
{
  const admin = largeUrl.replace(/\/[^/]*$/, '/postgres');
  await query(admin, 'drop database if exists scale_small with (force)');
  await query(admin, 'create database scale_small');
  const handle = await openDatabase(smallUrl, { poolMax: 1 });
  await seedCatalogue(handle.db);
  await handle.close();
  const client = new pg.Client({ connectionString: smallUrl });
  await client.connect();
  await seedScale(client, { members: Number(options.small) });
  await client.end();
}

interface Figures {
  members: number;
  renewals: { due: number; seconds: number; counts: Record<string, number> };
  turnAfterSeconds: number;
  idleTurnSeconds: number;
  health: Load;
  summary: Load;
  listener: Load;
  replay: { events: number; changed: boolean };
  drain: { orders: number; seconds: number; sent: number };
  dashboard: Load;
  page1: Load;
  page50: Load;
}

/**
 * Memberships due now, spread over the network, each with the credit to renew from (what a busy
 * minute brings): members halfway between the seeder's own due ones (one in a hundred, some of
 * which lapse for want of credit and have no membership left to make due).
 */
async function makeDue(url: string, members: number, due: number): Promise<number> {
  const step = Math.max(1, Math.floor(members / due));
  const rows = await query<{ n: string }>(
    url,
    `with picked as (
       select id, ssn from memberships
       where status = 'current' and ssn like '8935309%' and (substr(ssn, 8)::bigint % $1) = $1 / 2
       order by id limit $2)
     , moved as (
       update memberships m set ends_at = now() - interval '1 second', starts_at = now() - interval '30 days',
              recurrence_enabled = true, recurrence_sku = 'BDDT00'
       from picked where m.id = picked.id returning m.ssn)
     , funded as (update balances b set credit_cents = greatest(credit_cents, 2000) from moved where b.ssn = moved.ssn returning 1)
     select count(*) as n from funded`,
    [step, due],
  );
  return Number(rows[0]?.n ?? 0);
}

async function jobsOf(url: string, members: number) {
  const handle = await openDatabase(url);
  const ctx = { db: handle.db, clock: () => new Date(), payments: sandboxPayments() };
  const quiet = pino({ level: 'silent' });
  try {
    await runMinuteJobs(ctx, quiet); // whatever was due before (the seeder's, an earlier run's)
    const due = await makeDue(url, members, Math.min(DUE, members));
    let t = performance.now();
    const counts = await runRenewals(ctx);
    const seconds = (performance.now() - t) / 1000;
    t = performance.now();
    await runMinuteJobs(ctx, quiet); // the renewed memberships' cards checked
    const turnAfterSeconds = (performance.now() - t) / 1000;
    const idle: number[] = [];
    for (let i = 0; i < 3; i++) {
      t = performance.now();
      await runMinuteJobs(ctx, quiet);
      idle.push((performance.now() - t) / 1000);
    }
    return { renewals: { due, seconds, counts }, turnAfterSeconds, idleTurnSeconds: Math.max(...idle) };
  } finally {
    await handle.close();
  }
}

/** The sampled members signed in, and the long-history members' transactions at page 1 and 50. */
async function targetsOf(base: string, members: number, { history = true, households: withHouseholds = false } = {}) {
  const count = Number(options.members);
  const step = members / count;
  const signedIn = [];
  for (let i = 0; i < count; i++)
    signedIn.push(await signIn(base, scaleEmail(1 + Math.floor(i * step)), SCALE_PASSWORD));
  const summary: Target[] = signedIn.map((m) => ({
    path: `/panda/protected/users/${m.userId}/sims/${m.ssn}/balance/summary/current`,
    headers: m.headers,
  }));
  // A protected call answered from the proven session alone (no read of its own): what the session check costs.
  const sessionOnly: Target[] = signedIn.map((m) => ({
    path: `/panda/protected/users/${m.userId}/flexidata/getislegacyuser`,
    headers: m.headers,
  }));
  // What the dashboard reads when it opens (dashboard-store.ts and the summary).
  const dashboard: Target[] = signedIn.flatMap((m) =>
    [
      `/panda/protected/users/${m.userId}/sims/owned`,
      `/panda/protected/users/${m.userId}/sims/activation`,
      `/panda/protected/users/${m.userId}/sims/${m.ssn}/balance/summary/current`,
      `/panda/protected/users/${m.userId}/notification/inapp/summary`,
      `/panda/protected/users/${m.userId}/sims/${m.ssn}/usage/daily`,
      `/panda/protected/users/${m.userId}/purchase/details`,
    ].map((path) => ({ path, headers: m.headers })),
  );
  const page1: Target[] = [];
  const page50: Target[] = [];
  const long = history ? Math.min(20, Math.floor(members / LONG_HISTORY_EVERY)) : 0;
  for (let i = 1; i <= long; i++) {
    const m = await signIn(base, scaleEmail(i * LONG_HISTORY_EVERY), SCALE_PASSWORD);
    const path = `/panda/protected/users/${m.userId}/transactions`;
    page1.push({ path: `${path}?page=1&limit=10`, headers: m.headers });
    let before = '';
    for (let page = 1; page < 50; page++) {
      const res = await fetch(`${base}${path}?page=${page}&limit=10${before ? `&before=${before}` : ''}`, {
        headers: m.headers,
      });
      before = ((await res.json()) as { _meta: { next: string } })._meta.next;
    }
    page50.push({ path: `${path}?page=50&limit=10&before=${before}`, headers: m.headers });
  }
  // Household owners (one made member in HOUSEHOLD_EVERY) opening their lines, each with its figures.
  const households: Target[] = [];
  const owners = withHouseholds ? Math.floor(members / HOUSEHOLD_EVERY) : 0;
  for (let i = 0; i < Math.min(count, owners); i++) {
    const m = await signIn(base, scaleEmail(1 + HOUSEHOLD_EVERY * Math.floor((i * owners) / count)), SCALE_PASSWORD);
    households.push({ path: `/panda/protected/users/${m.userId}/household/lines`, headers: m.headers });
  }
  return { summary, sessionOnly, dashboard, households, page1, page50, sample: signedIn[0]! };
}

/** The measures of one network, and the outbox drained once its server has stopped (no other sender meanwhile). */
async function measure(url: string, members: number): Promise<Figures> {
  const figures = await measureServed(url, members);
  const drain = await drainOrders(url, 10_000);
  log(
    `  ${drain.orders.toLocaleString('en-IE')} queued orders drained to the sandbox network in ${drain.seconds.toFixed(1)} s (${drain.sent} sent)`,
  );
  return { ...figures, drain };
}

async function measureServed(url: string, members: number): Promise<Omit<Figures, 'drain'>> {
  log(`\n${members.toLocaleString('en-IE')} members (${url.replace(/^.*\//, '')})`);
  const jobs = await jobsOf(url, members);
  log(
    `  jobs: ${jobs.renewals.due.toLocaleString('en-IE')} due renewals in ${jobs.renewals.seconds.toFixed(1)} s (${JSON.stringify(jobs.renewals.counts)}); the turn after ${jobs.turnAfterSeconds.toFixed(2)} s; a turn with nothing due ${(jobs.idleTurnSeconds * 1000).toFixed(0)} ms`,
  );
  // Jobs stay in the bench process for the timings above; the server's own every-minute turn runs too, as in production.
  const server = await startServer({ DATABASE_URL: url, API_ONLY: 'true', NETWORK_EVENT_SECRET: BENCH_NETWORK_SECRET });
  try {
    const t = await targetsOf(server.base, members);
    const health = await load(`${server.base}/panda/health`, CONNECTIONS, SECONDS);
    const summary = await load(server.base, CONNECTIONS, SECONDS, {}, t.summary);
    const dashboard = await load(server.base, CONNECTIONS, SECONDS, {}, t.dashboard);
    const page1 = await load(server.base, CONNECTIONS, SECONDS, {}, t.page1);
    const page50 = await load(server.base, CONNECTIONS, SECONDS, {}, t.page50);
    // docs/product/network.md: the network's usage events at the listener, each new and signed.
    const events = await usageEvents(url, Math.max(20_000, Math.round(SECONDS * 8000)));
    const listener = await load(server.base, CONNECTIONS, SECONDS, {}, events.load, events.warmUp);
    const replay = await replayChangesNothing(server.base, (await usageEvents(url, 10_000, 'replay')).load, url);
    log(`  /panda/health ${rps(health)}`);
    log(
      `  balance summary (${t.summary.length} members in turn) ${rps(summary)}: ${((summary.rps / health.rps) * 100).toFixed(1)} % of health`,
    );
    log(`  dashboard reads (6 calls × ${t.summary.length} members) ${rps(dashboard)}`);
    log(`  transactions page 1 (${t.page1.length} members with 1,030 rows) ${rps(page1)}`);
    log(`  transactions page 50, from where page 49 ended ${rps(page50)}`);
    log(
      `  signed usage events at the listener ${rps(listener)}: ${((listener.rps / health.rps) * 100).toFixed(1)} % of health`,
    );
    log(
      `  a replay of ${replay.events.toLocaleString('en-IE')} events: ${replay.changed ? 'CHANGED the counters' : 'nothing changed'}`,
    );
    return { members, ...jobs, health, summary, dashboard, page1, page50, listener, replay };
  } finally {
    await server.stop();
  }
}

/**
 * The listener's budget: usage events at 50 connections beside /panda/health, three runs on one
 * server, and their median share and p99, as a single run varies.
 */
async function listenerRuns(url: string, members: number) {
  log(`\n${members.toLocaleString('en-IE')} members (${url.replace(/^.*\//, '')}): the listener, three runs`);
  const server = await startServer({ DATABASE_URL: url, API_ONLY: 'true', NETWORK_EVENT_SECRET: BENCH_NETWORK_SECRET });
  const shares: number[] = [];
  const p99s: number[] = [];
  const steadyP99s: number[] = [];
  let errors = false;
  try {
    const healthCpu = cpuOfLoad(server.child.pid);
    const listenerCpu = cpuOfLoad(server.child.pid);
    for (let run = 1; run <= 3; run += 1) {
      const health = await healthLoad(server.base, healthCpu);
      const events = await usageEvents(url, Math.max(20_000, Math.round(SECONDS * 8000)), `run${run}`);
      const listener = await load(
        server.base,
        CONNECTIONS,
        SECONDS,
        {},
        events.load,
        events.warmUp,
        listenerCpu.onMeasure,
      );
      // The same route at half its own saturated rate, each event new (a replay is cheaper).
      const fresh = await usageEvents(url, Math.ceil(listener.rps * STEADY_SHARE * SECONDS) + 1, `steady${run}`);
      const steady = await steadyLoad(server.base, listener.rps * STEADY_SHARE, SECONDS, fresh.load, {
        warmUpTargets: fresh.warmUp,
      });
      steadyP99s.push(steady.p99);
      if (failed(health, listener, steady)) {
        errors = true;
        log(
          `  run ${run}: FAILED, answers that were not 2xx: /panda/health ${rps(health)}; usage events ${rps(listener)}; steady ${steadyText(steady)}`,
        );
        continue;
      }
      shares.push(listener.rps / health.rps);
      p99s.push(listener.p99);
      log(
        `  run ${run}: /panda/health ${rps(health)}; usage events saturated ${rps(listener)}: ${((listener.rps / health.rps) * 100).toFixed(1)} % of health; at a steady load ${steadyText(steady)}`,
      );
      const [h, e] = [healthCpu.perRequest(health), listenerCpu.perRequest(listener)];
      if (h && e)
        log(
          `         CPU a request (server + PostgreSQL): health ${h.server.toFixed(0)} + ${h.database.toFixed(0)} µs; usage event ${e.server.toFixed(0)} + ${e.database.toFixed(0)} µs`,
        );
    }
  } finally {
    await server.stop();
  }
  return { share: median(shares), p99: median(p99s), steadyP99: median(steadyP99s), errors };
}

/**
 * The balance summary of 100 members in turn and the dashboard's six reads, beside /panda/health:
 * three runs on one server, and their medians (share of health, p99).
 */
async function summaryRuns(url: string, members: number) {
  log(
    `\n${members.toLocaleString('en-IE')} members (${url.replace(/^.*\//, '')}): the summary and the dashboard, three runs`,
  );
  const server = await startServer({ DATABASE_URL: url, API_ONLY: 'true' });
  const shares: number[] = [];
  const p99s: number[] = [];
  const dashboardP99s: number[] = [];
  const steadyP99s: number[] = [];
  const dashboardSteadyP99s: number[] = [];
  const householdSteadyP99s: number[] = [];
  let errors = false;
  try {
    // A network seeded before households were part of the seed has none: its owners' lines would be empty answers.
    const [held] = await query<{ n: string }>(url, `select count(*) as n from households`);
    if (Number(held?.n ?? 0) === 0)
      throw new Error(`${url} holds no household: seed it again (npm run db:seed-scale) to measure household lines`);
    const t = await targetsOf(server.base, members, { history: false, households: true });
    const healthCpu = cpuOfLoad(server.child.pid);
    const summaryCpu = cpuOfLoad(server.child.pid);
    const sessionCpu = cpuOfLoad(server.child.pid);
    for (let run = 1; run <= 3; run += 1) {
      const health = await healthLoad(server.base, healthCpu);
      const summary = await load(server.base, CONNECTIONS, SECONDS, {}, t.summary, t.summary, summaryCpu.onMeasure);
      const dashboard = await load(server.base, CONNECTIONS, SECONDS, {}, t.dashboard);
      const sessionOnly = await load(
        server.base,
        CONNECTIONS,
        SECONDS,
        {},
        t.sessionOnly,
        t.sessionOnly,
        sessionCpu.onMeasure,
      );
      const summarySteady = await steadyLoad(server.base, summary.rps * STEADY_SHARE, SECONDS, t.summary);
      const dashboardSteady = await steadyLoad(server.base, dashboard.rps * STEADY_SHARE, SECONDS, t.dashboard);
      const lines = await load(server.base, CONNECTIONS, SECONDS, {}, t.households);
      const linesSteady = await steadyLoad(server.base, lines.rps * STEADY_SHARE, SECONDS, t.households);
      steadyP99s.push(summarySteady.p99);
      dashboardSteadyP99s.push(dashboardSteady.p99);
      householdSteadyP99s.push(linesSteady.p99);
      if (failed(health, summary, dashboard, sessionOnly, summarySteady, dashboardSteady, lines, linesSteady)) {
        errors = true;
        log(
          `  run ${run}: FAILED, answers that were not 2xx: /panda/health ${rps(health)}; summary ${rps(summary)}, steady ${steadyText(summarySteady)}; dashboard reads ${rps(dashboard)}, steady ${steadyText(dashboardSteady)}; household lines ${rps(lines)}, steady ${steadyText(linesSteady)}; session check ${rps(sessionOnly)}`,
        );
        continue;
      }
      shares.push(summary.rps / health.rps);
      p99s.push(summary.p99);
      dashboardP99s.push(dashboard.p99);
      log(
        `  run ${run}: /panda/health ${rps(health)}; summary saturated ${rps(summary)}: ${((summary.rps / health.rps) * 100).toFixed(1)} % of health; at a steady load ${steadyText(summarySteady)}`,
      );
      log(`         dashboard reads saturated ${rps(dashboard)}; at a steady load ${steadyText(dashboardSteady)}`);
      log(
        `         household lines (${t.households.length} owners of ${HOUSEHOLD_LINES} lines each) saturated ${rps(lines)}; at a steady load ${steadyText(linesSteady)}`,
      );
      log(
        `         a protected call with no read of its own (the session check only) ${rps(sessionOnly)}: ${((sessionOnly.rps / health.rps) * 100).toFixed(1)} % of health`,
      );
      const [h, s, o] = [
        healthCpu.perRequest(health),
        summaryCpu.perRequest(summary),
        sessionCpu.perRequest(sessionOnly),
      ];
      if (h && s && o)
        log(
          `         CPU a request (server + PostgreSQL): health ${h.server.toFixed(0)} + ${h.database.toFixed(0)} µs; summary ${s.server.toFixed(0)} + ${s.database.toFixed(0)} µs (${((h.server / s.server) * 100).toFixed(1)} % of health's server time); session check only ${o.server.toFixed(0)} + ${o.database.toFixed(0)} µs`,
        );
    }
  } finally {
    await server.stop();
  }
  return {
    share: median(shares),
    p99: median(p99s),
    dashboardP99: median(dashboardP99s),
    steadyP99: median(steadyP99s),
    dashboardSteadyP99: median(dashboardSteadyP99s),
    householdSteadyP99: median(householdSteadyP99s),
    errors,
  };
}

/**
 * The staff console's find by a number, as a caller says it (+353 87 …), of 100 members in turn,
 * beside /panda/health at the same connections: three runs on one server and the median p99. An
 * agent signed in as the factory makes one (src/server/seed/staff.ts); each find is audited, so the
 * figure holds the audit log's append.
 */
async function findRuns(url: string, members: number) {
  log(
    `\n${members.toLocaleString('en-IE')} members (${url.replace(/^.*\//, '')}): finding a member by number, three runs`,
  );
  const handle = await openDatabase(url, { poolMax: 1 });
  const agent = await createStaffSession(handle.db, new Date(), 'agent', 'Bench Agent');
  const numbers = await query<{ msisdn: string }>(
    url,
    `select msisdn from sims tablesample system (1) where msisdn is not null limit 100`,
  );
  await handle.close();
  const targets: Target[] = numbers.map(({ msisdn }) => ({
    path: `/panda/staff/members?q=${encodeURIComponent(`+353 ${msisdn.slice(1, 3)} ${msisdn.slice(3)}`)}`,
    headers: { cookie: agent.cookie },
  }));
  const server = await startServer({ DATABASE_URL: url, API_ONLY: 'true' });
  const p99s: number[] = [];
  let errors = targets.length < 100;
  try {
    for (let run = 1; run <= 3; run += 1) {
      const health = await load(`${server.base}/panda/health`, FIND_CONNECTIONS, SECONDS);
      const find = await load(server.base, FIND_CONNECTIONS, SECONDS, {}, targets);
      p99s.push(find.p99);
      errors ||= Boolean(find.errors || find.non2xx || health.errors || health.non2xx);
      log(`  run ${run} at ${FIND_CONNECTIONS} connections: /panda/health ${rps(health)}; find by number ${rps(find)}`);
    }
  } finally {
    await server.stop();
  }
  return { p99: median(p99s), errors };
}

/** The Usage screen's series of 100 members in turn, beside /panda/health at the same connections: three runs, the median p99. */
async function usageRuns(url: string, members: number) {
  log(
    `\n${members.toLocaleString('en-IE')} members (${url.replace(/^.*\//, '')}): the Usage screen's series, three runs`,
  );
  const server = await startServer({ DATABASE_URL: url, API_ONLY: 'true' });
  const p99s: number[] = [];
  let errors = false;
  try {
    const count = Number(options.members);
    const targets: Target[] = [];
    for (let i = 0; i < count; i++) {
      const m = await signIn(server.base, scaleEmail(1 + Math.floor((i * members) / count)), SCALE_PASSWORD);
      targets.push({ path: `/panda/protected/users/${m.userId}/sims/${m.ssn}/usage/charts`, headers: m.headers });
    }
    for (let run = 1; run <= 3; run += 1) {
      const health = await load(`${server.base}/panda/health`, USAGE_CONNECTIONS, SECONDS);
      const usage = await load(server.base, USAGE_CONNECTIONS, SECONDS, {}, targets);
      p99s.push(usage.p99);
      errors ||= Boolean(usage.errors || usage.non2xx || health.errors || health.non2xx);
      log(`  run ${run} at ${USAGE_CONNECTIONS} connections: /panda/health ${rps(health)}; usage series ${rps(usage)}`);
    }
  } finally {
    await server.stop();
  }
  return { p99: median(p99s), errors };
}

function checkUsage(usage: Awaited<ReturnType<typeof usageRuns>>) {
  log(
    `  the Usage screen's 12-month series, median p99 of 3 at ${USAGE_CONNECTIONS} connections: ${usage.p99.toFixed(1)} ms (≤ ${USAGE_P99_BUDGET_MS} ms):${usage.errors ? ' (with errors)' : ''} ${check(!usage.errors && usage.p99 <= USAGE_P99_BUDGET_MS, 'the Usage series p99 over 50 ms at scale')}`,
  );
}

function checkFind(find: Awaited<ReturnType<typeof findRuns>>) {
  log(
    `  the staff console's find by number, median p99 of 3 at ${FIND_CONNECTIONS} connections: ${find.p99.toFixed(1)} ms (≤ ${FIND_P99_BUDGET_MS} ms):${find.errors ? ' (with errors)' : ''} ${check(!find.errors && find.p99 <= FIND_P99_BUDGET_MS, 'find by number p99 over 50 ms at scale')}`,
  );
}

/** The summary's and the dashboard's budgets at the large size, from the medians of three runs; no share from a run with errors. */
function checkSummary(summary: Awaited<ReturnType<typeof summaryRuns>>) {
  if (summary.errors) {
    log(
      `  balance summary and dashboard reads: FAILED, a run had answers that were not 2xx (no share): ${check(false, 'summary or dashboard reads answered non-2xx')}`,
    );
    return;
  }
  log(
    `  balance summary, median of 3: saturated ${(summary.share * 100).toFixed(1)} % of /panda/health (≥ ${SUMMARY_SHARE_FLOOR * 100} %), p99 ${summary.p99.toFixed(1)} ms; at half that rate p99 ${summary.steadyP99.toFixed(1)} ms (≤ ${SUMMARY_STEADY_P99_MS} ms): ${check(summary.share >= SUMMARY_SHARE_FLOOR && summary.steadyP99 <= SUMMARY_STEADY_P99_MS, 'summary under 60 % of health, or its p99 at a steady load over 20 ms')}`,
  );
  log(
    `  the dashboard's six reads, median of 3: saturated p99 ${summary.dashboardP99.toFixed(1)} ms; at half their rate p99 ${summary.dashboardSteadyP99.toFixed(1)} ms (≤ ${DASHBOARD_STEADY_P99_MS} ms): ${check(summary.dashboardSteadyP99 <= DASHBOARD_STEADY_P99_MS, 'dashboard reads p99 at a steady load over 35 ms')}`,
  );
  log(
    `  household lines, median of 3: at half their saturated rate p99 ${summary.householdSteadyP99.toFixed(1)} ms (≤ ${HOUSEHOLD_STEADY_P99_MS} ms): ${check(summary.householdSteadyP99 <= HOUSEHOLD_STEADY_P99_MS, 'household lines p99 at a steady load over 50 ms')}`,
  );
}

/**
 * The server's own CPU time per request of each kind (its utime and stime in /proc, read before and
 * after 3,000 requests, as many at a time as the loads send: batches grow with it), twice: a figure a busy machine does not distort, where
 * the requests a second of a load swing with what else runs (health moved 2,177–6,947 req/s within an
 * hour on a shared 2-CPU machine). Health's time over another's is the share that kind would reach
 * if the server's CPU were all that limited it. Beside it, PostgreSQL's (every `postgres` process of
 * the machine, its background writers too: a local database's whole cost of the request, since on
 * one machine the two share the CPUs). Linux only.
 */
async function cpuPerRequest(url: string, members: number) {
  log(`\n${members.toLocaleString('en-IE')} members (${url.replace(/^.*\//, '')}): the server's CPU time per request`);
  const server = await startServer({ DATABASE_URL: url, API_ONLY: 'true', NETWORK_EVENT_SECRET: BENCH_NETWORK_SECRET });
  const statOf = `/proc/${server.child.pid}/stat`;
  if (!existsSync(statOf)) {
    log('  skipped: no /proc on this machine');
    return server.stop();
  }
  const cpuMs = () => cpuMsOf(readFileSync(statOf, 'utf8'));
  const COUNT = 3000;
  const send = async (targets: Target[]) => {
    let next = 0;
    let failed = 0;
    const before = cpuMs();
    const databaseBefore = databaseCpuMs();
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (next < targets.length) {
          const t = targets[next++]!;
          const res = await fetch(`${server.base}${t.path}`, {
            method: t.method ?? 'GET',
            headers: t.headers,
            ...(t.body ? { body: t.body } : {}),
          });
          if (!res.ok) failed++;
          await res.arrayBuffer();
        }
      }),
    );
    return {
      us: ((cpuMs() - before) * 1000) / targets.length,
      databaseUs: (databaseCpuSince(databaseBefore) * 1000) / targets.length,
      failed,
    };
  };
  try {
    const t = await targetsOf(server.base, members, { history: false });
    const inTurn = (from: Target[]) => Array.from({ length: COUNT }, (_, i) => from[i % from.length]!);
    for (let run = 1; run <= 2; run += 1) {
      const health = await send(inTurn([{ path: '/panda/health', headers: {} }]));
      const summary = await send(inTurn(t.summary));
      const listener = await send((await usageEvents(url, COUNT, `cpu${run}`)).load);
      const failed = health.failed + summary.failed + listener.failed;
      const both = (r: typeof health) => r.us + r.databaseUs;
      log(
        `  run ${run}: /panda/health ${health.us.toFixed(0)} µs; summary ${summary.us.toFixed(0)} µs (${((health.us / summary.us) * 100).toFixed(1)} % of health by CPU); usage event ${listener.us.toFixed(0)} µs (${((health.us / listener.us) * 100).toFixed(1)} %)${failed ? `; ${failed} requests failed` : ''}`,
      );
      log(
        `         with PostgreSQL's: health ${health.us.toFixed(0)} + ${health.databaseUs.toFixed(0)} µs; summary ${summary.us.toFixed(0)} + ${summary.databaseUs.toFixed(0)} µs (${((both(health) / both(summary)) * 100).toFixed(1)} %); usage event ${listener.us.toFixed(0)} + ${listener.databaseUs.toFixed(0)} µs (${((both(health) / both(listener)) * 100).toFixed(1)} %)`,
      );
    }
  } finally {
    await server.stop();
  }
}

/**
 * The capacity model's check (docs/performance.md "A capacity model"): usage events at the listener,
 * one instance and then two on the same PostgreSQL, each under its own wrk, and what each event cost
 * in each: the server's CPU, PostgreSQL's, and the whole machine's (from /proc/stat, the generators'
 * too). The model sizes instances and PostgreSQL from an event's CPU with two instances writing at
 * once (MODEL_SERVER_US, MODEL_DATABASE_US): the check is that the measured cost stays within them,
 * and that two instances serve no less than one.
 */
async function instancesRuns(url: string, members: number) {
  log(
    `\n${members.toLocaleString('en-IE')} members (${url.replace(/^.*\//, '')}): one instance, then two on one PostgreSQL`,
  );
  const env = { DATABASE_URL: url, API_ONLY: 'true', NETWORK_EVENT_SECRET: BENCH_NETWORK_SECRET };
  const a = await startServer(env);
  const b = await startServer(env);
  const cores = machineCores();
  let errors = false;
  try {
    const figures = [];
    for (const [run, servers] of [
      [1, [a]],
      [2, [a, b]],
    ] as const) {
      const perServer = Math.round(CONNECTIONS / servers.length);
      const events = await Promise.all(
        servers.map(async (_, i) => usageEvents(url, Math.max(20_000, Math.round(SECONDS * 8000)), `inst${run}-${i}`)),
      );
      const cpu = servers.map((s) => cpuOfLoad(s.child.pid));
      let machine = { busy: 0, total: 0 };
      const loads = await loadsTogether(
        servers.map((s, i) => ({
          base: s.base,
          connections: perServer,
          targets: events[i]!.load,
          warmUp: events[i]!.warmUp,
        })),
        SECONDS,
        (phase) => {
          for (const c of cpu) c.onMeasure(phase);
          machine = phase === 'start' ? machineTicks() : ticksSince(machine);
        },
      );
      errors ||= failed(...loads);
      const rate = loads.reduce((sum, l) => sum + l.rps, 0);
      const requests = rate * SECONDS;
      const server =
        cpu.reduce((sum, c, i) => sum + (c.perRequest(loads[i]!)?.server ?? 0) * loads[i]!.rps * SECONDS, 0) / requests;
      const database = (cpu[0]!.perRequest(loads[0]!)?.database ?? 0) * (loads[0]!.rps / rate);
      const whole = ((machine.busy / machine.total) * cores * SECONDS * 1e6) / requests;
      figures.push({ instances: servers.length, rate, server, database, whole, busy: machine.busy / machine.total });
      log(
        `  ${servers.length} instance${servers.length > 1 ? 's' : ''} (${perServer} connections each): ${Math.round(rate).toLocaleString('en-IE')} events/s (${loads.map((l) => rps(l)).join('; ')}); an event: server ${server.toFixed(0)} µs, PostgreSQL ${database.toFixed(0)} µs, the machine ${whole.toFixed(0)} µs (generators included); CPUs busy ${((machine.busy / machine.total) * 100).toFixed(0)} %`,
      );
    }
    const [one, two] = figures as [(typeof figures)[number], (typeof figures)[number]];
    return { one, two, cores, errors };
  } finally {
    await Promise.all([a.stop(), b.stop()]);
  }
}

function checkInstances(r: Awaited<ReturnType<typeof instancesRuns>>) {
  if (r.errors) {
    log(`  two instances: FAILED, answers that were not 2xx: ${check(false, 'two instances answered non-2xx')}`);
    return;
  }
  log(
    `  an event's CPU with two instances writing at once: server ${r.two.server.toFixed(0)} µs (the model takes ≤ ${MODEL_SERVER_US} µs), PostgreSQL ${r.two.database.toFixed(0)} µs (≤ ${MODEL_DATABASE_US} µs); with one instance ${r.one.server.toFixed(0)} and ${r.one.database.toFixed(0)} µs: ${check(r.two.server <= MODEL_SERVER_US && r.two.database <= MODEL_DATABASE_US, "an event costs more than the capacity model's figures with two instances")}`,
  );
  log(
    `  two instances on one PostgreSQL served ${Math.round(r.two.rate).toLocaleString('en-IE')} events/s, one ${Math.round(r.one.rate).toLocaleString('en-IE')} (no less, within 10 %): ${check(r.two.rate >= 0.9 * r.one.rate, 'two instances served less than one')}; on ${r.cores} CPUs already ${(r.one.busy * 100).toFixed(0)} % busy with one, a second adds little: the instances' sum wants cores to spare`,
  );
}

/** The machine's CPUs (online), which /proc/stat's first line sums over. */
function machineCores(): number {
  return readFileSync('/proc/stat', 'utf8')
    .split('\n')
    .filter((l) => /^cpu\d+ /.test(l)).length;
}

/** The machine's CPU ticks so far, busy and in all (/proc/stat's first line: idle and iowait are not busy). */
function machineTicks(): { busy: number; total: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
  const total = fields.reduce((sum, n) => sum + n, 0);
  return { busy: total - fields[3]! - fields[4]!, total };
}

const ticksSince = (before: { busy: number; total: number }) => {
  const now = machineTicks();
  return { busy: now.busy - before.busy, total: now.total - before.total };
};

/** /panda/health under the load, the reference of every share, with its CPU read by `meter`. */
const healthLoad = (base: string, meter: ReturnType<typeof cpuOfLoad>) =>
  load(`${base}/panda/health`, CONNECTIONS, SECONDS, {}, undefined, undefined, meter.onMeasure);

/**
 * The server's and PostgreSQL's CPU time over a load's counted seconds, per request answered: on a
 * machine where the load, the server and the database share two CPUs, requests a second swing with
 * whatever else runs, while the CPU one request costs holds still (none where /proc is missing).
 */
function cpuOfLoad(pid: number | undefined) {
  const statOf = `/proc/${pid}/stat`;
  let server = 0;
  let database = new Map<string, number>();
  let spent: { server: number; database: number } | undefined;
  return {
    onMeasure(phase: 'start' | 'end') {
      if (!existsSync(statOf)) return;
      if (phase === 'start') {
        server = cpuMsOf(readFileSync(statOf, 'utf8'));
        database = databaseCpuMs();
      } else spent = { server: cpuMsOf(readFileSync(statOf, 'utf8')) - server, database: databaseCpuSince(database) };
    },
    /** µs a request, from the last load measured. */
    perRequest(l: { rps: number }) {
      const requests = l.rps * SECONDS;
      return spent && requests > 0
        ? { server: (spent.server * 1000) / requests, database: (spent.database * 1000) / requests }
        : undefined;
    },
  };
}

/** Linux's clock ticks a second (USER_HZ), in which /proc counts CPU time. */
const CLOCK_TICKS = 100;

/** A process's CPU time in ms from its /proc/<pid>/stat: fields 14 and 15 (after the command's closing parenthesis), user and system ticks. */
function cpuMsOf(stat: string): number {
  const fields = stat.split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

/** The CPU time of every PostgreSQL process on this machine so far, in ms by process id. */
function databaseCpuMs(): Map<string, number> {
  const byPid = new Map<string, number>();
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // ended between the listing and the read
    }
    if (stat.includes(' (postgres) ')) byPid.set(pid, cpuMsOf(stat));
  }
  return byPid;
}

/** PostgreSQL's CPU time between two readings: each process's since the first (a new one's all of it; one that ended is lost). */
function databaseCpuSince(before: Map<string, number>): number {
  let ms = 0;
  for (const [pid, now] of databaseCpuMs()) ms += now - (before.get(pid) ?? 0);
  return ms;
}

/** The listener's budget at the large size, from the medians of three runs. */
function checkListener(listener: Awaited<ReturnType<typeof listenerRuns>>) {
  if (listener.errors) {
    log(
      `  usage events at the listener: FAILED, a run had answers that were not 2xx (no share): ${check(false, 'the listener answered non-2xx')}`,
    );
    return;
  }
  log(
    `  usage events at the listener, median of 3: saturated ${(listener.share * 100).toFixed(1)} % of /panda/health (≥ ${LISTENER_SHARE_FLOOR * 100} %), p99 ${listener.p99.toFixed(1)} ms; at half that rate p99 ${listener.steadyP99.toFixed(1)} ms (≤ ${LISTENER_STEADY_P99_MS} ms): ${check(listener.share >= LISTENER_SHARE_FLOOR && listener.steadyP99 <= LISTENER_STEADY_P99_MS, 'listener under 45 % of health, or its p99 at a steady load over 25 ms')}`,
  );
}

const BENCH_NETWORK_SECRET = 'bench-network-event-secret-0000000000000';

/**
 * Signed usage events for the network's numbers in turn, and others for the warm-up: a few KB of data
 * each (within the allowance), and every tenth a one-minute call abroad from Ireland, which no
 * allowance covers: charged from credit (or, for credit at zero, kept uncharged with the line barred).
 */
async function usageEvents(url: string, count: number, prefix = 'bench') {
  const numbers = (
    await query<{ msisdn: string }>(url, `select msisdn from sims where msisdn is not null order by ssn limit 5000`)
  ).map((r) => r.msisdn);
  const now = Date.now();
  const event = (i: number, prefix: string): Target => {
    const msisdn = numbers[i % numbers.length]!;
    const body = JSON.stringify({
      eventId: `${prefix}-${now}-${i}`,
      eventTime: new Date(now).toISOString(),
      eventType: 'UsageCreateEvent',
      event: {
        usage: {
          id: `${prefix}-usage-${now}-${i}`,
          usageDate: new Date(now).toISOString(),
          ...(i % 10 === 9
            ? {
                usageType: 'voice',
                usageCharacteristic: [
                  { name: 'msisdn', value: `353${msisdn.slice(1)}` },
                  { name: 'durationS', value: 60 },
                  { name: 'country', value: 'IE' },
                  { name: 'destination', value: '+442071234567' },
                ],
              }
            : {
                usageType: 'data',
                usageCharacteristic: [
                  { name: 'msisdn', value: `353${msisdn.slice(1)}` },
                  { name: 'volumeKb', value: 3 },
                  { name: 'country', value: 'IE' },
                ],
              }),
        },
      },
    });
    return {
      method: 'POST',
      path: '/panda/network/listener',
      body,
      headers: {
        'content-type': 'application/json',
        'x-network-signature': networkSignature(BENCH_NETWORK_SECRET, body, now),
      },
    };
  };
  return {
    load: Array.from({ length: count }, (_, i) => event(i, prefix)),
    warmUp: Array.from({ length: 3000 }, (_, i) => event(i, 'warm')),
  };
}

/** Events sent, then sent again: every second answer a replay, the members' data used the same before and after. */
async function replayChangesNothing(base: string, events: Target[], url: string) {
  // The data counted and the credit charged: a replay changes neither.
  const total = async () =>
    (
      await query<{ used: string }>(
        url,
        `select (select coalesce(sum(data_used_kb), 0) from memberships)::text || ':' ||
                (select coalesce(sum(credit_cents), 0) from balances)::text as used`,
      )
    )[0]!.used;
  const sendAll = async () => {
    const outcomes: (string | undefined)[] = [];
    for (let i = 0; i < events.length; i += 50)
      outcomes.push(
        ...(await Promise.all(
          events.slice(i, i + 50).map(async (e) => {
            const res = await fetch(`${base}${e.path}`, { method: 'POST', headers: e.headers, body: e.body! });
            return ((await res.json()) as { _payload?: { outcome?: string } })._payload?.outcome;
          }),
        )),
      );
    return outcomes;
  };
  await sendAll();
  const before = await total();
  const again = await sendAll();
  const replays = again.filter((o) => o === 'duplicate').length;
  return { events: events.length, changed: (await total()) !== before || replays !== events.length };
}

/** Orders queued for as many lines, sent to the sandbox network by the network job's drain, timed. */
async function drainOrders(url: string, count: number) {
  const handle = await openDatabase(url, {});
  const clock = () => new Date();
  const network = sandboxNetworkAdapter({ secret: BENCH_NETWORK_SECRET, delayMs: null });
  const app = createApp({
    db: handle.db,
    config: { ...testConfig(), network: { eventSecret: BENCH_NETWORK_SECRET } },
    network,
  });
  void app;
  try {
    await handle.db.delete(networkOrders).where(sql`${networkOrders.cause} like 'bench:%'`);
    const now = new Date();
    for (let i = 0; i < count; i += 1000)
      await handle.db.insert(networkOrders).values(
        Array.from({ length: Math.min(1000, count - i) }, (_, k) => ({
          externalId: randomUUID(),
          cause: `bench:${i + k}`,
          line: `bench-line-${i + k}`,
          msisdn: null,
          service: 'mobileLine' as const,
          action: 'modify' as const,
          characteristics: { state: 'active' },
          nextAttemptAt: now,
          updatedAt: now,
          createdAt: now,
        })),
      );
    const started = performance.now();
    const result = await drainNetworkOrders({ db: handle.db, clock }, network, applyOrderStep);
    const seconds = (performance.now() - started) / 1000;
    await handle.db.delete(networkOrders).where(sql`${networkOrders.cause} like 'bench:%'`);
    return { orders: count, seconds, sent: result.sent };
  } finally {
    await handle.close();
  }
}

/** EXPLAIN ANALYZE of what one member's dashboard, a far transactions page and an idle jobs turn send, on the large network. */
async function explainAll(url: string, members: number): Promise<string> {
  const handle = await openDatabase(url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const app = createApp({ db: handle.db, config: testConfig(), payments: sandboxPayments() });
    const member = LONG_HISTORY_EVERY * Math.max(1, Math.floor(members / LONG_HISTORY_EVERY / 2));
    const res = await app.request('/panda/public/users/current', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: scaleEmail(member), password: SCALE_PASSWORD }),
    });
    const userId = ((await res.json()) as { _payload: { account: { user_id: number } } })._payload.account.user_id;
    const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]!);
    const xsrf = cookies.find((c) => c.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length) ?? '';
    const headers = {
      'x-gg-auth': res.headers.get('x-gg-auth')!,
      'x-gg-transaction': 'bench',
      cookie: cookies.join('; '),
      'x-xsrf-token': xsrf,
    };
    const get = async (path: string) => (await app.request(path, { headers })).json();
    const ssn = (
      (await get(`/panda/protected/users/${userId}/sims/owned`)) as { _payload: { values: { ssn: string }[] } }
    )._payload.values[0]!.ssn;
    let before = '';
    for (let page = 1; page < 50; page++)
      before = (
        (await get(
          `/panda/protected/users/${userId}/transactions?page=${page}&limit=10${before ? `&before=${before}` : ''}`,
        )) as { _meta: { next: string } }
      )._meta.next;
    const reads = await captureStatements(async () => {
      for (const path of [
        `/panda/protected/users/${userId}/sims/owned`,
        `/panda/protected/users/${userId}/sims/activation`,
        `/panda/protected/users/${userId}/sims/${ssn}/balance/summary/current`,
        `/panda/protected/users/${userId}/notification/inapp/summary`,
        `/panda/protected/users/${userId}/sims/${ssn}/usage/daily`,
        `/panda/protected/users/${userId}/sims/${ssn}/usage/charts`,
        `/panda/protected/users/${userId}/purchase/details`,
        `/panda/protected/users/${userId}/transactions?page=1&limit=10`,
        `/panda/protected/users/${userId}/transactions?page=50&limit=10&before=${before}`,
        `/panda/protected/users/${userId}/alerts`,
      ])
        await get(path);
    });
    const jobs = await captureStatements(() =>
      runMinuteJobs({ db: handle.db, clock: () => new Date(), payments: sandboxPayments() }, pino({ level: 'silent' })),
    );
    const parts: string[] = [];
    for (const [title, statements] of [
      ['Member reads', reads],
      ["A turn of the minute's jobs with nothing due", jobs],
    ] as const) {
      parts.push(`# ${title} (${members.toLocaleString('en-IE')} members)\n`);
      for (const s of explainable(statements)) {
        const reading = /^\s*(select|with)\b/i.test(s.text);
        parts.push(`${s.text}\n-- values: ${JSON.stringify(s.values)}\n${await planText(client, s, reading)}\n`);
      }
    }
    return parts.join('\n');
  } finally {
    await client.end();
    await handle.close();
  }
}

log(`Scale bench (${loadTool}, ${CONNECTIONS} connections, ${SECONDS} s a measure)`);
if (options.only === 'summary') {
  const summary = await summaryRuns(largeUrl, large);
  log('\nBudgets at the large size:');
  checkSummary(summary);
  process.exit(misses.length ? 1 : 0);
}
if (options.only === 'find') {
  const find = await findRuns(largeUrl, large);
  log('\nBudgets at the large size:');
  checkFind(find);
  process.exit(misses.length ? 1 : 0);
}
if (options.only === 'usage') {
  const usage = await usageRuns(largeUrl, large);
  log('\nBudgets at the large size:');
  checkUsage(usage);
  process.exit(misses.length ? 1 : 0);
}
if (options.only === 'cpu') {
  await cpuPerRequest(largeUrl, large);
  process.exit(0);
}
if (options.only === 'instances') {
  const instances = await instancesRuns(largeUrl, large);
  log('\nThe capacity model at the large size:');
  checkInstances(instances);
  process.exit(misses.length ? 1 : 0);
}
if (options.only === 'listener') {
  const listener = await listenerRuns(largeUrl, large);
  log('\nBudgets at the large size:');
  checkListener(listener);
  process.exit(misses.length ? 1 : 0);
}
const small = await measure(smallUrl, Number(options.small));
const big = await measure(largeUrl, large);
const bigSummary = await summaryRuns(largeUrl, large);
const bigListener = await listenerRuns(largeUrl, large);
const bigFind = await findRuns(largeUrl, large);
const bigUsage = await usageRuns(largeUrl, large);
const bigInstances = await instancesRuns(largeUrl, large);
mkdirSync('bench-results', { recursive: true });
writeFileSync('bench-results/scale-explain.txt', await explainAll(largeUrl, large));
log('\nBudgets at the large size, beside the small one in this run:');
checkSummary(bigSummary);
checkListener(bigListener);
checkFind(bigFind);
checkUsage(bigUsage);
checkInstances(bigInstances);
log(
  `  summary p99 ≤ 1.5 × its p99 at ${small.members.toLocaleString('en-IE')}: ${big.summary.p99.toFixed(1)} vs ${small.summary.p99.toFixed(1)} ms ${check(big.summary.p99 <= 1.5 * small.summary.p99, 'summary p99 grew with the network')}`,
);
log(
  `  transactions page 50 p99 ≤ 1.5 × page 1's: ${big.page50.p99.toFixed(1)} vs ${big.page1.p99.toFixed(1)} ms ${check(big.page50.p99 <= 1.5 * big.page1.p99, 'page 50 slower than 1.5 × page 1')}`,
);
log(
  `  ${big.renewals.due.toLocaleString('en-IE')} due renewals ≤ 30 s: ${big.renewals.seconds.toFixed(1)} s ${check(big.renewals.due >= Math.min(DUE, large) && big.renewals.seconds <= 30, 'renewals over 30 s')}`,
);
log(
  `  a minute's jobs with nothing due ≤ 1 s: ${(big.idleTurnSeconds * 1000).toFixed(0)} ms ${check(big.idleTurnSeconds <= 1, 'idle jobs turn over 1 s')}`,
);
const errors = [small, big]
  .flatMap((f) => [f.health, f.summary, f.dashboard, f.page1, f.page50, f.listener])
  .some((l) => l.errors || l.non2xx);
log(
  `  a replay of ${big.replay.events.toLocaleString('en-IE')} events changes nothing: ${check(!big.replay.changed && big.replay.events >= 10_000, 'a replay changed the counters')}`,
);
log(
  `  ${big.drain.orders.toLocaleString('en-IE')} queued orders drained ≤ 30 s: ${big.drain.seconds.toFixed(1)} s ${check(big.drain.sent === big.drain.orders && big.drain.seconds <= 30, 'orders drained over 30 s')}`,
);
log(`  no errors under load: ${check(!errors, 'errors under load')}`);
log('EXPLAIN ANALYZE of the hot statements: bench-results/scale-explain.txt');
if (misses.length > 0) {
  console.error(`\nMissed: ${misses.join('; ')}`);
  process.exit(1);
}
