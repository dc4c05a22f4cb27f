import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase } from '../support/harness.ts';
import { openDatabase, type DatabaseHandle } from '../../../src/server/db/client.ts';
import { withJobLock } from '../../../src/server/db/job-lock.ts';

const url = process.env['TEST_DATABASE_URL'];

describe.skipIf(!url)('job steps once across instances (docs/product/production.md, PostgreSQL)', () => {
  let a: DatabaseHandle;
  let b: DatabaseHandle;
  beforeAll(async () => {
    const db = await freshPostgresDatabase(url!, 'job_lock');
    [a, b] = [await openDatabase(db), await openDatabase(db)];
  }, 60_000);
  afterAll(async () => Promise.all([a?.close(), b?.close()]));

  it('two instances at the same turn: one runs the step, the other skips it; then the lock is free again', async () => {
    let running = 0;
    let most = 0;
    let runs = 0;
    const step = async () => {
      running++;
      most = Math.max(most, running);
      runs++;
      await new Promise((r) => setTimeout(r, 200));
      running--;
    };
    const ran = await Promise.all([withJobLock(a.db, 1, step), withJobLock(b.db, 1, step)]);
    expect(ran.filter(Boolean)).toHaveLength(1);
    expect([runs, most]).toEqual([1, 1]);
    expect(await withJobLock(b.db, 1, step)).toBe(true);
  });

  it('a step that fails lets go of the lock', async () => {
    await expect(
      withJobLock(a.db, 2, async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await withJobLock(b.db, 2, async () => undefined)).toBe(true);
  });
});
