import type { MinuteJob } from '../../jobs/minute-job.ts';
import { resumeEndedPauses } from './household.controls.ts';

/** The household's jobs of the minute: a paused line whose pause has ended resumes by itself. */
export const householdJobs = {
  pausesEnded: { key: 'pausesEnded', said: 'paused lines resumed', run: (ctx) => resumeEndedPauses(ctx) },
} satisfies Record<string, MinuteJob>;
