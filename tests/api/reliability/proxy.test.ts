import { expect, it } from 'vitest';
import { createApp } from '../../../src/server/app.ts';
import { BUILT_PASSWORD, createMember } from '../support/builders.ts';
import { forEachDatabase, fromPeer, type TestContext } from '../support/harness.ts';

/**
 * docs/product/production.md "Behind a proxy": the forwarded client address is the one limited, and the request is
 * https for the portal (Secure cookies, HSTS, the site's own origin) only through a trusted proxy; from
 * an untrusted peer the forwarded headers change nothing.
 */
const appFor = (c: TestContext, trustProxy: string[]) =>
  createApp({
    db: c.handle.db,
    config: { ...c.config, trustProxy, rateLimit: { ...c.config.rateLimit, loginPerIp: 3 } },
    clock: () => c.clock.now,
    payments: c.payments,
  });

/** A request as it arrives on the socket from `peer`. */
const from = (
  app: ReturnType<typeof createApp>,
  peer: string,
  path: string,
  init: RequestInit & { headers?: Record<string, string> } = {},
) => fromPeer(app, peer, `http://portal-1:4321${path}`, init);

/** The member these log-ins are for (each test makes its own). */
let username = 'nobody@example.com';

const logIn = (
  app: ReturnType<typeof createApp>,
  peer: string,
  headers: Record<string, string>,
  password = 'wrong-password-1',
) =>
  from(app, peer, '/panda/public/users/current', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ username, password }),
  });

forEachDatabase('proxy', { seed: 'catalogue', rateLimit: undefined }, (ctx) => {
  it('through a trusted proxy the forwarded client address is the one limited', async () => {
    username = (await createMember(ctx())).email;
    const app = appFor(ctx(), ['loopback']);
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await logIn(app, '127.0.0.1', { 'x-forwarded-for': '198.51.100.1' })).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    // Another visitor behind the same proxy is not locked out.
    expect((await logIn(app, '127.0.0.1', { 'x-forwarded-for': '198.51.100.2' })).status).toBe(401);
    // A visitor's own X-Forwarded-For in front of the proxy's does not pick its address.
    expect((await logIn(app, '127.0.0.1', { 'x-forwarded-for': '198.51.100.99, 198.51.100.1' })).status).toBe(429);
  });

  it('from an untrusted peer X-Forwarded-For changes nothing', async () => {
    username = (await createMember(ctx())).email;
    const app = appFor(ctx(), ['loopback']);
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await logIn(app, '203.0.113.9', { 'x-forwarded-for': `198.51.100.${i + 10}` })).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('https at a trusted proxy: Secure cookies, HSTS, and the site’s own origin accepted; not from an untrusted peer', async () => {
    username = (await createMember(ctx())).email;
    const app = appFor(ctx(), ['10.0.0.0/8']);
    const tls = {
      'x-forwarded-for': '198.51.100.3',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'www.48.ie',
      origin: 'https://www.48.ie',
    };
    const ok = await logIn(app, '10.1.2.3', tls, BUILT_PASSWORD);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    const cookies = ok.headers.getSetCookie();
    expect(cookies.filter((c) => /^(gg_bind|XSRF-TOKEN)=/.test(c))).toHaveLength(2);
    for (const cookie of cookies) expect(cookie).toMatch(/; Secure/);
    // The same headers from a peer that is not a proxy: plain http, no Secure, no HSTS.
    const plain = await logIn(app, '203.0.113.9', { ...tls, origin: 'http://portal-1:4321' }, BUILT_PASSWORD);
    expect(plain.status).toBe(200);
    expect(plain.headers.get('strict-transport-security')).toBeNull();
    for (const cookie of plain.headers.getSetCookie()) expect(cookie).not.toMatch(/; Secure/);
    // A browser write from the public https origin behind the proxy is this site's own.
    const forged = await logIn(app, '203.0.113.9', { origin: 'https://elsewhere.example' }, BUILT_PASSWORD);
    expect(forged.status).toBe(403);
  });
});
