import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { verify } from 'hono/jwt';
import { expect, it, vi } from 'vitest';
import { messages } from '../../../src/contract/messages.ts';
import { passwordRecoveryFailures } from '../../../src/contract/password-recovery.schema.ts';
import { signUpApi, signUpFailures } from '../../../src/contract/sign-up.schema.ts';
import { accountApi } from '../../../src/contract/account.schema.ts';
import { helpdeskApi } from '../../../src/contract/helpdesk.schema.ts';
import { settingsApi } from '../../../src/contract/settings.schema.ts';
import { emailTokens, members, sessions } from '../../../src/server/db/schema.ts';
import { BUILT_PASSWORD, createMember, signIn } from '../support/builders.ts';
import { ok, send } from '../support/client.ts';
import { forEachDatabase, login, signUp, type Session, type TestContext } from '../support/harness.ts';

const HOUR = 3_600_000;

const me = (s: Session) => ({ user_id: s.userId });
/** Verifies the e-mail address with a code (force=true, as the code form sends it) or a link's token. */
const verifyWith = (ctx: TestContext, s: Session, token: string, force?: 'true') =>
  send(ctx.app, signUpApi.verifyEmail, {
    session: s,
    params: { ...me(s), token },
    ...(force ? { query: { force } } : {}),
  });

async function mailsTo(ctx: TestContext, to: string): Promise<{ subject: string; body: string }[]> {
  const { _payload } = await (await ctx.app.request('/sandbox/mail.json')).json();
  return _payload.values.filter((m: { to: string }) => m.to === to);
}

function sessionFrom(res: Response, userId: number): Session {
  const cookies = res.headers.getSetCookie();
  const get = (name: string) =>
    cookies
      .find((c) => c.startsWith(`${name}=`))!
      .slice(name.length + 1)
      .split(';')[0]!;
  const token = res.headers.get('x-gg-auth')!;
  return {
    token,
    binding: get('gg_bind'),
    xsrf: get('XSRF-TOKEN'),
    userId,
    headers: {
      'x-gg-auth': token,
      'x-gg-transaction': 't',
      cookie: `gg_bind=${get('gg_bind')}; XSRF-TOKEN=${get('XSRF-TOKEN')}`,
      'x-xsrf-token': get('XSRF-TOKEN'),
    },
  };
}

