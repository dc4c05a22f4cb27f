import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { balances, ledger, memberships, storedCards } from '../../../src/server/db/schema.ts';
import { paymentsApi } from '../../../src/contract/payments.schema.ts';
import { createMember, type BuiltMember, type MemberSpec } from '../support/builders.ts';
import { ok, send } from '../support/client.ts';
import { forEachDatabase, type TestContext, stepUpCode } from '../support/harness.ts';
import { checkoutOf, checkoutResultOf, payInSandbox } from '../support/checkouts.ts';

/** The members these tests need, made by builders (each test makes its own). */
const specs = {
  /** No credit and no stored card, Data Plus. */
  nocredit: { creditCents: 0, membership: { sku: 'BDDT00', daysLeft: 20, usedGb: 3 } },
  /** €0.50, Data Plus, a stored Visa ending 0000. */
  card: { creditCents: 50, storedCard: true, membership: { sku: 'BDDT00', daysLeft: 10, usedGb: 10 } },
  /** €25.00 and no membership. */
  rich: { creditCents: 2500 },
} satisfies Record<string, MemberSpec>;

const json = (body: unknown) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

async function checkout(ctx: TestContext, m: BuiltMember, body: unknown) {
  const res = await send(ctx.app, paymentsApi.createCheckout, {
    session: m.session,
    params: { user_id: m.userId, ssn: m.ssn },
    // Some tests send what the contract refuses (a card choice that does not exist).
    body: body as never,
  });
  return { res, body: await res.json() };
}

/** Enters a test card in the sandbox widget as a person would; answers where the widget sends the browser. */
/** Removes the stored card as the member does: with a step-up code from the e-mail. */
async function removeCardWithCode(ctx: TestContext, m: BuiltMember) {
  return send(ctx.app, paymentsApi.removeCard, {
    session: m.session,
    params: { user_id: m.userId },
    headers: { 'x-step-up-code': await stepUpCode(ctx, m.session, 'card') },
  });
}

async function payWith(ctx: TestContext, checkoutId: string, number: string, expiry = '12/30') {
  const { res, providerId, info } = await payInSandbox(ctx, checkoutId, { number, expiry });
  return { status: res.status, body: (await res.json()) as { redirect?: string; message?: string }, providerId, info };
}
/** The payment page's widget for a checkout, as the sandbox serves it; paying with the saved card sends only its CVV. */
async function widgetOf(ctx: TestContext, checkoutId: string) {
  const info = await checkoutOf(ctx, checkoutId);
  const script = await (await ctx.app.request(info.script_url)).text();
  const payWithSavedCard = async () => (await payInSandbox(ctx, checkoutId, { saved: true, cvv: '321' })).res;
  return { info, script, payWithSavedCard };
}
const result = checkoutResultOf;
const queued = async (ctx: TestContext, ssn: string) =>
  ctx.handle.db
    .select()
    .from(memberships)
    .where(and(eq(memberships.ssn, ssn), eq(memberships.status, 'queued')));

