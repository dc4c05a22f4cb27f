import { z } from './zod.ts';
import {
  ALL_TICKET_STATES,
  CONTACT_TOPICS,
  ESCALATION_REASON_MAX,
  TICKET_ENTRY_AUTHORS,
  TICKET_ENTRY_KINDS,
  TICKET_KINDS,
} from './contact.ts';
import { failures } from './endpoint.ts';
import { ticketFields } from './forms.schema.ts';
import { endpointsOf, payload, UserParams } from './shared.schema.ts';

/**
 * my48 → Support (docs/product/customer-care.md): the member's tickets and complaints with their state and the
 * day a complaint's response is due, each one's timeline, raising a complaint, and asking for a
 * team lead. The server decides where a complaint stands on the code's clock (overdue, the ComReg
 * card, whether it can be escalated); the screen shows it.
 */
export const ComplaintForm = z.object(ticketFields);

export const EscalationForm = z.object({
  reason: z
    .string({ error: 'reason is required' })
    .trim()
    .max(ESCALATION_REASON_MAX, { error: `Keep it under ${ESCALATION_REASON_MAX} characters.` }),
});

const Summary = z
  .object({
    reference: z.string().meta({ example: '48-C-000040' }),
    kind: z.enum(TICKET_KINDS),
    topic: z.enum(CONTACT_TOPICS),
    state: z.enum(ALL_TICKET_STATES),
    created_at: z.string(),
    due_on: z.string().nullable().meta({ description: "A complaint's response is due on this Irish day (YYYY-MM-DD)" }),
    overdue: z.boolean().meta({ description: 'The due day has passed without a response' }),
    comreg: z.boolean().meta({
      description: 'Show "Not happy with our answer?": working day 10 unresolved, after a response, or closed',
    }),
    can_escalate: z
      .boolean()
      .meta({ description: 'A team lead may be asked for (an open complaint, not yet escalated)' }),
  })
  .meta({ id: 'SupportTicket' });
export type SupportTicket = z.infer<typeof Summary>;

const Entry = z
  .object({
    kind: z.enum(TICKET_ENTRY_KINDS),
    author: z.enum(TICKET_ENTRY_AUTHORS),
    body: z.string().meta({ description: 'Plain text, as written (never HTML)' }),
    due_on: z.string().nullable().meta({ description: "An update's new date for the response" }),
    created_at: z.string(),
  })
  .meta({ id: 'SupportEntry' });
export type SupportEntry = z.infer<typeof Entry>;

const ReferenceParams = UserParams.extend({
  reference: z.string().regex(/^48-[CT]-[0-9]{6}$/, { error: 'must be a reference like 48-C-000123' }),
});

const base = '/panda/protected/users/{user_id}/support';

const endpoint = endpointsOf({ tag: 'Support', access: 'member' });

export const supportApi = {
  tickets: endpoint({
    id: 'supportTickets',
    method: 'get',
    path: `${base}/tickets`,
    summary: "The member's tickets and complaints, newest first, with state, due day and where each stands",
    params: UserParams,
    answer: payload(z.object({ values: z.array(Summary) })),
    description: 'The tickets and complaints',
  }),
  ticket: endpoint({
    id: 'supportTicket',
    method: 'get',
    path: `${base}/tickets/{reference}`,
    summary: 'One of the member’s tickets or complaints with its timeline (each entry was also mailed)',
    params: ReferenceParams,
    answer: payload(Summary.extend({ entries: z.array(Entry) }).meta({ id: 'SupportTimeline' })),
    description: 'The timeline',
    errors: { 404: 'No ticket of yours has this reference' },
  }),
  raiseComplaint: endpoint({
    id: 'raiseComplaint',
    moves: 'none',
    method: 'post',
    path: `${base}/complaints`,
    summary: 'Raises a complaint: its reference at once, acknowledged and mailed with the day its response is due',
    params: UserParams,
    body: ComplaintForm.meta({ id: 'ComplaintBody' }),
    status: 201,
    answer: payload(
      z.object({
        reference: z.string(),
        due_on: z.string(),
        copied: z.boolean().meta({ description: 'Whether the mail carries a copy (only to a verified address)' }),
      }),
    ),
    description: 'Received and acknowledged',
    errors: { 429: 'Too many complaints in an hour' },
  }),
  escalate: endpoint({
    id: 'escalateComplaint',
    moves: 'none',
    method: 'post',
    path: `${base}/tickets/{reference}/escalation`,
    summary: 'Asks for a team lead to look at an open complaint (once); mailed, and the help desk is told',
    params: ReferenceParams,
    body: EscalationForm,
    answer: payload(z.object({ message: z.string() })),
    description: 'Escalated',
    errors: { 404: 'No ticket of yours has this reference', 409: 'Closed, already escalated, or not a complaint' },
  }),
};

export const supportFailures = failures('support', {
  notFound: { status: 404, message: 'We could not find that ticket among yours.' },
  notComplaint: { status: 409, message: 'Only a complaint can go to a team lead. Raise a complaint about it instead.' },
  closed: {
    status: 409,
    message: 'This complaint is closed. If you are not happy with our answer, you can refer it to ComReg.',
  },
  already: { status: 409, message: 'A team lead already has this complaint.' },
});

export const supportMessages = {
  escalated: 'A team lead has your complaint now. We have e-mailed you a copy.',
} as const;
