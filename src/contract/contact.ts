/**
 * Contact and help-desk tickets (customer-care.md): the topics of /contact-us, the references a
 * ticket and a complaint get, and the limits of a message. Zod-free: the contact page shows these.
 */
export const CONTACT_TOPICS = [
  'My account',
  'Payments and credit',
  'My SIM or order',
  'Coverage',
  'Something else',
  'Make a complaint',
] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];
export const COMPLAINT_TOPIC: ContactTopic = 'Make a complaint';

export const TICKET_KINDS = ['ticket', 'complaint'] as const;
export type TicketKind = (typeof TICKET_KINDS)[number];
export const TICKET_ENTRY_AUTHORS = ['customer', 'agent'] as const;
export const TICKET_STATES = ['open', 'answered', 'closed'] as const;

/** `48-T-000123` for a ticket, `48-C-000123` for a complaint: six digits from the ticket's number. */
export const ticketReference = (kind: TicketKind, id: number) =>
  `48-${kind === 'complaint' ? 'C' : 'T'}-${String(id).padStart(6, '0')}`;

export const CONTACT_MESSAGE_MAX = 5000;
/** Sends from one address (a visitor's network) in the rate limit's window. */
export const CONTACT_PER_WINDOW = 5;
