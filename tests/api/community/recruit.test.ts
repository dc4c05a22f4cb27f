import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { messages } from '../../../src/contract/messages.ts';
import { recruitFailures, recruitApi } from '../../../src/contract/recruit.schema.ts';
import { balances, ledger, members, orders, recruits, simStock } from '../../../src/server/db/schema.ts';
import { DAY } from '../../../src/server/kernel/clock.ts';
import { onboardingApi } from '../../../src/contract/onboarding.schema.ts';
import { createMember, signIn, type BuiltMember, type MemberSpec } from '../support/builders.ts';
import { ok, send as sendTyped } from '../support/client.ts';
import { call, forEachDatabase, signUpMember, type Session, type TestContext } from '../support/harness.ts';
import { buyMembership } from '../support/purchases.ts';

/** The members these tests need, made by builders (each test makes its own). */
const specs = {
  /** €11.50, two friends sent a free SIM: one rewarded (€10), one on its way; one more sent today is none. */
  recruiter: {
    creditCents: 1150,
    firstname: 'Tomás',
    affiliateId: 'TomasRecruits48',
    membership: { sku: 'BDDT00', daysLeft: 22, usedGb: 4 },
    recruits: [
      { name: 'Ciara Byrne', daysAgo: 20, rewarded: true },
      { name: 'Liam Hogan', daysAgo: 0 },
    ],
  },
  /** The day's three free SIMs sent already. */
  mgmlimit: { creditCents: 300, membership: { sku: 'BDDT00', daysLeft: 10 }, mgmOrdersToday: 3 },
  /** A member with a SIM and no affiliate id yet. */
  active: { creditCents: 750, membership: { sku: 'BDDT00', daysLeft: 12 } },
} satisfies Record<string, MemberSpec>;

const address = {
  firstname: 'Saoirse',
  lastname: 'Friend',
  s_line1: '4 Shop Street',
  s_city: 'Galway',
  s_county: 'Galway',
  s_postcode: 'H91 E2K7',
};
const form = (fields: Record<string, string>) => ({
  body: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});
const send = (ctx: TestContext, s: Session, fields: Record<string, string> = {}) =>
  call(ctx.app, s, '/panda/public/packs/campaign/mgm/', {
    method: 'POST',
    ...form({ ...address, user_id: String(s.userId), ...fields }),
  });
const limits = (ctx: TestContext, s: Session) =>
  sendTyped(ctx.app, recruitApi.simLimits, { session: s, params: { user_id: s.userId } });
const answer = async (res: Response) =>
  ((await res.json()) as { _payload: { message: string; code: string } })._payload;
const message = async (res: Response) => (await answer(res)).message;
const credit = async (ctx: TestContext, m: BuiltMember) =>
  (await ctx.handle.db.select().from(balances).where(eq(balances.ssn, m.ssn)))[0]!.creditCents;

/** A new member, verified, signed in: what a friend arriving by a recruit link becomes. */
async function newMember(ctx: TestContext, email: string): Promise<Session> {
  const s = await signUpMember(ctx, email);
  await ctx.handle.db.update(members).set({ isVerified: true }).where(eq(members.id, s.userId));
  return s;
}
const activate = (ctx: TestContext, s: Session, ssn: string) =>
  sendTyped(ctx.app, onboardingApi.activateSim, { session: s, params: { user_id: s.userId }, body: { ssn } });

