import { z } from 'zod';
import { credential, httpsUrl, integration, type Integration, settings } from '../../../../integrations/integration.ts';
import { deskTickets, sandboxTickets, type TicketsAdapter } from './index.ts';

/**
 * The help desk's tickets API and the secret its webhook signs agents' steps with (all three, or
 * none: tickets are answered at /sandbox/helpdesk).
 */
export const ticketsSettings = settings({
  shape: {
    HELPDESK_API_URL: httpsUrl(),
    HELPDESK_API_TOKEN: credential(),
    HELPDESK_WEBHOOK_SECRET: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
  },
  service: ['HELPDESK_API_URL', 'HELPDESK_API_TOKEN', 'HELPDESK_WEBHOOK_SECRET'],
  adapter: (s): TicketsAdapter =>
    s.HELPDESK_API_URL && s.HELPDESK_API_TOKEN
      ? deskTickets({ url: s.HELPDESK_API_URL, token: s.HELPDESK_API_TOKEN })
      : sandboxTickets(),
});

/** Tickets handed to the help desk: the sandbox help desk reads them from the database by default. */
export const tickets: Integration<TicketsAdapter> = integration<TicketsAdapter>({
  create: () => sandboxTickets(),
});
