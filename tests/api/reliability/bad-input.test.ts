import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { expect, it } from 'vitest';
import type { Database } from '../../../src/server/db/client.ts';
import * as schema from '../../../src/server/db/schema.ts';
import { BUILT_PASSWORD, createMember } from '../support/builders.ts';
import { call, forEachDatabase } from '../support/harness.ts';

/**
 * Every table of the schema, read from the schema itself: a new table is covered without a word here.
 * But the rate-limit counters: they count refused requests too, which is their job.
 */
const tables = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable) && value !== schema.rateLimits)
  .map((table) => getTableName(table));

it('the snapshot covers every table of the schema', () => {
  expect(tables).toEqual(
    expect.arrayContaining(['members', 'sessions', 'sim_stock', 'port_in_requests', 'captcha_solutions', 'ledger']),
  );
  expect(tables.length).toBe(new Set(tables).size);
});

/** Every table's row count and a digest of its rows: equal before and after means nothing changed. */
async function snapshot(db: Database): Promise<string> {
  const parts: string[] = [];
  for (const table of tables) {
    const result = await db.execute(
      sql.raw(
        `select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from "${table}" t`,
      ),
    );
    const row = (result as unknown as { rows: { n: number; h: string }[] }).rows[0]!;
    parts.push(`${table}:${row.n}:${row.h}`);
  }
  return parts.join(',');
}

const nasty = [
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  'x'.repeat(5000),
  '1; DROP TABLE members',
];

