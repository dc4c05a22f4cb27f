import { createConfig, lintFromString } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import type { Database } from '../../src/server/db/client.ts';
import { testConfig } from './harness.ts';

/** The OpenAPI document is one a client generator can use: Redocly's recommended rules find nothing in it. */
describe('OpenAPI document', () => {
  // Describing the API reads no data, so no database is opened.
  const app = createApp({ db: {} as Database, config: testConfig() });
  const document = async () => (await (await app.request('http://localhost:4321/panda/openapi.json')).json()) as {
    servers: { url: string }[];
    paths: Record<string, Record<string, { operationId?: string; security?: Record<string, string[]>[] }>>;
  };

  it('passes Redocly’s recommended lint with no error and no warning', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(await document()), absoluteRef: 'openapi.json', config });
    // The spec's own paths, kept as it writes them (section 7): the send-free-SIM order ends in a
    // slash, and sim-limits sits beside authentication-removed/{email}. Nothing else is excused.
    const spec = [
      'error no-path-trailing-slash: `/panda/public/packs/campaign/mgm/` should not have a trailing slash. at #/paths/~1panda~1public~1packs~1campaign~1mgm~1',
      'warn no-ambiguous-paths: Paths should resolve unambiguously. Found two ambiguous paths: `/panda/public/users/{user_id}/sim-limits` and `/panda/public/users/authentication-removed/{email}`. at #/paths/~1panda~1public~1users~1authentication-removed~1{email}',
    ];
    expect(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ''}`).filter((p) => !spec.includes(p))).toEqual([]);
  });

  it('names every operation, says which need the session, and where the server is', async () => {
    const doc = await document();
    expect(doc.servers[0]?.url).toBe('https://www.48.ie');
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method, op })));
    expect(operations.length).toBeGreaterThan(30);
    const ids = operations.map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { path, method, op } of operations) {
      // Two /panda/public calls go "with auth headers" (spec section 7): they need the session too.
      const publicWithSession = ['/panda/public/users/{user_id}/sim-limits', '/panda/public/packs/campaign/mgm/'].includes(path);
      const member = (path.startsWith('/panda/protected/') && path !== '/panda/protected/users/current') || publicWithSession;
      const needs = Object.keys(op.security?.[0] ?? {}).sort();
      expect(needs, `${method} ${path}`).toEqual(member ? (method === 'get' ? ['ggAuth', 'ggBinding', 'ggTransaction'] : ['ggAuth', 'ggBinding', 'ggTransaction', 'xsrfToken']) : []);
    }
  });
});
