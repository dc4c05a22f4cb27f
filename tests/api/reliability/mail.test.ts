import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { outbox } from '../../../src/server/db/schema.ts';
import { MAIL_MAX_ATTEMPTS, retryDelayMs, sendOutbox } from '../../../src/server/integrations/mail/sender.ts';
import { smtpTransport } from '../../../src/server/integrations/mail/smtp.ts';
import { forEachDatabase, signUpMember, type TestContext } from '../support/harness.ts';
import { mailSink } from '../../setup/mail-sink.ts';

/**
 * docs/product/production.md "Mail that arrives": the outbox delivered over SMTP by nodemailer to a real SMTP
 * server (smtp-server, nodemailer's sibling) listening on this machine: plain text and HTML, retries
 * with backoff, sent once when two senders run at once, and the member's action never waits for it.
 */
const sink = mailSink();
const received = sink.received;
let url = '';
beforeAll(async () => {
  url = await sink.listen();
});
afterAll(sink.close);

/** An outbox holding only `count` mails, to `<name><i>@example.com`, due now. */
async function outboxOf(c: TestContext, count: number, name: string) {
  await c.handle.db.delete(outbox);
  await c.handle.db.insert(outbox).values(
    Array.from({ length: count }, (_, i) => ({
      to: `${name}${i}@example.com`,
      subject: `Mail ${i}`,
      body: `Number ${i}.`,
      createdAt: c.clock.now,
    })),
  );
}

forEachDatabase('mail', { seed: 'catalogue', rateLimit: undefined }, (ctx) => {
  const transport = () => smtpTransport({ url, from: '48 <hello@48.ie>' });

  it('a sign-up answers at once; its verification mail then arrives over SMTP, in text and HTML, once', async () => {
    received.length = 0;
    const c = ctx();
    await c.handle.db.delete(outbox);
    await signUpMember(c, 'smtp.member@example.com'); // answered before any mail went out
    const [queued] = await c.handle.db.select().from(outbox).where(eq(outbox.to, 'smtp.member@example.com'));
    expect(queued!.sentAt).toBeNull();
    const t = transport();
    expect(await t.verify()).toBe(true);
    expect(await sendOutbox({ db: c.handle.db, clock: () => c.clock.now }, t)).toBe(1);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ to: 'smtp.member@example.com', subject: queued!.subject });
    const code = /verification code is (\d{6})/.exec(received[0]!.text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(received[0]!.html).toContain(`verification code is ${code}`);
    expect(received[0]!.html).toMatch(/<a href="http[^"]+">/);
    const [sent] = await c.handle.db.select().from(outbox).where(eq(outbox.id, queued!.id));
    expect(sent!.sentAt).not.toBeNull();
    expect(await sendOutbox({ db: c.handle.db, clock: () => c.clock.now }, t)).toBe(0);
    expect(received).toHaveLength(1);
    t.close();
  });

  it('a refused delivery is tried again with backoff, at most 5 times, with the last error kept', async () => {
    received.length = 0;
    const c = ctx();
    await c.handle.db.delete(outbox);
    await c.handle.db
      .insert(outbox)
      .values({ to: 'later@example.com', subject: 'Hello', body: 'Hi there.', createdAt: c.clock.now });
    const t = transport();
    const run = () => sendOutbox({ db: c.handle.db, clock: () => c.clock.now }, t);
    sink.state.refusing = 'mailbox busy, try later';
    expect(await run()).toBe(0);
    let [row] = await c.handle.db.select().from(outbox);
    expect(row).toMatchObject({ attempts: 1, sentAt: null });
    expect(row!.lastError).toContain('mailbox busy');
    expect(await run()).toBe(0); // not due yet
    expect((await c.handle.db.select().from(outbox))[0]!.attempts).toBe(1);
    for (let attempt = 1; attempt < MAIL_MAX_ATTEMPTS; attempt++) {
      c.clock.advance(retryDelayMs(attempt));
      await run();
    }
    [row] = await c.handle.db.select().from(outbox);
    expect(row!.attempts).toBe(MAIL_MAX_ATTEMPTS);
    sink.state.refusing = null;
    c.clock.advance(3_600_000);
    expect(await run()).toBe(0); // given up after 5 tries
    expect(received).toHaveLength(0);
    // A second mail goes through at once.
    await c.handle.db
      .insert(outbox)
      .values({ to: 'now@example.com', subject: 'Hello', body: 'Hi.', createdAt: c.clock.now });
    expect(await run()).toBe(1);
    t.close();
  });

  it('two senders at once (two instances) deliver each mail once', async () => {
    received.length = 0;
    const c = ctx();
    await outboxOf(c, 30, 'm');
    const [a, b] = [transport(), transport()];
    const counts = await Promise.all(
      [a, b, a, b].map((t) => sendOutbox({ db: c.handle.db, clock: () => c.clock.now }, t, 10)),
    );
    expect(counts.reduce((x, y) => x + y, 0)).toBe(30);
    expect(received).toHaveLength(30);
    expect(new Set(received.map((r) => r.to)).size).toBe(30);
    a.close();
    b.close();
  });

  it('a slow SMTP server never lets a batch’s claim lapse: another sender sends none of it again', async () => {
    received.length = 0;
    const c = ctx();
    await outboxOf(c, 4, 'slow');
    const smtp = transport();
    const clock = () => c.clock.now;
    let others = 0;
    // Each send takes 40 s of the clock (a slow server), and another instance's sender runs meanwhile.
    const slow = {
      ...smtp,
      async send(mail: Parameters<typeof smtp.send>[0]) {
        c.clock.advance(40_000);
        others += await sendOutbox({ db: c.handle.db, clock }, smtp);
        await smtp.send(mail);
      },
    };
    expect(await sendOutbox({ db: c.handle.db, clock }, slow)).toBe(4);
    expect(others).toBe(0);
    expect(received.map((r) => r.to).sort()).toEqual([0, 1, 2, 3].map((i) => `slow${i}@example.com`));
    smtp.close();
  });
});
