import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { messages } from '../../src/contract/messages.ts';
import { recruitFailures } from '../../src/contract/recruit.ts';
import { balances, ledger, members, orders, recruits, simStock } from '../../src/server/db/schema.ts';
import { demoSsn, spareSsn } from '../../src/server/seed/seed.ts';
import { DAY } from '../../src/server/services/clock.ts';
import { call, forEachDatabase, login, signUpMember, type Session, type TestContext } from './harness.ts';

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
const limits = (ctx: TestContext, s: Session) => call(ctx.app, s, `/panda/public/users/${s.userId}/sim-limits`);
const message = async (res: Response) => ((await res.json()) as { _payload: { message: string } })._payload.message;
const credit = async (ctx: TestContext, n: number) =>
  (
    await ctx.handle.db
      .select()
      .from(balances)
      .where(eq(balances.ssn, demoSsn(n)))
  )[0]!.creditCents;

/** A new member, verified, signed in: what a friend arriving by a recruit link becomes. */
async function newMember(ctx: TestContext, email: string): Promise<Session> {
  const s = await signUpMember(ctx, email);
  await ctx.handle.db.update(members).set({ isVerified: true }).where(eq(members.id, s.userId));
  return s;
}
const activate = (ctx: TestContext, s: Session, ssn: string) =>
  call(ctx.app, s, `/panda/protected/users/${s.userId}/sims/activate`, {
    method: 'POST',
    body: JSON.stringify({ ssn }),
    headers: { 'content-type': 'application/json' },
  });
const buyMembership = (ctx: TestContext, s: Session, ssn: string) =>
  call(ctx.app, s, `/panda/protected/users/${s.userId}/sims/${ssn}/recurrence?single_topUp=true`, {
    method: 'POST',
    ...form({ recurrence_sku: 'BDDT00', payment_type: 'BALANCE_BEFORE_SC' }),
  });

