import { expect, it } from 'vitest';
import { messages } from '../../src/contract/messages.ts';
import { DEMO_PASSWORD } from '../../src/server/db/seed.ts';
import { attemptLogin, forEachDatabase } from './harness.ts';

forEachDatabase(
  'rate_limit',
  (ctx) => {
    it('limits failed logins per account with 429 and Retry-After, never locks out another member, and recovers', async () => {
      for (let i = 0; i < 3; i++) expect((await attemptLogin(ctx(), 'active@example.com', 'Wrong-pass-1')).status).toBe(401);
      const limited = await attemptLogin(ctx(), 'active@example.com', DEMO_PASSWORD);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await limited.json())._payload.message).toBe(messages.tooManyRequests);
      expect(limited.headers.get('x-gg-auth')).toBeNull();
      // Another member on the same address signs in as usual.
      expect((await attemptLogin(ctx(), 'portin@example.com', DEMO_PASSWORD)).status).toBe(200);
      // The window passes; the member can sign in again.
      await new Promise((resolve) => setTimeout(resolve, 2100));
      expect((await attemptLogin(ctx(), 'active@example.com', DEMO_PASSWORD)).status).toBe(200);
    }, 30_000);

  },
  { windowMs: 2000, loginFailuresPerAccount: 3, loginPerIp: 20 },
);
