import { z } from 'zod';
import { CONTACT_MESSAGE_MAX, CONTACT_TOPICS } from './contact.ts';
import { endpoint, failures } from './endpoint.ts';
import { captchaRule, emailRule, irishMobileRule, nameRule } from './forms.schema.ts';
import { messages } from './messages.ts';
import { payload } from './shared.schema.ts';

/** The contact form (customer-care.md): who, about what, the number concerned if any, and the message. */
export const ContactForm = z.object({
  topic: z.enum(CONTACT_TOPICS, { error: 'Choose what your message is about.' }),
  name: nameRule('name'),
  email: emailRule(),
  msisdn: z.union([z.literal(''), irishMobileRule]).optional(),
  message: z
    .string({ error: 'message is required' })
    .trim()
    .min(10, { error: 'Tell us a little more: at least 10 characters.' })
    .max(CONTACT_MESSAGE_MAX, { error: `Keep it under ${CONTACT_MESSAGE_MAX} characters.` }),
  captcha: captchaRule,
});

export const contactApi = {
  send: endpoint({
    id: 'contact',
    moves: 'none',
    method: 'post',
    path: '/panda/public/contact',
    access: 'public',
    tag: 'Contact',
    summary: 'Sends a message to the help desk: a ticket, or a complaint, with its reference at once (and by e-mail)',
    body: ContactForm.meta({ id: 'ContactBody' }),
    status: 201,
    answer: payload(z.object({ reference: z.string(), kind: z.enum(['ticket', 'complaint']) })),
    description: 'Received: the reference, also mailed with a copy of the message',
    errors: { 400: 'A field is wrong, or the captcha failed', 429: 'Too many messages from this address' },
  }),
};

export const contactFailures = failures('contact', {
  captchaFailed: { status: 400, message: messages.captchaFailed },
});
