import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_TYPES,
  ATTACHMENTS_PER_MESSAGE,
  type AttachmentType,
} from '../../contract/contact.ts';
import { contactApi, contactFailures, ContactForm } from '../../contract/contact.schema.ts';
import { captchaAnswer } from '../../lib/captcha.ts';
import { call, ShownError } from '../../lib/http.ts';
import { formOptions } from '../../stores/form.ts';
import { $attachments } from './contact-files.ts';
import { $contactSpeech } from './contact-words.ts';
import { fill } from '../../contract/i18n/fill.ts';

/** What the browser can tell before sending (the server checks each file's content again), in the page's words. */
function checkFiles(files: File[]): void {
  const words = $contactSpeech.get()?.words;
  if (files.length > ATTACHMENTS_PER_MESSAGE)
    throw new ShownError(words?.['contact.tooMany'] ?? `Attach at most ${ATTACHMENTS_PER_MESSAGE} files.`);
  for (const file of files) {
    if (file.size > ATTACHMENT_MAX_BYTES)
      throw new ShownError(
        fill(words?.['contact.tooLarge'] ?? '{name} is larger than 5 MB. Attach a smaller one.', { name: file.name }),
      );
    if (file.type && !(ATTACHMENT_TYPES as readonly string[]).includes(file.type as AttachmentType))
      throw new ShownError(
        `${file.name}: ${words?.['error.contact.notImageOrPdf'] ?? contactFailures.notImageOrPdf.message}`,
      );
  }
}

/** The message is checked here and by the server, each file uploaded, the captcha answered, then the ticket opened. */
export const contactForm = formOptions({
  schema: ContactForm.omit({ captcha: true, attachments: true }),
  labels: {
    topic: 'Topic',
    name: 'Your name',
    email: 'E-mail address',
    msisdn: 'Mobile number',
    message: 'Your message',
  },
  busyLabel: 'Sending your message…',
  send: async (message, step) => {
    const files = $attachments.get();
    const words = $contactSpeech.get()?.words;
    checkFiles(files);
    const attachments: string[] = [];
    for (const file of files) {
      step(fill(words?.['contact.uploading'] ?? 'Uploading {name}…', { name: file.name }));
      const { _payload } = await call(contactApi.upload, { query: { filename: file.name }, body: file });
      attachments.push(_payload.id);
    }
    step(words?.['contact.sending'] ?? 'Sending your message…');
    const captcha = await captchaAnswer('contact');
    const sent = (await call(contactApi.send, { body: { ...message, attachments, captcha } }))._payload;
    $attachments.set([]);
    return sent;
  },
});
