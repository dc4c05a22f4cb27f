import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../../src/server/db/client.ts';
import { ledger, members, products, simStock } from '../../../src/server/db/schema.ts';
import { catalogue } from '../../../src/server/seed/catalogue.ts';
import { createApp } from '../../../src/server/app.ts';
import { seedCatalogue } from '../../../src/server/seed/seed.ts';
import { productionSettings } from '../../../src/server/production-settings.fixture.ts';
import { irishHourOf } from '../../../src/contract/irish-time.ts';
import { RECONCILE_HOURS } from '../../../src/server/modules/network/network.job.ts';
import { signIn, startServer } from '../../bench/api.ts';
import { BUILT_PASSWORD, createMember, type BuiltMember } from '../support/builders.ts';
import { freshPostgresDatabase, solveCaptcha, testConfig } from '../support/harness.ts';
import { mailSink } from '../../setup/mail-sink.ts';
import { quietReadiness } from '../support/ready.ts';

/**
 * docs/product/production.md, tested without containers: two server processes on one PostgreSQL database behind
 * a trusted proxy address (loopback), and production mode as an operator starts it. PostgreSQL only.
 */
const url = process.env['TEST_DATABASE_URL'];
const secrets = { SESSION_SECRET: 's'.repeat(40), HELPDESK_SECRET: 'h'.repeat(40), CAPTCHA_HMAC_KEY: 'c'.repeat(40) };
const captchaOf = (base: string) => solveCaptcha({ request: (path: string) => fetch(`${base}${path}`) } as never);

describe.skipIf(!url)('two instances on one PostgreSQL database', () => {
  let handle: DatabaseHandle;
  let servers: Awaited<ReturnType<typeof startServer>>[] = [];
  let renewed: BuiltMember;
  let active: BuiltMember;
  beforeAll(async () => {
    const database = await freshPostgresDatabase(url!, 'topology');
    handle = await openDatabase(database);
    await seedCatalogue(handle.db);
    const builder = { app: createApp({ db: handle.db, config: testConfig() }), handle, clock: { now: new Date() } };
    // A membership with auto-renew that ended an hour ago: both instances find it due at start.
    renewed = await createMember(builder, {
      creditCents: 2000,
      membership: { sku: 'BDDT00', endedHoursAgo: 1, usedGb: 22, recurrence: true },
    });
    active = await createMember(builder, { creditCents: 750, membership: { sku: 'BDDT00', daysLeft: 12 } });
    const shared = {
      DATABASE_URL: database,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'topology-')),
      API_ONLY: 'true',
      TRUST_PROXY: 'loopback',
      LOGIN_RATE_LIMIT_PER_IP: '6',
      ...secrets,
      NODE_ENV: '',
    };
    servers = await Promise.all([startServer(shared), startServer(shared)]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await handle?.close();
  });

  it('a renewal due at start is applied once, though both instances ran their jobs', async () => {
    await expect
      .poll(
        async () =>
          (
            await handle.db
              .select()
              .from(ledger)
              .where(and(eq(ledger.ssn, renewed.ssn), eq(ledger.kind, 'renewal')))
          ).length,
        { timeout: 20_000 },
      )
      .toBe(1);
    await new Promise((r) => setTimeout(r, 1000));
    expect(
      await handle.db
        .select()
        .from(ledger)
        .where(and(eq(ledger.ssn, renewed.ssn), eq(ledger.kind, 'renewal'))),
    ).toHaveLength(1);
  });

  it('a session opened on one instance works on the other, and ends on both', async () => {
    const [a, b] = servers as [Awaited<ReturnType<typeof startServer>>, Awaited<ReturnType<typeof startServer>>];
    const member = await signIn(a.base, active.email, BUILT_PASSWORD);
    // Behind one load balancer both answer for one origin; here each has its own, so say the one asked.
    const on = (base: string) => ({ ...member.headers, origin: base });
    const summary = (base: string) =>
      fetch(`${base}/panda/protected/users/${member.userId}/sims/${member.ssn}/balance/summary/current`, {
        headers: on(base),
      });
    expect((await summary(b.base)).status).toBe(200);
    expect((await fetch(`${b.base}/panda/protected/logout/users`, { headers: on(b.base) })).status).toBe(200);
    expect((await summary(a.base)).status).toBe(401);
  });

  it('the log-in limit counts the forwarded client address on both instances together', async () => {
    // A new address each try, so the per-account limit (5 failures) is not what stops them.
    const attempt = (base: string, client: string, i: number) =>
      fetch(`${base}/panda/public/users/current`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
        body: JSON.stringify({ username: `nobody${i}@example.com`, password: 'wrong-1' }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await attempt(servers[i % 2]!.base, '198.51.100.20', i)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429, 429]);
    // Another visitor behind the same proxy is not locked out.
    expect((await attempt(servers[0]!.base, '198.51.100.21', 9)).status).toBe(401);
  });
});

