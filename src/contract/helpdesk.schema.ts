import { z } from './zod.ts';
import { failures } from './endpoint.ts';
import { endpointsOf, payload } from './shared.schema.ts';

/** An agent's step as the help desk's webhook sends it (its payload template names these fields). */
export const HelpdeskEvent = z
  .object({
    external_id: z.string().regex(/^48-[CT]-[0-9]{6}$/, { error: 'external_id must be a reference like 48-C-000123' }),
    comment_id: z.string().min(1).max(64),
    step: z.enum(['answer', 'update', 'response', 'close'], {
      error: 'step must be answer, update, response or close',
    }),
    body: z.string().max(20_000).default(''),
    due_on: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'due_on must be a day like 2026-12-10' })
      .optional(),
  })
  .meta({ id: 'HelpdeskEvent' });

/** Single sign-on to the help desk, and the help desk's webhook for agents' steps on tickets and complaints. */
const endpoint = endpointsOf({ tag: 'Help desk', access: 'member' });

export const helpdeskApi = {
  sso: endpoint({
    id: 'helpdeskSso',
    method: 'get',
    path: '/panda/protected/users/{user_id}/sso',
    summary:
      'The help-desk single sign-on token: a JWT (HS512) with jti, name, email and organization 48, valid 5 minutes',
    answer: payload(z.object({ sso: z.string(), url: z.string().nullable() })),
    description: 'The signed token and the help-desk address to send it to (null when no help desk is configured)',
    errors: { 403: 'The e-mail address is not verified: the desk would trust an address nobody proved' },
  }),
  event: endpoint({
    id: 'helpdeskEvent',
    moves: 'none',
    method: 'post',
    path: '/panda/public/helpdesk/events',
    access: 'public',
    summary:
      "The help desk's webhook (docs/product/customer-care.md): an agent's step on a ticket or complaint (answer, update with a new date, response, close), signed as Zendesk signs webhooks (X-Zendesk-Webhook-Signature: base64 HMAC-SHA256 of timestamp and body; 5-minute window). Each comment counts once.",
    body: HelpdeskEvent,
    answer: payload(z.object({ message: z.string() })),
    description: 'Recorded (or already recorded), mailed to the person',
    errors: {
      401: 'No good signature (checked before anything else, whatever the body names)',
      404: 'No webhook here (no secret is configured), or, signed, no ticket has this reference',
      413: 'The body is larger than 256 KB (refused before its signature is read)',
      415: 'The body is not application/json',
      409: 'The ticket is closed',
      422: 'The step does not fit the ticket (an answer to a complaint, an update without a later date)',
    },
  }),
};

export const helpdeskFailures = failures('helpdesk', {
  badSignature: { status: 401, message: 'Invalid or expired signature' },
  unverified: {
    status: 403,
    message: 'Verify your e-mail address first: the help desk knows you by it.',
  },
  unknown: { status: 404, message: 'No ticket has this reference.' },
  closed: { status: 409, message: 'That ticket is closed.' },
  notForThisKind: { status: 422, message: 'A ticket is answered; a complaint is updated or responded to.' },
  badDate: { status: 422, message: 'An update needs a new date after today, within 60 working days.' },
  empty: { status: 422, message: 'The step has no text.' },
});
