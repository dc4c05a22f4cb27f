import { z } from 'zod';
import { integration, settings, type Integration } from '../integration.ts';
import { mailSandboxRoutes } from './sandbox.ts';
import { scheduleMail, type MailSender } from './sender.ts';
import { smtpTransport } from './smtp.ts';

/** Mail over SMTP (docs/product/production.md): smtp://user:pass@host:port or smtps://…; unset: mail stays in the outbox (/sandbox/mail). */
export const mailSettings = settings({
  shape: {
    SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be smtp://… or smtps://…' }).optional(),
    /** The sender of the portal's mail. */
    MAIL_FROM: z.string().min(3).default('48 <hello@48.ie>'),
  },
  requiredInProduction: ['SMTP_URL'],
  // With a mail server, the outbox is sent on from every instance; without, it stays for /sandbox/mail.
  adapter: (s, { db, clock, logger }): MailSender | undefined =>
    s.SMTP_URL ? scheduleMail({ db, clock }, smtpTransport({ url: s.SMTP_URL, from: s.MAIL_FROM }), logger) : undefined,
});

/** E-mail goes through the outbox (sendMail); its sandbox shows what was sent. */
export const mail: Integration<undefined> = integration({ sandboxRoutes: () => mailSandboxRoutes() });
