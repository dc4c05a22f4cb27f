import { mkdtempSync, statSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../../src/server/app.ts';
import { createMetrics } from '../../../src/server/metrics.ts';
import { freePort } from '../../setup/free-port.ts';
import { signIn, startServer } from '../../bench/api.ts';
import { createMember } from '../support/builders.ts';
import { call, forEachDatabase } from '../support/harness.ts';
import { quietReadiness } from '../support/ready.ts';

/** Running it (docs/product/operations.md): readiness apart from liveness, metrics, kept secrets, a graceful SIGTERM. */

forEachDatabase('operations', { seed: 'catalogue', rateLimit: undefined }, (ctx) => {
  it('readiness: 200 when ready; 503 with the reason while shutting down or when a migration is missing', async () => {
    expect(await (await ctx().app.request('/panda/ready')).json()).toEqual(quietReadiness('not configured'));
    let draining = false;
    const app = createApp({ db: ctx().handle.db, config: ctx().config, lifecycle: { draining: () => draining } });
    expect((await app.request('/panda/ready')).status).toBe(200);
    draining = true;
    const res = await app.request('/panda/ready');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'not ready', reason: 'shutting down' });
    // With SMTP configured, ready only while the mail server answered in the last 5 minutes (docs/product/production.md).
    let mail: 'ok' | 'unreachable' = 'ok';
    const withMail = createApp({
      db: ctx().handle.db,
      config: ctx().config,
      lifecycle: { draining: () => false, mail: () => mail },
    });
    expect(await (await withMail.request('/panda/ready')).json()).toEqual(quietReadiness('ok'));
    mail = 'unreachable';
    const noMail = await withMail.request('/panda/ready');
    expect([noMail.status, await noMail.json()]).toEqual([
      503,
      { status: 'not ready', reason: 'mail server unreachable' },
    ]);
    // Liveness does not change with it: the process is alive while it drains.
    expect((await app.request('/panda/health')).status).toBe(200);

    // A database restored from before the newest migration: not ready (and ready again once it is applied).
    const db = ctx().handle.db;
    const [newest] = (
      (await db.execute(
        sql`select id, hash, created_at::text as created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
      )) as unknown as { rows: { id: number; hash: string; created_at: string }[] }
    ).rows;
    await db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${newest!.id}`);
    try {
      const behind = await ctx().app.request('/panda/ready');
      expect(behind.status).toBe(503);
      expect(await behind.json()).toEqual({ status: 'not ready', reason: 'migrations pending' });
    } finally {
      await db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${newest!.id}, ${newest!.hash}, ${newest!.created_at}::bigint)`,
      );
    }
    expect((await ctx().app.request('/panda/ready')).status).toBe(200);
  });

  it('metrics count answers by route pattern (never the raw path) and status', async () => {
    const metrics = createMetrics();
    const app = createApp({ db: ctx().handle.db, config: ctx().config, metrics });
    const { session: s } = await createMember({ ...ctx(), app });
    await call(app, s, `/panda/protected/users/${s.userId}/segments`);
    await call(app, s, `/panda/protected/users/${s.userId}/segments`);
    await app.request('/panda/protected/users/1/segments');
    const text = await metrics.registry.metrics();
    expect(text).toContain(
      'portal_http_request_duration_seconds_count{method="GET",route="/panda/protected/users/:user_id/segments",status="200"} 2',
    );
    expect(text).toMatch(/portal_http_request_duration_seconds_count\{method="GET",route="[^"]*",status="401"\} 1/);
    expect(text).not.toContain(`/users/${s.userId}/`);
    expect(text).toContain('process_resident_memory_bytes');
  });
});

// The product as shipped: `npm start`'s process on its embedded database with the demo members,
// so a demo member (a contract of docs/product/demo-accounts.md) signs in here, not a built one.
describe('the server process', () => {
  it(
    'keeps its secrets, serves metrics apart, drains on SIGTERM and keeps sessions across a restart',
    { timeout: 120_000 },
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'operations-'));
      const metricsPort = await freePort();
      const env = {
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        API_ONLY: 'true',
        METRICS_PORT: String(metricsPort),
        SESSION_SECRET: '',
        HELPDESK_SECRET: '',
        CAPTCHA_HMAC_KEY: '',
        NODE_ENV: '',
      };
      const first = await startServer(env);
      let exitCode: number | null = null;
      first.child.once('exit', (code) => (exitCode = code));
      const member = await signIn(first.base, 'active@example.com');
      const summary = `${first.base}/panda/protected/users/${member.userId}/sims/${member.ssn}/balance/summary/current`;

      const ready = await fetch(`${first.base}/panda/ready`);
      expect(ready.status).toBe(200);
      // Idle connections outlive a proxy's own (60 s): it is never the server that closes one under a request.
      expect(ready.headers.get('keep-alive')).toBe('timeout=65');
      expect(statSync(join(dataDir, 'secrets.json')).mode & 0o777).toBe(0o600);

      // Metrics on their own address, not on the public one.
      expect((await fetch(`${first.base}/metrics`)).status).toBe(404);
      await expect
        .poll(async () => (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text(), { timeout: 20_000 })
        .toMatch(/portal_job_runs_total\{job="renewals",result="ok"\} [1-9]/);
      const page = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
      expect(page).toContain('route="/panda/protected/users/:user_id/sims/owned",status="200"');
      expect(page).toContain('portal_http_requests_in_flight');

      // SIGTERM while 10 writes are in flight (their bodies still arriving, so they cannot finish
      // before the signal): every one is answered and done, then the process exits 0.
      const body = JSON.stringify({
        email: false,
        sms: true,
        phone: false,
        post: false,
        social: true,
        social_preference: 'Snapchat',
      });
      const head = [
        `PUT /panda/protected/users/${member.userId}/marketing-permissions HTTP/1.1`,
        `host: ${new URL(first.base).host}`,
        'content-type: application/json',
        `content-length: ${Buffer.byteLength(body)}`,
        ...Object.entries(member.headers).map(([k, v]) => `${k}: ${v}`),
        '',
        '',
      ].join('\r\n');
      const sockets = await Promise.all(
        Array.from(
          { length: 10 },
          () =>
            new Promise<Socket>((resolve, reject) => {
              const socket = connect(Number(new URL(first.base).port), '127.0.0.1', () => resolve(socket));
              socket.once('error', reject);
            }),
        ),
      );
      const answers = sockets.map(
        (socket) =>
          new Promise<string>((resolve) => {
            let text = '';
            socket.on('data', (chunk) => (text += String(chunk)));
            socket.on('close', () => resolve(text));
            socket.on('error', () => resolve(text));
          }),
      );
      for (const socket of sockets) socket.write(head + body.slice(0, 10));
      const held = async () =>
        Number(
          /^portal_http_requests_in_flight (\d+)/m.exec(
            await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text(),
          )?.[1],
        );
      await expect.poll(held, { timeout: 10_000, interval: 20 }).toBe(10);
      first.child.kill('SIGTERM');
      // Once it has begun to stop it takes no new connection; the requests it holds then finish.
      const refuses = () =>
        new Promise<boolean>((resolve) => {
          const probe = connect(Number(new URL(first.base).port), '127.0.0.1');
          probe.once('connect', () => {
            probe.destroy();
            resolve(false);
          });
          probe.once('error', () => resolve(true));
        });
      await expect.poll(refuses, { timeout: 10_000, interval: 20 }).toBe(true);
      for (const socket of sockets) socket.write(body.slice(10));
      const statuses = (await Promise.all(answers)).map((text) => text.split('\r\n')[0]);
      expect(statuses).toEqual(Array.from({ length: 10 }, () => 'HTTP/1.1 200 OK'));
      await expect.poll(() => exitCode, { timeout: 30_000 }).toBe(0);
      // New connections are refused once it has begun to stop.
      await expect(fetch(`${first.base}/panda/health`)).rejects.toThrow();

      // Started again on the same data: the same session goes on, a write's XSRF token included.
      const second = await startServer(env);
      try {
        const again = summary.replace(first.base, second.base);
        expect((await fetch(again, { headers: { ...member.headers, origin: second.base } })).status).toBe(200);
        // The writes drained at the SIGTERM are there.
        const saved = await fetch(`${second.base}/panda/protected/users/${member.userId}/marketing-permissions`, {
          headers: { ...member.headers, origin: second.base },
        });
        expect(JSON.stringify(await saved.json())).toMatch(/"sms":true/);
        const write = await fetch(`${second.base}/panda/protected/users/${member.userId}/marketing-permissions`, {
          method: 'PUT',
          headers: { ...member.headers, origin: second.base, 'content-type': 'application/json' },
          body: JSON.stringify({
            email: true,
            sms: false,
            phone: false,
            post: false,
            social: true,
            social_preference: 'Snapchat',
          }),
        });
        expect(write.status).toBe(200);
      } finally {
        await second.stop();
      }
    },
  );
});
