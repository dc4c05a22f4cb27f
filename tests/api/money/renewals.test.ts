import { and, desc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { balances, ledger, memberships, notifications, outbox } from '../../../src/server/db/schema.ts';
import { sandboxPayments } from '../../../src/server/modules/money/integrations/payments/index.ts';
import { runRenewals } from '../../../src/server/modules/money/memberships/renewals.job.ts';
import { createMember } from '../support/builders.ts';
import { forEachDatabase, type TestContext } from '../support/harness.ts';

const DAY = 86_400_000;
const job = (ctx: TestContext) =>
  runRenewals({ db: ctx.handle.db, clock: () => ctx.clock.now, payments: sandboxPayments() });
const current = async (ctx: TestContext, ssn: string) =>
  (
    await ctx.handle.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.ssn, ssn), eq(memberships.status, 'current')))
  )[0];
const renewals = (ctx: TestContext, ssn: string) =>
  ctx.handle.db
    .select()
    .from(ledger)
    .where(and(eq(ledger.ssn, ssn), eq(ledger.kind, 'renewal')));

/** The three states the renewal job acts on, an hour after their periods ended (members made by builders). */
async function dueMembers(ctx: TestContext) {
  const ended = { sku: 'BDDT00', endedHoursAgo: 1, recurrence: true };
  return {
    renewed: await createMember(ctx, { creditCents: 2000, membership: { ...ended, usedGb: 22 } }),
    renewFail: await createMember(ctx, { creditCents: 100, membership: { ...ended, usedGb: 18 } }),
    handover: await createMember(ctx, {
      creditCents: 300,
      membership: { sku: 'BDDT00', endedHoursAgo: 1, usedGb: 25, queued: 'BDDV00' },
    }),
  };
}

forEachDatabase('renewals', { seed: 'catalogue' }, (ctx) => {
  it('hands over a queued membership, renews with credit, and lapses with a notification and an e-mail; a second run does nothing', async () => {
    const { renewed, renewFail, handover } = await dueMembers(ctx());
    const counts = await job(ctx());
    expect(counts).toMatchObject({ 'handed-over': 1, renewed: 1, lapsed: 1 });

    // handover: the queued All Data membership is current now.
    expect(await current(ctx(), handover.ssn)).toMatchObject({ sku: 'BDDV00', dataMaxKb: null });
    // renewed: BDDT00 again for 30 days, €20.00 − €9.99, one ledger row for this period.
    const again = await current(ctx(), renewed.ssn);
    expect(again).toMatchObject({ sku: 'BDDT00', recurrenceEnabled: true });
    expect(Math.round((again!.endsAt.getTime() - ctx().clock.now.getTime()) / DAY)).toBe(30);
    const [credit] = await ctx().handle.db.select().from(balances).where(eq(balances.ssn, renewed.ssn));
    expect(credit!.creditCents).toBe(1001);
    const rows = await renewals(ctx(), renewed.ssn);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.creditDeltaCents).toBe(-999);
    // renewfail: no membership, told in the app and by e-mail.
    expect(await current(ctx(), renewFail.ssn)).toBeUndefined();
    const [note] = await ctx()
      .handle.db.select()
      .from(notifications)
      .where(eq(notifications.memberId, renewFail.userId))
      .orderBy(desc(notifications.id));
    expect(note!.title).toBe('Your membership could not be renewed');
    const [mail] = await ctx().handle.db.select().from(outbox).where(eq(outbox.to, renewFail.email));
    expect(mail!.subject).toBe('48: Your membership could not be renewed');

    expect(await job(ctx())).toEqual({ 'handed-over': 0, renewed: 0, ended: 0, lapsed: 0 });
    expect(await renewals(ctx(), renewed.ssn)).toHaveLength(1);
  });

  it('two runs at once renew each SIM once', async () => {
    const { renewed } = await dueMembers(ctx());
    const [a, b] = await Promise.all([job(ctx()), job(ctx())]);
    expect(a.renewed + b.renewed).toBe(1);
    expect(a['handed-over'] + b['handed-over']).toBe(1);
    expect(await renewals(ctx(), renewed.ssn)).toHaveLength(1);
  });

  it('catches up after downtime: a membership that ended while the server was off renews when the job runs; the stored card pays what credit cannot', async () => {
    // Credit €0.50 and a stored Visa ending 0000, auto-renew on, its membership over while nothing ran.
    const card = await createMember(ctx(), {
      creditCents: 50,
      storedCard: true,
      membership: { sku: 'BDDT00', daysLeft: 10, recurrence: true },
    });
    ctx().clock.advance(11 * DAY);
    await job(ctx());
    expect(await current(ctx(), card.ssn)).toMatchObject({ sku: 'BDDT00' });
    const [row] = await renewals(ctx(), card.ssn);
    expect(row).toMatchObject({ creditDeltaCents: -50, cardCents: 949 });
  });
});
