import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { expect, it } from 'vitest';
import { healthApi } from '../../../src/contract/health.schema.ts';
import { staffApi } from '../../../src/contract/staff.schema.ts';
import { staffAudit, staffSessions } from '../../../src/server/db/schema.ts';
import {
  DEMO_STAFF_PASSWORD,
  SANDBOX_CLIENT,
  SANDBOX_IDP_PATH,
  staffIdentityProvider,
} from '../../../src/server/modules/staff/index.ts';
import { ok, send } from '../support/client.ts';
import { forEachDatabase, harnessApp, type TestContext } from '../support/harness.ts';

/**
 * Staff sign-in (docs/product/staff.md "Signing in"): the code flow with PKCE against the sandbox's real
 * OpenID provider (oidc-provider), through the app as a browser would go: a cookie jar, each redirect
 * followed on the site's origin. A person with no role is refused; the session is its own cookie;
 * signing out ends it here and at the provider.
 */
class Browser {
  jar = new Map<string, string>();
  app: ReturnType<typeof harnessApp>;
  origin: string;
  constructor(app: ReturnType<typeof harnessApp>, origin: string) {
    this.app = app;
    this.origin = origin;
  }
  cookie() {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  async go(url: string, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url, this.origin);
    expect(target.origin, `left the site for ${url}`).toBe(this.origin);
    const res = await this.app.request(`${target.pathname}${target.search}`, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), cookie: this.cookie() },
    });
    for (const set of res.headers.getSetCookie()) {
      const [pair] = set.split(';');
      const [name, ...value] = pair!.split('=');
      if (/max-age=0|expires=Thu, 01 Jan 1970/i.test(set)) this.jar.delete(name!.trim());
      else this.jar.set(name!.trim(), value.join('='));
    }
    return res;
  }
  /** Follows redirects (GET) until a page answers; answers it and where it was. */
  async follow(res: Response, limit = 10): Promise<{ res: Response; at: string }> {
    let at = '';
    while (res.status >= 300 && res.status < 400 && limit-- > 0) {
      at = res.headers.get('location')!;
      res = await this.go(at);
    }
    return { res, at };
  }
}

async function signInAs(
  c: TestContext,
  app: ReturnType<typeof harnessApp>,
  email: string,
  password = DEMO_STAFF_PASSWORD,
) {
  const origin = new URL(c.config.siteUrl).origin;
  const browser = new Browser(app, origin);
  const start = await browser.go('/staff-sign-in');
  expect(start.status).toBe(302);
  const authorize = new URL(start.headers.get('location')!);
  expect(authorize.pathname).toBe(`${SANDBOX_IDP_PATH}/auth`);
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  const { res: form, at } = await browser.follow(start);
  expect(form.status).toBe(200);
  expect(await form.text()).toContain('48 staff sign-in');
  const posted = await browser.go(at, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
    body: new URLSearchParams({ email, password }).toString(),
  });
  const end = await browser.follow(posted);
  return { browser, ...end, posted };
}

