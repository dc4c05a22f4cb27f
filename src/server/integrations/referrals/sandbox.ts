import { desc } from 'drizzle-orm';
import { Hono } from 'hono';
import { html } from 'hono/html';
import { referralCalls } from '../../db/schema.ts';
import type { SandboxEnv } from '../integration.ts';

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
    return c.html(
      html`<!doctype html>
        <html lang="en">
          <head>
            <meta charset="utf-8" />
            <meta name="viewport" content="width=device-width, initial-scale=1" />
            <title>Referral service sandbox</title>
            <style>
              body {
                font-family: system-ui, sans-serif;
                margin: 2rem;
                max-width: 72rem;
              }
              pre {
                white-space: pre-wrap;
                background: #f4f6f8;
                padding: 0.5rem;
                margin: 0;
              }
              td,
              th {
                vertical-align: top;
                text-align: left;
                padding: 0.4rem;
                border-bottom: 1px solid #d9dee3;
              }
            </style>
          </head>
          <body>
            <main>
              <h1>Referral service sandbox</h1>
              <p>
                This is a sandbox: no referral service is configured (REFERRAL_DOMAIN, REFERRAL_TOKEN,
                REFERRAL_SIGNATURE), so the portal's calls to it are recorded here instead, newest first.
              </p>
              ${
                calls.length === 0
                  ? html`<p>No calls yet.</p>`
                  : html`<table>
                      <caption>
                        Calls to the referral service
                      </caption>
                      <thead>
                        <tr>
                          <th scope="col">When</th>
                          <th scope="col">Call</th>
                          <th scope="col">Payload</th>
                          <th scope="col">Answer</th>
                        </tr>
                      </thead>
                      <tbody>
                        ${calls.map(
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
                        )}
                      </tbody>
                    </table>`
              }
            </main>
          </body>
        </html>`,
    );
  });
  return app;
}