forEachDatabase('recruit', (ctx) => {
  it('recruiter@: the link, €10 earned for one of two friends, 2 free SIMs left today', async () => {
    const s = await login(ctx().app, 'recruiter@example.com');
    expect(
      (await (await call(ctx().app, s, `/panda/protected/users/${s.userId}/extras/affiliateId`)).json())._payload,
    ).toEqual({ affiliateId: 'TomasRecruits48' });
    const kick = (await (await call(ctx().app, s, `/panda/protected/users/${s.userId}/sims/kickbackcredit`)).json())
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
    expect((await call(ctx().app, s, '/panda/protected/users/affiliateInfo?affiliateId=TomasRecruits48')).status).toBe(
      200,
    );
    // The member's nickname read by id still answers.
    expect((await ctx().app.request(`/panda/public/users/${s.userId}`)).status).toBe(200);
    // A member's affiliate id is given on first use and stays.
    const a = await login(ctx().app, 'active@example.com');
    const first = (await (await call(ctx().app, a, `/panda/protected/users/${a.userId}/extras/affiliateId`)).json())
      ._payload.affiliateId;
    expect(first).toMatch(/^[A-Za-z0-9]{10}$/);
    expect(
      (await (await call(ctx().app, a, `/panda/protected/users/${a.userId}/extras/affiliateId`)).json())._payload
        .affiliateId,
    ).toBe(first);
  });

  it("send free SIM: two more today, then 'Too many mgm sims today!'; mgmlimit and nosim get their states", async () => {
    const s = await login(ctx().app, 'recruiter@example.com');
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
    expect(await message(third)).toBe(messages.tooManyMgmSims);
    // Tomorrow (Irish time) three more.
    ctx().clock.advance(DAY);
    const again = await login(ctx().app, 'recruiter@example.com');
    expect((await (await limits(ctx(), again)).json())._payload.left_today).toBe(3);

    const limit = await login(ctx().app, 'mgmlimit@example.com');
    expect((await (await limits(ctx(), limit)).json())._payload.left_today).toBe(3);
    const noSim = await login(ctx().app, 'nosim@example.com');
    const refused = await send(ctx(), noSim);
    expect(refused.status).toBe(422);
    expect(await message(refused)).toBe(messages.mgmNeedsActiveSim);
    expect(await message(await limits(ctx(), noSim))).toBe(messages.mgmNeedsActiveSim);
  });

  it("mgmlimit@: the day's three are sent already", async () => {
    const s = await login(ctx().app, 'mgmlimit@example.com');
    expect((await (await limits(ctx(), s)).json())._payload.left_today).toBe(0);
    expect(await message(await send(ctx(), s))).toBe(messages.tooManyMgmSims);
  });

  it('send free SIM: bad input is a 400 naming the field; another user_id is 403; without a session 401', async () => {
    const s = await login(ctx().app, 'recruiter@example.com');
    const bad = await send(ctx(), s, { s_county: 'Atlantis' });
    expect(bad.status).toBe(400);
    expect(await message(bad)).toMatch(/^s_county: /);
    expect((await send(ctx(), s, { sku: 'Pre_Start_3FF_N' })).status).toBe(400);
    expect((await send(ctx(), s, { user_id: '1' })).status).toBe(403);
    const anon = await ctx().app.request('/panda/public/packs/campaign/mgm/', {
      method: 'POST',
      ...form({ ...address, user_id: '1' }),
    });
    expect(anon.status).toBe(401);
    expect(await ctx().handle.db.select().from(orders).where(eq(orders.firstname, 'Saoirse'))).toHaveLength(0);
  });

  it('20 sends at once with one left: exactly one order', async () => {
    const s = await login(ctx().app, 'recruiter@example.com');
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

  it('a friend activates the card sent and buys a first membership: the recruiter gets €10 once', async () => {
    const s = await login(ctx().app, 'recruiter@example.com');
    await send(ctx(), s);
    const [card] = await ctx()
      .handle.db.select()
      .from(simStock)
      .where(eq(simStock.ssn, spareSsn(199)));
    expect(card!.orderId).not.toBeNull();
    const before = await credit(ctx(), 29);
    const friend = await newMember(ctx(), 'saoirse.friend@example.com');
    expect((await activate(ctx(), friend, spareSsn(199))).status).toBe(201);
    const [row] = await ctx().handle.db.select().from(recruits).where(eq(recruits.friendMemberId, friend.userId));
    expect(row).toMatchObject({ recruiterMemberId: s.userId });
    expect(row!.activatedAt).not.toBeNull();
    const [me] = await ctx().handle.db.select().from(members).where(eq(members.id, friend.userId));
    expect(me!.referredBy).toBe('TomasRecruits48');
    // Credit for the first membership: the gift of a top-up would do; here the credit is set.
    await ctx()
      .handle.db.update(balances)
      .set({ creditCents: 3000 })
      .where(eq(balances.ssn, spareSsn(199)));
    expect((await buyMembership(ctx(), friend, spareSsn(199))).status).toBe(201);
    expect(await credit(ctx(), 29)).toBe(before + 1000);
    // A second membership pays nothing more.
    expect((await buyMembership(ctx(), friend, spareSsn(199))).status).toBe(201);
    expect(await credit(ctx(), 29)).toBe(before + 1000);
    const rows = await ctx()
      .handle.db.select()
      .from(ledger)
      .where(and(eq(ledger.ssn, demoSsn(29)), eq(ledger.kind, 'reward')));
    expect(rows.map((r) => r.description)).toEqual(['Recruit and reward', 'Recruit and reward']);
    const kick = (await (await call(ctx().app, s, `/panda/protected/users/${s.userId}/sims/kickbackcredit`)).json())
      ._payload;
    expect(kick.earned_cents).toBe(2000);
  });

  it('mates rates: a new member with a recruit link orders once; not with their own link, not without one', async () => {
    const friend = await newMember(ctx(), 'mate@example.com');
    const path = `/panda/protected/users/${friend.userId}/packs/campaign/mgm`;
    const none = await call(ctx().app, friend, path, { method: 'POST', ...form(address) });
    expect(none.status).toBe(422);
    expect(await message(none)).toBe(recruitFailures.noRecruiter.message);
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
    // From a socket, the address the server sees wins over what the browser says (production.md: one client address).
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
    expect(await message(again)).toBe(recruitFailures.alreadyOrdered.message);
    const [me] = await ctx().handle.db.select().from(members).where(eq(members.id, friend.userId));
    expect(me!.referredBy).toBe('TomasRecruits48');

    const recruiter = await login(ctx().app, 'recruiter@example.com');
    const own = await call(ctx().app, recruiter, `/panda/protected/users/${recruiter.userId}/packs/campaign/mgm`, {
      method: 'POST',
      ...form({ ...address, affiliateId: 'TomasRecruits48' }),
    });
    expect(await message(own)).toBe(recruitFailures.ownLink.message);
    const member = await login(ctx().app, 'active@example.com');
    const existing = await call(ctx().app, member, `/panda/protected/users/${member.userId}/packs/campaign/mgm`, {
      method: 'POST',
      ...form({ ...address, affiliateId: 'TomasRecruits48' }),
    });
    expect(await message(existing)).toBe(recruitFailures.alreadyMember.message);
  });
});
