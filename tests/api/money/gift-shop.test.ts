import { and, desc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { giftShopApi, giftShopFailures } from '../../../src/contract/gift-shop.schema.ts';
import { messages } from '../../../src/contract/messages.ts';
import { balances, checkouts, ledger, memberships, notifications, outbox } from '../../../src/server/db/schema.ts';
import { paymentsApi } from '../../../src/contract/payments.schema.ts';

const giftShopCheckout = paymentsApi.checkout;
import { createMember, type BuiltMember } from '../support/builders.ts';
import { send } from '../support/client.ts';
import { checkoutResultOf, payInSandbox } from '../support/checkouts.ts';
import { forEachDatabase, type TestContext } from '../support/harness.ts';

/** A gift ordered as the gift shop's page orders it (some tests send what the contract refuses). */
const order = (ctx: TestContext, body: Record<string, unknown>) =>
  send(ctx.app, giftShopApi.order, { body: body as never });
const check = async (ctx: TestContext, msisdn: string, gift: 'membership' | 'credit') => {
  const res = await send(ctx.app, giftShopApi.check, { body: { msisdn, gift } });
  const { message, code } = (await res.json())._payload as { message?: string; code?: string };
  return { status: res.status, message, code };
};
const refusal = (f: { status: number; message: string; code: string }) => f;
/** Who the gift shop meets: a member to give to, one with a membership queued already, one whose SIM is still activating. */
const recipients = async (ctx: TestContext) => ({
  giftee: await createMember(ctx, { creditCents: 100, membership: { sku: 'BDDT00', daysLeft: 16, usedGb: 6 } }),
  queuedAlready: await createMember(ctx, {
    creditCents: 750,
    membership: { sku: 'BDDT00', daysLeft: 12, queued: 'BDDT00' },
  }),
  activating: await createMember(ctx, { sim: 'activating', creditCents: null }),
});
const spaced = (m: BuiltMember) => `${m.msisdn.slice(0, 3)} ${m.msisdn.slice(3, 6)} ${m.msisdn.slice(6)}`;

async function payAndReturn(ctx: TestContext, checkoutId: string) {
  await payInSandbox(ctx, checkoutId, { number: '4200000000000000', holder: 'A Friend' });
  return checkoutResultOf(ctx, checkoutId);
}

forEachDatabase('gift_shop', { seed: 'catalogue' }, (ctx) => {
  it('checks numbers with the three messages of spec section 5, revealing no name', async () => {
    const { giftee, queuedAlready, activating } = await recipients(ctx());
    expect(await check(ctx(), '12345', 'membership')).toEqual(refusal(giftShopFailures.invalidNumber));
    expect(giftShopFailures.invalidNumber.message).toBe(messages.invalidNumber);
    expect(await check(ctx(), '0879999999', 'membership')).toEqual(refusal(giftShopFailures.cannotLinkMembership));
    expect(giftShopFailures.cannotLinkMembership.message).toBe(messages.cannotLinkMembership);
    expect(await check(ctx(), queuedAlready.msisdn, 'membership')).toEqual(
      refusal(giftShopFailures.cannotLinkMembership),
    );
    expect(await check(ctx(), activating.msisdn, 'credit')).toEqual(refusal(giftShopFailures.cannotTopUp));
    expect(giftShopFailures.cannotTopUp.message).toBe(messages.cannotTopUp);
    expect(await check(ctx(), spaced(giftee), 'membership')).toEqual({
      status: 200,
      message: undefined,
      code: undefined,
    });
    expect(await check(ctx(), `+353${giftee.msisdn.slice(1)}`, 'credit')).toEqual({
      status: 200,
      message: undefined,
      code: undefined,
    });
    const body = JSON.stringify(
      await (await send(ctx().app, giftShopApi.check, { body: { msisdn: giftee.msisdn, gift: 'membership' } })).json(),
    );
    expect(body).not.toMatch(/Built|Member \d|built-/);
  });

  it('a gifted membership is queued on the recipient’s SIM once, with a ledger row, a notification and the buyer’s receipt', async () => {
    const { giftee } = await recipients(ctx());
    const res = await order(ctx(), {
      gift: 'membership',
      msisdn: giftee.msisdn,
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
      .where(and(eq(memberships.ssn, giftee.ssn), eq(memberships.status, 'queued')));
    expect(queued.map((m) => m.sku)).toEqual(['BDDV00']);
    const rows = await ctx()
      .handle.db.select()
      .from(ledger)
      .where(eq(ledger.reference, `checkout:${checkout_id}`));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'gift', cardCents: 1299, creditDeltaCents: 0 });
    const [note] = await ctx()
      .handle.db.select()
      .from(notifications)
      .where(eq(notifications.memberId, giftee.userId))
      .orderBy(desc(notifications.id));
    expect(note!.title).toBe('You have a gift');
    const receipts = await ctx().handle.db.select().from(outbox).where(eq(outbox.to, 'buyer@example.com'));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.body).toContain('€12.99');
    // Now it has a queued membership: another membership gift is refused.
    expect(await check(ctx(), giftee.msisdn, 'membership')).toEqual(refusal(giftShopFailures.cannotLinkMembership));
  });

  it('a gift bought on the Polish page: its payment page and the buyer’s receipt in Polish; the cookie’s language else; an unknown language refused', async () => {
    const { giftee } = await recipients(ctx());
    const res = await order(ctx(), {
      gift: 'credit',
      msisdn: giftee.msisdn,
      amount_cents: 1000,
      buyer_email: 'kupujacy@example.com',
      language: 'pl',
    });
    expect(res.status).toBe(201);
    const { checkout_id, url } = (await res.json())._payload;
    // The address is the page's; the browser opens it in its page's language.
    expect(url).toBe(`/payment-gateway/?checkout=${checkout_id}`);
    const said = async (language?: 'ga' | 'pl') =>
      (await (await send(ctx().app, giftShopCheckout, { params: { checkout_id }, query: { language } })).json())
        ._payload.description;
    expect(await said('pl')).toBe('Prezent: Doładowanie 10,00\u00a0€');
    expect(await said('ga')).toBe('Bronntanas: Creidmheas €10.00');
    expect(await said()).toBe('Gift: €10.00 credit');
    expect(await payAndReturn(ctx(), checkout_id)).toMatchObject({ state: 'success' });
    const [receipt] = await ctx().handle.db.select().from(outbox).where(eq(outbox.to, 'kupujacy@example.com'));
    expect(receipt!.subject).toBe('Potwierdzenie Twojego prezentu w 48');
    expect(receipt!.body).toContain('Dziękujemy za prezent.\n\n10,00\u00a0€ na koncie');
    expect(receipt!.body).toContain('Zapłacono kartą: 10,00\u00a0€');
    expect(receipt!.body).not.toMatch(/Thank you|Paid by card/);

    // No language sent (a page from before): the visitor's choice, the lang cookie.
    const byCookie = await send(ctx().app, giftShopApi.order, {
      body: { gift: 'credit', msisdn: giftee.msisdn, amount_cents: 500, buyer_email: 'ceannaitheoir@example.com' },
      headers: { cookie: 'lang=ga' },
    });
    await payAndReturn(ctx(), (await byCookie.json())._payload.checkout_id);
    const [irish] = await ctx().handle.db.select().from(outbox).where(eq(outbox.to, 'ceannaitheoir@example.com'));
    expect(irish!.subject).toBe('Admháil do bhronntanais 48');

    const before = (await ctx().handle.db.select().from(checkouts)).length;
    const unknown = await order(ctx(), {
      gift: 'credit',
      msisdn: giftee.msisdn,
      amount_cents: 1000,
      buyer_email: 'kupujacy@example.com',
      language: 'fr',
    });
    expect(unknown.status).toBe(400);
    expect((await ctx().handle.db.select().from(checkouts)).length).toBe(before);
  });

  it('a gifted top-up adds credit to the recipient', async () => {
    const { giftee, activating } = await recipients(ctx());
    const res = await order(ctx(), {
      gift: 'credit',
      msisdn: giftee.msisdn,
      amount_cents: 1000,
      buyer_email: 'credit-buyer@example.com',
    });
    const { checkout_id } = (await res.json())._payload;
    expect(await payAndReturn(ctx(), checkout_id)).toMatchObject({ state: 'success' });
    const [credit] = await ctx().handle.db.select().from(balances).where(eq(balances.ssn, giftee.ssn));
    expect(credit!.creditCents).toBe(1100);
    const [receipt] = await ctx().handle.db.select().from(outbox).where(eq(outbox.to, 'credit-buyer@example.com'));
    expect(receipt!.body).toContain('Thank you for your gift.\n\n€10.00 credit\nPaid by card: €10.00');
    expect(
      (
        await order(ctx(), {
          gift: 'credit',
          msisdn: activating.msisdn,
          amount_cents: 1000,
          buyer_email: 'buyer@example.com',
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await order(ctx(), {
          gift: 'credit',
          msisdn: giftee.msisdn,
          amount_cents: 700,
          buyer_email: 'buyer@example.com',
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await order(ctx(), {
          gift: 'credit',
          msisdn: giftee.msisdn,
          amount_cents: 1000,
          buyer_email: 'nope',
        })
      ).status,
    ).toBe(400);
  });
});