forEachDatabase('staff sign-in', { seed: 'catalogue' }, (ctx) => {
  const appOf = (c: TestContext, requireMfa = false) =>
    harnessApp(c, {
      config: {
        ...c.config,
        staff: {
          issuer: `${new URL(c.config.siteUrl).origin}${SANDBOX_IDP_PATH}`,
          clientId: SANDBOX_CLIENT.id,
          clientSecret: SANDBOX_CLIENT.secret,
          roleClaim: 'roles',
          requireMfa,
        },
      },
    });

  it('an agent signs in at the sandbox provider (code flow with PKCE), gets a staff session of their own, and signs out there too', async () => {
    const c = ctx();
    const app = appOf(c);
    const { browser, res, at } = await signInAs(c, app, 'agent@staff.example.com');
    // Back to the console (the API's tests serve no site: its page is not there).
    expect(at).toBe('/staff');
    expect(res.status).toBe(404);
    const cookie = browser.jar.get('48-staff');
    expect(cookie).toBeDefined();
    const me = await ok(app, staffApi.me, { headers: { cookie: `48-staff=${cookie}` } });
    expect(me._payload).toMatchObject({ name: 'Aoife Byrne', role: 'agent', email: 'agent@staff.example.com' });
    expect((await c.handle.db.select().from(staffAudit)).map((a) => a.action)).toEqual(['signed-in']);
    // Idle 15 minutes: the session has ended.
    c.clock.advance(16 * 60_000);
    expect((await send(app, staffApi.me, { headers: { cookie: `48-staff=${cookie}` } })).status).toBe(401);
  });

  it('signing out ends the session here and sends the browser to the provider’s end-session endpoint', async () => {
    const c = ctx();
    const app = appOf(c);
    const { browser } = await signInAs(c, app, 'finance@staff.example.com');
    const out = await browser.go('/staff-sign-out', {
      method: 'POST',
      headers: { origin: new URL(c.config.siteUrl).origin },
    });
    expect(out.status).toBe(303);
    const end = new URL(out.headers.get('location')!);
    expect(end.pathname).toBe(`${SANDBOX_IDP_PATH}/session/end`);
    expect(end.searchParams.get('id_token_hint')).toBeTruthy();
    expect(await c.handle.db.select().from(staffSessions)).toHaveLength(0);
    expect((await c.handle.db.select().from(staffAudit).where(eq(staffAudit.action, 'signed-out'))).length).toBe(1);
  });

  it('a wrong password stays at the provider; a person with no role at 48 is refused with a clear page; a forged callback starts nothing', async () => {
    const c = ctx();
    const app = appOf(c);
    const wrong = await signInAs(c, app, 'agent@staff.example.com', 'not-the-password');
    expect(wrong.posted.status).toBe(400);
    expect(await wrong.res.text()).toContain('That e-mail and password do not match a member of staff.');
    const none = await signInAs(c, app, 'nobody@staff.example.com');
    expect(none.res.status).toBe(403);
    expect(await none.res.text()).toContain('No role at 48');
    expect(none.browser.jar.has('48-staff')).toBe(false);
    const forged = await app.request('/staff-sign-in/callback?code=abc&state=made-up');
    expect(forged.status).toBe(400);
    expect(await c.handle.db.select().from(staffSessions)).toHaveLength(0);
  });

  it('where a second factor is required (production), a sign-in whose amr shows only a password is refused', async () => {
    const c = ctx();
    const { res, browser } = await signInAs(c, appOf(c, true), 'agent@staff.example.com');
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('A second factor is needed');
    expect(browser.jar.has('48-staff')).toBe(false);
  });

  it('at a provider of its own with a second factor (the reference deployment’s stand-in), production signs in a person who gives the password and the authenticator’s code, never the password alone', async () => {
    const c = ctx();
    const origin = new URL(c.config.siteUrl).origin;
    const authenticator = new TOTP({ secret: new Secret({ size: 20 }) });
    const client = { id: 'portal-test-staff', secret: 'a-client-secret-of-this-test' };
    // The provider on a port of its own, its issuer's path taken off as a proxy would.
    const { createServer } = await import('node:http');
    const served: { by?: (req: IncomingMessage, res: ServerResponse) => unknown } = {};
    const server = createServer((req, res) => {
      req.url = (req.url ?? '/').replace(/^\/idp/, '');
      void served.by!(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}/idp`;
    const provider = await staffIdentityProvider({
      issuer,
      siteUrl: origin,
      client,
      secondFactor: {
        hint: 'Your authenticator shows it.',
        check: (email, code) =>
          email === 'finance@staff.example.com' && authenticator.validate({ token: code, window: 1 }) != null,
      },
    });
    served.by = provider.callback();
    try {
      const app = harnessApp(c, {
        config: {
          ...c.config,
          staff: { issuer, clientId: client.id, clientSecret: client.secret, roleClaim: 'roles', requireMfa: true },
        },
      });
      const site = new Browser(app, origin);
      // The provider's side, another origin: its own cookies.
      const jar = new Map<string, string>();
      const atIdp = async (url: string, init: RequestInit = {}) => {
        const res = await fetch(new URL(url, issuer), {
          ...init,
          redirect: 'manual',
          headers: {
            ...(init.headers as Record<string, string>),
            cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
          },
        });
        for (const set of res.headers.getSetCookie()) {
          const [name, ...value] = set.split(';')[0]!.split('=');
          jar.set(name!.trim(), value.join('='));
        }
        return res;
      };
      const post = (url: string, form: Record<string, string>) =>
        atIdp(url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(form).toString(),
        });
      const start = await site.go('/staff-sign-in');
      const authorize = start.headers.get('location')!;
      expect(authorize.startsWith(`${issuer}/auth?`)).toBe(true);
      const interaction = new URL((await atIdp(authorize)).headers.get('location')!, issuer).href;
      expect(await (await atIdp(interaction)).text()).toContain('48 staff sign-in');
      const asked = await post(interaction, { email: 'finance@staff.example.com', password: DEMO_STAFF_PASSWORD });
      expect(asked.status).toBe(200);
      expect(await asked.text()).toContain('Enter the 6-digit code');
      // A wrong code stays at the provider; no code at all cannot skip the password.
      const wrong = await post(interaction, {
        step: 'code',
        code: authenticator.generate({ timestamp: Date.now() - 600_000 }),
      });
      expect(wrong.status).toBe(400);
      expect(await wrong.text()).toContain('That code is not right');
      const right = await post(interaction, { step: 'code', code: authenticator.generate() });
      expect(right.status).toBe(303);
      const back = await atIdp(right.headers.get('location')!);
      const callback = new URL(back.headers.get('location')!);
      expect(callback.origin + callback.pathname).toBe(`${origin}/staff-sign-in/callback`);
      const signedIn = await site.go(`${callback.pathname}${callback.search}`);
      expect(signedIn.status, await signedIn.clone().text()).toBe(303);
      expect(signedIn.headers.get('location')).toBe('/staff');
      const cookie = site.jar.get('48-staff');
      const me = await ok(app, staffApi.me, { headers: { cookie: `48-staff=${cookie}` } });
      expect(me._payload).toMatchObject({ role: 'finance', email: 'finance@staff.example.com' });
    } finally {
      server.close();
    }
  });

  it('readiness says whether the identity provider answers, and off without one', async () => {
    const c = ctx();
    expect((await ok(appOf(c), healthApi.ready, {})).staff).toEqual({ idp: 'ok' });
    expect((await ok(c.app, healthApi.ready, {})).staff).toEqual({ idp: 'off' });
  });
});
