import type { MinuteJob } from '../../jobs/minute-job.ts';
import { holdDataCaps, resumeEndedPauses } from './controls/jobs.ts';
import { expireRequests } from './household.requests.ts';

/** The household's jobs of the minute: a paused line whose pause has ended resumes by itself; capped lines held to their caps; requests left 24 hours expire. */
export const householdJobs = {
  pausesEnded: { key: 'pausesEnded', said: 'paused lines resumed', run: (ctx) => resumeEndedPauses(ctx) },
  dataCaps: { key: 'dataCaps', said: 'household data caps held', run: (ctx) => holdDataCaps(ctx) },
  requestsExpired: {
    key: 'requestsExpired',
    said: 'household requests expired',
    run: (ctx) => expireRequests(ctx),
  },
} satisfies Record<string, MinuteJob>;
