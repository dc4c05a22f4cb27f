import { desc } from 'drizzle-orm';
import { Hono } from 'hono';
import { html, raw } from 'hono/html';
import { outbox } from '../../db/schema.ts';
import type { SandboxEnv } from '../integration.ts';
import { sandboxPage } from '../../http/sandbox-page.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
/** Mail text with its links clickable, so a person trying the portal can follow a verification link. */
const linkify = (text: string) =>
  raw(escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`));

/**
 * The mail outbox while no mail server is configured. The page says plainly that it is a
 * sandbox, so nobody takes it for a real inbox.
 */
export function mailSandboxRoutes() {
  const app = new Hono<SandboxEnv>();
  const latest = (c: { var: SandboxEnv['Variables'] }) =>
    c.var.db.select().from(outbox).orderBy(desc(outbox.id)).limit(50);

  app.get('/sandbox/mail.json', async (c) =>
    c.json({
      _payload: {
        values: (await latest(c)).map((m) => ({
          id: m.id,
          to: m.to,
          subject: m.subject,
          body: m.body,
          created_at: m.createdAt.toISOString(),
        })),
      },
    }),
  );
  app.get('/sandbox/mail', async (c) => {
    const mails = await latest(c);
    return c.html(
      sandboxPage(
        'Mail sandbox',
        html`<h1>Mail sandbox</h1>
          <p>
            <strong>This is not a real inbox.</strong> No mail server is configured, so the portal’s e-mails are kept
            here for trying it out.
          </p>
          ${mails.length === 0 ? html`<p>No mail yet.</p>` : ''}
          ${mails.map(
            (m) =>
              html`<article>
                <h2>${m.subject}</h2>
                <p>To ${m.to}, ${m.createdAt.toISOString()}</p>
                <pre>${linkify(m.body)}</pre>
              </article>`,
          )}`,
      ),
    );
  });
  return app;
}
