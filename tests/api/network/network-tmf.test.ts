import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import {
  networkSandboxRoutes,
  SANDBOX_NETWORK_CLIENT,
  sandboxNetworkAdapter,
} from '../../../src/server/modules/network/index.ts';
import {
  serviceOrderOf,
  tmfNetwork,
  type NetworkOrderOut,
} from '../../../src/server/modules/network/integrations/network/adapter.ts';
import type { SandboxEnv } from '../../../src/server/integrations/integration.ts';

// The adapter's requests and the sandbox network's answers and events, held to TM Forum's own
// OpenAPI documents (tests/fixtures/tmf/SOURCE.md): what a real MVNE's API accepts and sends.

const doc = (file: string) => JSON.parse(readFileSync(join(import.meta.dirname, '../../fixtures/tmf', file), 'utf8'));
const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(doc('TMF641-service-ordering-v4.1.json'), 'tmf641');
ajv.addSchema(doc('TMF635-usage-management-v4.json'), 'tmf635');
ajv.addSchema(doc('TMF638-service-inventory-v4.json'), 'tmf638');
// The official documents as TM Forum publishes them (tmforum-apis, SOURCE.md), each also as a strict
// copy in which no object may carry a field its definition does not list.
const strictCopy = (document: { definitions: Record<string, { type?: string; properties?: object }> }) => {
  const copy = structuredClone(document);
  for (const definition of Object.values(copy.definitions))
    if (definition.properties) Object.assign(definition, { additionalProperties: false });
  return copy;
};
for (const [name, file] of [
  ['tmf641v40', 'TMF641-service-ordering-v4.0.0-official.json'],
  ['tmf641v41', 'TMF641-service-ordering-v4.1.0-official.json'],
  ['tmf635v40', 'TMF635-usage-management-v4.0.0-official.json'],
  ['tmf638v40', 'TMF638-service-inventory-v4.0.0-official.json'],
  ['tmf688v40', 'TMF688-event-v4.0.0-official.json'],
] as const) {
  ajv.addSchema(doc(file), name);
  ajv.addSchema(strictCopy(doc(file)), `${name}-strict`);
}
const schema = (ref: string): ValidateFunction => ajv.getSchema(ref)!;
/** Valid against a definition in each document named, as published and in its strict copy. */
const conformsToAll = (docs: string[], definition: string, value: unknown) => {
  for (const name of docs) {
    conforms(`${name}#/definitions/${definition}`, value);
    conforms(`${name}-strict#/definitions/${definition}`, value);
  }
};

function conforms(ref: string, value: unknown) {
  const validate = schema(ref);
  const valid = validate(value);
  expect(valid, `${ref}: ${JSON.stringify(validate.errors, null, 1)}`).toBe(true);
}

const ORDERS: NetworkOrderOut[] = [
  {
    externalId: 'a',
    service: 'mobileLine',
    action: 'add',
    msisdn: '0871234567',
    characteristics: { iccid: '8935301000000000001', simType: 'esim' },
  },
  {
    externalId: 'b',
    service: 'mobileLine',
    action: 'modify',
    msisdn: '0871234567',
    characteristics: { state: 'suspended' },
  },
  {
    externalId: 'c',
    service: 'mobileLine',
    action: 'modify',
    msisdn: '0871234567',
    characteristics: { iccid: '8935301000000000002', simType: 'physical' },
  },
  // A household's controls: a pause of all service, a pause of data, the adult content filter, the two bars.
  {
    externalId: 'g',
    service: 'mobileLine',
    action: 'modify',
    msisdn: '0871234567',
    characteristics: { state: 'suspended', reason: 'paused' },
  },
  {
    externalId: 'h',
    service: 'dataAccess',
    action: 'modify',
    msisdn: '0871234567',
    characteristics: { barred: true, reason: 'paused' },
  },
  {
    externalId: 'i',
    service: 'contentFilter',
    action: 'modify',
    msisdn: '0871234567',
    characteristics: { adultContent: 'on' },
  },
  {
    externalId: 'j',
    service: 'callBarring',
    action: 'modify',
    msisdn: '0871234567',
    characteristics: { premiumRate: 'barred' },
  },
  {
    externalId: 'k',
    service: 'callBarring',
    action: 'modify',
    msisdn: '0871234567',
    characteristics: { thirdPartyBilling: 'allowed' },
  },
  { externalId: 'd', service: 'mobileLine', action: 'delete', msisdn: '0871234567', characteristics: {} },
  {
    externalId: 'e',
    service: 'portIn',
    action: 'add',
    msisdn: '0861234567',
    characteristics: { donorOperator: 'Vodafone', accountType: 'prepay', portDate: '2026-11-01' },
  },
  {
    externalId: 'f',
    service: 'dataAccess',
    action: 'modify',
    msisdn: '0871234567',
    characteristics: { barred: true, reason: 'roamingCap' },
  },
];

