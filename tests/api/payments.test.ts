import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { balances, ledger, memberships, storedCards } from '../../src/server/db/schema.ts';
import { demoSsn } from '../../src/server/seed/seed.ts';
import { call, forEachDatabase, login, type Session, type TestContext, stepUpCode } from './harness.ts';

const json = (body: unknown) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

async function checkout(ctx: TestContext, s: Session, n: number, body: unknown) {
  const res = await call(ctx.app, s, `/panda/protected/users/${s.userId}/sims/${demoSsn(n)}/checkouts`, json(body));
  return { res, body: await res.json() };
}

/** Enters a test card in the sandbox widget as a person would; answers where the widget sends the browser. */
async function payWith(ctx: TestContext, checkoutId: string, number: string, expiry = '12/30') {
  const info = (await (await ctx.app.request(`/panda/public/checkouts/${checkoutId}`)).json())._payload;
  const providerId = new URL(info.script_url, 'http://x').searchParams.get('checkoutId')!;
  const res = await ctx.app.request(
    `/sandbox/payments/checkouts/${providerId}/pay`,
    json({ number, expiry, cvv: '123', holder: 'Nuala Kenny', result_url: `/payment-gateway/?checkout=${checkoutId}` }),
  );
  return { status: res.status, body: (await res.json()) as { redirect?: string; message?: string }, providerId, info };
}
const result = async (ctx: TestContext, id: string) =>
  (await (await ctx.app.request(`/panda/public/checkouts/${id}/result`, { method: 'POST' })).json())._payload;
const queued = async (ctx: TestContext, n: number) =>
  ctx.handle.db
    .select()
    .from(memberships)
    .where(and(eq(memberships.ssn, demoSsn(n)), eq(memberships.status, 'queued')));

