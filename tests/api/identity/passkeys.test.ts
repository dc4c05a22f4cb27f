import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { accountApi } from '../../../src/contract/account.schema.ts';
import { securityApi } from '../../../src/contract/security.schema.ts';
import { passkeyFailures, passkeysApi } from '../../../src/contract/passkeys.schema.ts';
import { PASSKEY_CHALLENGE_MINUTES } from '../../../src/contract/passkeys.ts';
import { passkeys, webauthnChallenges } from '../../../src/server/db/schema.ts';
import { assert, create, type Origin, type SoftCredential } from '../support/authenticator.ts';
import { BUILT_PASSWORD, createMember, deleteAccount, type BuiltMember } from '../support/builders.ts';
import { ok, refused, send } from '../support/client.ts';
import { forEachDatabase, stepUpCode, type TestContext } from '../support/harness.ts';

/**
 * Passkeys (docs/product/phone.md): added after the password or a step-up code, listed, removed; a sign-in with
 * one opens the session of a password log-in. Answers come from a software authenticator
 * (authenticator.ts), so the server's WebAuthn checks run on real signatures.
 */
type Options = { challenge: string; user: { id: string } };

async function addPasskey(
  c: TestContext,
  m: BuiltMember,
  { name = 'My phone', at }: { name?: string; at?: Origin } = {},
): Promise<SoftCredential> {
  const { _payload } = await ok(c.app, passkeysApi.registrationOptions, {
    session: m.session,
    params: { user_id: m.userId },
    body: { password: BUILT_PASSWORD },
  });
  const { credential, answer } = create(_payload.options as unknown as Options, at);
  await ok(c.app, passkeysApi.register, {
    session: m.session,
    params: { user_id: m.userId },
    body: { name, credential: answer as never },
  });
  return credential;
}

const signInOptions = async (c: TestContext) =>
  (await ok(c.app, passkeysApi.signInOptions, {}))._payload.options as unknown as Options;

const signInWith = (c: TestContext, answer: Record<string, unknown>) =>
  send(c.app, passkeysApi.signIn, { body: { credential: answer as never } });

