import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { outbox } from '../../db/schema.ts';
import type { Clock } from '../../kernel/clock.ts';

/**
 * Mail goes to the outbox table. No mail server is configured in this project yet, so the
 * outbox is shown at /sandbox/mail (sandbox.ts); a mail adapter would send from it and set sent_at.
 */
export async function sendMail(db: Queryable, clock: Clock, mail: { to: string; subject: string; body: string }) {
  await db.insert(outbox).values({ ...mail, createdAt: clock() });
}

/** Mail to an address, sent or waiting, gone (an account deleted: the mail names the person). */
export async function forgetMailTo(db: Queryable, to: string) {
  await db.delete(outbox).where(eq(outbox.to, to));
}
