import { and, desc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { messages } from '../../src/contract/messages.ts';
import { balances, ledger, members, memberships, notifications, outbox } from '../../src/server/db/schema.ts';
import { demoSsn } from '../../src/server/seed/seed.ts';
import { forEachDatabase, type TestContext } from './harness.ts';

const post = (ctx: TestContext, path: string, body: unknown) =>
  ctx.app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const check = async (ctx: TestContext, msisdn: string, gift: string) => {
  const res = await post(ctx, '/panda/public/gifts/check', { msisdn, gift });
  return { status: res.status, message: (await res.json())._payload.message as string | undefined };
};

async function payAndReturn(ctx: TestContext, checkoutId: string) {
  const info = (await (await ctx.app.request(`/panda/public/checkouts/${checkoutId}`)).json())._payload;
  const providerId = new URL(info.script_url, 'http://x').searchParams.get('checkoutId')!;
  await post(ctx, `/sandbox/payments/checkouts/${providerId}/pay`, {
    number: '4200000000000000',
    expiry: '12/30',
    cvv: '123',
    holder: 'A Friend',
    result_url: `/payment-gateway/?checkout=${checkoutId}`,
  });
  return (await (await ctx.app.request(`/panda/public/checkouts/${checkoutId}/result`, { method: 'POST' })).json())
    ._payload;
}

forEachDatabase('gift_shop', (ctx) => {
  it('checks numbers with the three messages of spec section 5, revealing no name', async () => {
    expect(await check(ctx(), '12345', 'membership')).toEqual({ status: 400, message: messages.invalidNumber });
    expect(await check(ctx(), '0879999999', 'membership')).toEqual({
      status: 409,
      message: messages.cannotLinkMembership,
    });
    expect(await check(ctx(), '0871000001', 'membership')).toEqual({
      status: 409,
      message: messages.cannotLinkMembership,
    });
    expect(await check(ctx(), '0871000009', 'credit')).toEqual({ status: 409, message: messages.cannotTopUp });
    expect(await check(ctx(), '087 100 0030', 'membership')).toEqual({ status: 200, message: undefined });
    expect(await check(ctx(), '+353871000030', 'credit')).toEqual({ status: 200, message: undefined });
    const body = JSON.stringify(
      await (await post(ctx(), '/panda/public/gifts/check', { msisdn: '0871000030', gift: 'membership' })).json(),
    );
    expect(body).not.toMatch(/Gearóid|Moran|giftee/);
  });

  it('a gifted membership is queued on the recipient’s SIM once, with a ledger row, a notification and the buyer’s receipt', async () => {
    const res = await post(ctx(), '/panda/public/gifts/checkouts', {
      gift: 'membership',
      msisdn: '0871000030',
      sku: 'BDDV00',
      buyer_email: 'buyer@example.com',
    });
    expect(res.status).toBe(201);
    const { checkout_id, amount_cents } = (await res.json())._payload;
    expect(amount_cents).toBe(1299);
    expect(await payAndReturn(ctx(), checkout_id)).toMatchObject({ state: 'success', next: '/gift-shop' });
    expect(await payAndReturn(ctx(), checkout_id)).toMatchObject({ state: 'success' });
    const queued = await ctx()
      .handle.db.select()
      .from(memberships)
      .where(and(eq(memberships.ssn, demoSsn(30)), eq(memberships.status, 'queued')));
    expect(queued.map((m) => m.sku)).toEqual(['BDDV00']);
    const rows = await ctx()
      .handle.db.select()
      .from(ledger)
      .where(eq(ledger.reference, `checkout:${checkout_id}`));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'gift', cardCents: 1299, creditDeltaCents: 0 });
    const [giftee] = await ctx().handle.db.select().from(members).where(eq(members.email, 'giftee@example.com'));
    const [note] = await ctx()
      .handle.db.select()
      .from(notifications)
      .where(eq(notifications.memberId, giftee!.id))
      .orderBy(desc(notifications.id));
    expect(note!.title).toBe('You have a gift');
    const receipts = await ctx().handle.db.select().from(outbox).where(eq(outbox.to, 'buyer@example.com'));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.body).toContain('€12.99');
    // Now it has a queued membership: another membership gift is refused.
    expect(await check(ctx(), '0871000030', 'membership')).toEqual({
      status: 409,
      message: messages.cannotLinkMembership,
    });
  });

  it('a gifted top-up adds credit to the recipient', async () => {
    const res = await post(ctx(), '/panda/public/gifts/checkouts', {
      gift: 'credit',
      msisdn: '0871000030',
      amount_cents: 1000,
      buyer_email: 'buyer@example.com',
    });
    const { checkout_id } = (await res.json())._payload;
    expect(await payAndReturn(ctx(), checkout_id)).toMatchObject({ state: 'success' });
    const [credit] = await ctx()
      .handle.db.select()
      .from(balances)
      .where(eq(balances.ssn, demoSsn(30)));
    expect(credit!.creditCents).toBe(1100);
    expect(
      (
        await post(ctx(), '/panda/public/gifts/checkouts', {
          gift: 'credit',
          msisdn: '0871000009',
          amount_cents: 1000,
          buyer_email: 'buyer@example.com',
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await post(ctx(), '/panda/public/gifts/checkouts', {
          gift: 'credit',
          msisdn: '0871000030',
          amount_cents: 700,
          buyer_email: 'buyer@example.com',
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await post(ctx(), '/panda/public/gifts/checkouts', {
          gift: 'credit',
          msisdn: '0871000030',
          amount_cents: 1000,
          buyer_email: 'nope',
        })
      ).status,
    ).toBe(400);
  });
});