forEachDatabase('passkeys', { seed: 'catalogue' }, (ctx) => {
  it('a member adds a passkey after the password, sees it listed, and signs in with it: the session of a log-in', async () => {
    const c = ctx();
    const m = await createMember(c, { firstname: 'Nuala' });
    const key = await addPasskey(c, m, { name: 'Pixel 9' });
    const list = await ok(c.app, passkeysApi.list, { session: m.session, params: { user_id: m.userId } });
    expect(list._payload.values).toEqual([
      { id: expect.any(Number), name: 'Pixel 9', created_at: c.clock.now.toISOString(), last_used_at: null },
    ]);

    c.clock.advance(60_000);
    const res = await signInWith(c, assert(key, await signInOptions(c)));
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      _payload: { account: { user_id: number; firstname: string }; email: string };
    };
    expect(body._payload).toMatchObject({ account: { user_id: m.userId, firstname: 'Nuala' }, email: m.email });
    // The headers and cookies of a password log-in: the token, the e-mail-verified flag, the binding and XSRF cookies.
    expect(res.headers.get('x-gg-auth')).toBeTruthy();
    expect(res.headers.get('x-gg-emv')).toBeTruthy();
    const cookies = res.headers.getSetCookie().map((h) => h.split('=')[0]);
    expect(cookies).toEqual(expect.arrayContaining(['gg_bind', 'XSRF-TOKEN']));
    // The session works: the member's own account reads.
    const bind = res.headers
      .getSetCookie()
      .find((h) => h.startsWith('gg_bind='))!
      .split(';')[0]!;
    const xsrf = res.headers
      .getSetCookie()
      .find((h) => h.startsWith('XSRF-TOKEN='))!
      .split(';')[0]!
      .split('=')[1]!;
    const session = {
      ...m.session,
      token: res.headers.get('x-gg-auth')!,
      headers: {
        'x-gg-auth': res.headers.get('x-gg-auth')!,
        'x-gg-transaction': 'test-transaction',
        cookie: `${bind}; XSRF-TOKEN=${xsrf}`,
        'x-xsrf-token': xsrf,
      },
    };
    await ok(c.app, accountApi.simsOwned, { session, params: { user_id: m.userId } });
    const after = await ok(c.app, passkeysApi.list, { session, params: { user_id: m.userId } });
    expect(after._payload.values[0]!.last_used_at).toBe(c.clock.now.toISOString());
  });

  it('adding needs the password or a step-up code: none, a wrong password and a wrong code are refused', async () => {
    const c = ctx();
    const m = await createMember(c);
    const params = { user_id: m.userId };
    await refused(
      c.app,
      passkeysApi.registrationOptions,
      { session: m.session, params, body: {} },
      passkeyFailures.needsProof,
    );
    await refused(
      c.app,
      passkeysApi.registrationOptions,
      { session: m.session, params, body: { password: 'not-it' } },
      passkeyFailures.wrongPassword,
    );
    await stepUpCode(c, m.session, 'passkey');
    await refused(
      c.app,
      passkeysApi.registrationOptions,
      { session: m.session, params, body: {}, stepUpCode: '000000' },
      passkeyFailures.stepUpWrong,
    );
    const code = await stepUpCode(c, m.session, 'passkey');
    const { _payload } = await ok(c.app, passkeysApi.registrationOptions, {
      session: m.session,
      params,
      body: {},
      stepUpCode: code,
    });
    const { answer } = create(_payload.options as unknown as Options);
    await ok(c.app, passkeysApi.register, {
      session: m.session,
      params,
      body: { name: 'Laptop', credential: answer as never },
    });
    // A code of another purpose does not do.
    const other = await stepUpCode(c, m.session, 'email');
    await refused(
      c.app,
      passkeysApi.registrationOptions,
      { session: m.session, params, body: {}, stepUpCode: other },
      passkeyFailures.stepUpExpired,
    );
  });

  it('a replayed challenge is refused: a sign-in answer used twice, a creation answer used twice', async () => {
    const c = ctx();
    const m = await createMember(c);
    const key = await addPasskey(c, m);
    const answer = assert(key, await signInOptions(c));
    expect((await signInWith(c, answer)).status).toBe(200);
    const again = await signInWith(c, answer);
    expect(again.status).toBe(passkeyFailures.challengeGone.status);
    expect(((await again.json()) as { _payload: { code: string } })._payload.code).toBe(
      passkeyFailures.challengeGone.code,
    );

    const { _payload } = await ok(c.app, passkeysApi.registrationOptions, {
      session: m.session,
      params: { user_id: m.userId },
      body: { password: BUILT_PASSWORD },
    });
    const made = create(_payload.options as unknown as Options);
    await ok(c.app, passkeysApi.register, {
      session: m.session,
      params: { user_id: m.userId },
      body: { name: 'Tablet', credential: made.answer as never },
    });
    const second = create(_payload.options as unknown as Options);
    await refused(
      c.app,
      passkeysApi.register,
      {
        session: m.session,
        params: { user_id: m.userId },
        body: { name: 'Again', credential: second.answer as never },
      },
      passkeyFailures.challengeGone,
    );
    expect(await c.handle.db.select().from(passkeys).where(eq(passkeys.memberId, m.userId))).toHaveLength(2);
  });

  it(`a challenge lives ${PASSKEY_CHALLENGE_MINUTES} minutes, and a registration's is only its member's`, async () => {
    const c = ctx();
    const m = await createMember(c);
    const other = await createMember(c);
    const key = await addPasskey(c, m);
    const late = await signInOptions(c);
    c.clock.advance(PASSKEY_CHALLENGE_MINUTES * 60_000 + 1000);
    expect((await signInWith(c, assert(key, late))).status).toBe(passkeyFailures.challengeGone.status);
    // Member A's creation options answered in member B's session: not B's challenge.
    const { _payload } = await ok(c.app, passkeysApi.registrationOptions, {
      session: m.session,
      params: { user_id: m.userId },
      body: { password: BUILT_PASSWORD },
    });
    const { answer } = create(_payload.options as unknown as Options);
    await refused(
      c.app,
      passkeysApi.register,
      {
        session: other.session,
        params: { user_id: other.userId },
        body: { name: 'Theirs', credential: answer as never },
      },
      passkeyFailures.challengeGone,
    );
    // Expired rows go as new challenges come.
    expect(
      (await c.handle.db.select().from(webauthnChallenges)).every(
        (r) => r.expiresAt > new Date(c.clock.now.getTime() - 1),
      ),
    ).toBe(true);
  });

  it('a passkey of another member never signs in: a foreign user handle, a removed passkey, a wrong origin, a counter gone back', async () => {
    const c = ctx();
    const a = await createMember(c);
    const b = await createMember(c);
    const keyA = await addPasskey(c, a);
    const keyB = await addPasskey(c, b);
    // A's passkey claiming to be B (the handle B's passkey carries): refused.
    await refused(
      c.app,
      passkeysApi.signIn,
      {
        body: { credential: assert(keyA, await signInOptions(c), { userHandle: keyB.userHandle }) as never },
      },
      passkeyFailures.signInRefused,
    );
    // A signature by B's key under A's credential id: refused.
    const forged = assert(keyB, await signInOptions(c));
    forged['id'] = forged['rawId'] = Buffer.from(keyA.id).toString('base64url');
    (forged['response'] as Record<string, string>)['userHandle'] = keyA.userHandle;
    await refused(c.app, passkeysApi.signIn, { body: { credential: forged as never } }, passkeyFailures.signInRefused);
    // Signed for another site.
    await refused(
      c.app,
      passkeysApi.signIn,
      {
        body: {
          credential: assert(keyA, await signInOptions(c), {
            at: { rpId: 'evil.example', origin: 'https://evil.example' },
          }) as never,
        },
      },
      passkeyFailures.signInRefused,
    );
    // A copied authenticator: its counter is behind the one seen.
    expect((await signInWith(c, assert(keyA, await signInOptions(c), { counter: 7 }))).status).toBe(200);
    await refused(
      c.app,
      passkeysApi.signIn,
      {
        body: { credential: assert(keyA, await signInOptions(c), { counter: 3 }) as never },
      },
      passkeyFailures.signInRefused,
    );
    // Each passkey opens its own member's session, never another's.
    const res = await signInWith(c, assert(keyB, await signInOptions(c)));
    expect(((await res.json()) as { _payload: { account: { user_id: number } } })._payload.account.user_id).toBe(
      b.userId,
    );

    // B removes A's passkey: no such passkey (on B's account). A removes it: it signs in no more.
    const [rowA] = await c.handle.db.select().from(passkeys).where(eq(passkeys.memberId, a.userId));
    await refused(
      c.app,
      passkeysApi.remove,
      { session: b.session, params: { user_id: b.userId, passkey_id: rowA!.id }, body: { password: BUILT_PASSWORD } },
      passkeyFailures.noSuchPasskey,
    );
    await refused(
      c.app,
      passkeysApi.remove,
      { session: a.session, params: { user_id: a.userId, passkey_id: rowA!.id }, body: {} },
      passkeyFailures.needsProof,
    );
    await ok(c.app, passkeysApi.remove, {
      session: a.session,
      params: { user_id: a.userId, passkey_id: rowA!.id },
      body: { password: BUILT_PASSWORD },
    });
    await refused(
      c.app,
      passkeysApi.signIn,
      {
        body: { credential: assert(keyA, await signInOptions(c)) as never },
      },
      passkeyFailures.signInRefused,
    );
  });

  it('bad answers get a 4xx with a code, never a 500: garbage client data, a wrong type, a creation for another site', async () => {
    const c = ctx();
    const m = await createMember(c);
    const bad = (clientDataJSON: string) => ({
      id: 'abc',
      rawId: 'abc',
      type: 'public-key',
      response: { clientDataJSON, authenticatorData: 'AA', signature: 'AA' },
      clientExtensionResults: {},
    });
    await refused(
      c.app,
      passkeysApi.signIn,
      { body: { credential: bad('not-base64-json') as never } },
      passkeyFailures.signInRefused,
    );
    const res = await send(c.app, passkeysApi.signIn, {
      body: { credential: { ...bad('AA'), type: 'password' } as never },
    });
    expect(res.status).toBe(400);
    const { _payload } = await ok(c.app, passkeysApi.registrationOptions, {
      session: m.session,
      params: { user_id: m.userId },
      body: { password: BUILT_PASSWORD },
    });
    const { answer } = create(_payload.options as unknown as Options, {
      rpId: 'evil.example',
      origin: 'https://evil.example',
    });
    await refused(
      c.app,
      passkeysApi.register,
      { session: m.session, params: { user_id: m.userId }, body: { name: 'Evil', credential: answer as never } },
      passkeyFailures.notVerified,
    );
  });

  it('20 at once: one step-up code opens one registration, one answer adds one passkey and signs in once, one removal', async () => {
    const c = ctx();
    const m = await createMember(c);
    const params = { user_id: m.userId };
    const statuses = async (fire: () => Promise<Response>) =>
      (await Promise.all(Array.from({ length: 20 }, fire))).map((r) => r.status);
    const okCount = (list: number[]) => list.filter((s) => s >= 200 && s < 300).length;
    const code = await stepUpCode(c, m.session, 'passkey');
    const opened: Response[] = [];
    expect(
      okCount(
        await statuses(async () => {
          const res = await send(c.app, passkeysApi.registrationOptions, {
            session: m.session,
            params,
            body: {},
            stepUpCode: code,
          });
          if (res.status === 200) opened.push(res.clone());
          return res;
        }),
      ),
    ).toBe(1);
    const options = ((await opened[0]!.json()) as { _payload: { options: Options } })._payload.options;
    const { credential, answer } = create(options);
    expect(
      okCount(
        await statuses(() =>
          send(c.app, passkeysApi.register, {
            session: m.session,
            params,
            body: { name: 'Raced', credential: answer as never },
          }),
        ),
      ),
    ).toBe(1);
    expect(await c.handle.db.select().from(passkeys).where(eq(passkeys.memberId, m.userId))).toHaveLength(1);
    const signedIn = assert(credential, await signInOptions(c));
    expect(okCount(await statuses(() => signInWith(c, signedIn)))).toBe(1);
    const [row] = await c.handle.db.select().from(passkeys).where(eq(passkeys.memberId, m.userId));
    expect(
      okCount(
        await statuses(() =>
          send(c.app, passkeysApi.remove, {
            session: m.session,
            params: { ...params, passkey_id: row!.id },
            body: { password: BUILT_PASSWORD },
          }),
        ),
      ),
    ).toBe(1);
  });

  it('a blocked SIM (lost or stolen) does not block a passkey sign-in', async () => {
    const c = ctx();
    const m = await createMember(c, { membership: { sku: 'BDDT00', daysLeft: 10 } });
    const key = await addPasskey(c, m);
    await ok(c.app, securityApi.blockSim, { session: m.session, params: { user_id: m.userId, ssn: m.ssn } });
    expect((await signInWith(c, assert(key, await signInOptions(c)))).status).toBe(200);
  });

  it('deleting the account deletes its passkeys', async () => {
    const c = ctx();
    const m = await createMember(c);
    await addPasskey(c, m);
    expect((await deleteAccount(c, m)).status).toBe(200);
    expect(await c.handle.db.select().from(passkeys).where(eq(passkeys.memberId, m.userId))).toHaveLength(0);
  });
});
