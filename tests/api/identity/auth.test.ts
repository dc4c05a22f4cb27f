import { createDecipheriv, createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { authFailures } from '../../../src/contract/auth.schema.ts';
import { messages } from '../../../src/contract/messages.ts';
import { members, sessions } from '../../../src/server/db/schema.ts';
import { legacyScryptHash, verifyPassword } from '../../../src/server/kernel/passwords.ts';
import { sessionFailures } from '../../../src/contract/common-failures.ts';
import { BUILT_PASSWORD, createMember, signIn, type MemberSpec } from '../support/builders.ts';
import { call, errorAnswer, forEachDatabase, type TestContext } from '../support/harness.ts';

const decryptEmv = (value: string) => {
  const decipher = createDecipheriv('aes-128-ecb', Buffer.from('48portal-emv-key'), null);
  return Buffer.concat([decipher.update(Buffer.from(value, 'base64')), decipher.final()]).toString('utf8');
};
const MIN = 60_000;

/** A member with an active SIM and a membership, signed in (each test makes its own). */
const aMember = (ctx: TestContext, spec: MemberSpec = {}) =>
  createMember(ctx, { creditCents: 750, membership: { sku: 'BDDT00', daysLeft: 12 }, ...spec });

forEachDatabase('auth', { seed: 'catalogue', rateLimit: undefined }, (ctx) => {
  it('signs in with JSON on both login paths and answers every Account field', async () => {
    const m = await aMember(ctx(), { email: 'aoife.byrne@example.com', firstname: 'Aoife', lastname: 'Byrne' });
    for (const path of ['/panda/protected/users/current', '/panda/public/users/current']) {
      const res = await ctx().app.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'Aoife.Byrne@Example.COM', password: BUILT_PASSWORD }),
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-gg-auth')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(decryptEmv(res.headers.get('x-gg-emv')!)).toBe('true');
      const { _payload } = await res.json();
      expect(_payload.account).toEqual({
        user_id: m.userId,
        firstname: 'Aoife',
        lastname: 'Byrne',
        nickname: 'Aoife',
        is_verified: true,
        is_password_compliant: true,
        first_login: false,
        capture_marketing_permissions: false,
        referred_by: null,
        isNewMemberShip: false,
        role: { rolename: 'customer' },
      });
    }
  });

  it('accepts a form-encoded body too', async () => {
    const { email } = await aMember(ctx());
    const res = await ctx().app.request('/panda/public/users/current', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: email, password: BUILT_PASSWORD }),
    });
    expect(res.status).toBe(200);
  });

  it('encrypts is_verified false for an unverified member, and flags first login and new membership', async () => {
    const notYet = await createMember(ctx(), { verified: false, sim: 'none' });
    const newcomer = await createMember(ctx(), { firstLogin: true, newMembership: true });
    const unverified = await ctx().app.request('/panda/public/users/current', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: notYet.email, password: BUILT_PASSWORD }),
    });
    expect(decryptEmv(unverified.headers.get('x-gg-emv')!)).toBe('false');
    const first = await ctx().app.request('/panda/public/users/current', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: newcomer.email, password: BUILT_PASSWORD }),
    });
    expect((await first.json())._payload.account).toMatchObject({ first_login: true, isNewMemberShip: true });
  });

  it('answers a wrong password and an unknown e-mail the same way, in about the same time', async () => {
    const attempt = async (username: string) => {
      const started = performance.now();
      const res = await ctx().app.request('/panda/public/users/current', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: 'Wrong-pass-1' }),
      });
      return {
        status: res.status,
        body: await res.text(),
        ms: performance.now() - started,
        auth: res.headers.get('x-gg-auth'),
      };
    };
    const { email } = await aMember(ctx());
    await attempt('ghost@example.com'); // warm-up
    const wrong: number[] = [];
    const unknown: number[] = [];
    // Alternating the two, so a busy machine slows both alike; medians of 5 shrug off one outlier.
    for (let i = 0; i < 5; i++) {
      const a = await attempt(email);
      const b = await attempt('ghost@example.com');
      expect(a.status).toBe(401);
      expect(b.status).toBe(401);
      expect(a.body).toBe(b.body);
      expect(a.auth).toBeNull();
      expect(JSON.parse(a.body)._payload.message).toBe(authFailures.invalidLogin.message);
      wrong.push(a.ms);
      unknown.push(b.ms);
    }
    const median = (xs: number[]) => xs.sort((x, y) => x - y)[2]!;
    // Both verify one argon2id hash; anything else is noise next to it.
    expect(Math.abs(median(wrong) - median(unknown))).toBeLessThan(0.6 * Math.max(median(wrong), median(unknown)));
  });

  it('upgrades an older scrypt hash to argon2id at the next log-in, and the password still works', async () => {
    const m = await aMember(ctx());
    const legacy = await legacyScryptHash(BUILT_PASSWORD);
    await ctx().handle.db.update(members).set({ passwordHash: legacy }).where(eq(members.id, m.userId));
    const wrong = await ctx().app.request('/panda/public/users/current', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: m.email, password: 'Wrong-pass-1' }),
    });
    expect(wrong.status).toBe(401);
    const hashOf = async () =>
      (await ctx().handle.db.select({ h: members.passwordHash }).from(members).where(eq(members.id, m.userId)))[0]!.h;
    expect(await hashOf()).toBe(legacy); // a wrong password upgrades nothing
    await signIn(ctx(), m);
    const upgraded = await hashOf();
    expect(upgraded).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(BUILT_PASSWORD, upgraded)).toBe(true);
    await signIn(ctx(), m);
    expect(await hashOf()).toBe(upgraded); // a current hash is left alone
  });

  it('stores session tokens only as hashes and gives a new token at every login', async () => {
    const m = await aMember(ctx());
    const first = m.session;
    const second = await signIn(ctx(), m);
    expect(first.token).not.toBe(second.token);
    const rows = await ctx().handle.db.select().from(sessions).where(eq(sessions.memberId, m.userId));
    expect(rows).toHaveLength(2);
    const dump = JSON.stringify(rows);
    for (const secret of [first.token, second.token, first.binding, second.binding]) expect(dump).not.toContain(secret);
    expect(rows.map((r) => r.tokenHash).sort()).toEqual(
      [first.token, second.token].map((t) => createHash('sha256').update(t).digest('hex')).sort(),
    );
  });

  it('refuses protected calls without x-gg-auth or x-gg-transaction, with 401 and a message', async () => {
    const { session: s } = await aMember(ctx());
    const path = `/panda/protected/users/${s.userId}/segments`;
    const noAuth = await ctx().app.request(path, { headers: { 'x-gg-transaction': 't', cookie: s.headers.cookie! } });
    expect(noAuth.status).toBe(401);
    expect((await noAuth.json())._payload.message).toBe(messages.authRequired);
    const noTransaction = await ctx().app.request(path, {
      headers: { 'x-gg-auth': s.token, cookie: s.headers.cookie! },
    });
    expect(noTransaction.status).toBe(401);
    const longTransaction = await call(ctx().app, s, path, { headers: { 'x-gg-transaction': 'x'.repeat(257) } });
    expect(longTransaction.status).toBe(401);
    expect((await call(ctx().app, s, path)).status).toBe(200);
  });

  it('ends the session on the server at log-out', async () => {
    const { session: s } = await aMember(ctx());
    expect((await call(ctx().app, s, '/panda/protected/logout/users')).status).toBe(200);
    const after = await call(ctx().app, s, `/panda/protected/users/${s.userId}/segments`);
    expect(after.status).toBe(401);
    expect((await after.json())._payload.message).toBe(messages.sessionExpired);
  });

  it('expires after 30 minutes without use: 29:59 passes, 30:01 fails', async () => {
    const path = (id: number) => `/panda/protected/users/${id}/segments`;
    const { session: a } = await aMember(ctx());
    ctx().clock.advance(29 * MIN + 59_000);
    expect((await call(ctx().app, a, path(a.userId))).status).toBe(200);

    const { session: b } = await aMember(ctx());
    ctx().clock.advance(30 * MIN + 1000);
    expect((await call(ctx().app, b, path(b.userId))).status).toBe(401);
    // a was used 30:01 ago as well by now.
    expect((await call(ctx().app, a, path(a.userId))).status).toBe(401);
  });

  it('writes the last use at most once a minute, and keeps the idle rule exact to the minute', async () => {
    const path = (id: number) => `/panda/protected/users/${id}/segments`;
    const { session: s } = await aMember(ctx());
    const lastUsed = async () =>
      (
        await ctx()
          .handle.db.select({ at: sessions.lastUsedAt })
          .from(sessions)
          .where(eq(sessions.tokenHash, createHash('sha256').update(s.token).digest('hex')))
      )[0]!.at.getTime();
    const loggedIn = await lastUsed();
    // Reads within the minute after the last write write nothing.
    for (const seconds of [10, 30, 59]) {
      ctx().clock.advance(seconds === 10 ? 10_000 : seconds === 30 ? 20_000 : 29_000);
      expect((await call(ctx().app, s, path(s.userId))).status).toBe(200);
      expect(await lastUsed()).toBe(loggedIn);
    }
    // A minute on, a read moves it to now.
    ctx().clock.advance(1000);
    expect((await call(ctx().app, s, path(s.userId))).status).toBe(200);
    expect(await lastUsed()).toBe(loggedIn + MIN);
    // Used again 59 s later (not written). 30:00 after the last write (29:01 after that use) it still
    // passes; unused for 30:01 after that, it has ended. A session ends 29 to 30 minutes after its last use.
    ctx().clock.advance(59_000);
    expect((await call(ctx().app, s, path(s.userId))).status).toBe(200);
    expect(await lastUsed()).toBe(loggedIn + MIN);
    ctx().clock.advance(29 * MIN + 1000);
    expect((await call(ctx().app, s, path(s.userId))).status).toBe(200);
    ctx().clock.advance(30 * MIN + 1000);
    expect((await call(ctx().app, s, path(s.userId))).status).toBe(401);
  });

  it('slides with use but ends 8 hours after log-in whatever the use', async () => {
    const { session: s } = await aMember(ctx());
    const path = `/panda/protected/users/${s.userId}/segments`;
    for (let minutes = 20; minutes < 8 * 60; minutes += 20) {
      ctx().clock.advance(20 * MIN);
      expect((await call(ctx().app, s, path)).status).toBe(200);
    }
    // 7:40 so far; 8:00 exactly is still inside, 8:01 is not.
    ctx().clock.advance(20 * MIN);
    expect((await call(ctx().app, s, path)).status).toBe(200);
    ctx().clock.advance(1 * MIN);
    expect((await call(ctx().app, s, path)).status).toBe(401);
  });

  it('makes a copied x-gg-auth useless without the binding cookie', async () => {
    const { session: s } = await aMember(ctx());
    const path = `/panda/protected/users/${s.userId}/segments`;
    const copied = await ctx().app.request(path, { headers: { 'x-gg-auth': s.token, 'x-gg-transaction': 't' } });
    expect(copied.status).toBe(401);
    const { session: otherBrowser } = await aMember(ctx());
    const mixed = await ctx().app.request(path, {
      headers: { 'x-gg-auth': s.token, 'x-gg-transaction': 't', cookie: `gg_bind=${otherBrowser.binding}` },
    });
    expect(mixed.status).toBe(401);
  });

  it('needs the session’s XSRF token on state-changing calls: missing or mismatched is 403 and changes nothing', async () => {
    const { session: s } = await aMember(ctx(), { firstLogin: true });
    const path = `/panda/protected/users/${s.userId}/extras/firstlogin?first_login=false`;
    const missing = await call(ctx().app, s, path, { method: 'PUT', headers: { 'x-xsrf-token': '' } });
    expect(missing.status).toBe(403);
    expect((await missing.json())._payload.message).toBe(messages.forbiddenXsrf);
    const { session: other } = await aMember(ctx());
    const mismatched = await call(ctx().app, s, path, { method: 'PUT', headers: { 'x-xsrf-token': other.xsrf } });
    expect(mismatched.status).toBe(403);
    const [row] = await ctx()
      .handle.db.select({ firstLogin: members.firstLogin })
      .from(members)
      .where(eq(members.id, s.userId));
    expect(row!.firstLogin).toBe(true);

    const ok = await call(ctx().app, s, path, { method: 'PUT' });
    expect(ok.status).toBe(200);
    expect((await ok.json())._payload.account.first_login).toBe(false);
    const [after] = await ctx()
      .handle.db.select({ firstLogin: members.firstLogin })
      .from(members)
      .where(eq(members.id, s.userId));
    expect(after!.firstLogin).toBe(false);
  });

  it('refuses a request from another site’s origin, allows its own and the allow-list', async () => {
    const { session: s, email } = await aMember(ctx());
    const path = `http://localhost/panda/protected/users/${s.userId}/segments`;
    const foreign = await call(ctx().app, s, path, { headers: { origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
    expect((await foreign.json())._payload.message).toBe(messages.forbiddenOrigin);
    expect((await call(ctx().app, s, path, { headers: { origin: 'http://localhost' } })).status).toBe(200);
    expect((await call(ctx().app, s, path, { headers: { origin: 'https://partner.example' } })).status).toBe(200);
    const login403 = await ctx().app.request('http://localhost/panda/public/users/current', {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: JSON.stringify({ username: email, password: BUILT_PASSWORD }),
    });
    expect(login403.status).toBe(403);
  });

  it('answers 403, never data, for another member’s user_id or ssn', async () => {
    const { session: s } = await aMember(ctx());
    const other = await aMember(ctx(), { firstLogin: true });
    const newcomer = await createMember(ctx(), { firstLogin: true, sim: 'none' });
    for (const path of [
      `/panda/protected/users/${other.userId}/segments`,
      `/panda/protected/users/${other.userId}/sims/owned`,
      `/panda/protected/users/${other.userId}/sims/${other.ssn}/balance/summary/current`,
      `/panda/protected/users/${s.userId}/sims/${other.ssn}/balance/summary/current`,
      `/panda/protected/users/${other.userId}/transactions`,
    ]) {
      const res = await call(ctx().app, s, path);
      expect(res.status, path).toBe(403);
      const body = await res.json();
      expect(body).toEqual(errorAnswer(sessionFailures.notYourAccount));
    }
    const put = await call(
      ctx().app,
      s,
      `/panda/protected/users/${newcomer.userId}/extras/firstlogin?first_login=false`,
      {
        method: 'PUT',
      },
    );
    expect(put.status).toBe(403);
    const [row] = await ctx()
      .handle.db.select({ n: sql<number>`count(*)::int` })
      .from(members)
      .where(eq(members.firstLogin, true));
    expect(row!.n).toBe(2);
  });

  it('gives every protected call of a batch its own answer (calls arriving together share one session check and one summary statement)', async () => {
    const one = await aMember(ctx());
    const two = await aMember(ctx(), { portIn: { msisdn: '0851234508', provider: 'Vodafone', movesInDays: 7 } });
    const { session: ended } = await aMember(ctx());
    const [active, portin] = [one.session, two.session];
    expect((await call(ctx().app, ended, '/panda/protected/logout/users')).status).toBe(200);
    const summary = (s: { userId: number }, ssn: string) =>
      `/panda/protected/users/${s.userId}/sims/${ssn}/balance/summary/current`;
    const [activeSsn, portinSsn] = [one.ssn, two.ssn];
    // Each alone first: the answers the batch must reproduce.
    const alone = {
      active: await (await call(ctx().app, active, summary(active, activeSsn))).json(),
      portin: await (await call(ctx().app, portin, summary(portin, portinSsn))).json(),
    };
    const cases: [name: string, send: () => Response | Promise<Response>, status: number, body?: unknown][] = [
      ['own summary', () => call(ctx().app, active, summary(active, activeSsn)), 200, alone.active],
      ['the other member’s own summary', () => call(ctx().app, portin, summary(portin, portinSsn)), 200, alone.portin],
      [
        'another member’s SIM',
        () => call(ctx().app, active, summary(active, portinSsn)),
        403,
        errorAnswer(sessionFailures.notYourAccount),
      ],
      ['another member’s SIM the other way', () => call(ctx().app, portin, summary(portin, activeSsn)), 403],
      [
        'an ended session',
        () => call(ctx().app, ended, `/panda/protected/users/${ended.userId}/segments`),
        401,
        errorAnswer(sessionFailures.expired),
      ],
      [
        'a token with another browser’s binding',
        () =>
          ctx().app.request(summary(active, activeSsn), {
            headers: { 'x-gg-auth': active.token, 'x-gg-transaction': 't', cookie: `gg_bind=${portin.binding}` },
          }),
        401,
      ],
      [
        'an unknown token',
        () =>
          ctx().app.request(summary(active, activeSsn), {
            headers: { 'x-gg-auth': 'f'.repeat(64), 'x-gg-transaction': 't', cookie: `gg_bind=${active.binding}` },
          }),
        401,
      ],
      ['no SIM in the path', () => call(ctx().app, portin, `/panda/protected/users/${portin.userId}/segments`), 200],
    ];
    // Three rounds of every case at once, in a shuffled order.
    const sent = [...cases, ...cases, ...cases].sort(() => Math.random() - 0.5);
    const answers = await Promise.all(sent.map(async ([, send]) => send()));
    for (const [i, [name, , status, body]] of sent.entries()) {
      expect(answers[i]!.status, name).toBe(status);
      if (body) expect(await answers[i]!.json(), name).toEqual(body);
    }
  });

  it('gives a member’s nickname publicly, and nothing else', async () => {
    const m = await aMember(ctx(), { firstname: 'Aoife' });
    const res = await ctx().app.request(`/panda/public/users/${m.userId}`);
    expect(await res.json()).toEqual({ _payload: { nickname: 'Aoife' } });
    expect((await ctx().app.request('/panda/public/users/999')).status).toBe(404);
  });
});
