import { and, desc, eq, inArray, is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { expect, it } from 'vitest';
import { messages } from '../../src/contract/messages.ts';
import { myDataApi, myDataMessages } from '../../src/contract/my-data.ts';
import { accountApi } from '../../src/contract/account.ts';
import { alertsApi } from '../../src/contract/alerts.ts';
import { flexiDataApi } from '../../src/contract/flexi-data.ts';
import { membershipsApi } from '../../src/contract/memberships.ts';
import { recruitApi } from '../../src/contract/recruit.ts';
import { paymentsApi } from '../../src/contract/payments.ts';
import { settingsApi } from '../../src/contract/settings.ts';
import { simSettingsApi } from '../../src/contract/sim-settings.ts';
import { receiptsApi, transactionsApi } from '../../src/contract/transactions.ts';
import { securityApi, spendLimitMessage } from '../../src/contract/security.ts';
import { stepUpApi, stepUpFailures, type StepUpPurpose } from '../../src/contract/step-up.ts';
import * as schema from '../../src/server/db/schema.ts';
import {
  alerts,
  checkouts,
  ledger,
  members,
  memberships,
  notifications,
  orders,
  outbox,
  portInRequests,
  referralCalls,
  referralOutbox,
  sessions,
  sims,
  stepUpCodes,
} from '../../src/server/db/schema.ts';
import { runAlerts } from '../../src/server/jobs/alerts.ts';
import { runRenewals } from '../../src/server/jobs/renewals.ts';
import { sendReferralOutbox } from '../../src/server/services/referrals.ts';
import { advancePortIn, DONOR_STEP_MS, runPortInDonor } from '../../src/server/services/port-in.ts';
import { memberLinks, NAMED_BY_ADDRESS } from '../../src/server/features/my-data/my-data.service.ts';
import { BUILT_PASSWORD, createMember, signIn, type MemberSpec } from './builders.ts';
import { refused, send } from './client.ts';
import { forEachDatabase, signUpMember, type Session, type TestContext } from './harness.ts';

const message = async (res: Response) => ((await res.json()) as { _payload: { message: string } })._payload.message;
/** The member's own user_id, as every member endpoint takes it. */
const me = (s: Session) => ({ user_id: s.userId });

/** The members these tests need, made by builders (each test makes its own). */
const specs = {
  /** €0.50, Data Plus, a stored Visa ending 0000. */
  card: { creditCents: 50, storedCard: true, membership: { sku: 'BDDT00', daysLeft: 10, usedGb: 10 } },
  /** €25.00, no membership, no card. */
  rich: { creditCents: 2500 },
  /** Data Plus with 12 days left, €5.00. */
  lost: { creditCents: 500, membership: { sku: 'BDDT00', daysLeft: 12, usedGb: 8 } },
  /** Data Plus with 15 days left, €3.00. */
  leaver: {
    creditCents: 300,
    firstname: 'Líadan',
    lastname: 'Power',
    membership: { sku: 'BDDT00', daysLeft: 15, usedGb: 5 },
  },
  /** Two days left of Data Plus with 85 % used and auto-renew; €2.00; a Mastercard ending 5454 that paid €9.99 20 days ago. */
  controls: {
    creditCents: 200,
    firstname: 'Clodagh',
    lastname: 'Nolan',
    marketing: { email: true, sms: false },
    membership: { sku: 'BDDT00', daysLeft: 2, usedGb: 25.5, recurrence: true },
    storedCard: { card: '5454545454545454', brand: 'MASTER', last4: '5454', expiry: '11/28' },
    cardPayments: [{ sku: 'BDDT00', daysAgo: 20 }],
  },
} satisfies Record<string, MemberSpec>;
const make = (c: TestContext, name: keyof typeof specs) => createMember(c, specs[name]);

/** Asks for a step-up code and reads it from the mail the member gets. */
async function stepUp(c: TestContext, s: Session, purpose: StepUpPurpose, email: string): Promise<string> {
  const res = await send(c.app, stepUpApi.requestCode, { session: s, params: me(s), body: { purpose } });
  expect(res.status).toBe(201);
  const [mail] = await c.handle.db.select().from(outbox).where(eq(outbox.to, email)).orderBy(desc(outbox.id)).limit(1);
  return /security code is (\d{6})/.exec(mail?.body ?? '')![1]!;
}
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

forEachDatabase(
  'member_controls',
  (ctx) => {
    it('step-up codes: refused without, wrong counts a try, 5 tries end it, expiry, one use, a new code ends the old one', async () => {
      const c = ctx();
      const { session: s, email } = await make(c, 'card');
      const none = await send(c.app, paymentsApi.removeCard, { session: s, params: me(s) });
      expect([none.status, await message(none)]).toEqual([403, stepUpFailures.stepUpMissing.message]);

      // A new code ends the old one.
      const first = await stepUp(c, s, 'card', email);
      const second = await stepUp(c, s, 'card', email);
      if (first !== second)
        expect(
          (await send(c.app, paymentsApi.removeCard, { session: s, params: me(s), stepUpCode: first })).status,
        ).toBe(403);
      // Wrong purpose: a code for the e-mail change does not remove the card.
      const forEmail = await stepUp(c, s, 'email', email);
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
      const code = await stepUp(c, s, 'card', email);
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
      const late = await stepUp(c, s, 'card', email);
      c.clock.advance(10 * 60_000 + 1);
      await refused(
        c.app,
        paymentsApi.removeCard,
        { session: s, params: me(s), stepUpCode: late },
        stepUpFailures.stepUpExpired,
      );

      // The right code, once.
      const good = await stepUp(c, s, 'card', email);
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
      const { session: s, email } = await make(c, 'card');
      const code = await stepUp(c, s, 'card', email);
      const both = await Promise.all([
        send(c.app, paymentsApi.removeCard, { session: s, params: me(s), stepUpCode: code }),
        send(c.app, paymentsApi.removeCard, { session: s, params: me(s), stepUpCode: code }),
      ]);
      expect(both.map((r) => r.status).sort()).toEqual([200, 403]);
    });

    it('replacing a stored card needs a code; saving a first card does not', async () => {
      const c = ctx();
      const { session: s, email } = await make(c, 'card');
      expect((await send(c.app, paymentsApi.registerCard, { session: s, params: me(s) })).status).toBe(403);
      const code = await stepUp(c, s, 'card', email);
      expect(
        (await send(c.app, paymentsApi.registerCard, { session: s, params: me(s), stepUpCode: code })).status,
      ).toBe(201);
      const { session: r } = await make(c, 'rich');
      expect((await send(c.app, paymentsApi.registerCard, { session: r, params: me(r) })).status).toBe(201);
    });

    it('changing the e-mail address: password and code; the address must be free; the new one logs in', async () => {
      const c = ctx();
      const { session: s, email } = await make(c, 'lost');
      await createMember(c, { email: 'taken.address@example.com' });
      const code = await stepUp(c, s, 'email', email);
      const noCode = await send(c.app, securityApi.changeEmail, {
        session: s,
        params: me(s),
        body: { password: BUILT_PASSWORD, email: 'lorcan@example.org' },
      });
      expect(noCode.status).toBe(403);
      const taken = await send(c.app, securityApi.changeEmail, {
        session: s,
        params: me(s),
        body: { password: BUILT_PASSWORD, email: 'Taken.Address@Example.com' },
        stepUpCode: code,
      });
      expect(taken.status).toBe(409);
      const badPassword = await send(c.app, securityApi.changeEmail, {
        session: s,
        params: me(s),
        body: { password: 'nope', email: 'lorcan@example.org' },
        stepUpCode: code,
      });
      expect(badPassword.status).toBe(400);
      const done = await send(c.app, securityApi.changeEmail, {
        session: s,
        params: me(s),
        body: { password: BUILT_PASSWORD, email: 'Lorcan@Example.org' },
        stepUpCode: code,
      });
      expect([done.status, (await done.json())._payload.email]).toEqual([200, 'lorcan@example.org']);
      await signIn(c, { email: 'lorcan@example.org' });
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
      const second = await send(c.app, paymentsApi.createCheckout, {
        session: s,
        params: { ...me(s), ssn: controls.ssn },
        body: {
          purpose: 'credit',
          amount_cents: 500,
          save_card: false,
        },
      });
      expect(second.status).toBe(422);
      // No limit: allowed again.
      await send(c.app, securityApi.setSpendLimit, { session: s, params: me(s), body: { limit_cents: null } });
      expect(
        (
          await send(c.app, paymentsApi.createCheckout, {
            session: s,
            params: { ...me(s), ssn: controls.ssn },
            body: {
              purpose: 'credit',
              amount_cents: 500,
              save_card: false,
            },
          })
        ).status,
      ).toBe(201);
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
      const buy = await send(c.app, membershipsApi.recurrence, {
        session: s,
        params: { ...me(s), ssn },
        query: { single_topUp: 'true' },
        body: { recurrence_sku: 'BDDT00', recurrence_enabled: 'false', payment_type: 'BALANCE_BEFORE_SC' },
      });
      expect(buy.status).toBe(423);

      const noCode = await send(c.app, securityApi.unblockSim, { session: s, params: { ...me(s), ssn: ssn } });
      expect(noCode.status).toBe(403);
      const code = await stepUp(c, s, 'unblock', lost.email);
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

    it('eSIM: after the password and a code, the number, credit and memberships move to an eSIM with an LPA activation code; the old SIM stops', async () => {
      const c = ctx();
      const lost = await make(c, 'lost');
      const { session: s, ssn: old } = lost;
      await send(c.app, securityApi.blockSim, { session: s, params: { ...me(s), ssn: old } });
      const noCode = await send(c.app, simSettingsApi.changeToEsim, {
        session: s,
        params: { ...me(s), ssn: old },
        body: { password: BUILT_PASSWORD },
      });
      expect(noCode.status).toBe(403);
      const code = await stepUp(c, s, 'sim', lost.email);
      const badPassword = await send(c.app, simSettingsApi.changeToEsim, {
        session: s,
        params: { ...me(s), ssn: old },
        body: { password: 'wrong' },
        stepUpCode: code,
      });
      expect(badPassword.status).toBe(400);
      const res = await send(c.app, simSettingsApi.changeToEsim, {
        session: s,
        params: { ...me(s), ssn: old },
        body: { password: BUILT_PASSWORD },
        stepUpCode: code,
      });
      expect(res.status).toBe(201);
      const { sim, activation_code } = (await res.json())._payload;
      expect(activation_code).toMatch(/^LPA:1\$smdp\.esim\.48\.ie\$[0-9A-F]{6}(-[0-9A-F]{6}){3}$/);
      expect(sim).toMatchObject({ msisdn: lost.msisdn, kind: 'esim', blocked: false });
      const [was] = await c.handle.db.select().from(sims).where(eq(sims.ssn, old));
      expect(was).toMatchObject({ status: 'inactive', msisdn: null });
      const [m] = await c.handle.db
        .select()
        .from(memberships)
        .where(and(eq(memberships.ssn, sim.ssn), eq(memberships.status, 'current')));
      expect(m?.sku).toBe('BDDT00');
      const again = await send(c.app, simSettingsApi.esim, { session: s, params: { ...me(s), ssn: sim.ssn } });
      expect((await again.json())._payload.activation_code).toBe(activation_code);
      // The old SIM takes nothing any more.
      expect(
        (
          await send(c.app, membershipsApi.buyAddon, {
            session: s,
            params: { ...me(s), ssn: old },
            body: { sku: 'BDAO05', payment_type: 'BALANCE_BEFORE_SC' },
          })
        ).status,
      ).not.toBe(201);
    });

    it('change SIM needs a code too', async () => {
      const c = ctx();
      const { session: s, ssn } = await make(c, 'leaver');
      const res = await send(c.app, simSettingsApi.changeSim, {
        session: s,
        params: { ...me(s), ssn: ssn },
        body: {
          new_ssn: '8935301999000000001',
          password: BUILT_PASSWORD,
        },
      });
      expect([res.status, await message(res)]).toEqual([403, stepUpFailures.stepUpMissing.message]);
    });

    it('alerts: 80 % data and the renewal reminder once per cause, also when the job runs twice or after downtime; switches are obeyed', async () => {
      const c = ctx();
      const job = () => runAlerts({ db: c.handle.db, clock: () => c.clock.now });
      const controls = await make(c, 'controls');
      const id = controls.userId;
      await job();
      await job();
      const raised = await c.handle.db.select().from(alerts).where(eq(alerts.memberId, id));
      expect(raised.map((a) => a.cause).sort()).toEqual(['data80', 'renewal']);
      const reminder = raised.find((a) => a.cause === 'renewal')!;
      expect(reminder.body).toContain(
        'Data Plus €9.99 Membership for €9.99: €2.00 from your credit, then €7.99 from the card ending ····5454',
      );
      const notes = await c.handle.db.select().from(notifications).where(eq(notifications.memberId, id));
      expect(notes.filter((n) => n.title === reminder.title)).toHaveLength(1);
      const mails = await c.handle.db.select().from(outbox).where(eq(outbox.to, controls.email));
      expect(mails.filter((m) => m.subject.includes('80 %'))).toHaveLength(1);

      // Switched off by e-mail: the next cause comes in the app only.
      const s = controls.session;
      const settings = (await (await send(c.app, alertsApi.settings, { session: s, params: me(s) })).json())._payload;
      expect(settings.data100).toEqual({ in_app: true, email: true });
      const saved = await send(c.app, alertsApi.saveSettings, {
        session: s,
        params: me(s),
        body: {
          ...settings,
          data100: { in_app: true, email: false },
        },
      });
      expect((await saved.json())._payload.data100).toEqual({ in_app: true, email: false });
      await c.handle.db
        .update(memberships)
        .set({ dataUsedKb: sql`${memberships.dataMaxKb}` })
        .where(and(eq(memberships.ssn, controls.ssn), eq(memberships.status, 'current')));
      await job();
      expect(
        await c.handle.db
          .select()
          .from(alerts)
          .where(and(eq(alerts.memberId, id), eq(alerts.cause, 'data100'))),
      ).toHaveLength(1);
      expect(
        (await c.handle.db.select().from(outbox).where(eq(outbox.to, controls.email))).filter((m) =>
          m.subject.includes('used up'),
        ),
      ).toHaveLength(0);
      const list = (await (await send(c.app, alertsApi.list, { session: s, params: me(s) })).json())._payload.values;
      expect(list.map((a: { cause: string }) => a.cause)).toContain('data100');
    });

    it('alerts: a card expiring before the renewal, and a failed renewal (one alert, also when the job runs again)', async () => {
      const c = ctx();
      const { userId: id } = await make(c, 'controls');
      await c.handle.db.update(schema.storedCards).set({ expiry: '10/26' }).where(eq(schema.storedCards.memberId, id));
      await runAlerts({ db: c.handle.db, clock: () => c.clock.now });
      expect(
        await c.handle.db
          .select()
          .from(alerts)
          .where(and(eq(alerts.memberId, id), eq(alerts.cause, 'cardExpiry'))),
      ).toHaveLength(1);
      // The card is declined at renewal: the member hears of it once.
      c.clock.advance(3 * 86_400_000);
      const declining = {
        ...(await import('../../src/server/integrations/payments/index.ts')).sandboxPayments(),
        chargeStoredCard: async () => ({ paymentId: 'x', code: '800.100.151', description: 'declined' }),
      };
      await runRenewals({ db: c.handle.db, clock: () => c.clock.now, payments: declining });
      await runRenewals({ db: c.handle.db, clock: () => c.clock.now, payments: declining });
      const failed = await c.handle.db
        .select()
        .from(alerts)
        .where(and(eq(alerts.memberId, id), eq(alerts.cause, 'renewalFailed')));
      expect(failed).toHaveLength(1);
      expect(failed[0]!.body).toContain('the card was declined');
    });

    it('a renewal by card respects the spend limit', async () => {
      const c = ctx();
      const { userId: id } = await make(c, 'controls');
      await c.handle.db.update(members).set({ spendLimitCents: 500 }).where(eq(members.id, id));
      c.clock.advance(3 * 86_400_000);
      const charged: number[] = [];
      const payments = {
        ...(await import('../../src/server/integrations/payments/index.ts')).sandboxPayments(),
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

    it('receipts: every purchase and card payment, with VAT at 23 % and the card; none for another member', async () => {
      const c = ctx();
      const { session: s } = await make(c, 'controls');
      const list = (
        await (await send(c.app, transactionsApi.list, { session: s, params: me(s), query: { limit: 100 } })).json()
      )._payload.values as {
        id: number;
        receipt: boolean;
        card_amount: number;
      }[];
      const paid = list.find((t) => t.card_amount === 999)!;
      expect(paid.receipt).toBe(true);
      const receipt = (
        await (
          await send(c.app, receiptsApi.receipt, { session: s, params: { ...me(s), transaction_id: String(paid.id) } })
        ).json()
      )._payload;
      expect(receipt).toMatchObject({
        total_cents: 999,
        vat_cents: 187,
        net_cents: 812,
        vat_rate_percent: 23,
        card_cents: 999,
        credit_cents: 0,
        card: { brand: 'MASTER', last4: '5454' },
      });
      const lost = await make(c, 'lost');
      const other = lost.session;
      expect(
        (
          await send(c.app, receiptsApi.receipt, {
            session: other,
            params: { ...me(other), transaction_id: String(paid.id) },
          })
        ).status,
      ).toBe(404);
      // A purchase with credit has a receipt too, paid by credit.
      const bought = await send(c.app, membershipsApi.buyAddon, {
        session: other,
        params: { ...me(other), ssn: lost.ssn },
        body: {
          sku: 'BDAO05',
          payment_type: 'BALANCE_BEFORE_SC',
        },
      });
      expect(bought.status).toBe(201);
      const mine = (await (await send(c.app, transactionsApi.list, { session: other, params: me(other) })).json())
        ._payload.values as {
        id: number;
        receipt: boolean;
        description: string;
      }[];
      const addon = mine.find((t) => t.receipt)!;
      const r2 = (
        await (
          await send(c.app, receiptsApi.receipt, {
            session: other,
            params: { ...me(other), transaction_id: String(addon.id) },
          })
        ).json()
      )._payload;
      expect(r2.card).toBeNull();
      expect(r2.credit_cents).toBe(r2.total_cents);
    });

    it('port-in: requested → validating → scheduled → completed, one step per donor turn, with a timeline; a rejection says why', async () => {
      const c = ctx();
      const leaver = await make(c, 'leaver');
      const s = leaver.session;
      const made = await send(c.app, simSettingsApi.requestPortIn, {
        session: s,
        params: { ...me(s), ssn: leaver.ssn },
        body: {
          msisdn: '0861234567',
          current_provider: 'Vodafone',
          account_type: 'prepay',
        },
      });
      expect(made.status).toBe(201);
      const ctxOf = { db: c.handle.db, clock: () => c.clock.now };
      expect(await runPortInDonor(ctxOf)).toBe(0); // not yet: the donor takes minutes
      for (const expected of ['validating', 'scheduled', 'completed']) {
        c.clock.advance(DONOR_STEP_MS);
        expect(await runPortInDonor(ctxOf)).toBe(1);
        const now = (await (await send(c.app, simSettingsApi.openPortIn, { session: s, params: me(s) })).json())
          ._payload.request;
        expect(now.status).toBe(expected);
      }
      const done = (await (await send(c.app, simSettingsApi.openPortIn, { session: s, params: me(s) })).json())._payload
        .request;
      expect(done.events.map((e: { status: string }) => e.status)).toEqual([
        'requested',
        'validating',
        'scheduled',
        'completed',
      ]);
      expect(done.scheduled_for).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const [sim] = await c.handle.db.select().from(sims).where(eq(sims.ssn, leaver.ssn));
      expect(sim!.msisdn).toBe('0861234567');

      const lost = await make(c, 'lost');
      const other = lost.session;
      await send(c.app, simSettingsApi.requestPortIn, {
        session: other,
        params: { ...me(other), ssn: lost.ssn },
        body: {
          msisdn: '0861234999',
          current_provider: 'Three',
          account_type: 'prepay',
        },
      });
      const [row] = await c.handle.db.select().from(portInRequests).where(eq(portInRequests.msisdn, '0861234999'));
      await advancePortIn(ctxOf, row!.id);
      expect(await advancePortIn(ctxOf, row!.id)).toBe('rejected');
      const rejected = (
        await (await send(c.app, simSettingsApi.openPortIn, { session: other, params: me(other) })).json()
      )._payload.request;
      expect(rejected.reason).toMatch(/could not match/);
      expect(await advancePortIn(ctxOf, row!.id)).toBeNull();
    });

    it('my data: the export holds every table that names the member (read from the schema) and no secret', async () => {
      const c = ctx();
      const { session: s, email } = await make(c, 'controls');
      await runAlerts({ db: c.handle.db, clock: () => c.clock.now });
      const res = await send(c.app, myDataApi.exportData, { session: s, params: me(s) });
      expect(res.headers.get('content-disposition')).toMatch(
        /^attachment; filename="48-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
      );
      const data = await res.json();
      // Every table with a key to members or to a table that hangs on them is in the export.
      const linked = new Set(['members']);
      for (let i = 0; i < 3; i++)
        for (const l of memberLinks()) if (linked.has(l.to) && l.name !== 'members') linked.add(l.name);
      const tables = (Object.values(schema) as unknown[])
        .filter((v): v is PgTable => is(v, PgTable))
        .map((t) => getTableConfig(t).name);
      const referencing = tables.filter((t) => linked.has(t));
      expect(referencing.length).toBeGreaterThan(20);
      for (const t of [...referencing, ...NAMED_BY_ADDRESS]) expect(Object.keys(data.tables), t).toContain(t);
      expect(data.tables.members[0]).toMatchObject({ email, firstname: 'Clodagh' });
      expect(data.tables.ledger.some((r: { card_last4: string }) => r.card_last4 === '5454')).toBe(true);
      expect(data.tables.alerts.length).toBeGreaterThan(0);
      const text = JSON.stringify(data);
      for (const secret of ['password_hash', 'token_hash', 'binding_hash', 'code_hash', '"token"', 'sbx.'])
        expect(text).not.toContain(secret);
    });

    it('deleting the account: code and password; sessions end; no personal data left; amounts kept; the referral service told to forget; the address free again', async () => {
      const c = ctx();
      const leaver = await make(c, 'leaver');
      const { session: s, email, ssn, userId: id } = leaver;
      const before = await c.handle.db.select().from(ledger).where(eq(ledger.ssn, ssn));
      // An order placed from an address (as a mates-rates order records it): the address is personal data too.
      await c.handle.db.insert(orders).values({
        memberId: id,
        sku: 'Kickback_Pack_N',
        status: 'SIM_DELIVERED',
        firstname: 'Líadan',
        lastname: 'Power',
        line1: '1 Quay Street',
        city: 'Galway',
        county: 'Galway',
        ip: '203.0.113.77',
        createdAt: c.clock.now,
      });
      const noCode = await send(c.app, myDataApi.deleteAccount, {
        session: s,
        params: me(s),
        body: { password: BUILT_PASSWORD, confirm: 'DELETE' },
      });
      expect(noCode.status).toBe(403);
      const code = await stepUp(c, s, 'delete', email);
      expect(
        (
          await send(c.app, myDataApi.deleteAccount, {
            session: s,
            params: me(s),
            // Not the word asked for (DELETE), as a careless member could type it.
            body: { password: BUILT_PASSWORD, confirm: 'delete' as 'DELETE' },
            stepUpCode: code,
          })
        ).status,
      ).toBe(400);
      const gone = await send(c.app, myDataApi.deleteAccount, {
        session: s,
        params: me(s),
        body: { password: BUILT_PASSWORD, confirm: 'DELETE' },
        stepUpCode: code,
      });
      expect([gone.status, await message(gone)]).toEqual([200, myDataMessages.deleted]);
      // The session ended with it.
      expect((await send(c.app, settingsApi.details, { session: s, params: me(s) })).status).toBe(401);
      expect(await c.handle.db.select().from(sessions).where(eq(sessions.memberId, id))).toHaveLength(0);

      // The referral service is told (through the outbox) and forgets.
      const [forget] = await c.handle.db.select().from(referralOutbox).where(eq(referralOutbox.call, 'forget'));
      expect(JSON.parse(forget!.payload)).toMatchObject({ client_data: { user_id: String(id) } });
      const { sandboxReferrals } = await import('../../src/server/integrations/referrals/index.ts');
      expect(
        await sendReferralOutbox(
          { db: c.handle.db, clock: () => c.clock.now },
          sandboxReferrals(c.handle.db, () => c.clock.now),
        ),
      ).toBeGreaterThan(0);
      const calls = await c.handle.db.select().from(referralCalls);
      expect(calls.some((r) => r.path.endsWith('/users/forget'))).toBe(true);
      expect(calls.some((r) => r.payload.includes(email))).toBe(false);
      // No personal data: not the address, the names, the number, anywhere in the member's rows.
      const { memberRows } = await import('../../src/server/features/my-data/my-data.service.ts');
      const left = await memberRows(c.handle.db, id);
      const text = JSON.stringify(left);
      for (const personal of [email, 'Líadan', 'Power', leaver.msisdn, '203.0.113.77'])
        expect(text).not.toContain(personal);
      expect(left['members']![0]).toMatchObject({ firstname: '', lastname: '', deletedAt: expect.any(Date) });
      for (const t of ['sessions', 'stored_cards', 'notifications', 'marketing_permissions', 'step_up_codes', 'outbox'])
        expect(left[t] ?? [], t).toHaveLength(0);
      // Amounts kept, without the person.
      const after = await c.handle.db.select().from(ledger).where(eq(ledger.ssn, ssn));
      expect(after.map((r) => r.creditDeltaCents)).toEqual(before.map((r) => r.creditDeltaCents));
      // The address can sign up again; the old password logs nobody in.
      expect(
        (
          await c.app.request('/panda/protected/users/current', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ username: email, password: BUILT_PASSWORD }),
          })
        ).status,
      ).not.toBe(200);
      const again = await signUpMember(c, email);
      expect(again.userId).not.toBe(id);
      // Checkouts keep their amounts, without the buyer's address.
      expect(
        (
          await c.handle.db
            .select()
            .from(checkouts)
            .where(inArray(checkouts.memberId, [id]))
        ).every((r) => r.buyerEmail === null),
      ).toBe(true);
    });
  },
  undefined,
  'catalogue',
);
