import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { Hono } from 'hono';
import { html } from 'hono/html';
import type Provider from 'oidc-provider';
import { sandboxPage } from '../../../../http/sandbox-page.ts';
import type { SandboxEnv } from '../../../../integrations/integration.ts';
import { DEMO_STAFF } from './demo-staff.ts';
import { DEMO_STAFF_PASSWORD, SANDBOX_CLIENT, SANDBOX_IDP_PATH } from './integration.ts';

/**
 * The sandbox's identity provider for the staff console (docs/decisions/059-staff-sign-in-with-openid-connect.md):
 * a real OpenID provider (panva's oidc-provider) with the demo staff, answering at /sandbox/idp of the
 * site. It listens on a port of its own on the loopback interface and the app forwards /sandbox/idp/*
 * to it, so it is reached through the site's origin (and through the app itself, as the sandbox
 * network is, by a test with no port). Its sign-in page asks the e-mail and the password
 * (Demo-48-staff); the role is the `roles` claim. The reference deployment's stand-in runs the same
 * provider with a second step, a code from an authenticator (`secondFactor`), as production requires.
 */
interface Running {
  port: number;
  server: Server;
}
const running = new Map<string, Promise<Running>>();

const page = async (title: string, body: unknown) => String(await sandboxPage(title, body));

/** A second step after the password: a code the provider checks for that person (RFC 6238 at the stand-in). */
export interface SecondFactor {
  /** Where a person of the demo staff finds their code (shown on the page). */
  hint: string;
  check(email: string, code: string): boolean;
}

export interface ProviderOptions {
  /** The issuer: the provider's URL as its clients and the browser reach it. */
  issuer: string;
  /** The portal's site: the console's callback and signed-out page. */
  siteUrl: string;
  client: { id: string; secret: string };
  secondFactor?: SecondFactor;
}

function signInForm(mountPath: string, uid: string, error?: string, email = '') {
  return page(
    'Staff sign-in (sandbox)',
    html`<h1>48 staff sign-in</h1>
      <p>
        The sandbox’s identity provider. Demo staff: agent@staff.example.com, supervisor@…, fraud@…, finance@…,
        editor@…, admin@… (password ${DEMO_STAFF_PASSWORD}).
      </p>
      ${error ? html`<p role="alert" id="idp-error">${error}</p>` : ''}
      <form method="post" action="${mountPath}/interaction/${uid}">
        <p>
          <label for="email">Work e-mail</label>
          <input
            id="email"
            name="email"
            type="email"
            autocomplete="username"
            required
            value="${email}"
            ${error ? html`aria-describedby="idp-error"` : ''}
          />
        </p>
        <p>
          <label for="password">Password</label>
          <input id="password" name="password" type="password" autocomplete="current-password" required />
        </p>
        <button type="submit">Sign in</button>
      </form>`,
  );
}

function codeForm(mountPath: string, uid: string, hint: string, error?: string) {
  return page(
    'Staff sign-in: your code (sandbox)',
    html`<h1>Your code</h1>
      <p>Enter the 6-digit code your authenticator shows for 48. ${hint}</p>
      ${error ? html`<p role="alert" id="idp-error">${error}</p>` : ''}
      <form method="post" action="${mountPath}/interaction/${uid}">
        <input type="hidden" name="step" value="code" />
        <p>
          <label for="code">Code</label>
          <input
            id="code"
            name="code"
            inputmode="numeric"
            autocomplete="one-time-code"
            pattern="[0-9]{6}"
            maxlength="6"
            required
            ${error ? html`aria-describedby="idp-error"` : ''}
          />
        </p>
        <button type="submit">Continue</button>
      </form>`,
  );
}

async function formOf(ctx: { req: AsyncIterable<unknown> }): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length;
    if (size > 10_000) break;
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * The provider's records (sessions, codes, grants) kept in this process's memory, by model and id,
 * each until it expires: the sandbox is one process, and its staff sign in again after a restart.
 */
