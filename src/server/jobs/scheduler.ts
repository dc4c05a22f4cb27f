import type { Logger } from 'pino';
import { JOB_LOCKS, withJobLock } from '../db/job-lock.ts';
import { expireRateLimits } from '../http/limiters.ts';
import { expireIdempotencyKeys } from '../middleware/idempotency.ts';
import type { ChatDeskAdapter, TicketsAdapter } from '../modules/care/index.ts';
import type { DeliveryAdapter } from '../modules/lines/index.ts';
import type { PaymentsAdapter } from '../modules/money/index.ts';
import type { PushSender } from '../integrations/push/index.ts';
import type { ReferralsAdapter } from '../modules/community/index.ts';
import type { ServiceContext } from '../kernel/outcome.ts';
import type { Done, MinuteJob } from './minute-job.ts';
import { sendAlertPushes } from '../modules/alerts/index.ts';
import { careJobs } from '../modules/care/index.ts';
import { communityJobs } from '../modules/community/index.ts';
import { controlsJobs } from '../modules/controls/index.ts';
import { flexiDataJobs } from '../modules/flexi-data/index.ts';
import { householdJobs } from '../modules/household/index.ts';
import { linesJobs } from '../modules/lines/index.ts';
import { moneyJobs, type Debtor } from '../modules/money/index.ts';
import { privacyJobs } from '../modules/privacy/index.ts';
import { auditJobs } from '../modules/audit/index.ts';
import { staffJobs } from '../modules/staff/index.ts';

export type { MinuteJob };

/** What the minute's jobs need: the database and clock, and the outside services they call (when configured). */
export interface JobsContext extends ServiceContext {
  payments: PaymentsAdapter;
  referrals?: ReferralsAdapter;
  /** The carrier of SIM orders (docs/product/customer-care.md): orders on their way are tracked each turn. */
  delivery?: DeliveryAdapter;
  /** The help desk's tickets API: tickets from /contact-us are handed over each turn. */
  tickets?: TicketsAdapter;
  /** Live chat's help desk: what it does not have yet is handed over each turn. */
  chat?: ChatDeskAdapter;
  /** The account credit-back transfers are paid from: the day's SEPA file is made with it (none: no file). */
  refundDebtor?: Debtor | undefined;
  /** SITE_URL, for the links of what the jobs mail (a message that became a complaint). */
  siteUrl?: string;
  /** Web Push (docs/product/phone.md): alerts are pushed to the members' devices after they are raised. */
  push?: { sender: PushSender; extraOrigins: readonly string[] };
}

/**
 * The minute's jobs in their declared order, each run after the one before has finished. The
 * renewals come first, so that data a friend lent comes back (Spot me returns) into the lender's
 * renewed membership; the housekeeping (expiries and pruning) comes last.
 */
export const MINUTE_JOBS: readonly MinuteJob<JobsContext>[] = [
  moneyJobs.renewals,
  flexiDataJobs.spotReturns,
  householdJobs.pausesEnded,
  householdJobs.dataCaps,
  householdJobs.requestsExpired,
  moneyJobs.cardRefunds,
  moneyJobs.refundFile,
  moneyJobs.alerts,
  controlsJobs.lockedChanges,
  controlsJobs.numberLocksOff,
  controlsJobs.lineChanges,
  linesJobs.deliveries,
  careJobs.forwardTickets,
  careJobs.complaints,
  careJobs.chats,
  careJobs.pruneTickets,
  careJobs.pruneUploads,
  communityJobs.referralCalls,
  { key: 'idempotencyKeys', said: 'idempotency keys removed', run: (ctx) => expireIdempotencyKeys(ctx) },
  {
    key: 'rateLimits',
    said: 'rate-limit counters past their window removed',
    run: async (ctx) => void (await expireRateLimits(ctx)),
  },
  auditJobs.chain,
  staffJobs.housekeeping,
  privacyJobs.pruned,
];

const didSomething = (done: Done) =>
  typeof done === 'number' ? done > 0 : done !== undefined && Object.values(done).some((n) => n > 0);

/** One turn of the minute's jobs, in their order (the scheduler runs it under the job lock; the scale bench times it). */
export async function runMinuteJobs(
  ctx: JobsContext,
  log: Logger,
  jobs: readonly MinuteJob<JobsContext>[] = MINUTE_JOBS,
) {
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
