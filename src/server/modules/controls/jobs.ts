import type { MinuteJob } from '../../jobs/minute-job.ts';
import type { PushSender } from '../../integrations/push/index.ts';
import type { ServiceContext } from '../../kernel/outcome.ts';
import { tellLineChanges } from './line-changes/line-changes.service.ts';
import { makeDueLockedChanges } from './number-lock/locked-changes.ts';
import { endNumberLocks } from './number-lock/number-lock.service.ts';

/** Member controls' jobs of the minute: changes of SIM due under the number lock; a change to a line not told yet (made by a job, or left behind by a crash after its commit) is told. */
export const controlsJobs = {
  /** Changes of SIM whose 24 hours under the number lock are over are made (before the telling, which then mails them). */
  lockedChanges: {
    key: 'lockedChanges',
    said: 'changes of SIM made after the number lock’s wait',
    run: (ctx) => makeDueLockedChanges(ctx),
  },
  /** Number locks asked off whose 24 hours are over go off. */
  numberLocksOff: {
    key: 'numberLocksOff',
    said: 'number locks gone off 24 hours after they were asked off',
    run: (ctx) => endNumberLocks(ctx),
  },
  lineChanges: {
    key: 'lineChanges',
    said: 'changes to lines told to their members',
    run: (ctx) =>
      ctx.siteUrl
        ? tellLineChanges({
            db: ctx.db,
            clock: ctx.clock,
            siteUrl: ctx.siteUrl,
            ...(ctx.push ? { push: ctx.push.sender } : {}),
            pushOrigins: ctx.push?.extraOrigins ?? [],
          })
        : Promise.resolve(undefined),
  },
} satisfies Record<
  string,
  MinuteJob<ServiceContext & { siteUrl?: string; push?: { sender: PushSender; extraOrigins: readonly string[] } }>
>;
