import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { request } from 'node:https';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeCertificate } from '../../setup/push-service.ts';

/**
 * The reference deployment's stand-ins (scripts/deploy-local/stand-ins.ts) as someone else on the
 * network meets them: found by a review, they served every mail kept (password-reset links) and the
 * network's controls (down, settle) over https on every interface. Now what the stack calls listens
 * on the address the containers use, and the mails and the controls on loopback only. Started here
 * on 127.0.0.2 as "the machine's address", with a certificate made for it.
 */
const HOST = '127.0.0.2';
let child: ChildProcess | undefined;
let ports: { https: number; smtp: number; local: number };
let cert: Buffer;

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** An https request to the stand-ins' stack door, trusting their certificate. */
const overHttps = (method: string, path: string, host = HOST, body?: string) =>
  new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = request(
      {
        host,
        port: ports.https,
        path,
        method,
        ca: cert,
        servername: HOST,
        headers: body ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => (text += String(chunk)));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });

const reachable = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

beforeAll(async () => {
  const tls = makeCertificate(mkdtempSync(join(tmpdir(), 'stand-ins-')), HOST);
  cert = readFileSync(tls.cert);
  ports = { https: await freePort(), smtp: await freePort(), local: await freePort() };
  child = spawn(process.execPath, ['scripts/deploy-local/stand-ins.ts'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      STAND_INS_HOST: HOST,
      STAND_INS_HTTP_PORT: String(ports.https),
      STAND_INS_SMTP_PORT: String(ports.smtp),
      STAND_INS_LOCAL_PORT: String(ports.local),
      STAND_INS_SITE_URL: 'https://localhost:1',
      STAND_INS_NETWORK_EVENT_SECRET: 'stand-ins-test-network-event-secret-0000',
      STAND_INS_NETWORK_CLIENT_ID: 'portal-test',
      STAND_INS_NETWORK_CLIENT_SECRET: 'a-client-secret-of-this-stack',
      STAND_INS_STAFF_CLIENT_ID: 'portal-test-staff',
      STAND_INS_STAFF_CLIENT_SECRET: 'a-staff-client-secret-of-this-stack',
      STAND_INS_TLS_KEY: tls.key,
      STAND_INS_TLS_CERT: tls.cert,
    },
  });
  for (let i = 0; i < 100; i++) {
    const up = await fetch(`http://127.0.0.1:${ports.local}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the stand-ins did not start');
}, 30_000);

afterAll(() => {
  child?.kill('SIGTERM');
});

it('mail and the network’s controls answer on loopback only; the stack’s door serves only what the stack calls', async () => {
  // A mail the portal sends (a password-reset link, say) reaches the sink on the containers' address.
  await nodemailer.createTransport({ host: HOST, port: ports.smtp, secure: false, ignoreTLS: true }).sendMail({
    from: 'hello@localhost',
    to: 'member@example.org',
    subject: 'Reset',
    text: 'https://localhost/forgot-password?token=x',
  });
  // Not on every interface: nothing listens on the https or SMTP port at another address.
  expect(await reachable('127.0.0.1', ports.https)).toBe(false);
  expect(await reachable('127.0.0.1', ports.smtp)).toBe(false);
  expect(await reachable(HOST, ports.local)).toBe(false);
  // Someone at the stack's door: no mails, no controls, no page.
  for (const [method, path] of [
    ['GET', '/mails'],
    ['GET', '/mails?to=member%40example.org'],
    ['POST', '/sandbox/network/settle'],
    ['POST', '/sandbox/network/down'],
    ['POST', '/sandbox/network/orders/x/complete'],
    ['GET', '/sandbox/network'],
    ['POST', '/sandbox/usage'],
    ['POST', '/sandbox/network/tmf-api/../down'],
    ['GET', '/staff-codes'],
  ] as const)
    expect([method, path, (await overHttps(method, path)).status]).toEqual([method, path, 404]);
  // What the stack calls is there: the card provider, and the network's OAuth with this stack's client only.
  expect((await overHttps('POST', '/v1/checkouts', HOST, 'amount=10.00&paymentType=DB')).status).toBe(200);
  // The staff's provider, its issuer at the containers' address; the codes on loopback only.
  const discovery = await overHttps('GET', '/idp/.well-known/openid-configuration');
  expect(JSON.parse(discovery.text)).toMatchObject({ issuer: `https://${HOST}:${ports.https}/idp` });
  const codes = (await (await fetch(`http://127.0.0.1:${ports.local}/staff-codes`)).json()) as { code: string }[];
  expect(codes.every((c) => /^[0-9]{6}$/.test(c.code))).toBe(true);
  const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
  const token = (authorization: string) =>
    fetch(`http://127.0.0.1:${ports.local}/sandbox/network/oauth/token`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    }).then((r) => r.status);
  expect(await token(basic('portal-test', 'a-client-secret-of-this-stack'))).toBe(200);
  expect(await token(basic('portal-sandbox', 'sandbox-network-client-secret'))).toBe(401);
  expect((await overHttps('GET', '/sandbox/network/tmf-api/serviceInventory/v4/service')).status).toBe(401);
  // On loopback, this machine's person and tests read the mail and use the controls.
  const mails = (await (await fetch(`http://127.0.0.1:${ports.local}/mails?to=member%40example.org`)).json()) as {
    subject: string;
  }[];
  expect(mails.map((m) => m.subject)).toEqual(['Reset']);
  expect((await fetch(`http://127.0.0.1:${ports.local}/sandbox/network/settle`, { method: 'POST' })).status).toBe(200);
});
