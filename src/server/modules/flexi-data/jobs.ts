import type { MinuteJob } from '../../jobs/minute-job.ts';
import { runSpotReturns } from './spot-returns.job.ts';

/** Flexible data's jobs of the minute: data a friend lent (Spot me) goes back when its time is up. */
export const flexiDataJobs = {
  spotReturns: { key: 'spotReturns', said: 'spot me returns', run: (ctx) => runSpotReturns(ctx) },
} satisfies Record<string, MinuteJob>;
