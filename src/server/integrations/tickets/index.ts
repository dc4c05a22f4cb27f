/**
 * The help desk's tickets API (customer-care.md): a ticket kept by the portal is handed to the help
 * desk, where agents answer it. A Zendesk-style API in production; the sandbox help desk
 * (/sandbox/helpdesk) reads the portal's own tickets, so handing one over to it is at once.
 */
export interface TicketForDesk {
  reference: string;
  kind: 'ticket' | 'complaint';
  topic: string;
  name: string;
  email: string;
  msisdn: string | null;
  message: string;
}

export interface TicketsAdapter {
  /** Hands the ticket over; throws when the help desk did not take it (it is tried again next turn). */
  forward(ticket: TicketForDesk): Promise<void>;
}

export const sandboxTickets = (): TicketsAdapter & { sandbox: true } => ({
  sandbox: true,
  async forward() {
    /* the sandbox help desk reads the portal's tickets table */
  },
});

/** A Zendesk-style tickets API: POST {url}/api/v2/tickets.json with an API token; the reference as external id. */
export function deskTickets(config: { url: string; token: string }, fetchImpl: typeof fetch = fetch): TicketsAdapter {
  return {
    async forward(t) {
      const res = await fetchImpl(`${config.url.replace(/\/$/, '')}/api/v2/tickets.json`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${config.token}` },
        body: JSON.stringify({
          ticket: {
            external_id: t.reference,
            subject: `${t.reference}: ${t.topic}`,
            comment: { body: t.message },
            requester: { name: t.name, email: t.email },
            tags: [t.kind, ...(t.msisdn ? [`msisdn_${t.msisdn}`] : [])],
            type: t.kind === 'complaint' ? 'problem' : 'question',
          },
        }),
        signal: AbortSignal.timeout(5000),
      });
      if (!res.ok) throw new Error(`the help desk answered ${res.status}`);
    },
  };
}
