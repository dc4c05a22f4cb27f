import { SENDER_NOT_VERIFIED } from '../../../../../contract/contact.ts';
import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { html } from 'hono/html';
import { contactPreferences, ticketAttachments, ticketEntries, tickets } from '../../../../db/schema.ts';
import { sizeText } from '../../attachments.ts';
import { describeContactPreferences } from '../../../identity/index.ts';
import { agentStep, type AgentStep } from '../../tickets.ts';
import { dayOf } from '../../../../kernel/calendar.ts';
import { verify } from 'hono/jwt';
import type { SandboxEnv } from '../../../../integrations/integration.ts';
import { sandboxPage } from '../../../../http/sandbox-page.ts';

/** What a person wrote, its line breaks kept, as text (a style attribute would break the page's CSP). */
const lines = (text: string) => text.split('\n').map((line, i) => (i === 0 ? html`${line}` : html`<br />${line}`));

/**
 * The help desk's JWT single sign-on endpoint, standing in while no HELPDESK_URL is configured:
 * it checks the token the way the help desk would and says whom it would sign in.
 */
export function helpdeskSandboxRoutes() {
  const app = new Hono<SandboxEnv>();
  // The agent's side of the help desk: the tickets and complaints people sent, each with its timeline
  // (text only: what a person wrote is shown, never run), and the agent's steps: answer a ticket;
  // update a complaint with a new date, respond, close. ?reference= shows one.
  app.get('/sandbox/helpdesk', async (c) => {
    const reference = c.req.query('reference');
    const rows = await c.var.db
      .select()
      .from(tickets)
      .where(reference ? eq(tickets.reference, reference) : undefined)
      // Fraud cases and locked numbers' port-outs still open first: the top of the desk's queue, as the
      // help desk's urgent priority puts them.
      .orderBy(sql`(${tickets.origin} in ('fraud', 'lock') and ${tickets.state} <> 'closed') desc`, desc(tickets.id))
      .limit(30);
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
    const files =
      rows.length === 0
        ? []
        : await c.var.db
            .select({
              id: ticketAttachments.id,
              ticketId: ticketAttachments.ticketId,
              filename: ticketAttachments.filename,
              contentType: ticketAttachments.contentType,
              size: ticketAttachments.size,
            })
            .from(ticketAttachments)
            .where(
              inArray(
                ticketAttachments.ticketId,
                rows.map((r) => r.id),
              ),
            )
            .orderBy(asc(ticketAttachments.id));
    const memberIds = [...new Set(rows.flatMap((r) => (r.memberId === null ? [] : [r.memberId])))];
    const preferences = new Map(
      (memberIds.length === 0
        ? []
        : await c.var.db.select().from(contactPreferences).where(inArray(contactPreferences.memberId, memberIds))
      ).map((p) => [p.memberId, describeContactPreferences(p)]),
    );
    const today = dayOf(c.var.clock());
    const steps = (t: (typeof rows)[number]) => {
      if (t.state === 'closed') return html`<p>Closed.</p>`;
      const action = (step: string) => `/sandbox/helpdesk/tickets/${t.id}/${step}`;
      const close = html`<form method="post" action="${action('close')}">
        <button type="submit">Close ${t.reference}</button>
      </form>`;
      if (t.kind === 'ticket')
        return html`<form method="post" action="${action('answer')}">
            <label for="answer-${t.id}">Answer ${t.reference}</label><br />
            <textarea id="answer-${t.id}" name="body" rows="3" cols="60" required></textarea><br />
            <button type="submit">Send the answer to ${t.reference}</button>
          </form>
          ${close}`;
      return html`<form method="post" action="${action('update')}">
          <label for="update-${t.id}">Update on ${t.reference}</label><br />
          <textarea id="update-${t.id}" name="body" rows="3" cols="60" required></textarea><br />
          <label for="due-${t.id}">New date for the response</label>
          <input id="due-${t.id}" name="due_on" type="date" min="${today}" required />
          <button type="submit">Send an update on ${t.reference}</button>
        </form>
        <form method="post" action="${action('response')}">
          <label for="response-${t.id}">Response to ${t.reference}</label><br />
          <textarea id="response-${t.id}" name="body" rows="3" cols="60" required></textarea><br />
          <button type="submit">Send the response to ${t.reference}</button>
        </form>
        ${close}`;
    };
    return c.html(
      sandboxPage(
        'Help desk sandbox',
        html`<h1>Help desk sandbox: tickets and complaints</h1>
          <p>
            <strong>This is not the real help desk.</strong> No help desk is configured, so the tickets and complaints
            people send from /contact-us and my48 are answered here, as an agent would. Each step is mailed to them (see
            /sandbox/mail).
          </p>
          ${
            rows.length === 0
              ? html`<p>No tickets yet.</p>`
              : rows.map(
                  (t) =>
                    html`<section aria-labelledby="ticket-${t.id}">
                      <h2 id="ticket-${t.id}">
                        ${t.origin === 'fraud' ? 'Urgent, fraud: ' : t.origin === 'lock' ? 'Urgent, number lock: ' : ''}${t.reference}:
                        ${t.topic} (${t.state})
                      </h2>
                      <p>
                        From ${t.name}
                        &lt;${t.email}&gt;${t.msisdn ? html`, about ${t.msisdn}` : ''}${
                          t.dueOn ? html`. Response due ${t.dueOn}` : ''
                        }${t.escalatedAt ? html`. <strong>Escalated: a team lead to look at it.</strong>` : ''}
                      </p>
                      ${t.memberId === null ? html`<p><strong>${SENDER_NOT_VERIFIED}</strong></p>` : ''}
                      ${
                        t.memberId !== null && preferences.get(t.memberId)
                          ? html`<p><strong>How to contact them:</strong> ${preferences.get(t.memberId)}</p>`
                          : ''
                      }
                      ${
                        files.some((f) => f.ticketId === t.id)
                          ? html`<p>
                              Attached:
                              ${files
                                .filter((f) => f.ticketId === t.id)
                                .map(
                                  (f) =>
                                    html`<a href="/sandbox/helpdesk/attachments/${f.id}" download>${f.filename}</a>
                                      (${f.contentType}, ${sizeText(f.size)}) `,
                                )}
                            </p>`
                          : ''
                      }
                      <ol>
                        ${entries
                          .filter((e) => e.ticketId === t.id)
                          .map(
                            (e) =>
                              html`<li>
                                <strong>${e.kind} (${e.author})</strong>${e.dueOn ? html`, new date ${e.dueOn}` : ''}:
                                <span>${lines(e.body)}</span>
                              </li>`,
                          )}
                      </ol>
                      ${steps(t)}
                    </section>`,
                )
          }`,
      ),
    );
  });
  // An attachment, as a download of the type its content showed: never shown inline, never sniffed again.
  app.get('/sandbox/helpdesk/attachments/:id{[0-9]{1,10}}', async (c) => {
    const [file] = await c.var.db
      .select()
      .from(ticketAttachments)
      .where(eq(ticketAttachments.id, Number(c.req.param('id'))));
    if (!file || file.ticketId === null) return c.text('No such attachment.', 404);
    return c.body(new Uint8Array(file.data), 200, {
      'content-type': file.contentType,
      'content-disposition': `attachment; filename="${file.filename.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "sandbox; default-src 'none'",
      'cache-control': 'private, no-store',
    });
  });
  app.post('/sandbox/helpdesk/tickets/:id/:step{answer|update|response|close}', async (c) => {
    const id = Number(c.req.param('id'));
    const kind = c.req.param('step') as AgentStep['kind'];
    const form = await c.req.parseBody();
    const body = typeof form['body'] === 'string' ? form['body'] : '';
    const dueOn = typeof form['due_on'] === 'string' ? form['due_on'] : '';
    if (!Number.isInteger(id) || id < 1) return c.text('No such ticket.', 404);
    const step: AgentStep = kind === 'update' ? { kind, body, dueOn } : { kind, body };
    const outcome = await agentStep(c.var.db, c.var.clock, id, step);
    const refusals: Record<Exclude<typeof outcome, 'done'>, [string, 400 | 404 | 409]> = {
      unknown: ['No such ticket.', 404],
      closed: ['That ticket is closed.', 409],
      notForThisKind: ['A ticket is answered; a complaint is updated or responded to.', 400],
      badDate: ['The new date must be after today and within 60 working days.', 400],
      empty: ['Write what you want to send.', 400],
    };
    if (outcome !== 'done') return c.text(...refusals[outcome]);
    const [t] = await c.var.db.select({ reference: tickets.reference }).from(tickets).where(eq(tickets.id, id));
    return c.redirect(`/sandbox/helpdesk?reference=${encodeURIComponent(t!.reference)}`, 303);
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