forEachDatabase('payments', (ctx) => {
  it('a new card pays for a membership once, however often the result address is loaded; the card is saved when asked', async () => {
    const s = await login(ctx().app, 'nocredit@example.com');
    const { res, body } = await checkout(ctx(), s, 20, { purpose: 'membership', sku: 'BDDT00', save_card: true });
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
    expect(await queued(ctx(), 20)).toHaveLength(1);
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

  it('declined, 3-D Secure approve and decline, and pending that settles 10 seconds later', async () => {
    const s = await login(ctx().app, 'nocredit@example.com');
    const declined = (await checkout(ctx(), s, 20, { purpose: 'credit', amount_cents: 1000 })).body._payload
      .checkout_id;
    await payWith(ctx(), declined, '4000000000000002');
    expect(await result(ctx(), declined)).toMatchObject({ state: 'failure', code: '800.100.151' });

    const refused3ds = (await checkout(ctx(), s, 20, { purpose: 'credit', amount_cents: 1000 })).body._payload
      .checkout_id;
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

    const approved = (await checkout(ctx(), s, 20, { purpose: 'credit', amount_cents: 2000 })).body._payload
      .checkout_id;
    const again = await payWith(ctx(), approved, '4000000000003220');
    const back2 = new URL(again.body.redirect!, 'http://x').searchParams.get('return')!;
    await ctx().app.request(new URL(again.body.redirect!, 'http://x').pathname, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ decision: 'approve', return: back2 }).toString(),
    });
    expect(await result(ctx(), approved)).toMatchObject({ state: 'success' });

    const pending = (await checkout(ctx(), s, 20, { purpose: 'credit', amount_cents: 500 })).body._payload.checkout_id;
    await payWith(ctx(), pending, '4000000000000077');
    expect(await result(ctx(), pending)).toMatchObject({ state: 'pending', code: '000.200.000' });
    ctx().clock.advance(11_000);
    expect(await result(ctx(), pending)).toMatchObject({ state: 'success' });
    const [credit] = await ctx()
      .handle.db.select()
      .from(balances)
      .where(eq(balances.ssn, demoSsn(20)));
    expect(credit!.creditCents).toBe(2500);
  });

  it('credit first: a checkout pays only what credit does not; a membership queued meanwhile refunds it', async () => {
    const s = await login(ctx().app, 'card@example.com');
    expect(
      (
        await call(ctx().app, s, `/panda/protected/users/${s.userId}/cards`, {
          method: 'DELETE',
          headers: { 'x-step-up-code': await stepUpCode(ctx(), s, 'card') },
        })
      ).status,
    ).toBe(200);
    const { body } = await checkout(ctx(), s, 18, { purpose: 'membership', sku: 'BDDT00' });
    expect(body._payload.amount_cents).toBe(949);
    const id = body._payload.checkout_id;
    const info = (await (await ctx().app.request(`/panda/public/checkouts/${id}`)).json())._payload;
    expect(info.description).toContain('€0.50 from your credit');
    // Meanwhile the member buys with credit... credit is €0.50, so queue one through another checkout first.
    const other = (await checkout(ctx(), s, 18, { purpose: 'membership', sku: 'BDDV00' })).body._payload.checkout_id;
    await payWith(ctx(), other, '4200000000000000');
    expect(await result(ctx(), other)).toMatchObject({ state: 'success' });
    await payWith(ctx(), id, '4200000000000000');
    const late = await result(ctx(), id);
    expect(late).toMatchObject({ state: 'failure' });
    expect(late.description).toContain('refunded');
    expect(await queued(ctx(), 18)).toHaveLength(1);
  });

  it('"a new card" opens PANDAOLTUNRG2 without the stored card: the saved card cannot pay it (issue 25)', async () => {
    const s = await login(ctx().app, 'card@example.com');
    for (const body of [
      { purpose: 'credit', amount_cents: 1500, card: 'new' },
      { purpose: 'credit', amount_cents: 1500 },
      { purpose: 'addon', sku: 'BDAO05', card: 'new', save_card: true },
    ]) {
      const id = (await checkout(ctx(), s, 18, body)).body._payload.checkout_id;
      const info = (await (await ctx().app.request(`/panda/public/checkouts/${id}`)).json())._payload;
      expect(info.container).toBe('PANDAOLTUNRG2');
      const script = await (await ctx().app.request(info.script_url)).text();
      expect(script).toContain('"saved":null');
      const providerId = new URL(info.script_url, 'http://x').searchParams.get('checkoutId')!;
      // Only the CVV, as if the saved card were on offer: refused, nothing charged.
      const cvvOnly = await ctx().app.request(
        `/sandbox/payments/checkouts/${providerId}/pay`,
        json({ saved: true, cvv: '321', result_url: `/payment-gateway/?checkout=${id}` }),
      );
      expect(cvvOnly.status).toBe(400);
      expect(await result(ctx(), id)).toMatchObject({ state: 'failure' });
    }
    const [credit] = await ctx()
      .handle.db.select()
      .from(balances)
      .where(eq(balances.ssn, demoSsn(18)));
    expect(credit!.creditCents).toBe(50);
    // The saved card is refused where none is stored; a bad choice is a 400.
    const rich = await login(ctx().app, 'rich@example.com');
    const none = await checkout(ctx(), rich, 19, { purpose: 'credit', amount_cents: 500, card: 'saved' });
    expect(none.res.status).toBe(409);
    expect(none.body._payload.message).toBe('You have no saved card. Please choose a new card.');
    expect((await checkout(ctx(), s, 18, { purpose: 'credit', amount_cents: 500, card: 'other' })).res.status).toBe(
      400,
    );
  });

  it('the saved card when chosen (PANDAOLTREG2): its CVV pays', async () => {
    const s = await login(ctx().app, 'card@example.com');
    const id = (await checkout(ctx(), s, 18, { purpose: 'credit', amount_cents: 1500, card: 'saved' })).body._payload
      .checkout_id;
    const info = (await (await ctx().app.request(`/panda/public/checkouts/${id}`)).json())._payload;
    expect(info.container).toBe('PANDAOLTREG2');
    const script = await (await ctx().app.request(info.script_url)).text();
    expect(script).toContain('"last4":"0000"');
    expect(script).not.toContain('4200000000000000');
    const providerId = new URL(info.script_url, 'http://x').searchParams.get('checkoutId')!;
    const paid = await ctx().app.request(
      `/sandbox/payments/checkouts/${providerId}/pay`,
      json({ saved: true, cvv: '321', result_url: `/payment-gateway/?checkout=${id}` }),
    );
    expect(paid.status).toBe(200);
    expect(await result(ctx(), id)).toMatchObject({ state: 'success' });
    const [credit] = await ctx()
      .handle.db.select()
      .from(balances)
      .where(eq(balances.ssn, demoSsn(18)));
    expect(credit!.creditCents).toBe(1550);
  });

  it('registers a card (PANDAOLRGCRD2), shows it, removes it; unknown and malformed checkouts are 4xx', async () => {
    const s = await login(ctx().app, 'rich@example.com');
    expect(
      (await (await call(ctx().app, s, `/panda/protected/users/${s.userId}/cards`)).json())._payload.card,
    ).toBeNull();
    const reg = await call(ctx().app, s, `/panda/protected/users/${s.userId}/cards/checkouts`, { method: 'POST' });
    const id = (await reg.json())._payload.checkout_id;
    const paid = await payWith(ctx(), id, '4200000000000000', '11/31');
    expect(paid.info.container).toBe('PANDAOLRGCRD2');
    expect(await result(ctx(), id)).toMatchObject({ state: 'success', next: '/my48/settings/payment-details' });
    expect((await (await call(ctx().app, s, `/panda/protected/users/${s.userId}/cards`)).json())._payload.card).toEqual(
      { brand: 'VISA', last4: '0000', expiry: '11/31' },
    );
    // Removing it needs a step-up code (member-controls.md).
    expect((await call(ctx().app, s, `/panda/protected/users/${s.userId}/cards`, { method: 'DELETE' })).status).toBe(
      403,
    );
    expect(
      (
        await call(ctx().app, s, `/panda/protected/users/${s.userId}/cards`, {
          method: 'DELETE',
          headers: { 'x-step-up-code': await stepUpCode(ctx(), s, 'card') },
        })
      ).status,
    ).toBe(200);
    expect(
      (await (await call(ctx().app, s, `/panda/protected/users/${s.userId}/cards`)).json())._payload.card,
    ).toBeNull();

    expect((await ctx().app.request('/panda/public/checkouts/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await ctx().app.request('/panda/public/checkouts/not-a-checkout')).status).toBe(400);
    const bad = await payWith(
      ctx(),
      (await checkout(ctx(), s, 19, { purpose: 'credit', amount_cents: 500 })).body._payload.checkout_id,
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
