import { sql } from 'drizzle-orm';
import { readinessReasons } from '../../../../contract/health.schema.ts';
import { migrationsPending } from '../../../db/client.ts';
import type { ServiceContext } from '../../../kernel/outcome.ts';
export { purgeState } from '../../../cdn-purges.ts';

/** Whether the database answers a trivial query. */
export async function databaseAnswers({ db }: Pick<ServiceContext, 'db'>): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

export type NotReady = (typeof readinessReasons)[keyof typeof readinessReasons];

/**
 * Readiness: not while shutting down, nor while the database is unreachable or behind the code's
 * migrations, nor before the published charges are read and whole (no use could be priced).
 */
export async function readiness(
  { db }: Pick<ServiceContext, 'db'>,
  draining: boolean,
  mail?: () => 'ok' | 'unreachable',
  prices?: () => Promise<boolean>,
): Promise<{ ready: true; mail: 'ok' | 'not configured' } | { ready: false; reason: NotReady }> {
  if (draining) return { ready: false, reason: readinessReasons.draining };
  try {
    if (await migrationsPending(db)) return { ready: false, reason: readinessReasons.migrations };
  } catch {
    return { ready: false, reason: readinessReasons.database };
  }
  if (mail && mail() !== 'ok') return { ready: false, reason: readinessReasons.mail };
  if (prices && !(await prices())) return { ready: false, reason: readinessReasons.prices };
  return { ready: true, mail: mail ? 'ok' : 'not configured' };
}
