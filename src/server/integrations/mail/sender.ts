import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { outbox } from '../../db/schema.ts';
import type { Clock } from '../../kernel/clock.ts';

/** A mail as the transport sends it: plain text and HTML (docs/product/production.md). */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Where mail goes out (SMTP in production; tests use a real SMTP server too). */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  /** Whether the mail server can be reached now. */
  verify(): Promise<boolean>;
  close(): void;
}

/** docs/product/production.md: at most 5 tries; the wait before try n+1 is 10 s × 2^(n−1) (10, 20, 40, 80 s). */
export const MAIL_MAX_ATTEMPTS = 5;
export const retryDelayMs = (attempts: number) => 10_000 * 2 ** Math.max(0, attempts - 1);
/** How long a sender holds the mails it took: another instance takes them only after this (a crashed sender's). */
export const CLAIM_MS = 60_000;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The HTML body of a mail, from its text: paragraphs, line breaks and links kept, everything else escaped. */
export function htmlOf(subject: string, text: string): string {
  const paragraphs = text
    .split(/\n{2,}/)
    .map((p) =>
      escapeHtml(p)
        .replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`)
        .replace(/\n/g, '<br>'),
    )
    .map((p) => `<p style="margin:0 0 1em">${p}</p>`)
    .join('\n');
  return (
    `<!doctype html><html lang="en-IE"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>` +
    `<body style="font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#111">\n${paragraphs}\n</body></html>`
  );
}

/**
 * Sends what is due in the outbox, once across instances: a batch is claimed in one statement
 * (`for update skip locked`, so two senders never take the same mail), sent outside any transaction,
 * then marked sent, or given its error and the time of its next try. Returns how many were sent.
 */
export async function sendOutbox(
  { db, clock }: { db: Database; clock: Clock },
  transport: MailTransport,
  batch = 20,
): Promise<number> {
  const now = clock();
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        isNull(outbox.sentAt),
        lt(outbox.attempts, MAIL_MAX_ATTEMPTS),
        or(isNull(outbox.nextAttemptAt), lte(outbox.nextAttemptAt, now)),
        or(isNull(outbox.claimedUntil), lt(outbox.claimedUntil, now)),
      ),
    )
    .orderBy(asc(outbox.id))
    .limit(batch)
    .for('update', { skipLocked: true });
  let claim = new Date(now.getTime() + CLAIM_MS);
  const claimed = await db
    .update(outbox)
    .set({ claimedUntil: claim, attempts: sql`${outbox.attempts} + 1` })
    .where(sql`${outbox.id} in (${due})`)
    .returning();
  let sent = 0;
  // The batch stays ours while it is sent: before each send the claim on what is left is renewed, so
  // slow sends never let it lapse for another instance to send again. A mail whose claim did lapse
  // (and may have been taken) is left to whoever holds it now.
  const held = new Set(claimed.map((m) => m.id));
  for (const mail of claimed.sort((a, b) => a.id - b.id)) {
    const renewed = new Date(clock().getTime() + CLAIM_MS);
    if (renewed.getTime() > claim.getTime()) {
      const still = await db
        .update(outbox)
        .set({ claimedUntil: renewed })
        .where(and(inArray(outbox.id, [...held]), eq(outbox.claimedUntil, claim), isNull(outbox.sentAt)))
        .returning({ id: outbox.id });
      held.clear();
      for (const { id } of still) held.add(id);
      claim = renewed;
    }
    if (!held.delete(mail.id)) continue;
    try {
      await transport.send({
        to: mail.to,
        subject: mail.subject,
        text: mail.body,
        html: htmlOf(mail.subject, mail.body),
      });
      await db
        .update(outbox)
        .set({ sentAt: clock(), claimedUntil: null, lastError: null })
        .where(eq(outbox.id, mail.id));
      sent += 1;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await db
        .update(outbox)
        .set({
          lastError: message.slice(0, 500),
          claimedUntil: null,
          nextAttemptAt: new Date(clock().getTime() + retryDelayMs(mail.attempts)),
        })
        .where(eq(outbox.id, mail.id));
    }
  }
  return sent;
}

/** A mail server that answered within this long counts as reachable (readiness, docs/product/production.md). */
export const MAIL_HEALTHY_MS = 5 * 60_000;

export interface MailSender {
  /** 'ok' when the mail server answered (a check or a delivery) in the last 5 minutes. */
  status(): 'ok' | 'unreachable';
  stop(): Promise<void>;
}

/**
 * Delivers the outbox every `everyMs` (mail arrives within seconds of its cause) and checks the mail
 * server once a minute. A delivery problem is logged and retried; it never reaches the member's action,
 * which only wrote the outbox row.
 */
export function scheduleMail(
  ctx: { db: Database; clock: Clock },
  transport: MailTransport,
  log: { info(o: object, m: string): void; error(o: object, m: string): void },
  everyMs = 2_000,
): MailSender {
  let lastOk: number | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  const verify = async () => {
    if (lastOk !== undefined && Date.now() - lastOk < 60_000) return;
    if (await transport.verify()) lastOk = Date.now();
    else log.error({}, 'the mail server cannot be reached');
  };
  const run = () => {
    if (running || stopped) return;
    running = (async () => {
      try {
        const sent = await sendOutbox(ctx, transport);
        if (sent > 0) {
          lastOk = Date.now();
          log.info({ mails: sent }, 'mail sent');
        }
      } catch (err) {
        log.error({ err }, 'mail delivery failed');
      }
    })().finally(() => (running = undefined));
  };
  void verify();
  const timer = setInterval(run, everyMs);
  const checker = setInterval(() => void verify(), 60_000);
  timer.unref();
  checker.unref();
  return {
    status: () => (lastOk !== undefined && Date.now() - lastOk < MAIL_HEALTHY_MS ? 'ok' : 'unreachable'),
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearInterval(checker);
      await running;
      transport.close();
    },
  };
}
