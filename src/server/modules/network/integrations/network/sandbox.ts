import { randomBytes, randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import {
  NETWORK_ACTIONS,
  NETWORK_HUBS,
  NETWORK_SERVICES,
  type NetworkHub,
  type NetworkAction,
  type NetworkService,
} from '../../../../../contract/network.ts';
import { sandboxPage } from '../../../../http/sandbox-page.ts';
import type { SandboxEnv } from '../../../../integrations/integration.ts';
import { nationalNumber } from '../../msisdn.ts';
import type { SandboxNetworkAdapter } from './sandbox-adapter.ts';
import { SANDBOX_NETWORK_CLIENT } from './sandbox-network.ts';

type C = Context<SandboxEnv>;
const isJson = (c: C) => (c.req.header('content-type') ?? '').includes('json');
const wantsJson = (c: C) => (c.req.header('accept') ?? '').includes('application/json');
const formOf = async (c: C): Promise<Record<string, unknown>> =>
  isJson(c) ? ((await c.req.json().catch(() => ({}))) as Record<string, unknown>) : await c.req.parseBody();
const tmfError = (c: C, status: 400 | 401 | 404 | 409 | 503, reason: string) =>
  c.json({ code: String(status), reason, message: reason, '@type': 'Error' }, status);

/** A path that may break after each slash on a narrow screen (a TMF listener path is long). */
const breakable = (path: string) => path.split('/').map((part, i) => (i === 0 ? part : html`/<wbr />${part}`));

/** A national number (08…) or E.164 digits (3538…) as the network writes them. */
const e164 = (msisdn: string) => (msisdn.startsWith('0') ? `353${msisdn.slice(1)}` : msisdn);

/**
 * The sandbox network's HTTP side (docs/product/network.md "The sandbox network"): OAuth's token
 * endpoint, TMF641 service orders and TMF638's inventory under /sandbox/network/tmf-api, the page
 * an operator tries it with (orders, events, "network down", complete or fail by hand), and
 * /sandbox/usage, which sends the network's usage events, signed, to the portal's listener.
 */
export function networkSandboxRoutes(
  adapter: SandboxNetworkAdapter,
  /** The OAuth client it knows (a deployment's stand-in is given one of its own). */
  client: { clientId: string; clientSecret: string } = SANDBOX_NETWORK_CLIENT,
) {
  const network = adapter.sandbox;
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

  app.post('/sandbox/network/tmf-api/serviceOrdering/v4/serviceOrder', async (c) => {
    if (!authorised(c)) return tmfError(c, 401, 'A valid access token is required.');
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
    if (!authorised(c)) return tmfError(c, 401, 'A valid access token is required.');
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
      if (!authorised(c)) return tmfError(c, 401, 'A valid access token is required.');
      if (network.down) return tmfError(c, 503, 'The network is down (the sandbox switch).');
      const body = (await c.req.json().catch(() => undefined)) as { callback?: unknown } | undefined;
      const callback = typeof body?.callback === 'string' ? body.callback : '';
      if (!/^https?:\/\/[^\s]+$/.test(callback)) return tmfError(c, 400, 'A subscription needs a callback URL.');
      return c.json(network.subscribe(hub, callback), 201);
    });
    app.get(`/sandbox/network/tmf-api/${path}/:id`, (c) => {
      if (!authorised(c)) return tmfError(c, 401, 'A valid access token is required.');
      const held = network.subscription(hub, c.req.param('id'));
      return held ? c.json(held) : tmfError(c, 404, 'No such subscription.');
    });
    app.delete(`/sandbox/network/tmf-api/${path}/:id`, (c) => {
      if (!authorised(c)) return tmfError(c, 401, 'A valid access token is required.');
      return network.unsubscribe(hub, c.req.param('id'))
        ? c.body(null, 204)
        : tmfError(c, 404, 'No such subscription.');
    });
  }
  app.get('/sandbox/network/tmf-api/serviceOrdering/v4/serviceOrder/:id', (c) => {
    if (!authorised(c)) return tmfError(c, 401, 'A valid access token is required.');
    const order = network.order(c.req.param('id'));
    return order ? c.json(order) : tmfError(c, 404, 'No such order.');
  });
  app.get('/sandbox/network/tmf-api/serviceInventory/v4/service', async (c) => {
    if (!authorised(c)) return tmfError(c, 401, 'A valid access token is required.');
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
    if (!authorised(c)) return tmfError(c, 401, 'A valid access token is required.');
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
  app.post('/sandbox/network/balance', async (c) => {
    const form = await formOf(c);
    const msisdn = String(form['msisdn'] ?? '').replace(/\s+/g, '');
    const cents = Number(form['apart_cents'] ?? 0);
    if (!/^08\d{8}$/.test(msisdn) || !Number.isInteger(cents) || Math.abs(cents) > 1_000_000)
      return c.json({ error: 'Give msisdn (087…) and apart_cents, a whole number of cents (0 to agree again).' }, 400);
    network.setBalanceApart(msisdn, cents);
    if (isJson(c)) return c.json({ msisdn, apart_cents: cents });
    return c.redirect(
      `/sandbox/network?done=${encodeURIComponent(`${msisdn}'s balance at the network set apart by ${cents} cents.`)}`,
      303,
    );
  });

  app.get('/sandbox/network', (c) => {
    const orders = network.orders();
    if (wantsJson(c))
      return c.json({
        down: network.down,
        orders: orders.map((o) => ({
          id: o.id,
          externalId: o.externalId,
          service: o.service,
          action: o.action,
          state: o.state,
          msisdn: o.msisdn,
        })),
      });
    const open = (s: string) => ['acknowledged', 'inProgress', 'held'].includes(s);
    return c.html(
      sandboxPage(
        'Network sandbox',
        html`<h1>Mobile network sandbox</h1>
          <p>
            No mobile network is connected, so this sandbox plays one, with the same TM Forum APIs a real one offers.
            ${
              network.delayMs === null
                ? 'Orders move on only when moved here'
                : html`Orders complete ${network.delayMs / 1000} s after they are taken`
            }
            (acknowledged → in progress → completed; a port-in on its day); an order for a number ending 999 is
            rejected, and a port-in from a number ending 998 waits for its donor until you complete or fail it here. An
            order held here (TMF's held) waits until released. Each step is sent, signed, to the portal's listener.
          </p>
          ${c.req.query('done') ? html`<p role="status">${c.req.query('done')}</p>` : ''}
          <form method="post" action="/sandbox/network/down">
            <input type="hidden" name="down" value="${network.down ? 'false' : 'true'}" />
            <p>The network is <strong>${network.down ? 'down' : 'up'}</strong>.</p>
            <button type="submit">${network.down ? 'Bring the network back up' : 'Take the network down'}</button>
          </form>
          <h2>Orders the portal sent, newest first</h2>
          ${
            orders.length === 0
              ? html`<p>No orders yet.</p>`
              : html`<ul>
                  ${orders.slice(0, 100).map(
                    (o) =>
                      html`<li>
                        <p>
                          <strong>${o.service} ${o.action}</strong> for ${o.msisdn ?? '—'}:
                          <strong>${o.state}</strong>${o.reason ? html` (${o.reason})` : ''}, ordered
                          ${o.orderDate.toISOString().slice(0, 19).replace('T', ' ')}
                          ${
                            Object.keys(o.characteristics).length
                              ? html`<br />${Object.entries(o.characteristics)
                                    .map(([k, v]) => `${k}: ${String(v)}`)
                                    .join(', ')}`
                              : ''
                          }
                        </p>
                        ${
                          open(o.state)
                            ? html`<form method="post" action="/sandbox/network/orders/${o.id}/complete">
                                  <button type="submit">
                                    Complete ${o.service} ${o.action} for ${o.msisdn ?? o.id}
                                  </button>
                                </form>
                                <form method="post" action="/sandbox/network/orders/${o.id}/fail">
                                  <button type="submit">Fail ${o.service} ${o.action} for ${o.msisdn ?? o.id}</button>
                                </form>
                                <form
                                  method="post"
                                  action="/sandbox/network/orders/${o.id}/${o.state === 'held' ? 'release' : 'hold'}"
                                >
                                  <button type="submit">
                                    ${o.state === 'held' ? 'Release' : 'Hold'} ${o.service} ${o.action} for
                                    ${o.msisdn ?? o.id}
                                  </button>
                                </form>`
                            : ''
                        }
                      </li>`,
                  )}
                </ul>`
          }
          ${
            network.events().length === 0
              ? ''
              : html`<h2>Events sent to the portal, newest first</h2>
                  <ul>
                    ${network
                      .events()
                      .map(
                        (e) =>
                          html`<li>
                            ${e.at.toISOString().slice(0, 19).replace('T', ' ')}: ${e.type}, ${e.about};
                            ${breakable(e.to)} answered ${e.status}
                          </li>`,
                      )}
                  </ul>`
          }
          <h2>The portal's callback at the hubs</h2>
          ${
            network.hubs().length === 0
              ? html`<p>No callback is registered: events go to the generic listener, /panda/network/listener.</p>`
              : html`<ul>
                  ${network.hubs().map((h) => html`<li>${h.path}: ${breakable(h.callback)}</li>`)}
                </ul>`
          }
          <h2>A number that leaves</h2>
          <p>
            Another network takes the number (a port-out): its line's service is terminated, and TMF638's
            ServiceStateChangeEvent tells the portal.
          </p>
          <form method="post" action="/sandbox/network/port-out">
            <p>
              <label for="port-out-msisdn">Number (087…)</label><br />
              <input id="port-out-msisdn" name="msisdn" inputmode="numeric" autocomplete="off" required />
            </p>
            <button type="submit">Port the number out</button>
          </form>
          <p>
            Or first announce that another network asks for it (TMF638's ServiceAttributeValueChangeEvent, the line's
            <code>portingState</code> <code>portOutRequested</code>): the member is warned, and the line goes on.
          </p>
          <form method="post" action="/sandbox/network/port-out-request">
            <p>
              <label for="port-out-request-msisdn">Number (087…)</label><br />
              <input id="port-out-request-msisdn" name="msisdn" inputmode="numeric" autocomplete="off" required />
            </p>
            <button type="submit">Announce a port-out request</button>
          </form>
          <h2>Prepaid balances (TMF654)</h2>
          <p>
            The network's charging system keeps each number's balance as the portal's credit. Set one apart to see the
            nightly reconciliation report it (on /panda/ready).
          </p>
          <form method="post" action="/sandbox/network/balance">
            <p>
              <label for="balance-msisdn">Number (087…)</label><br />
              <input id="balance-msisdn" name="msisdn" inputmode="numeric" autocomplete="off" required />
            </p>
            <p>
              <label for="apart-cents">Apart from the portal's credit by (cents, 0 to agree again)</label><br />
              <input id="apart-cents" name="apart_cents" inputmode="numeric" value="0" required />
            </p>
            <button type="submit">Set the network's balance</button>
          </form>
          <p><a href="/sandbox/usage">Send usage from the network</a></p>`,
      ),
    );
  });
  app.post('/sandbox/network/port-out-request', async (c) => {
    const form = await formOf(c);
    const msisdn = String(form['msisdn'] ?? '').replace(/\s+/g, '');
    const sent = /^08\d{8}$/.test(msisdn) ? await network.portOutRequested(msisdn) : undefined;
    if (!sent) {
      const error = 'Give the number of a line the network holds (087…).';
      return isJson(c) ? c.json({ error }, 400) : c.redirect(`/sandbox/network?done=${encodeURIComponent(error)}`, 303);
    }
    if (isJson(c)) return c.json({ msisdn, status: sent.status });
    return c.redirect(
      `/sandbox/network?done=${encodeURIComponent(`A port-out of ${msisdn} announced; the listener answered ${sent.status}.`)}`,
      303,
    );
  });
  app.post('/sandbox/network/port-out', async (c) => {
    const form = await formOf(c);
    const msisdn = String(form['msisdn'] ?? '').replace(/\s+/g, '');
    const sent = /^08\d{8}$/.test(msisdn) ? await network.portOut(msisdn) : undefined;
    if (!sent) {
      const error = 'Give the number of a line the network holds (087…).';
      return isJson(c) ? c.json({ error }, 400) : c.redirect(`/sandbox/network?done=${encodeURIComponent(error)}`, 303);
    }
    if (isJson(c)) return c.json({ msisdn, status: sent.status });
    return c.redirect(
      `/sandbox/network?done=${encodeURIComponent(`${msisdn} ported out; the listener answered ${sent.status}.`)}`,
      303,
    );
  });
  app.post('/sandbox/network/down', async (c) => {
    const form = await formOf(c);
    const down = form['down'] === true || form['down'] === 'true';
    network.setDown(down);
    if (isJson(c)) return c.json({ down });
    return c.redirect(
      `/sandbox/network?done=${encodeURIComponent(down ? 'The network is down.' : 'The network is up.')}`,
      303,
    );
  });
  app.post('/sandbox/network/orders/:id/:to{complete|fail|step|hold|release}', async (c) => {
    const id = c.req.param('id');
    const to = c.req.param('to');
    const moved =
      to === 'step'
        ? (await network.step(id)) !== undefined
        : to === 'hold' || to === 'release'
          ? await network.hold(id, to === 'hold')
          : await network.finish(id, to === 'complete' ? 'completed' : 'failed');
    if (!moved)
      return isJson(c) || wantsJson(c)
        ? c.json({ error: 'That order is not open.' }, 409)
        : c.text('That order is not open.', 409);
    if (isJson(c) || wantsJson(c)) return c.json({ order: network.order(id) });
    return c.redirect('/sandbox/network', 303);
  });
  /** Every open order to its end now (rejected for 999): the tests' and the impatient operator's button. */
  app.post('/sandbox/network/settle', async (c) => c.json({ moved: await network.settle() }));

  app.get('/sandbox/usage', (c) => c.html(usagePage(c.req.query('done'))));
  app.post('/sandbox/usage', async (c) => {
    const form = await formOf(c);
    const msisdn = String(form['msisdn'] ?? '').replace(/\s+/g, '');
    const country = String(form['country'] || 'IE').toUpperCase();
    const num = (name: string) => (form[name] === undefined || form[name] === '' ? 0 : Number(form[name]));
    const dataKb = Math.round(num('data_mb') * 1024 + num('data_gb') * 1024 * 1024);
    const minutes = num('minutes');
    const texts = num('texts');
    // Who was called or texted, whether it was received, and the network's own price (rated by it).
    const destination = String(form['destination'] ?? '').replace(/\s+/g, '');
    const destinationType =
      form['destination_type'] === 'mobile' ? 'mobile' : form['destination_type'] === 'fixed' ? 'fixed' : '';
    const incoming = form['incoming'] === true || form['incoming'] === 'true' || form['incoming'] === 'on';
    const ratedEur = form['rated_eur'] === undefined || form['rated_eur'] === '' ? null : Number(form['rated_eur']);
    if (
      !/^(08\d{8}|3538\d{8})$/.test(msisdn) ||
      !/^[A-Z]{2}$/.test(country) ||
      !Number.isFinite(dataKb) ||
      dataKb < 0 ||
      dataKb > 100 * 1024 * 1024 ||
      !Number.isInteger(minutes) ||
      minutes < 0 ||
      minutes > 100_000 ||
      !Number.isInteger(texts) ||
      texts < 0 ||
      texts > 100_000 ||
      dataKb + minutes + texts === 0 ||
      !/^(\+?\d{3,15})?$/.test(destination) ||
      (ratedEur !== null && (!Number.isFinite(ratedEur) || ratedEur < 0 || ratedEur > 10_000))
    )
      return c.json(
        {
          error:
            'Give msisdn (087…), some use (data_mb or data_gb up to 100 GB, minutes, texts: whole, 0 or more) and a country (two letters; IE when not given); a destination is digits with an optional +, rated_eur a price in euro.',
        },
        400,
      );
    // The network enforces what it was ordered: a suspended line makes no use, a line with data barred no data.
    const refusal = await network.refuses(msisdn.replace(/^353/, '0'), dataKb > 0, minutes + texts > 0);
    if (refusal) {
      if (isJson(c)) return c.json({ error: `The network refused the use: ${refusal}.` }, 409);
      return c.redirect(`/sandbox/usage?done=${encodeURIComponent(`The network refused the use: ${refusal}.`)}`, 303);
    }
    const usageDate = c.var.clock().toISOString();
    const sent: { usageType: string; status: number | string; answer?: unknown }[] = [];
    for (const [usageType, amount] of [
      ['data', { name: 'volumeKb', value: dataKb }],
      ['voice', { name: 'durationS', value: minutes * 60 }],
      ['sms', { name: 'count', value: texts }],
    ] as const) {
      if (amount.value === 0) continue;
      const usage = {
        id: `sandbox-usage-${randomUUID()}`,
        usageDate,
        usageType,
        // The sandbox's charging system rates nothing unless given a price: the portal rates then.
        status: ratedEur === null ? 'received' : 'rated',
        usageCharacteristic: [
          { name: 'msisdn', value: e164(msisdn) },
          amount,
          { name: 'country', value: country },
          ...(usageType !== 'data' && destination ? [{ name: 'destination', value: destination }] : []),
          ...(usageType === 'voice' && destinationType ? [{ name: 'destinationType', value: destinationType }] : []),
          ...(usageType !== 'data' && incoming ? [{ name: 'direction', value: 'incoming' }] : []),
        ],
        ...(ratedEur === null
          ? {}
          : {
              ratedProductUsage: [
                {
                  usageRatingTag: ratedEur === 0 ? 'included usage' : 'non included usage',
                  taxIncludedRatingAmount: { value: ratedEur, unit: 'EUR' },
                  '@type': 'RatedProductUsage',
                },
              ],
            }),
        '@type': 'Usage',
      };
      const { status, answer } = await network.emit('UsageCreateEvent', { usage }, `${usageType} ${msisdn} ${country}`);
      sent.push({ usageType, status, answer });
    }
    const answers = sent.map((s) => (s.answer as { _payload?: { outcome?: string; usage?: unknown } })?._payload);
    const failed = sent.find((s) => typeof s.status !== 'number' || s.status < 200 || s.status > 299);
    if (isJson(c))
      return failed
        ? c.json({ error: `The listener answered ${failed.status}.`, sent }, 502)
        : c.json({ events: answers, ...(answers.at(-1)?.usage as object) });
    const said: Record<string, string> = {
      applied: 'counted',
      duplicate: 'counted already',
      deadLetter: 'no SIM has that number, so the portal kept it aside',
    };
    const done = failed
      ? `The listener answered ${failed.status}.`
      : `${msisdn} in ${country}: ${answers.map((a) => said[a?.outcome ?? ''] ?? a?.outcome).join(', ')}.`;
    return c.redirect(`/sandbox/usage?done=${encodeURIComponent(done)}`, 303);
  });
  return app;
}

const usagePage = (done: string | undefined) =>
  sandboxPage(
    'Usage sandbox',
    html`<h1>Network usage sandbox</h1>
      <p>
        The network sends each use of a number as a signed event (TM Forum's UsageCreateEvent) to the portal's listener,
        which counts it: the membership's data, minutes and texts at home; abroad, by country, with the roaming notices
        and the cap (docs/product/roaming.md). The 80 % and 100 % alerts follow the counted totals. What no allowance
        covers is paid from credit at the published charges, or at the network's price where it gives one and the portal
        is set to take it (docs/product/money.md).
      </p>
      ${done ? html`<p role="status">${done}</p>` : ''}
      <form method="post" action="/sandbox/usage">
        <p>
          <label for="msisdn">Number (087…)</label><br />
          <input id="msisdn" name="msisdn" inputmode="numeric" autocomplete="off" required />
        </p>
        <p>
          <label for="country">Country (two letters: IE at home, FR, US…)</label><br />
          <input id="country" name="country" maxlength="2" value="IE" required />
        </p>
        <p>
          <label for="data_mb">Data used (MB)</label><br />
          <input id="data_mb" name="data_mb" inputmode="decimal" value="0" />
        </p>
        <p>
          <label for="minutes">Minutes</label><br />
          <input id="minutes" name="minutes" inputmode="numeric" value="0" />
        </p>
        <p>
          <label for="texts">Texts</label><br />
          <input id="texts" name="texts" inputmode="numeric" value="0" />
        </p>
        <p>
          <label for="destination">Number called or texted (optional: 087…, 01…, +44…, 1850…, 112)</label><br />
          <input id="destination" name="destination" inputmode="tel" autocomplete="off" />
        </p>
        <p>
          <label for="destination_type">The number called is</label><br />
          <select id="destination_type" name="destination_type">
            <option value="">Not said</option>
            <option value="mobile">A mobile</option>
            <option value="fixed">A landline</option>
          </select>
        </p>
        <p>
          <label><input type="checkbox" name="incoming" value="true" /> Received, not made</label>
        </p>
        <p>
          <label for="rated_eur">The network's price in euro (optional: rated by the network)</label><br />
          <input id="rated_eur" name="rated_eur" inputmode="decimal" />
        </p>
        <button type="submit">Send the usage</button>
      </form>
      <p><a href="/sandbox/network">The network's orders and events</a></p>`,
  );
