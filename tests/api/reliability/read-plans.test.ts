import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../../src/server/db/client.ts';
import { createApp } from '../../../src/server/app.ts';
import { sandboxPayments } from '../../../src/server/modules/money/integrations/payments/index.ts';
import { runMinuteJobs } from '../../../src/server/jobs/scheduler.ts';
import { LONG_HISTORY_EVERY, SCALE_PASSWORD, scaleEmail, seedScale } from '../../../src/server/seed/scale.ts';
import { seedCatalogue } from '../../../src/server/seed/seed.ts';
import { createStaffSession } from '../../../src/server/seed/staff.ts';
import {
  captureStatements,
  explainable,
  planOf,
  seqScans,
  tableRows,
  type Statement,
} from '../../setup/query-plans.ts';
import { freshPostgresDatabase, login, testConfig } from '../support/harness.ts';

/**
 * No member read and no turn of the minute's jobs reads a big table whole: on a network of 12,000
 * made members (ADR 037), every statement a member's GETs and a jobs turn send is explained, and a
 * sequential scan of a table over 10,000 rows fails the test with the statement. What keeps the
 * reads' cost flat as the network grows (the scale bench measures it at a million). PostgreSQL only:
 * the plans are PostgreSQL's.
 */
const url = process.env['TEST_DATABASE_URL'];
const BIG = 10_000;

describe.skipIf(!url)('query plans at scale', () => {
  let handle: DatabaseHandle;
  let client: pg.Client;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    const database = await freshPostgresDatabase(url!, 'read_plans');
    handle = await openDatabase(database);
    await seedCatalogue(handle.db);
    client = new pg.Client({ connectionString: database });
    await client.connect();
    await seedScale(client, { members: 12_000, chunk: 6_000 });
    app = createApp({ db: handle.db, config: testConfig(), payments: sandboxPayments() });
  }, 180_000);
  afterAll(async () => {
    await client?.end();
    await handle?.close();
  });

  const bigScans = async (statements: Statement[]) => {
    const rows = await tableRows(client);
    const found: string[] = [];
    for (const s of explainable(statements)) {
      const big = seqScans(await planOf(client, s)).filter((table) => (rows.get(table) ?? 0) > BIG);
      if (big.length > 0) found.push(`${big.join(', ')}: ${s.text}`);
    }
    return found;
  };

  it('every GET of the API a member makes reads through indexes', async () => {
    // A member with a long history (a thousand more ledger rows), so that paging far back is among the reads.
    const session = await login(app, scaleEmail(LONG_HISTORY_EVERY), SCALE_PASSWORD);
    const sims = (await (await app.request(`/panda/protected/users/${session.userId}/sims/owned`, session)).json()) as {
      _payload: { values: { ssn: string }[] };
    };
    const params: Record<string, string> = { user_id: String(session.userId), ssn: sims._payload.values[0]!.ssn };
    const doc = (await (await app.request('/panda/openapi.json')).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    let reads = 0;
    const statements = await captureStatements(async () => {
      for (const [template, methods] of Object.entries(doc.paths)) {
        if (!('get' in methods) || !template.includes('{user_id}')) continue;
        const path = template.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '1');
        const res = await app.request(path, { headers: session.headers });
        await res.arrayBuffer();
        reads++;
      }
      // Transactions far back: page 30 read from where page 29 ended, as the my48 pager does.
      let before: string | null | undefined;
      for (let page = 1; page <= 30; page++) {
        const query = new URLSearchParams({ page: String(page), limit: '10', ...(before ? { before } : {}) });
        const res = await app.request(`/panda/protected/users/${session.userId}/transactions?${query}`, {
          headers: session.headers,
        });
        before = ((await res.json()) as { _meta: { next: string | null } })._meta.next;
        expect(before).toBeTruthy();
      }
    });
    expect(reads).toBeGreaterThan(30);
    expect(explainable(statements).length).toBeGreaterThan(30);
    expect(await bigScans(statements)).toEqual([]);
  }, 120_000);

  it('the staff console finds a member by number, serial or e-mail through indexes, and opens the 360 in eight reads', async () => {
    const staff = await createStaffSession(handle.db, new Date(), 'agent');
    const headers = { cookie: staff.cookie, origin: 'https://www.48.ie' };
    const { rows } = await client.query<{ id: number; msisdn: string; ssn: string; email: string }>(
      `select m.id, s.msisdn, s.ssn, m.email from members m join sims s on s.member_id = m.id where m.email = $1`,
      [scaleEmail(LONG_HISTORY_EVERY)],
    );
    const m = rows[0]!;
    const finds = await captureStatements(async () => {
      for (const q of [`+353 ${m.msisdn.slice(1)}`, m.ssn, m.email.toUpperCase()]) {
        const res = await app.request(`/panda/staff/members?q=${encodeURIComponent(q)}`, { headers });
        expect(res.status).toBe(200);
        expect(
          ((await res.json()) as { _payload: { members: { member_id: number }[] } })._payload.members[0]?.member_id,
        ).toBe(m.id);
      }
    });
    expect(await bigScans(finds)).toEqual([]);
    const opened = await captureStatements(async () => {
      const res = await app.request(`/panda/staff/members/${m.id}/open`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ reason: 'T-123456' }),
      });
      expect(res.status).toBe(200);
    });
    expect(await bigScans(opened)).toEqual([]);
    // The 360's own reads (docs/product/staff.md: at most 8): not the staff session's person, nor the
    // audit entry's lock and the chain's tail it reads before writing.
    const reads = opened.filter(
      (s) =>
        /^\s*select\b/i.test(s.text) &&
        !/pg_advisory/.test(s.text) &&
        !/^\s*select "name", "email" from "staff_people"/i.test(s.text) &&
        !/^\s*select "hash" from "staff_audit"/i.test(s.text),
    );
    expect(reads.length).toBeGreaterThanOrEqual(7);
    expect(reads.length).toBeLessThanOrEqual(8);
  }, 120_000);

  it("a turn of the minute's jobs with nothing due reads through indexes", async () => {
    const turn = () =>
      runMinuteJobs({ db: handle.db, clock: () => new Date(), payments: sandboxPayments() }, pino({ level: 'silent' }));
    // The first turn renews the memberships the seeder made due and checks their cards; the next has
    // nothing to do, and must find that out without reading any big table whole (every minute, at any size).
    await turn();
    const statements = await captureStatements(turn);
    expect(explainable(statements).length).toBeGreaterThan(10);
    expect(await bigScans(statements)).toEqual([]);
  }, 120_000);
});
