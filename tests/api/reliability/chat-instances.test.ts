import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatApi } from '../../../src/contract/chat.schema.ts';
import { createApp } from '../../../src/server/app.ts';
import { openDatabase, type DatabaseHandle } from '../../../src/server/db/client.ts';
import { seedCatalogue } from '../../../src/server/seed/seed.ts';
import { consoleStep, openEvents, startChat } from '../support/chat.ts';
import { ok } from '../support/client.ts';
import { freshPostgresDatabase, SEED_TIME, testConfig } from '../support/harness.ts';

/**
 * Live chat across instances (docs/product/customer-care.md, "Live chat"): two apps, each with its
 * own pool and its own LISTEN connection on one PostgreSQL database, as two server instances have.
 * A browser's stream held by one hears what is written through the other. PostgreSQL only.
 */
const url = process.env['TEST_DATABASE_URL'];

describe.skipIf(!url)('live chat on two instances of one PostgreSQL database', () => {
  let a: DatabaseHandle;
  let b: DatabaseHandle;
  const clock = () => SEED_TIME;
  const apps = () => [a, b].map((h) => createApp({ db: h.db, config: testConfig(), clock }));
  beforeAll(async () => {
    const database = await freshPostgresDatabase(url!, 'chat_instances');
    a = await openDatabase(database);
    b = await openDatabase(database);
    await seedCatalogue(a.db);
  }, 60_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('a browser on instance A and the agent on instance B talk as if on one', async () => {
    const [onA, onB] = apps();
    const chat = await startChat(onA!);
    const stream = await openEvents(onA!, chat);
    await stream.until(() => stream.states().at(-1)?.state === 'waiting');
    // The agent's console and the person's next line both go through B.
    await consoleStep(onB!, chat.id, 'take');
    await consoleStep(onB!, chat.id, 'answer', 'Hello from the other instance');
    await ok(onB!, chatApi.send, { params: { chat_id: chat.id }, headers: chat.headers, body: { body: 'Got it' } });
    await stream.until(() => stream.lines().length === 3);
    expect(stream.lines().map((l) => l.body)).toEqual([
      'Aoife joined the chat',
      'Hello from the other instance',
      'Got it',
    ]);
    await stream.close();
  });

  it('a queue that moves on B moves the place shown on A', async () => {
    const [onA, onB] = apps();
    const first = await startChat(onB!);
    const second = await startChat(onA!);
    const stream = await openEvents(onA!, second);
    await stream.until(() => stream.states().at(-1)?.place === 2);
    await consoleStep(onB!, first.id, 'take');
    await stream.until(() => stream.states().at(-1)?.place === 1);
    await stream.close();
  });

  it('a listening connection the database drops is opened again, and nothing written meanwhile is lost', async () => {
    const [onA, onB] = apps();
    const chat = await startChat(onA!);
    const stream = await openEvents(onA!, chat);
    await stream.until(() => stream.states().length > 0);
    // The database ends A's listening connection (a failover, an operator): A opens a new one.
    const ended = await b.db.execute(
      sql`select pg_terminate_backend(pid) as ended from pg_stat_activity where query ilike 'listen%' and datname = current_database() and pid <> pg_backend_pid()`,
    );
    expect((ended as unknown as { rows: unknown[] }).rows.length).toBeGreaterThan(0);
    await consoleStep(onB!, chat.id, 'answer', 'Still here');
    await stream.until(() => stream.lines().some((l) => l.body === 'Still here'), 10_000);
    await stream.close();
  });
});