/** An access token of the sandbox network's OAuth client, for calling its TMF APIs by hand. */
const accessToken = async (app: Hono<SandboxEnv>): Promise<{ access_token: string }> =>
  (
    await app.request('/sandbox/network/oauth/token', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${SANDBOX_NETWORK_CLIENT.clientId}:${SANDBOX_NETWORK_CLIENT.clientSecret}`).toString('base64')}`,
      },
      body: 'grant_type=client_credentials',
    })
  ).json();

/** The sandbox network on an app of its own, with every event it sends kept. */
function sandbox() {
  const sent: unknown[] = [];
  const adapter = sandboxNetworkAdapter({ secret: 's'.repeat(40), delayMs: null });
  const app = new Hono<SandboxEnv>();
  app.use(async (c, next) => {
    c.set('clock', () => new Date());
    await next();
  });
  app.route('/', networkSandboxRoutes(adapter));
  app.post('/panda/network/listener', async (c) => {
    sent.push(await c.req.json());
    return c.json({ _payload: { outcome: 'applied' } });
  });
  app.post('/panda/network/listener/:name', async (c) => {
    sent.push(await c.req.json());
    return c.json({ _payload: { outcome: 'applied' } }, 201);
  });
  const answers: unknown[] = [];
  adapter.attach(async (request) => {
    const res = await app.fetch(request);
    if (new URL(request.url).pathname.includes('/tmf-api/')) answers.push(await res.clone().json());
    return res;
  });
  return { adapter, app, sent, answers };
}