function memoryAdapter() {
  const store = new Map<string, { payload: Record<string, unknown>; until: number }>();
  const grants = new Map<string, Set<string>>();
  const live = (key: string) => {
    const kept = store.get(key);
    if (kept && kept.until < Date.now()) store.delete(key);
    return store.get(key)?.payload;
  };
  return class {
    name: string;
    constructor(name: string) {
      this.name = name;
    }
    key(id: string) {
      return `${this.name}:${id}`;
    }
    async upsert(id: string, payload: Record<string, unknown>, expiresIn: number) {
      store.set(this.key(id), { payload, until: Date.now() + (expiresIn || 3600) * 1000 });
      const grantId = payload['grantId'];
      if (typeof grantId === 'string') grants.set(grantId, (grants.get(grantId) ?? new Set()).add(this.key(id)));
    }
    async find(id: string) {
      return live(this.key(id));
    }
    async findByUid(uid: string) {
      for (const [key, { payload }] of store)
        if (key.startsWith(`${this.name}:`) && payload['uid'] === uid) return live(key);
      return undefined;
    }
    async findByUserCode(code: string) {
      for (const [key, { payload }] of store)
        if (key.startsWith(`${this.name}:`) && payload['userCode'] === code) return live(key);
      return undefined;
    }
    async consume(id: string) {
      const kept = store.get(this.key(id));
      if (kept) kept.payload['consumed'] = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string) {
      store.delete(this.key(id));
    }
    async revokeByGrantId(grantId: string) {
      for (const key of grants.get(grantId) ?? []) store.delete(key);
      grants.delete(grantId);
    }
  };
}

/**
 * The staff's OpenID provider: the sandbox's at /sandbox/idp of the site, or the reference deployment's
 * stand-in (scripts/deploy-local/stand-ins.ts) with its second factor. Serve it with `provider.callback()`
 * with the issuer's path taken off the request's URL.
 */
