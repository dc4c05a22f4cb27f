import { Hono } from 'hono';
import { html } from 'hono/html';
import { chatReference } from '../../../../../contract/chat.ts';
import { SENDER_NOT_VERIFIED } from '../../../../../contract/contact.ts';
import { sandboxPage } from '../../../../http/sandbox-page.ts';
import { openChats } from '../../chat/chat-lists.ts';
import { chatById, linesAfter } from '../../chat/chat-reads.ts';
import { agentSays, agentTakes, endChat } from '../../chat/chats.ts';
import { describedContactPreferencesOf } from '../../../identity/index.ts';
import type { SandboxEnv } from '../../../../integrations/integration.ts';
import type { ChatDeskAdapter } from './index.ts';

const AGENT = 'Aoife';
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The agent's console while no chat desk is configured (/sandbox/helpdesk/chat): the chats waiting,
 * oldest first, each with who it is (a member's details, or "not verified"); take one, answer, end it.
 * What a person wrote is shown as text, never run. `POST /sandbox/helpdesk/chat/hours` forces the
 * hours ({"open": true | false | "schedule"}) for trying and tests.
 */
export function chatSandboxRoutes(desk: ChatDeskAdapter) {
  const app = new Hono<SandboxEnv>();
  app.post('/sandbox/helpdesk/chat/hours', async (c) => {
    const body = (await c.req.json().catch(() => null)) as { open?: unknown } | null;
    const open = body?.open;
    if (open !== true && open !== false && open !== 'schedule')
      return c.json({ message: 'Send {"open": true}, {"open": false} or {"open": "schedule"}.' }, 400);
    desk.hours = open;
    return c.json({ open });
  });
  app.get('/sandbox/helpdesk/chat', async (c) => {
    const { db } = c.var;
    const open = await openChats(db);
    const chosen = Number(c.req.query('chat') ?? NaN);
    const one = Number.isInteger(chosen) ? await chatById(db, chosen) : undefined;
    const lines = one ? await linesAfter(db, one.id, 0, 10_000) : [];
    const preferences = one?.memberId ? await describedContactPreferencesOf(db, one.memberId) : null;
    const who = (ch: { name: string; email: string; msisdn: string | null; verified: boolean }) =>
      html`${ch.name} &lt;${ch.email}&gt;${ch.msisdn ? html`, ${ch.msisdn}` : ''}
      ${ch.verified ? html`(signed in to my48)` : html`<strong>${SENDER_NOT_VERIFIED}</strong>`}`;
    return c.html(
      sandboxPage(
        'Chat console sandbox',
        html`<h1>Help desk sandbox: live chat</h1>
          <p>
            <strong>This is not the real help desk.</strong> No chat desk is configured, so the chats people start from
            /contact-us, /help and my48 are answered here, as an agent would. Hours:
            ${desk.hours === 'schedule' ? 'the schedule' : desk.hours ? 'forced open' : 'forced closed'}.
          </p>
          <p><a href="/sandbox/helpdesk/chat">Refresh</a> · <a href="/sandbox/helpdesk">Tickets and complaints</a></p>
          <h2>Chats waiting or open</h2>
          ${
            open.length === 0
              ? html`<p>No chats waiting.</p>`
              : html`<ol>
                  ${open.map(
                    (ch) =>
                      html`<li>
                        <a href="/sandbox/helpdesk/chat?chat=${ch.id}">${chatReference(ch.id)}</a> (${ch.state}${
                          ch.agentName ? html`, with ${ch.agentName}` : ''
                        }):
                        ${who(ch)}
                        ${
                          ch.state === 'waiting'
                            ? html`<form method="post" action="/sandbox/helpdesk/chat/${ch.id}/take">
                                <button type="submit">Take ${chatReference(ch.id)}</button>
                              </form>`
                            : ''
                        }
                      </li>`,
                  )}
                </ol>`
          }
          ${
            one
              ? html`<section aria-labelledby="chat-heading">
                  <h2 id="chat-heading">${chatReference(one.id)} (${one.state})</h2>
                  <p>${who(one)}</p>
                  ${preferences ? html`<p><strong>How to contact them:</strong> ${preferences}</p>` : ''}
                  <ol aria-label="Conversation">
                    ${lines.map(
                      (l) =>
                        html`<li>
                          <strong
                            >${l.author === 'agent' ? (l.name ?? AGENT) : l.author === 'person' ? one.name : '48'}:</strong
                          >
                          <span>${l.body}</span>
                        </li>`,
                    )}
                  </ol>
                  ${
                    one.state === 'waiting' || one.state === 'talking'
                      ? html`<form method="post" action="/sandbox/helpdesk/chat/${one.id}/answer">
                            <label for="answer">Answer as ${one.agentName ?? AGENT}</label><br />
                            <textarea id="answer" name="body" rows="3" cols="60" maxlength="2000" required></textarea
                            ><br />
                            <button type="submit">Send</button>
                          </form>
                          <form method="post" action="/sandbox/helpdesk/chat/${one.id}/end">
                            <button type="submit">End ${chatReference(one.id)}</button>
                          </form>`
                      : html`<p>This chat is over${one.rating ? html`; rated ${one.rating} of 5` : ''}.</p>`
                  }
                </section>`
              : ''
          }`,
      ),
    );
  });
  app.post('/sandbox/helpdesk/chat/:id{[0-9]{1,10}}/:step{take|answer|end}', async (c) => {
    const id = Number(c.req.param('id'));
    const step = c.req.param('step');
    const ctx = { db: c.var.db, clock: c.var.clock };
    const form = await c.req.parseBody();
    const body = text(form['body']).trim();
    if (step === 'take') {
      const taken = await agentTakes(ctx, id, AGENT);
      if (!taken.ok)
        return c.text(taken.reason === 'taken' ? 'Someone has taken that chat.' : 'That chat is over.', 409);
    } else if (step === 'answer') {
      if (!body || body.length > 2000) return c.text('Write an answer of up to 2,000 characters.', 400);
      const said = await agentSays(ctx, id, AGENT, body);
      if (!said.ok) return c.text('That chat is over.', 409);
    } else {
      const ended = await endChat(ctx, id, 'agent', c.var.config.siteUrl);
      if (!ended.ok) return c.text('No such chat.', 404);
    }
    return c.redirect(`/sandbox/helpdesk/chat?chat=${id}`, 303);
  });
  return app;
}
