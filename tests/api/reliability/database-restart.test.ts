import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { membershipsApi } from '../../../src/contract/memberships.schema.ts';
import { serverFailures, UNAVAILABLE_RETRY_AFTER_S } from '../../../src/contract/common-failures.ts';
import { createApp } from '../../../src/server/app.ts';
import { openDatabase, type DatabaseHandle } from '../../../src/server/db/client.ts';
import { balances, idempotencyKeys, ledger } from '../../../src/server/db/schema.ts';
import { sandboxPayments } from '../../../src/server/modules/money/integrations/payments/index.ts';
import { seedCatalogue } from '../../../src/server/seed/seed.ts';
import { signIn, startServer } from '../../bench/api.ts';
import { ownPostgresAvailable, startOwnPostgres, type OwnPostgres } from '../../setup/own-postgres.ts';
import { BUILT_PASSWORD, createMember } from '../support/builders.ts';
import { send } from '../support/client.ts';
import { testConfig, withCheckedErrors } from '../support/harness.ts';

/**
 * A database restart under load (a failover, a minor-version upgrade): on a PostgreSQL of the
 * test's own, stopped and started while members keep calling. The process lives, answers a fast 503
 * with Retry-After while the database is gone, is ready again within 5 s of its return, and no
 * acknowledged write is lost or applied twice; a card charged when the credit could not be written
 * is refunded, and its Idempotency-Key is free again.
 */
