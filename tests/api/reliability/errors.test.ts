import { expect, it } from 'vitest';
import { messages } from '../../../src/contract/messages.ts';
import { createApp } from '../../../src/server/app.ts';
import type { Database } from '../../../src/server/db/client.ts';
import { requestFailures } from '../../../src/contract/common-failures.ts';
import { createMember } from '../support/builders.ts';
import { call, errorAnswer, forEachDatabase, testConfig } from '../support/harness.ts';

forEachDatabase('errors', { seed: 'catalogue' }, (ctx) => {
  it('an unknown API route answers 404 in the error shape (401 first when it is under protected/)', async () => {
    const open = await ctx().app.request('/panda/nothing/here');
    expect(open.status).toBe(404);
    expect(await open.json()).toEqual(errorAnswer(requestFailures.notFound));
    expect((await ctx().app.request('/panda/protected/nothing/here')).status).toBe(401);
    const { session: s } = await createMember(ctx());
    const signedIn = await call(ctx().app, s, '/panda/protected/nothing/here');
    expect(signedIn.status).toBe(404);
  });

  it('sets the security headers on every answer, HSTS only over https', async () => {
    const res = await ctx().app.request('http://localhost/panda/health');
    expect(await res.json()).toEqual({ status: 'ok', database: 'ok' });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('content-security-policy')).not.toContain('unsafe-inline');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get('strict-transport-security')).toBeNull();
    const secure = await ctx().app.request('https://portal.example/panda/health');
    expect(secure.headers.get('strict-transport-security')).toContain('max-age=');
  });

  it('lists every endpoint in the OpenAPI 3.1 document and on the reference page', async () => {
    const doc = await (await ctx().app.request('/panda/openapi.json')).json();
    expect(doc.openapi).toBe('3.1.0');
    const paths = Object.keys(doc.paths);
    for (const path of [
      '/panda/health',
      '/panda/protected/users/current',
      '/panda/public/users/current',
      '/panda/protected/logout/users',
      '/panda/protected/users/{user_id}/extras/firstlogin',
      '/panda/public/users/{id}',
      '/panda/protected/users/{user_id}/segments',
      '/panda/protected/users/{user_id}/sims/owned',
      '/panda/protected/users/{user_id}/sims/{ssn}/balance/summary/current',
      '/panda/protected/users/{user_id}/notification/inapp/summary',
      '/panda/protected/users/{user_id}/flexidata/getislegacyuser',
      '/panda/protected/users/{user_id}/iseligibleforbulkmembership',
      '/panda/protected/users/{user_id}/transactions',
      '/panda/public/users',
      '/panda/protected/users/{user_id}/generate-token',
      '/panda/protected/users/{user_id}/email/verify/{token}',
      '/panda/protected/users/{user_id}/update-email',
      '/panda/public/users/authentication-removed/{email}',
      '/panda/public/users/password-recovery',
      '/panda/public/users/password-recovery/token-email',
      '/panda/protected/users/{user_id}/sso',
      '/panda/protected/users/{user_id}/purchase/details',
      '/panda/protected/users/{user_id}/sims/{ssn}/usage/daily',
      '/panda/protected/users/{user_id}/sims/{ssn}/puk',
      '/panda/protected/users/{user_id}/details',
      '/panda/protected/users/{user_id}/portin',
      '/panda/protected/users/{user_id}/sims/{ssn}/portin',
      '/panda/protected/users/{user_id}/sims/{ssn}/reorder',
      '/panda/protected/users/{user_id}/sims/{ssn}/change',
      '/panda/public/captcha',
      '/panda/protected/users/{user_id}/sims/activate',
      '/panda/protected/users/{user_id}/orders/free-sim',
      '/panda/protected/users/{user_id}/orders',
      '/panda/protected/users/{user_id}/name',
      '/panda/protected/users/{user_id}/marketing-permissions',
      '/panda/protected/users/{user_id}/password',
    ]) {
      expect(paths).toContain(path);
    }
    const page = await (await ctx().app.request('/panda/reference')).text();
    expect(page).toContain('GET /panda/protected/users/{user_id}/sims/{ssn}/balance/summary/current');
  });
});

it('an exception answers 500 with a generic message and the request id, never the stack', async () => {
  const broken = new Proxy({} as Database, {
    get() {
      throw new Error('database exploded at line 42');
    },
  });
  const app = createApp({ db: broken, config: testConfig() });
  const res = await app.request('/panda/public/users/current', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'someone@example.com', password: 'Any-pass-2026' }),
  });
  expect(res.status).toBe(500);
  const body = await res.json();
  expect(body._payload.message).toBe(messages.serverError);
  expect(body._payload.code).toBe('server.error');
  expect(body._payload.request_id).toBe(res.headers.get('x-request-id'));
  expect(JSON.stringify(body)).not.toContain('exploded');
});
