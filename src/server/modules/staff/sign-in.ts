import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { html } from 'hono/html';
import { eq } from 'drizzle-orm';
import * as oidc from 'openid-client';
import { STAFF_ROLES, type StaffRole } from '../../../contract/staff.ts';
import type { AppConfig } from '../../config.ts';
import { staffPeople, staffSignIns } from '../../db/schema.ts';
import { router, type AppEnv } from '../../http/router.ts';
import { sameOrigin } from '../../middleware/origin.ts';
import { sandboxPage } from '../../http/sandbox-page.ts';
import { record } from '../audit/index.ts';
import { forwardToIdp } from './integrations/idp/sandbox-idp.ts';
import { SANDBOX_IDP_PATH } from './integrations/idp/integration.ts';
import { endStaffSession, provenStaffSession, startStaffSession } from './session.ts';

type C = Context<AppEnv>;
type StaffConfig = NonNullable<AppConfig['staff']>;

export const SIGN_IN_PATH = '/staff-sign-in';
export const CALLBACK_PATH = '/staff-sign-in/callback';
export const SIGN_OUT_PATH = '/staff-sign-out';
const STATE_COOKIE = '48-staff-state';

/** Second factors an `amr` may show (RFC 8176): any of them, besides the password, passes. */
const SECOND_FACTORS = new Set([
  'mfa',
  'otp',
  'hwk',
  'swk',
  'sms',
  'fpt',
  'face',
  'iris',
  'pin',
  'sc',
  'tel',
  'retina',
  'vbm',
]);

/** The provider's configuration, discovered once an issuer (and found again after a failure). */
const discovered = new Map<string, Promise<oidc.Configuration>>();

function isSandboxIssuer(config: StaffConfig, siteUrl: string) {
  return config.issuer === `${new URL(siteUrl).origin}${SANDBOX_IDP_PATH}`;
}

export function providerConfig(appConfig: AppConfig): Promise<oidc.Configuration> {
  const config = appConfig.staff!;
  const key = `${config.issuer} ${config.clientId}`;
  let found = discovered.get(key);
  if (!found) {
    const sandbox = isSandboxIssuer(config, appConfig.siteUrl);
    // The sandbox's provider is reached through the app (no port, no network), as the site's origin.
    const through: oidc.CustomFetch | undefined = sandbox
      ? (url, options) => forwardToIdp(appConfig.siteUrl, new Request(url, options as RequestInit)) as never
      : undefined;
    found = oidc
      .discovery(
        new URL(config.issuer),
        config.clientId,
        config.clientSecret,
        oidc.ClientSecretBasic(config.clientSecret),
        {
          ...(through ? { [oidc.customFetch]: through } : {}),
          ...(config.issuer.startsWith('http:') ? { execute: [oidc.allowInsecureRequests] } : {}),
          timeout: 5,
        },
      )
      .catch((error: unknown) => {
        discovered.delete(key);
        throw error;
      });
    discovered.set(key, found);
  }
  return found;
}

/**
 * Whether the identity provider answers (readiness): its discovery document within 3 seconds, as it
 * answered when last asked (at the first readiness, then again behind the answer once 30 seconds old),
 * so a readiness probe (Varnish's waits 1 s) never waits for a provider that is slow or away.
 */
export async function idpAnswers(appConfig: AppConfig): Promise<'ok' | 'unreachable' | 'off'> {
  const staff = appConfig.staff;
  if (!staff) return 'off';
  const known = idpStates.get(staff.issuer);
  const ask = () => {
    const asking = askIdp(appConfig).then((state) => {
      idpStates.set(staff.issuer, { at: Date.now(), state });
      return state;
    });
    idpStates.set(staff.issuer, { at: known?.at ?? 0, state: known?.state, asking });
    return asking;
  };
  if (!known?.state) return known?.asking ?? ask();
  // Known: answered at once (a readiness probe waits for nobody), asked again behind the answer once stale.
  if (Date.now() - known.at > IDP_STATE_FRESH_MS && !known.asking) void ask();
  return known.state;
}

/** What the provider said last, by issuer: readiness asks every few seconds, the provider is asked twice a minute. */
const idpStates = new Map<
  string,
  { at: number; state?: 'ok' | 'unreachable' | undefined; asking?: Promise<'ok' | 'unreachable'> }
>();
const IDP_STATE_FRESH_MS = 30_000;

async function askIdp(appConfig: AppConfig): Promise<'ok' | 'unreachable'> {
  try {
    await Promise.race([
      providerConfig(appConfig),
      new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 3000).unref()),
    ]);
    return 'ok';
  } catch {
    return 'unreachable';
  }
}

const plainPage = async (c: C, status: 200 | 400 | 403 | 503, title: string, body: unknown) => {
  c.header('cache-control', 'no-store');
  return c.html(String(await sandboxPage(title, body)), status);
};

const refusedPage = (c: C, status: 400 | 403 | 503, title: string, said: string) =>
  plainPage(
    c,
    status,
    title,
    html`<h1>${title}</h1>
      <p>${said}</p>
      <p><a href="/staff">Back to the staff console</a></p>`,
  );

/** The role the provider's claim gives (a string or a list; the first known role of it). */
function roleOf(claims: Record<string, unknown>, claim: string): StaffRole | undefined {
  const value = claims[claim];
  const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(/[\s,]+/) : [];
  return list.find((r): r is StaffRole => (STAFF_ROLES as readonly string[]).includes(String(r)));
}

/**
 * The console's sign-in with the operator's identity provider (OpenID Connect, code flow with PKCE):
 * /staff-sign-in sends the browser there with a fresh state, nonce and verifier (kept 10
 * minutes, the state bound to this browser by a cookie); the callback checks them, takes the role
 * from the claim, and starts a staff session; sign-out ends it here and at the provider.
 */
