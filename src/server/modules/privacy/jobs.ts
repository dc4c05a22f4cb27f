import type { MinuteJob } from '../../jobs/minute-job.ts';
import { pruneGrowingTables } from './retention.ts';

/** Privacy's jobs of the minute: rows past their keeping removed. */
export const privacyJobs = {
  pruned: { key: 'pruned', said: 'rows past their keeping removed', run: (ctx) => pruneGrowingTables(ctx) },
} satisfies Record<string, MinuteJob>;