describe.skipIf(!url)('production mode (NODE_ENV=production)', () => {
  const smtp = mailSink();
  const received = smtp.received;
  let database = '';
  let smtpUrl = '';
  beforeAll(async () => {
    smtpUrl = await smtp.listen();
    database = await freshPostgresDatabase(url!, 'production_mode');
  }, 60_000);
  afterAll(smtp.close);

  const production = () => ({
    ...productionSettings,
    ...secrets,
    NODE_ENV: 'production',
    DATABASE_URL: database,
    SMTP_URL: smtpUrl,
    TRUST_PROXY: 'loopback',
    API_ONLY: 'true',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'production-')),
    SITE_URL: 'https://www.48.ie',
  });

  /** Starts the server and answers its exit code and what it wrote to stderr, for a start that must fail. */
  const refusedStart = (env: Record<string, string | undefined>) =>
    new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const merged: Record<string, string | undefined> = { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env };
      for (const [key, value] of Object.entries(merged)) if (value === undefined || value === '') delete merged[key];
      const child = spawn(process.execPath, ['src/server/main.ts'], {
        env: merged,
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk) => (stderr += String(chunk)));
      child.once('exit', (code) => resolve({ code, stderr }));
    });

  it('exits 1 before listening, naming the setting, without SMTP_URL or with SANDBOX=true', async () => {
    const noMail = await refusedStart({ ...production(), SMTP_URL: '' });
    expect(noMail.code).toBe(1);
    expect(noMail.stderr).toContain('SMTP_URL must be set when NODE_ENV=production');
    const sandbox = await refusedStart({ ...production(), SANDBOX: 'true' });
    expect(sandbox.code).toBe(1);
    expect(sandbox.stderr).toContain('SANDBOX=true is not allowed with NODE_ENV=production');
  }, 60_000);

  it('starts on PostgreSQL with no sandbox and no demo member; a sign-up through a trusted https proxy gets Secure cookies, HSTS and its code by SMTP', async () => {
    const server = await startServer(production());
    try {
      const proxy = {
        'x-forwarded-for': '198.51.100.30',
        'x-forwarded-proto': 'https',
        'x-forwarded-host': 'www.48.ie',
        origin: 'https://www.48.ie',
      };
      expect((await fetch(`${server.base}/sandbox/mail`)).status).toBe(404);
      expect((await fetch(`${server.base}/sandbox/payments/widget.js?checkoutId=x`)).status).toBe(404);
      const demo = await fetch(`${server.base}/panda/public/users/current`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...proxy },
        body: JSON.stringify({ username: 'active@example.com', password: 'Demo-48-pass' }),
      });
      expect(demo.status).toBe(401);
      const check = await openDatabase(database);
      try {
        expect(await check.db.select().from(members)).toHaveLength(0);
        // The products the code sells are written at start (activations and purchases refer to them),
        // though nothing of the demo is.
        const skus = (await check.db.select({ sku: products.sku }).from(products)).map((p) => p.sku);
        expect(skus.sort()).toEqual(catalogue.map((p) => p.sku).sort());
        expect(await check.db.select().from(simStock)).toHaveLength(0);
      } finally {
        await check.close();
      }
      const email = 'first.member@example.com';
      const signUp = await fetch(`${server.base}/panda/public/users`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...proxy },
        body: JSON.stringify({
          email,
          password: 'New-member-2026',
          firstname: 'Aoife',
          lastname: 'Ní Bhriain',
          captcha: await captchaOf(server.base),
        }),
      });
      expect(signUp.status).toBe(201);
      expect(signUp.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      const cookies = signUp.headers.getSetCookie();
      expect(cookies.length).toBeGreaterThan(0);
      for (const cookie of cookies) expect(cookie).toMatch(/; Secure/);
      const started = Date.now();
      await expect.poll(() => received.find((m) => m.to === email), { timeout: 10_000 }).toBeTruthy();
      expect(Date.now() - started).toBeLessThan(10_000);
      const mail = received.find((m) => m.to === email)!;
      expect(mail.text).toContain('https://www.48.ie/sign-up?verify=');
      const code = /verification code is (\d{6})/.exec(mail.text)![1]!;
      const { _payload } = (await signUp.json()) as { _payload: { account: { user_id: number } } };
      const session = cookies.map((c) => c.split(';')[0]!);
      const xsrf = session.find((c) => c.startsWith('XSRF-TOKEN='))!.slice('XSRF-TOKEN='.length);
      const verify = await fetch(
        `${server.base}/panda/protected/users/${_payload.account.user_id}/email/verify/${code}?force=true`,
        {
          method: 'POST',
          headers: {
            ...proxy,
            'x-gg-auth': signUp.headers.get('x-gg-auth')!,
            'x-gg-transaction': 'production-test',
            cookie: session.join('; '),
            'x-xsrf-token': xsrf,
          },
        },
      );
      expect(verify.status).toBe(200);
      expect(
        ((await verify.json()) as { _payload: { account: { is_verified: boolean } } })._payload.account.is_verified,
      ).toBe(true);
      const ready = (await (await fetch(`${server.base}/panda/ready`)).json()) as {
        network: { last_error?: string };
      };
      // The network settings name an MVNE this test has none of; nothing was ordered from it yet. In
      // the night's reconciliation hours (from 03:00 Irish time, on the real clock here) the start asks
      // it for its inventory, and that failure is the one error said.
      const { last_error: reconciliation, ...network } = ready.network;
      expect({ ...ready, network }).toEqual(quietReadiness('ok'));
      // No identity provider set: the staff console is off, and the sandbox's provider is not there.
      expect((await fetch(`${server.base}/staff-sign-in`, { redirect: 'manual' })).status).toBe(503);
      expect((await fetch(`${server.base}/sandbox/idp/.well-known/openid-configuration`)).status).toBe(404);
      expect((await fetch(`${server.base}/panda/staff/me`, { headers: proxy })).status).toBe(401);
      if (!RECONCILE_HOURS.includes(irishHourOf(new Date()))) expect(reconciliation).toBeUndefined();
    } finally {
      await server.stop();
    }
  }, 90_000);
});
