import { and, count, desc, eq, getTableColumns, is, like } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { expect, it } from 'vitest';
import { householdApi, householdFailures } from '../../../src/contract/household.schema.ts';
import { securityApi } from '../../../src/contract/security.schema.ts';
import { simSettingsApi } from '../../../src/contract/sim-settings.schema.ts';
import { createApp, PASSWORD_CHECKED } from '../../../src/server/app.ts';
import type { EndpointDef } from '../../../src/contract/endpoint.ts';
import { myDataApi } from '../../../src/contract/my-data.schema.ts';
import { passkeysApi } from '../../../src/contract/passkeys.schema.ts';
import { settingsApi } from '../../../src/contract/settings.schema.ts';
import * as schema from '../../../src/server/db/schema.ts';
import { simColumnsThatStay, simKeyedColumns } from '../../../src/server/modules/lines/sim-keyed.ts';
import { repayAdvance, membershipOf } from '../../../src/server/modules/money/index.ts';
import { settle } from '../../../src/server/modules/money/purchases/purchases.ts';
import { rewardRecruiter } from '../../../src/server/modules/community/recruits.ts';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUILT_PASSWORD, createMember, signIn, type BuiltMember, type MemberSpec } from '../support/builders.ts';
import { ok, refused, send } from '../support/client.ts';
import { forEachDatabase, fromPeer, stepUpCode, type TestContext } from '../support/harness.ts';
import type { AppConfig } from '../../../src/server/config.ts';

/**
 * Trust: what a client chooses (its Host, X-Forwarded-Host, a `next` path) never decides where a
 * member's token or session goes; each finding of the security review reproduced as an attacker
 * would send it.
 */

/** The newest mail to an address whose subject contains `subject`. */
async function newestMail(c: TestContext, to: string, subject: string) {
  const [mail] = await c.handle.db
    .select()
    .from(schema.outbox)
    .where(and(eq(schema.outbox.to, to), like(schema.outbox.subject, `%${subject}%`)))
    .orderBy(desc(schema.outbox.id))
    .limit(1);
  if (!mail) throw new Error(`no mail "${subject}" to ${to}`);
  return mail.body;
}

/** Every http(s) link in a text. */
const linksIn = (text: string) => [...text.matchAll(/https?:\/\/[^\s]+/g)].map((m) => m[0]);

/** The harness's app on the test's database and clock, with some of its configuration changed. */
const appWith = (c: TestContext, config: Partial<AppConfig>) =>
  createApp({ db: c.handle.db, config: { ...c.config, ...config }, clock: () => c.clock.now, payments: c.payments });

/** An app behind a trusted proxy at 10.0.0.0/8, as deploy/ runs it. */
const behindProxy = (c: TestContext) => appWith(c, { trustProxy: ['10.0.0.0/8'] });

const me = (m: BuiltMember) => ({ user_id: m.userId });
const withPlan = { membership: { sku: 'BDDT00', daysLeft: 12, usedGb: 5 } } satisfies MemberSpec;

/** The household code mailed to a member (the newest). */
async function householdCode(c: TestContext, to: BuiltMember): Promise<string> {
  const code = /enter the code (\d{6})/.exec(await newestMail(c, to.email, 'household'))?.[1];
  if (!code) throw new Error(`no household code mailed to ${to.email}`);
  return code;
}

const invite = (c: TestContext, owner: BuiltMember, msisdn: string) =>
  ok(c.app, householdApi.invite, { session: owner.session, params: me(owner), body: { msisdn } });

const acceptInvitation = async (c: TestContext, line: BuiltMember, id: number) =>
  ok(c.app, householdApi.accept, {
    session: line.session,
    params: { user_id: line.userId, id: String(id) },
    body: { code: await householdCode(c, line) },
  });

/** The member's number moved to an eSIM (password and a step-up code): the new SIM's ssn. */
async function moveToEsim(c: TestContext, m: BuiltMember): Promise<string> {
  const { _payload } = await ok(c.app, simSettingsApi.changeToEsim, {
    session: m.session,
    params: { ...me(m), ssn: m.ssn },
    body: { password: BUILT_PASSWORD },
    stepUpCode: await stepUpCode(c, m.session, 'sim'),
  });
  return _payload.sim.ssn;
}

