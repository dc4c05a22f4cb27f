import { expect, it } from 'vitest';
import { messages } from '../../../src/contract/messages.ts';
import { simSettingsFailures, simSettingsApi } from '../../../src/contract/sim-settings.schema.ts';
import { spareSsn } from '../../../src/server/seed/seed.ts';
import { BUILT_PASSWORD, createMember, type MemberSpec } from '../support/builders.ts';
import {
  call,
  forEachDatabase,
  sendNetworkOrders,
  settleNetwork,
  stepUpCode,
  type Session,
  type TestContext,
} from '../support/harness.ts';
import { KB_PER_GB } from '../../../src/contract/constants.ts';
import { and, eq } from 'drizzle-orm';
import { membershipsApi } from '../../../src/contract/memberships.schema.ts';
import { securityApi } from '../../../src/contract/security.schema.ts';
import { stepUpFailures } from '../../../src/contract/step-up.schema.ts';
import { memberships, portInRequests, sims } from '../../../src/server/db/schema.ts';
import { send } from '../support/client.ts';
import { make, me, message } from '../support/member-controls.ts';

const json = (body: unknown, code?: string) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...(code ? { 'x-step-up-code': code } : {}) },
  body: JSON.stringify(body),
});
const base = (s: Session) => `/panda/protected/users/${s.userId}`;
const get = async (ctx: TestContext, s: Session, path: string) => (await call(ctx.app, s, `${base(s)}${path}`)).json();
/** The members these tests need, made by builders (each test makes its own). */
const specs = {
  active: { creditCents: 750, membership: { sku: 'BDDT00', daysLeft: 12, usedGb: 11.25, recurrence: true } },
  oneday: { creditCents: 150, membership: { sku: 'BDDT00', daysLeft: 1, usedGb: 26 } },
  vault: { creditCents: 500, safeGb: 3, membership: { sku: 'BDDT00', daysLeft: 14, usedGb: 25 } },
} satisfies Record<string, MemberSpec>;
const address = { firstname: 'Aoife', lastname: 'Murphy', s_line1: '1 Main Street', s_city: 'Cork', s_county: 'Cork' };

