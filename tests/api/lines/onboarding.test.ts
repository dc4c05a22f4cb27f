import { expect, it, onTestFinished, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { notifications, orders } from '../../../src/server/db/schema.ts';
import { messages } from '../../../src/contract/messages.ts';
import { onboardingApi, onboardingFailures } from '../../../src/contract/onboarding.schema.ts';
import { ordersApi, ordersFailures } from '../../../src/contract/orders.schema.ts';
import { accountApi } from '../../../src/contract/account.schema.ts';
import { helpdeskApi } from '../../../src/contract/helpdesk.schema.ts';
import { spareMsisdn, spareSsn } from '../../../src/server/seed/seed.ts';
import { createMember } from '../support/builders.ts';
import type { RequestBody } from '../../../src/contract/endpoint.ts';
import { ok, send } from '../support/client.ts';
import {
  forEachDatabase,
  SEED_TIME,
  settleNetwork,
  signUpMember,
  solveCaptcha,
  type Session,
  type TestContext,
} from '../support/harness.ts';
import { KB_PER_GB } from '../../../src/contract/constants.ts';

const me = (s: Session) => ({ user_id: s.userId });
const activate = (ctx: TestContext, s: Session, ssn: string) =>
  send(ctx.app, onboardingApi.activateSim, { session: s, params: me(s), body: { ssn } });
const address = {
  firstname: 'Méabh',
  lastname: "O'Carroll",
  s_line1: '12 Quay Street',
  s_line2: '',
  s_city: 'Galway',
  s_county: 'Galway' as const,
  s_postcode: 'h91x2y3',
};
/** Orders a free SIM with a solved captcha; `body` overrides fields (some tests send values the contract refuses). */
const order = async (
  ctx: TestContext,
  s: Session,
  body: Partial<Record<keyof typeof address | 'captcha', string>> = {},
) =>
  send(ctx.app, ordersApi.orderFreeSim, {
    session: s,
    params: me(s),
    body: { ...address, captcha: await solveCaptcha(ctx.app), ...body } as RequestBody<typeof ordersApi.orderFreeSim>,
  });

/** A member with no SIM yet (as after sign-up), and one with an active SIM and a membership. */
const noSim = (ctx: TestContext) => createMember(ctx, { sim: 'none' }).then((m) => m.session);
const withSim = (ctx: TestContext) => createMember(ctx, { creditCents: 750, membership: { sku: 'BDDT00' } });

forEachDatabase('onboarding', { seed: 'catalogue', rateLimit: undefined }, (ctx) => {
  it('offers a proof-of-work captcha by default, never cached', async () => {
    const res = await ctx().app.request('/panda/public/captcha');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { _payload } = await res.json();
    expect(_payload.provider).toBe('pow');
    expect(_payload.challenge).toMatchObject({ algorithm: 'SHA-256', maxnumber: 200 });
    expect(_payload.challenge.signature).toMatch(/^[0-9a-f]{64}$/);
  });

  it('activates a SIM from stock: active, with its own number, credit 0 and the onboard bundle BDEG00', async () => {
    const s = await noSim(ctx());
    const res = await activate(ctx(), s, `${spareSsn(1).slice(0, 4)} ${spareSsn(1).slice(4)}`);
    expect(res.status).toBe(201);
    // The card from stock, now the member's active SIM: in the answer and in the SIMs owned alike.
    const sim = {
      ssn: spareSsn(1),
      msisdn: spareMsisdn(1),
      product: 'Pre_Start_3FF_N',
      requester: '1',
      blocked: false,
      kind: 'physical',
    };
    // Activating until the network has added the line (docs/product/network.md).
    expect((await res.json())._payload.sim).toEqual({ ...sim, line_state: null, network_waiting: false });
    const activating = await send(ctx().app, accountApi.simsOwned, { session: s, params: me(s) });
    expect(activating.status).toBe(400);
    expect(await settleNetwork(ctx())).toMatchObject({ sent: 1, moved: 2 });
    const [order] = ctx().network.sandbox.orders();
    expect(order).toMatchObject({ service: 'mobileLine', action: 'add', msisdn: spareMsisdn(1), state: 'completed' });
    expect(order!.characteristics).toEqual({ iccid: spareSsn(1), simType: 'physical' });
    const owned = await ok(ctx().app, accountApi.simsOwned, { session: s, params: me(s) });
    expect(owned._payload.values).toEqual([{ ...sim, line_state: 'active', network_waiting: false }]);
    const summary = (
      await ok(ctx().app, accountApi.balanceSummary, { session: s, params: { ...me(s), ssn: spareSsn(1) } })
    )._payload.current_month_balance_summary;
    expect(summary).toMatchObject({ is_current_membership: false, main: 0 });
    expect(summary.goodybags_summary.goodyBags).toEqual([
      { product_sku: 'BDEG00', max_onboard_data: KB_PER_GB, onboard_data: KB_PER_GB, days_left_for_expiry: 30 },
    ]);
    // The member is told with the number written as everywhere else.
    const [told] = await ctx().handle.db.select().from(notifications).where(eq(notifications.memberId, s.userId));
    const n = spareMsisdn(1);
    expect(told).toMatchObject({
      title: 'Your SIM is active',
      body: `${n.slice(0, 3)} ${n.slice(3, 6)} ${n.slice(6)} is ready to use.`,
    });
  });

  it('refuses an unknown card (404), a card already active (409), a second SIM (409) and a malformed number (400)', async () => {
    const s = await noSim(ctx());
    const unknown = await activate(ctx(), s, '8935301999999999999');
    expect(unknown.status).toBe(404);
    expect((await unknown.json())._payload.message).toBe(messages.simNotFound);
    const active = await withSim(ctx());
    const taken = await activate(ctx(), s, active.ssn); // another member's SIM, active
    expect(taken.status).toBe(409);
    expect((await taken.json())._payload.message).toBe(messages.simAlreadyActive);
    const bad = await activate(ctx(), s, '12345');
    expect(bad.status).toBe(400);
    expect((await bad.json())._payload.message).toContain('19 or 20 digits');
    const second = await activate(ctx(), active.session, spareSsn(2));
    expect(second.status).toBe(409);
    expect((await second.json())._payload.message).toBe(onboardingFailures.alreadyHasSim.message);
    // Nothing moved: the card is still in stock for someone else.
    expect((await activate(ctx(), s, spareSsn(2))).status).toBe(201);
  });

  it('activates one card once and gives one member one SIM, also when the requests arrive together', async () => {
    const a = await noSim(ctx());
    const b = await signUpMember(ctx(), 'racer@example.com');
    const sameCard = await Promise.all([activate(ctx(), a, spareSsn(3)), activate(ctx(), b, spareSsn(3))]);
    expect(sameCard.map((r) => r.status).sort()).toEqual([201, 409]);
    const c = await signUpMember(ctx(), 'greedy@example.com');
    const twoCards = await Promise.all([activate(ctx(), c, spareSsn(4)), activate(ctx(), c, spareSsn(5))]);
    expect(twoCards.map((r) => r.status).sort()).toEqual([201, 409]);
    // One activation order for each SIM activated, and no more.
    expect((await settleNetwork(ctx())).sent).toBe(2);
    const owned = await ok(ctx().app, accountApi.simsOwned, { session: c, params: me(c) });
    expect(owned._meta.total).toBe(1);
  });

  it('orders a free SIM (SIM_ORDERED), lists it in the orders, and refuses a second while it is on its way', async () => {
    const s = await noSim(ctx());
    const res = await order(ctx(), s);
    expect(res.status).toBe(201);
    const created = (await res.json())._payload.order;
    expect(created).toMatchObject({
      sku: 'Pre_Start_3FF_N',
      status: 'SIM_ORDERED',
      s_city: 'Galway',
      s_county: 'Galway',
      s_postcode: 'H91 X2Y3',
      s_line2: null,
    });
    const list = await ok(ctx().app, ordersApi.list, { session: s, params: me(s) });
    expect(list._meta.total).toBe(1);
    expect(list._payload.values[0]).toEqual(created);
    const again = await order(ctx(), s);
    expect(again.status).toBe(409);
    expect((await again.json())._payload.message).toBe(ordersFailures.freeSimOnItsWay.message);
  });

  it('20 free-SIM orders at once: one is taken, the others refused (nine taken-already, ten over the limit)', async () => {
    const s = await noSim(ctx());
    const results = await Promise.all(Array.from({ length: 20 }, () => order(ctx(), s)));
    const statuses = results.map((r) => r.status);
    expect(
      statuses.filter((st) => st === 201),
      String(statuses),
    ).toHaveLength(1);
    // The limiter lets 10 a window through (orders.routes.ts); of those one is taken and nine refused.
    expect(
      statuses.filter((st) => st === 429),
      String(statuses),
    ).toHaveLength(10);
    expect(
      statuses.filter((st) => st === 409),
      String(statuses),
    ).toHaveLength(9);
    expect(await ctx().handle.db.select().from(orders).where(eq(orders.memberId, s.userId))).toHaveLength(1);
  });

  it('the captcha is checked on the server: missing, forged or replayed answers are refused and nothing is ordered', async () => {
    const s = await noSim(ctx());
    // No captcha at all, as a hand-made request could leave it out.
    const missing = await send(ctx().app, ordersApi.orderFreeSim, {
      session: s,
      params: me(s),
      body: address as RequestBody<typeof ordersApi.orderFreeSim>,
    });
    expect(missing.status).toBe(400);
    expect((await missing.json())._payload.message).toContain('captcha is required');
    const forged = Buffer.from(
      JSON.stringify({
        algorithm: 'SHA-256',
        challenge: 'a'.repeat(64),
        number: 1,
        salt: 'x?expires=9999999999',
        signature: 'b'.repeat(64),
      }),
    ).toString('base64');
    const bad = await order(ctx(), s, { captcha: forged });
    expect(bad.status).toBe(400);
    expect((await bad.json())._payload.message).toBe(messages.captchaFailed);
    expect((await order(ctx(), s, { captcha: 'not base64 json' })).status).toBe(400);
    // A genuine answer used twice: the second use fails even though the first order was refused for its county.
    const answer = await solveCaptcha(ctx().app);
    expect((await order(ctx(), s, { captcha: answer, s_county: 'Atlantis' })).status).toBe(400);
    const first = await order(ctx(), s, { captcha: answer });
    expect(first.status).toBe(201);
    const other = await noSim(ctx());
    const replay = await send(ctx().app, ordersApi.orderFreeSim, {
      session: other,
      params: me(other),
      body: { ...address, captcha: answer },
    });
    expect(replay.status).toBe(400);
  });

  it('an answer past its time is refused', async () => {
    const answer = await solveCaptcha(ctx().app);
    ctx().clock.advance(11 * 60_000);
    const s = await noSim(ctx());
    const res = await order(ctx(), s, { captcha: answer });
    expect(res.status).toBe(400);
    expect((await res.json())._payload.message).toBe(messages.captchaFailed);
  });

  it('bad addresses get the first problem and nothing is written', async () => {
    const s = await noSim(ctx());
    for (const [body, message] of [
      [{ s_line1: '' }, 's_line1 is required'],
      [{ s_county: 'Atlantis' }, 's_county must be a county of Ireland'],
      [{ s_postcode: 'SW1A 1AA' }, 'Eircode'],
      [{ firstname: '<script>' }, 'firstname may contain letters'],
    ] as const) {
      const res = await order(ctx(), s, body);
      expect(res.status).toBe(400);
      expect((await res.json())._payload.message).toContain(message);
    }
    const list = await ok(ctx().app, ordersApi.list, { session: s, params: me(s) });
    expect(list._meta.total).toBe(0);
  });

  it('single sign-on answers the help-desk address; the sandbox help desk accepts that token and refuses a forged one', async () => {
    // The token's times come from the test clock; the verifier reads Date, so Date shows the same moment.
    vi.useFakeTimers({ toFake: ['Date'], now: SEED_TIME });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const { session: s, email } = await withSim(ctx());
    const { _payload } = await ok(ctx().app, helpdeskApi.sso, { session: s, params: me(s) });
    expect(_payload.url).toBe(`/sandbox/helpdesk/access/jwt?jwt=${encodeURIComponent(_payload.sso)}`);
    const accepted = await ctx().app.request(_payload.url!);
    expect(accepted.status).toBe(200);
    const page = await accepted.text();
    expect(page).toContain('This is not the real help desk.');
    expect(page).toContain(email);
    const forged = await ctx().app.request(
      `/sandbox/helpdesk/access/jwt?jwt=${encodeURIComponent(_payload.sso.slice(0, -2) + 'xx')}`,
    );
    expect(forged.status).toBe(401);
  });
});
