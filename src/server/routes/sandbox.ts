import { desc } from 'drizzle-orm';
import { Hono } from 'hono';
import { html } from 'hono/html';
import { outbox } from '../db/schema.ts';
import type { AppEnv } from '../http.ts';

/**
 * Local stand-ins for outside services while none is configured. The mail page shows the
 * outbox; it says plainly that it is a sandbox, so nobody takes it for a real inbox.
 */
export function sandboxRoutes() {
  const app = new Hono<AppEnv>();
  const latest = (c: { var: AppEnv['Variables'] }) => c.var.db.select().from(outbox).orderBy(desc(outbox.id)).limit(50);

  app.get('/sandbox/mail.json', async (c) => c.json({ _payload: { values: (await latest(c)).map((m) => ({ id: m.id, to: m.to, subject: m.subject, body: m.body, created_at: m.createdAt.toISOString() })) } }));
  app.get('/sandbox/mail', async (c) => {
    const mails = await latest(c);
    return c.html(html`<!doctype html>
      <html lang="en">
        <head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><title>Mail sandbox | 48</title></head>
        <body>
          <main>
            <h1>Mail sandbox</h1>
            <p><strong>This is not a real inbox.</strong> No mail server is configured, so the portal’s e-mails are kept here for trying it out.</p>
            ${mails.length === 0 ? html`<p>No mail yet.</p>` : ''}
            ${mails.map(
              (m) => html`<article>
                <h2>${m.subject}</h2>
                <p>To ${m.to}, ${m.createdAt.toISOString()}</p>
                <pre>${m.body}</pre>
              </article>`,
            )}
          </main>
        </body>
      </html>`);
  });
  return app;
}
