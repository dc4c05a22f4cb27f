import { desc } from 'drizzle-orm';
import { Hono } from 'hono';
import { html, raw } from 'hono/html';
import { verify } from 'hono/jwt';
import { outbox } from '../db/schema.ts';
import type { AppEnv } from '../http.ts';

/**
 * Local stand-ins for outside services while none is configured. The mail page shows the
 * outbox; it says plainly that it is a sandbox, so nobody takes it for a real inbox.
 */
const page = (title: string, body: unknown) => html`<!doctype html>
  <html lang="en">
    <head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><title>${title} | 48</title></head>
    <body><main>${body}</main></body>
  </html>`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
/** Mail text with its links clickable, so a person trying the portal can follow a verification link. */
const linkify = (text: string) => raw(escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`));

export function sandboxRoutes() {
  const app = new Hono<AppEnv>();
  const latest = (c: { var: AppEnv['Variables'] }) => c.var.db.select().from(outbox).orderBy(desc(outbox.id)).limit(50);

  app.get('/sandbox/mail.json', async (c) => c.json({ _payload: { values: (await latest(c)).map((m) => ({ id: m.id, to: m.to, subject: m.subject, body: m.body, created_at: m.createdAt.toISOString() })) } }));
  app.get('/sandbox/mail', async (c) => {
    const mails = await latest(c);
    return c.html(
      page(
        'Mail sandbox',
        html`<h1>Mail sandbox</h1>
            <p><strong>This is not a real inbox.</strong> No mail server is configured, so the portal’s e-mails are kept here for trying it out.</p>
            ${mails.length === 0 ? html`<p>No mail yet.</p>` : ''}
            ${mails.map(
              (m) => html`<article>
                <h2>${m.subject}</h2>
                <p>To ${m.to}, ${m.createdAt.toISOString()}</p>
                <pre>${linkify(m.body)}</pre>
              </article>`,
            )}`,
      ),
    );
  });

  // The help desk's JWT single sign-on endpoint, standing in while no HELPDESK_URL is configured:
  // it checks the token the way the help desk would and says whom it would sign in.
  app.get('/sandbox/helpdesk/access/jwt', async (c) => {
    const token = c.req.query('jwt') ?? '';
    try {
      const claims = await verify(token, c.var.config.helpdeskSecret, 'HS512');
      if (claims['organization'] !== '48' || typeof claims['email'] !== 'string' || typeof claims['jti'] !== 'string') throw new Error('claims');
      return c.html(
        page(
          'Help desk sandbox',
          html`<h1>Help desk sandbox</h1>
            <p><strong>This is not the real help desk.</strong> No help desk is configured, so this page checks the single sign-on token instead.</p>
            <p>The token is valid: the help desk would sign in <strong>${String(claims['name'])}</strong> (${claims['email']}) of organisation 48.</p>
            <p><a href="/my48">Back to my48</a></p>`,
        ),
      );
    } catch {
      return c.html(
        page('Help desk sandbox', html`<h1>Help desk sandbox</h1><p><strong>This is not the real help desk.</strong></p><p>The single sign-on token is not valid or has expired.</p><p><a href="/log-in">Log in</a></p>`),
        401,
      );
    }
  });
  return app;
}