forEachDatabase('payments', { seed: 'catalogue' }, (ctx) => {
  it('a new card pays for a membership once, however often the result address is loaded; the card is saved when asked', async () => {
    const m = await createMember(ctx(), specs.nocredit);
    const s = m.session;
    const { res, body } = await checkout(ctx(), m, { purpose: 'membership', sku: 'BDDT00', save_card: true });
    expect(res.status).toBe(201);
    expect(body._payload).toMatchObject({
      amount_cents: 999,
      url: `/payment-gateway/?checkout=${body._payload.checkout_id}`,
    });
    const id = body._payload.checkout_id;
    const paid = await payWith(ctx(), id, '4200 0000 0000 0000');
    expect(paid.info).toMatchObject({ container: 'PANDAOLTUNRG2', amount_cents: 999, state: 'open' });
    expect(paid.body.redirect).toMatch(new RegExp(`^/payment-gateway/\\?checkout=${id}&resourcePath=`));
    const answers = await Promise.all([result(ctx(), id), result(ctx(), id), result(ctx(), id)]);
    for (const a of answers)
      expect(a).toMatchObject({ state: 'success', code: '000.000.000', next: '/my48/memberships' });
    expect(await result(ctx(), id)).toMatchObject({ state: 'success' });
    expect(await queued(ctx(), m.ssn)).toHaveLength(1);
    const rows = await ctx()
      .handle.db.select()
      .from(ledger)
      .where(eq(ledger.reference, `checkout:${id}`));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ cardCents: 999, creditDeltaCents: 0 });
    const [card] = await ctx().handle.db.select().from(storedCards).where(eq(storedCards.memberId, s.userId));
    expect(card).toMatchObject({ brand: 'VISA', last4: '0000', expiry: '12/30' });
    expect(card!.token).not.toContain('4200');
  });

  it('a card is kept only when asked, and never over a card saved while the payment was open', async () => {
    const m = await createMember(ctx(), specs.nocredit);
    const cardOf = async () => ctx().handle.db.select().from(storedCards).where(eq(storedCards.memberId, m.userId));
    const plain = (await checkout(ctx(), m, { purpose: 'addon', sku: 'BDAO05' })).body._payload.checkout_id;
    await payWith(ctx(), plain, '4200 0000 0000 0000');
    expect(await result(ctx(), plain)).toMatchObject({ state: 'success' });
    expect(await cardOf()).toEqual([]);

    const asked = (await checkout(ctx(), m, { purpose: 'credit', amount_cents: 500, save_card: true })).body._payload
      .checkout_id;
    await ctx().handle.db.insert(storedCards).values({
      memberId: m.userId,
      token: 'tok-meanwhile',
      brand: 'MASTER',
      last4: '4444',
      expiry: '01/31',
      createdAt: new Date(),
    });
    await payWith(ctx(), asked, '4200 0000 0000 0000');
    expect(await result(ctx(), asked)).toMatchObject({ state: 'success' });
    expect(await cardOf()).toMatchObject([{ token: 'tok-meanwhile', last4: '4444' }]);
  });

  it('declined, 3-D Secure approve and decline, and pending that settles 10 seconds later', async () => {
    const m = await createMember(ctx(), specs.nocredit);
    const declined = (await checkout(ctx(), m, { purpose: 'credit', amount_cents: 1000 })).body._payload.checkout_id;
    await payWith(ctx(), declined, '4000000000000002');
    expect(await result(ctx(), declined)).toMatchObject({ state: 'failure', code: '800.100.151' });

    const refused3ds = (await checkout(ctx(), m, { purpose: 'credit', amount_cents: 1000 })).body._payload.checkout_id;
    const challenge = await payWith(ctx(), refused3ds, '4000000000003220');
    expect(challenge.body.redirect).toMatch(/^\/sandbox\/payments\/3ds\//);
    const page = await ctx().app.request(challenge.body.redirect!);
    expect(await page.text()).toContain('Test payment: no real card is charged');
    const back = new URL(challenge.body.redirect!, 'http://x').searchParams.get('return')!;
    const decide = (decision: string) =>
      ctx().app.request(new URL(challenge.body.redirect!, 'http://x').pathname, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ decision, return: back }).toString(),
      });
    expect((await decide('decline')).status).toBe(303);
    expect(await result(ctx(), refused3ds)).toMatchObject({ state: 'failure', code: '100.390.112' });

    const approved = (await checkout(ctx(), m, { purpose: 'credit', amount_cents: 2000 })).body._payload.checkout_id;
    const again = await payWith(ctx(), approved, '4000000000003220');
    const back2 = new URL(again.body.redirect!, 'http://x').searchParams.get('return')!;
    await ctx().app.request(new URL(again.body.redirect!, 'http://x').pathname, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ decision: 'approve', return: back2 }).toString(),
    });
    expect(await result(ctx(), approved)).toMatchObject({ state: 'success' });

    const pending = (await checkout(ctx(), m, { purpose: 'credit', amount_cents: 500 })).body._payload.checkout_id;
    await payWith(ctx(), pending, '4000000000000077');
    expect(await result(ctx(), pending)).toMatchObject({ state: 'pending', code: '000.200.000' });
    ctx().clock.advance(11_000);
    expect(await result(ctx(), pending)).toMatchObject({ state: 'success' });
    const [credit] = await ctx().handle.db.select().from(balances).where(eq(balances.ssn, m.ssn));
    expect(credit!.creditCents).toBe(2500);
  });

  it('credit first: a checkout pays only what credit does not; a membership queued meanwhile refunds it', async () => {
    const m = await createMember(ctx(), specs.card);
    expect((await removeCardWithCode(ctx(), m)).status).toBe(200);
    const { body } = await checkout(ctx(), m, { purpose: 'membership', sku: 'BDDT00' });
    expect(body._payload.amount_cents).toBe(949);
    const id = body._payload.checkout_id;
    const info = await checkoutOf(ctx(), id);
    expect(info.description).toContain('€0.50 from your credit');
    // Meanwhile the member buys with credit... credit is €0.50, so queue one through another checkout first.
    const other = (await checkout(ctx(), m, { purpose: 'membership', sku: 'BDDV00' })).body._payload.checkout_id;
    await payWith(ctx(), other, '4200000000000000');
    expect(await result(ctx(), other)).toMatchObject({ state: 'success' });
    await payWith(ctx(), id, '4200000000000000');
    const late = await result(ctx(), id);
    expect(late).toMatchObject({ state: 'failure' });
    expect(late.description).toContain('refunded');
    expect(await queued(ctx(), m.ssn)).toHaveLength(1);
  });

  it('"a new card" opens PANDAOLTUNRG2 without the stored card: the saved card cannot pay it', async () => {
    const m = await createMember(ctx(), specs.card);
    for (const body of [
      { purpose: 'credit', amount_cents: 1500, card: 'new' },
      { purpose: 'credit', amount_cents: 1500 },
      { purpose: 'addon', sku: 'BDAO05', card: 'new' },
    ]) {
      const id = (await checkout(ctx(), m, body)).body._payload.checkout_id;
      const widget = await widgetOf(ctx(), id);
      expect(widget.info.container).toBe('PANDAOLTUNRG2');
      expect(widget.script).toContain('"saved":null');
      // Only the CVV, as if the saved card were on offer: refused, nothing charged.
      expect((await widget.payWithSavedCard()).status).toBe(400);
      expect(await result(ctx(), id)).toMatchObject({ state: 'failure' });
    }
    const [credit] = await ctx().handle.db.select().from(balances).where(eq(balances.ssn, m.ssn));
    expect(credit!.creditCents).toBe(50);
    // The saved card is refused where none is stored; a bad choice is a 400.
    const rich = await createMember(ctx(), specs.rich);
    const none = await checkout(ctx(), rich, { purpose: 'credit', amount_cents: 500, card: 'saved' });
    expect(none.res.status).toBe(409);
    expect(none.body._payload.message).toBe('You have no saved card. Please choose a new card.');
    expect((await checkout(ctx(), m, { purpose: 'credit', amount_cents: 500, card: 'other' })).res.status).toBe(400);
    // A payment's "save this card" never replaces a saved card: that needs a code (Settings).
    const replace = await checkout(ctx(), m, { purpose: 'credit', amount_cents: 500, card: 'new', save_card: true });
    expect(replace.res.status).toBe(409);
    expect(replace.body._payload.message).toBe(
      'You already have a saved card. To replace it, go to Settings → Payment details.',
    );
  });

  it('the saved card when chosen (PANDAOLTREG2): its CVV pays', async () => {
    const m = await createMember(ctx(), specs.card);
    const id = (await checkout(ctx(), m, { purpose: 'credit', amount_cents: 1500, card: 'saved' })).body._payload
      .checkout_id;
    const widget = await widgetOf(ctx(), id);
    expect(widget.info.container).toBe('PANDAOLTREG2');
    expect(widget.script).toContain('"last4":"0000"');
    expect(widget.script).not.toContain('4200000000000000');
    expect((await widget.payWithSavedCard()).status).toBe(200);
    expect(await result(ctx(), id)).toMatchObject({ state: 'success' });
    const [credit] = await ctx().handle.db.select().from(balances).where(eq(balances.ssn, m.ssn));
    expect(credit!.creditCents).toBe(1550);
  });

  it('registers a card (PANDAOLRGCRD2), shows it, removes it; unknown and malformed checkouts are 4xx', async () => {
    const m = await createMember(ctx(), specs.rich);
    const s = m.session;
    const storedCard = async () =>
      (await ok(ctx().app, paymentsApi.storedCard, { session: s, params: { user_id: m.userId } }))._payload.card;
    expect(await storedCard()).toBeNull();
    const reg = await ok(ctx().app, paymentsApi.registerCard, { session: s, params: { user_id: m.userId } });
    const id = reg._payload.checkout_id;
    const paid = await payWith(ctx(), id, '4200000000000000', '11/31');
    expect(paid.info.container).toBe('PANDAOLRGCRD2');
    expect(await result(ctx(), id)).toMatchObject({ state: 'success', next: '/my48/settings/payment-details' });
    expect(await storedCard()).toEqual({ brand: 'VISA', last4: '0000', expiry: '11/31' });
    // Removing it needs a step-up code (docs/product/member-controls.md).
    expect((await send(ctx().app, paymentsApi.removeCard, { session: s, params: { user_id: m.userId } })).status).toBe(
      403,
    );
    expect((await removeCardWithCode(ctx(), m)).status).toBe(200);
    expect(await storedCard()).toBeNull();

    expect((await ctx().app.request('/panda/public/checkouts/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await ctx().app.request('/panda/public/checkouts/not-a-checkout')).status).toBe(400);
    const bad = await payWith(
      ctx(),
      (await checkout(ctx(), m, { purpose: 'credit', amount_cents: 500 })).body._payload.checkout_id,
      '1234567890123',
      '01/20',
    );
    expect(bad.status).toBe(400);
  });

  it('reports payment errors without card data', async () => {
    const res = await ctx().app.request(
      '/payment/error',
      json({ step: 'validate', result: 'error', message: 'card 4200000000000000 failed' }),
    );
    expect(res.status).toBe(200);
    expect((await ctx().app.request('/payment/error', json({ step: 'pay' }))).status).toBe(400);
  });
});
