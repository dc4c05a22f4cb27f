import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A mail as the sink received it. */
export interface SunkMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  at: string;
}

/**
 * A real SMTP server (smtp-server, nodemailer's sibling) that keeps what it receives, parsed: the
 * mail tests', the production-mode test's and deploy:local's stand-in mail server. While `refusing`
 * says why, it refuses every recipient with a 451 (a mail server away for a moment). `keep` bounds
 * what it holds, the oldest going first.
 */
export function mailSink({ keep = Infinity }: { keep?: number } = {}) {
  const received: SunkMail[] = [];
  const state: { refusing: string | null } = { refusing: null };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (state.refusing) return callback(Object.assign(new Error(state.refusing), { responseCode: 451 }));
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then((mail) => {
        const to = mail.to ? (Array.isArray(mail.to) ? mail.to : [mail.to]).map((a) => a.text).join(', ') : '';
        const html = typeof mail.html === 'string' ? mail.html : '';
        received.push({ to, subject: mail.subject ?? '', text: mail.text ?? '', html, at: new Date().toISOString() });
        if (received.length > keep) received.shift();
        callback();
      }, callback);
    },
  });
  return {
    received,
    state,
    /** Listens (a free port unless given) and answers its smtp:// URL on loopback. */
    async listen(port = 0, host = '127.0.0.1'): Promise<string> {
      await new Promise<void>((resolve) => server.listen(port, host, resolve));
      return `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