/** How many rows of every SIM-keyed table still name the SIM. */
async function rowsKeyedBy(c: TestContext, ssn: string): Promise<Record<string, number>> {
  const found: Record<string, number> = {};
  for (const { table, column } of simKeyedColumns) {
    const [row] = await c.handle.db.select({ n: count() }).from(table).where(eq(column, ssn));
    if (row!.n > 0) found[`${getTableConfig(table).name}.${column.name}`] = row!.n;
  }
  return found;
}

/** A member's line in the owner's household (invited and accepted with the mailed code). */
async function joinHousehold(c: TestContext, owner: BuiltMember, line: BuiltMember) {
  await acceptInvitation(c, line, (await invite(c, owner, line.msisdn))._payload.id);
}

const lineParams = (owner: BuiltMember, line: BuiltMember) => ({ user_id: owner.userId, ssn: line.ssn });
const key = () => ({ 'idempotency-key': crypto.randomUUID() });

async function membershipsOf(c: TestContext, ssn: string) {
  return c.handle.db
    .select()
    .from(schema.memberships)
    .where(eq(schema.memberships.ssn, ssn))
    .orderBy(schema.memberships.id);
}

/** A friend the recruiter recruited, activated and with no membership yet: their first pays the reward. */
async function recruitOf(c: TestContext, recruiter: BuiltMember): Promise<BuiltMember> {
  const friend = await createMember(c, { creditCents: 0 });
  await c.handle.db.insert(schema.recruits).values({
    recruiterMemberId: recruiter.userId,
    friendMemberId: friend.userId,
    friendName: 'Aoife Friend',
    createdAt: c.clock.now,
    activatedAt: c.clock.now,
  });
  return friend;
}

const creditOf = async (c: TestContext, ssn: string) =>
  (await c.handle.db.select().from(schema.balances).where(eq(schema.balances.ssn, ssn)))[0]!.creditCents;
const ledgerSum = async (c: TestContext, ssn: string) =>
  (await c.handle.db.select().from(schema.ledger).where(eq(schema.ledger.ssn, ssn))).reduce(
    (sum, row) => sum + row.creditDeltaCents,
    0,
  );

/** Every source file under a folder (the server's code, for rules about how it is written). */
const sourcesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sourcesUnder(join(dir, e.name))
      : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')
        ? [join(dir, e.name)]
        : [],
  );

