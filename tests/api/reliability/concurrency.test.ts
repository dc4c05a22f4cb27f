import { readFileSync } from 'node:fs';
import { and, desc, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { createApp } from '../../../src/server/app.ts';
import * as schema from '../../../src/server/db/schema.ts';
import { spareSsn } from '../../../src/server/seed/seed.ts';
import { BUILT_PASSWORD, createMember, type MemberSpec } from '../support/builders.ts';
import { payInSandbox } from '../support/checkouts.ts';
import { startChat } from '../support/chat.ts';
import {
  call,
  forEachDatabase,
  signUpMember,
  solveCaptcha,
  stepUpCode,
  testConfig,
  type Session,
  type TestContext,
} from '../support/harness.ts';

/**
 * Every operation that moves money, data or a once-only right, 20 requests at once →
 * exactly the allowed number succeed, no answer is a 5xx, and credit is conserved (every SIM's
 * credit equals the sum of its ledger rows). The operations come from the OpenAPI document's
 * x-moves (the contract's `moves`), so a new one fails here until it has a race.
 * Meaningful on PostgreSQL (TEST_DATABASE_URL); PGlite runs the same requests one at a time.
 */
const RACE = 20;

type Doc = { paths: Record<string, Record<string, { operationId: string; 'x-moves'?: string }>> };
const doc = (await (
  await createApp({ db: {} as never, config: testConfig() }).request('/panda/openapi.json')
).json()) as Doc;
const operations = Object.values(doc.paths).flatMap((ops) =>
  Object.entries(ops).map(([method, op]) => ({ method, id: op.operationId, moves: op['x-moves'] })),
);
const moving = operations.filter((op) => op.moves && op.moves !== 'none');

const send = (
  c: TestContext,
  s: Session,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) =>
  call(c.app, s, path.startsWith('/') ? path : `/panda/protected/users/${s.userId}/${path}`, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
  });

/** Fires the requests at once; answers their statuses, sorted. No answer may be a server error. */
async function race(fire: (i: number) => Response | Promise<Response>): Promise<number[]> {
  const answers = await Promise.all(Array.from({ length: RACE }, (_, i) => fire(i)));
  const statuses = answers.map((r) => r.status).sort();
  expect(statuses.filter((st) => st >= 500)).toEqual([]);
  return statuses;
}
const ok = (statuses: number[]) => statuses.filter((st) => st >= 200 && st < 300).length;

/** Every SIM's credit is the sum of its ledger rows (true of the seed, and of every move since). */
async function creditConserved(c: TestContext) {
  const off: unknown = await c.handle.db.execute(sql`
    select b.ssn, b.credit_cents as credit, coalesce(sum(l.credit_delta_cents), 0)::int as ledger
    from balances b left join ledger l on l.ssn = b.ssn
    group by b.ssn, b.credit_cents
    having b.credit_cents <> coalesce(sum(l.credit_delta_cents), 0)`);
  expect(Array.isArray(off) ? off : (off as { rows: unknown[] }).rows).toEqual([]);
}

const mailTo = async (c: TestContext, to: string, pattern: RegExp) => {
  const [mail] = await c.handle.db
    .select()
    .from(schema.outbox)
    .where(eq(schema.outbox.to, to))
    .orderBy(desc(schema.outbox.id))
    .limit(1);
  const found = pattern.exec(mail?.body ?? '')?.[1];
  if (!found) throw new Error(`no mail to ${to} matching ${pattern}`);
  return found;
};
const simOf = (ssn: string) => `sims/${ssn}`;
const activeSims = (c: TestContext, memberId: number) =>
  c.handle.db
    .select()
    .from(schema.sims)
    .where(and(eq(schema.sims.memberId, memberId), eq(schema.sims.status, 'active')));

/** A member with an active SIM and a Data Plus membership (each race makes its own), credit as asked. */
const member = (c: TestContext, spec: MemberSpec = {}) =>
  createMember(c, { creditCents: 750, membership: { sku: 'BDDT00', daysLeft: 20, usedGb: 3 }, ...spec });
