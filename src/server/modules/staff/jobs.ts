import type { MinuteJob } from '../../jobs/minute-job.ts';
import { expireRequests } from './money.service.ts';
import { pruneStaffSessions } from './session.ts';

export const staffJobs = {
  /** Requests no one decided in 72 hours end; staff sessions idle 15 minutes and sign-ins never finished go. */
  housekeeping: {
    key: 'staff',
    said: 'staff requests expired and staff sessions ended',
    run: async (ctx) => ({
      expired: await expireRequests(ctx.db, ctx.clock()),
      sessions: await pruneStaffSessions(ctx),
    }),
  },
} satisfies Record<string, MinuteJob>;
