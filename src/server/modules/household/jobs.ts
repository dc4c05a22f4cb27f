import type { MinuteJob } from '../../jobs/minute-job.ts';
import { holdDataCaps, resumeEndedPauses } from './household.controls.ts';

/** The household's jobs of the minute: a paused line whose pause has ended resumes by itself; capped lines held to their caps. */
export const householdJobs = {
  pausesEnded: { key: 'pausesEnded', said: 'paused lines resumed', run: (ctx) => resumeEndedPauses(ctx) },
  dataCaps: { key: 'dataCaps', said: 'household data caps held', run: (ctx) => holdDataCaps(ctx) },
} satisfies Record<string, MinuteJob>;
