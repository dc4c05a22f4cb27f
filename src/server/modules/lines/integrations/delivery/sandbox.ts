import { desc, inArray } from 'drizzle-orm';
import { Hono } from 'hono';
import { html } from 'hono/html';
import { orders } from '../../../../db/schema.ts';
import type { SandboxEnv } from '../../../../integrations/integration.ts';
import { pageTable, sandboxPage } from '../../../../http/sandbox-page.ts';
import { ON_THE_WAY, recordDelivery } from '../../orders.ts';
import { SANDBOX_DISPATCH_MS, SANDBOX_TRANSIT_MS, shipmentReference } from './index.ts';

/**
 * /sandbox/delivery: the carrier's side of SIM orders (docs/product/customer-care.md). The sandbox carrier takes
 * an order a few minutes after it is placed and delivers it some minutes later by itself (the
 * minute's job asks it); here an order on its way can be delivered at once.
 */
export function deliverySandboxRoutes() {
  const app = new Hono<SandboxEnv>();
  app.get('/sandbox/delivery', async (c) => {
    const rows = await c.var.db
      .select()
      .from(orders)
      .where(inArray(orders.status, ON_THE_WAY))
      .orderBy(desc(orders.id))
      .limit(50);
    return c.html(
      sandboxPage(
        'Delivery sandbox',
        html`<h1>Carrier sandbox</h1>
          <p>
            No carrier is connected, so this sandbox plays one: it takes each SIM order ${SANDBOX_DISPATCH_MS / 60_000}
            minutes after it is placed and delivers it ${SANDBOX_TRANSIT_MS / 60_000} minutes later (an order taken
            before this server started: ${SANDBOX_TRANSIT_MS / 60_000} minutes after it started). Deliver one now:
          </p>
          ${
            rows.length === 0
              ? html`<p>No orders on their way.</p>`
              : pageTable(
                  'SIM orders on their way, newest first',
                  ['Order', 'To', 'Placed', 'Dispatched', 'Action'],
                  rows.map(
                    (o) =>
                      html`<tr>
                        <td>${shipmentReference(o.id)}</td>
                        <td>${o.firstname} ${o.lastname}, ${o.city}</td>
                        <td>${o.createdAt.toISOString()}</td>
                        <td>${o.dispatchedAt ? o.dispatchedAt.toISOString() : 'not yet'}</td>
                        <td>
                          <form method="post" action="/sandbox/delivery/${o.id}/deliver">
                            <button type="submit">Deliver ${shipmentReference(o.id)} now</button>
                          </form>
                        </td>
                      </tr>`,
                  ),
                )
          }`,
      ),
    );
  });
  app.post('/sandbox/delivery/:id/deliver', async (c) => {
    const id = Number(c.req.param('id'));
    if (!Number.isInteger(id) || id < 1) return c.text('No such order.', 404);
    const now = c.var.clock();
    const moved = await recordDelivery(c.var.db, id, { dispatchedAt: now, deliveredAt: now });
    if (moved === 'unchanged') return c.text('That order is not on its way.', 409);
    return c.redirect('/sandbox/delivery', 303);
  });
  return app;
}
