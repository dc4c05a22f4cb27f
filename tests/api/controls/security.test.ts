import { and, desc, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { messages } from '../../../src/contract/messages.ts';
import { accountApi } from '../../../src/contract/account.schema.ts';
import { flexiDataApi } from '../../../src/contract/flexi-data.schema.ts';
import { membershipsApi } from '../../../src/contract/memberships.schema.ts';
import { recruitApi } from '../../../src/contract/recruit.schema.ts';
import { paymentsApi } from '../../../src/contract/payments.schema.ts';
import {
  securityApi,
  securityFailures,
  securityMessages,
  spendLimitMessage,
} from '../../../src/contract/security.schema.ts';
import { helpdeskApi } from '../../../src/contract/helpdesk.schema.ts';
import { stepUpFailures } from '../../../src/contract/step-up.schema.ts';
import { alerts, members, outbox, stepUpCodes } from '../../../src/server/db/schema.ts';
import { runRenewals } from '../../../src/server/modules/money/memberships/renewals.job.ts';
import { BUILT_PASSWORD, createMember, signIn } from '../support/builders.ts';
import { ok, refused, send } from '../support/client.ts';
import { forEachDatabase, stepUpCode, type TestContext } from '../support/harness.ts';
import { buyMembership } from '../support/purchases.ts';
import { make, me, message, wrong } from '../support/member-controls.ts';

const mailsTo = (c: TestContext, to: string) => c.handle.db.select().from(outbox).where(eq(outbox.to, to));
const emailOf = async (c: TestContext, id: number) =>
  (await c.handle.db.select({ email: members.email }).from(members).where(eq(members.id, id)))[0]?.email;

forEachDatabase('security', { seed: 'catalogue', rateLimit: undefined }, (ctx) => {
  it('step-up codes: refused without, wrong counts a try, 5 tries end it, expiry, one use, a new code ends the old one', async () => {
    const c = ctx();
    const { session: s } = await make(c, 'card');
    const none = await send(c.app, paymentsApi.removeCard, { session: s, params: me(s) });
    expect([none.status, await message(none)]).toEqual([403, stepUpFailures.stepUpMissing.message]);

    // A new code ends the old one.
    const first = await stepUpCode(c, s, 'card');
    const second = await stepUpCode(c, s, 'card');
    if (first !== second)
      expect((await send(c.app, paymentsApi.removeCard, { session: s, params: me(s), stepUpCode: first })).status).toBe(
        403,
      );
    // Wrong purpose: a code for the e-mail change does not remove the card.
    const forEmail = await stepUpCode(c, s, 'email');
    await refused(
      c.app,
      paymentsApi.removeCard,
      {
        session: s,
        params: me(s),
        stepUpCode: forEmail,
      },
      stepUpFailures.stepUpExpired,
    );

    // Five wrong tries end the code, even the right one after them.
    const code = await stepUpCode(c, s, 'card');
    for (let i = 0; i < 4; i++) {
      const res = await send(c.app, paymentsApi.removeCard, { session: s, params: me(s), stepUpCode: wrong(code) });
      expect([res.status, await message(res)]).toEqual([403, stepUpFailures.stepUpWrong.message]);
    }
    await refused(
      c.app,
      paymentsApi.removeCard,
      { session: s, params: me(s), stepUpCode: wrong(code) },
      stepUpFailures.stepUpTooManyTries,
    );
    expect((await send(c.app, paymentsApi.removeCard, { session: s, params: me(s), stepUpCode: code })).status).toBe(
      403,
    );

    // Expired after 10 minutes.
    const late = await stepUpCode(c, s, 'card');
    c.clock.advance(10 * 60_000 + 1);
    await refused(
      c.app,
      paymentsApi.removeCard,
      { session: s, params: me(s), stepUpCode: late },
      stepUpFailures.stepUpExpired,
    );

    // The right code, once.
    const good = await stepUpCode(c, s, 'card');
    const removed = await send(c.app, paymentsApi.removeCard, { session: s, params: me(s), stepUpCode: good });
    expect(removed.status).toBe(200);
    expect(
      (await (await send(c.app, paymentsApi.storedCard, { session: s, params: me(s) })).json())._payload.card,
    ).toBeNull();
    await refused(
      c.app,
      paymentsApi.removeCard,
      { session: s, params: me(s), stepUpCode: good },
      stepUpFailures.stepUpExpired,
    );
    // The database allows one live code per member.
    const live = await c.handle.db
      .select()
      .from(stepUpCodes)
      .where(and(eq(stepUpCodes.memberId, s.userId), sql`${stepUpCodes.endedAt} is null`));
    expect(live).toHaveLength(0);
  });

  it('two uses of one code at once: one change, one refusal', async () => {
    const c = ctx();
    const { session: s } = await make(c, 'card');
    const code = await stepUpCode(c, s, 'card');
    const both = await Promise.all([
      send(c.app, paymentsApi.removeCard, { session: s, params: me(s), stepUpCode: code }),
      send(c.app, paymentsApi.removeCard, { session: s, params: me(s), stepUpCode: code }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 403]);
  });

  it('replacing a stored card needs a code; saving a first card does not', async () => {
    const c = ctx();
    const { session: s } = await make(c, 'card');
    expect((await send(c.app, paymentsApi.registerCard, { session: s, params: me(s) })).status).toBe(403);
    const code = await stepUpCode(c, s, 'card');
    expect((await send(c.app, paymentsApi.registerCard, { session: s, params: me(s), stepUpCode: code })).status).toBe(
      201,
    );
    const { session: r } = await make(c, 'rich');
    expect((await send(c.app, paymentsApi.registerCard, { session: r, params: me(r) })).status).toBe(201);
  });

  it('changing the e-mail address: password and code to ask; the new address changes only when confirmed from its own mailbox', async () => {
    const c = ctx();
    const built = await make(c, 'lost');
    const s = built.session;
    await createMember(c, { email: 'taken.address@example.com' });
    const code = await stepUpCode(c, s, 'email');
    const changeEmail = (password: string, email: string, stepUpCode?: string) =>
      send(c.app, securityApi.changeEmail, { session: s, params: me(s), body: { password, email }, stepUpCode });
    const noCode = await changeEmail(BUILT_PASSWORD, 'lorcan@example.org');
    expect(noCode.status).toBe(403);
    const taken = await changeEmail(BUILT_PASSWORD, 'Taken.Address@Example.com', code);
    expect(taken.status).toBe(409);
    const badPassword = await changeEmail('nope', 'lorcan@example.org', code);
    expect(badPassword.status).toBe(400);
    const asked = await changeEmail(BUILT_PASSWORD, 'Lorcan@Example.org', code);
    expect([asked.status, (await asked.json())._payload]).toEqual([
      202,
      { email: built.email, pending_email: 'lorcan@example.org' },
    ]);
    // Nothing changed yet: the old address logs in, the new one does not; the desk still names the old one.
    const [row] = await c.handle.db.select().from(members).where(eq(members.id, s.userId));
    expect([row!.email, row!.isVerified]).toEqual([built.email, true]);
    await signIn(c, built);
    await expect(signIn(c, { email: 'lorcan@example.org' })).rejects.toThrow(/401/);
    const sso = await ok(c.app, helpdeskApi.sso, { session: s, params: me(s) });
    expect(JSON.parse(Buffer.from(sso._payload.sso.split('.')[1]!, 'base64url').toString()).email).toBe(built.email);
    expect((await ok(c.app, securityApi.emailChange, { session: s, params: me(s) }))._payload).toEqual({
      email: built.email,
      pending_email: 'lorcan@example.org',
    });
    // The old address is told at once; the new one gets the link (on SITE_URL) and the code.
    const toOld = await mailsTo(c, built.email);
    expect(toOld.map((m) => m.subject)).toContain('A new e-mail address was asked for your 48 account');
    const [toNew] = await mailsTo(c, 'lorcan@example.org');
    const sent = /the code ([0-9]{6})/.exec(toNew!.body)![1]!;
    const link = /(https:\/\/www\.48\.ie\/my48\/settings\/security\?confirm-email=[A-Za-z0-9_-]+)/.exec(
      toNew!.body,
    )![1]!;
    expect(link.startsWith(`${c.config.siteUrl}/`)).toBe(true);
    // Another member cannot use it; a wrong code is refused.
    const other = await createMember(c);
    await refused(
      c.app,
      securityApi.confirmEmail,
      { session: other.session, params: { ...me(other.session), token: sent } },
      securityFailures.changeInvalid,
    );
    await refused(
      c.app,
      securityApi.confirmEmail,
      { session: s, params: { ...me(s), token: sent === '000000' ? '111111' : '000000' } },
      securityFailures.changeInvalid,
    );
    const confirmed = await ok(c.app, securityApi.confirmEmail, { session: s, params: { ...me(s), token: sent } });
    expect(confirmed._payload).toEqual({
      email: 'lorcan@example.org',
      message: securityMessages.emailChanged('lorcan@example.org'),
    });
    const [after] = await c.handle.db.select().from(members).where(eq(members.id, s.userId));
    expect([after!.email, after!.isVerified]).toEqual(['lorcan@example.org', true]);
    expect((await mailsTo(c, built.email)).map((m) => m.subject)).toContain('Your 48 e-mail address was changed');
    await signIn(c, { email: 'lorcan@example.org' });
    // Used once: the link token of the same mail is spent too (a new code retires nothing, but this one changed the address).
    const token = new URL(link).searchParams.get('confirm-email')!;
    await refused(
      c.app,
      securityApi.confirmEmail,
      { session: s, params: { ...me(s), token } },
      securityFailures.changeInvalid,
    );
  });

  it('a new address confirmed by its link; not after 24 hours; not when another account took it meanwhile', async () => {
    const c = ctx();
    let { session: s } = await make(c, 'rich');
    const ask = async (email: string) => {
      const code = await stepUpCode(c, s, 'email');
      const res = await send(c.app, securityApi.changeEmail, {
        session: s,
        params: me(s),
        body: { password: BUILT_PASSWORD, email },
        stepUpCode: code,
      });
      expect(res.status).toBe(202);
      const [mail] = await c.handle.db
        .select()
        .from(outbox)
        .where(eq(outbox.to, email))
        .orderBy(desc(outbox.id))
        .limit(1);
      return /confirm-email=([A-Za-z0-9_-]+)/.exec(mail!.body)![1]!;
    };
    const late = await ask('late@example.org');
    c.clock.advance(24 * 3_600_000 + 1000);
    const again = await signIn(c, { email: (await emailOf(c, s.userId))! });
    s = again;
    await refused(
      c.app,
      securityApi.confirmEmail,
      { session: again, params: { ...me(again), token: late } },
      securityFailures.changeInvalid,
    );
    expect(
      (await ok(c.app, securityApi.emailChange, { session: again, params: me(again) }))._payload.pending_email,
    ).toBeNull();
    const s2 = again;
    const code = await stepUpCode(c, s2, 'email');
    await send(c.app, securityApi.changeEmail, {
      session: s2,
      params: me(s2),
      body: { password: BUILT_PASSWORD, email: 'wanted@example.org' },
      stepUpCode: code,
    });
    const [mail] = await c.handle.db.select().from(outbox).where(eq(outbox.to, 'wanted@example.org'));
    const token = /confirm-email=([A-Za-z0-9_-]+)/.exec(mail!.body)![1]!;
    await createMember(c, { email: 'Wanted@Example.org' });
    await refused(
      c.app,
      securityApi.confirmEmail,
      { session: s2, params: { ...me(s2), token } },
      securityFailures.emailTaken,
    );
    const fresh = await ask('fresh@example.org');
    expect(
      (await ok(c.app, securityApi.confirmEmail, { session: s2, params: { ...me(s2), token: fresh } }))._payload.email,
    ).toBe('fresh@example.org');
  });

  it('spend limit: from €5; a card payment that would pass it is refused before the provider, naming the limit and what is left; at the edge it passes', async () => {
    const c = ctx();
    const controls = await make(c, 'controls');
    const s = controls.session;
    const low = await send(c.app, securityApi.setSpendLimit, {
      session: s,
      params: me(s),
      body: { limit_cents: 499 },
    });
    expect(low.status).toBe(400);
    // What cards paid this month counts (€9.99 20 days ago, when that is this month): the answer says it.
    const spent = (
      await (
        await send(c.app, securityApi.setSpendLimit, { session: s, params: me(s), body: { limit_cents: 1500 } })
      ).json()
    )._payload.spent_cents as number;
    const prepared = c.payments.checkouts.size;
    // Credit €2.00 pays first: a €9.99 membership needs €7.99 by card. A cent short of that is refused, naming the limit and what is left.
    const cardPart = 799;
    await send(c.app, securityApi.setSpendLimit, {
      session: s,
      params: me(s),
      body: { limit_cents: spent + cardPart - 1 },
    });
    const buy = () =>
      send(c.app, paymentsApi.createCheckout, {
        session: s,
        params: { ...me(s), ssn: controls.ssn },
        body: {
          purpose: 'membership',
          sku: 'BDDT00',
          recurrence_enabled: false,
          save_card: false,
        },
      });
    const topUp = (cents: 500 | 1000) =>
      send(c.app, paymentsApi.createCheckout, {
        session: s,
        params: { ...me(s), ssn: controls.ssn },
        body: { purpose: 'credit', amount_cents: cents, save_card: false },
      });
    const refused = await buy();
    expect([refused.status, await message(refused)]).toEqual([
      422,
      spendLimitMessage(spent + cardPart - 1, cardPart - 1),
    ]);
    expect(c.payments.checkouts.size).toBe(prepared); // the provider was not asked
    // Exactly what is left passes.
    await send(c.app, securityApi.setSpendLimit, {
      session: s,
      params: me(s),
      body: { limit_cents: spent + cardPart },
    });
    const atEdge = await buy();
    expect(atEdge.status).toBe(201);
    // The open checkout holds its amount: nothing is left for a second one.
    expect(
      (await (await send(c.app, securityApi.spendLimit, { session: s, params: me(s) })).json())._payload.left_cents,
    ).toBe(0);
    const second = await topUp(500);
    expect(second.status).toBe(422);
    // In the member's language: the same refusal, its amounts as Polish writes euro.
    await c.handle.db.update(members).set({ language: 'pl' }).where(eq(members.id, controls.userId));
    const inPolish = await topUp(500);
    expect([inPolish.status, await message(inPolish)]).toEqual([
      422,
      `To przekroczyłoby Twój miesięczny limit wydatków kartą wynoszący ${new Intl.NumberFormat('pl-PL', { style: 'currency', currency: 'EUR' }).format((spent + cardPart) / 100)}: w tym miesiącu możesz wydać kartą jeszcze 0,00\u00a0€. Limit zmienisz w Ustawienia → Bezpieczeństwo.`,
    ]);
    await c.handle.db.update(members).set({ language: 'en' }).where(eq(members.id, controls.userId));
    // No limit: allowed again.
    await send(c.app, securityApi.setSpendLimit, { session: s, params: me(s), body: { limit_cents: null } });
    expect((await topUp(500)).status).toBe(201);
  });

  it('spend limit with the stored card: twenty €5 top-ups at once under a €20 limit charge the card four times at most', async () => {
    const c = ctx();
    const card = await make(c, 'card');
    const s = card.session;
    // What the card paid this month already (the seeded top-ups) counts; the limit leaves €20 on top of it.
    const spent = (await (await send(c.app, securityApi.spendLimit, { session: s, params: me(s) })).json())._payload
      .spent_cents as number;
    expect(
      (
        await send(c.app, securityApi.setSpendLimit, {
          session: s,
          params: me(s),
          body: { limit_cents: spent + 2000 },
        })
      ).status,
    ).toBe(200);
    const room = 4;
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        send(c.app, membershipsApi.addCredit, {
          session: s,
          params: { ...me(s), ssn: card.ssn },
          body: { amount_cents: 500 },
        }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(room);
    expect(results.filter((r) => r.status === 422)).toHaveLength(20 - room);
    const after = (await (await send(c.app, securityApi.spendLimit, { session: s, params: me(s) })).json())._payload;
    expect(after.spent_cents).toBe(spent + 2000);
  });

  it('lost or stolen: blocked at once; purchases, flexible-data moves and recruit orders refused; unblocking needs a code', async () => {
    const c = ctx();
    const lost = await make(c, 'lost');
    const { session: s, ssn } = lost;
    const blocked = await send(c.app, securityApi.blockSim, { session: s, params: { ...me(s), ssn: ssn } });
    expect([blocked.status, (await blocked.json())._payload.blocked]).toEqual([200, true]);
    const owned = (await (await send(c.app, accountApi.simsOwned, { session: s, params: me(s) })).json())._payload;
    expect(owned.values).toEqual([expect.objectContaining({ ssn, blocked: true })]);

    const refusals = [
      await send(c.app, membershipsApi.addCredit, {
        session: s,
        params: { ...me(s), ssn: ssn },
        body: { amount_cents: 500 },
      }),
      await send(c.app, membershipsApi.buyAddon, {
        session: s,
        params: { ...me(s), ssn: ssn },
        body: { sku: 'BDAO05', payment_type: 'BALANCE_BEFORE_SC' },
      }),
      await send(c.app, paymentsApi.createCheckout, {
        session: s,
        params: { ...me(s), ssn: ssn },
        body: { purpose: 'credit', amount_cents: 500, save_card: false },
      }),
      await send(c.app, flexiDataApi.carryover, { session: s, params: { ...me(s), ssn: ssn } }),
      await send(c.app, flexiDataApi.save, { session: s, params: { ...me(s), ssn: ssn }, body: { amount_gb: 1 } }),
    ];
    for (const r of refusals) expect([r.status, await message(r)]).toEqual([423, messages.simBlocked]);
    const recruit = await send(c.app, recruitApi.sendFreeSim, {
      session: s,
      body: {
        user_id: String(s.userId),
        firstname: 'Ann',
        lastname: 'Friend',
        s_line1: '1 Main Street',
        s_city: 'Cork',
        s_county: 'Cork',
        s_postcode: 'T12 X70A',
      },
    });
    expect([recruit.status, await message(recruit)]).toEqual([423, messages.simBlocked]);
    const buy = await buyMembership(c, s, ssn);
    expect(buy.status).toBe(423);

    const noCode = await send(c.app, securityApi.unblockSim, { session: s, params: { ...me(s), ssn: ssn } });
    expect(noCode.status).toBe(403);
    const code = await stepUpCode(c, s, 'unblock');
    const unblocked = await send(c.app, securityApi.unblockSim, {
      session: s,
      params: { ...me(s), ssn: ssn },
      stepUpCode: code,
    });
    expect([unblocked.status, (await unblocked.json())._payload.blocked]).toEqual([200, false]);
    expect(
      (
        await send(c.app, membershipsApi.buyAddon, {
          session: s,
          params: { ...me(s), ssn: ssn },
          body: { sku: 'BDAO05', payment_type: 'BALANCE_BEFORE_SC' },
        })
      ).status,
    ).toBe(201);
  });

  it('a renewal by card respects the spend limit', async () => {
    const c = ctx();
    const { userId: id } = await make(c, 'controls');
    await c.handle.db.update(members).set({ spendLimitCents: 500 }).where(eq(members.id, id));
    c.clock.advance(3 * 86_400_000);
    const charged: number[] = [];
    const payments = {
      ...(await import('../../../src/server/modules/money/integrations/payments/index.ts')).sandboxPayments(),
      chargeStoredCard: async (_t: string, cents: number) => {
        charged.push(cents);
        return { paymentId: 'x', code: '000.000.000', description: 'ok' };
      },
    };
    await runRenewals({ db: c.handle.db, clock: () => c.clock.now, payments });
    expect(charged).toEqual([]);
    const [failed] = await c.handle.db
      .select()
      .from(alerts)
      .where(and(eq(alerts.memberId, id), eq(alerts.cause, 'renewalFailed')));
    expect(failed!.body).toContain('monthly card spending limit of €5.00');
  });
});
