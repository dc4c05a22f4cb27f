import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { networkEvents, networkOrders, outbox, pushSubscriptions, sessions } from '../../../src/server/db/schema.ts';
import { pruneGrowingTables, RETENTION } from '../../../src/server/modules/privacy/retention.ts';
import { createMember } from '../support/builders.ts';
import { forEachDatabase } from '../support/harness.ts';

const DAY = 86_400_000;

forEachDatabase('retention', { seed: 'catalogue', rateLimit: undefined }, (ctx) => {
  it('removes sessions a month old, mail sent three months ago, old events from the network and ended orders; keeps what stands on the network, a session with a device subscribed, unsent mail and what is recent', async () => {
    const c = ctx();
    const m = await createMember(c);
    const now = c.clock.now.getTime();
    const at = (days: number) => new Date(now - days * DAY);
    const session = (name: string, days: number) => ({
      memberId: m.userId,
      tokenHash: `retention-${name}-${m.userId}`,
      bindingHash: 'x',
      createdAt: at(days),
      lastUsedAt: at(days),
    });
    const [old, subscribed, recent] = await c.handle.db
      .insert(sessions)
      .values([
        session('old', RETENTION.sessionDays + 1),
        session('subscribed', RETENTION.sessionDays + 40),
        session('recent', RETENTION.sessionDays - 1),
      ])
      .returning({ id: sessions.id });
    await c.handle.db.insert(pushSubscriptions).values({
      memberId: m.userId,
      endpoint: `https://fcm.googleapis.com/fcm/send/retention-${m.userId}`,
      p256dh: 'k',
      auth: 'a',
      sessionId: subscribed!.id,
      createdAt: at(RETENTION.sessionDays + 40),
    });
    const mail = (subject: string, sentDays: number | null, createdDays: number) => ({
      to: m.email,
      subject,
      body: '-',
      createdAt: at(createdDays),
      sentAt: sentDays === null ? null : at(sentDays),
    });
    await c.handle.db
      .insert(outbox)
      .values([
        mail('sent long ago', RETENTION.sentMailDays + 1, RETENTION.sentMailDays + 1),
        mail('sent lately', 10, 10),
        mail('never sent', null, RETENTION.sentMailDays + 5),
      ]);

    const event = (id: string, days: number) => ({
      eventId: `retention-${id}-${m.userId}`,
      eventType: 'UsageCreateEvent' as const,
      eventTime: at(days),
      outcome: 'applied' as const,
      receivedAt: at(days),
    });
    await c.handle.db
      .insert(networkEvents)
      .values([event('old', RETENTION.networkEventDays + 1), event('recent', RETENTION.networkEventDays - 1)]);

    const order = (name: string, days: number, o: Partial<typeof networkOrders.$inferInsert> = {}) => ({
      externalId: `retention-${name}-${m.userId}`,
      cause: `retention-${name}-${m.userId}`,
      line: m.ssn,
      service: 'mobileLine' as const,
      action: 'modify' as const,
      characteristics: {},
      state: 'completed' as const,
      nextAttemptAt: at(days),
      updatedAt: at(days),
      createdAt: at(days),
      ...o,
    });
    const bar = { service: 'dataAccess' as const, characteristics: { barred: true, reason: 'roamingCap' } };
    await c.handle.db.insert(networkOrders).values([
      order('old-line', RETENTION.networkOrderDays + 1),
      order('old-bar', RETENTION.networkOrderDays + 3, bar),
      order('old-lift', RETENTION.networkOrderDays + 2, {
        ...bar,
        characteristics: { barred: false, reason: 'roamingCap' },
      }),
      order('old-other-bar', RETENTION.networkOrderDays + 2, {
        ...bar,
        characteristics: { barred: true, reason: 'noAllowanceNoCredit' },
      }),
      order('old-queued', RETENTION.networkOrderDays + 5, { state: 'queued' }),
      order('recent', RETENTION.networkOrderDays - 1),
    ]);

    expect(await pruneGrowingTables({ db: c.handle.db, clock: () => c.clock.now })).toMatchObject({
      sessions: 1,
      mail: 1,
      networkEvents: 1,
      networkOrders: 2,
    });
    // What stands on the network (the latest bar or lift of each reason) and what is open or recent stay.
    expect(
      (
        await c.handle.db
          .select({ cause: networkOrders.cause })
          .from(networkOrders)
          .where(eq(networkOrders.line, m.ssn))
      )
        .map((o) => o.cause.split('-').slice(1, -1).join('-'))
        .sort(),
    ).toEqual(['old-lift', 'old-other-bar', 'old-queued', 'recent']);
    expect((await c.handle.db.select().from(networkEvents)).map((e) => e.eventId)).toEqual([
      `retention-recent-${m.userId}`,
    ]);
    const left = (await c.handle.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.memberId, m.userId)))
      .map((s) => s.id)
      .sort();
    expect(left).not.toContain(old!.id);
    expect(left).toEqual(expect.arrayContaining([subscribed!.id, recent!.id]));
    const subjects = (await c.handle.db.select().from(outbox).where(eq(outbox.to, m.email))).map((r) => r.subject);
    expect(subjects).not.toContain('sent long ago');
    expect(subjects).toEqual(expect.arrayContaining(['sent lately', 'never sent']));
    // A second turn finds nothing more.
    expect(await pruneGrowingTables({ db: c.handle.db, clock: () => c.clock.now })).toMatchObject({
      sessions: 0,
      mail: 0,
      networkEvents: 0,
      networkOrders: 0,
    });
  });
});
