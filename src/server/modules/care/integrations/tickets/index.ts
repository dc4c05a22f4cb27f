import { SENDER_NOT_VERIFIED } from '../../../../../contract/contact.ts';
/**
 * The help desk's tickets API (docs/product/customer-care.md): a ticket kept by the portal is handed to the help
 * desk, where agents answer it, and an escalation is passed on to it. A Zendesk-style API in
 * production; the sandbox help desk (/sandbox/helpdesk) reads the portal's own tickets, so handing
 * one over to it is at once. Agents' steps come back through the help desk's webhook.
 */
export interface TicketForDesk {
  reference: string;
  kind: 'ticket' | 'complaint';
  topic: string;
  name: string;
  email: string;
  msisdn: string | null;
  message: string;
  /**
   * Whether a member's signed-in session sent it. Without one the name, address and number are only
   * what a form said: "sender not verified" for the agent, and no account data goes with it.
   */
  senderVerified: boolean;
  /** How the member wants to be contacted (settings → How we contact you), for the agent; null for a visitor. */
  contactPreferences: string | null;
  dueOn: string | null;
  /** A fraud case ("this wasn't me"): urgent, at the top of the desk's queue. */
  urgent?: boolean;
  /** The files attached to the message (images and PDF, as their content showed). */
  attachments: { filename: string; contentType: string; data: Uint8Array }[];
}

export interface TicketsAdapter {
  /** Hands the ticket over and says the desk's id for it; throws when the help desk did not take it (tried again next turn). */
  forward(ticket: TicketForDesk): Promise<{ deskId: string | null }>;
  /** Tells the help desk a member asked for a team lead; throws when it did not take it. */
  escalate(ticket: { reference: string; deskId: string | null; reason: string }): Promise<void>;
  /** Ends every help-desk session of the person with this address (their sign-on revoked); throws when it could not. */
  signOut(email: string): Promise<void>;
  /** Where staff open a ticket at the help desk (null: the desk has not taken it yet). */
  linkTo(ticket: { id: number; deskId: string | null }): string | null;
}

export const sandboxTickets = (): TicketsAdapter & { sandbox: true } => ({
  sandbox: true,
  async forward() {
    /* the sandbox help desk reads the portal's tickets table */
    return { deskId: null };
  },
  async escalate() {
    /* the sandbox help desk shows the escalation from the table */
  },
  async signOut() {
    /* the sandbox help desk keeps no sessions: its sign-on only says whom it would sign in */
  },
  linkTo: (ticket) => `/sandbox/helpdesk#ticket-${ticket.id}`,
});

/**
 * A Zendesk-style tickets API with an API token: a ticket is POST {url}/api/v2/tickets.json with the
 * reference as external id; an escalation a PUT of that ticket (urgent, tagged, an internal note).
 */
export function deskTickets(config: { url: string; token: string }, fetchImpl: typeof fetch = fetch): TicketsAdapter {
  const base = config.url.replace(/\/$/, '');
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${config.token}` };
  return {
    linkTo: (ticket) => (ticket.deskId ? `${base}/agent/tickets/${encodeURIComponent(ticket.deskId)}` : null),
    async forward(t) {
      // Each file goes up first (POST /api/v2/uploads.json); the comment names the tokens it answered.
      const uploads: string[] = [];
      for (const file of t.attachments) {
        const up = await fetchImpl(`${base}/api/v2/uploads.json?filename=${encodeURIComponent(file.filename)}`, {
          method: 'POST',
          headers: { 'content-type': file.contentType, authorization: headers.authorization },
          body: new Blob([new Uint8Array(file.data)], { type: file.contentType }),
          signal: AbortSignal.timeout(15_000),
        });
        if (!up.ok) throw new Error(`the help desk answered ${up.status} to an upload`);
        const token = ((await up.json().catch(() => ({}))) as { upload?: { token?: string } }).upload?.token;
        if (!token) throw new Error('the help desk gave no upload token');
        uploads.push(token);
      }
      const res = await fetchImpl(`${base}/api/v2/tickets.json`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          ticket: {
            external_id: t.reference,
            subject: `${t.reference}: ${t.topic}`,
            // Who sent it and how they want to be contacted go with the message, where the agent reads first.
            comment: {
              body: [
                ...(t.senderVerified ? [] : [`${SENDER_NOT_VERIFIED}\n\n`]),
                t.message,
                ...(t.contactPreferences ? [`\n\n-- How to contact me: ${t.contactPreferences}`] : []),
              ].join(''),
              ...(uploads.length > 0 ? { uploads } : {}),
            },
            requester: { name: t.name, email: t.email },
            tags: [
              t.kind,
              t.senderVerified ? 'sender_verified' : 'sender_not_verified',
              ...(t.msisdn ? [`msisdn_${t.msisdn}`] : []),
              ...(t.contactPreferences ? ['contact_preferences'] : []),
              ...(t.urgent ? ['fraud'] : []),
            ],
            type: t.kind === 'complaint' ? 'problem' : t.urgent ? 'incident' : 'question',
            ...(t.urgent ? { priority: 'urgent' } : {}),
            ...(t.dueOn ? { due_at: `${t.dueOn}T17:00:00Z` } : {}),
          },
        }),
        signal: AbortSignal.timeout(5000),
      });
      if (!res.ok) throw new Error(`the help desk answered ${res.status}`);
      const answer = (await res.json().catch(() => ({}))) as { ticket?: { id?: number | string } };
      const id = answer.ticket?.id;
      return { deskId: id === undefined || id === null ? null : String(id) };
    },
    async escalate(t) {
      if (!t.deskId) throw new Error('the help desk gave no id for this ticket');
      const res = await fetchImpl(`${base}/api/v2/tickets/${encodeURIComponent(t.deskId)}.json`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({
          ticket: {
            priority: 'urgent',
            additional_tags: ['escalated'],
            comment: { body: `The member asked for a team lead (${t.reference}): ${t.reason}`, public: false },
          },
        }),
        signal: AbortSignal.timeout(5000),
      });
      if (!res.ok) throw new Error(`the help desk answered ${res.status}`);
    },
    async signOut(email) {
      // Zendesk: the users with the address, then DELETE /api/v2/users/{id}/sessions for each.
      const found = await fetchImpl(`${base}/api/v2/users/search.json?query=${encodeURIComponent(`email:${email}`)}`, {
        headers,
        signal: AbortSignal.timeout(5000),
      });
      if (!found.ok) throw new Error(`the help desk answered ${found.status}`);
      const { users = [] } = (await found.json().catch(() => ({}))) as { users?: { id?: number | string }[] };
      for (const user of users) {
        if (user.id === undefined) continue;
        const res = await fetchImpl(`${base}/api/v2/users/${encodeURIComponent(String(user.id))}/sessions`, {
          method: 'DELETE',
          headers,
          signal: AbortSignal.timeout(5000),
        });
        if (!res.ok && res.status !== 404) throw new Error(`the help desk answered ${res.status}`);
      }
    },
  };
}