export function staffSignInRoutes() {
  const app = router();
  app.get(SIGN_IN_PATH, async (c) => {
    const appConfig = c.var.config;
    if (!appConfig.staff)
      return refusedPage(c, 503, 'The staff console is off', 'No identity provider is set (STAFF_OIDC_ISSUER).');
    let config: oidc.Configuration;
    try {
      config = await providerConfig(appConfig);
    } catch {
      return refusedPage(
        c,
        503,
        'The sign-in is not answering',
        'The identity provider did not answer. Try again in a minute.',
      );
    }
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    await c.var.db.insert(staffSignIns).values({ state, verifier, nonce, createdAt: c.var.clock() });
    // Lax: the provider's redirect back is a top-level navigation from another site.
    setCookie(c, STATE_COOKIE, state, {
      httpOnly: true,
      sameSite: 'Lax',
      secure: c.var.client.proto === 'https',
      path: CALLBACK_PATH,
      maxAge: 600,
    });
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: `${new URL(appConfig.siteUrl).origin}${CALLBACK_PATH}`,
      scope: 'openid email profile roles',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    c.header('cache-control', 'no-store');
    return c.redirect(url.href, 302);
  });

  app.get(CALLBACK_PATH, async (c) => {
    const appConfig = c.var.config;
    if (!appConfig.staff) return refusedPage(c, 503, 'The staff console is off', 'No identity provider is set.');
    const here = new URL(c.req.url);
    const state = here.searchParams.get('state') ?? '';
    const bound = getCookie(c, STATE_COOKIE);
    deleteCookie(c, STATE_COOKIE, { path: CALLBACK_PATH, secure: c.var.client.proto === 'https' });
    const [started] = state ? await c.var.db.delete(staffSignIns).where(eq(staffSignIns.state, state)).returning() : [];
    if (!started || bound !== state || c.var.clock().getTime() - started.createdAt.getTime() > 10 * 60_000)
      return refusedPage(c, 400, 'That sign-in has ended', 'Start again from the staff console.');
    let claims: Record<string, unknown>;
    let idToken: string | undefined;
    try {
      const config = await providerConfig(appConfig);
      // The URL the provider sent back to, on the site's own origin (never the request's Host).
      const current = new URL(`${CALLBACK_PATH}${here.search}`, new URL(appConfig.siteUrl).origin);
      const tokens = await oidc.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: started.verifier,
        expectedState: state,
        expectedNonce: started.nonce,
        idTokenExpected: true,
      });
      claims = (tokens.claims() ?? {}) as Record<string, unknown>;
      idToken = tokens.id_token;
    } catch (error) {
      c.var.log?.warn({ err: error }, 'staff sign-in refused by the identity provider');
      return refusedPage(
        c,
        400,
        'The sign-in did not finish',
        'The identity provider refused it. Start again from the staff console.',
      );
    }
    const role = roleOf(claims, appConfig.staff.roleClaim);
    const email = String(claims.email ?? '');
    const name = String(claims.name ?? claims.given_name ?? email);
    if (!role)
      return refusedPage(
        c,
        403,
        'No role at 48',
        `${email || 'This account'} has no role the console knows (agent, supervisor, fraud, finance, editor or admin). Ask the administrator of the identity provider.`,
      );
    const amr = Array.isArray(claims.amr) ? claims.amr.map(String) : [];
    if (appConfig.staff.requireMfa && !amr.some((m) => SECOND_FACTORS.has(m)))
      return refusedPage(
        c,
        403,
        'A second factor is needed',
        'Sign in at the identity provider with a second factor (an app code or a security key).',
      );
    const now = c.var.clock();
    const subject = `${appConfig.staff.issuer}#${String(claims.sub)}`;
    const [person] = await c.var.db
      .insert(staffPeople)
      .values({ subject, email, name, role, lastSignInAt: now, createdAt: now })
      .onConflictDoUpdate({ target: staffPeople.subject, set: { email, name, role, lastSignInAt: now } })
      .returning({ id: staffPeople.id });
    await record(
      c.var.db,
      now,
      { id: person!.id, name, role },
      { action: 'signed-in', memberId: null, reason: 'Signed in', result: 'ok' },
    );
    await startStaffSession(c, { id: person!.id, role }, idToken);
    return c.redirect('/staff', 303);
  });

  // A form posted from the console (its Origin must be the site's): the session ends here, then at the provider.
  app.post(SIGN_OUT_PATH, sameOrigin, async (c) => {
    const staff = await provenStaffSession(c);
    const ended = await endStaffSession(c);
    if (staff)
      await record(c.var.db, c.var.clock(), staff, {
        action: 'signed-out',
        memberId: null,
        reason: 'Signed out',
        result: 'ok',
      });
    const appConfig = c.var.config;
    const back = `${new URL(appConfig.siteUrl).origin}/staff/signed-out`;
    if (!appConfig.staff) return c.redirect(back, 303);
    try {
      const config = await providerConfig(appConfig);
      const url = oidc.buildEndSessionUrl(config, {
        post_logout_redirect_uri: back,
        ...(ended?.idToken ? { id_token_hint: ended.idToken } : {}),
      });
      if (url.origin === new URL(appConfig.siteUrl).origin) return c.redirect(url.href, 303);
      // The portal's CSP (form-action 'self') stops a form's redirect to another origin: a link takes the browser there.
      return plainPage(
        c,
        200,
        'Signed out of the console',
        html`<h1>Signed out of the console</h1>
          <p>Your staff session has ended here. <a href="${url.href}">Sign out at the sign-in too</a>.</p>`,
      );
    } catch {
      return c.redirect(back, 303);
    }
  });
  return app;
}
