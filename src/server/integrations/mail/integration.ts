import { z } from 'zod';
import { integration, settings, type Integration } from '../integration.ts';
import { mailSandboxRoutes } from './sandbox.ts';

/** Mail over SMTP (production.md): smtp://user:pass@host:port or smtps://…; unset: mail stays in the outbox (/sandbox/mail). */
export const mailSettings = settings({
  shape: {
    SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be smtp://… or smtps://…' }).optional(),
    /** The sender of the portal's mail. */
    MAIL_FROM: z.string().min(3).default('48 <hello@48.ie>'),
  },
  requiredInProduction: ['SMTP_URL'],
});

/** E-mail goes through the outbox (sendMail); its sandbox shows what was sent. */
export const mail: Integration<undefined> = integration({ sandboxRoutes: () => mailSandboxRoutes() });