const address = { firstname: 'Aoife', lastname: 'Murphy', s_line1: '1 Main Street', s_city: 'Cork', s_county: 'Cork' };

interface Race {
  title: string;
  run: (c: TestContext) => Promise<void>;
}
/** A race that another suite already runs, named by file and test title (checked to exist). */
interface Elsewhere {
  file: string;
  test: string;
}

/** Both referral calls of a friend's order, raced in one journey. */
const referredOrder: Race = {
  title: "a referred friend's order is recorded once, and reconciled once",
  run: async (c) => {
    const { session: s } = await member(c);
    await send(c, s, 'POST', 'buyapowareferrals/registrations', {
      friend_first_name: 'Laoise',
      friend_last_name: 'Hayes',
      friend_email: 'orderer@example.com',
    });
    const friend = await signUpMember(c, 'orderer@example.com');
    const order = await send(c, friend, 'POST', 'orders/free-sim', { ...address, captcha: await solveCaptcha(c.app) });
    const orderId = ((await order.json()) as { _payload: { order: { id: number } } })._payload.order.id;
    const recorded = await race(() =>
      send(c, friend, 'POST', '/panda/protected/users/buyapowareferrals?channel=web', {
        user_id: String(friend.userId),
        sim_order: orderId,
      }),
    );
    expect(recorded.every((st) => st === 200 || st === 201 || st === 409)).toBe(true);
    const calls = await c.handle.db
      .select()
      .from(schema.referralCalls)
      .where(eq(schema.referralCalls.path, '/buyapowa/api/referrals/track'));
    expect(calls.filter((call) => call.payload.includes(`SIM-${orderId}`))).toHaveLength(1);
    const reconciled = await race(() =>
      send(c, friend, 'PUT', `buyapowareferrals/SIM-${orderId}`, { status: 'failed' }),
    );
    expect(reconciled.every((st) => st === 200 || st === 409)).toBe(true);
    const confirmations = await c.handle.db
      .select()
      .from(schema.referralCalls)
      .where(eq(schema.referralCalls.path, '/buyapowa/api/referrals/confirmations'));
    expect(confirmations.filter((call) => call.payload.includes(`SIM-${orderId}`))).toHaveLength(1);
  },
};

const PASSKEY_RACE = {
  file: '../identity/passkeys.test.ts',
  test: '20 at once: one step-up code opens one registration, one answer adds one passkey and signs in once, one removal',
};

const HOUSEHOLD_CONTROLS_RACE = {
  file: '../household/household-controls.test.ts',
  test: '20 pauses, resumes, appointments and caps at once: one change and one order each',
};

const HOUSEHOLD_UNDER_18_RACE = {
  file: '../household/household-controls.test.ts',
  test: 'an under-18 line: the owner asks, the line accepts once (twenty at once), its filters and bars go on and only the household changes them',
};

const HOUSEHOLD_RACE = {
  file: '../household/household.test.ts',
  test: '20 purchases, credits and acceptances at once: credit never overdrawn, one line per invitation, 4 lines at most',
};

const HOUSEHOLD_REQUESTS_RACE = {
  file: '../household/household-requests.test.ts',
  test: '20 approvals, declines and asks at once: one answer each, paid once, three open at most',
};

const NUMBER_LOCK_RACE = {
  file: '../controls/number-lock.test.ts',
  test: 'twenty at once: one change asked for, confirmed once, cancelled once; the lock switched once',
};

const STAFF_RACE = {
  file: '../staff/staff.test.ts',
  test: 'twenty at once: one reversal, one approval, goodwill within the limit, one file made, approved, sent and returned once, one taker',
};

const FRAUD_RACE = {
  file: '../staff/staff.test.ts',
  test: 'fraud: a line blocked and unblocked, a number lock ended, a case closed, each once, each with the check made, the member told',
};

