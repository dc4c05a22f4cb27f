import { and, desc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { offersFailures } from '../../src/contract/offers.ts';
import { goodyBags, ledger, offerClaims, outbox } from '../../src/server/db/schema.ts';
import { createMember, signIn, type BuiltMember } from './builders.ts';
import { call, forEachDatabase, signUpMember, type Session, type TestContext } from './harness.ts';
import { KB_PER_GB } from '../../src/contract/constants.ts';

const json = (method: string, body: unknown) => ({
  method,
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json' },
});
const message = async (res: Response) => ((await res.json()) as { _payload: { message: string } })._payload.message;
const post = (ctx: TestContext, s: Session, path: string, body?: unknown) =>
  call(
    ctx.app,
    s,
    `/panda/protected/users/${s.userId}${path}`,
    body === undefined ? { method: 'POST' } : json('POST', body),
  );

/** The 6-digit code of the newest student-offer mail to `to`. */
async function mailedCode(ctx: TestContext, to: string): Promise<string> {
  const [mail] = await ctx.handle.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id)).limit(1);
  return /code is (\d{6})/.exec(mail?.body ?? '')?.[1] ?? '';
}
const bagsOf = async (ctx: TestContext, m: BuiltMember, sku: string) =>
  (
    await ctx.handle.db
      .select()
      .from(goodyBags)
      .where(and(eq(goodyBags.ssn, m.ssn), eq(goodyBags.productSku, sku)))
  ).length;

/** A member with an active SIM and a membership: what every offer needs (each test makes its own). */
const member = (ctx: TestContext) =>
  createMember(ctx, { creditCents: 300, membership: { sku: 'BDDT00', daysLeft: 20 } });

