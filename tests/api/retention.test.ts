import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { networkEvents, outbox, pushSubscriptions, sessions } from '../../src/server/db/schema.ts';
import { pruneGrowingTables, RETENTION } from '../../src/server/services/retention.ts';
import { createMember } from './builders.ts';
import { forEachDatabase } from './harness.ts';

const DAY = 86_400_000;

forEachDatabase(
  'retention',
  (ctx) => {
    it('removes sessions a month old and mail sent three months ago; keeps a session with a device subscribed, unsent mail and what is recent', async () => {
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

      expect(await pruneGrowingTables({ db: c.handle.db, clock: () => c.clock.now })).toMatchObject({
        sessions: 1,
        mail: 1,
        networkEvents: 1,
      });
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
      });
    });
  },
  undefined,
  'catalogue',
);
