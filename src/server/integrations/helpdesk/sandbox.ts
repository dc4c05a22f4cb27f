import { asc, desc, inArray } from 'drizzle-orm';
import { Hono } from 'hono';
import { html } from 'hono/html';
import { ticketEntries, tickets } from '../../db/schema.ts';
import { answerTicket } from '../../services/tickets.ts';
import { verify } from 'hono/jwt';
import type { SandboxEnv } from '../integration.ts';
import { sandboxPage } from '../../http/sandbox-page.ts';

/**
 * The help desk's JWT single sign-on endpoint, standing in while no HELPDESK_URL is configured:
 * it checks the token the way the help desk would and says whom it would sign in.
 */
export function helpdeskSandboxRoutes() {
  const app = new Hono<SandboxEnv>();
  // The agent's side of the help desk: the tickets /contact-us opened, each with its conversation
  // (text only: what a person wrote is shown, never run), and a box to answer as an agent.
  app.get('/sandbox/helpdesk', async (c) => {
    const rows = await c.var.db.select().from(tickets).orderBy(desc(tickets.id)).limit(30);
    const entries =
      rows.length === 0
        ? []
        : await c.var.db
            .select()
            .from(ticketEntries)
            .where(
              inArray(
                ticketEntries.ticketId,
                rows.map((r) => r.id),
              ),
            )
            .orderBy(asc(ticketEntries.id));
    return c.html(
      sandboxPage(
        'Help desk sandbox',
        html`<h1>Help desk sandbox: tickets</h1>
          <p>
            <strong>This is not the real help desk.</strong> No help desk is configured, so the tickets people send from
            /contact-us are answered here, as an agent would. An answer is mailed to them (see /sandbox/mail).
          </p>
          ${
            rows.length === 0
              ? html`<p>No tickets yet.</p>`
              : rows.map(
                  (t) =>
                    html`<section aria-labelledby="ticket-${t.id}">
                      <h2 id="ticket-${t.id}">${t.reference}: ${t.topic} (${t.state})</h2>
                      <p>From ${t.name} &lt;${t.email}&gt;${t.msisdn ? html`, about ${t.msisdn}` : ''}</p>
                      <ol>
                        ${entries
                          .filter((e) => e.ticketId === t.id)
                          .map(
                            (e) =>
                              html`<li>
                                <strong>${e.author}</strong>: <span style="white-space: pre-wrap">${e.body}</span>
                              </li>`,
                          )}
                      </ol>
                      ${
                        t.state === 'closed'
                          ? ''
                          : html`<form method="post" action="/sandbox/helpdesk/tickets/${t.id}/answer">
                              <label for="answer-${t.id}">Answer ${t.reference}</label><br />
                              <textarea id="answer-${t.id}" name="answer" rows="3" cols="60" required></textarea><br />
                              <button type="submit">Send the answer to ${t.reference}</button>
                            </form>`
                      }
                    </section>`,
                )
          }`,
      ),
    );
  });
  app.post('/sandbox/helpdesk/tickets/:id/answer', async (c) => {
    const id = Number(c.req.param('id'));
    const form = await c.req.parseBody();
    const answer = typeof form['answer'] === 'string' ? form['answer'] : '';
    if (!Number.isInteger(id) || id < 1 || !answer.trim()) return c.text('Write an answer to a ticket.', 400);
    const outcome = await answerTicket(c.var.db, c.var.clock, id, answer);
    if (outcome === 'unknown') return c.text('No such ticket.', 404);
    if (outcome === 'closed') return c.text('That ticket is closed.', 409);
    return c.redirect('/sandbox/helpdesk', 303);
  });
  app.get('/sandbox/helpdesk/access/jwt', async (c) => {
    const token = c.req.query('jwt') ?? '';
    try {
      const claims = await verify(token, c.var.config.helpdeskSecret, 'HS512');
      if (claims['organization'] !== '48' || typeof claims['email'] !== 'string' || typeof claims['jti'] !== 'string')
        throw new Error('claims');
      return c.html(
        sandboxPage(
          'Help desk sandbox',
          html`<h1>Help desk sandbox</h1>
            <p>
              <strong>This is not the real help desk.</strong> No help desk is configured, so this page checks the
              single sign-on token instead.
            </p>
            <p>
              The token is valid: the help desk would sign in
              <strong>${String(claims['name'])}</strong> (${claims['email']}) of organisation 48.
            </p>
            <p><a href="/my48">Back to my48</a></p>`,
        ),
      );
    } catch {
      return c.html(
        sandboxPage(
          'Help desk sandbox',
          html`<h1>Help desk sandbox</h1>
            <p><strong>This is not the real help desk.</strong></p>
            <p>The single sign-on token is not valid or has expired.</p>
            <p><a href="/log-in">Log in</a></p>`,
        ),
        401,
      );
    }
  });
  return app;
}