export async function staffIdentityProvider({
  issuer,
  siteUrl,
  client,
  secondFactor,
}: ProviderOptions): Promise<Provider> {
  // Loaded at the provider's first request: no other process or test pays for it.
  const { default: OidcProvider } = await import('oidc-provider');
  const mountPath = new URL(issuer).pathname.replace(/\/$/, '');
  // Who gave the right password, by sign-in (interaction), until they give their code.
  const passwordGiven = new Map<string, { email: string; until: number }>();
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'sandbox-1', use: 'sig', alg: 'RS256' };
  const provider = new OidcProvider(issuer, {
    adapter: memoryAdapter() as never,
    clients: [
      {
        client_id: client.id,
        client_secret: client.secret,
        client_name: '48 staff console',
        redirect_uris: [`${siteUrl}/staff-sign-in/callback`],
        post_logout_redirect_uris: [`${siteUrl}/staff/signed-out`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [jwk as never] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    pkce: { required: () => true },
    scopes: ['openid', 'email', 'profile', 'roles'],
    // amr: the ID token tells the methods used (a password, and a code where there is a second factor).
    claims: {
      openid: ['sub', 'amr'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name'],
      roles: ['roles'],
    },
    conformIdTokenClaims: false,
    findAccount: (_ctx, id) => {
      const person = DEMO_STAFF.find((p) => p.email === id);
      if (!person) return undefined;
      return {
        accountId: id,
        claims: () => ({
          sub: id,
          email: person.email,
          email_verified: true,
          name: person.name,
          given_name: person.name.split(' ')[0],
          roles: person.role === ('none' as never) ? [] : [person.role],
        }),
      };
    },
    // The console is the operator's own application: it needs no consent screen.
    loadExistingGrant: async (ctx) => {
      const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId!,
      });
      grant.addOIDCScope('openid email profile roles');
      await grant.save();
      return grant;
    },
    interactions: { url: (_ctx, interaction) => `${mountPath}/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          ctx.body = await page(
            'Sign out (sandbox)',
            html`<h1>Sign out of 48’s staff sign-in?</h1>
              ${html([form] as unknown as TemplateStringsArray)}
              <button type="submit" form="op.logoutForm" value="yes" name="logout">Yes, sign me out</button>
              <button type="submit" form="op.logoutForm">No, stay signed in</button>`,
          );
        },
        postLogoutSuccessSource: async (ctx) => {
          ctx.body = await page('Signed out', html`<h1>You are signed out</h1>`);
        },
      },
    },
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      ctx.body = await page(
        'Sign-in error',
        html`<h1>Sign-in error</h1>
          <p>${out.error}: ${out.error_description ?? ''}</p>`,
      );
    },
    ttl: {
      Session: 8 * 3600,
      Interaction: 600,
      Grant: 8 * 3600,
      IdToken: 3600,
      AccessToken: 600,
      AuthorizationCode: 60,
    },
  });
  provider.proxy = true;
  // Reached at the issuer's path with that prefix taken off: the URLs it makes keep it.
  provider.use(async (ctx, next) => {
    ctx.mountPath = mountPath;
    return next();
  });
  // The sign-in page and its answer: the demo staff's e-mail and password, then the code where there is
  // a second factor; a session with `amr` pwd (and otp).
  provider.use(async (ctx, next) => {
    const match = /^\/interaction\/([A-Za-z0-9_-]+)$/.exec(ctx.path);
    if (!match) return next();
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    if (details.uid !== match[1]) ctx.throw(400, 'That sign-in has ended: start again from the console.');
    ctx.type = 'html';
    const finish = (email: string, amr: string[]) =>
      provider.interactionFinished(
        ctx.req,
        ctx.res,
        { login: { accountId: email, amr } },
        { mergeWithLastSubmission: false },
      );
    const waiting = passwordGiven.get(details.uid);
    if (waiting && waiting.until < Date.now()) passwordGiven.delete(details.uid);
    if (ctx.method === 'GET') {
      ctx.body =
        secondFactor && passwordGiven.has(details.uid)
          ? await codeForm(mountPath, details.uid, secondFactor.hint)
          : await signInForm(mountPath, details.uid);
      return;
    }
    if (ctx.method !== 'POST') ctx.throw(405);
    const form = await formOf(ctx);
    if (form.get('step') === 'code') {
      const given = passwordGiven.get(details.uid);
      if (!secondFactor || !given) {
        ctx.status = 400;
        ctx.body = await signInForm(mountPath, details.uid, 'Give your e-mail and password first.');
        return;
      }
      if (!secondFactor.check(given.email, (form.get('code') ?? '').replace(/\s/g, ''))) {
        ctx.status = 400;
        ctx.body = await codeForm(
          mountPath,
          details.uid,
          secondFactor.hint,
          'That code is not right: try the one shown now.',
        );
        return;
      }
      passwordGiven.delete(details.uid);
      await finish(given.email, ['pwd', 'otp']);
      return;
    }
    const email = (form.get('email') ?? '').trim().toLowerCase();
    const known = DEMO_STAFF.find((p) => p.email === email);
    if (!known || form.get('password') !== DEMO_STAFF_PASSWORD) {
      ctx.status = 400;
      ctx.body = await signInForm(
        mountPath,
        details.uid,
        'That e-mail and password do not match a member of staff.',
        email,
      );
      return;
    }
    if (!secondFactor) return finish(known.email, ['pwd']);
    // Kept as long as the sign-in itself (the interaction's 10 minutes); older ones go as a new one comes.
    for (const [uid, given] of passwordGiven) if (given.until < Date.now()) passwordGiven.delete(uid);
    passwordGiven.set(details.uid, { email: known.email, until: Date.now() + 600_000 });
    ctx.body = await codeForm(mountPath, details.uid, secondFactor.hint);
  });
  return provider;
}

async function start(siteUrl: string): Promise<Running> {
  const provider = await staffIdentityProvider({
    issuer: `${siteUrl}${SANDBOX_IDP_PATH}`,
    siteUrl,
    client: SANDBOX_CLIENT,
  });
  return new Promise((resolve, reject) => {
    const server = provider.listen(0, '127.0.0.1');
    server.once('listening', () => {
      server.unref();
      resolve({ port: (server.address() as AddressInfo).port, server });
    });
    server.once('error', reject);
  });
}

/** The provider of a site (one a process: its sessions live in its memory), started at its first request. */
function providerOf(siteUrl: string) {
  let p = running.get(siteUrl);
  if (!p) running.set(siteUrl, (p = start(siteUrl)));
  return p;
}

/**
 * A request to the provider, as the site's origin (X-Forwarded-* from SITE_URL, never the request's
 * Host): the app's /sandbox/idp/* routes, and the console's client when the provider is the sandbox's.
 */
export async function forwardToIdp(siteOrigin: string, request: Request): Promise<Response> {
  const site = new URL(siteOrigin);
  const { port } = await providerOf(site.origin);
  const url = new URL(request.url);
  const headers = new Headers(request.headers);
  headers.set('x-forwarded-proto', site.protocol.replace(':', ''));
  headers.set('x-forwarded-host', site.host);
  headers.delete('host');
  const answer = await fetch(`http://127.0.0.1:${port}${url.pathname.slice(SANDBOX_IDP_PATH.length)}${url.search}`, {
    method: request.method,
    headers,
    redirect: 'manual',
    ...(request.method === 'GET' || request.method === 'HEAD' ? {} : { body: await request.arrayBuffer() }),
  });
  const out = new Headers(answer.headers);
  out.delete('content-encoding');
  out.delete('content-length');
  out.delete('transfer-encoding');
  return new Response(answer.body, { status: answer.status, headers: out });
}

/** /sandbox/idp/*: the sandbox's provider, at the site's origin. */
export function sandboxIdpRoutes() {
  const app = new Hono<SandboxEnv>();
  app.all(`${SANDBOX_IDP_PATH}/*`, (c) => forwardToIdp(c.var.config.siteUrl, c.req.raw));
  return app;
}
