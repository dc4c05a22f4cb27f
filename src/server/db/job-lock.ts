import type pg from 'pg';
import { isSharedDatabase, type Database } from './client.ts';

/** The advisory-lock keys of the scheduled jobs (one number per job, in the portal's own range). */
export const JOB_LOCKS = { minute: 4_848_001, network: 4_848_002 } as const;

/**
 * Runs a job step on one instance at a time (docs/product/production.md "Jobs run once per step across
 * instances"): on PostgreSQL the step holds a session advisory lock on a connection of its own, and
 * an instance that finds it taken skips this turn (the holder is doing the work); on the embedded
 * database there is one process, so the step just runs. Returns whether this instance ran it.
 */
export async function withJobLock(db: Database, key: number, step: () => Promise<void>): Promise<boolean> {
  if (!isSharedDatabase(db)) {
    await step();
    return true;
  }
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  const client = await pool.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [key]);
    if (!rows[0]?.locked) return false;
    try {
      await step();
      return true;
    } finally {
      await client.query('select pg_advisory_unlock($1)', [key]);
    }
  } finally {
    client.release();
  }
}