forEachDatabase(
  'offers',
  (ctx) => {
    it('promotions: back to school ended (2021-10-06) and one month free closed today; both open on their dates', async () => {
      const today = (await (await ctx().app.request('/panda/public/offers')).json())._payload;
      expect(today.back_to_school).toMatchObject({ eligible: false, ends: '2021-10-06' });
      expect(today.one_month_free).toMatchObject({
        open: false,
        starts: '2024-02-15',
        ends: '2024-04-15',
        purchase_deadline: '2024-05-06',
      });
      // The end day itself is still on (Irish time: 23:30 on 6 October 2021 is 22:30 UTC).
      ctx().clock.now = new Date('2021-10-06T22:30:00Z');
      expect((await (await ctx().app.request('/panda/public/offers')).json())._payload.back_to_school.eligible).toBe(
        true,
      );
      ctx().clock.now = new Date('2021-10-06T23:00:00Z');
      expect((await (await ctx().app.request('/panda/public/offers')).json())._payload.back_to_school.eligible).toBe(
        false,
      );
    });

    it('the free allowance: refused the day before the window, given once inside it, refused after it', async () => {
      const c = ctx();
      c.clock.now = new Date('2024-02-14T23:59:00Z'); // 14 February in Ireland (GMT)
      const claimer = await member(c);
      const s = claimer.session;
      const early = await post(c, s, '/packs/applyfreeallowance');
      expect([early.status, await message(early)]).toEqual([422, offersFailures.outsideWindow.message]);
      c.clock.now = new Date('2024-02-15T00:00:00Z');
      const first = await post(c, s, '/packs/applyfreeallowance');
      expect(first.status).toBe(201);
      expect((await first.json())._payload.goody_bag).toMatchObject({
        product_sku: 'BDFREE1',
        data_kb: 30 * KB_PER_GB,
      });
      const again = await post(c, s, '/packs/applyfreeallowance');
      expect([again.status, await message(again)]).toEqual([409, offersFailures.allowanceClaimed.message]);
      expect(await bagsOf(c, claimer, 'BDFREE1')).toBe(1);
      // The last day ends at midnight Irish summer time (23:00 UTC).
      c.clock.now = new Date('2024-04-15T22:59:00Z');
      const { session: o } = await member(c);
      expect((await post(c, o, '/packs/applyfreeallowance')).status).toBe(201);
      c.clock.now = new Date('2024-04-15T23:00:00Z');
      const { session: l } = await member(c);
      expect((await post(c, l, '/packs/applyfreeallowance')).status).toBe(422);
      const again2 = await signIn(c, claimer);
      const mine = (await (await call(c.app, again2, `/panda/protected/users/${again2.userId}/offers`)).json())
        ._payload;
      expect(mine.free_allowance.claimed).toBe(true);
    });

    it('student offer: a code to a listed college address, 5 tries, then applied once per member and once per address', async () => {
      const c = ctx();
      const { session: s } = await member(c);
      const notCollege = await post(c, s, '/offers/student/code', { email: 'me@gmail.com' });
      expect([notCollege.status, await message(notCollege)]).toEqual([422, offersFailures.notStudentDomain.message]);
      expect((await post(c, s, '/offers/student/code', { email: 'not an address' })).status).toBe(400);
      const sent = await post(c, s, '/offers/student/code', { email: 'Aoife.Student@TCD.ie' });
      expect(sent.status).toBe(200);
      expect((await sent.json())._payload).toEqual({ sent_to: 'aoife.student@tcd.ie', expires_in_minutes: 10 });
      const code = await mailedCode(c, 'aoife.student@tcd.ie');
      expect(code).toMatch(/^\d{6}$/);
      const wrong = code === '000000' ? '111111' : '000000';
      const w1 = await post(c, s, '/offers/student', { email: 'aoife.student@tcd.ie', code: wrong });
      expect([w1.status, await message(w1)]).toEqual([422, `${offersFailures.wrongCode.message} 4 tries left.`]);
      const applied = await post(c, s, '/offers/student', { email: 'aoife.student@tcd.ie', code });
      expect(applied.status).toBe(201);
      expect((await applied.json())._payload.goody_bag).toMatchObject({
        product_sku: 'BDSTU1',
        data_kb: 20 * KB_PER_GB,
      });
      // One ledger row for the cause.
      const [claim] = await c.handle.db.select().from(offerClaims).where(eq(offerClaims.kind, 'student'));
      expect(
        (
          await c.handle.db
            .select()
            .from(ledger)
            .where(eq(ledger.reference, `offer:${claim!.id}`))
        ).length,
      ).toBe(1);
      // The code works once; the member cannot have the offer twice; the address serves nobody else.
      expect((await post(c, s, '/offers/student', { email: 'aoife.student@tcd.ie', code })).status).toBe(422);
      expect(await message(await post(c, s, '/offers/student/code', { email: 'other@ucdconnect.ie' }))).toBe(
        offersFailures.studentApplied.message,
      );
      const { session: o } = await member(c);
      const taken = await post(c, o, '/offers/student/code', { email: 'aoife.student@tcd.ie' });
      expect([taken.status, await message(taken)]).toEqual([409, offersFailures.addressTaken.message]);
      expect(
        (await (await call(c.app, s, `/panda/protected/users/${s.userId}/offers`)).json())._payload.student,
      ).toMatchObject({ applied: true, email: 'aoife.student@tcd.ie' });
    });

    it('student offer: five wrong codes end the code; a code expires after 10 minutes; no active SIM, no offer', async () => {
      const c = ctx();
      const { session: s } = await member(c);
      await post(c, s, '/offers/student/code', { email: 'ciaran@mumail.ie' });
      const code = await mailedCode(c, 'ciaran@mumail.ie');
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 4; i++)
        expect((await post(c, s, '/offers/student', { email: 'ciaran@mumail.ie', code: wrong })).status).toBe(422);
      const fifth = await post(c, s, '/offers/student', { email: 'ciaran@mumail.ie', code: wrong });
      expect([fifth.status, await message(fifth)]).toEqual([429, offersFailures.tooManyTries.message]);
      expect((await post(c, s, '/offers/student', { email: 'ciaran@mumail.ie', code })).status).toBe(429);
      await post(c, s, '/offers/student/code', { email: 'ciaran@mumail.ie' });
      const fresh = await mailedCode(c, 'ciaran@mumail.ie');
      c.clock.advance(10 * 60_000 + 1);
      expect(await message(await post(c, s, '/offers/student', { email: 'ciaran@mumail.ie', code: fresh }))).toBe(
        offersFailures.codeExpired.message,
      );
      const n = await signUpMember(c, 'nosim-student@example.com');
      await post(c, n, '/offers/student/code', { email: 'nosim@tcd.ie' });
      const noSim = await post(c, n, '/offers/student', {
        email: 'nosim@tcd.ie',
        code: await mailedCode(c, 'nosim@tcd.ie'),
      });
      expect([noSim.status, await message(noSim)]).toEqual([422, offersFailures.noActiveSim.message]);
    });

    it('partner campaign: a voucher claimed once, the same one on return, none for another campaign until joined', async () => {
      const c = ctx();
      const { session: s } = await member(c);
      const before = (
        await (await call(c.app, s, `/panda/protected/users/${s.userId}/campaign-details?token=screen-nights`)).json()
      )._payload;
      expect(before).toMatchObject({ campaign: 'screen-nights', voucher: null });
      const joined = (
        await (await post(c, s, '/campaign', { user_id: String(s.userId), campaign: 'screen-nights' })).json()
      )._payload;
      expect(joined.voucher).toMatch(/^SCREEN-\d{4}$/);
      const again = (
        await (await post(c, s, '/campaign', { user_id: String(s.userId), campaign: 'screen-nights' })).json()
      )._payload;
      expect(again.voucher).toBe(joined.voucher);
      expect(
        (await (await call(c.app, s, `/panda/protected/users/${s.userId}/campaign-details?token=screen-nights`)).json())
          ._payload.voucher,
      ).toBe(joined.voucher);
      expect(
        (await (await call(c.app, s, `/panda/protected/users/${s.userId}/campaign-details?token=pulse-gyms`)).json())
          ._payload.voucher,
      ).toBeNull();
      const { session: other } = await member(c);
      const theirs = (
        await (await post(c, other, '/campaign', { user_id: String(other.userId), campaign: 'screen-nights' })).json()
      )._payload;
      expect(theirs.voucher).not.toBe(joined.voucher);
      // Someone else's user_id in the body is refused; an unknown campaign is bad input.
      expect((await post(c, s, '/campaign', { user_id: String(other.userId), campaign: 'screen-nights' })).status).toBe(
        403,
      );
      expect((await post(c, s, '/campaign', { user_id: String(s.userId), campaign: 'nope' })).status).toBe(400);
    });

    it('presale codes: three calls, one code per member, each code once', async () => {
      const c = ctx();
      const { session: s } = await member(c);
      const base = `/panda/protected/users/${s.userId}`;
      expect((await (await call(c.app, s, `${base}/longitudePresaleIsUserIdAssosiated`)).json())._payload).toEqual({
        associated: false,
      });
      expect((await call(c.app, s, `${base}/longitudePresaleUserIdAssosiatedCode`)).status).toBe(404);
      const unknown = await call(c.app, s, `${base}/longitudePresaleCode`, json('PUT', { code: 'LONG-9999' }));
      expect([unknown.status, await message(unknown)]).toEqual([404, offersFailures.unknownPresaleCode.message]);
      expect((await call(c.app, s, `${base}/longitudePresaleCode`, json('PUT', { code: ' long-2001 ' }))).status).toBe(
        200,
      );
      expect((await (await call(c.app, s, `${base}/longitudePresaleIsUserIdAssosiated`)).json())._payload).toEqual({
        associated: true,
      });
      expect((await (await call(c.app, s, `${base}/longitudePresaleUserIdAssosiatedCode`)).json())._payload).toEqual({
        code: 'LONG-2001',
      });
      expect(
        await message(await call(c.app, s, `${base}/longitudePresaleCode`, json('PUT', { code: 'LONG-2002' }))),
      ).toBe(offersFailures.hasPresaleCode.message);
      const { session: o } = await member(c);
      const taken = await call(
        c.app,
        o,
        `/panda/protected/users/${o.userId}/longitudePresaleCode`,
        json('PUT', { code: 'LONG-2001' }),
      );
      expect([taken.status, await message(taken)]).toEqual([409, offersFailures.presaleTaken.message]);
    });

    it('feelsmug: a cup code gives a 2 GB goody bag once; an unknown code is refused', async () => {
      const c = ctx();
      const smugger = await member(c);
      const s = smugger.session;
      const ok = await post(c, s, '/offers/feelsmug', { code: 'smug 1001' });
      expect(ok.status).toBe(201);
      expect((await ok.json())._payload.goody_bag).toMatchObject({ product_sku: 'BDSMUG1', data_kb: 2 * KB_PER_GB });
      const used = await post(c, s, '/offers/feelsmug', { code: 'SMUG-1001' });
      expect([used.status, await message(used)]).toEqual([409, offersFailures.smugUsed.message]);
      const unknown = await post(c, s, '/offers/feelsmug', { code: 'SMUG-0000' });
      expect([unknown.status, await message(unknown)]).toEqual([404, offersFailures.unknownSmugCode.message]);
      expect((await post(c, s, '/offers/feelsmug', { code: '' })).status).toBe(400);
      expect((await post(c, s, '/offers/feelsmug', { code: 'SMUG-1002' })).status).toBe(201);
      expect(await bagsOf(c, smugger, 'BDSMUG1')).toBe(2);
    });

    it('once-only claims hold under concurrency: 20 redemptions of one code, 20 joins, 20 presale codes at once', async () => {
      const c = ctx();
      const members: Session[] = [];
      for (let i = 0; i < 5; i++) members.push((await member(c)).session);
      const smug = await Promise.all(
        members.flatMap((m) => Array.from({ length: 4 }, () => post(c, m, '/offers/feelsmug', { code: 'SMUG-1010' }))),
      );
      expect(smug.map((r) => r.status).sort()).toEqual([201, ...Array<number>(19).fill(409)]);
      const s = members[0]!;
      const joins = await Promise.all(
        Array.from({ length: 20 }, () =>
          post(c, s, '/campaign', { user_id: String(s.userId), campaign: 'pulse-gyms' }),
        ),
      );
      const vouchers = new Set(await Promise.all(joins.map(async (r) => (await r.json())._payload.voucher as string)));
      expect(vouchers.size).toBe(1);
      expect(
        (await c.handle.db.select().from(offerClaims).where(eq(offerClaims.kind, 'voucher:pulse-gyms'))).length,
      ).toBe(1);
      const presales = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          call(
            c.app,
            s,
            `/panda/protected/users/${s.userId}/longitudePresaleCode`,
            json('PUT', { code: `LONG-20${10 + i}` }),
          ),
        ),
      );
      expect(presales.filter((r) => r.status === 200).length).toBe(1);
      expect(
        (
          await c.handle.db
            .select()
            .from(offerClaims)
            .where(and(eq(offerClaims.kind, 'presale'), eq(offerClaims.memberId, s.userId)))
        ).length,
      ).toBe(1);
    });
  },
  undefined,
  'catalogue',
);
