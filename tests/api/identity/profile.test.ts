import { and, desc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { ledger } from '../../../src/server/db/schema.ts';
import { accountApi } from '../../../src/contract/account.schema.ts';
import { authApi } from '../../../src/contract/auth.schema.ts';
import { sessionFailures } from '../../../src/contract/common-failures.ts';
import { KB_PER_GB } from '../../../src/contract/constants.ts';
import { settingsApi } from '../../../src/contract/settings.schema.ts';
import { BUILT_PASSWORD, createMember, signIn } from '../support/builders.ts';
import { ok, refused, send } from '../support/client.ts';
import { forEachDatabase } from '../support/harness.ts';
import { buyMembership } from '../support/purchases.ts';

forEachDatabase('profile', { seed: 'catalogue', rateLimit: undefined }, (ctx) => {
  it('name change persists', async () => {
    const m = await createMember(ctx(), { firstname: 'Aoife', lastname: 'Byrne' });
    await ok(ctx().app, settingsApi.changeName, {
      session: m.session,
      params: { user_id: m.userId },
      body: { firstname: 'Aoife Máire', lastname: "O'Byrne" },
    });
    const again = await signIn(ctx(), m);
    const { _payload } = await ok(ctx().app, authApi.logIn, {
      body: { username: m.email, password: BUILT_PASSWORD },
    });
    expect(_payload.account).toMatchObject({ firstname: 'Aoife Máire', lastname: "O'Byrne" });
    expect(again.userId).toBe(m.userId);
  });

  it('marketing permissions: read with the Snapchat default, change, read back', async () => {
    const m = await createMember(ctx(), { marketing: { email: true, sms: false } });
    const read = async () =>
      (await ok(ctx().app, settingsApi.marketingPermissions, { session: m.session, params: { user_id: m.userId } }))
        ._payload;
    expect(await read()).toEqual({
      email: true,
      sms: false,
      phone: false,
      post: false,
      social: false,
      social_preference: 'Snapchat',
    });
    const next = {
      email: false,
      sms: true,
      phone: false,
      post: true,
      social: true,
      social_preference: 'TikTok',
    } as const;
    await ok(ctx().app, settingsApi.saveMarketingPermissions, {
      session: m.session,
      params: { user_id: m.userId },
      body: next,
    });
    expect(await read()).toEqual(next);
    const bad = await send(ctx().app, settingsApi.saveMarketingPermissions, {
      session: m.session,
      params: { user_id: m.userId },
      // A preference the contract does not know, as a hand-made request could send it.
      body: { ...next, social_preference: 'MySpace' as 'TikTok' },
    });
    expect(bad.status).toBe(400);
    expect(await read()).toEqual(next);
  });

  it('daily usage of the current period adds up to the data used; PUK; purchase details; not another SIM', async () => {
    const days = [400_000, 1_200_000, 0, 2_500_000, 700_000];
    const m = await createMember(ctx(), {
      creditCents: 750,
      membership: { sku: 'BDDT00', daysLeft: 12, usedGb: days.reduce((a, b) => a + b, 0) / KB_PER_GB },
      dailyUsageKb: days,
    });
    const other = await createMember(ctx(), { creditCents: 0 });
    const sim = { user_id: m.userId, ssn: m.ssn };
    const usage = (await ok(ctx().app, accountApi.dailyUsage, { session: m.session, params: sim }))._payload.values;
    expect(usage.map((d) => d.data_kb)).toEqual(days);
    expect([...usage.map((d) => d.day)].sort()).toEqual(usage.map((d) => d.day));
    const { puk } = (await ok(ctx().app, accountApi.puk, { session: m.session, params: sim }))._payload;
    expect(puk).toMatch(/^[0-9]{8}$/);
    const details = (
      await ok(ctx().app, accountApi.purchaseDetails, { session: m.session, params: { user_id: m.userId } })
    )._payload;
    expect(details).toMatchObject({
      has_purchased: false,
      last_purchase: null,
      current_membership: { sku: 'BDDT00', price_cents: 999 },
    });
    // A purchase is what the details name as the latest.
    const rich = await createMember(ctx(), { creditCents: 2500 });
    // A purchase (single_topUp) answers 201 Created.
    const buy = await buyMembership(ctx(), rich.session, rich.ssn);
    expect(buy.status).toBe(201);
    const bought = (
      await ok(ctx().app, accountApi.purchaseDetails, { session: rich.session, params: { user_id: rich.userId } })
    )._payload;
    expect(bought).toMatchObject({
      has_purchased: true,
      last_purchase: { amount: -999 },
      current_membership: { sku: 'BDDT00' },
    });
    // A member with months of purchases: the newest is named (read newest first, stopping there).
    const lived = await createMember(ctx(), {
      lived: true,
      simAgeDays: 150,
      creditCents: 500,
      membership: { sku: 'BDDT00', daysLeft: 10, usedGb: 2 },
    });
    const purchases = await ctx()
      .handle.db.select({ at: ledger.occurredAt, amount: ledger.creditDeltaCents })
      .from(ledger)
      .where(and(eq(ledger.ssn, lived.ssn), eq(ledger.kind, 'purchase')))
      .orderBy(desc(ledger.occurredAt));
    expect(purchases.length).toBeGreaterThan(3);
    const newest = (
      await ok(ctx().app, accountApi.purchaseDetails, { session: lived.session, params: { user_id: lived.userId } })
    )._payload;
    expect(newest.last_purchase).toEqual({
      date: purchases[0]!.at.toISOString(),
      description: 'Data Plus €9.99 Membership',
      amount: purchases[0]!.amount,
    });
    await refused(
      ctx().app,
      accountApi.puk,
      { session: m.session, params: { user_id: m.userId, ssn: other.ssn } },
      sessionFailures.notYourAccount,
    );
  });
});
