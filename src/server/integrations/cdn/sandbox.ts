import { desc } from 'drizzle-orm';
import { Hono } from 'hono';
import { html } from 'hono/html';
import { cdnPurges } from '../../db/schema.ts';
import { pageTable, sandboxPage } from '../../http/sandbox-page.ts';
import type { SandboxEnv } from '../integration.ts';
import type { RecordedPurge } from './index.ts';

/**
 * /sandbox/cdn: what a CDN in front would have been asked to purge after each publish (the keys of
 * the files a release changed, http/cache-policy.ts), as the sandbox CDN received it, and the purge
 * queue's rows (waiting for every instance, retried, done).
 */
export function cdnSandboxRoutes(adapter: { recorded: RecordedPurge[] }) {
  const app = new Hono<SandboxEnv>();
  app.get('/sandbox/cdn', async (c) => {
    const queue = await c.var.db.select().from(cdnPurges).orderBy(desc(cdnPurges.id)).limit(20);
    return c.html(
      sandboxPage(
        'CDN sandbox',
        html`<h1>CDN sandbox</h1>
          <p>
            No CDN is connected (CDN_PROVIDER), so this sandbox stands in for one. Pages carry their keys in
            Surrogate-Key and Cache-Tag; after an editor's publish, the keys of every file the release changed are
            purged here once every instance serves it.
          </p>
          <h2>Purges received</h2>
          ${
            adapter.recorded.length === 0
              ? html`<p>None since this server started.</p>`
              : pageTable(
                  'Purges received by the sandbox CDN, newest first',
                  ['When', 'Keys'],
                  adapter.recorded.map(
                    (p) =>
                      html`<tr>
                        <td>${p.at.toISOString()}</td>
                        <td>${p.keys.join(' ')}</td>
                      </tr>`,
                  ),
                )
          }
          <h2>Purge queue</h2>
          ${
            queue.length === 0
              ? html`<p>No release has asked for a purge yet.</p>`
              : pageTable(
                  'Purges asked for by releases, newest first',
                  ['Release', 'Keys', 'Asked', 'Tries', 'Done', 'Last error'],
                  queue.map(
                    (p) =>
                      html`<tr>
                        <td>${p.build}</td>
                        <td>${p.keys.length}</td>
                        <td>${p.createdAt.toISOString()}</td>
                        <td>${p.attempts}</td>
                        <td>${p.doneAt ? p.doneAt.toISOString() : 'not yet'}</td>
                        <td>${p.lastError ?? ''}</td>
                      </tr>`,
                  ),
                )
          }`,
      ),
    );
  });
  return app;
}
