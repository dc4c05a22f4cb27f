import { lazyForm } from '../../stores/lazy-form.ts';

/** The contact form; its rule, the captcha and the call load on the first submit (contact-actions.ts). */
export const contactForm = lazyForm('Sending your message…', () =>
  import('./contact-actions.ts').then((m) => m.contactForm),
);