const races: Record<string, Race | Elsewhere> = {
  // The staff console (docs/product/staff.md): a charge reversed once, a request applied once, goodwill within the limit, a file made, approved and sent once.
  staffTakeItem: STAFF_RACE,
  staffGoodwill: STAFF_RACE,
  staffReverseCharge: STAFF_RACE,
  staffDecideRequest: STAFF_RACE,
  staffMakeRefundFile: STAFF_RACE,
  staffApproveRefundFile: STAFF_RACE,
  staffRefundFileSent: STAFF_RACE,
  staffRefundReturn: STAFF_RACE,
  staffBlockLine: FRAUD_RACE,
  staffUnblockLine: FRAUD_RACE,
  staffEndNumberLock: FRAUD_RACE,
  staffCloseCase: FRAUD_RACE,
  staffRebuild: {
    file: '../content/publishing.test.ts',
    test: 'an editor in the staff console: twenty rebuilds at once are one build after the running one; an earlier build goes live again',
  },
  staffRollback: {
    file: '../content/publishing.test.ts',
    test: 'an editor in the staff console: twenty rebuilds at once are one build after the running one; an earlier build goes live again',
  },
  // The number lock (docs/product/member-controls.md): switched once, a change asked, confirmed and cancelled once.
  setNumberLock: NUMBER_LOCK_RACE,
  askLockedChange: NUMBER_LOCK_RACE,
  confirmLockedChange: NUMBER_LOCK_RACE,
  cancelLockedChange: NUMBER_LOCK_RACE,
  keepNumberLock: NUMBER_LOCK_RACE,
  // "This wasn't me" (docs/product/member-controls.md): one link, one suspension, one fraud case.
  reportLineChange: {
    file: '../controls/line-changes.test.ts',
    test: 'an eSIM change is mailed with the link; twenty presses at once block the line once',
  },
  // Credit back after a number moved away (docs/product/money.md): asked once, the credit out once.
  requestPortOutCredit: {
    file: '../money/credit-back.test.ts',
    test: 'by card: offered with the amount, asked once of twenty, paid by the provider, the status and a mail at each step',
  },
  // Requests to a household: approved (and paid) or declined once, withdrawn once.
  approveHouseholdRequest: HOUSEHOLD_REQUESTS_RACE,
  declineHouseholdRequest: HOUSEHOLD_REQUESTS_RACE,
  withdrawHouseholdRequest: HOUSEHOLD_REQUESTS_RACE,
  setHouseholdLineSharing: {
    file: '../household/household-requests.test.ts',
    test: 'an under-18 line whose household keeps its data within: spot me and share go between its lines, not outside; leaving lifts it',
  },
  // Household lines (docs/product/lifelines.md): the owner's money for a line, and an invitation accepted once.
  buyHouseholdMembership: HOUSEHOLD_RACE,
  addHouseholdCredit: HOUSEHOLD_RACE,
  acceptHouseholdInvitation: HOUSEHOLD_RACE,
  setHouseholdLineFilter: {
    file: '../household/household-controls.test.ts',
    test: 'filters and bars: the line switches its own; a refusal at the network puts it back; twenty presses at once order once',
  },
  pauseHouseholdLine: HOUSEHOLD_CONTROLS_RACE,
  resumeHouseholdLine: HOUSEHOLD_CONTROLS_RACE,
  setHouseholdLineRole: HOUSEHOLD_CONTROLS_RACE,
  setHouseholdLineUnder18: HOUSEHOLD_UNDER_18_RACE,
  setHouseholdLineDataCap: HOUSEHOLD_CONTROLS_RACE,
  answerHouseholdLineUnder18: HOUSEHOLD_UNDER_18_RACE,
  // The top-up advance (docs/product/lifelines.md): one outstanding per SIM.
  takeAdvance: { file: '../money/advance.test.ts', test: '20 advances at once → one' },
  networkListener: { file: '../network/network.test.ts', test: 'the same event 20 times at once' },
  networkTmfListener: {
    file: '../network/network-tmf-events.test.ts',
    test: 'the same event without an eventId 20 times at once',
  },
  // Passkeys (docs/product/phone.md): a code, a challenge and a passkey are each used once.
  passkeyRegistrationOptions: PASSKEY_RACE,
  registerPasskey: PASSKEY_RACE,
  removePasskey: PASSKEY_RACE,
  passkeySignIn: PASSKEY_RACE,
  // Money
  recurrence: {
    file: '../money/memberships.test.ts',
    test: '20 purchases at once never overdraw credit nor queue two memberships',
  },
  createCheckout: {
    file: '../money/memberships.test.ts',
    test: '20 purchases at once never overdraw credit nor queue two memberships',
  },
  addCredit: {
    file: '../controls/security.test.ts',
    test: 'spend limit with the stored card: twenty €5 top-ups at once under a €20 limit',
  },
  buyAddon: {
    title: '€5.00 of credit pays for one 5 GB add-on, whatever the number of tries',
    run: async (c) => {
      const { session: s, ssn } = await member(c, { creditCents: 500 });
      expect(
        ok(
          await race(() =>
            send(c, s, 'POST', `${simOf(ssn)}/addons`, { sku: 'BDAO05', payment_type: 'BALANCE_BEFORE_SC' }),
          ),
        ),
      ).toBe(1);
      const [balance] = await c.handle.db.select().from(schema.balances).where(eq(schema.balances.ssn, ssn));
      expect(balance!.creditCents).toBe(0);
    },
  },
  checkoutResult: {
    title: 'a paid card checkout is applied once, however many results arrive at once',
    run: async (c) => {
      const { session: s, ssn } = await member(c, { creditCents: 0 });
      const made = await send(c, s, 'POST', `${simOf(ssn)}/checkouts`, { purpose: 'membership', sku: 'BDDT00' });
      const id = ((await made.json()) as { _payload: { checkout_id: string } })._payload.checkout_id;
      await payInSandbox(c, id, { number: '4200 0000 0000 0000' });
      expect(ok(await race(() => c.app.request(`/panda/public/checkouts/${id}/result`, { method: 'POST' })))).toBe(
        RACE,
      );
      expect(
        await c.handle.db
          .select()
          .from(schema.ledger)
          .where(eq(schema.ledger.reference, `checkout:${id}`)),
      ).toHaveLength(1);
      expect(
        await c.handle.db
          .select()
          .from(schema.memberships)
          .where(and(eq(schema.memberships.ssn, ssn), eq(schema.memberships.status, 'queued'))),
      ).toHaveLength(1);
    },
  },
  // Data
  carryover: { file: '../flexi-data/flexi-data.test.ts', test: '20 carryovers, donations or saves at once' },
  donate: { file: '../flexi-data/flexi-data.test.ts', test: '20 carryovers, donations or saves at once' },
  safeSave: { file: '../flexi-data/flexi-data.test.ts', test: '20 carryovers, donations or saves at once' },
  safeUnlock: { file: '../flexi-data/flexi-data.test.ts', test: '20 unlocks of 1 GB from a 3 GB Safe' },
  share: { file: '../flexi-data/flexi-data.test.ts', test: '20 shares and 20 spot-mes of 1 GB from 3 GB' },
  spotMe: { file: '../flexi-data/flexi-data.test.ts', test: '20 shares and 20 spot-mes of 1 GB from 3 GB' },
  swap: { file: '../flexi-data/flexi-data.test.ts', test: '20 swaps of 1 GB from 10 GB' },
  // Once-only rights
  feelsmug: { file: '../community/offers.test.ts', test: 'once-only claims hold under concurrency' },
  joinCampaign: { file: '../community/offers.test.ts', test: 'once-only claims hold under concurrency' },
  setPresaleCode: { file: '../community/offers.test.ts', test: 'once-only claims hold under concurrency' },
  sendFreeSim: { file: '../community/recruit.test.ts', test: '20 sends at once with one left: exactly one order' },
  orderFreeSim: {
    file: '../lines/onboarding.test.ts',
    test: '20 free-SIM orders at once: one is taken, the others refused',
  },
  signUp: { file: '../identity/sign-up.test.ts', test: '20 sign-ups with one address at once' },
  chatLeave: {
    title: 'a chat left as a message becomes one ticket',
    run: async (c) => {
      const chat = await startChat(c.app);
      const leave = () =>
        c.app.request(`/panda/public/chat/${chat.id}/leave`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...chat.headers },
          body: JSON.stringify({ message: 'Please e-mail me' }),
        });
      expect(ok(await race(leave))).toBe(1);
      const [row] = await c.handle.db.select().from(schema.chats).where(eq(schema.chats.id, chat.id));
      expect(row?.ticketId).not.toBeNull();
      expect(
        await c.handle.db.select().from(schema.tickets).where(eq(schema.tickets.email, 'aoife@example.org')),
      ).toHaveLength(1);
    },
  },
  chatRate: {
    title: 'an ended chat is rated once',
    run: async (c) => {
      const chat = await startChat(c.app);
      const headers = { 'content-type': 'application/json', ...chat.headers };
      await c.app.request(`/panda/public/chat/${chat.id}/end`, { method: 'POST', headers });
      const rate = (i: number) =>
        c.app.request(`/panda/public/chat/${chat.id}/rating`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ rating: (i % 5) + 1 }),
        });
      expect(ok(await race(rate))).toBe(1);
    },
  },
  applyFreeAllowance: {
    title: 'the free allowance is given once',
    run: async (c) => {
      c.clock.now = new Date('2024-03-01T12:00:00Z');
      const { session: s, ssn } = await member(c);
      expect(ok(await race(() => send(c, s, 'POST', 'packs/applyfreeallowance')))).toBe(1);
      expect(
        await c.handle.db
          .select()
          .from(schema.goodyBags)
          .where(and(eq(schema.goodyBags.ssn, ssn), eq(schema.goodyBags.productSku, 'BDFREE1'))),
      ).toHaveLength(1);
    },
  },
  applyStudent: {
    title: 'the student offer is applied once with one code',
    run: async (c) => {
      const { session: s } = await member(c);
      await send(c, s, 'POST', 'offers/student/code', { email: 'aoife.student@tcd.ie' });
      const code = await mailTo(c, 'aoife.student@tcd.ie', /(\d{6})/);
      expect(ok(await race(() => send(c, s, 'POST', 'offers/student', { email: 'aoife.student@tcd.ie', code })))).toBe(
        1,
      );
      expect(
        await c.handle.db.select().from(schema.offerClaims).where(eq(schema.offerClaims.kind, 'student')),
      ).toHaveLength(1);
    },
  },
  activateSim: {
    title: 'a new member activates one SIM once',
    run: async (c) => {
      const s = await signUpMember(c, 'racer@example.com');
      await c.handle.db.update(schema.members).set({ isVerified: true }).where(eq(schema.members.id, s.userId));
      expect(ok(await race(() => send(c, s, 'POST', 'sims/activate', { ssn: spareSsn(150) })))).toBe(1);
      expect(await c.handle.db.select().from(schema.sims).where(eq(schema.sims.memberId, s.userId))).toHaveLength(1);
    },
  },
  requestPortIn: {
    title: 'one port-in request is open at a time',
    run: async (c) => {
      const { session: s, ssn } = await member(c);
      const statuses = await race((i) =>
        send(c, s, 'POST', `${simOf(ssn)}/portin`, {
          msisdn: `08612345${String(i).padStart(2, '0')}`,
          current_provider: 'Vodafone',
          account_type: 'prepay',
        }),
      );
      expect(ok(statuses)).toBe(1);
      expect(
        await c.handle.db.select().from(schema.portInRequests).where(eq(schema.portInRequests.ssn, ssn)),
      ).toHaveLength(1);
    },
  },
  reorderSim: {
    title: 'one replacement SIM is ordered',
    run: async (c) => {
      const { session: s, ssn } = await member(c);
      expect(ok(await race(() => send(c, s, 'POST', `${simOf(ssn)}/reorder`, { ...address, reason: 'lost' })))).toBe(1);
    },
  },
  changeEmail: {
    title: 'one step-up code changes the address once',
    run: async (c) => {
      const { session: s } = await member(c);
      const code = await stepUpCode(c, s, 'email');
      expect(
        ok(
          await race((i) =>
            send(
              c,
              s,
              'PUT',
              'email',
              { email: `new-${i}@example.com`, password: BUILT_PASSWORD },
              { 'x-step-up-code': code },
            ),
          ),
        ),
      ).toBe(1);
    },
  },
  confirmEmail: {
    title: 'the code sent to a new address changes the address once',
    run: async (c) => {
      const { session: s } = await member(c);
      const code = await stepUpCode(c, s, 'email');
      const asked = await send(
        c,
        s,
        'PUT',
        'email',
        { email: 'confirm-race@example.com', password: BUILT_PASSWORD },
        { 'x-step-up-code': code },
      );
      expect(asked.status).toBe(202);
      const sent = await mailTo(c, 'confirm-race@example.com', /the code ([0-9]{6})/);
      expect(ok(await race(() => send(c, s, 'POST', `email/confirm/${sent}`)))).toBe(1);
    },
  },
  removeCard: {
    title: 'one step-up code removes the card once',
    run: async (c) => {
      const { session: s } = await member(c, { creditCents: 50, storedCard: true });
      const code = await stepUpCode(c, s, 'card');
      expect(ok(await race(() => send(c, s, 'DELETE', 'cards', undefined, { 'x-step-up-code': code })))).toBe(1);
    },
  },
  changeSim: {
    title: 'one step-up code moves the number to one new SIM',
    run: async (c) => {
      const { session: s, ssn } = await member(c, { creditCents: 300 });
      const code = await stepUpCode(c, s, 'sim');
      expect(
        ok(
          await race((i) =>
            send(
              c,
              s,
              'POST',
              `${simOf(ssn)}/change`,
              { new_ssn: spareSsn(160 + i), password: BUILT_PASSWORD },
              { 'x-step-up-code': code },
            ),
          ),
        ),
      ).toBe(1);
      expect(await activeSims(c, s.userId)).toHaveLength(1);
    },
  },
  changeToEsim: {
    title: 'one step-up code makes one eSIM',
    run: async (c) => {
      const { session: s, ssn } = await member(c, { creditCents: 300 });
      const code = await stepUpCode(c, s, 'sim');
      expect(
        ok(
          await race(() =>
            send(c, s, 'POST', `${simOf(ssn)}/esim`, { password: BUILT_PASSWORD }, { 'x-step-up-code': code }),
          ),
        ),
      ).toBe(1);
      expect(await activeSims(c, s.userId)).toHaveLength(1);
    },
  },
  unblockSim: {
    title: 'one step-up code unblocks once; the other answers find it unblocked, and the code is spent',
    run: async (c) => {
      const { session: s, ssn } = await member(c, { creditCents: 500 });
      const block = () => send(c, s, 'POST', `${simOf(ssn)}/block`);
      expect((await block()).status).toBe(200);
      const code = await stepUpCode(c, s, 'unblock');
      const unblock = () => send(c, s, 'DELETE', `${simOf(ssn)}/block`, undefined, { 'x-step-up-code': code });
      // Unblocking an unblocked SIM changes nothing and answers its state (idempotent).
      expect(ok(await race(unblock))).toBe(RACE);
      const [sim] = await c.handle.db.select().from(schema.sims).where(eq(schema.sims.ssn, ssn));
      expect(sim!.blockedAt).toBeNull();
      expect((await block()).status).toBe(200);
      expect((await unblock()).status).toBe(403);
    },
  },
  deleteAccount: {
    title: 'an account is deleted once',
    run: async (c) => {
      const { session: s } = await member(c, { creditCents: 300 });
      const code = await stepUpCode(c, s, 'delete');
      expect(
        ok(
          await race(() =>
            send(
              c,
              s,
              'POST',
              'my-data/delete',
              { password: BUILT_PASSWORD, confirm: 'DELETE' },
              { 'x-step-up-code': code },
            ),
          ),
        ),
      ).toBe(1);
    },
  },
  setPasswordWithToken: {
    title: 'a password-reset link works once',
    run: async (c) => {
      const { email } = await member(c);
      await c.app.request('/panda/public/users/password-recovery', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email }).toString(),
      });
      const token = await mailTo(c, email, /token=([\w-]+)/);
      const statuses = await race((i) =>
        c.app.request('/panda/public/users/password-recovery/token-email', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ token, password: `Race-password-${i}0` }),
        }),
      );
      expect(ok(statuses)).toBe(1);
    },
  },
  verifyEmail: {
    title: 'a verification code verifies once',
    run: async (c) => {
      const s = await signUpMember(c, 'verify-race@example.com');
      const code = await mailTo(c, 'verify-race@example.com', /code is ([0-9]{6})/);
      expect(ok(await race(() => send(c, s, 'POST', `email/verify/${code}?force=true`)))).toBe(1);
    },
  },
  matesRates: {
    title: 'a new member with a recruit link orders one mates-rates SIM',
    run: async (c) => {
      await member(c, { affiliateId: 'TomasRecruits48', firstname: 'Tomás' });
      const s = await signUpMember(c, 'mate-race@example.com');
      await c.handle.db.update(schema.members).set({ isVerified: true }).where(eq(schema.members.id, s.userId));
      const form = new URLSearchParams({
        ...address,
        s_postcode: 'T12 X2Y3',
        affiliateId: 'TomasRecruits48',
      }).toString();
      expect(
        ok(
          await race(() =>
            call(c.app, s, `/panda/protected/users/${s.userId}/packs/campaign/mgm`, {
              method: 'POST',
              body: form,
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
            }),
          ),
        ),
      ).toBe(1);
      expect(await c.handle.db.select().from(schema.orders).where(eq(schema.orders.memberId, s.userId))).toHaveLength(
        1,
      );
    },
  },
  referFriend: {
    title: 'a friend is referred once',
    run: async (c) => {
      const { session: s } = await member(c);
      expect(
        ok(
          await race(() =>
            send(c, s, 'POST', 'buyapowareferrals/registrations', {
              friend_first_name: 'Laoise',
              friend_last_name: 'Hayes',
              friend_email: 'laoise@example.net',
            }),
          ),
        ),
      ).toBe(1);
      expect(
        await c.handle.db.select().from(schema.referrals).where(eq(schema.referrals.friendEmail, 'laoise@example.net')),
      ).toHaveLength(1);
    },
  },
  recordReferralOrder: referredOrder,
  reconcileReferral: referredOrder,
};

