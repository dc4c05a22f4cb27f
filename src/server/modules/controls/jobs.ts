import type { MinuteJob } from '../../jobs/minute-job.ts';
import type { PushSender } from '../../integrations/push/index.ts';
import type { ServiceContext } from '../../kernel/outcome.ts';
import { tellLineChanges } from './line-changes/line-changes.service.ts';

/** Member controls' job of the minute: a change to a line whose telling was left behind (a crash after its commit) is told. */
export const controlsJobs = {
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
