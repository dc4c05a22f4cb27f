import { Hono } from 'hono';
import { html } from 'hono/html';
import { sandboxPage } from '../../../../http/sandbox-page.ts';
import type { SandboxEnv } from '../../../../integrations/integration.ts';
import type { SandboxNetworkAdapter } from './sandbox-adapter.ts';
import { SANDBOX_NETWORK_CLIENT } from './sandbox-network.ts';
import { formOf, isJson, numberIn, wantsJson } from './sandbox-http.ts';
import { tmfSandboxRoutes } from './sandbox-tmf.ts';
import { usageSandboxRoutes } from './sandbox-usage.ts';

/** A path that may break after each slash on a narrow screen (a TMF listener path is long). */
const breakable = (path: string) => path.split('/').map((part, i) => (i === 0 ? part : html`/<wbr />${part}`));

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
  const app = new Hono<SandboxEnv>();
  app.route('/', tmfSandboxRoutes(network, client));
  app.route('/', usageSandboxRoutes(network));
  app.post('/sandbox/network/balance', async (c) => {
    const form = await formOf(c);
    const msisdn = numberIn(form);
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
  /** Another network asks for a line's number, or takes it: the event goes to the portal's listener. */
  const portOut = (
    path: string,
    send: (msisdn: string) => Promise<{ status: number | string } | undefined>,
    said: (msisdn: string) => string,
  ) =>
    app.post(path, async (c) => {
      const form = await formOf(c);
      const msisdn = numberIn(form);
      const sent = /^08\d{8}$/.test(msisdn) ? await send(msisdn) : undefined;
      if (!sent) {
        const error = 'Give the number of a line the network holds (087…).';
        return isJson(c)
          ? c.json({ error }, 400)
          : c.redirect(`/sandbox/network?done=${encodeURIComponent(error)}`, 303);
      }
      if (isJson(c)) return c.json({ msisdn, status: sent.status });
      return c.redirect(
        `/sandbox/network?done=${encodeURIComponent(`${said(msisdn)}; the listener answered ${sent.status}.`)}`,
        303,
      );
    });
  portOut(
    '/sandbox/network/port-out-request',
    (m) => network.portOutRequested(m),
    (m) => `A port-out of ${m} announced`,
  );
  portOut(
    '/sandbox/network/port-out',
    (m) => network.portOut(m),
    (m) => `${m} ported out`,
  );
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
  return app;
}