const isElsewhere = (entry: Race | Elsewhere): entry is Elsewhere => 'file' in entry;

it('every write of the OpenAPI document says what it moves', () => {
  expect(operations.filter((op) => op.method !== 'get' && !op.moves).map((op) => op.id)).toEqual([]);
  expect(moving.length).toBeGreaterThan(30);
});

it('every operation that moves money, data or a once-only right is raced, here or in a named test that exists', () => {
  expect(moving.filter((op) => !races[op.id]).map((op) => op.id)).toEqual([]);
  expect(Object.keys(races).filter((id) => !moving.some((op) => op.id === id))).toEqual([]);
  for (const [id, entry] of Object.entries(races)) {
    if (!isElsewhere(entry)) continue;
    expect(readFileSync(new URL(entry.file, import.meta.url), 'utf8'), `${id}: ${entry.file}`).toContain(
      `it('${entry.test}`,
    );
  }
});

// The password-recovery limits count per address; 20 requests from one place are the point here.
forEachDatabase('concurrency', { seed: 'catalogue', rateLimit: { loginPerIp: 1000 } }, (ctx) => {
  for (const op of moving) {
    const entry = races[op.id];
    if (!entry || isElsewhere(entry)) continue;
    it(`${op.id} (${op.moves}), ${RACE} at once: ${entry.title}`, async () => {
      await entry.run(ctx());
      await creditConserved(ctx());
    });
  }
});