forEachDatabase('signup', { seed: 'catalogue', rateLimit: undefined }, (ctx) => {
  it('signs up, is signed in unverified, gets a code and a link by mail, and verifies with the code', async () => {
    const res = await signUp(ctx(), 'laoise@example.com');
    expect(res.status).toBe(201);
    const account = (await res.json())._payload.account;
    expect(account).toMatchObject({ is_verified: false, first_login: true, firstname: 'Laoise' });
    const s = sessionFrom(res, account.user_id);
    const [mail] = await mailsTo(ctx(), 'laoise@example.com');
    expect(mail!.subject).toBe('Verify your e-mail address for 48');
    const code = /code is ([0-9]{6})/.exec(mail!.body)![1]!;
    // On SITE_URL, whatever host the request named (here portal.test).
    expect(mail!.body).toMatch(/https:\/\/www\.48\.ie\/sign-up\?verify=[A-Za-z0-9_-]{43}/);

    const wrong = await verifyWith(ctx(), s, code === '000000' ? '111111' : '000000', 'true');
    expect(wrong.status).toBe(400);
    expect((await wrong.json())._payload.message).toBe(signUpFailures.verificationInvalid.message);

    const verified = await verifyWith(ctx(), s, code, 'true');
    expect(verified.status).toBe(200);
    expect((await verified.json())._payload.account.is_verified).toBe(true);
    // Single use.
    expect((await verifyWith(ctx(), s, code, 'true')).status).toBe(400);
    const state = await ok(ctx().app, signUpApi.emailState, { session: s, params: me(s) });
    expect(state._payload).toEqual({ email: 'laoise@example.com', is_verified: true });
  });

  it('verifies with the link token; a new token retires the old one; tokens expire after 24 hours', async () => {
    const res = await signUp(ctx(), 'link@example.com');
    const s = sessionFrom(res, (await res.json())._payload.account.user_id);
    const first = /verify=([A-Za-z0-9_-]+)/.exec((await mailsTo(ctx(), 'link@example.com'))[0]!.body)![1]!;
    expect((await send(ctx().app, signUpApi.sendVerification, { session: s, params: me(s), body: {} })).status).toBe(
      200,
    );
    const mails = await mailsTo(ctx(), 'link@example.com');
    expect(mails).toHaveLength(2);
    const second = /verify=([A-Za-z0-9_-]+)/.exec(mails[0]!.body)![1]!;
    expect((await verifyWith(ctx(), s, first)).status).toBe(400);
    ctx().clock.advance(24 * HOUR + 1000);
    const fresh = await login(ctx().app, 'link@example.com', 'New-member-2026');
    expect((await verifyWith(ctx(), fresh, second)).status).toBe(400);
    const rows = await ctx().handle.db.select().from(emailTokens);
    expect(JSON.stringify(rows)).not.toContain(second);
    expect(rows.map((r) => r.tokenHash)).toContain(createHash('sha256').update(second).digest('hex'));
  });

  it('a member cannot use, or use up, another member’s verification link', async () => {
    const res = await signUp(ctx(), 'owner@example.com');
    const owner = sessionFrom(res, (await res.json())._payload.account.user_id);
    const link = /verify=([A-Za-z0-9_-]+)/.exec((await mailsTo(ctx(), 'owner@example.com'))[0]!.body)![1]!;
    const { session: other } = await createMember(ctx(), { verified: false });
    const stolen = await verifyWith(ctx(), other, link);
    expect(stolen.status).toBe(400);
    const [unverified] = await ctx()
      .handle.db.select({ v: members.isVerified })
      .from(members)
      .where(eq(members.id, other.userId));
    expect(unverified!.v).toBe(false);
    const mine = await verifyWith(ctx(), owner, link);
    expect(mine.status).toBe(200);
  });

  it('refuses a taken e-mail in any case with 409, and bad sign-up input with 400, creating nothing', async () => {
    await createMember(ctx(), { email: 'taken@example.com' });
    const taken = await signUp(ctx(), 'TAKEN@example.com');
    expect(taken.status).toBe(409);
    expect((await taken.json())._payload.message).toBe(signUpFailures.emailTaken.message);
    for (const extra of [
      { password: 'short1' },
      { password: 'nodigitshere' },
      { firstname: '' },
      { firstname: '<script>' },
      { lastname: 'x'.repeat(61) },
    ]) {
      const res = await signUp(ctx(), 'fresh@example.com', extra);
      expect(res.status, JSON.stringify(extra)).toBe(400);
    }
    expect(await ctx().handle.db.select().from(members).where(eq(members.email, 'fresh@example.com'))).toHaveLength(0);
  });

  it('20 sign-ups with one address at once (in 20 spellings of its case): exactly one account', async () => {
    // Bit i of n decides whether letter i is upper case: 20 different spellings of one address.
    const spelling = (n: number) =>
      [...'twice@example.com'].map((ch, i) => ((n >> i) & 1 ? ch.toUpperCase() : ch)).join('');
    const results = await Promise.all(Array.from({ length: 20 }, (_, n) => signUp(ctx(), spelling(n))));
    expect(results.map((r) => r.status).sort()).toEqual([201, ...Array<number>(19).fill(409)]);
    expect(
      await ctx()
        .handle.db.select()
        .from(members)
        .where(sql`lower(${members.email}) = 'twice@example.com'`),
    ).toHaveLength(1);
  });

  it('resets a forgotten password through the outbox, once, and ends every session', async () => {
    const member = await createMember(ctx(), { email: 'forgetful@example.com' });
    const before = member.session;
    expect((await ctx().app.request('/panda/public/users/authentication-removed/forgetful%40example.com')).status).toBe(
      200,
    );
    const form = (email: string) =>
      ctx().app.request('http://portal.test/panda/public/users/password-recovery', {
        method: 'POST',
        body: new URLSearchParams({ email }),
      });
    const known = await form(member.email);
    const unknown = await form('ghost@example.com');
    expect(await known.text()).toBe(await unknown.text());
    const mail = (await mailsTo(ctx(), member.email))[0]!;
    const token = /forgot-password\?token=([A-Za-z0-9_-]+)/.exec(mail.body)![1]!;
    const reset = (password: string) =>
      ctx().app.request('/panda/public/users/password-recovery/token-email', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token, password }),
      });
    expect((await reset('too-short')).status).toBe(400);
    expect((await reset('Brand-new-pass-7')).status).toBe(200);
    expect((await reset('Another-pass-8')).status).toBe(400);
    expect((await send(ctx().app, accountApi.segments, { session: before, params: me(before) })).status).toBe(401);
    await expect(signIn(ctx(), member)).rejects.toThrow(/401/);
    expect((await login(ctx().app, member.email, 'Brand-new-pass-7')).userId).toBe(member.userId);
  });

  it('a reset link expires after an hour', async () => {
    const { email } = await createMember(ctx());
    await ctx().app.request('/panda/public/users/password-recovery', {
      method: 'POST',
      body: new URLSearchParams({ email }),
    });
    const token = /token=([A-Za-z0-9_-]+)/.exec((await mailsTo(ctx(), email))[0]!.body)![1]!;
    ctx().clock.advance(HOUR + 1000);
    const res = await ctx().app.request('/panda/public/users/password-recovery/token-email', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, password: 'Brand-new-pass-7' }),
    });
    expect(res.status).toBe(400);
    expect((await res.json())._payload.message).toBe(passwordRecoveryFailures.resetInvalid.message);
  });

  it('signs the help-desk token with HS512 on the server', async () => {
    const { session: s, email } = await createMember(ctx(), { firstname: 'Aoife', lastname: 'Byrne' });
    const { _payload } = await ok(ctx().app, helpdeskApi.sso, { session: s, params: me(s) });
    // The help desk checks iat and exp against its own clock; let "now" be the test clock's.
    vi.useFakeTimers({ toFake: ['Date'], now: ctx().clock.now });
    try {
      const claims = await verify(_payload.sso, ctx().config.helpdeskSecret, 'HS512');
      expect(Number(claims['exp']) - Number(claims['iat'])).toBe(300);
      expect(claims).toMatchObject({ name: 'Aoife Byrne', email, organization: '48' });
      expect(claims['jti']).toMatch(/^[0-9a-f-]{36}$/);
      await expect(verify(_payload.sso, 'some-other-secret-that-is-long-enough-000', 'HS512')).rejects.toThrow(
        /signature/i,
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('changes the password with the current one, ending every other session but this one', async () => {
    const member = await createMember(ctx());
    const here = member.session;
    const elsewhere = await signIn(ctx(), member);
    const change = (current: string) =>
      send(ctx().app, settingsApi.changePassword, {
        session: here,
        params: me(here),
        body: { current_password: current, new_password: 'Changed-pass-99' },
      });
    const wrong = await change('not-my-password');
    expect(wrong.status).toBe(400);
    expect((await wrong.json())._payload.message).toBe(messages.wrongCurrentPassword);
    expect((await change(BUILT_PASSWORD)).status).toBe(200);
    expect((await send(ctx().app, accountApi.segments, { session: here, params: me(here) })).status).toBe(200);
    expect((await send(ctx().app, accountApi.segments, { session: elsewhere, params: me(here) })).status).toBe(401);
    const live = await ctx().handle.db.select().from(sessions).where(eq(sessions.memberId, member.userId));
    expect(live.filter((r) => r.endedAt === null)).toHaveLength(1);
  });
});