if (!ownPostgresAvailable)
  console.warn('PostgreSQL binaries (initdb, pg_ctl) not found: the database-restart suite is skipped.');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!ownPostgresAvailable)('a database restart under load', () => {
  let pg: OwnPostgres;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    pg = await startOwnPostgres();
    handle = await openDatabase(pg.url);
    await seedCatalogue(handle.db);
  }, 60_000);
  afterAll(async () => {
    await handle?.close().catch(() => undefined);
    pg?.destroy();
  });

  const builder = () => ({
    app: createApp({ db: handle.db, config: testConfig() }),
    handle,
    clock: { now: new Date() },
  });
  const plan = { membership: { sku: 'BDDT00', daysLeft: 12 }, storedCard: true, creditCents: 0 } as const;

  it('the server rides it out: 503 with Retry-After while down, ready within 5 s after, every write once', async () => {
    const member = await createMember(builder(), plan);
    const server = await startServer({
      DATABASE_URL: pg.url,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'restart-')),
      API_ONLY: 'true',
      NODE_ENV: '',
    });
    try {
      const m = await signIn(server.base, member.email, BUILT_PASSWORD);
      const creditPath = `/panda/protected/users/${m.userId}/sims/${m.ssn}/credit`;
      const summaryPath = `/panda/protected/users/${m.userId}/sims/${m.ssn}/balance/summary/current`;
      const topUp = (key: string) =>
        fetch(`${server.base}${creditPath}`, {
          method: 'POST',
          headers: { ...m.headers, 'content-type': 'application/json', 'idempotency-key': key },
          body: JSON.stringify({ amount_cents: 500, payment_type: 'STORED_CARD' }),
        });
      type Seen = { key: string; status: number; code?: string; retryAfter: string | null; ms: number; down: boolean };
      const seen: Seen[] = [];
      let down = false;
      let loading = true;
      const loop = async () => {
        while (loading) {
          const key = crypto.randomUUID();
          const started = performance.now();
          const wasDown = down;
          const res = await topUp(key);
          const body = (await res.json().catch(() => ({}))) as { _payload?: { code?: string } };
          seen.push({
            key,
            status: res.status,
            ...(body._payload?.code ? { code: body._payload.code } : {}),
            retryAfter: res.headers.get('retry-after'),
            ms: performance.now() - started,
            down: wasDown && down,
          });
          await fetch(`${server.base}${summaryPath}`, { headers: m.headers }).catch(() => undefined);
        }
      };
      const loops = [loop(), loop(), loop()];
      await sleep(1_000);
      pg.stop();
      down = true;
      await sleep(3_000);
      // Down: the same process answers, at once, 503 server.unavailable with Retry-After; not ready.
      expect(server.child.exitCode).toBeNull();
      const ready = await fetch(`${server.base}/panda/ready`);
      expect(ready.status).toBe(503);
      const whileDown = seen.filter((s) => s.down);
      expect(whileDown.length).toBeGreaterThan(3);
      for (const s of whileDown) {
        expect([s.status, s.code, s.retryAfter]).toEqual([
          503,
          serverFailures.unavailable.code,
          String(UNAVAILABLE_RETRY_AFTER_S),
        ]);
        expect(s.ms).toBeLessThan(4_000);
      }
      pg.start();
      down = false;
      const back = performance.now();
      await expect
        .poll(async () => (await fetch(`${server.base}${summaryPath}`, { headers: m.headers })).status, {
          timeout: 5_000,
          interval: 100,
        })
        .toBe(200);
      expect(performance.now() - back).toBeLessThan(5_000);
      expect((await fetch(`${server.base}/panda/ready`)).status).toBe(200);
      await sleep(1_000);
      loading = false;
      await Promise.all(loops);
      expect(server.child.exitCode).toBeNull();
      // Nothing but 201 or a 503 (or, for a key whose request the database failed under, 409 until it is freed).
      expect(new Set(seen.map((s) => s.status))).toEqual(
        new Set([201, 503, ...seen.filter((s) => s.status === 409).map(() => 409)]),
      );
      expect(seen.filter((s) => s.status >= 500 && s.status !== 503)).toEqual([]);
      // Each key that was not answered 201 is tried again with its key: each ends applied, once.
      for (const s of seen.filter((x) => x.status !== 201))
        await expect.poll(async () => (await topUp(s.key)).status, { timeout: 5_000, interval: 200 }).toBe(201);
      const rows = await handle.db
        .select()
        .from(ledger)
        .where(and(eq(ledger.ssn, m.ssn), eq(ledger.kind, 'top-up')));
      expect(rows).toHaveLength(seen.length);
      expect(new Set(rows.map((r) => r.reference)).size).toBe(seen.length);
      const [balance] = await handle.db.select().from(balances).where(eq(balances.ssn, m.ssn));
      expect(balance!.creditCents).toBe(500 * seen.length);
    } finally {
      await server.stop();
    }
  }, 90_000);

  it('a card charged when the credit could not be written is refunded, and its key is free again', async () => {
    const c = builder();
    const member = await createMember(c, plan);
    const sandbox = sandboxPayments();
    const refunded: string[] = [];
    let stopAfterCharge = true;
    const payments = {
      ...sandbox,
      async chargeStoredCard(token: string, cents: number, reference: string) {
        const charge = await sandbox.chargeStoredCard(token, cents, reference);
        // The database goes away between the charge and the transaction that writes the credit.
        if (stopAfterCharge) pg.stop();
        stopAfterCharge = false;
        return charge;
      },
      async refund(paymentId: string) {
        refunded.push(paymentId);
      },
    };
    const app = withCheckedErrors(createApp({ db: handle.db, config: testConfig(), payments }));
    const key = { 'idempotency-key': crypto.randomUUID() };
    const request = {
      session: member.session,
      params: { user_id: member.userId, ssn: member.ssn },
      body: { amount_cents: 500 as const, payment_type: 'STORED_CARD' as const },
      headers: key,
    };
    const res = await send(app, membershipsApi.addCredit, request);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe(String(UNAVAILABLE_RETRY_AFTER_S));
    expect(refunded).toHaveLength(1);
    pg.start();
    // Back: the key is no longer "in progress"; the same request is applied once, and a repeat replays it.
    await expect
      .poll(async () => (await send(app, membershipsApi.addCredit, request)).status, { timeout: 5_000 })
      .toBe(201);
    const again = await send(app, membershipsApi.addCredit, request);
    expect([again.status, again.headers.get('idempotent-replayed')]).toEqual([201, 'true']);
    const rows = await handle.db
      .select()
      .from(ledger)
      .where(and(eq(ledger.ssn, member.ssn), eq(ledger.kind, 'top-up')));
    expect(rows).toHaveLength(1);
    const [held] = await handle.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, key['idempotency-key']));
    expect(held?.status).toBe(201);
  }, 60_000);
});
