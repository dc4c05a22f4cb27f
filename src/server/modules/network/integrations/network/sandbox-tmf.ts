import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import {
  NETWORK_ACTIONS,
  NETWORK_HUBS,
  NETWORK_SERVICES,
  type NetworkHub,
  type NetworkAction,
  type NetworkService,
} from '../../../../../contract/network.ts';
import type { SandboxEnv } from '../../../../integrations/integration.ts';
import { nationalNumber } from '../../msisdn.ts';
import type { SandboxNetwork } from './sandbox-network.ts';
import { tmfError, type C } from './sandbox-http.ts';

/**
 * The sandbox network's TM Forum APIs: OAuth's token endpoint (client credentials), TMF641 service
 * orders and their hubs, TMF638's inventory and TMF654's prepaid buckets under /sandbox/network/tmf-api.
 * Every TMF call needs a token it gave.
 */
export function tmfSandboxRoutes(network: SandboxNetwork, client: { clientId: string; clientSecret: string }) {
  const tokens = new Set<string>();
  const app = new Hono<SandboxEnv>();

  app.post('/sandbox/network/oauth/token', async (c) => {
    const basic = c.req.header('authorization')?.replace(/^Basic /, '') ?? '';
    const [id, secret] = Buffer.from(basic, 'base64').toString().split(':').map(decodeURIComponent);
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    if (id !== client.clientId || secret !== client.clientSecret) return c.json({ error: 'invalid_client' }, 401);
    if (form['grant_type'] !== 'client_credentials') return c.json({ error: 'unsupported_grant_type' }, 400);
    const token = randomBytes(24).toString('base64url');
    tokens.add(token);
    return c.json({ access_token: token, token_type: 'Bearer', expires_in: 3600 });
  });
  const authorised = (c: C) => tokens.has(c.req.header('authorization')?.replace(/^Bearer /, '') ?? '');
  app.use('/sandbox/network/tmf-api/*', async (c, next) => {
    if (!authorised(c)) return tmfError(c, 401, 'A valid access token is required.');
    return next();
  });

  app.post('/sandbox/network/tmf-api/serviceOrdering/v4/serviceOrder', async (c) => {
    if (network.down) return tmfError(c, 503, 'The network is down (the sandbox switch).');
    const body = (await c.req.json().catch(() => undefined)) as
      | {
          externalId?: unknown;
          serviceOrderItem?: {
            action?: unknown;
            service?: {
              id?: unknown;
              serviceSpecification?: { id?: unknown };
              serviceCharacteristic?: { name?: unknown; value?: unknown }[];
            };
          }[];
        }
      | undefined;
    const item = body?.serviceOrderItem?.[0];
    const service = item?.service?.serviceSpecification?.id;
    const action = item?.action;
    if (
      typeof body?.externalId !== 'string' ||
      !NETWORK_SERVICES.includes(service as NetworkService) ||
      !NETWORK_ACTIONS.includes(action as NetworkAction)
    )
      return tmfError(
        c,
        400,
        'An order needs externalId and one serviceOrderItem with an action and a known serviceSpecification.',
      );
    const characteristics: Record<string, string | boolean> = {};
    for (const ch of item!.service!.serviceCharacteristic ?? [])
      if (typeof ch.name === 'string' && (typeof ch.value === 'string' || typeof ch.value === 'boolean'))
        characteristics[ch.name] = ch.value;
    const msisdn = typeof characteristics['msisdn'] === 'string' ? characteristics['msisdn'] : null;
    delete characteristics['msisdn'];
    // A modify or delete acts on the service the network knows by its id (TMF638), not on a number.
    const serviceId = item!.service!.id;
    if (action !== 'add' && serviceId !== undefined) {
      const line = msisdn ? await network.lineOf(msisdn) : undefined;
      if (!line || line.id !== serviceId)
        return tmfError(c, 400, `No service ${String(serviceId).slice(0, 80)} carries ${msisdn ?? 'that number'}.`);
    }
    const { created, order } = network.accept({
      externalId: body.externalId,
      service: service as NetworkService,
      action: action as NetworkAction,
      msisdn,
      characteristics,
    });
    return c.json(order, created ? 201 : 200);
  });
  // TMF630 filtering by attribute: the orders under an externalId (the portal asks before it sends again).
  app.get('/sandbox/network/tmf-api/serviceOrdering/v4/serviceOrder', (c) => {
    if (network.down) return tmfError(c, 503, 'The network is down (the sandbox switch).');
    const externalId = c.req.query('externalId');
    const found = externalId
      ? network.withExternalId(externalId)
      : network
          .orders()
          .slice(0, 100)
          .map((o) => network.order(o.id)!);
    c.header('X-Total-Count', String(found.length));
    c.header('X-Result-Count', String(found.length));
    return c.json(found);
  });
  // The hubs: the portal's callback, registered (201), asked for, removed (204).
  for (const [hub, path] of Object.entries(NETWORK_HUBS) as [NetworkHub, string][]) {
    app.post(`/sandbox/network/tmf-api/${path}`, async (c) => {
      if (network.down) return tmfError(c, 503, 'The network is down (the sandbox switch).');
      const body = (await c.req.json().catch(() => undefined)) as { callback?: unknown } | undefined;
      const callback = typeof body?.callback === 'string' ? body.callback : '';
      if (!/^https?:\/\/[^\s]+$/.test(callback)) return tmfError(c, 400, 'A subscription needs a callback URL.');
      return c.json(network.subscribe(hub, callback), 201);
    });
    app.get(`/sandbox/network/tmf-api/${path}/:id`, (c) => {
      const held = network.subscription(hub, c.req.param('id'));
      return held ? c.json(held) : tmfError(c, 404, 'No such subscription.');
    });
    app.delete(`/sandbox/network/tmf-api/${path}/:id`, (c) => {
      return network.unsubscribe(hub, c.req.param('id'))
        ? c.body(null, 204)
        : tmfError(c, 404, 'No such subscription.');
    });
  }
  app.get('/sandbox/network/tmf-api/serviceOrdering/v4/serviceOrder/:id', (c) => {
    const order = network.order(c.req.param('id'));
    return order ? c.json(order) : tmfError(c, 404, 'No such order.');
  });
  app.get('/sandbox/network/tmf-api/serviceInventory/v4/service', async (c) => {
    if (network.down) return tmfError(c, 503, 'The network is down (the sandbox switch).');
    const offset = Math.max(0, Number(c.req.query('offset') ?? 0) || 0);
    const limit = Math.min(1000, Math.max(1, Number(c.req.query('limit') ?? 100) || 100));
    // TMF630 filtering by a characteristic's value: a line by its number.
    const value = c.req.query('serviceCharacteristic.value');
    const national = value ? nationalNumber(value) : undefined;
    const all = national ? undefined : await network.inventory({ fresh: offset === 0 });
    const lines = all
      ? all.slice(offset, offset + limit)
      : [await network.lineOf(national!)].filter((l) => l !== undefined);
    // TMF630's paging headers: what the whole list holds, and what this page does.
    if (all) c.header('X-Total-Count', String(all.length));
    c.header('X-Result-Count', String(lines.length));
    return c.json(
      lines.map((l) => ({
        id: l.id,
        href: `/sandbox/network/tmf-api/serviceInventory/v4/service/${l.id}`,
        state: l.state === 'suspended' ? 'inactive' : 'active',
        serviceSpecification: { id: 'mobileLine', name: 'mobileLine' },
        serviceCharacteristic: [
          { name: 'msisdn', value: l.msisdn },
          { name: 'state', value: l.state },
        ],
      })),
    );
  });

  // TMF654 Prepay Balance Management, read only: the balances the sandbox's charging system keeps.
  app.get('/sandbox/network/tmf-api/prepayBalanceManagement/v4/bucket', async (c) => {
    if (network.down) return tmfError(c, 503, 'The network is down (the sandbox switch).');
    const balances = await network.balances();
    if (!balances) return tmfError(c, 404, 'This network keeps no prepaid balances.');
    const offset = Math.max(0, Number(c.req.query('offset') ?? 0) || 0);
    const limit = Math.min(1000, Math.max(1, Number(c.req.query('limit') ?? 100) || 100));
    const page = balances.slice(offset, offset + limit);
    c.header('X-Total-Count', String(balances.length));
    c.header('X-Result-Count', String(page.length));
    return c.json(
      page.map((b) => ({
        id: `balance-${b.msisdn}`,
        name: 'Prepaid credit',
        usageType: 'monetary',
        status: 'active',
        isShared: false,
        remainingValue: { amount: b.cents / 100, units: 'EUR' },
        logicalResource: [{ id: b.msisdn, name: 'msisdn', '@referredType': 'MSISDN' }],
        '@type': 'Bucket',
      })),
    );
  });
  return app;
}
