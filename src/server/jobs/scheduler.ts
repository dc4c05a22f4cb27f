import type { Logger } from 'pino';
import { JOB_LOCKS, withJobLock } from '../db/job-lock.ts';
import { expireRateLimits } from '../http/limiters.ts';
import { expireIdempotencyKeys } from '../middleware/idempotency.ts';
import { pruneUploads } from '../modules/care/attachments.ts';
import { describedContactPreferencesOf } from '../modules/identity/contact-preferences.ts';
import { sendAlertPushes } from '../modules/alerts/push.ts';
import { sendReferralOutbox } from '../modules/community/referrals.ts';
import { giveBackCardRefunds } from '../modules/money/refunds.ts';
import { pruneGrowingTables } from '../modules/privacy/retention.ts';
import { pruneTickets, treatUnansweredAsComplaints } from '../modules/care/tickets.ts';
import { runAlerts } from '../modules/money/alerts.job.ts';
import { runChatJobs } from '../modules/care/chat.job.ts';
import { runDeliveries } from '../modules/lines/deliveries.job.ts';
import { runRenewals, type JobsContext } from '../modules/money/renewals.job.ts';
import { runSpotReturns } from '../modules/flexi-data/spot-returns.job.ts';
import { forwardTickets } from '../modules/care/tickets.job.ts';

/** What a job did: a count, counts by kind, or nothing (it had no service to call, or says nothing). */
type Done = number | Record<string, number> | undefined;

/**
 * One job of the minute: what it runs, and how the log says what it did (under `key`, with `said`,
 * only when it did something). A job whose outside service is not configured does nothing.
 */
export interface MinuteJob {
  key: string;
  said: string;
  run(ctx: JobsContext): Promise<Done>;
}

/**
 * The minute's jobs in their declared order, each run after the one before has finished. The
 * renewals come first, so that data a friend lent comes back (Spot me returns) into the lender's
 * renewed membership; the housekeeping (expiries and pruning) comes last.
 */
export const MINUTE_JOBS: readonly MinuteJob[] = [
  { key: 'renewals', said: 'renewals', run: (ctx) => runRenewals(ctx) },
  { key: 'spotReturns', said: 'spot me returns', run: (ctx) => runSpotReturns(ctx) },
  { key: 'cardRefunds', said: 'card refunds given back', run: (ctx) => giveBackCardRefunds(ctx, ctx.payments) },
  { key: 'alerts', said: 'alerts raised', run: (ctx) => runAlerts(ctx) },
  {
    key: 'orders',
    said: 'SIM orders moved on by the carrier',
    run: async (ctx) => (ctx.delivery ? runDeliveries(ctx, ctx.delivery) : undefined),
  },
  {
    key: 'tickets',
    said: 'tickets handed to the help desk',
    run: async (ctx) =>
      ctx.tickets ? forwardTickets(ctx, ctx.tickets, (id) => describedContactPreferencesOf(ctx.db, id)) : undefined,
  },
  {
    key: 'tickets',
    said: 'messages unanswered for 2 working days are now complaints',
    run: async (ctx) => (ctx.siteUrl ? treatUnansweredAsComplaints(ctx, ctx.siteUrl) : undefined),
  },
  { key: 'chats', said: 'live chats moved on', run: (ctx) => runChatJobs(ctx, ctx.chat) },
  { key: 'tickets', said: 'tickets closed over a year ago removed', run: (ctx) => pruneTickets(ctx) },
  { key: 'uploads', said: 'attachments no message claimed removed', run: (ctx) => pruneUploads(ctx) },
  {
    key: 'referralCalls',
    said: 'referral service told',
    run: async (ctx) => (ctx.referrals ? sendReferralOutbox(ctx, ctx.referrals) : undefined),
  },
  { key: 'idempotencyKeys', said: 'idempotency keys removed', run: (ctx) => expireIdempotencyKeys(ctx) },
  {
    key: 'rateLimits',
    said: 'rate-limit counters past their window removed',
    run: async (ctx) => void (await expireRateLimits(ctx)),
  },
  { key: 'pruned', said: 'rows past their keeping removed', run: (ctx) => pruneGrowingTables(ctx) },
];

const didSomething = (done: Done) =>
  typeof done === 'number' ? done > 0 : done !== undefined && Object.values(done).some((n) => n > 0);

/** One turn of the minute's jobs, in their order (the scheduler runs it under the job lock; the scale bench times it). */
export async function runMinuteJobs(ctx: JobsContext, log: Logger, jobs: readonly MinuteJob[] = MINUTE_JOBS) {
  for (const job of jobs) {
    const done = await job.run(ctx);
    if (didSomething(done)) log.info({ [job.key]: done }, job.said);
  }
}

/**
 * Runs the minute's jobs now (catching up after downtime) and then every `everyMs`, one instance at a
 * time (the job lock: the others skip the turn); answers the stop, which lets a run in progress
 * finish its step (each renewal is its own transaction).
 */
export function scheduleMinuteJobs(
  ctx: JobsContext,
  log: Logger,
  everyMs = 60_000,
  observe?: (ok: boolean, seconds: number) => void,
): () => Promise<void> {
  let running: Promise<void> | undefined;
  let stopped = false;
  const run = () => {
    if (running || stopped) return;
    running = step().finally(() => (running = undefined));
  };
  const step = async () => {
    const started = performance.now();
    let ok = true;
    try {
      // One instance at a time runs the minute's jobs (docs/product/production.md); the others skip this turn.
      const ran = await withJobLock(ctx.db, JOB_LOCKS.minute, () => runMinuteJobs(ctx, log));
      if (!ran) log.debug('jobs: another instance is running this turn');
      // Pushes go out after the lock is released: a slow push service never holds up the other jobs,
      // and each alert is claimed (pushed_at) so it goes once whichever instance sends it.
      if (ctx.push) {
        const pushed = await sendAlertPushes(ctx, ctx.push.sender, ctx.push.extraOrigins);
        if (pushed > 0) log.info({ pushes: pushed }, 'alerts pushed to devices');
      }
    } catch (err) {
      ok = false;
      log.error({ err }, "the minute's jobs failed");
    } finally {
      observe?.(ok, (performance.now() - started) / 1000);
    }
  };
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
