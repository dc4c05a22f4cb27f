import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { html } from 'hono/html';
import { KB_PER_GB } from '../../../contract/constants.ts';
import { memberships, sims } from '../../db/schema.ts';
import type { SandboxEnv } from '../integration.ts';
import { sandboxPage } from '../../http/sandbox-page.ts';
import { runAlerts } from '../../jobs/alerts.ts';
import { currentMembershipAt } from '../../services/memberships.ts';
import { sendAlertPushes } from '../../services/push.ts';

/**
 * /sandbox/usage: the network's usage feed (no network is connected, so the sandbox plays it). A
 * number's data used this membership is set, and the alerts are looked for at once, as the scheduled
 * job would within a minute: the 80 % and 100 % alerts appear in the app, the mail outbox and, for a
 * device with notifications on, as a push (phone.md). Form posts come back here; JSON gets JSON.
 */
export function usageSandboxRoutes() {
  const app = new Hono<SandboxEnv>();
  app.get('/sandbox/usage', (c) =>
    c.html(
      sandboxPage(
        'Usage sandbox',
        html`<h1>Network usage sandbox</h1>
          <p>
            Set how much data a number has used of its membership; the alerts are checked at once (80 % and 100 % of the
            data), so a member with notifications on gets a push.
          </p>
          ${c.req.query('done') ? html`<p role="status">${c.req.query('done')}</p>` : ''}
          <form method="post" action="/sandbox/usage">
            <p>
              <label for="msisdn">Number (087…)</label><br />
              <input id="msisdn" name="msisdn" inputmode="numeric" required />
            </p>
            <p>
              <label for="used_gb">Data used (GB)</label><br />
              <input id="used_gb" name="used_gb" inputmode="decimal" required />
            </p>
            <button type="submit">Set the usage</button>
          </form>`,
      ),
    ),
  );
  app.post('/sandbox/usage', async (c) => {
    const form = c.req.header('content-type')?.includes('json')
      ? ((await c.req.json().catch(() => ({}))) as Record<string, unknown>)
      : await c.req.parseBody();
    const msisdn = String(form['msisdn'] ?? '').replace(/\s+/g, '');
    const usedGb = Number(form['used_gb']);
    if (!/^08\d{8}$/.test(msisdn) || !Number.isFinite(usedGb) || usedGb < 0 || usedGb > 10_000)
      return c.json({ error: 'Give msisdn (087…) and used_gb (0 to 10000).' }, 400);
    const now = c.var.clock();
    const [row] = await c.var.db
      .select({ id: memberships.id, max: memberships.dataMaxKb })
      .from(memberships)
      .innerJoin(sims, eq(sims.ssn, memberships.ssn))
      .where(and(eq(sims.msisdn, msisdn), currentMembershipAt(now)));
    if (!row) return c.json({ error: 'That number has no current membership.' }, 404);
    const used = Math.round(usedGb * KB_PER_GB);
    await c.var.db
      .update(memberships)
      .set({ dataUsedKb: row.max === null ? used : Math.min(used, row.max) })
      .where(eq(memberships.id, row.id));
    const jobs = { db: c.var.db, clock: c.var.clock };
    const alerts = await runAlerts(jobs);
    const pushed = await sendAlertPushes(jobs, c.var.push, c.var.config.push?.endpointOrigins ?? []);
    const done = `${msisdn}: ${usedGb} GB used; ${alerts} alert(s) raised, ${pushed} push(es) sent.`;
    if (c.req.header('content-type')?.includes('json')) return c.json({ alerts, pushed });
    return c.redirect(`/sandbox/usage?done=${encodeURIComponent(done)}`, 303);
  });
  return app;
}
