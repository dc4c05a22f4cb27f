import { execFileSync } from 'node:child_process';
import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decrypt } from 'http_ece';

/**
 * A stand-in push service (docs/product/phone.md: "the push service stood in for"): an https server that takes
 * Web Push requests as FCM or autopush would, checks the VAPID signature (RFC 8292) and decrypts the
 * aes128gcm body (RFC 8291, with `http_ece`) with the device's own keys, keeping what arrived. Its
 * devices are made here (a P-256 key pair and an auth secret each), as a browser makes them.
 * Control routes for browser tests: GET /devices/<name> (the subscription), GET /received/<name>.
 */
export interface Delivery {
  device: string;
  message: unknown;
  /** The VAPID public key the request was signed with (checked). */
  vapidKey: string;
  ttl: string | undefined;
}

export interface PushService {
  origin: string;
  /** A device's subscription, as PushSubscription.toJSON() gives it. A device named `gone…` answers 410. */
  device(name: string): { endpoint: string; keys: { p256dh: string; auth: string } };
  received(name?: string): Delivery[];
  /** Every request path that reached the service (to check what was never contacted). */
  contacted: string[];
  close(): Promise<void>;
}

/** A certificate for localhost and 127.0.0.1, or another address (openssl): its files, for the server and NODE_EXTRA_CA_CERTS. */
export function makeCertificate(
  dir = mkdtempSync(join(tmpdir(), 'push-')),
  ip = '127.0.0.1',
): { cert: string; key: string } {
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      `subjectAltName=DNS:localhost,IP:${ip}`,
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  return { cert, key };
}

/** Checks `Authorization: vapid t=<JWT>, k=<public key>`: ES256 by that key, for this origin, not expired. */
function vapidKeyOf(header: string | undefined, origin: string): string | undefined {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) return undefined;
  const [, jwt, k] = match as unknown as [string, string, string];
  const [head, body, signature] = jwt.split('.');
  if (!head || !body || !signature) return undefined;
  const point = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const good = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { aud?: string; exp?: number };
  if (!good || claims.aud !== origin || !claims.exp || claims.exp * 1000 < Date.now()) return undefined;
  return k;
}

export async function startPushService({
  port = 0,
  host = '127.0.0.1',
  hostname = 'localhost',
  tls = makeCertificate(),
}: {
  port?: number;
  host?: string;
  hostname?: string;
  tls?: { cert: string; key: string };
} = {}): Promise<PushService> {
  const devices = new Map<string, { ecdh: ECDH; auth: string }>();
  const deliveries: Delivery[] = [];
  const contacted: string[] = [];
  let origin = '';
  const deviceOf = (name: string) => {
    let d = devices.get(name);
    if (!d) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      d = { ecdh, auth: randomBytes(16).toString('base64url') };
      devices.set(name, d);
    }
    return d;
  };
  const subscription = (name: string) => {
    const d = deviceOf(name);
    return {
      endpoint: `${origin}/push/${name}`,
      keys: { p256dh: d.ecdh.getPublicKey().toString('base64url'), auth: d.auth },
    };
  };
  const server: Server = createServer({ cert: readFileSync(tls.cert), key: readFileSync(tls.key) }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', origin).pathname;
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
        res.end(JSON.stringify(body));
      };
      const [, kind, name = ''] = path.split('/');
      if (req.method === 'GET' && kind === 'devices') return json(200, subscription(name));
      if (req.method === 'GET' && kind === 'received')
        return json(
          200,
          deliveries.filter((d) => d.device === name),
        );
      if (req.method === 'GET' && path === '/') return json(200, { ok: true });
      contacted.push(path);
      if (req.method !== 'POST' || kind !== 'push') return json(404, { error: 'no such subscription' });
      if (name.startsWith('gone')) return json(410, { error: 'subscription expired' });
      const vapidKey = vapidKeyOf(req.headers.authorization, origin);
      if (!vapidKey) return json(401, { error: 'bad VAPID' });
      if (req.headers['content-encoding'] !== 'aes128gcm') return json(415, { error: 'aes128gcm only' });
      const d = devices.get(name);
      if (!d) return json(404, { error: 'no such subscription' });
      let message: unknown;
      try {
        message = JSON.parse(
          decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: d.ecdh, authSecret: d.auth }).toString(
            'utf8',
          ),
        );
      } catch {
        return json(400, { error: 'could not decrypt' });
      }
      deliveries.push({ device: name, message, vapidKey, ttl: req.headers['ttl'] as string | undefined });
      json(201, {});
    });
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const address = server.address();
  origin = `https://${hostname}:${typeof address === 'object' && address ? address.port : port}`;
  return {
    origin,
    device: subscription,
    received: (name) => (name === undefined ? [...deliveries] : deliveries.filter((d) => d.device === name)),
    contacted,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
