import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { campaignSlugOn, easterSunday, referralsFailures } from '../../../src/contract/referrals.schema.ts';
import { createApp } from '../../../src/server/app.ts';
import { balances, members, referralCalls, referralOutbox } from '../../../src/server/db/schema.ts';
import { sandboxReferrals } from '../../../src/server/modules/community/integrations/referrals/index.ts';
import { sendReferralOutbox } from '../../../src/server/modules/community/referrals.ts';
import { spareSsn } from '../../../src/server/seed/seed.ts';
import { BUILT_PASSWORD, createMember } from '../support/builders.ts';
import {
  call,
  forEachDatabase,
  login,
  signUpMember,
  solveCaptcha,
  type Session,
  type TestContext,
} from '../support/harness.ts';

const json = (body: object, method = 'POST') => ({
  method,
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json' },
});
const refer = (ctx: TestContext, s: Session, friend_email: string, app = ctx.app) =>
  call(
    app,
    s,
    `/panda/protected/users/${s.userId}/buyapowareferrals/registrations`,
    json({ friend_first_name: 'Laoise', friend_last_name: 'Hayes', friend_email }),
  );
const message = async (res: Response) => ((await res.json()) as { _payload: { message: string } })._payload.message;
const recorded = async (ctx: TestContext) =>
  (await ctx.handle.db.select().from(referralCalls).orderBy(referralCalls.id)).map((c) => ({
    path: c.path,
    status: c.status,
    payload: JSON.parse(c.payload) as Record<string, unknown>,
  }));
const flush = (ctx: TestContext) =>
  sendReferralOutbox(
    { db: ctx.handle.db, clock: () => ctx.clock.now },
    sandboxReferrals(ctx.handle.db, () => ctx.clock.now),
  );

describe('referral campaign', () => {
  it('Easter Sunday by the computus, and the Easter campaign from Palm Sunday to Easter Monday', () => {
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2027)).toBe('2027-03-28');
    expect(campaignSlugOn('2027-03-20')).toBe('48_raf1');
    expect(campaignSlugOn('2027-03-21')).toBe('48_rp1');
    expect(campaignSlugOn('2027-03-29')).toBe('48_rp1');
    expect(campaignSlugOn('2027-03-30')).toBe('48_raf1');
  });
});

