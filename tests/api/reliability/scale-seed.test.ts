import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../../src/server/db/client.ts';
import { verifyPassword } from '../../../src/server/kernel/passwords.ts';
import {
  HOUSEHOLD_LINES,
  ownsHousehold,
  SCALE_PASSWORD,
  scaleEmail,
  seedScale,
} from '../../../src/server/seed/scale.ts';
import { seedCatalogue } from '../../../src/server/seed/seed.ts';
import { freshPostgresDatabase } from '../support/harness.ts';

/**
 * The scale seeder (ADR 037) on a small network: every table it fills holds what it promises, the
 * rows pass the schema's checks, a made member signs in with the published password, and one member
 * in a hundred has a membership due within the minute. PostgreSQL only (it is a PostgreSQL tool).
 */
const url = process.env['TEST_DATABASE_URL'];

describe.skipIf(!url)('the scale seeder', () => {
  let handle: DatabaseHandle;
  let client: pg.Client;
  const now = new Date('2026-11-27T10:00:00Z');
  beforeAll(async () => {
    const database = await freshPostgresDatabase(url!, 'scale_seed');
    handle = await openDatabase(database);
    await seedCatalogue(handle.db);
    client = new pg.Client({ connectionString: database });
    await client.connect();
  }, 60_000);
  afterAll(async () => {
    await client?.end();
    await handle?.close();
  });

  it('fills every table per member, consistent with the schema; added to on a second run', async () => {
    await seedScale(client, { members: 300, chunk: 120, now });
    const count = async (sql: string) => Number((await client.query<{ n: string }>(sql)).rows[0]!.n);
    expect(await count('select count(*) as n from members')).toBe(300);
    expect(await count(`select count(*) as n from sims where status = 'active' and msisdn like '085%'`)).toBe(300);
    expect(await count(`select count(*) as n from memberships where status = 'current'`)).toBe(300);
    expect(await count('select count(*) as n from ledger')).toBe(300 * 30);
    expect(await count('select count(*) as n from daily_usage')).toBe(300 * 30);
    expect(await count('select count(*) as n from alerts')).toBe(600);
    expect(await count('select count(*) as n from sessions where ended_at is not null')).toBe(300);
    // A household for one member in 50 (1, 51, 101, 151, 201 and 251), its lines the next four members' SIMs.
    const owners = Array.from({ length: 300 }, (_, i) => i + 1).filter(ownsHousehold);
    expect(owners).toHaveLength(6);
    expect(await count('select count(*) as n from households')).toBe(owners.length);
    expect(await count('select count(*) as n from household_lines')).toBe(owners.length * HOUSEHOLD_LINES);
    expect(
      await count(
        `select count(*) as n from household_lines l join sims s using (ssn) join households h on h.id = l.household_id
         where s.member_id = h.owner_id`,
      ),
    ).toBe(0);
    // One in a hundred ends within the next minute, with auto-renew: what the renewals job will find due.
    expect(
      await count(
        `select count(*) as n from memberships where ends_at <= '${now.toISOString()}'::timestamptz + interval '1 minute' and recurrence_enabled`,
      ),
    ).toBe(3);
    // The foreign keys hold though their checks were skipped while loading.
    expect(await count('select count(*) as n from ledger l left join sims s using (ssn) where s.ssn is null')).toBe(0);
    const [made] = (
      await client.query<{ password_hash: string }>(`select password_hash from members where email = $1`, [
        scaleEmail(150),
      ])
    ).rows;
    expect(await verifyPassword(SCALE_PASSWORD, made!.password_hash)).toBe(true);

    await seedScale(client, { members: 50, now });
    expect(await count('select count(*) as n from members')).toBe(350);
    expect(await count(`select count(*) as n from members where email = '${scaleEmail(350)}'`)).toBe(1);
  });
});
