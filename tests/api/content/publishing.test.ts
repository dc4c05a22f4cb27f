import { mkdirSync } from 'node:fs';
import { encodeSignatureHeader } from '@sanity/webhook';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { cmsFailures, cmsMessages } from '../../../src/contract/cms.schema.ts';
import { requestFailures } from '../../../src/contract/common-failures.ts';
import { createApp } from '../../../src/server/app.ts';
import { openDatabase } from '../../../src/server/db/client.ts';
import { createRebuilder, REPLAY_WINDOW_MS, type Publishing } from '../../../src/server/publishing.ts';
import { errorAnswer, pgliteTemplate, testConfig } from '../support/harness.ts';
import { staffApi, staffFailures } from '../../../src/contract/staff.schema.ts';
import { createStaffSession } from '../../../src/server/seed/staff.ts';
import { ok, refused, send } from '../support/client.ts';

/** Publish → rebuild (docs/product/operations.md) at the API: Sanity's signature, the editors' token, one build at a time. */

const SECRET = 'whsec-test-secret-48';
const TOKEN = 'editor-token-for-tests';
const handle = await openDatabase('memory://', { pgliteTemplate: await pgliteTemplate() });

/** A build that waits until the test lets it finish (or fail). */
function controlledBuilds() {
  const started: { outDir: string; finish(ok: boolean): void }[] = [];
  const build = (outDir: string) =>
    new Promise<{ ok: boolean; output: string }>((resolve) =>
      started.push({
        outDir,
        finish: (ok) => {
          // A finished build is a folder of the site (what a rollback puts live again).
          if (ok) mkdirSync(outDir, { recursive: true });
          resolve({
            ok,
            output: ok ? 'built' : 'InvalidContentEntryDataError: plans → x: price_cents: Expected number',
          });
        },
      }),
    );
  return { started, build };
}

function setup(options: Partial<Publishing> = { webhookSecret: SECRET, editorToken: TOKEN }) {
  const builds = controlledBuilds();
  const swapped: string[] = [];
  const rebuilder = createRebuilder({
    dataDir: `node_modules/.cache/publishing-test-${Math.random().toString(36).slice(2)}`,
    live: 'dist',
    log: pino({ level: 'silent' }),
    build: builds.build,
    swap: async (dir) => void swapped.push(dir),
  });
  const clock = { now: Date.now() };
  const app = createApp({
    db: handle.db,
    config: testConfig(),
    clock: () => new Date(clock.now),
    publishing: { rebuilder, ...options },
  });
  return { app, builds, swapped, rebuilder, clock };
}

const body = JSON.stringify({ _id: 'helpTopic.top-ups', _type: 'helpTopic' });
const publish = async (app: ReturnType<typeof createApp>, signature?: string, raw = body) =>
  app.request('/panda/public/cms/publish', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { 'sanity-webhook-signature': signature } : {}) },
    body: raw,
  });
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('POST /panda/public/cms/publish', () => {
  it('a publish signed as Sanity signs it queues a build: 202', async () => {
    const { app, builds, clock } = setup();
    const res = await publish(app, await encodeSignatureHeader(body, clock.now, SECRET));
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ _payload: { message: cmsMessages.queued, building: true, queued: false } });
    expect(builds.started).toHaveLength(1);
  });

  it('refuses with 401 and builds nothing: no signature, another secret, a changed body, a malformed header, older than 5 minutes or from the future', async () => {
    const { app, builds, clock } = setup();
    const cases = [
      undefined,
      await encodeSignatureHeader(body, clock.now, 'another-secret'),
      await encodeSignatureHeader(body.replace('top-ups', 'other'), clock.now, SECRET),
      'v1=abc,t=1',
      `t=${clock.now},v1=`,
      await encodeSignatureHeader(body, clock.now - REPLAY_WINDOW_MS - 1000, SECRET),
      await encodeSignatureHeader(body, clock.now + REPLAY_WINDOW_MS + 1000, SECRET),
    ];
    for (const signature of cases) {
      const res = await publish(app, signature);
      expect(res.status, String(signature)).toBe(401);
      expect(await res.json()).toEqual(errorAnswer(cmsFailures.badSignature));
    }
    // Just inside the window is fine.
    expect(
      (await publish(app, await encodeSignatureHeader(body, clock.now - REPLAY_WINDOW_MS + 5000, SECRET))).status,
    ).toBe(202);
    expect(builds.started).toHaveLength(1);
  });

  it('without SANITY_WEBHOOK_SECRET the webhook is not there: 404, nothing built', async () => {
    const { app, builds, clock } = setup({ editorToken: TOKEN });
    const res = await publish(app, await encodeSignatureHeader(body, clock.now, SECRET));
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual(errorAnswer(requestFailures.notFound));
    expect(builds.started).toHaveLength(0);
  });
});