forEachDatabase('referrals', { seed: 'catalogue' }, (ctx) => {
  it('refers a friend: the service gets the payload of the spec (slug, locale, opt-ins, client data); twice is refused', async () => {
    const member = await createMember(ctx(), { creditCents: 750 });
    const s = member.session;
    const res = await refer(ctx(), s, 'laoise@example.net');
    expect(res.status).toBe(201);
    expect((await res.json())._payload).toMatchObject({ friend_name: 'Laoise Hayes', status: 'registered' });
    const [registration] = await recorded(ctx());
    expect(registration).toEqual({
      path: '/buyapowa/api/friends/registrations',
      status: 200,
      payload: {
        campaign_slug: '48_raf1',
        locale: 'en',
        terms_opt_in: true,
        marketing_opt_in: false,
        client_data: { user_id: String(s.userId), nickname: 'Built' },
        referrer_email: member.email,
        friend_email: 'laoise@example.net',
        first_name: 'Laoise',
        last_name: 'Hayes',
        full_name: 'Laoise Hayes',
      },
    });
    const again = await refer(ctx(), s, 'LAOISE@example.net');
    expect(again.status).toBe(409);
    expect(await message(again)).toBe(referralsFailures.alreadyReferred.message);
    const list = (await (await call(ctx().app, s, `/panda/protected/users/${s.userId}/getbuyapowareferrals`)).json())
      ._payload;
    expect(list.campaign_slug).toBe('48_raf1');
    expect(list.values).toHaveLength(1);
    expect(
      (await (await ctx().app.request(`/panda/public/users/${s.userId}/buyapowareferrals`)).json())._payload,
    ).toEqual({ campaign_slug: '48_raf1', referrals: 1 });
    expect((await ctx().app.request('/panda/public/users/999999/buyapowareferrals')).status).toBe(404);
  });

  it("the service's refusal reaches the caller as its message; no answer is a 503", async () => {
    const member = await createMember(ctx(), { creditCents: 750 });
    const s = member.session;
    const self = await refer(ctx(), s, member.email);
    expect(self.status).toBe(422);
    expect(await message(self)).toBe("You can't refer yourself: enter your friend's e-mail address.");
    const down = createApp({
      db: ctx().handle.db,
      config: ctx().config,
      clock: () => ctx().clock.now,
      payments: ctx().payments,
      referrals: { send: async () => ({ ok: false, status: 503, message: 'timeout' }) },
    });
    const s2 = await login(down, member.email, BUILT_PASSWORD);
    const res = await refer(ctx(), s2, 'someone@example.net', down);
    expect(res.status).toBe(503);
    expect(await message(res)).toBe(referralsFailures.serviceDown.message);
  });

  it('the friend signs up, orders a SIM, buys a first membership: signups, track and confirmations reach the service', async () => {
    const { session: s } = await createMember(ctx(), { creditCents: 750 });
    await refer(ctx(), s, 'friend.journey@example.com');
    const friend = await signUpMember(ctx(), 'Friend.Journey@example.com');
    await ctx().handle.db.update(members).set({ isVerified: true }).where(eq(members.id, friend.userId));
    expect(
      (await (await call(ctx().app, s, `/panda/protected/users/${s.userId}/getbuyapowareferrals`)).json())._payload
        .values[0].status,
    ).toBe('signed_up');
    // The outbox sends after the change (here by hand; in the server, the every-minute job).
    expect(await flush(ctx())).toBe(1);
    expect((await recorded(ctx())).at(-1)).toMatchObject({
      path: '/buyapowa/api/signups',
      payload: {
        email_address: 'Friend.Journey@example.com',
        locale: 'en',
        terms_opt_in: true,
        marketing_opt_in: false,
      },
    });

    // A free SIM order, recorded as the referred order (spec: POST …/users/buyapowareferrals?channel=web).
    const ordered = await call(
      ctx().app,
      friend,
      `/panda/protected/users/${friend.userId}/sims/activate`,
      json({ ssn: spareSsn(150) }),
    );
    expect(ordered.status).toBe(201);
    await ctx()
      .handle.db.update(balances)
      .set({ creditCents: 2000 })
      .where(eq(balances.ssn, spareSsn(150)));
    const buy = await call(
      ctx().app,
      friend,
      `/panda/protected/users/${friend.userId}/sims/${spareSsn(150)}/recurrence?single_topUp=true`,
      {
        method: 'POST',
        body: new URLSearchParams({ recurrence_sku: 'BDDT00' }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
    );
    expect(buy.status).toBe(201);
    expect(await flush(ctx())).toBe(2);
    const calls = await recorded(ctx());
    expect(calls.slice(-2).map((c) => c.path)).toEqual([
      '/buyapowa/api/referrals/track',
      '/buyapowa/api/referrals/confirmations',
    ]);
    expect(calls.at(-1)!.payload).toMatchObject({
      status: 'confirmed',
      reward_category: 'membership',
      campaign_slug: '48_raf1',
    });
    expect(
      (await (await call(ctx().app, s, `/panda/protected/users/${s.userId}/getbuyapowareferrals`)).json())._payload
        .values[0].status,
    ).toBe('confirmed');
    // Sent once: nothing is left in the outbox.
    expect(await flush(ctx())).toBe(0);
    expect((await ctx().handle.db.select().from(referralOutbox)).every((o) => o.sentAt !== null)).toBe(true);
  });

  it("a referred SIM order is tracked; a cancelled one is reconciled as 'failed'; others have nothing to record", async () => {
    const { session: s } = await createMember(ctx(), { creditCents: 750 });
    await refer(ctx(), s, 'orderer@example.com');
    const friend = await signUpMember(ctx(), 'orderer@example.com');
    const order = await call(
      ctx().app,
      friend,
      `/panda/protected/users/${friend.userId}/orders/free-sim`,
      json({
        firstname: 'Laoise',
        lastname: 'Hayes',
        s_line1: '1 Main Street',
        s_city: 'Cork',
        s_county: 'Cork',
        captcha: await solveCaptcha(ctx().app),
      }),
    );
    const orderId = order.status === 201 ? (await order.json())._payload.order.id : undefined;
    if (orderId === undefined) return expect.fail(`free SIM order: ${order.status} ${await order.text()}`);
    const rec = await call(
      ctx().app,
      friend,
      '/panda/protected/users/buyapowareferrals?channel=web',
      json({ user_id: String(friend.userId), sim_order: orderId }),
    );
    expect((await rec.json())._payload).toEqual({ recorded: true });
    expect((await recorded(ctx())).at(-1)).toMatchObject({
      path: '/buyapowa/api/referrals/track',
      payload: { order_number: `SIM-${orderId}` },
    });
    const failed = await call(
      ctx().app,
      friend,
      `/panda/protected/users/${friend.userId}/buyapowareferrals/SIM-${orderId}`,
      json({ status: 'failed' }, 'PUT'),
    );
    expect((await failed.json())._payload.status).toBe('failed');
    expect((await recorded(ctx())).at(-1)).toMatchObject({
      path: '/buyapowa/api/referrals/confirmations',
      payload: { status: 'failed', order_number: `SIM-${orderId}` },
    });

    const other = await call(
      ctx().app,
      s,
      '/panda/protected/users/buyapowareferrals?channel=web',
      json({ user_id: String(friend.userId), sim_order: orderId }),
    );
    expect(other.status).toBe(403);
    const { session: notReferred } = await createMember(ctx(), { creditCents: 50 });
    const none = await call(
      ctx().app,
      notReferred,
      '/panda/protected/users/buyapowareferrals?channel=web',
      json({ user_id: String(notReferred.userId), sim_order: orderId }),
    );
    expect(none.status).toBe(404);
    expect(
      (
        await call(
          ctx().app,
          friend,
          `/panda/protected/users/${friend.userId}/buyapowareferrals/SIM-999`,
          json({ status: 'confirmed' }, 'PUT'),
        )
      ).status,
    ).toBe(404);
  });
});