forEachDatabase('bad_input', { seed: 'catalogue', rateLimit: undefined }, (ctx) => {
  it('log-in: missing, wrong-typed, too long and hostile bodies get 400 with a message and change nothing', async () => {
    const { email } = await createMember(ctx());
    const before = await snapshot(ctx().handle.db);
    const bodies: [string, string][] = [
      ['application/json', ''],
      ['application/json', '{'],
      ['application/json', '{}'],
      ['application/json', JSON.stringify({ username: email })],
      ['application/json', JSON.stringify({ password: 'x' })],
      ['application/json', JSON.stringify({ username: 42, password: 'x' })],
      ['application/json', JSON.stringify({ username: email, password: ['a'] })],
      ['application/json', JSON.stringify({ username: `${'a'.repeat(250)}@example.com`, password: 'x' })],
      ['application/json', JSON.stringify({ username: email, password: 'p'.repeat(201) })],
      ['text/plain', `username=${email}&password=${BUILT_PASSWORD}`],
      ...nasty.map((n): [string, string] => ['application/json', JSON.stringify({ username: n, password: n })]),
    ];
    for (const [type, body] of bodies) {
      const res = await ctx().app.request('/panda/public/users/current', {
        method: 'POST',
        headers: { 'content-type': type },
        body,
      });
      expect(res.status, `${type} ${body.slice(0, 60)}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${type} ${body.slice(0, 60)}`).toBeLessThan(500);
      const json = await res.json();
      expect(typeof json._payload.message).toBe('string');
      expect(json._payload.message.length).toBeGreaterThan(5);
    }
    expect(await snapshot(ctx().handle.db)).toBe(before);
  });

  it('protected reads: bad path and query parameters get 4xx with a message, never data or a 500', async () => {
    const { session: s } = await createMember(ctx(), { creditCents: 750 });
    const before = await snapshot(ctx().handle.db);
    const paths = [
      ...nasty.map((n) => `/panda/protected/users/${encodeURIComponent(n)}/segments`),
      ...nasty.map((n) => `/panda/protected/users/${s.userId}/sims/${encodeURIComponent(n)}/balance/summary/current`),
      `/panda/protected/users/${s.userId}/sims/123/balance/summary/current`,
      `/panda/protected/users/99999999999/segments`,
      `/panda/protected/users/-1/segments`,
      ...['0', '-3', 'abc', '1.5', '99999999', "1' OR '1'='1"].map(
        (p) => `/panda/protected/users/${s.userId}/transactions?page=${encodeURIComponent(p)}`,
      ),
      ...['0', '101', 'ten', '<script>'].map(
        (l) => `/panda/protected/users/${s.userId}/transactions?limit=${encodeURIComponent(l)}`,
      ),
      `/panda/protected/users/${s.userId}/extras/firstlogin?first_login=maybe`,
      `/panda/protected/users/${s.userId}/extras/firstlogin`,
      `/panda/public/users/abc`,
    ];
    for (const path of paths) {
      const method = path.includes('firstlogin') ? 'PUT' : 'GET';
      const res = await call(ctx().app, s, path, { method });
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
      const json = await res.json();
      expect(Object.keys(json), path).toEqual(['_payload']);
      expect(Object.keys(json._payload), path).toEqual(['message', 'code']);
    }
    expect(await snapshot(ctx().handle.db)).toBe(before);
  });

  it('writes: bad bodies for sign-up, name, permissions, password, verification and recovery get 4xx and change nothing', async () => {
    const { session: s, email } = await createMember(ctx(), { creditCents: 750 });
    const other = await createMember(ctx());
    const before = await snapshot(ctx().handle.db);
    const u = `/panda/protected/users/${s.userId}`;
    const cases: [string, string, string, unknown][] = [
      ['POST', '/panda/public/users', 'application/json', {}],
      [
        'POST',
        '/panda/public/users',
        'application/json',
        { email: 'not-an-email', password: 'Long-enough-1', firstname: 'A', lastname: 'B' },
      ],
      [
        'POST',
        '/panda/public/users',
        'application/json',
        { email, password: 'Long-enough-1', firstname: 'A', lastname: 'B' },
      ],
      ...nasty.map((n): [string, string, string, unknown] => [
        'POST',
        '/panda/public/users',
        'application/json',
        { email: `${n}@example.com`, password: n, firstname: n, lastname: n },
      ]),
      ['PUT', `${u}/name`, 'application/json', { firstname: '', lastname: 'B' }],
      ...nasty.map((n): [string, string, string, unknown] => [
        'PUT',
        `${u}/name`,
        'application/json',
        { firstname: n, lastname: n },
      ]),
      [
        'PUT',
        `${u}/marketing-permissions`,
        'application/json',
        { email: 'yes', sms: false, phone: false, post: false, social: false, social_preference: 'Snapchat' },
      ],
      ['PUT', `${u}/marketing-permissions`, 'application/json', { email: true }],
      ['PUT', `${u}/password`, 'application/json', { current_password: BUILT_PASSWORD, new_password: 'short' }],
      [
        'PUT',
        `${u}/password`,
        'application/json',
        { current_password: 'wrong-password', new_password: 'Long-enough-12' },
      ],
      [
        'PUT',
        `${u}/password`,
        'application/json',
        { current_password: 'x'.repeat(300), new_password: 'Long-enough-12' },
      ],
      ...["' OR 1=1 --", 'abc', '12345', '<script>'].map((t): [string, string, string, unknown] => [
        'POST',
        `${u}/email/verify/${encodeURIComponent(t)}?force=true`,
        'application/json',
        undefined,
      ]),
      ['POST', `${u}/generate-token`, 'application/x-www-form-urlencoded', 'email=not-an-email'],
      ['POST', `${u}/generate-token`, 'application/x-www-form-urlencoded', `email=${encodeURIComponent(other.email)}`],
      ['POST', '/panda/public/users/password-recovery', 'application/x-www-form-urlencoded', 'email=%27%20OR%201%3D1'],
      ['POST', '/panda/public/users/password-recovery', 'application/x-www-form-urlencoded', ''],
      [
        'POST',
        '/panda/public/users/password-recovery/token-email',
        'application/json',
        { token: "' OR 1=1 --", password: 'Long-enough-12' },
      ],
      [
        'POST',
        '/panda/public/users/password-recovery/token-email',
        'application/json',
        { token: 'a'.repeat(43), password: 'Long-enough-12' },
      ],
      ['GET', '/panda/public/users/authentication-removed/not-an-email', '', undefined],
    ];
    for (const [method, path, type, body] of cases) {
      const init: RequestInit = { method, headers: type ? { 'content-type': type } : {} };
      if (body !== undefined) init.body = typeof body === 'string' ? body : JSON.stringify(body);
      const res = await call(ctx().app, s, path, init);
      const label = `${method} ${path} ${JSON.stringify(body)?.slice(0, 80)}`;
      expect(res.status, label).toBeGreaterThanOrEqual(400);
      expect(res.status, label).toBeLessThan(500);
      expect(typeof (await res.json())._payload.message, label).toBe('string');
    }
    expect(await snapshot(ctx().handle.db)).toBe(before);
  });

  it('headers: an oversized or hostile x-gg-auth is a 401, not a 500', async () => {
    const { session: s } = await createMember(ctx(), { creditCents: 750 });
    for (const token of nasty) {
      const res = await call(ctx().app, s, `/panda/protected/users/${s.userId}/segments`, {
        headers: { 'x-gg-auth': token.replace(/[^\x20-\x7e]/g, '') },
      });
      expect(res.status).toBe(401);
    }
  });
});
