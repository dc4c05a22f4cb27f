import { eq } from 'drizzle-orm';
import pino from 'pino';
import { expect, it } from 'vitest';
import { backoffMs, runPurges, WAIT_FOR_INSTANCES_S } from '../../../src/server/cdn-purges.ts';
import { cdnPurges, siteInstances } from '../../../src/server/db/schema.ts';
import { PurgeFailed, sandboxCdn, type CdnAdapter } from '../../../src/server/integrations/cdn/index.ts';
import { forEachDatabase, type TestContext } from '../support/harness.ts';

/**
 * The CDN purge of a release (ADR 036): queued with the release, sent once every running instance
 * serves the new build, once across instances, retried with backoff while the CDN refuses it, and
 * reported on /panda/ready until it goes through.
 */
const log = pino({ level: 'silent' });
const KEYS = ['page-0123456789abcdef', 'missing'];

async function queue(ctx: TestContext, build = 'build-2') {
  await ctx.handle.db.insert(cdnPurges).values({ build, keys: KEYS, createdAt: ctx.clock.now, nextAt: ctx.clock.now });
}
const instance = (ctx: TestContext, id: string, build: string, seenAt = ctx.clock.now) =>
  ctx.handle.db
    .insert(siteInstances)
    .values({ id, build, seenAt })
    .onConflictDoUpdate({ target: siteInstances.id, set: { build, seenAt } });
const ready = async (ctx: TestContext) =>
  ((await (await ctx.app.request('/panda/ready')).json()) as { cdn: unknown }).cdn;
const serviceOf = (ctx: TestContext) => ({ db: ctx.handle.db, clock: () => ctx.clock.now });

forEachDatabase('cdn-purges', { seed: 'catalogue', rateLimit: undefined }, (ctx) => {
  it('waits until every running instance serves the release, then purges its keys once; ready says so', async () => {
    const c = ctx();
    const cdn = sandboxCdn(() => c.clock.now);
    await queue(c);
    await instance(c, 'a', 'build-2');
    await instance(c, 'b', 'build-1'); // not swapped yet: the CDN would fetch the old page from it
    await instance(c, 'gone', 'build-0', new Date(c.clock.now.getTime() - 60_000)); // stopped long ago
    expect(await ready(c)).toEqual({ purges: 'waiting', pending: 1 });
    expect(await runPurges(serviceOf(c), cdn, log)).toBe('idle');
    expect(cdn.recorded).toEqual([]);

    await instance(c, 'b', 'build-2');
    expect(await runPurges(serviceOf(c), cdn, log)).toBe('purged');
    expect(cdn.recorded.map((p) => p.keys)).toEqual([KEYS]);
    expect(await runPurges(serviceOf(c), cdn, log)).toBe('idle'); // once
    const [row] = await c.handle.db.select().from(cdnPurges);
    expect(row).toMatchObject({ attempts: 1, doneAt: c.clock.now, lastError: null });
    expect(await ready(c)).toEqual({ purges: 'ok', pending: 0 });
  });

  it(`an instance that never swaps holds the purge ${WAIT_FOR_INSTANCES_S} s at most`, async () => {
    const c = ctx();
    const cdn = sandboxCdn(() => c.clock.now);
    await queue(c);
    await instance(c, 'stuck', 'build-1');
    expect(await runPurges(serviceOf(c), cdn, log)).toBe('idle');
    c.clock.advance(WAIT_FOR_INSTANCES_S * 1000);
    await instance(c, 'stuck', 'build-1');
    expect(await runPurges(serviceOf(c), cdn, log)).toBe('purged');
  });

  it('a CDN that refuses: the error kept and shown on /panda/ready, tried again after the backoff or its Retry-After', async () => {
    const c = ctx();
    let refuse: Error | undefined = new Error('Fastly answered 503: service unavailable');
    const calls: string[][] = [];
    const cdn: CdnAdapter = {
      name: 'fastly',
      async purge({ keys }) {
        calls.push(keys);
        if (refuse) throw refuse;
      },
    };
    await queue(c);
    expect(await runPurges(serviceOf(c), cdn, log)).toBe('failed');
    expect(await ready(c)).toEqual({
      purges: 'retrying',
      pending: 1,
      last_error: 'Fastly answered 503: service unavailable',
    });
    expect((await c.app.request('/panda/ready')).status).toBe(200); // the instance still serves
    expect(await runPurges(serviceOf(c), cdn, log)).toBe('idle'); // not before the backoff
    c.clock.advance(backoffMs(1));
    refuse = new PurgeFailed('Cloudflare is rate-limiting purges', 120_000);
    expect(await runPurges(serviceOf(c), cdn, log)).toBe('failed');
    c.clock.advance(backoffMs(2)); // shorter than the CDN asked for
    expect(await runPurges(serviceOf(c), cdn, log)).toBe('idle');
    c.clock.advance(120_000);
    refuse = undefined;
    expect(await runPurges(serviceOf(c), cdn, log)).toBe('purged');
    expect(calls).toHaveLength(3);
    expect(await ready(c)).toEqual({ purges: 'ok', pending: 0 });
    const [row] = await c.handle.db.select().from(cdnPurges).where(eq(cdnPurges.build, 'build-2'));
    expect(row?.attempts).toBe(3);
  });

  it('instances taking their turn at once send each purge once', async () => {
    const c = ctx();
    let calls = 0;
    const cdn: CdnAdapter = {
      name: 'varnish',
      async purge() {
        calls++;
        await new Promise((r) => setTimeout(r, 50));
      },
    };
    await queue(c, 'build-2');
    await queue(c, 'build-3');
    const turns = await Promise.all(Array.from({ length: 10 }, () => runPurges(serviceOf(c), cdn, log)));
    expect(turns.filter((t) => t === 'purged')).toHaveLength(2);
    expect(calls).toBe(2);
  });
});