describe('TM Forum conformance', () => {
  it('against the official documents and their strict copies: every order body (v4.0 and v4.1), every answer and event of the sandbox network, the hubs and the inventory', async () => {
    const { adapter, app, sent, answers } = sandbox();
    const withService = ORDERS.map((o) => ({ ...o, serviceId: o.action === 'add' ? null : 'mobileLine-1' }));
    for (const order of withService)
      conformsToAll(['tmf641v40', 'tmf641v41'], 'ServiceOrder_Create', serviceOrderOf(order));
    for (const order of ORDERS) expect((await adapter.send(order)).ok).toBe(true);
    await adapter.sandbox.settle();
    // A rejected order (a number ending 999) says why both ways.
    expect((await adapter.send({ ...ORDERS[1]!, externalId: 'r', msisdn: '0871234999' })).ok).toBe(true);
    await adapter.sandbox.settle();
    for (const answer of answers) conformsToAll(['tmf641v41'], 'ServiceOrder', answer);
    for (const answer of answers) conforms('tmf641v40#/definitions/ServiceOrder', answer);
    expect(sent.length).toBeGreaterThan(ORDERS.length * 2);
    for (const event of sent) {
      conformsToAll(['tmf641v41'], 'ServiceOrderStateChangeEvent', event);
      conforms('tmf641v40#/definitions/ServiceOrderStateChangeEvent', event);
      conforms('tmf688v40#/definitions/Event', event);
    }
    // Asked for by externalId: a list of ServiceOrders.
    expect(await adapter.find('a')).toMatchObject({ networkId: expect.any(String) });
    expect(await adapter.find('nobody')).toEqual({ none: true });
    // The hubs: a subscription in, an EventSubscription out.
    const registered = await adapter.subscribe('serviceOrdering', 'https://www.48.ie/panda/network');
    expect(registered).toMatchObject({ id: expect.any(String) });
    conformsToAll(['tmf641v40', 'tmf641v41'], 'EventSubscriptionInput', {
      callback: 'https://www.48.ie/panda/network',
    });
    conformsToAll(
      ['tmf641v41'],
      'EventSubscription',
      adapter.sandbox.subscription('serviceOrdering', (registered as { id: string }).id),
    );
    expect(await adapter.holds('serviceOrdering', (registered as { id: string }).id)).toBe(true);
    expect(await adapter.holds('serviceOrdering', 'hub-gone')).toBe(false);
    // Usage and a line that left: TMF635's and TMF638's events.
    sent.length = 0;
    await app.request('/sandbox/usage', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        // The ported-in line: in service, nothing barred (the network carries no use of a barred or deleted line).
        msisdn: '0861234567',
        data_mb: 5,
        minutes: 2,
        texts: 1,
        country: 'US',
        destination: '+14155550100',
        rated_eur: 1.5,
      }),
    });
    expect(sent).toHaveLength(3);
    for (const event of sent) conformsToAll(['tmf635v40'], 'UsageCreateEvent', event);
    sent.length = 0;
    // The port-in made a line of 0861234567; the delete took 0871234567's away.
    expect(await adapter.serviceOf('0871234567')).toEqual({ none: true });
    const service = await adapter.serviceOf('353861234567');
    expect(service).toMatchObject({ serviceId: expect.stringMatching(/^mobileLine-/) });
    // The inventory's answers (TMF638 Services) as the reconciliation and the service id read them.
    const token = await accessToken(app);
    for (const query of ['?serviceSpecification.id=mobileLine', '?serviceCharacteristic.value=0861234567']) {
      const services = await (
        await app.request(`/sandbox/network/tmf-api/serviceInventory/v4/service${query}`, {
          headers: { authorization: `Bearer ${token.access_token}` },
        })
      ).json();
      expect(services.length).toBeGreaterThan(0);
      for (const s of services) conformsToAll(['tmf638v40'], 'Service', s);
    }
    await adapter.sandbox.portOut('0861234567');
    expect(sent).toHaveLength(1);
    conformsToAll(['tmf638v40'], 'ServiceStateChangeEvent', sent[0]);
    expect(await adapter.serviceOf('0861234567')).toEqual({ none: true });
  });

  it('every order the adapter sends is a TMF641 ServiceOrder_Create', () => {
    for (const order of ORDERS) conforms('tmf641#/definitions/ServiceOrder_Create', serviceOrderOf(order));
  });

  it('the sandbox network answers TMF641 ServiceOrders and sends TMF641 ServiceOrderStateChangeEvents', async () => {
    const { adapter, sent, answers } = sandbox();
    for (const order of ORDERS) expect((await adapter.send(order)).ok).toBe(true);
    expect(answers).toHaveLength(ORDERS.length);
    for (const answer of answers) conforms('tmf641#/definitions/ServiceOrder', answer);
    await adapter.sandbox.settle();
    expect(sent.length).toBeGreaterThanOrEqual(ORDERS.length * 2);
    for (const event of sent) {
      conforms('tmf641#/definitions/ServiceOrderStateChangeEvent', event);
      expect(event).toMatchObject({
        eventType: 'ServiceOrderStateChangeEvent',
        event: { serviceOrder: { externalId: expect.any(String) } },
      });
    }
    // The eSIM's activation code comes back on the completed order.
    const esim = sent.find(
      (e) =>
        (e as { event: { serviceOrder: { externalId: string; state: string } } }).event.serviceOrder.externalId ===
          'a' && (e as { event: { serviceOrder: { state: string } } }).event.serviceOrder.state === 'completed',
    );
    expect(JSON.stringify(esim)).toMatch(/"name":"activationCode","value":"LPA:1\$/);
  });

  it('the sandbox network sends TMF635 UsageCreateEvents with a TMF635 Usage, and answers TMF638 Services', async () => {
    const { adapter, app, sent } = sandbox();
    const res = await app.request('/sandbox/usage', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ msisdn: '0871234567', data_mb: 5, minutes: 2, texts: 1, country: 'FR' }),
    });
    expect(res.status).toBe(200);
    expect(sent).toHaveLength(3);
    for (const event of sent) {
      conforms('tmf635#/definitions/UsageCreateEvent', event);
      conforms('tmf635#/definitions/Usage', (event as { event: { usage: unknown } }).event.usage);
    }
    await adapter.send(ORDERS[0]!);
    await adapter.sandbox.settle();
    const token = await accessToken(app);
    const services = await (
      await app.request('/sandbox/network/tmf-api/serviceInventory/v4/service', {
        headers: { authorization: `Bearer ${token.access_token}` },
      })
    ).json();
    expect(services).toHaveLength(1);
    for (const service of services) conforms('tmf638#/definitions/Service', service);
    expect(await adapter.inventory()).toEqual([{ msisdn: '0871234567', state: 'active' }]);
  });

  it('TMF654 balances and TMF638 lines read as the network pages them: by its own page size, to its X-Total-Count; active buckets summed by number', async () => {
    /** A network that answers at most 100 a page, whatever the limit asked, with or without TMF's count headers. */
    const standIn = (headers: boolean) => {
      const app = new Hono();
      const asked: string[] = [];
      app.post('/token', (c) => c.json({ access_token: 'token', expires_in: 600 }));
      const page = <T>(c: { req: { query: (k: string) => string | undefined } }, all: T[]) => {
        const offset = Number(c.req.query('offset') ?? 0);
        return all.slice(offset, offset + Math.min(100, Number(c.req.query('limit') ?? 100)));
      };
      const numbers = Array.from({ length: 250 }, (_, i) => `08710${String(i).padStart(5, '0')}`);
      // Each number: an active €5 bucket; the first ten also an expired €0 one after it, and ten more
      // written +353 or referred to by @type only.
      const buckets = numbers.flatMap((n, i) => [
        {
          usageType: 'monetary',
          status: 'active',
          remainingValue: { amount: 5, units: 'EUR' },
          logicalResource:
            i >= 10 && i < 20
              ? [{ value: `+353${n.slice(1)}`, '@type': 'MSISDN' }]
              : [{ id: `353${n.slice(1)}`, name: 'msisdn' }],
        },
        ...(i < 10
          ? [
              {
                usageType: 'monetary',
                status: 'expired',
                remainingValue: { amount: 0, units: 'EUR' },
                logicalResource: [{ id: `353${n.slice(1)}`, name: 'msisdn' }],
              },
            ]
          : []),
      ]);
      app.get('/prepayBalanceManagement/v4/bucket', (c) => {
        asked.push(c.req.url);
        const items = page(c, buckets);
        if (headers) c.header('X-Total-Count', String(buckets.length));
        return c.json(items);
      });
      const services = numbers.map((n) => ({
        id: `svc-${n}`,
        state: 'active',
        serviceCharacteristic: [{ name: 'msisdn', value: `+353${n.slice(1)}` }],
      }));
      app.get('/serviceInventory/v4/service', (c) => {
        asked.push(c.req.url);
        const items = page(c, services);
        if (headers) c.header('X-Total-Count', String(services.length));
        return c.json(items);
      });
      const adapter = tmfNetwork({
        apiUrl: 'https://network.test',
        tokenUrl: 'https://network.test/token',
        clientId: 'portal',
        clientSecret: 'secret',
        fetch: (request) => Promise.resolve(app.fetch(request)),
      });
      return { adapter, asked, numbers };
    };
    for (const headers of [true, false]) {
      const { adapter, asked, numbers } = standIn(headers);
      const balances = await adapter.balances();
      expect(balances).toHaveLength(250);
      expect(new Set(balances!.map((b) => b.msisdn))).toEqual(new Set(numbers));
      expect(balances!.every((b) => b.cents === 500)).toBe(true);
      const lines = await adapter.inventory();
      expect(lines).toHaveLength(250);
      expect(lines[0]).toEqual({ msisdn: numbers[0], state: 'active' });
      // With the count, no page is asked past the end; without it, one empty page ends each list.
      const bucketPages = asked.filter((u) => u.includes('/bucket')).length;
      expect(bucketPages).toBe(headers ? 3 : 4);
      expect(asked.filter((u) => u.includes('/service')).length).toBe(headers ? 3 : 4);
    }
    // A network that ignores the offset (the same page at every one) is an error, not a list read forever.
    const deaf = new Hono();
    deaf.post('/token', (c) => c.json({ access_token: 'token', expires_in: 600 }));
    deaf.get('/prepayBalanceManagement/v4/bucket', (c) =>
      c.json([
        {
          usageType: 'monetary',
          status: 'active',
          remainingValue: { amount: 5, units: 'EUR' },
          logicalResource: [{ id: '353871000001', name: 'msisdn' }],
        },
      ]),
    );
    const stuck = tmfNetwork({
      apiUrl: 'https://network.test',
      tokenUrl: 'https://network.test/token',
      clientId: 'portal',
      clientSecret: 'secret',
      fetch: (request) => Promise.resolve(deaf.fetch(request)),
    });
    await expect(stuck.balances()).rejects.toThrow("the network's balances answered the same page again at offset 1");
  });

  it('the sandbox network refuses a call without a token (401) and every order while it is down (503)', async () => {
    const { adapter, app } = sandbox();
    const bare = await app.request('/sandbox/network/tmf-api/serviceOrdering/v4/serviceOrder', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(serviceOrderOf(ORDERS[0]!)),
    });
    expect(bare.status).toBe(401);
    adapter.sandbox.setDown(true);
    expect(await adapter.send(ORDERS[0]!)).toMatchObject({
      ok: false,
      retry: true,
      error: expect.stringMatching(/^503/),
    });
  });

  it('the sandbox network holds a port-in from a number ending 998 for its donor until it is finished by hand', async () => {
    const { adapter, sent } = sandbox();
    const portIn = ORDERS.find((o) => o.service === 'portIn')!;
    const held = { ...portIn, externalId: 'held', msisdn: '0861234998' };
    expect((await adapter.send(held)).ok).toBe(true);
    expect((await adapter.send({ ...portIn, externalId: 'moves' })).ok).toBe(true);
    await adapter.sandbox.settle();
    const stateOf = (externalId: string) => adapter.sandbox.orders().find((o) => o.externalId === externalId)?.state;
    expect(stateOf('held')).toBe('acknowledged');
    expect(stateOf('moves')).toBe('completed');
    expect(
      await adapter.sandbox.step(adapter.sandbox.orders().find((o) => o.externalId === 'held')!.id),
    ).toBeUndefined();
    const id = adapter.sandbox.orders().find((o) => o.externalId === 'held')!.id;
    expect(await adapter.sandbox.finish(id, 'completed')).toBe(true);
    expect(stateOf('held')).toBe('completed');
    expect(JSON.stringify(sent)).toContain('"externalId":"held"');
  });
});
