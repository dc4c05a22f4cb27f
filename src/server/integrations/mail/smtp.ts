import nodemailer from 'nodemailer';
import type { MailTransport } from './sender.ts';

/**
 * Mail over SMTP with nodemailer (docs/product/production.md): SMTP_URL is smtp://user:pass@host:port or
 * smtps://…, MAIL_FROM the sender. One pooled transport per process.
 */
export function smtpTransport({
  url,
  from,
  timeoutMs = 10_000,
}: {
  url: string;
  from: string;
  timeoutMs?: number;
}): MailTransport {
  const transport = nodemailer.createTransport(url, { from });
  // nodemailer takes its timeouts from the URL's query or the options; set them so a dead server cannot hold the sender.
  Object.assign(transport.options, {
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  return {
    async send(mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    },
    async verify() {
      try {
        return await transport.verify();
      } catch {
        return false;
      }
    },
    close: () => transport.close(),
  };
}
