import { desc } from 'drizzle-orm';
import { Hono } from 'hono';
import { html } from 'hono/html';
import { referralCalls } from '../../../../db/schema.ts';
import { pageTable, sandboxPage } from '../../../../http/sandbox-page.ts';
import type { SandboxEnv } from '../../../../integrations/integration.ts';

/** /sandbox/referrals: every call made to the referral sandbox, newest first (a page and JSON). */
export function referralsSandboxRoutes() {
  const app = new Hono<SandboxEnv>();
  const list = async (db: SandboxEnv['Variables']['db']) =>
    (await db.select().from(referralCalls).orderBy(desc(referralCalls.id)).limit(200)).map((c) => ({
      id: c.id,
      path: c.path,
      payload: JSON.parse(c.payload) as unknown,
      status: c.status,
      answer: JSON.parse(c.answer) as unknown,
      created_at: c.createdAt.toISOString(),
    }));
  app.get('/sandbox/referrals.json', async (c) => c.json({ _payload: { values: await list(c.var.db) } }));
  app.get('/sandbox/referrals', async (c) => {
    const calls = await list(c.var.db);
    // The shared sandbox page: no inline style (the Content-Security-Policy would refuse it).
    return c.html(
      sandboxPage(
        'Referral service sandbox',
        html`<h1>Referral service sandbox</h1>
          <p>
            This is a sandbox: no referral service is configured (REFERRAL_DOMAIN, REFERRAL_TOKEN, REFERRAL_SIGNATURE),
            so the portal's calls to it are recorded here instead, newest first.
          </p>
          ${
            calls.length === 0
              ? html`<p>No calls yet.</p>`
              : pageTable(
                  'Calls to the referral service',
                  ['When', 'Call', 'Payload', 'Answer'],
                  calls.map(
                    (call) =>
                      html`<tr>
                        <td>${call.created_at}</td>
                        <td>POST ${call.path}</td>
                        <td><pre>${JSON.stringify(call.payload, null, 2)}</pre></td>
                        <td>
                          ${call.status}
                          <pre>${JSON.stringify(call.answer)}</pre>
                        </td>
                      </tr>`,
                  ),
                )
          }`,
      ),
    );
  });
  return app;
}
