import { desc } from 'drizzle-orm';
import { Hono } from 'hono';
import { html } from 'hono/html';
import { portInRequests } from '../../db/schema.ts';
import type { SandboxEnv } from '../integration.ts';
import { pageTable, sandboxPage } from '../../http/sandbox-page.ts';
import { advancePortIn, DONOR_STEP_MS } from '../../services/port-in.ts';

/**
 * /sandbox/port-in: the donor network's side of port-in requests (docs/product/member-controls.md). The
 * sandbox donor moves each request a step every few minutes by itself (the scheduled job); here
 * a request can be moved on at once. A number ending in 999 is refused at validation.
 */
export function donorSandboxRoutes() {
  const app = new Hono<SandboxEnv>();
  app.get('/sandbox/port-in', async (c) => {
    const rows = await c.var.db.select().from(portInRequests).orderBy(desc(portInRequests.id)).limit(50);
    return c.html(
      sandboxPage(
        'Port-in sandbox',
        html`<h1>Donor network sandbox</h1>
          <p>
            No donor network is connected, so this sandbox plays the other networks: each open request moves a step
            every ${DONOR_STEP_MS / 60_000} minutes by itself (requested → validating → scheduled → completed); a number
            ending in 999 is refused. Move one on now:
          </p>
          ${
            rows.length === 0
              ? html`<p>No requests yet.</p>`
              : pageTable(
                  'Requests to move a number to 48, newest first',
                  ['Number', 'From', 'Status', 'Action'],
                  rows.map(
                    (r) =>
                      html`<tr>
                        <td>${r.msisdn}</td>
                        <td>${r.provider}</td>
                        <td>${r.status}</td>
                        <td>
                          ${
                            ['requested', 'validating', 'scheduled'].includes(r.status)
                              ? html`<form method="post" action="/sandbox/port-in/${r.id}/advance">
                                  <button type="submit">Move ${r.msisdn} on</button>
                                </form>`
                              : ''
                          }
                        </td>
                      </tr>`,
                  ),
                )
          }`,
      ),
    );
  });
  app.post('/sandbox/port-in/:id/advance', async (c) => {
    const id = Number(c.req.param('id'));
    if (!Number.isInteger(id) || id < 1) return c.text('No such request.', 404);
    const next = await advancePortIn(c.var, id);
    if (!next) return c.text('That request is not open.', 409);
    return c.redirect('/sandbox/port-in', 303);
  });
  return app;
}