forEachDatabase('sim_settings', { seed: 'catalogue' }, (ctx) => {
  it('move your number: the request, the PORTIN_IN_PROGRESS segment, and one open at a time', async () => {
    const m = await createMember(ctx(), specs.active);
    const s = m.session;
    const res = await call(
      ctx().app,
      s,
      `${base(s)}/sims/${m.ssn}/portin`,
      json({ msisdn: '+353 85 123 4567', current_provider: 'Vodafone', account_type: 'prepay' }),
    );
    expect(res.status).toBe(201);
    const body = (await res.json())._payload;
    expect(body.message).toBe('Portin is in progress.');
    expect(body.request).toMatchObject({ msisdn: '0851234567', current_provider: 'Vodafone', status: 'requested' });
    expect((await get(ctx(), s, '/segments'))._payload.values).toContainEqual({ segment_type: 'PORTIN_IN_PROGRESS' });
    expect((await get(ctx(), s, '/portin'))._payload.request.msisdn).toBe('0851234567');
    const again = await call(
      ctx().app,
      s,
      `${base(s)}/sims/${m.ssn}/portin`,
      json({ msisdn: '0861234567', current_provider: 'Three', account_type: 'prepay' }),
    );
    expect(again.status).toBe(409);
    expect((await again.json())._payload.message).toBe(simSettingsFailures.portInOpen.message);
  });

  it('move your number refuses a number already on 48, bad numbers, and a bill-pay account without its number', async () => {
    const m = await createMember(ctx(), specs.oneday);
    const s = m.session;
    const other = await createMember(ctx(), specs.active);
    const path = `${base(s)}/sims/${m.ssn}/portin`;
    const on48 = await call(
      ctx().app,
      s,
      path,
      json({ msisdn: other.msisdn, current_provider: 'Three', account_type: 'prepay' }),
    );
    expect(on48.status).toBe(409);
    expect((await on48.json())._payload.message).toBe(simSettingsFailures.numberAlreadyWith48.message);
    for (const [body, message] of [
      [{ msisdn: '12345', current_provider: 'Three', account_type: 'prepay' }, 'Irish mobile number'],
      [{ msisdn: '0851234567', current_provider: 'Acme', account_type: 'prepay' }, 'current_provider'],
      [{ msisdn: '0851234567', current_provider: 'Three', account_type: 'bill_pay' }, 'account_number is required'],
    ] as const) {
      const res = await call(ctx().app, s, path, json(body));
      expect(res.status).toBe(400);
      expect((await res.json())._payload.message).toContain(message);
    }
    expect((await get(ctx(), s, '/portin'))._payload.request).toBeNull();
    expect((await get(ctx(), s, '/segments'))._payload.values).toEqual([]);
  });

  it('a replacement SIM is ordered as SIM_REORDERED, listed, and one at a time', async () => {
    const m = await createMember(ctx(), specs.active);
    const s = m.session;
    const res = await call(ctx().app, s, `${base(s)}/sims/${m.ssn}/reorder`, json({ ...address, reason: 'lost' }));
    expect(res.status).toBe(201);
    expect((await res.json())._payload.order).toMatchObject({ status: 'SIM_REORDERED', s_city: 'Cork' });
    expect((await get(ctx(), s, '/orders'))._payload.values[0].status).toBe('SIM_REORDERED');
    const twice = await Promise.all(
      [1, 2].map(() => call(ctx().app, s, `${base(s)}/sims/${m.ssn}/reorder`, json({ ...address, reason: 'damaged' }))),
    );
    expect(twice.map((r) => r.status)).toEqual([409, 409]);
    const bad = await call(ctx().app, s, `${base(s)}/sims/${m.ssn}/reorder`, json({ ...address, reason: 'bored' }));
    expect(bad.status).toBe(400);
  });

  it('change my SIM: the number, credit and membership move to the new card; the old one ends', async () => {
    const m = await createMember(ctx(), specs.active);
    const s = m.session;
    const before = (await get(ctx(), s, `/sims/${m.ssn}/balance/summary/current`))._payload
      .current_month_balance_summary;
    const wrong = await call(
      ctx().app,
      s,
      `${base(s)}/sims/${m.ssn}/change`,
      json({ new_ssn: spareSsn(50), password: 'not-it' }),
    );
    expect(wrong.status).toBe(400);
    expect((await wrong.json())._payload.message).toBe(messages.wrongCurrentPassword);
    const code = await stepUpCode(ctx(), s, 'sim');
    const res = await call(
      ctx().app,
      s,
      `${base(s)}/sims/${m.ssn}/change`,
      json({ new_ssn: spareSsn(50), password: BUILT_PASSWORD }, code),
    );
    expect(res.status).toBe(200);
    expect((await res.json())._payload.sim).toMatchObject({ ssn: spareSsn(50), msisdn: m.msisdn });
    expect((await get(ctx(), s, '/sims/owned'))._payload.values).toEqual([
      expect.objectContaining({ ssn: spareSsn(50), msisdn: m.msisdn }),
    ]);
    const after = (await get(ctx(), s, `/sims/${spareSsn(50)}/balance/summary/current`))._payload
      .current_month_balance_summary;
    expect(after).toEqual(before);
    expect((await get(ctx(), s, '/transactions?limit=100'))._meta.total).toBeGreaterThan(0);
    // The old card is no longer theirs to use; the new card cannot be used twice.
    const old = await call(
      ctx().app,
      s,
      `${base(s)}/sims/${m.ssn}/change`,
      json({ new_ssn: spareSsn(51), password: BUILT_PASSWORD }, await stepUpCode(ctx(), s, 'sim')),
    );
    expect(old.status).toBe(409);
    const reused = await call(
      ctx().app,
      s,
      `${base(s)}/sims/${spareSsn(50)}/change`,
      json({ new_ssn: spareSsn(50), password: BUILT_PASSWORD }, await stepUpCode(ctx(), s, 'sim')),
    );
    expect(reused.status).toBe(409);
  });

  it('change my SIM: The Safe, donations and Spot me loans move with the SIM', async () => {
    const m = await createMember(ctx(), specs.vault);
    const s = m.session;
    const other = await createMember(ctx(), specs.active);
    const lend = await call(ctx().app, s, `${base(s)}/sims/${m.ssn}/flexidata/spotme`, {
      method: 'POST',
      body: JSON.stringify({ msisdn: other.msisdn, amount_gb: 1, days: 2 }),
      headers: { 'content-type': 'application/json' },
    });
    expect(lend.status).toBe(201);
    const res = await call(
      ctx().app,
      s,
      `${base(s)}/sims/${m.ssn}/change`,
      json({ new_ssn: spareSsn(52), password: BUILT_PASSWORD }, await stepUpCode(ctx(), s, 'sim')),
    );
    expect(res.status).toBe(200);
    const overview = (await get(ctx(), s, `/sims/${spareSsn(52)}/flexidata`))._payload;
    expect(overview.safe_kb).toBe(3 * KB_PER_GB);
    expect(overview.spotted_out).toHaveLength(1);
  });

  it("cannot touch another member's SIM", async () => {
    const m = await createMember(ctx(), specs.active);
    const s = m.session;
    const other = await createMember(ctx(), specs.active);
    for (const p of ['portin', 'reorder', 'change']) {
      const res = await call(ctx().app, s, `${base(s)}/sims/${other.ssn}/${p}`, json({}));
      expect(res.status, p).toBe(403);
    }
  });
});

