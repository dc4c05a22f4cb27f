import { and, desc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { balances, ledger, members, memberships, notifications, outbox } from '../../src/server/db/schema.ts';
import { sandboxPayments } from '../../src/server/integrations/payments/index.ts';
import { runRenewals } from '../../src/server/jobs/renewals.ts';
import { demoSsn } from '../../src/server/seed/seed.ts';
import { forEachDatabase, type TestContext } from './harness.ts';

const DAY = 86_400_000;
const job = (ctx: TestContext) =>
  runRenewals({ db: ctx.handle.db, clock: () => ctx.clock.now, payments: sandboxPayments() });
const current = async (ctx: TestContext, n: number) =>
  (
    await ctx.handle.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.ssn, demoSsn(n)), eq(memberships.status, 'current')))
  )[0];

forEachDatabase('renewals', (ctx) => {
  it('hands over a queued membership, renews with credit, and lapses with a notification and an e-mail; a second run does nothing', async () => {
    const counts = await job(ctx());
    expect(counts).toMatchObject({ 'handed-over': 1, renewed: 1, lapsed: 1 });

    // handover: the queued All Data membership is current now.
    expect(await current(ctx(), 23)).toMatchObject({ sku: 'BDDV00', dataMaxKb: null });
    // renewed: BDDT00 again for 30 days, €20.00 − €9.99, one ledger row for this period.
    const renewed = await current(ctx(), 21);
    expect(renewed).toMatchObject({ sku: 'BDDT00', recurrenceEnabled: true });
    expect(Math.round((renewed!.endsAt.getTime() - ctx().clock.now.getTime()) / DAY)).toBe(30);
    const [credit] = await ctx()
      .handle.db.select()
      .from(balances)
      .where(eq(balances.ssn, demoSsn(21)));
    expect(credit!.creditCents).toBe(1001);
    const rows = await ctx()
      .handle.db.select()
      .from(ledger)
      .where(and(eq(ledger.ssn, demoSsn(21)), eq(ledger.kind, 'renewal')));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.creditDeltaCents).toBe(-999);
    // renewfail: no membership, told in the app and by e-mail.
    expect(await current(ctx(), 22)).toBeUndefined();
    const [member] = await ctx().handle.db.select().from(members).where(eq(members.email, 'renewfail@example.com'));
    const [note] = await ctx()
      .handle.db.select()
      .from(notifications)
      .where(eq(notifications.memberId, member!.id))
      .orderBy(desc(notifications.id));
    expect(note!.title).toBe('Your membership could not be renewed');
    const [mail] = await ctx().handle.db.select().from(outbox).where(eq(outbox.to, 'renewfail@example.com'));
    expect(mail!.subject).toBe('48: Your membership could not be renewed');

    expect(await job(ctx())).toEqual({ 'handed-over': 0, renewed: 0, ended: 0, lapsed: 0 });
    expect(
      await ctx()
        .handle.db.select()
        .from(ledger)
        .where(and(eq(ledger.ssn, demoSsn(21)), eq(ledger.kind, 'renewal'))),
    ).toHaveLength(1);
  });

  it('two runs at once renew each SIM once', async () => {
    const [a, b] = await Promise.all([job(ctx()), job(ctx())]);
    expect(a.renewed + b.renewed).toBe(1);
    expect(a['handed-over'] + b['handed-over']).toBe(1);
    expect(
      await ctx()
        .handle.db.select()
        .from(ledger)
        .where(and(eq(ledger.ssn, demoSsn(21)), eq(ledger.kind, 'renewal'))),
    ).toHaveLength(1);
  });

  it('catches up after downtime: a membership that ended while the server was off renews when the job runs; the stored card pays what credit cannot', async () => {
    // card@ (credit €0.50, Visa 0000) with auto-renew, its membership over while nothing ran.
    await ctx()
      .handle.db.update(memberships)
      .set({ recurrenceEnabled: true, recurrenceSku: 'BDDT00' })
      .where(and(eq(memberships.ssn, demoSsn(18)), eq(memberships.status, 'current')));
    ctx().clock.advance(11 * DAY);
    await job(ctx());
    expect(await current(ctx(), 18)).toMatchObject({ sku: 'BDDT00' });
    const [row] = await ctx()
      .handle.db.select()
      .from(ledger)
      .where(and(eq(ledger.ssn, demoSsn(18)), eq(ledger.kind, 'renewal')));
    expect(row).toMatchObject({ creditDeltaCents: -50, cardCents: 949 });
  });
});
