import { eq, like, and } from 'drizzle-orm';
import { expect, it } from 'vitest';
import * as schema from '../../../src/server/db/schema.ts';
import {
  chargesFromFiles,
  publishedContent,
  type ChargesTable,
} from '../../../src/server/integrations/content/index.ts';
import { exportSource } from '../../../src/cms/export.ts';
import { sourceOf } from '../../../src/contract/content-sources.ts';
import { sanityStandIn } from '../../build/sanity-stand-in.ts';
import { createMember } from '../support/builders.ts';
import { forEachDatabase, harnessApp, TEST_NETWORK_EVENT_SECRET } from '../support/harness.ts';
import { networkSignature } from '../../../src/server/modules/network/integrations/network/signature.ts';
import { randomUUID } from 'node:crypto';

// docs/product/money.md "Use paid from credit": the prices come from where the content is edited
// (the content/ folder, or the CMS), never from the site's build, so an API-only instance rates
// use; until they are read and whole, /panda/ready says so and the listener answers 503.

/** One use of data as the network's hub sends it, to the app given. */
async function dataUse(app: ReturnType<typeof harnessApp>, msisdn: string, at: Date, kb: number) {
  const body = JSON.stringify({
    eventId: randomUUID(),
    eventTime: at.toISOString(),
    eventType: 'UsageCreateEvent',
    event: {
      usage: {
        id: randomUUID(),
        usageDate: at.toISOString(),
        usageType: 'data',
        status: 'received',
        usageCharacteristic: [
          { name: 'msisdn', value: `353${msisdn.slice(1)}` },
          { name: 'volumeKb', value: kb },
          { name: 'country', value: 'IE' },
        ],
      },
    },
  });
  return app.request('/panda/network/listener', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-network-signature': networkSignature(TEST_NETWORK_EVENT_SECRET, body, at.getTime()),
    },
    body,
  });
}

forEachDatabase('prices-without-build', { seed: 'catalogue', rateLimit: undefined }, (ctx) => {
  it('an instance with no build of the site reads the prices from content/ and charges use past the allowance', async () => {
    const c = ctx();
    // No content given: the integration's own adapter, as a started API-only instance makes it.
    const app = harnessApp(c, { content: undefined });
    const ready = await app.request('/panda/ready');
    expect(ready.status, await ready.clone().text()).toBe(200);
    const m = await createMember(c, { creditCents: 1000, membership: { sku: 'BDDT00', daysLeft: 20, usedGb: 30 } });
    const res = await dataUse(app, m.msisdn, c.clock.now, 10 * 1024);
    expect(res.status, await res.clone().text()).toBe(200);
    const charged = await c.handle.db
      .select()
      .from(schema.ledger)
      .where(and(eq(schema.ledger.ssn, m.ssn), like(schema.ledger.reference, 'usage:%')));
    expect(charged.map((r) => [r.description, r.creditDeltaCents, r.useKind])).toEqual([['Data', -50, 'data']]);
  });

  it('/panda/ready waits for the prices: not ready while they cannot be read or lack a rate, ready once they are', async () => {
    const c = ctx();
    let source: () => ChargesTable[] = () => {
      throw new Error('the CMS does not answer');
    };
    const app = harnessApp(c, { content: publishedContent('/no/build/here', { charges: () => source() }) });
    const notYet = await app.request('/panda/ready');
    expect([notYet.status, ((await notYet.json()) as { reason: string }).reason]).toEqual([503, 'prices not loaded']);
    const m = await createMember(c, { creditCents: 1000, membership: { sku: 'BDDT00', daysLeft: 20, usedGb: 30 } });
    expect((await dataUse(app, m.msisdn, c.clock.now, 1024)).status).toBe(503);

    // Read, but without the rate of data at home: still not ready (no use could be priced).
    const whole = chargesFromFiles('content');
    source = () => whole.map((t) => ({ ...t, zones: t.zones.filter((z) => z.key !== 'ireland') }));
    const partial = await app.request('/panda/ready');
    expect(partial.status).toBe(503);

    source = () => whole;
    const ready = await app.request('/panda/ready');
    expect(ready.status, await ready.clone().text()).toBe(200);
    expect((await dataUse(app, m.msisdn, c.clock.now, 1024)).status).toBe(200);
  });

  it('with Sanity as the content source, the prices are the CMS’s published charges: an editor’s new data price is what use costs', async () => {
    const c = ctx();
    const documents = exportSource('content', sourceOf('charges')).map((d) =>
      d.entryId === 'use-in-ireland'
        ? {
            ...d,
            zones: (d['zones'] as { key?: string; rates: Record<string, unknown> }[]).map((z) =>
              z.key === 'ireland' ? { ...z, rates: { ...z.rates, data: 0.1 } } : z,
            ),
          }
        : d,
    );
    const standIn = await sanityStandIn(documents);
    try {
      const config = {
        ...c.config,
        contentSource: { projectId: 'test', dataset: 'production', apiHost: standIn.url },
      };
      const app = harnessApp({ ...c, config }, { content: undefined });
      const ready = await app.request('/panda/ready');
      expect(ready.status, await ready.clone().text()).toBe(200);
      expect(standIn.seen.some((r) => r.type === 'chargesPage')).toBe(true);
      const m = await createMember(c, { creditCents: 1000, membership: { sku: 'BDDT00', daysLeft: 20, usedGb: 30 } });
      expect((await dataUse(app, m.msisdn, c.clock.now, 10 * 1024)).status).toBe(200);
      const [row] = await c.handle.db
        .select()
        .from(schema.ledger)
        .where(and(eq(schema.ledger.ssn, m.ssn), like(schema.ledger.reference, 'usage:%')));
      // 10 MB at the CMS's €0.10 a MB (the files say €0.05).
      expect(row?.creditDeltaCents).toBe(-100);
    } finally {
      await standIn.close();
    }
  });
});
