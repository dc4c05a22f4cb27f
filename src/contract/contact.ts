/**
 * Contact and help-desk tickets (docs/product/customer-care.md): the topics of /contact-us, the references a
 * ticket and a complaint get, and the limits of a message. Zod-free: the contact page shows these.
 */
export const CONTACT_TOPICS = [
  'My account',
  'Payments and credit',
  'My SIM or order',
  'Coverage',
  'Something else',
  'Make a complaint',
  'An accessibility barrier',
] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];
export const COMPLAINT_TOPIC: ContactTopic = 'Make a complaint';
/**
 * A barrier someone met on the site or in my48 (the accessibility statement's form): a ticket
 * answered within {@link BARRIER_WORKING_DAYS} working days, by the day its mail names.
 */
export const BARRIER_TOPIC: ContactTopic = 'An accessibility barrier';
export const BARRIER_WORKING_DAYS = 5;

export const TICKET_KINDS = ['ticket', 'complaint'] as const;
/**
 * Who a ticket is from: a person (a visitor or a member), the mobile network asking the operator for
 * information, a member's "this wasn't me" (a fraud case), or a port-out asked for a number whose
 * lock is on (for the desk to check with the member). The last two are urgent, at the top of the
 * desk's queue.
 */
export const TICKET_ORIGINS = ['person', 'network', 'fraud', 'lock'] as const;
export type TicketOrigin = (typeof TICKET_ORIGINS)[number];
export type TicketKind = (typeof TICKET_KINDS)[number];
export const TICKET_ENTRY_AUTHORS = ['customer', 'agent', 'portal'] as const;
/** A ticket's states: open, answered by an agent, closed. */
export const TICKET_STATES = ['open', 'answered', 'closed'] as const;
/** A complaint's states (docs/product/customer-care.md), in the order of its timeline. */
export const COMPLAINT_STATES = ['received', 'acknowledged', 'update', 'response', 'escalated', 'closed'] as const;
export type ComplaintState = (typeof COMPLAINT_STATES)[number];
/** Every state the tickets table holds (a check ties each to its kind). */
export const ALL_TICKET_STATES = ['open', 'answered', ...COMPLAINT_STATES] as const;
export type TicketState = (typeof ALL_TICKET_STATES)[number];
/**
 * What a timeline entry is: a ticket's message and answers; a complaint's steps, each mailed
 * (docs/product/customer-care.md: key messages on a durable medium).
 */
export const TICKET_ENTRY_KINDS = ['message', 'answer', ...COMPLAINT_STATES] as const;
export type TicketEntryKind = (typeof TICKET_ENTRY_KINDS)[number];

/** What a member reads for each entry of a timeline. */
export const ENTRY_LABELS: Record<TicketEntryKind, string> = {
  message: 'Your message',
  answer: 'Our answer',
  received: 'Received',
  acknowledged: 'Acknowledged',
  update: 'Update',
  response: 'Response',
  escalated: 'Escalated to a team lead',
  closed: 'Closed',
};
/** The state as a member reads it in the list. */
export const STATE_LABELS: Record<TicketState, string> = {
  open: 'Waiting for an answer',
  answered: 'Answered',
  received: 'Received',
  acknowledged: 'Acknowledged',
  update: 'Updated',
  response: 'Responded',
  escalated: 'With a team lead',
  closed: 'Closed',
};

/** The complaints code's clock, in Irish working days from the day of receipt. */
export const ACKNOWLEDGE_WORKING_DAYS = 2;
export const RESPOND_WORKING_DAYS = 10;
/** Complaint records are kept this long after closing (the code of practice), then removed. */
export const KEEP_CLOSED_DAYS = 365;
export const ESCALATION_REASON_MAX = 1000;
/** Complaints a member may raise from my48 in an hour (a person, not a script). */
export const COMPLAINTS_PER_HOUR = 5;

/** ComReg, to whom a member may refer a complaint (docs/product/customer-care.md): the card's heading and details. */
export const COMREG = {
  heading: 'Not happy with our answer?',
  name: 'Commission for Communications Regulation (ComReg)',
  address: ['Block DEF, Abbey Court', 'Irish Life Centre', 'Lower Abbey Street', 'Dublin 1'],
  web: 'www.comreg.ie',
  url: 'https://www.comreg.ie',
  phone: '01 804 9600',
} as const;

/** `48-T-000123` for a ticket, `48-C-000123` for a complaint: six digits from the ticket's number. */
export const ticketReference = (kind: TicketKind, id: number) =>
  `48-${kind === 'complaint' ? 'C' : 'T'}-${String(id).padStart(6, '0')}`;

export const CONTACT_MESSAGE_MAX = 5000;

/** Attachments (docs/product/customer-care.md): images and PDF, as their content shows, up to 5 MB each, three a message. */
export const ATTACHMENT_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'application/pdf'] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];
export const ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
export const ATTACHMENTS_PER_MESSAGE = 3;
/** What the file picker offers (the server checks the content whatever it is called). */
export const ATTACHMENT_ACCEPT = ATTACHMENT_TYPES.join(',');
/** Sends from one address (a visitor's network) in the rate limit's window. */
export const CONTACT_PER_WINDOW = 5;

/** What the agent reads above a message no member's session sent (the desk and its sandbox). */
export const SENDER_NOT_VERIFIED =
  'Sender not verified: sent without signing in, so the name, address and number are only what the form said.';
