import { contactApi, ContactForm } from '../../contract/contact.schema.ts';
import { captchaAnswer } from '../../lib/captcha.ts';
import { call } from '../../lib/http.ts';
import { formOptions } from '../../stores/form.ts';

/** The message is checked here and by the server, the captcha answered, then the ticket opened. */
export const contactForm = formOptions({
  schema: ContactForm.omit({ captcha: true }),
  labels: {
    topic: 'Topic',
    name: 'Your name',
    email: 'E-mail address',
    msisdn: 'Mobile number',
    message: 'Your message',
  },
  busyLabel: 'Sending your message…',
  send: async (message, step) => {
    const captcha = await captchaAnswer('contact');
    step('Sending your message…');
    return (await call(contactApi.send, { body: { ...message, captcha } }))._payload;
  },
});
