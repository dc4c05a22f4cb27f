import { mkdtempSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { requestFailures } from '../../../src/contract/common-failures.ts';
import { chatFailures } from '../../../src/contract/chat.schema.ts';
import { cmsFailures } from '../../../src/contract/cms.schema.ts';
import { helpdeskFailures } from '../../../src/contract/helpdesk.schema.ts';
import { networkFailures } from '../../../src/contract/network.schema.ts';
import { DEVELOPMENT_NETWORK_SECRET } from '../../../src/server/modules/network/index.ts';
import { networkSignature } from '../../../src/server/modules/network/integrations/network/signature.ts';
import { supportApi } from '../../../src/contract/support.schema.ts';
import { createApp } from '../../../src/server/app.ts';
import { listenerSecret, startWarnings } from '../../../src/server/app-config.ts';
import { networkEvents, outbox, sims, tickets } from '../../../src/server/db/schema.ts';
import { readEnv } from '../../../src/server/env.ts';
import { SIGNED_BODY_MAX_BYTES } from '../../../src/server/http/signed.ts';
import { createRebuilder } from '../../../src/server/publishing.ts';
import { createMember, type BuiltMember } from '../support/builders.ts';
import { ok } from '../support/client.ts';
import { SANITY_SECRET, SIGNED_ENDPOINTS } from '../support/signed.ts';
import {
  forEachDatabase,
  TEST_CHAT_WEBHOOK_SECRET,
  TEST_HELPDESK_WEBHOOK_SECRET,
  TEST_NETWORK_EVENT_SECRET,
  withCheckedErrors,
  type TestContext,
} from '../support/harness.ts';

/**
 * Every signed endpoint (a webhook another system calls) goes through one guard (http/signed.ts):
 * whatever the content type, nothing reaches the route without a good signature over the raw body;
 * a type other than application/json is refused before anything parses it; without a secret the
 * endpoint is not there. Found by a review: the help desk's webhook checked the signature only for
 * `application/json`, and its validator took any `application/*+json`, so anyone could write an
 * agent's answer into a member's complaint, close it or move its due date.
 */

/** The media types a client may send: JSON as it should be, JSON under other names, and others. */
const JSON_TYPES = ['application/json', 'application/json; charset=utf-8', 'Application/JSON'];
const OTHER_TYPES = [
  'application/vnd.zendesk+json',
  'application/x+json',
  'application/merge-patch+json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/jsonx',
  undefined,
];

/** The app with publishing configured and a rebuilder that counts the builds asked for. */
function appWith(
  c: TestContext,
  secrets: {
    helpdesk?: string | undefined;
    sanity?: string | undefined;
    network?: string | undefined;
    chat?: string | undefined;
  },
) {
  const builds: string[] = [];
  const rebuilder = createRebuilder({
    dataDir: '/tmp/portal-signed-endpoints',
    live: 'dist',
    log: pino({ level: 'silent' }),
    build: async () => ({ ok: false, output: 'not built here' }),
    swap: async () => {},
  });
  const request = rebuilder.request.bind(rebuilder);
  rebuilder.request = (what: string) => {
    builds.push(what);
    request(what);
  };
  const app = withCheckedErrors(
    createApp({
      db: c.handle.db,
      config: {
        ...c.config,
        helpdeskWebhookSecret: secrets.helpdesk,
        chatWebhookSecret: secrets.chat,
        network: { eventSecret: secrets.network, sandboxDelayMs: null },
      },
      clock: () => c.clock.now,
      publishing: { rebuilder, webhookSecret: secrets.sanity, editorToken: 'editor-token-for-signed-tests' },
    }),
  );
  return { app, builds };
}

/** A member's complaint, raised from my48 → Support: its reference and due day. */
const complaintOf = async (c: TestContext, m: BuiltMember, message: string) =>
  (
    await ok(c.app, supportApi.raiseComplaint, {
      session: m.session,
      params: { user_id: m.userId },
      body: { message },
    })
  )._payload;

const post = (app: ReturnType<typeof appWith>['app'], path: string, body: string, headers: Record<string, string>) =>
  app.request(path, { method: 'POST', headers, body });
const answer = async (res: Response) => [
  res.status,
  ((await res.json()) as { _payload: { code: string } })._payload.code,
];

forEachDatabase('signed-endpoints', { seed: 'catalogue' }, (ctx) => {
  it('every signed endpoint: unsigned JSON is 401, any other type 415 even when signed, a good signature on JSON passes', async () => {
    const c = ctx();
    const m = await createMember(c);
    const { reference } = await complaintOf(c, m, 'I was charged twice this month. Please refund one of them.');
    const { app, builds } = appWith(c, {
      helpdesk: TEST_HELPDESK_WEBHOOK_SECRET,
      sanity: SANITY_SECRET,
      network: TEST_NETWORK_EVENT_SECRET,
      chat: TEST_CHAT_WEBHOOK_SECRET,
    });
    const bodies: Record<string, string> = {
      "the mobile network's listener": JSON.stringify({
        eventId: 'signed-endpoints-1',
        eventTime: c.clock.now.toISOString(),
        eventType: 'UsageCreateEvent',
        event: {
          usage: {
            id: 'u-1',
            usageDate: c.clock.now.toISOString(),
            usageType: 'data',
            usageCharacteristic: [
              { name: 'msisdn', value: m.msisdn },
              { name: 'volumeKb', value: 2048 },
            ],
          },
        },
      }),
      "the help desk's webhook": JSON.stringify({
        external_id: reference,
        comment_id: '900',
        step: 'close',
        body: 'Closed: see https://evil.example/refund',
      }),
      "the CMS's publish webhook": JSON.stringify({ _id: 'helpTopic.x', _type: 'helpTopic' }),
      "the chat desk's webhook": JSON.stringify({
        event: 'message_created',
        id: 77,
        content: 'Your account is locked: log in at https://evil.example',
        message_type: 'outgoing',
        conversation: { id: 4242 },
      }),
    };
    const refusals = {
      "the help desk's webhook": helpdeskFailures.badSignature.code,
      "the CMS's publish webhook": cmsFailures.badSignature.code,
      "the mobile network's listener": networkFailures.badSignature.code,
      "the chat desk's webhook": chatFailures.badSignature.code,
    } as Record<string, string>;
    for (const e of SIGNED_ENDPOINTS) {
      const body = bodies[e.name]!;
      const signature = await e.sign(body, c.clock.now);
      for (const type of JSON_TYPES) {
        const unsigned = await post(app, e.path, body, { 'content-type': type });
        expect([e.name, type, ...(await answer(unsigned))]).toEqual([e.name, type, 401, refusals[e.name]]);
        const forged = await post(app, e.path, body, {
          'content-type': type,
          ...(await e.sign(body, new Date(c.clock.now.getTime() - 3_600_000))),
        });
        expect([e.name, type, forged.status]).toEqual([e.name, type, 401]);
      }
      for (const type of OTHER_TYPES) {
        const headers: Record<string, string> = type ? { 'content-type': type } : {};
        for (const sent of [headers, { ...headers, ...signature }]) {
          const res = await post(app, e.path, body, sent);
          expect([e.name, type, ...(await answer(res))]).toEqual([e.name, type, 415, 'request.unsupportedMediaType']);
        }
      }
    }
    // Nothing reached either: the complaint is as it was, nobody was mailed an agent's step, no build.
    const [complaint] = await c.handle.db.select().from(tickets).where(eq(tickets.reference, reference));
    expect(complaint!.state).toBe('acknowledged');
    const mails = await c.handle.db.select().from(outbox).where(eq(outbox.to, m.email));
    expect(mails.map((x) => x.subject)).toEqual([`Your complaint to 48: ${reference}`]);
    expect(builds).toEqual([]);
    expect(await c.handle.db.select().from(networkEvents)).toEqual([]);
    // Signed JSON passes the guard, with a charset too.
    for (const e of SIGNED_ENDPOINTS) {
      const body = bodies[e.name]!;
      const res = await post(app, e.path, body, {
        'content-type': 'application/json; charset=utf-8',
        ...(await e.sign(body, c.clock.now)),
      });
      expect([e.name, res.status]).toEqual([e.name, e.name === "the CMS's publish webhook" ? 202 : 200]);
    }
    expect(builds).toHaveLength(1);
    expect((await c.handle.db.select().from(networkEvents)).map((e) => e.eventId)).toEqual(['signed-endpoints-1']);
    const [closed] = await c.handle.db.select().from(tickets).where(eq(tickets.reference, reference));
    expect(closed!.state).toBe('closed');
  });

  it('the webhook moves no due date and clears nothing for anyone unsigned, whatever the type', async () => {
    const c = ctx();
    const m = await createMember(c);
    const { reference, due_on } = await complaintOf(c, m, 'My data stopped working on Friday and nobody has fixed it.');
    for (const type of ['application/vnd.zendesk+json', 'application/x+json', 'application/json'])
      for (const step of [
        { step: 'update', body: 'We need more time.', due_on: '2027-01-20' },
        { step: 'response', body: 'Sorted: click https://evil.example to claim.' },
      ]) {
        const res = await c.app.request('/panda/public/helpdesk/events', {
          method: 'POST',
          headers: { 'content-type': type },
          body: JSON.stringify({ external_id: reference, comment_id: `${type}-${step.step}`, ...step }),
        });
        expect(res.status).toBeGreaterThanOrEqual(400);
      }
    const [t] = await c.handle.db.select().from(tickets).where(eq(tickets.reference, reference));
    expect([t!.state, t!.dueOn, t!.respondedAt]).toEqual(['acknowledged', due_on, null]);
  });

  it('unsigned, a reference that exists answers exactly as one that does not', async () => {
    const c = ctx();
    const m = await createMember(c);
    const { reference } = await complaintOf(c, m, 'The roaming charges on my bill are wrong, please check them.');
    for (const type of ['application/json', 'application/vnd.zendesk+json']) {
      const ask = async (external_id: string) => {
        const res = await c.app.request('/panda/public/helpdesk/events', {
          method: 'POST',
          headers: { 'content-type': type },
          body: JSON.stringify({ external_id, comment_id: '1', step: 'close', body: '' }),
        });
        return [res.status, await res.json()];
      };
      expect(await ask(reference)).toEqual(await ask('48-C-999999'));
    }
  });

  it('without a secret the webhook is not there: 404 for every type, signed or not', async () => {
    const c = ctx();
    const { app, builds } = appWith(c, {});
    for (const e of SIGNED_ENDPOINTS)
      for (const type of [...JSON_TYPES, ...OTHER_TYPES]) {
        const body = '{"_type":"helpTopic"}';
        const res = await post(app, e.path, body, {
          ...(type ? { 'content-type': type } : {}),
          ...(await e.sign(body, c.clock.now)),
        });
        expect([e.name, type, ...(await answer(res))]).toEqual([e.name, type, 404, requestFailures.notFound.code]);
      }
    expect(builds).toEqual([]);
  });
  /** The listener's secret as a start with these settings makes it (main.ts: readEnv, then appConfigOf). */
  const startedWith = (settings: Record<string, string>) => {
    const env = readEnv({ DATA_DIR: mkdtempSync(join(tmpdir(), 'signed-env-')), ...settings });
    const vapid = { publicKey: '', privateKey: '', subject: 'mailto:ops@48.ie', source: 'env' };
    return { secret: listenerSecret(env), warnings: startWarnings(env, vapid) };
  };
  const portOut = (c: TestContext, msisdn: string) =>
    JSON.stringify({
      eventId: `port-out-${msisdn}`,
      eventTime: c.clock.now.toISOString(),
      eventType: 'PortOutEvent',
      event: { msisdn: `353${msisdn.slice(1)}` },
    });

  it('the published development secret moves nothing where the sandboxes are off: the listener is not there, and the start says so', async () => {
    const c = ctx();
    const m = await createMember(c);
    // An https SITE_URL names a public host: sandboxes off, and no NETWORK_EVENT_SECRET set.
    const onPublicHost = startedWith({ SITE_URL: 'https://portal.example' });
    expect(onPublicHost.secret).toBeUndefined();
    expect(
      onPublicHost.warnings.some((w) => w.startsWith('NETWORK_EVENT_SECRET is not set: the network listener')),
    ).toBe(true);
    const { app } = appWith(c, { network: onPublicHost.secret });
    const body = portOut(c, m.msisdn);
    const res = await post(app, '/panda/network/listener', body, {
      'content-type': 'application/json',
      'x-network-signature': networkSignature(DEVELOPMENT_NETWORK_SECRET, body, c.clock.now.getTime()),
    });
    expect(await answer(res)).toEqual([404, requestFailures.notFound.code]);
    const [sim] = await c.handle.db.select().from(sims).where(eq(sims.ssn, m.ssn));
    expect(sim!.msisdn).toBe(m.msisdn);
    expect(await c.handle.db.select().from(networkEvents)).toEqual([]);
    // SANDBOX=false on a plain http address: the same.
    expect(startedWith({ SANDBOX: 'false' }).secret).toBeUndefined();
    // Where the sandboxes answer (trying the portal), the sandbox network signs with it and is heard;
    // a secret that is set is always the one.
    const trying = startedWith({});
    expect(trying.secret).toBe(DEVELOPMENT_NETWORK_SECRET);
    expect(trying.warnings.some((w) => w.startsWith('NETWORK_EVENT_SECRET'))).toBe(false);
    expect(
      startedWith({ SITE_URL: 'https://portal.example', NETWORK_EVENT_SECRET: TEST_NETWORK_EVENT_SECRET }).secret,
    ).toBe(TEST_NETWORK_EVENT_SECRET);
    const heard = await post(appWith(c, { network: trying.secret }).app, '/panda/network/listener', body, {
      'content-type': 'application/json',
      'x-network-signature': networkSignature(DEVELOPMENT_NETWORK_SECRET, body, c.clock.now.getTime()),
    });
    expect(heard.status).toBe(200);
  });

  it("through Node's own server (where the body is read from the socket, not a Request): the same answers, signed or not, declared, streamed or over the limit", async () => {
    const c = ctx();
    const m = await createMember(c);
    const { app, builds } = appWith(c, {
      helpdesk: TEST_HELPDESK_WEBHOOK_SECRET,
      sanity: SANITY_SECRET,
      network: TEST_NETWORK_EVENT_SECRET,
      chat: TEST_CHAT_WEBHOOK_SECRET,
    });
    const server = createServer(getRequestListener(app.fetch));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    /** A POST as a client sends it: with its length declared, or in chunks without one. */
    const send = (path: string, chunks: (string | Buffer)[], headers: Record<string, string>, chunked = false) =>
      new Promise<[number, string]>((resolve, reject) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port,
            path,
            method: 'POST',
            headers: chunked
              ? headers
              : { ...headers, 'content-length': String(chunks.reduce((n, x) => n + Buffer.byteLength(x), 0)) },
          },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (d: string) => (text += d));
            res.on('end', () => resolve([res.statusCode!, text]));
          },
        );
        req.on('error', reject);
        for (const chunk of chunks) req.write(chunk);
        req.end();
      });
    const codeOf = (text: string) => (JSON.parse(text) as { _payload: { code?: string } })._payload.code;
    try {
      const event = JSON.stringify({
        eventId: 'node-server-1',
        eventTime: c.clock.now.toISOString(),
        eventType: 'PortOutEvent',
        event: { msisdn: `353${m.msisdn.slice(1)}`, note: 'Grüße: ä, 💡' },
      });
      const listener = SIGNED_ENDPOINTS.find((e) => e.path === '/panda/network/listener')!;
      const json = { 'content-type': 'application/json' };
      // Signed (non-ASCII bytes split across chunks too): heard once.
      const bytes = Buffer.from(event);
      // Cut inside the emoji's four bytes.
      const half = bytes.indexOf(Buffer.from('💡')) + 2;
      const signedHeaders = { ...json, ...(await listener.sign(event, c.clock.now)) };
      expect((await send(listener.path, [event], signedHeaders))[0]).toBe(200);
      const split = await send(listener.path, [bytes.subarray(0, half), bytes.subarray(half)], signedHeaders, true);
      expect(split[0]).toBe(200);
      expect(JSON.parse(split[1])._payload.outcome).toBe('duplicate');
      // Unsigned, forged or wrongly typed: refused as through the app.
      for (const e of SIGNED_ENDPOINTS) {
        const [status, text] = await send(e.path, [event], json);
        expect([e.name, status]).toEqual([e.name, 401]);
        expect(codeOf(text)).toMatch(/badSignature|invalidSignature|signature/i);
        expect(
          (await send(e.path, [event], { 'content-type': 'text/plain', ...(await e.sign(event, c.clock.now)) }))[0],
        ).toBe(415);
        // Over the limit, declared (even signed) or in chunks without a length: 413.
        const big = JSON.stringify({ padding: 'x'.repeat(SIGNED_BODY_MAX_BYTES) });
        const declared = await send(e.path, [big], { ...json, ...(await e.sign(big, c.clock.now)) });
        expect([e.name, declared[0], codeOf(declared[1])]).toEqual([e.name, 413, 'request.tooLarge']);
        const streamed = await send(
          e.path,
          Array.from({ length: 8 }, () => 'x'.repeat(64 * 1024)),
          json,
          true,
        );
        expect([e.name, streamed[0], codeOf(streamed[1])]).toEqual([e.name, 413, 'request.tooLarge']);
        // Just under it, unsigned: read whole, and refused for its signature.
        const under = JSON.stringify({ padding: 'x'.repeat(SIGNED_BODY_MAX_BYTES - 20) });
        expect([e.name, (await send(e.path, [under], json, true))[0]]).toEqual([e.name, 401]);
      }
      expect(builds).toEqual([]);
      expect((await c.handle.db.select().from(networkEvents)).map((e) => e.eventId)).toEqual(['node-server-1']);
      const [sim] = await c.handle.db.select().from(sims).where(eq(sims.ssn, m.ssn));
      expect(sim!.msisdn).not.toBe(m.msisdn);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('every signed endpoint refuses a body over 256 KB with 413 before reading it for a signature, declared or streamed', async () => {
    const c = ctx();
    const { app, builds } = appWith(c, {
      helpdesk: TEST_HELPDESK_WEBHOOK_SECRET,
      sanity: SANITY_SECRET,
      network: TEST_NETWORK_EVENT_SECRET,
      chat: TEST_CHAT_WEBHOOK_SECRET,
    });
    expect(SIGNED_BODY_MAX_BYTES).toBe(256 * 1024);
    const big = JSON.stringify({ padding: 'x'.repeat(SIGNED_BODY_MAX_BYTES) });
    const streamed = () =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
          for (let i = 0; i < 8; i++) controller.enqueue(chunk);
          controller.close();
        },
      });
    for (const e of SIGNED_ENDPOINTS) {
      // Even signed: the size is refused before the signature is looked at.
      const signed = await post(app, e.path, big, {
        'content-type': 'application/json',
        ...(await e.sign(big, c.clock.now)),
      });
      expect([e.name, ...(await answer(signed))]).toEqual([e.name, 413, 'request.tooLarge']);
      const unsigned = await app.request(e.path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: streamed(),
        duplex: 'half',
      } as RequestInit);
      expect([e.name, ...(await answer(unsigned))]).toEqual([e.name, 413, 'request.tooLarge']);
      // Just under the limit, unsigned: read and refused for its signature.
      const under = JSON.stringify({ padding: 'x'.repeat(SIGNED_BODY_MAX_BYTES - 20) });
      const res = await post(app, e.path, under, { 'content-type': 'application/json' });
      expect([e.name, res.status]).toEqual([e.name, 401]);
    }
    expect(builds).toEqual([]);
    expect(await c.handle.db.select().from(networkEvents)).toEqual([]);
  });
});
