import type { ServiceContext } from '../kernel/outcome.ts';

/** What a job did: a count, counts by kind, or nothing (it had no service to call, or says nothing). */
export type Done = number | Record<string, number> | undefined;

/**
 * One job of the minute, as its module declares it: what it runs, and how the log says what it did
 * (under `key`, with `said`, only when it did something). A job whose outside service is not
 * configured does nothing; `C` is what it needs of the scheduler's context (its outside services).
 * The scheduler (src/server/jobs/scheduler.ts) runs them in its declared order.
 */
export interface MinuteJob<C extends ServiceContext = ServiceContext> {
  key: string;
  said: string;
  run(ctx: C): Promise<Done>;
}