// The SIM controls of docs/product/member-controls.md: an eSIM, a change of SIM with a code, a port-in to its end.
forEachDatabase('sim_settings_controls', { seed: 'catalogue', rateLimit: undefined }, (ctx) => {
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
    const code = await stepUpCode(c, s, 'sim');
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
    const { sim, activation_code: pending } = (await res.json())._payload;
    // The network makes the profile: no code until its order completes, then the code it sent.
    expect(pending).toBeNull();
    expect(sim).toMatchObject({ msisdn: lost.msisdn, kind: 'esim', blocked: false, line_state: null });
    const before = await send(c.app, simSettingsApi.esim, { session: s, params: { ...me(s), ssn: sim.ssn } });
    expect((await before.json())._payload.activation_code).toBeNull();
    await settleNetwork(c);
    const swap = c.network.sandbox.orders().find((o) => o.characteristics['iccid'] === sim.ssn)!;
    expect(swap).toMatchObject({ service: 'mobileLine', action: 'modify', msisdn: lost.msisdn, state: 'completed' });
    const activation_code = swap.result['activationCode'];
    expect(activation_code).toMatch(/^LPA:1\$smdp\.esim\.48\.ie\$[0-9A-F]{6}(-[0-9A-F]{6}){3}$/);
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

  it('port-in: requested → validating → scheduled → completed, each step the network reports on its order, with a timeline; a rejection says why', async () => {
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
    const status = async () =>
      (await (await send(c.app, simSettingsApi.openPortIn, { session: s, params: me(s) })).json())._payload.request
        .status;
    expect(await status()).toBe('requested'); // not yet: the order waits in the outbox
    expect(await sendNetworkOrders(c)).toMatchObject({ sent: 1 });
    expect(await status()).toBe('validating'); // the network acknowledged it
    const [order] = c.network.sandbox.orders();
    expect(order).toMatchObject({ service: 'portIn', action: 'add', msisdn: '0861234567' });
    // The network holds the move back for a while: the request says we wait for it, then goes on.
    const waiting = async () =>
      (await (await send(c.app, simSettingsApi.openPortIn, { session: s, params: me(s) })).json())._payload.request
        .network_waiting;
    expect(await waiting()).toBe(false);
    expect(await c.network.sandbox.hold(order!.id, true)).toBe(true);
    expect([await status(), await waiting()]).toEqual(['validating', true]);
    expect(await c.network.sandbox.hold(order!.id, false)).toBe(true);
    expect([await status(), await waiting()]).toEqual(['scheduled', false]);
    for (const expected of ['completed']) {
      await c.network.sandbox.step(order!.id);
      expect(await status()).toBe(expected);
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
    await settleNetwork(c);
    const rejected = (
      await (await send(c.app, simSettingsApi.openPortIn, { session: other, params: me(other) })).json()
    )._payload.request;
    expect(rejected).toMatchObject({ status: 'rejected' });
    expect(rejected.reason).toMatch(/could not match/);
    const [row] = await c.handle.db.select().from(portInRequests).where(eq(portInRequests.msisdn, '0861234999'));
    expect(row!.status).toBe('rejected');
  });
});
