import { expect, it, vi } from 'vitest';
import { messages } from '../../../src/contract/messages.ts';
import { requestFailures } from '../../../src/contract/common-failures.ts';
import { BUILT_PASSWORD, createMember } from '../support/builders.ts';
import { attemptLogin, forEachDatabase } from '../support/harness.ts';

const WINDOW_MS = 60_000;

forEachDatabase(
  'rate_limit',
  { seed: 'catalogue', rateLimit: { windowMs: WINDOW_MS, loginFailuresPerAccount: 3, loginPerIp: 100 } },
  (ctx) => {
    it('limits failed logins per account with 429 and Retry-After, never locks out another member, and recovers', async () => {
      // The limiter's store keeps time with Date.now(); freeze it, so how long each password check
      // takes on a busy machine cannot end the window early, then move it past the window.
      const member = await createMember(ctx());
      const neighbour = await createMember(ctx());
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
      try {
        for (let i = 0; i < 3; i++) expect((await attemptLogin(ctx(), member.email, 'Wrong-pass-1')).status).toBe(401);
        const limited = await attemptLogin(ctx(), member.email, BUILT_PASSWORD);
        expect(limited.status).toBe(429);
        expect(Number(limited.headers.get('retry-after'))).toBe(WINDOW_MS / 1000);
        expect((await limited.json())._payload).toEqual({
          message: messages.tooManyRequests,
          code: requestFailures.tooMany.code,
        });
        expect(limited.headers.get('x-gg-auth')).toBeNull();
        // Another member on the same address signs in as usual.
        expect((await attemptLogin(ctx(), neighbour.email, BUILT_PASSWORD)).status).toBe(200);
        // Still limited just before the window ends; free just after.
        vi.setSystemTime(Date.now() + WINDOW_MS - 1000);
        expect((await attemptLogin(ctx(), member.email, BUILT_PASSWORD)).status).toBe(429);
        vi.setSystemTime(Date.now() + 2000);
        expect((await attemptLogin(ctx(), member.email, BUILT_PASSWORD)).status).toBe(200);
      } finally {
        vi.useRealTimers();
      }
    }, 60_000);
  },
);
