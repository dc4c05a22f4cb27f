import type { Publishing } from '../../publishing.ts';
import { done, refused, type Outcome, type ServiceContext } from '../../kernel/outcome.ts';
import { record } from '../audit/index.ts';
import type { StaffSession } from './session.ts';

/** The editors' view of publishing (docs/product/staff.md "editor"): builds and their state, a rebuild, an earlier build again. */
export function buildsOf(publishing: Publishing, message: string | null = null) {
  const status = publishing.rebuilder.status();
  return {
    building: status.building,
    queued: status.queued,
    runs: status.runs.map((r) => ({
      id: r.id,
      trigger: r.trigger,
      started_at: r.startedAt,
      finished_at: r.finishedAt ?? null,
      duration_ms: r.durationMs ?? null,
      result: r.result ?? null,
      error: r.error ?? null,
    })),
    kept: publishing.rebuilder.builds(),
    message,
  };
}

export async function rebuild(ctx: ServiceContext, staff: StaffSession, publishing: Publishing) {
  publishing.rebuilder.request(`rebuild by ${staff.name}`);
  await record(ctx.db, ctx.clock(), staff, {
    action: 'rebuild',
    memberId: null,
    reason: 'Rebuild by hand',
    result: 'queued',
  });
  return buildsOf(publishing, 'A build is on its way: the site changes when it is live.');
}

export async function rollback(
  ctx: ServiceContext,
  staff: StaffSession,
  publishing: Publishing,
  id: string,
): Promise<Outcome<ReturnType<typeof buildsOf>, 'noBuild' | 'buildRunning' | 'rollbackFailed'>> {
  const outcome = await publishing.rebuilder.rollback(id);
  if (outcome === 'busy') return refused('buildRunning');
  if (outcome === 'unknown') return refused('noBuild');
  await record(ctx.db, ctx.clock(), staff, {
    action: 'rollback',
    memberId: null,
    reason: `Back to build ${id}`,
    result: outcome === 'live' ? 'live' : 'failed',
  });
  if (outcome === 'failed') return refused('rollbackFailed');
  return done(buildsOf(publishing, `Build ${id} is live again.`));
}
