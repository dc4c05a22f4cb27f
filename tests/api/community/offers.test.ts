import { and, desc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { offersApi, offersFailures } from '../../../src/contract/offers.schema.ts';
import { settingsApi } from '../../../src/contract/settings.schema.ts';
import { catalogues } from '../../../src/contract/i18n/messages.ts';
import { goodyBags, ledger, offerClaims, outbox } from '../../../src/server/db/schema.ts';
import { createMember, signIn, type BuiltMember } from '../support/builders.ts';
import { ok, refused, send } from '../support/client.ts';
import { forEachDatabase, signUpMember, type Session, type TestContext } from '../support/harness.ts';
import { KB_PER_GB } from '../../../src/contract/constants.ts';
import { promotions } from '../../../src/server/modules/community/offers/offers.service.ts';
import { contentFiles } from '../support/content.ts';

const message = async (res: Response) => ((await res.json()) as { _payload: { message: string } })._payload.message;
/** The member's own user_id, as every member endpoint takes it. */
const me = (s: Session) => ({ user_id: s.userId });
/** A member's call with a body, as the offers screens send it. */
const asking = <B>(s: Session, body: B) => ({ session: s, params: me(s), body });
/** The student offer's two steps: a code mailed to a college address, then the code applied. */
type Campaign = 'screen-nights' | 'pulse-gyms';
/** Joins a partner campaign as `s`, for `userId` (the member's own unless a test says otherwise). */
const joinCampaign = (c: TestContext, s: Session, campaign: Campaign, userId = s.userId) =>
  send(c.app, offersApi.joinCampaign, asking(s, { user_id: String(userId), campaign }));

const studentCode = (c: TestContext, s: Session, email: string) =>
  send(c.app, offersApi.studentCode, asking(s, { email }));
const applyStudent = (c: TestContext, s: Session, email: string, code: string) =>
  send(c.app, offersApi.applyStudent, asking(s, { email, code }));

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

forEachDatabase('offers', { seed: 'catalogue', rateLimit: undefined }, (ctx) => {
  it('promotions: back to school ended (2021-10-06) and one month free closed today; both open on their dates', async () => {
    const today = (await (await ctx().app.request('/panda/public/offers')).json())._payload;
    expect(today.back_to_school).toMatchObject({ eligible: false, ends: '2021-10-06' });
    expect(today.one_month_free).toMatchObject({
      open: false,
      upcoming: false,
      starts: '2024-02-15',
      ends: '2024-04-15',
      purchase_deadline: '2024-05-06',
    });
    // Before its first day it is announced, not ended: the screen says when it starts.
    const offersOn = async (iso: string) => {
      ctx().clock.now = new Date(iso);
      return (await (await ctx().app.request('/panda/public/offers')).json())._payload.one_month_free;
    };
    expect(await offersOn('2024-02-14T12:00:00Z')).toMatchObject({ open: false, upcoming: true });
    expect(await offersOn('2024-02-15T12:00:00Z')).toMatchObject({ open: true, upcoming: false });
    expect(await offersOn('2024-04-16T12:00:00Z')).toMatchObject({ open: false, upcoming: false });
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

  it('promotions in the language asked for: the translation’s words where it has them, English else, each saying which', async () => {
    const said = async (query: string, cookie?: string) =>
      (await (await ctx().app.request(`/panda/public/offers${query}`, cookie ? { headers: { cookie } } : {})).json())
        ._payload;
    const english = await said('');
    expect(english.back_to_school).toMatchObject({ heading: 'Back to school', language: 'en' });
    const polish = await said('?language=pl');
    expect(polish.back_to_school).toMatchObject({ heading: 'Powrót do szkoły', language: 'pl', ends: '2021-10-06' });
    expect(polish.one_month_free).toMatchObject({ heading: 'Miesiąc za darmo', language: 'pl', ends: '2024-04-15' });
    // The dates and the flags are the English entries' whatever the language.
    expect({ ...polish.one_month_free, heading: '', body: '', language: '' }).toEqual({
      ...english.one_month_free,
      heading: '',
      body: '',
      language: '',
    });
    // No language asked: the visitor's choice; an unknown one is a 400.
    expect((await said('', 'lang=ga')).one_month_free).toMatchObject({ heading: 'Mí saor in aisce', language: 'ga' });
    expect((await ctx().app.request('/panda/public/offers?language=fr')).status).toBe(400);
  });

  it('promotions where the translation lacks an offer: that one in English, said so', async () => {
    const content = contentFiles('content');
    const words = await content.promotionWords();
    const partial = {
      ...content,
      promotionWords: async () => ({ pl: { 'one-month-free': words.pl?.['one-month-free'] } }),
    };
    const answer = await promotions({ db: ctx().handle.db, clock: () => ctx().clock.now, content: partial }, 'pl');
    expect(answer.back_to_school).toMatchObject({ heading: 'Back to school', language: 'en' });
    expect(answer.one_month_free).toMatchObject({ heading: 'Miesiąc za darmo', language: 'pl' });
  });

  it('student offer in Polish: the refusals and the tries left in the member’s language', async () => {
    const c = ctx();
    const { session: s, userId } = await member(c);
    await ok(c.app, settingsApi.saveLanguage, { session: s, params: { user_id: userId }, body: { language: 'pl' } });
    const notCollege = await studentCode(c, s, 'me@gmail.com');
    expect([notCollege.status, await message(notCollege)]).toEqual([
      422,
      catalogues.pl['error.offers.notStudentDomain'],
    ]);
    expect((await studentCode(c, s, 'ola.studentka@ucdconnect.ie')).status).toBe(200);
    // The mail is Polish too ("Twój kod … to 123456").
    const [mail] = await c.handle.db.select().from(outbox).where(eq(outbox.to, 'ola.studentka@ucdconnect.ie'));
    expect(mail?.subject).toBe(catalogues.pl['mail.student.subject']);
    const code = /(\d{6})/.exec(mail?.body ?? '')![1]!;
    const wrong = code === '000000' ? '111111' : '000000';
    const counted = [];
    for (let i = 0; i < 4; i++)
      counted.push(await message(await applyStudent(c, s, 'ola.studentka@ucdconnect.ie', wrong)));
    expect(counted.map((m) => m.slice(m.lastIndexOf('.', m.length - 2) + 2))).toEqual([
      'Zostały 4 próby.',
      'Zostały 3 próby.',
      'Zostały 2 próby.',
      'Została 1 próba.',
    ]);
    expect(counted[0]).toMatch(/^Ten kod jest nieprawidłowy\./);
    const last = await applyStudent(c, s, 'ola.studentka@ucdconnect.ie', wrong);
    expect([last.status, await message(last)]).toEqual([429, catalogues.pl['error.offers.tooManyTries']]);
  });

  it('the free allowance: refused the day before the window, given once inside it, refused after it', async () => {
    const c = ctx();
    c.clock.now = new Date('2024-02-14T23:59:00Z'); // 14 February in Ireland (GMT)
    const claimer = await member(c);
    const s = claimer.session;
    await refused(c.app, offersApi.applyFreeAllowance, { session: s, params: me(s) }, offersFailures.outsideWindow);
    c.clock.now = new Date('2024-02-15T00:00:00Z');
    const first = await send(c.app, offersApi.applyFreeAllowance, { session: s, params: me(s) });
    expect(first.status).toBe(201);
    expect((await first.json())._payload.goody_bag).toMatchObject({
      product_sku: 'BDFREE1',
      data_kb: 30 * KB_PER_GB,
    });
    const again = await send(c.app, offersApi.applyFreeAllowance, { session: s, params: me(s) });
    expect([again.status, await message(again)]).toEqual([409, offersFailures.allowanceClaimed.message]);
    expect(await bagsOf(c, claimer, 'BDFREE1')).toBe(1);
    // The last day ends at midnight Irish summer time (23:00 UTC).
    c.clock.now = new Date('2024-04-15T22:59:00Z');
    const { session: o } = await member(c);
    expect((await send(c.app, offersApi.applyFreeAllowance, { session: o, params: me(o) })).status).toBe(201);
    c.clock.now = new Date('2024-04-15T23:00:00Z');
    const { session: l } = await member(c);
    expect((await send(c.app, offersApi.applyFreeAllowance, { session: l, params: me(l) })).status).toBe(422);
    const again2 = await signIn(c, claimer);
    const mine = (await ok(c.app, offersApi.memberOffers, { session: again2, params: me(again2) }))._payload;
    expect(mine.free_allowance.claimed).toBe(true);
  });

  it('student offer: a code to a listed college address, 5 tries, then applied once per member and once per address', async () => {
    const c = ctx();
    const { session: s } = await member(c);
    await refused(c.app, offersApi.studentCode, asking(s, { email: 'me@gmail.com' }), offersFailures.notStudentDomain);
    expect((await studentCode(c, s, 'not an address')).status).toBe(400);
    const sent = await studentCode(c, s, 'Aoife.Student@TCD.ie');
    expect(sent.status).toBe(200);
    expect((await sent.json())._payload).toEqual({ sent_to: 'aoife.student@tcd.ie', expires_in_minutes: 10 });
    const code = await mailedCode(c, 'aoife.student@tcd.ie');
    expect(code).toMatch(/^\d{6}$/);
    const wrong = code === '000000' ? '111111' : '000000';
    const w1 = await applyStudent(c, s, 'aoife.student@tcd.ie', wrong);
    expect([w1.status, await message(w1)]).toEqual([422, `${offersFailures.wrongCode.message} 4 tries left.`]);
    const applied = await applyStudent(c, s, 'aoife.student@tcd.ie', code);
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
    expect((await applyStudent(c, s, 'aoife.student@tcd.ie', code)).status).toBe(422);
    expect(await message(await studentCode(c, s, 'other@ucdconnect.ie'))).toBe(offersFailures.studentApplied.message);
    const { session: o } = await member(c);
    const taken = await studentCode(c, o, 'aoife.student@tcd.ie');
    expect([taken.status, await message(taken)]).toEqual([409, offersFailures.addressTaken.message]);
    expect((await ok(c.app, offersApi.memberOffers, { session: s, params: me(s) }))._payload.student).toMatchObject({
      applied: true,
      email: 'aoife.student@tcd.ie',
    });
  });

  it('student offer: a Polish member’s code comes in Polish and works', async () => {
    const c = ctx();
    const m = await createMember(c, { creditCents: 300, membership: { sku: 'BDDT00', daysLeft: 20 }, language: 'pl' });
    expect((await studentCode(c, m.session, 'marta@tcd.ie')).status).toBe(200);
    const [mail] = await c.handle.db.select().from(outbox).where(eq(outbox.to, 'marta@tcd.ie'));
    expect(mail!.subject).toBe('Twój kod do oferty dla studentów 48');
    const code = /kod do oferty dla studentów to (\d{6})\. Wpisz go na stronie oferty w ciągu 10 minut\./.exec(
      mail!.body,
    )?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect((await applyStudent(c, m.session, 'marta@tcd.ie', code!)).status).toBe(201);
  });

  it('student offer: five wrong codes end the code; a code expires after 10 minutes; no active SIM, no offer', async () => {
    const c = ctx();
    const { session: s } = await member(c);
    await studentCode(c, s, 'ciaran@mumail.ie');
    const code = await mailedCode(c, 'ciaran@mumail.ie');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) expect((await applyStudent(c, s, 'ciaran@mumail.ie', wrong)).status).toBe(422);
    await refused(
      c.app,
      offersApi.applyStudent,
      asking(s, { email: 'ciaran@mumail.ie', code: wrong }),
      offersFailures.tooManyTries,
    );
    expect((await applyStudent(c, s, 'ciaran@mumail.ie', code)).status).toBe(429);
    await studentCode(c, s, 'ciaran@mumail.ie');
    const fresh = await mailedCode(c, 'ciaran@mumail.ie');
    c.clock.advance(10 * 60_000 + 1);
    expect(await message(await applyStudent(c, s, 'ciaran@mumail.ie', fresh))).toBe(offersFailures.codeExpired.message);
    const n = await signUpMember(c, 'nosim-student@example.com');
    await studentCode(c, n, 'nosim@tcd.ie');
    await refused(
      c.app,
      offersApi.applyStudent,
      asking(n, {
        email: 'nosim@tcd.ie',
        code: await mailedCode(c, 'nosim@tcd.ie'),
      }),
      offersFailures.noActiveSim,
    );
  });

  it('partner campaign: a voucher claimed once, the same one on return, none for another campaign until joined', async () => {
    const c = ctx();
    const { session: s } = await member(c);
    const before = (
      await ok(c.app, offersApi.campaignDetails, { session: s, params: me(s), query: { token: 'screen-nights' } })
    )._payload;
    expect(before).toMatchObject({ campaign: 'screen-nights', voucher: null });
    const joined = (await (await joinCampaign(c, s, 'screen-nights')).json())._payload;
    expect(joined.voucher).toMatch(/^SCREEN-\d{4}$/);
    const again = (await (await joinCampaign(c, s, 'screen-nights')).json())._payload;
    expect(again.voucher).toBe(joined.voucher);
    expect(
      (await ok(c.app, offersApi.campaignDetails, { session: s, params: me(s), query: { token: 'screen-nights' } }))
        ._payload.voucher,
    ).toBe(joined.voucher);
    expect(
      (await ok(c.app, offersApi.campaignDetails, { session: s, params: me(s), query: { token: 'pulse-gyms' } }))
        ._payload.voucher,
    ).toBeNull();
    const { session: other } = await member(c);
    const theirs = (await (await joinCampaign(c, other, 'screen-nights')).json())._payload;
    expect(theirs.voucher).not.toBe(joined.voucher);
    // Someone else's user_id in the body is refused; an unknown campaign is bad input.
    expect((await joinCampaign(c, s, 'screen-nights', other.userId)).status).toBe(403);
    expect(
      (
        await send(c.app, offersApi.joinCampaign, {
          session: s,
          params: me(s),
          // A campaign the contract does not know, as a hand-made request could send it.
          body: { user_id: String(s.userId), campaign: 'nope' as 'pulse-gyms' },
        })
      ).status,
    ).toBe(400);
  });

  it('presale codes: three calls, one code per member, each code once', async () => {
    const c = ctx();
    const { session: s } = await member(c);
    expect((await ok(c.app, offersApi.presaleAssociated, { session: s, params: me(s) }))._payload).toEqual({
      associated: false,
    });
    expect((await send(c.app, offersApi.presaleCode, { session: s, params: me(s) })).status).toBe(404);
    const unknown = await send(c.app, offersApi.setPresaleCode, asking(s, { code: 'LONG-9999' }));
    expect([unknown.status, await message(unknown)]).toEqual([404, offersFailures.unknownPresaleCode.message]);
    expect((await send(c.app, offersApi.setPresaleCode, asking(s, { code: ' long-2001 ' }))).status).toBe(200);
    expect((await ok(c.app, offersApi.presaleAssociated, { session: s, params: me(s) }))._payload).toEqual({
      associated: true,
    });
    expect((await ok(c.app, offersApi.presaleCode, { session: s, params: me(s) }))._payload).toEqual({
      code: 'LONG-2001',
    });
    expect(await message(await send(c.app, offersApi.setPresaleCode, asking(s, { code: 'LONG-2002' })))).toBe(
      offersFailures.hasPresaleCode.message,
    );
    const { session: o } = await member(c);
    await refused(c.app, offersApi.setPresaleCode, asking(o, { code: 'LONG-2001' }), offersFailures.presaleTaken);
  });

  it('feelsmug: a cup code gives a 2 GB goody bag once; an unknown code is refused', async () => {
    const c = ctx();
    const smugger = await member(c);
    const s = smugger.session;
    const redeemed = await send(c.app, offersApi.feelsmug, asking(s, { code: 'smug 1001' }));
    expect(redeemed.status).toBe(201);
    expect((await redeemed.json())._payload.goody_bag).toMatchObject({
      product_sku: 'BDSMUG1',
      data_kb: 2 * KB_PER_GB,
    });
    await refused(c.app, offersApi.feelsmug, asking(s, { code: 'SMUG-1001' }), offersFailures.smugUsed);
    await refused(c.app, offersApi.feelsmug, asking(s, { code: 'SMUG-0000' }), offersFailures.unknownSmugCode);
    expect((await send(c.app, offersApi.feelsmug, asking(s, { code: '' }))).status).toBe(400);
    expect((await send(c.app, offersApi.feelsmug, asking(s, { code: 'SMUG-1002' }))).status).toBe(201);
    expect(await bagsOf(c, smugger, 'BDSMUG1')).toBe(2);
  });

  it('once-only claims hold under concurrency: 20 redemptions of one code, 20 joins, 20 presale codes at once', async () => {
    const c = ctx();
    const members: Session[] = [];
    for (let i = 0; i < 5; i++) members.push((await member(c)).session);
    const smug = await Promise.all(
      members.flatMap((m) =>
        Array.from({ length: 4 }, () => send(c.app, offersApi.feelsmug, asking(m, { code: 'SMUG-1010' }))),
      ),
    );
    expect(smug.map((r) => r.status).sort()).toEqual([201, ...Array<number>(19).fill(409)]);
    const s = members[0]!;
    const joins = await Promise.all(Array.from({ length: 20 }, () => joinCampaign(c, s, 'pulse-gyms')));
    const vouchers = new Set(await Promise.all(joins.map(async (r) => (await r.json())._payload.voucher as string)));
    expect(vouchers.size).toBe(1);
    expect(
      (await c.handle.db.select().from(offerClaims).where(eq(offerClaims.kind, 'voucher:pulse-gyms'))).length,
    ).toBe(1);
    const presales = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        send(c.app, offersApi.setPresaleCode, { session: s, params: me(s), body: { code: `LONG-20${10 + i}` } }),
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
});