forEachDatabase('trust', { seed: 'catalogue' }, (ctx) => {
  it('invitations: one answer for every state of a stranger’s number; limited per member and per number (429, Retry-After)', async () => {
    const c = ctx();
    const [owner, elsewhere, otherOwner, line] = await Promise.all([1, 2, 3, 4].map(() => createMember(c, withPlan)));
    await joinHousehold(c, otherOwner!, line!);
    const answers = [];
    for (const msisdn of ['0879999998', line!.msisdn, otherOwner!.msisdn]) {
      const res = await send(c.app, householdApi.invite, {
        session: owner!.session,
        params: me(owner!),
        body: { msisdn },
      });
      answers.push([res.status, ((await res.json()) as { _payload: { code: string } })._payload.code]);
    }
    expect(answers).toEqual(Array(3).fill([409, householdFailures.cannotInvite.code]));
    // Per member: 10 an hour, whatever the numbers (3 spent above).
    const statuses = [];
    for (let i = 0; i < 8; i++) {
      const res = await send(c.app, householdApi.invite, {
        session: owner!.session,
        params: me(owner!),
        body: { msisdn: `08799999${String(10 + i)}` },
      });
      statuses.push(res.status);
      if (res.status === 429) expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([409, 409, 409, 409, 409, 409, 409, 429]);
    // Per number: 3 an hour from anyone, so nobody's inbox fills with codes.
    const inviters = await Promise.all([1, 2, 3, 4].map(() => createMember(c, withPlan)));
    const target = elsewhere!;
    const toTarget = [];
    for (const inviter of inviters)
      toTarget.push(
        (
          await send(c.app, householdApi.invite, {
            session: inviter.session,
            params: me(inviter),
            // Written differently each time (087 …, +353 87…, 00353…): still one number.
            body: {
              msisdn: [
                target.msisdn,
                `+353 ${target.msisdn.slice(1)}`,
                `00353${target.msisdn.slice(1)}`,
                target.msisdn.replace(/^(\d{3})/, '$1 '),
              ][toTarget.length]!,
            },
          })
        ).status,
      );
    expect(toTarget).toEqual([201, 201, 201, 429]);
  });

  it('password checks are limited like the log-in: failures per member across every endpoint that takes it', async () => {
    const c = ctx();
    const app = appWith(c, { rateLimit: { ...c.config.rateLimit, loginFailuresPerAccount: 3 } });
    const m = await createMember(c, withPlan);
    const wrong = async (e: EndpointDef, body: object) =>
      (await send(app, e, { session: m.session, params: me(m), body } as never)).status;
    expect(
      await wrong(settingsApi.changePassword, { current_password: 'not-it-1', new_password: 'Another-pass-2026' }),
    ).toBe(400);
    expect(await wrong(myDataApi.deleteAccount, { password: 'not-it-2', confirm: 'DELETE' })).toBe(400);
    expect(await wrong(passkeysApi.registrationOptions, { password: 'not-it-3' })).toBe(400);
    // The fourth try, even with the right password, waits.
    const res = await send(app, settingsApi.changePassword, {
      session: m.session,
      params: me(m),
      body: { current_password: BUILT_PASSWORD, new_password: 'Another-pass-2026' },
    });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('every member endpoint whose body takes the password is limited', async () => {
    const dir = join(import.meta.dirname, '../../../src/contract');
    const found: string[] = [];
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      const module = (await import(join(dir, file))) as Record<string, unknown>;
      for (const api of Object.values(module))
        for (const e of Object.values(api && typeof api === 'object' ? api : {}) as (EndpointDef | null)[]) {
          // Exports are of every kind (an endpoint map, a message table with a null entry…): endpoints only.
          if (!e || typeof e !== 'object' || e.access !== 'member') continue;
          const shape = (e.body as { shape?: Record<string, unknown> } | undefined)?.shape;
          if (shape && ('password' in shape || 'current_password' in shape)) found.push(e.id);
        }
    }
    expect([...new Set(found)].sort()).toEqual(PASSWORD_CHECKED.map((e) => e.id).sort());
  });

  it('limits by address count an IPv6 client by its /64', async () => {
    const c = ctx();
    const app = appWith(c, { rateLimit: { ...c.config.rateLimit, loginPerIp: 3 } });
    const attempt = async (peer: string) =>
      (
        await fromPeer(app, peer, 'http://portal-1:4321/panda/public/users/current', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'nobody@example.com', password: 'wrong-pass-1' }),
        })
      ).status;
    // Four addresses of one /64 (as one subscriber's router hands them out): one count.
    const statuses = [];
    for (const host of ['1', '2', 'a:b:c:d', 'ffff:ffff:ffff:ffff'])
      statuses.push(await attempt(`2001:db8:48:1:${host.includes(':') ? host : `::${host}`}`));
    expect(statuses).toEqual([401, 401, 401, 429]);
    // The next /64 is another client.
    expect(await attempt('2001:db8:48:2::1')).toBe(401);
  });

  it('every member write says what it moves, so none that moves money can go without an Idempotency-Key', async () => {
    type Op = { operationId: string; 'x-moves'?: string };
    const doc = (await (await ctx().app.request('/panda/openapi.json')).json()) as {
      paths: Record<string, Record<string, Op>>;
    };
    const silent = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/panda/protected/'))
      .flatMap(([path, ops]) =>
        Object.entries(ops)
          .filter(([method, op]) => method !== 'get' && op['x-moves'] === undefined)
          .map(([method]) => `${method} ${path}`),
      );
    // Log-in and log-out are the session itself, not a member's write.
    expect(silent.filter((op) => !/\/users\/current$|\/logout\//.test(op))).toEqual([]);
  });

  it('every member write that moves something takes an Idempotency-Key (from the contract’s moves)', async () => {
    const c = ctx();
    const m = await createMember(c, withPlan);
    type Op = { operationId: string; 'x-moves'?: string; security?: unknown[] };
    const doc = (await (await c.app.request('/panda/openapi.json')).json()) as {
      paths: Record<string, Record<string, Op>>;
    };
    const moving = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([method, op]) => method !== 'get' && op['x-moves'] && op['x-moves'] !== 'none')
        .filter(() => path.startsWith('/panda/protected/'))
        .map(([method, op]) => ({ method, path, id: op.operationId })),
    );
    expect(moving.length).toBeGreaterThan(10);
    const answers: Record<string, string> = {};
    for (const op of moving) {
      const path = op.path
        .replace('{user_id}', String(m.userId))
        .replace('{ssn}', m.ssn)
        .replace(/\{\w+\}/g, '1');
      const res = await c.app.request(path, {
        method: op.method.toUpperCase(),
        headers: { ...m.session.headers, 'content-type': 'application/json', 'idempotency-key': 'no!' },
        body: '{}',
      });
      answers[op.id] = ((await res.json()) as { _payload: { code: string } })._payload.code;
    }
    expect(Object.entries(answers).filter(([, code]) => code !== 'request.badIdempotencyKey')).toEqual([]);
  });

  it('a recruiter who pays for the recruit’s first membership keeps the €10 reward in the credit', async () => {
    const c = ctx();
    const owner = await createMember(c, { ...withPlan, creditCents: 2000 });
    const friend = await recruitOf(c, owner);
    await joinHousehold(c, owner, friend);
    const ledgered = await ledgerSum(c, owner.ssn);
    const res = await send(c.app, householdApi.buyMembership, {
      session: owner.session,
      params: lineParams(owner, friend),
      body: { sku: 'BDDT00', from_ssn: owner.ssn, payment_type: 'BALANCE_BEFORE_SC' },
      headers: key(),
    });
    expect(res.status).toBe(201);
    // €20.00 − €9.99 + the €10.00 reward, as the ledger says.
    expect(await creditOf(c, owner.ssn)).toBe(2000 - 999 + 1000);
    expect(await creditOf(c, owner.ssn)).toBe(2000 + (await ledgerSum(c, owner.ssn)) - ledgered);
  });

  it('every pair of credit writers in one transaction keeps both changes (credit = start + the ledger)', async () => {
    const c = ctx();
    type Writer = (
      tx: Parameters<Parameters<typeof c.handle.db.transaction>[0]>[0],
      m: BuiltMember,
    ) => Promise<unknown>;
    const now = () => c.clock.now;
    const friends = new Map<number, BuiltMember>();
    const writers: Record<string, Writer> = {
      'top-up': (tx, m) =>
        settle(tx, {
          ssn: m.ssn,
          priced: { priceCents: 1000, description: 'Credit added by card', dataKb: 0, creditIn: true },
          creditCents: 0,
          cardCents: 1000,
          kind: 'top-up',
          reference: `t:${crypto.randomUUID()}`,
          now: now(),
        }),
      purchase: (tx, m) =>
        settle(tx, {
          ssn: m.ssn,
          priced: { priceCents: 300, description: 'Add-on', dataKb: 0, creditIn: false },
          creditCents: 300,
          cardCents: 0,
          kind: 'add-on',
          reference: `p:${crypto.randomUUID()}`,
          now: now(),
        }),
      reward: async (tx, m) => {
        const friend = friends.get(m.userId)!;
        const [plan] = await tx.select().from(schema.products).where(eq(schema.products.sku, 'BDDT00'));
        await tx
          .insert(schema.memberships)
          .values(membershipOf(friend.ssn, plan!, 'current', now()))
          .onConflictDoNothing();
        await rewardRecruiter(tx, friend.ssn, now());
      },
      repayment: (tx, m) => repayAdvance(tx, m.ssn, now(), `r:${crypto.randomUUID()}`),
    };
    for (const [a, first] of Object.entries(writers))
      for (const [b, second] of Object.entries(writers)) {
        const m = await createMember(c, { ...withPlan, creditCents: 1500, advance: { owedCents: 550, daysAgo: 3 } });
        friends.set(m.userId, await recruitOf(c, m));
        const [credit, ledgered] = [await creditOf(c, m.ssn), await ledgerSum(c, m.ssn)];
        await c.handle.db.transaction(async (tx) => {
          await first(tx, m);
          await second(tx, m);
        });
        const moved = (await ledgerSum(c, m.ssn)) - ledgered;
        expect([a, b, await creditOf(c, m.ssn)]).toEqual([a, b, credit + moved]);
      }
  });

  it('only the one credit writer updates a balance (no value read earlier is written back)', () => {
    const root = join(import.meta.dirname, '../../../src/server');
    const writers = sourcesUnder(root).filter((file) => /\.update\(balances\)/.test(readFileSync(file, 'utf8')));
    expect(writers.map((f) => f.slice(root.length + 1))).toEqual(['modules/money/balance/credit.ts']);
  });

  it('an owner’s purchase for a line never switches on or changes the line’s renewals', async () => {
    const c = ctx();
    const owner = await createMember(c, { ...withPlan, creditCents: 20_000 });
    const withOwn = await createMember(c, withPlan);
    const without = await createMember(c, { creditCents: 0 });
    await joinHousehold(c, owner, withOwn);
    await joinHousehold(c, owner, without);
    // As an attacker would send it: recurrence on, onto the dearer product.
    for (const line of [withOwn, without]) {
      const res = await send(c.app, householdApi.buyMembership, {
        session: owner.session,
        params: lineParams(owner, line),
        body: { sku: 'BDDV00', from_ssn: owner.ssn, payment_type: 'BALANCE_BEFORE_SC', recurrence: true } as never,
        headers: key(),
      });
      expect(res.status).toBe(201);
    }
    const own = await membershipsOf(c, withOwn.ssn);
    expect(own.map((m) => [m.status, m.sku, m.recurrenceEnabled, m.recurrenceSku])).toEqual([
      ['current', 'BDDT00', false, null],
      ['queued', 'BDDV00', false, null],
    ]);
    const fresh = await membershipsOf(c, without.ssn);
    expect(fresh.map((m) => [m.status, m.sku, m.recurrenceEnabled, m.recurrenceSku])).toEqual([
      ['current', 'BDDV00', false, null],
    ]);
  });

  it('a SIM reported lost or stolen pays for no line (423), and nothing moves', async () => {
    const c = ctx();
    const owner = await createMember(c, { ...withPlan, creditCents: 5000, storedCard: true });
    const line = await createMember(c, { creditCents: 0 });
    await joinHousehold(c, owner, line);
    await ok(c.app, securityApi.blockSim, { session: owner.session, params: { ...me(owner), ssn: owner.ssn } });
    const ledgerBefore = await c.handle.db.select().from(schema.ledger).where(eq(schema.ledger.ssn, owner.ssn));
    for (const payment_type of ['BALANCE_BEFORE_SC', 'STORED_CARD'] as const) {
      await refused(
        c.app,
        householdApi.buyMembership,
        {
          session: owner.session,
          params: lineParams(owner, line),
          body: { sku: 'BDDT00', from_ssn: owner.ssn, payment_type },
          headers: key(),
        },
        householdFailures.payerBlocked,
      );
      await refused(
        c.app,
        householdApi.addCredit,
        {
          session: owner.session,
          params: lineParams(owner, line),
          body: { amount_cents: 1000, from_ssn: owner.ssn, payment_type },
          headers: key(),
        },
        householdFailures.payerBlocked,
      );
    }
    expect(await c.handle.db.select().from(schema.ledger).where(eq(schema.ledger.ssn, owner.ssn))).toEqual(
      ledgerBefore,
    );
    expect(await membershipsOf(c, line.ssn)).toEqual([]);
  });

  it('every column that names a SIM either moves with the number or says why it stays', () => {
    const moved = new Set(simKeyedColumns.map(({ table, column }) => `${getTableConfig(table).name}.${column.name}`));
    const named = (Object.values(schema) as unknown[])
      .filter((v): v is PgTable => is(v, PgTable) && v !== schema.sims)
      .flatMap((table) =>
        Object.values(getTableColumns(table))
          .filter((col) => /(^|_)ssn$/.test(col.name))
          .map((col) => `${getTableConfig(table).name}.${col.name}`),
      );
    expect(named.filter((name) => !moved.has(name) && !(name in simColumnsThatStay))).toEqual([]);
    for (const table of ['advances', 'household_lines', 'household_invitations', 'balances', 'ledger'])
      expect(moved).toContain(`${table}.ssn`);
    expect(Object.keys(simColumnsThatStay).filter((name) => !named.includes(name))).toEqual([]);
  });

  it('moving a number to an eSIM takes the advance owed, the household line and a live invitation with it', async () => {
    const c = ctx();
    const owner = await createMember(c, { ...withPlan, creditCents: 2000 });
    const line = await createMember(c, { ...withPlan, creditCents: 0, advance: { owedCents: 550, daysAgo: 1 } });
    const invited = await createMember(c, withPlan);
    await acceptInvitation(c, line, (await invite(c, owner, line.msisdn))._payload.id);
    const { _payload: pending } = await invite(c, owner, invited.msisdn);

    const lineSim = await moveToEsim(c, line);
    expect(await rowsKeyedBy(c, line.ssn)).toEqual({});
    const [owed] = await c.handle.db.select().from(schema.advances).where(eq(schema.advances.ssn, lineSim));
    expect(owed?.owedCents).toBe(550);
    const { _payload: lines } = await ok(c.app, householdApi.lines, { session: owner.session, params: me(owner) });
    expect(lines.values.map((l) => l.ssn)).toEqual([lineSim]);

    // The invitation follows the number too: accepted after the move, the new SIM is the line.
    const invitedSim = await moveToEsim(c, invited);
    expect(await rowsKeyedBy(c, invited.ssn)).toEqual({});
    await acceptInvitation(c, invited, pending.id);
    const { _payload: after } = await ok(c.app, householdApi.lines, { session: owner.session, params: me(owner) });
    expect(after.values.map((l) => l.ssn).sort()).toEqual([lineSim, invitedSim].sort());
  });

  it('a reset link goes to SITE_URL whatever Host or X-Forwarded-Host the request names', async () => {
    const c = ctx();
    const member = await createMember(c);
    const site = new URL(c.config.siteUrl).origin;
    const reset = (headers: Record<string, string>, url: string) =>
      fromPeer(behindProxy(c), '10.0.0.5', url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams({ email: member.email }),
      });
    for (const [url, headers] of [
      ['http://evil.example/panda/public/users/password-recovery', {}],
      ['http://portal-1:4321/panda/public/users/password-recovery', { 'x-forwarded-host': 'evil.example' }],
      [
        'http://portal-1:4321/panda/public/users/password-recovery',
        { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
      ],
    ] as const) {
      const res = await reset(headers, url);
      expect(res.status).toBe(200);
      const links = linksIn(await newestMail(c, member.email, 'new password'));
      expect(links).toHaveLength(1);
      expect(links[0]).toMatch(new RegExp(`^${site}/forgot-password\\?token=`));
    }
  });

  it('a sign-up verification link goes to SITE_URL, not the request’s host', async () => {
    const c = ctx();
    const member = await createMember(c, { verified: false });
    const session = await signIn(c, member);
    const res = await fromPeer(
      behindProxy(c),
      '10.0.0.5',
      `http://evil.example/panda/protected/users/${member.userId}/generate-token`,
      { method: 'POST', headers: { ...session.headers, 'x-forwarded-host': 'evil.example' } },
    );
    expect(res.status).toBe(200);
    const links = linksIn(await newestMail(c, member.email, 'Verify'));
    expect(links).toHaveLength(1);
    expect(links[0]).toMatch(new RegExp(`^${new URL(c.config.siteUrl).origin}/sign-up\\?verify=`));
  });
});
