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
import { recordUseAbroad } from '../../services/roaming.ts';

/**
 * /sandbox/usage: the network's usage feed (no network is connected, so the sandbox plays it). A
 * number's data used this membership is set, and the alerts are looked for at once, as the scheduled
 * job would within a minute: the 80 % and 100 % alerts appear in the app, the mail outbox and, for a
 * device with notifications on, as a push (docs/product/phone.md). Form posts come back here; JSON gets JSON.
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
          </form>
          <h2>Use abroad</h2>
          <p>
            Report use in a country (ISO code: FR, ES, US…): the number's roaming screen counts it, and the notices of
            docs/product/roaming.md go out (arrival in another country, 80 % and 100 % of the EU allowance, the data
            cost cap outside the EU).
          </p>
          <form method="post" action="/sandbox/usage">
            <p>
              <label for="abroad-msisdn">Number (087…)</label><br />
              <input id="abroad-msisdn" name="msisdn" inputmode="numeric" required />
            </p>
            <p>
              <label for="country">Country (two letters)</label><br />
              <input id="country" name="country" maxlength="2" required />
            </p>
            <p>
              <label for="data_mb">Data used there (MB)</label><br />
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
            <button type="submit">Report the use abroad</button>
          </form>`,
      ),
    ),
  );
  app.post('/sandbox/usage', async (c) => {
    const form = c.req.header('content-type')?.includes('json')
      ? ((await c.req.json().catch(() => ({}))) as Record<string, unknown>)
      : await c.req.parseBody();
    const msisdn = String(form['msisdn'] ?? '').replace(/\s+/g, '');
    const json = c.req.header('content-type')?.includes('json');
    if (form['country'] !== undefined && form['country'] !== '') {
      // Use abroad: one report of the feed, counted by country (services/roaming.ts).
      const country = String(form['country']).toUpperCase();
      const dataMb = Number(form['data_mb'] ?? 0);
      const minutes = Number(form['minutes'] ?? 0);
      const texts = Number(form['texts'] ?? 0);
      if (
        !/^08\d{8}$/.test(msisdn) ||
        !/^[A-Z]{2}$/.test(country) ||
        !Number.isFinite(dataMb) ||
        dataMb < 0 ||
        dataMb > 1_000_000 ||
        !Number.isInteger(minutes) ||
        minutes < 0 ||
        minutes > 100_000 ||
        !Number.isInteger(texts) ||
        texts < 0 ||
        texts > 100_000
      )
        return c.json(
          {
            error:
              'Give msisdn (087…), country (two letters), data_mb (0 to 1000000), minutes and texts (whole, 0 or more).',
          },
          400,
        );
      const [sim] = await c.var.db.select({ ssn: sims.ssn }).from(sims).where(eq(sims.msisdn, msisdn));
      if (!sim) return c.json({ error: 'No SIM has that number.' }, 404);
      const jobs = { db: c.var.db, clock: c.var.clock };
      const recorded = await c.var.db.transaction((tx) =>
        recordUseAbroad(tx, c.var.clock, sim.ssn, { country, dataKb: Math.round(dataMb * 1024), minutes, texts }),
      );
      if (!recorded) return c.json({ error: 'That number has no member.' }, 404);
      const pushed = await sendAlertPushes(jobs, c.var.push, c.var.config.push?.endpointOrigins ?? []);
      if (json) return c.json({ ...recorded, pushed });
      const done = `${msisdn} in ${country}: ${recorded.refused ? 'data refused (stopped at the cap)' : 'use recorded'}${recorded.stopped ? '; data abroad is now stopped' : ''}; ${pushed} push(es) sent.`;
      return c.redirect(`/sandbox/usage?done=${encodeURIComponent(done)}`, 303);
    }
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
    if (json) return c.json({ alerts, pushed });
    return c.redirect(`/sandbox/usage?done=${encodeURIComponent(done)}`, 303);
  });
  return app;
}
