import { createConfig, lintFromString } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { nameRule } from '../../../src/contract/forms.schema.ts';
import { createApp } from '../../../src/server/app.ts';
import type { Database } from '../../../src/server/db/client.ts';
import { readdirSync } from 'node:fs';
import { ERROR_CODES } from '../../../src/contract/error-codes.schema.ts';
import { testConfig } from '../support/harness.ts';

/** Every failure (status, message, code) a contract module exports, in tables or tables of tables. */
async function contractFailures(): Promise<{ where: string; code: string; status: number }[]> {
  const found: { where: string; code: string; status: number }[] = [];
  const walk = (where: string, value: unknown, depth: number) => {
    if (!value || typeof value !== 'object' || depth > 3) return;
    const v = value as Record<string, unknown>;
    if (typeof v['status'] === 'number' && typeof v['message'] === 'string' && 'code' in v)
      return void found.push({ where, code: String(v['code']), status: v['status'] });
    for (const [k, inner] of Object.entries(v)) walk(`${where}.${k}`, inner, depth + 1);
  };
  for (const file of readdirSync('src/contract').filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const module = (await import(`../../../src/contract/${file}`)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) if (/Failures$/.test(name)) walk(`${file}:${name}`, value, 0);
  }
  return found;
}

/** The OpenAPI document is one a client generator can use: Redocly's recommended rules find nothing in it. */
describe('OpenAPI document', () => {
  // Describing the API reads no data, so no database is opened.
  const app = createApp({ db: {} as Database, config: testConfig() });
  const document = async () =>
    (await (await app.request('http://localhost:4321/panda/openapi.json')).json()) as {
      servers: { url: string }[];
      paths: Record<string, Record<string, { operationId?: string; security?: Record<string, string[]>[] }>>;
    };

  it('lists every error code of every failure table in its one error schema', async () => {
    const doc = (await document()) as unknown as {
      components: {
        schemas: Record<string, { properties: Record<string, { properties: Record<string, { enum?: string[] }> }> }>;
      };
    };
    const listed = doc.components.schemas['Error']!.properties['_payload']!.properties['code']!.enum ?? [];
    expect(listed).toEqual([...ERROR_CODES]);
    const failures = await contractFailures();
    expect(failures.length).toBeGreaterThan(100);
    for (const { where, code } of failures) {
      expect(listed, where).toContain(code);
      expect(code, where).toMatch(/^([a-z][A-Za-z]*\.[a-z][A-Za-z0-9]*|HTTP_ERROR|HTTP_TIMEOUT)$/);
    }
    // One code, one meaning: failures that share a code (flexible data's per action, a shared one) share the status.
    const statusOf = new Map<string, number>();
    for (const { where, code, status } of failures) {
      expect(statusOf.get(code) ?? status, where).toBe(status);
      statusOf.set(code, status);
    }
  });

  it('passes Redocly’s recommended lint with no error and no warning', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({
      source: JSON.stringify(await document()),
      absoluteRef: 'openapi.json',
      config,
    });
    // The spec's own paths, kept as it writes them (section 7): the send-free-SIM order ends in a
    // slash, and sim-limits sits beside authentication-removed/{email}. Nothing else is excused.
    const spec = [
      'error no-path-trailing-slash: `/panda/public/packs/campaign/mgm/` should not have a trailing slash. at #/paths/~1panda~1public~1packs~1campaign~1mgm~1',
      'warn no-ambiguous-paths: Paths should resolve unambiguously. Found two ambiguous paths: `/panda/public/users/{user_id}/sim-limits` and `/panda/public/users/authentication-removed/{email}`. at #/paths/~1panda~1public~1users~1authentication-removed~1{email}',
    ];
    expect(
      problems
        .map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ''}`)
        .filter((p) => !spec.includes(p)),
    ).toEqual([]);
  });

  it('publishes every pattern as an ECMA-262 expression under the u flag that means what the server checks', async () => {
    const text = JSON.stringify(await document());
    const patterns = new Set<string>();
    JSON.parse(text, (key, value: unknown) => {
      if (key === 'pattern' && typeof value === 'string') patterns.add(value);
      return value;
    });
    expect(patterns.size).toBeGreaterThan(5);
    for (const pattern of patterns) {
      expect(pattern, pattern).not.toMatch(/\/[dgimsuyv]+$/);
      expect(() => new RegExp(pattern, 'u'), pattern).not.toThrow();
    }
    // The name rule of every name field: real Irish names pass, as the server's own check lets them.
    const name = [...patterns].find((p) => p.includes('\\p{L}'))!;
    expect(name).toBe("^[\\p{L}\\p{M}' .-]+$");
    const published = new RegExp(name, 'u');
    const server = nameRule('firstname');
    for (const candidate of [
      'Aoife',
      'Ní Bhriain',
      "O'Brien-Smith",
      'Seán',
      'Máire Ó Súilleabháin',
      'St. John',
      'R2-D2',
      'a<b',
      'x@y',
      'Zoë_1',
    ]) {
      expect(published.test(candidate), candidate).toBe(server.safeParse(candidate).success);
    }
    for (const real of ['Aoife', 'Ní Bhriain', "O'Brien-Smith", 'Seán']) expect(published.test(real), real).toBe(true);
    for (const fake of ['R2-D2', 'a<b', 'x@y', '']) expect(published.test(fake), fake).toBe(false);
  });

  it('declares 415 on every operation with a body, and public ones answer it for a body of another type', async () => {
    const doc = (await document()) as unknown as {
      paths: Record<
        string,
        Record<
          string,
          { requestBody?: unknown; responses: Record<string, unknown>; security?: Record<string, string[]>[] }
        >
      >;
    };
    let answered = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        if (!op.requestBody) continue;
        expect(Object.keys(op.responses), `${method} ${path}`).toContain('415');
        if (Object.keys(op.security?.[0] ?? {}).length > 0 || path.includes('{')) continue;
        const res = await app.request(`http://localhost:4321${path}`, {
          method: method.toUpperCase(),
          headers: { 'content-type': 'text/plain', origin: 'http://localhost:4321' },
          body: 'hello',
        });
        expect(res.status, `${method} ${path}`).toBe(415);
        answered += 1;
      }
    }
    expect(answered).toBeGreaterThan(3);
  });

  it('names every operation, says which need the session, and where the server is', async () => {
    const doc = await document();
    expect(doc.servers[0]?.url).toBe('https://www.48.ie');
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ path, method, op })),
    );
    expect(operations.length).toBeGreaterThan(30);
    const ids = operations.map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { path, method, op } of operations) {
      // Two /panda/public calls go "with auth headers" (spec section 7): they need the session too.
      const publicWithSession = [
        '/panda/public/users/{user_id}/sim-limits',
        '/panda/public/packs/campaign/mgm/',
      ].includes(path);
      const member =
        (path.startsWith('/panda/protected/') && path !== '/panda/protected/users/current') || publicWithSession;
      // The staff console's endpoints: the staff session's cookie, and the permission each declares.
      const staff = path.startsWith('/panda/staff/');
      const needs = Object.keys(op.security?.[0] ?? {}).sort();
      expect(needs, `${method} ${path}`).toEqual(
        member
          ? method === 'get'
            ? ['ggAuth', 'ggBinding', 'ggTransaction']
            : ['ggAuth', 'ggBinding', 'ggTransaction', 'xsrfToken']
          : staff
            ? ['staffSession']
            : [],
      );
      if (staff) expect((op as { 'x-permission'?: string })['x-permission'], `${method} ${path}`).toBeTruthy();
    }
  });
});
