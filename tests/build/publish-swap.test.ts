import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../bench/api.ts';
import { helpTopic, publishAsSanity } from './publish.ts';
import { buildWorkDir } from './work-dir.ts';

/**
 * Publish → rebuild → swap with the real server and a real build (docs/product/operations.md): a publish
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
        const topic = helpTopic(content);
        const page = `${server.base}${topic.path}`;
        const heading = `Published at ${Date.now()}`;
        topic.edit(heading);
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
        expect((await publishAsSanity(server.base, secret)).status).toBe(202);
        await expect
          .poll(async () => (await fetch(page)).text(), { timeout: 180_000, interval: 500 })
          .toContain(heading);
        stop = true;
        await Promise.all(loops);
        expect(statuses.length).toBeGreaterThan(100);
        expect(statuses.filter((s) => s !== 200)).toEqual([]);
        // The run is recorded as it ends, a moment after the swap that the loop saw.
        const status = async () =>
          (
            await fetch(`${server.base}/panda/public/cms/status`, {
              headers: { authorization: 'Bearer test-editor-token-48' },
            })
          ).json();
        await expect.poll(status, { timeout: 10_000 }).toMatchObject({
          _payload: { building: false, runs: [{ trigger: 'publish of helpTopic helpTopic.x', result: 'ok' }] },
        });
      } finally {
        await server.stop();
      }
    },
  );
});
