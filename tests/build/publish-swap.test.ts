import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { encodeSignatureHeader } from '@sanity/webhook';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../bench/api.ts';
import { buildWorkDir } from './work-dir.ts';

/**
 * Publish → rebuild → swap with the real server and a real build (operations.md): a publish
 * signed the way Sanity signs it, the site built aside and swapped in while a loop of requests
 * runs; every request is answered 200 and the edit is live after, with no restart.
 */
const work = buildWorkDir('portal-publish-');
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('publish → rebuild → swap', () => {
  it(
    'a signed publish rebuilds and swaps the site while a loop of requests sees only 200s',
    { timeout: 240_000 },
    async () => {
      const content = join(work, 'content');
      cpSync('content', content, { recursive: true });
      const secret = 'test-webhook-secret-48';
      const server = await startServer({
        CONTENT_DIR: content,
        DATA_DIR: join(work, 'data'),
        DATABASE_URL: 'memory://',
        SANITY_WEBHOOK_SECRET: secret,
        CMS_EDITOR_TOKEN: 'test-editor-token-48',
      });
      try {
        const file = readdirSync(join(content, 'help')).find((f) => f.endsWith('.md'))!;
        const page = `${server.base}/help/${file.replace(/\.md$/, '')}`;
        const heading = `Published at ${Date.now()}`;
        writeFileSync(
          join(content, 'help', file),
          readFileSync(join(content, 'help', file), 'utf8').replace(/^heading: .*$/m, `heading: "${heading}"`),
        );
        expect(await (await fetch(page)).text()).not.toContain(heading);

        const statuses: number[] = [];
        let stop = false;
        const loop = async () => {
          while (!stop)
            for (const path of [page, `${server.base}/`, `${server.base}/panda/health`])
              statuses.push(
                await fetch(path).then(
                  async (r) => (await r.arrayBuffer(), r.status),
                  () => 0,
                ),
              );
        };
        const loops = [loop(), loop()];
        const body = JSON.stringify({ _id: 'helpTopic.x', _type: 'helpTopic' });
        const res = await fetch(`${server.base}/panda/public/cms/publish`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'sanity-webhook-signature': await encodeSignatureHeader(body, Date.now(), secret),
          },
          body,
        });
        expect(res.status).toBe(202);
        await expect
          .poll(async () => (await fetch(page)).text(), { timeout: 180_000, interval: 500 })
          .toContain(heading);
        stop = true;
        await Promise.all(loops);
        expect(statuses.length).toBeGreaterThan(100);
        expect(statuses.filter((s) => s !== 200)).toEqual([]);
        const status = await (
          await fetch(`${server.base}/panda/public/cms/status`, {
            headers: { authorization: 'Bearer test-editor-token-48' },
          })
        ).json();
        expect(status).toMatchObject({
          _payload: { building: false, runs: [{ trigger: 'publish of helpTopic helpTopic.x', result: 'ok' }] },
        });
      } finally {
        await server.stop();
      }
    },
  );
});