describe('the rebuilder', () => {
  it('one build at a time: a burst of publishes during a build becomes one more build after it', async () => {
    const { app, builds, swapped, rebuilder, clock } = setup();
    const sign = () => encodeSignatureHeader(body, clock.now, SECRET);
    for (let i = 0; i < 5; i++) expect((await publish(app, await sign())).status).toBe(202);
    expect(builds.started).toHaveLength(1);
    expect(rebuilder.status()).toMatchObject({ building: true, queued: true });
    builds.started[0]!.finish(true);
    await expect.poll(() => builds.started.length).toBe(2);
    expect(swapped).toEqual([builds.started[0]!.outDir]);
    builds.started[1]!.finish(true);
    await rebuilder.idle();
    expect(builds.started).toHaveLength(2);
    expect(swapped).toEqual([builds.started[0]!.outDir, builds.started[1]!.outDir]);
    expect(rebuilder.status()).toMatchObject({ building: false, queued: false, live: builds.started[1]!.outDir });
    expect(rebuilder.status().runs.map((r) => r.result)).toEqual(['ok', 'ok']);
  });

  it('a failed build keeps the live site and says why', async () => {
    const { app, builds, swapped, rebuilder, clock } = setup();
    await publish(app, await encodeSignatureHeader(body, clock.now, SECRET));
    builds.started[0]!.finish(false);
    await rebuilder.idle();
    await tick();
    expect(swapped).toEqual([]);
    const [run] = rebuilder.status().runs;
    expect(run).toMatchObject({ result: 'failed', trigger: 'publish of helpTopic helpTopic.top-ups' });
    expect(run!.error).toContain('price_cents');
    expect(rebuilder.status().live).toBe('dist');
  });
});

describe('the editors’ token', () => {
  it('status and rebuild by hand need it (401 without, 503 when none is set)', async () => {
    const { app, builds } = setup();
    expect((await app.request('/panda/public/cms/status')).status).toBe(401);
    expect(
      (await app.request('/panda/public/cms/status', { headers: { authorization: 'Bearer wrong-token-000000' } }))
        .status,
    ).toBe(401);
    const status = await app.request('/panda/public/cms/status', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(status.status).toBe(200);
    expect(await status.json()).toEqual({ _payload: { building: false, queued: false, live: 'dist', runs: [] } });
    const rebuild = await app.request('/panda/public/cms/rebuild', {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(rebuild.status).toBe(202);
    expect(builds.started).toHaveLength(1);
    const none = setup({ webhookSecret: SECRET });
    expect(
      (await none.app.request('/panda/public/cms/status', { headers: { authorization: `Bearer ${TOKEN}` } })).status,
    ).toBe(503);
  });

  it('the status page asks the browser for the token and lists the builds', async () => {
    const { app, builds, rebuilder } = setup();
    const ask = await app.request('/cms/status');
    expect(ask.status).toBe(401);
    expect(ask.headers.get('www-authenticate')).toContain('Basic realm="48 editors"');
    await app.request('/panda/public/cms/rebuild', { method: 'POST', headers: { authorization: `Bearer ${TOKEN}` } });
    builds.started[0]!.finish(true);
    await rebuilder.idle();
    const page = await app.request('/cms/status', {
      headers: { authorization: `Basic ${Buffer.from(`editor:${TOKEN}`).toString('base64')}` },
    });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<h1>Publishing status</h1>');
    expect(html).toMatch(/<td>rebuild by hand<\/td>\s*<td>\s*ok/);
    expect(page.headers.get('cache-control')).toBe('no-store');
  });

  it('an editor in the staff console: twenty rebuilds at once are one build after the running one; an earlier build goes live again', async () => {
    const { app, builds, rebuilder, swapped } = setup({ webhookSecret: SECRET });
    const editor = await createStaffSession(handle.db, new Date(), 'editor');
    const agent = await createStaffSession(handle.db, new Date(), 'agent');
    const as = (s: { cookie: string }) => ({
      headers: { cookie: s.cookie, origin: 'https://www.48.ie', 'idempotency-key': crypto.randomUUID() },
    });
    await refused(app, staffApi.rebuild, as(agent), staffFailures.notPermitted);
    const asked = await Promise.all(Array.from({ length: 20 }, () => send(app, staffApi.rebuild, as(editor))));
    expect(await Promise.all(asked.map(async (r) => `${r.status} ${r.status === 202 ? '' : await r.text()}`))).toEqual(
      Array(20).fill('202 '),
    );
    // One build now, one more after it: twenty asks are two builds.
    expect(builds.started).toHaveLength(1);
    builds.started[0]!.finish(true);
    await tick();
    await tick();
    expect(builds.started).toHaveLength(2);
    builds.started[1]!.finish(true);
    await rebuilder.idle();
    const status = await ok(app, staffApi.builds, as(editor));
    expect(status._payload.runs.map((r) => r.result)).toEqual(['ok', 'ok']);
    const [live, earlier] = status._payload.kept;
    expect(live).toMatchObject({ live: true });
    expect(earlier).toMatchObject({ live: false });
    await refused(app, staffApi.rollback, { body: { build: live!.id }, ...as(editor) }, staffFailures.noBuild);
    const back = await ok(app, staffApi.rollback, { body: { build: earlier!.id }, ...as(editor) });
    expect(back._payload.message).toBe(`Build ${earlier!.id} is live again.`);
    expect(back._payload.kept.find((b) => b.live)?.id).toBe(earlier!.id);
    expect(swapped.at(-1)).toContain(earlier!.id);
    // Twenty at once while nothing runs: one goes live, the others find it live already or a run under way.
    const again = await Promise.all(
      Array.from({ length: 20 }, () => send(app, staffApi.rollback, { body: { build: live!.id }, ...as(editor) })),
    );
    expect(again.filter((r) => r.status === 200)).toHaveLength(1);
  });
});
