import { z } from './zod.ts';
import { LOCALES } from './i18n/locales.ts';
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_TYPES, ATTACHMENTS_PER_MESSAGE, CONTACT_TOPICS } from './contact.ts';
import { failures } from './endpoint.ts';
import { captchaRule, emailRule, nameRule, ticketFields } from './forms.schema.ts';
import { messages } from './messages.ts';
import { endpointsOf, payload } from './shared.schema.ts';

/** The contact form (docs/product/customer-care.md): who, about what, the number concerned if any, and the message. */
export const ContactForm = z.object({
  topic: z.enum(CONTACT_TOPICS, { error: 'Choose what your message is about.' }),
  name: nameRule('name'),
  email: emailRule(),
  ...ticketFields,
  attachments: z
    .array(z.uuid({ error: 'attachments must be the ids the upload answered' }))
    .max(ATTACHMENTS_PER_MESSAGE, { error: `Attach at most ${ATTACHMENTS_PER_MESSAGE} files.` })
    .optional(),
  captcha: captchaRule,
  /** The language of the page it is sent from: the mails' to a sender with no account (docs/product/languages.md). */
  language: z.enum(LOCALES, { error: 'language must be en, ga or pl' }).optional(),
});

const Upload = z
  .object({
    id: z.string().meta({ description: 'The upload, to send in the message’s attachments (kept an hour until then)' }),
    filename: z.string(),
    type: z.enum(ATTACHMENT_TYPES).meta({ description: 'The type its content showed' }),
    size: z.number().int(),
  })
  .meta({ id: 'ContactAttachment' });

const endpoint = endpointsOf({ tag: 'Contact', access: 'public' });

export const contactApi = {
  upload: endpoint({
    id: 'contactAttachment',
    moves: 'none',
    method: 'post',
    path: '/panda/public/contact/attachments',
    bodyType: 'file',
    summary: `Uploads one file for a message: the file's bytes as the body (any content type), its name in ?filename=. Images (JPEG, PNG, GIF, WebP) and PDF only, as the content shows, up to ${ATTACHMENT_MAX_BYTES / 1024 / 1024} MB`,
    query: z.object({ filename: z.string().max(255).optional() }),
    status: 201,
    answer: payload(Upload),
    description: 'Kept for an hour, for a message to name',
    errors: {
      413: 'Larger than 5 MB',
      415: 'Not an image or a PDF, whatever its name or type says',
      429: 'Too many uploads from this address',
    },
  }),
  send: endpoint({
    id: 'contact',
    moves: 'none',
    method: 'post',
    path: '/panda/public/contact',
    summary:
      "Sends a message to the help desk: a ticket, or a complaint, with its reference at once (and by e-mail). With a member's session (optional: x-gg-auth, x-gg-transaction, the binding cookie and the XSRF token) it joins their account and is answered at the account's address; without one it is a visitor's, whatever address it names",
    body: ContactForm.meta({ id: 'ContactBody' }),
    status: 201,
    answer: payload(
      z.object({
        reference: z.string(),
        kind: z.enum(['ticket', 'complaint']),
        due_on: z.iso.date().nullable().meta({
          description:
            'The Irish day an answer is promised by: a complaint’s (10 working days), an accessibility barrier’s (5); null for other messages',
        }),
        email: z.string().meta({ description: 'Where the answer and the reference go' }),
        copied: z.boolean().meta({
          description: 'Whether the mail carries a copy of the message (only to an address a session proves)',
        }),
      }),
    ),
    description: 'Received: the reference, also mailed (with a copy of the message to a proven address)',
    errors: { 400: 'A field is wrong, or the captcha failed', 429: 'Too many messages from this address' },
  }),
};

export const contactFailures = failures('contact', {
  captchaFailed: { status: 400, message: messages.captchaFailed },
  attachmentGone: {
    status: 400,
    message: 'An attachment is no longer waiting (they are kept an hour). Attach the file again.',
  },
  empty: { status: 400, message: 'That file is empty.' },
  tooBig: { status: 413, message: 'That file is larger than 5 MB. Attach a smaller one.' },
  notImageOrPdf: { status: 415, message: 'Attach a photo (JPEG, PNG, GIF or WebP) or a PDF.' },
});
