import { and, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { alertsApi } from '../../../src/contract/alerts.schema.ts';
import * as schema from '../../../src/server/db/schema.ts';
import { alerts, memberships, notifications, outbox } from '../../../src/server/db/schema.ts';
import { runAlerts } from '../../../src/server/modules/money/index.ts';
import { runRenewals } from '../../../src/server/modules/money/memberships/renewals.job.ts';
import { send } from '../support/client.ts';
import { forEachDatabase, type TestContext } from '../support/harness.ts';
import { make, me } from '../support/member-controls.ts';

/** A member's alerts of one cause (each cause is raised once per membership, card or month). */
const alertsOf = (c: TestContext, memberId: number, cause: (typeof alerts.$inferSelect)['cause']) =>
  c.handle.db
    .select()
    .from(alerts)
    .where(and(eq(alerts.memberId, memberId), eq(alerts.cause, cause)));

forEachDatabase('alerts', { seed: 'catalogue', rateLimit: undefined }, (ctx) => {
  it('alerts: 80 % data and the renewal reminder once per cause, also when the job runs twice or after downtime; switches are obeyed', async () => {
    const c = ctx();
    const job = () => runAlerts({ db: c.handle.db, clock: () => c.clock.now });
    const controls = await make(c, 'controls');
    const id = controls.userId;
    await job();
    await job();
    const raised = await c.handle.db.select().from(alerts).where(eq(alerts.memberId, id));
    expect(raised.map((a) => a.cause).sort()).toEqual(['data80', 'renewal']);
    const reminder = raised.find((a) => a.cause === 'renewal')!;
    expect(reminder.body).toContain(
      'Data Plus €9.99 Membership for €9.99: €2.00 from your credit, then €7.99 from the card ending ····5454',
    );
    // The body says what its title announces, and names the membership once.
    const data = raised.find((a) => a.cause === 'data80')!;
    expect(data.title).toBe('You have used 80 % of your data');
    expect(data.body).toMatch(
      /^You have used over 80 % of the data of your Data Plus €9\.99 Membership \(\d+ % so far\)\. Top up/,
    );
    const notes = await c.handle.db.select().from(notifications).where(eq(notifications.memberId, id));
    expect(notes.filter((n) => n.title === reminder.title)).toHaveLength(1);
    const mails = await c.handle.db.select().from(outbox).where(eq(outbox.to, controls.email));
    expect(mails.filter((m) => m.subject.includes('80 %'))).toHaveLength(1);

    // Switched off by e-mail: the next cause comes in the app only.
    const s = controls.session;
    const settings = (await (await send(c.app, alertsApi.settings, { session: s, params: me(s) })).json())._payload;
    expect(settings.data100).toEqual({ in_app: true, email: true });
    const saved = await send(c.app, alertsApi.saveSettings, {
      session: s,
      params: me(s),
      body: {
        ...settings,
        data100: { in_app: true, email: false },
      },
    });
    expect((await saved.json())._payload.data100).toEqual({ in_app: true, email: false });
    await c.handle.db
      .update(memberships)
      .set({ dataUsedKb: sql`${memberships.dataMaxKb}` })
      .where(and(eq(memberships.ssn, controls.ssn), eq(memberships.status, 'current')));
    await job();
    expect(await alertsOf(c, id, 'data100')).toHaveLength(1);
    expect(
      (await c.handle.db.select().from(outbox).where(eq(outbox.to, controls.email))).filter((m) =>
        m.subject.includes('used up'),
      ),
    ).toHaveLength(0);
    const list = (await (await send(c.app, alertsApi.list, { session: s, params: me(s) })).json())._payload.values;
    expect(list.map((a: { cause: string }) => a.cause)).toContain('data100');

    // A long history is read 50 at a time, each page from where the one before ended.
    await c.handle.db.insert(alerts).values(
      Array.from({ length: 60 }, (_, i) => ({
        memberId: id,
        cause: 'renewal' as const,
        causeKey: `renewal:history:${id}:${i}`,
        title: `Old alert ${i}`,
        body: 'From an earlier year.',
        createdAt: new Date(Date.UTC(2025, 0, 1 + (i % 20))),
      })),
    );
    const first = (await (await send(c.app, alertsApi.list, { session: s, params: me(s) })).json())._payload;
    expect(first.values).toHaveLength(50);
    const second = (
      await (await send(c.app, alertsApi.list, { session: s, params: me(s), query: { before: first.next } })).json()
    )._payload;
    expect(second.next).toBeNull();
    const ids = [...first.values, ...second.values].map((a: { id: number }) => a.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(63);
  });

  it('alerts: a card expiring before the renewal, and a failed renewal (one alert, also when the job runs again)', async () => {
    const c = ctx();
    const { userId: id } = await make(c, 'controls');
    await c.handle.db.update(schema.storedCards).set({ expiry: '10/26' }).where(eq(schema.storedCards.memberId, id));
    await runAlerts({ db: c.handle.db, clock: () => c.clock.now });
    expect(await alertsOf(c, id, 'cardExpiry')).toHaveLength(1);
    // The card is declined at renewal: the member hears of it once.
    c.clock.advance(3 * 86_400_000);
    const declining = {
      ...(await import('../../../src/server/modules/money/integrations/payments/index.ts')).sandboxPayments(),
      chargeStoredCard: async () => ({ paymentId: 'x', code: '800.100.151', description: 'declined' }),
    };
    await runRenewals({ db: c.handle.db, clock: () => c.clock.now, payments: declining });
    await runRenewals({ db: c.handle.db, clock: () => c.clock.now, payments: declining });
    const failed = await alertsOf(c, id, 'renewalFailed');
    expect(failed).toHaveLength(1);
    expect(failed[0]!.body).toContain('the card was declined');
  });

  it('the data alert a membership has reached follows whoever writes its data: used, moved out or in, its allowance and its state', async () => {
    const c = ctx();
    const { ssn } = await make(c, 'controls');
    const current = and(eq(memberships.ssn, ssn), eq(memberships.status, 'current'));
    const [{ id, max }] = (await c.handle.db
      .select({ id: memberships.id, max: memberships.dataMaxKb })
      .from(memberships)
      .where(current)) as [{ id: number; max: number }];
    const levelAfter = async (change: Partial<typeof memberships.$inferInsert>) => {
      await c.handle.db.update(memberships).set(change).where(eq(memberships.id, id));
      const [row] = await c.handle.db
        .select({ level: memberships.dataAlertLevel })
        .from(memberships)
        .where(eq(memberships.id, id));
      return row!.level;
    };
    expect(await levelAfter({ dataUsedKb: 0, dataOutKb: 0, dataInKb: 0, dataAlertedPercent: 0 })).toBe(0);
    expect(await levelAfter({ dataUsedKb: Math.ceil((max * 4) / 5) - 1 })).toBe(0);
    expect(await levelAfter({ dataUsedKb: Math.ceil((max * 4) / 5) })).toBe(80);
    // Data given away counts as used; data received widens the allowance.
    expect(await levelAfter({ dataUsedKb: 0, dataOutKb: max })).toBe(100);
    expect(await levelAfter({ dataInKb: max })).toBe(0);
    expect(await levelAfter({ dataUsedKb: max, dataInKb: 0, dataOutKb: 0 })).toBe(100);
    // The alerts job finds it through its index, raises it once, and is done with it.
    await runAlerts({ db: c.handle.db, clock: () => c.clock.now });
    const [after] = await c.handle.db
      .select({ alerted: memberships.dataAlertedPercent })
      .from(memberships)
      .where(eq(memberships.id, id));
    expect(after!.alerted).toBe(100);
    const due = await c.handle.db
      .select({ id: memberships.id })
      .from(memberships)
      .where(and(eq(memberships.id, id), sql`${memberships.dataAlertLevel} > ${memberships.dataAlertedPercent}`));
    expect(due).toEqual([]);
    // Unlimited, or no longer current: nothing to alert.
    expect(await levelAfter({ dataMaxKb: null })).toBe(0);
    expect(await levelAfter({ dataMaxKb: max })).toBe(100);
    expect(await levelAfter({ status: 'past' })).toBe(0);
  });
});