forEachDatabase('recruit', { seed: 'catalogue', rateLimit: undefined }, (ctx) => {
  it('recruiter@: the link, €10 earned for one of two friends, 2 free SIMs left today', async () => {
    const { session: s } = await createMember(ctx(), specs.recruiter);
    expect(
      (await ok(ctx().app, recruitApi.affiliateId, { session: s, params: { user_id: s.userId } }))._payload,
    ).toEqual({ affiliateId: 'TomasRecruits48' });
    const kick = (await ok(ctx().app, recruitApi.kickbackCredit, { session: s, params: { user_id: s.userId } }))
      ._payload;
    expect(kick.earned_cents).toBe(1000);
    expect(kick.friends.map((f: { name: string; status: string }) => [f.name, f.status])).toEqual([
      ['Liam Hogan', 'sent'],
      ['Ciara Byrne', 'rewarded'],
    ]);
    expect((await (await limits(ctx(), s)).json())._payload).toEqual({ left_today: 2, daily_limit: 3 });
    // The public read names the recruiter by nickname only.
    const info = await ctx().app.request('/panda/public/users/affiliateInfo?affiliateId=TomasRecruits48');
    expect(await info.json()).toEqual({ _payload: { nickname: 'Tomás' } });
    const unknown = await ctx().app.request('/panda/public/users/affiliateInfo?affiliateId=Nobody4848');
    expect(unknown.status).toBe(404);
    expect(
      (
        await sendTyped(ctx().app, recruitApi.affiliateInfoMember, {
          session: s,
          query: { affiliateId: 'TomasRecruits48' },
        })
      ).status,
    ).toBe(200);
    // The member's nickname read by id still answers.
    expect((await ctx().app.request(`/panda/public/users/${s.userId}`)).status).toBe(200);
    // A member's affiliate id is given on first use and stays.
    const { session: a } = await createMember(ctx(), specs.active);
    const first = (await ok(ctx().app, recruitApi.affiliateId, { session: a, params: { user_id: a.userId } }))._payload
      .affiliateId;
    expect(first).toMatch(/^[A-Za-z0-9]{10}$/);
    expect(
      (await ok(ctx().app, recruitApi.affiliateId, { session: a, params: { user_id: a.userId } }))._payload.affiliateId,
    ).toBe(first);
  });

  it("send free SIM: two more today, then 'Too many mgm sims today!'; mgmlimit and nosim get their states", async () => {
    const recruiter = await createMember(ctx(), specs.recruiter);
    // Its three were sent today; tomorrow it has three again.
    const limit = await createMember(ctx(), specs.mgmlimit);
    const s = recruiter.session;
    const one = await send(ctx(), s);
    expect(one.status).toBe(201);
    const body = (await one.json())._payload;
    expect(body.order).toMatchObject({
      sku: 'Kickback_Pack_N',
      status: 'SIM_ORDERED',
      firstname: 'Saoirse',
      s_postcode: 'H91 E2K7',
    });
    expect(body.left_today).toBe(1);
    expect((await send(ctx(), s)).status).toBe(201);
    const third = await send(ctx(), s);
    expect(third.status).toBe(409);
    expect(await answer(third)).toEqual({ message: messages.tooManyMgmSims, code: recruitFailures.tooMany.code });
    // Tomorrow (Irish time) three more.
    ctx().clock.advance(DAY);
    const again = await signIn(ctx(), recruiter);
    expect((await (await limits(ctx(), again)).json())._payload.left_today).toBe(3);
    expect((await (await limits(ctx(), await signIn(ctx(), limit))).json())._payload.left_today).toBe(3);

    const { session: noSim } = await createMember(ctx(), { sim: 'none' });
    const noActive = await send(ctx(), noSim);
    expect(noActive.status).toBe(422);
    expect(await answer(noActive)).toEqual({
      message: messages.mgmNeedsActiveSim,
      code: recruitFailures.noActiveSim.code,
    });
    expect((await answer(await limits(ctx(), noSim))).code).toBe(recruitFailures.noActiveSim.code);
  });

  it('in the member’s language: a Polish member reads the refusals in Polish, the codes the same', async () => {
    const { session } = await createMember(ctx(), { sim: 'none', language: 'pl' });
    expect(await answer(await send(ctx(), session))).toEqual({
      message: 'Polecanie jest dostępne tylko dla użytkowników z aktywną kartą SIM',
      code: recruitFailures.noActiveSim.code,
    });
    const limit = await createMember(ctx(), { ...specs.mgmlimit, language: 'pl' });
    expect(await answer(await send(ctx(), limit.session))).toEqual({
      message: 'Za dużo kart SIM z polecenia na dziś!',
      code: recruitFailures.tooMany.code,
    });
  });

  it("a member who sent the day's three has none left", async () => {
    const { session: s } = await createMember(ctx(), specs.mgmlimit);
    expect((await (await limits(ctx(), s)).json())._payload.left_today).toBe(0);
    expect((await answer(await send(ctx(), s))).code).toBe(recruitFailures.tooMany.code);
  });

  it('send free SIM: bad input is a 400 naming the field; another user_id is 403; without a session, 401', async () => {
    const { session: s } = await createMember(ctx(), specs.recruiter);
    const bad = await send(ctx(), s, { s_county: 'Atlantis' });
    expect(bad.status).toBe(400);
    expect(await message(bad)).toMatch(/^s_county: /);
    expect((await send(ctx(), s, { sku: 'Pre_Start_3FF_N' })).status).toBe(400);
    const other = await createMember(ctx(), specs.active);
    expect((await send(ctx(), s, { user_id: String(other.userId) })).status).toBe(403);
    const anon = await ctx().app.request('/panda/public/packs/campaign/mgm/', {
      method: 'POST',
      ...form({ ...address, user_id: String(s.userId) }),
    });
    expect(anon.status).toBe(401);
    expect(await ctx().handle.db.select().from(orders).where(eq(orders.firstname, 'Saoirse'))).toHaveLength(0);
  });

  it('20 sends at once with one left: exactly one order', async () => {
    const { session: s } = await createMember(ctx(), specs.recruiter);
    expect((await send(ctx(), s)).status).toBe(201);
    const answers = await Promise.all(Array.from({ length: 20 }, () => send(ctx(), s)));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(19);
    const today = await ctx()
      .handle.db.select()
      .from(orders)
      .where(and(eq(orders.memberId, s.userId), eq(orders.shippingType, 'SIM_Recruiter')));
    expect(today.filter((o) => o.createdAt >= new Date(ctx().clock.now.getTime() - 60_000))).toHaveLength(3);
  });

  it('a recruit reward repays the recruiter’s top-up advance first (docs/product/lifelines.md), one repayment row', async () => {
    const recruiter = await createMember(ctx(), {
      ...specs.recruiter,
      creditCents: 0,
      recruits: [{ name: 'Liam Hogan', daysAgo: 0 }],
      advance: { owedCents: 550, daysAgo: 4 },
    });
    const s = recruiter.session;
    const sent = await send(ctx(), s);
    const { order } = ((await sent.json()) as { _payload: { order: { id: number } } })._payload;
    const [card] = await ctx().handle.db.select().from(simStock).where(eq(simStock.orderId, order.id));
    const friend = await newMember(ctx(), 'niamh.friend@example.com');
    expect((await activate(ctx(), friend, card!.ssn)).status).toBe(201);
    await ctx().handle.db.update(balances).set({ creditCents: 3000 }).where(eq(balances.ssn, card!.ssn));
    expect((await buyMembership(ctx(), friend, card!.ssn)).status).toBe(201);
    // €10 reward in, €5.50 owed repaid from it: €4.50 to spend.
    expect(await credit(ctx(), recruiter)).toBe(450);
    const rows = await ctx()
      .handle.db.select()
      .from(ledger)
      .where(and(eq(ledger.ssn, recruiter.ssn), eq(ledger.kind, 'advance-repayment')));
    expect(rows.map((r) => [r.creditDeltaCents, r.description])).toEqual([[-550, 'Top-up advance repaid']]);
  });

  it('a friend activates the card sent and buys a first membership: the recruiter gets €10 once', async () => {
    const recruiter = await createMember(ctx(), specs.recruiter);
    const s = recruiter.session;
    const sent = await send(ctx(), s);
    const { order } = ((await sent.json()) as { _payload: { order: { id: number } } })._payload;
    // The card sent to the friend: the one the order took from stock.
    const [card] = await ctx().handle.db.select().from(simStock).where(eq(simStock.orderId, order.id));
    const cardSsn = card!.ssn;
    const before = await credit(ctx(), recruiter);
    const friend = await newMember(ctx(), 'saoirse.friend@example.com');
    expect((await activate(ctx(), friend, cardSsn)).status).toBe(201);
    const [row] = await ctx().handle.db.select().from(recruits).where(eq(recruits.friendMemberId, friend.userId));
    expect(row).toMatchObject({ recruiterMemberId: s.userId });
    expect(row!.activatedAt).not.toBeNull();
    const [me] = await ctx().handle.db.select().from(members).where(eq(members.id, friend.userId));
    expect(me!.referredBy).toBe('TomasRecruits48');
    // Credit for the first membership: the gift of a top-up would do; here the credit is set.
    await ctx().handle.db.update(balances).set({ creditCents: 3000 }).where(eq(balances.ssn, cardSsn));
    expect((await buyMembership(ctx(), friend, cardSsn)).status).toBe(201);
    expect(await credit(ctx(), recruiter)).toBe(before + 1000);
    // A second membership pays nothing more.
    expect((await buyMembership(ctx(), friend, cardSsn)).status).toBe(201);
    expect(await credit(ctx(), recruiter)).toBe(before + 1000);
    const rows = await ctx()
      .handle.db.select()
      .from(ledger)
      .where(and(eq(ledger.ssn, recruiter.ssn), eq(ledger.kind, 'reward')));
    expect(rows.map((r) => r.description)).toEqual(['Recruit and reward', 'Recruit and reward']);
    const kick = (await ok(ctx().app, recruitApi.kickbackCredit, { session: s, params: { user_id: s.userId } }))
      ._payload;
    expect(kick.earned_cents).toBe(2000);
  });

  it('mates rates: a new member with a recruit link orders once; not with their own link, not without one', async () => {
    const { session: recruiter } = await createMember(ctx(), specs.recruiter);
    const friend = await newMember(ctx(), 'mate@example.com');
    const path = `/panda/protected/users/${friend.userId}/packs/campaign/mgm`;
    const none = await call(ctx().app, friend, path, { method: 'POST', ...form(address) });
    expect(none.status).toBe(422);
    expect((await answer(none)).code).toBe(recruitFailures.noRecruiter.code);
    // Spec section 3: the order carries the sku and ip (the customer's address from ugi); a bad one is named.
    for (const [field, value, text] of [
      ['ip', 'not-an-ip', 'ip must be an IP address'],
      ['sku', 'Kickback_Pack_M', 'sku must be Kickback_Pack_N'],
    ]) {
      const bad = await call(ctx().app, friend, path, {
        method: 'POST',
        ...form({ ...address, affiliateId: 'TomasRecruits48', [field!]: value! }),
      });
      expect(bad.status).toBe(400);
      expect(await message(bad)).toContain(text);
    }
    const ordered = await call(ctx().app, friend, path, {
      method: 'POST',
      ...form({ ...address, affiliateId: 'TomasRecruits48', sku: 'Kickback_Pack_N', ip: '203.0.113.7' }),
    });
    expect(ordered.status).toBe(201);
    expect((await ordered.json())._payload).toMatchObject({
      recruiter: 'Tomás',
      order: { sku: 'Kickback_Pack_N' },
      requester: '1',
    });
    // Here the request has no socket to show an address: the browser's is recorded.
    const [placed] = await ctx()
      .handle.db.select()
      .from(orders)
      .where(and(eq(orders.memberId, friend.userId), eq(orders.sku, 'Kickback_Pack_N')));
    expect(placed!.ip).toBe('203.0.113.7');
    // From a socket, the address the server sees wins over what the browser says (docs/product/production.md: one client address).
    const second = await newMember(ctx(), 'mate2@example.com');
    const fromSocket = await ctx().app.request(
      `/panda/protected/users/${second.userId}/packs/campaign/mgm`,
      {
        method: 'POST',
        ...form({ ...address, affiliateId: 'TomasRecruits48', ip: '203.0.113.7' }),
        headers: { ...second.headers, ...form({}).headers },
      },
      { incoming: { socket: { remoteAddress: '198.51.100.40', remotePort: 40_000, remoteFamily: 'IPv4' } } },
    );
    expect(fromSocket.status).toBe(201);
    const [seen] = await ctx().handle.db.select().from(orders).where(eq(orders.memberId, second.userId));
    expect(seen!.ip).toBe('198.51.100.40');
    const again = await call(ctx().app, friend, path, {
      method: 'POST',
      ...form({ ...address, affiliateId: 'TomasRecruits48' }),
    });
    expect((await answer(again)).code).toBe(recruitFailures.alreadyOrdered.code);
    const [me] = await ctx().handle.db.select().from(members).where(eq(members.id, friend.userId));
    expect(me!.referredBy).toBe('TomasRecruits48');

    const own = await call(ctx().app, recruiter, `/panda/protected/users/${recruiter.userId}/packs/campaign/mgm`, {
      method: 'POST',
      ...form({ ...address, affiliateId: 'TomasRecruits48' }),
    });
    expect((await answer(own)).code).toBe(recruitFailures.ownLink.code);
    const { session: member } = await createMember(ctx(), specs.active);
    const existing = await call(ctx().app, member, `/panda/protected/users/${member.userId}/packs/campaign/mgm`, {
      method: 'POST',
      ...form({ ...address, affiliateId: 'TomasRecruits48' }),
    });
    expect((await answer(existing)).code).toBe(recruitFailures.alreadyMember.code);
  });
});
